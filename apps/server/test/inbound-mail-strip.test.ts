/**
 * What is left of a reply by email once its quoted history and signature are gone (lib/inbound-mail/strip.ts), in
 * the shapes common mail programs write, and how long hostile text may take.
 */
import { describe, expect, it } from 'vitest';
import { MAX_SCANNED, stripReply } from '../src/lib/inbound-mail/strip';

/** The text of a Mend notification as a mail program quotes it. */
const QUOTED = [
  '> Hello Jane Tenant,',
  '>',
  '> Marco Plumber commented on a maintenance ticket.',
  '>',
  '> Ticket: #000042: Dripping tap',
  '> The Mend team',
].join('\n');

describe('stripReply', () => {
  it.each([
    [
      'Gmail',
      `Thanks, Tuesday morning works.\n\nOn Tue, Nov 24, 2026 at 10:02 AM Mend <no-reply@mend.test> wrote:\n\n${QUOTED}\n`,
    ],
    [
      'Gmail, its quote header wrapped over two lines',
      `Thanks, Tuesday morning works.\n\nOn Tue, Nov 24, 2026 at 10:02 AM Mend <\nno-reply@mend.test> wrote:\n\n${QUOTED}\n`,
    ],
    [
      'Apple Mail on an iPhone, with its signature',
      `Thanks, Tuesday morning works.\n\nSent from my iPhone\n\n> On 24 Nov 2026, at 10:02, Mend <no-reply@mend.test> wrote:\n>\n${QUOTED}\n`,
    ],
    [
      'Outlook, its header block unquoted',
      'Thanks, Tuesday morning works.\n\n________________________________\nFrom: Mend <no-reply@mend.test>\nSent: Tuesday, November 24, 2026 10:02 AM\nTo: Jane Tenant <jane@example.test>\nSubject: New comment on ticket #000042: Dripping tap\n\nHello Jane Tenant,\n\nMarco Plumber commented on a maintenance ticket.\n',
    ],
    [
      'an "Original Message" separator',
      'Thanks, Tuesday morning works.\n\n-----Original Message-----\nFrom: Mend [mailto:no-reply@mend.test]\nHello Jane Tenant,\n',
    ],
    ['a "-- " signature', 'Thanks, Tuesday morning works.\n\n-- \nJane Tenant\nUnit 101\n'],
    [
      'French, with CRLF line breaks',
      'Thanks, Tuesday morning works.\r\n\r\nLe mar. 24 nov. 2026 à 10:02, Mend <no-reply@mend.test> a écrit :\r\n> Hello Jane Tenant,\r\n',
    ],
  ])('keeps only the reply: %s', (_name, text) => {
    expect(stripReply(text)).toBe('Thanks, Tuesday morning works.');
  });

  it('keeps the lines of a reply written between quoted lines, and its paragraphs', () => {
    const text = '> Can you be home on Tuesday?\nYes, all day.\n\nThe code of the door is 1234.\n\n> Thanks';
    expect(stripReply(text)).toBe('Yes, all day.\n\nThe code of the door is 1234.');
  });

  it('tidies what is left: no control characters, no blank lines at the ends, one blank line at most', () => {
    expect(stripReply('\n\n  First\u0000 line \u0007\n\n\n\nSecond\tline  \n\n\n')).toBe(
      'First line\n\nSecond\tline',
    );
  });

  it.each([
    ['nothing', ''],
    ['blank lines', '\n \n\t\n'],
    ['only the quote', `On Tue, Nov 24, 2026 at 10:02 AM Mend <no-reply@mend.test> wrote:\n\n${QUOTED}\n`],
    ['only a signature and the quote', `Sent from my iPhone\n\n${QUOTED}\n`],
    ['only a signature', '-- \nJane Tenant\nUnit 101'],
  ])('answers an empty string for %s', (_name, text) => {
    expect(stripReply(text)).toBe('');
  });

  it('reads at most MAX_SCANNED characters, so hostile text takes little time', () => {
    for (const hostile of [`On ${'a '.repeat(100_000)}`, `2026-${'1'.repeat(200_000)}`]) {
      const started = performance.now();
      const stripped = stripReply(hostile);
      expect(performance.now() - started).toBeLessThan(2_000);
      expect(stripped.length).toBeLessThanOrEqual(MAX_SCANNED);
    }
  });
});
