/**
 * The comment forms of a ticket's conversation (issue 25). Files (`attachments[]`) are checked like ticket images
 * (uploads.ts, `checkTicketImages`). Which visibilities a role may use is `commentVisibilitiesFor` (permissions.ts):
 * the server answers a visibility the role may not use with the visibility field's message.
 */
import { z } from 'zod';
import { COMMENT_MAX_LENGTH, COMMENT_VISIBILITIES } from '../constants';
import { en, format } from '../messages';
import { form } from './common';

const v = en.validation;

/** Text as the form sends it, trimmed (numbers become text); anything else fails with the field's message. */
const asText = (value: unknown): unknown =>
  typeof value === 'string'
    ? value.trim()
    : typeof value === 'number' && Number.isFinite(value)
      ? String(value)
      : (value ?? '');

/** A comment's text: 1 to COMMENT_MAX_LENGTH characters after trimming, line breaks kept as \n. */
const commentBody = () =>
  z.preprocess(
    asText,
    z
      .string({ error: v.commentBody })
      .min(1, { error: v.commentBody })
      .max(COMMENT_MAX_LENGTH, { error: format(v.commentTooLong, { max: COMMENT_MAX_LENGTH }) })
      // Browsers send a textarea's line breaks as CRLF.
      .transform((text) => text.replace(/\r\n?/g, '\n')),
  );

const visibility = z.preprocess(asText, z.enum(COMMENT_VISIBILITIES, { error: v.commentVisibility }));

/** POST tickets/{id}/comments: the text and who may read it (`attachments[]` beside them). */
export const commentSchema = form({
  body: commentBody(),
  visibility,
});
export type CommentValues = z.infer<typeof commentSchema>;

/** PATCH tickets/{id}/comments/{commentId}: the text only (the visibility and files stay). */
export const commentEditSchema = form({
  body: commentBody(),
});
export type CommentEditValues = z.infer<typeof commentEditSchema>;
