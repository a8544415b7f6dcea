/**
 * What a reply by email says, without what it quotes (issue 25): the quoted history ("On … wrote:" and the lines
 * under it, Outlook's "From: … / Sent: …" block, "-----Original Message-----", `>` lines) and the signature
 * ("-- ", "Sent from my iPhone", "Best regards," …) are left out by `email-reply-parser` (Crisp's, about ten
 * languages; docs/decisions/0001). Around it:
 *
 * - Only the first MAX_SCANNED characters are read. The parser's patterns take quadratic time on long lines of
 *   hostile text (a second for 20,000 characters, measured); a reply longer than a comment may be is refused anyway,
 *   and its quoted history starts right after it, inside what is read.
 * - The answer has Unix line breaks, no NUL or other control characters but tabs, no blank lines at either end and
 *   at most one blank line in a row.
 */
import { COMMENT_MAX_LENGTH } from '@mend/shared';
import EmailReplyParser from 'email-reply-parser';

/** Twice the longest comment: room for a reply that is too long to be refused as such, and its quote header. */
export const MAX_SCANNED = 2 * COMMENT_MAX_LENGTH;

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we remove.
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

/** The reply's own text; '' when nothing is left (an empty reply, or only a quote and a signature). */
export function stripReply(text: string): string {
  const scanned = text.replace(/\r\n?/g, '\n').slice(0, MAX_SCANNED).replace(CONTROL, '');
  // The parser reads from the last line up and decides a block is a signature when it meets the line above it:
  // a signature on the first line ("Sent from my iPhone" and nothing else) needs a line above, so it gets one.
  const visible = new EmailReplyParser().parseReply(`\n${scanned}`);
  return visible
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
