/**
 * The Message-ID a reply is known by (ADR 0030): a message delivered twice (its acceptance lost in transit, then
 * retried by the sending server) carries the same one, so the comment it posted records it and the repeat posts
 * nothing (modules/comments/inbound-mail.ts).
 *
 * Normalised so that the same header always gives the same text: spaces and control characters around and inside
 * it dropped, the id between one pair of angle brackets (`<id@host>`, as mailparser writes it and as References
 * quote it), letter case kept (the part before the `@` is case-sensitive). An id too long to index well (a hostile
 * one) is kept as its SHA-256, which still tells a repeat.
 */
import { createHash } from 'node:crypto';

/** The longest Message-ID stored as it is: real ones are well under 100 characters. */
export const MESSAGE_ID_MAX_LENGTH = 250;

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we remove.
const SPACE_OR_CONTROL = /[\s\u0000-\u001f\u007f]/g;

/** `<id@host>` from a Message-ID header's value (`mail.messageId`); null when there is none, or it is empty. */
export function normalMessageId(header: unknown): string | null {
  if (typeof header !== 'string') return null;
  const trimmed = header.trim();
  // The first bracketed id (mailparser adds the brackets a bare id lacks; a comment may follow the id).
  const inner = /<([^<>]*)>/.exec(trimmed)?.[1] ?? trimmed.replace(/^<+|>+$/g, '');
  const id = inner.replace(SPACE_OR_CONTROL, '');
  if (id === '') return null;
  const normal = `<${id}>`;
  if (normal.length <= MESSAGE_ID_MAX_LENGTH) return normal;
  return `<sha256:${createHash('sha256').update(normal).digest('hex')}>`;
}
