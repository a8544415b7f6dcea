import { en } from '@mend/shared';
import { describe, expect, it } from 'vitest';
import { avatarFilesError } from './avatar-upload';

describe('avatarFilesError', () => {
  it('passes one small image and nothing at all', () => {
    expect(avatarFilesError([{ size: 50_000, type: 'image/png' }])).toBeNull();
    expect(avatarFilesError([])).toBeNull();
  });

  it('refuses a file of 1,000,000 bytes or more', () => {
    expect(avatarFilesError([{ size: 1_000_000, type: 'image/jpeg' }])).toBe(en.errors.fileTooBig);
    expect(avatarFilesError([{ size: 999_999, type: 'image/jpeg' }])).toBeNull();
  });

  it('refuses more than one file', () => {
    expect(
      avatarFilesError([
        { size: 10, type: 'image/png' },
        { size: 10, type: 'image/png' },
      ]),
    ).toBe(en.errors.tooManyFiles);
  });

  it('refuses what is not an image', () => {
    expect(avatarFilesError([{ size: 10, type: 'application/pdf' }])).toBe(en.errors.fileType);
  });
});
