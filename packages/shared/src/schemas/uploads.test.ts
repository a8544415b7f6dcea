import { describe, expect, it } from 'vitest';
import { en } from '../messages';
import {
  checkAvatar,
  checkTicketImages,
  checkUploadCount,
  checkUploadSize,
  checkUploadType,
} from './uploads';

const png = (size: number) => ({ size, type: 'image/png' });

describe('upload checks', () => {
  it('checkUploadCount -> "Too many files"', () => {
    expect(checkUploadCount(1)).toBeNull();
    expect(checkUploadCount(2)).toBe(en.errors.tooManyFiles);
    expect(checkUploadCount(5, 5)).toBeNull();
    expect(checkUploadCount(6, 5)).toBe(en.errors.tooManyFiles);
  });

  it('checkUploadSize -> "File too big" (avatars strictly under 1,000,000 bytes)', () => {
    expect(checkUploadSize(999_999)).toBeNull();
    expect(checkUploadSize(1_000_000)).toBe(en.errors.fileTooBig);
  });

  it('checkUploadType -> the file-type message', () => {
    expect(checkUploadType('image/jpeg')).toBeNull();
    expect(checkUploadType('APPLICATION/PDF')).toBeNull();
    expect(checkUploadType('text/html')).toBe(en.errors.fileType);
  });

  it('checkAvatar: one image under 1,000,000 bytes', () => {
    expect(checkAvatar([png(999_999)])).toBeNull();
    expect(checkAvatar([])).toBeNull();
    expect(checkAvatar([png(10), png(10)])).toBe(en.errors.tooManyFiles);
    expect(checkAvatar([png(1_000_000)])).toBe(en.errors.fileTooBig);
    expect(checkAvatar([{ size: 10, type: 'application/pdf' }])).toBe(en.errors.fileType);
  });

  it('checkTicketImages: at most 5, each at most 1 MB, jpeg/png/gif/pdf', () => {
    expect(checkTicketImages(Array.from({ length: 5 }, () => png(1_000_000)))).toBeNull();
    expect(checkTicketImages(Array.from({ length: 6 }, () => png(10)))).toBe(en.errors.tooManyFiles);
    expect(checkTicketImages([png(10), png(1_000_001)])).toBe(en.errors.fileTooBig);
    expect(checkTicketImages([{ size: 10, type: 'application/pdf' }])).toBeNull();
    expect(checkTicketImages([{ size: 10, type: 'image/svg+xml' }])).toBe(en.errors.fileType);
  });
});
