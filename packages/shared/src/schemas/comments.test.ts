import { describe, expect, it } from 'vitest';
import { COMMENT_MAX_LENGTH } from '../constants';
import { en, format } from '../messages';
import { commentEditSchema, commentSchema } from './comments';
import { errorsOf, parsed } from './test-helpers';

const v = en.validation;
const tooLong = format(v.commentTooLong, { max: COMMENT_MAX_LENGTH });

describe('commentSchema', () => {
  it('accepts a comment with each visibility, trimmed, CRLF line breaks read as \\n', () => {
    for (const visibility of ['everyone', 'contractor', 'staff'] as const) {
      expect(parsed(commentSchema, { body: '  Fixed?\r\nThanks ', visibility: ` ${visibility} ` })).toEqual({
        body: 'Fixed?\nThanks',
        visibility,
      });
    }
    expect(parsed(commentSchema, { body: 42, visibility: 'everyone' }).body).toBe('42');
  });

  it('takes up to COMMENT_MAX_LENGTH characters', () => {
    const longest = 'x'.repeat(COMMENT_MAX_LENGTH);
    expect(parsed(commentSchema, { body: longest, visibility: 'staff' }).body).toBe(longest);
    expect(errorsOf(commentSchema, { body: `${longest}y`, visibility: 'staff' })).toEqual({
      body: [tooLong],
    });
  });

  it.each([
    [{ visibility: 'everyone' }, { body: [v.commentBody] }],
    [{ body: '   ', visibility: 'everyone' }, { body: [v.commentBody] }],
    [{ body: ['a'], visibility: 'everyone' }, { body: [v.commentBody] }],
    [{ body: 'Hello' }, { visibility: [v.commentVisibility] }],
    [{ body: 'Hello', visibility: 'tenants' }, { visibility: [v.commentVisibility] }],
    [{ body: 'Hello', visibility: 'Staff' }, { visibility: [v.commentVisibility] }],
    [{}, { body: [v.commentBody], visibility: [v.commentVisibility] }],
  ])('%j -> one message per field', (input, errors) => {
    expect(errorsOf(commentSchema, input)).toEqual(errors);
  });
});

describe('commentEditSchema', () => {
  it('takes the text only', () => {
    expect(parsed(commentEditSchema, { body: ' New text ', visibility: 'staff' })).toEqual({
      body: 'New text',
    });
    expect(errorsOf(commentEditSchema, { body: '' })).toEqual({ body: [v.commentBody] });
  });
});
