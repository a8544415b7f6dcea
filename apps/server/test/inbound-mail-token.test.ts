/**
 * Reply addresses (issue 25): the signed token (who may answer which ticket and comment, until when), the address
 * around it, and the configuration that turns inbound email on.
 */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { replyAddress, replyTokenOf } from '../src/lib/inbound-mail/address';
import {
  base32,
  REPLY_TOKEN_TTL_MS,
  type ReplyClaims,
  signReplyToken,
  signUnsubscribeToken,
  verifyReplyToken,
  verifyUnsubscribeToken,
} from '../src/lib/tokens';

const SECRET = 'a-test-secret-of-enough-length-1234567890';
const NOW = new Date('2026-11-20T10:00:00Z');
const claims: ReplyClaims = {
  ticketId: 4711,
  userId: 42,
  commentId: 9001,
  expiresAt: new Date(NOW.getTime() + REPLY_TOKEN_TTL_MS),
};

describe('base32', () => {
  it('writes RFC 4648 test vectors in lower case without padding', () => {
    const vectors: Array<[string, string]> = [
      ['', ''],
      ['f', 'my'],
      ['fo', 'mzxq'],
      ['foo', 'mzxw6'],
      ['foob', 'mzxw6yq'],
      ['fooba', 'mzxw6ytb'],
      ['foobar', 'mzxw6ytboi'],
    ];
    for (const [input, output] of vectors) expect(base32(Buffer.from(input))).toBe(output);
    expect(base32(Buffer.alloc(16, 0xff))).toBe(`${'7'.repeat(25)}4`);
  });
});

describe('reply tokens', () => {
  it('round-trips the ticket, the user, the comment and the expiry (to the second)', () => {
    const token = signReplyToken(SECRET, claims);
    expect(token).toMatch(/^[0-9a-z]+\.[0-9a-z]+\.[0-9a-z]+\.[0-9a-z]+\.[a-z2-7]{26}$/);
    expect(verifyReplyToken(SECRET, token, NOW)).toEqual({ ok: true, claims });
    const noComment = signReplyToken(SECRET, { ...claims, commentId: null });
    expect(noComment.split('.')[2]).toBe('0');
    expect(verifyReplyToken(SECRET, noComment, NOW)).toEqual({
      ok: true,
      claims: { ...claims, commentId: null },
    });
  });

  it('is read in any case (relays may change it), its one canonical form being lower case', () => {
    const token = signReplyToken(SECRET, claims);
    expect(verifyReplyToken(SECRET, token.toUpperCase(), NOW)).toEqual({ ok: true, claims });
  });

  it('expires at its expiry on the given clock, and says so apart from a forgery', () => {
    const token = signReplyToken(SECRET, claims);
    const justBefore = new Date(claims.expiresAt.getTime() - 1000);
    expect(verifyReplyToken(SECRET, token, justBefore).ok).toBe(true);
    expect(verifyReplyToken(SECRET, token, claims.expiresAt)).toEqual({
      ok: false,
      reason: 'expired',
      claims,
    });
  });

  it('refuses every change to a field, another secret, and garbage as forged', () => {
    const token = signReplyToken(SECRET, claims);
    const [ticket, user, comment, expiry, signature] = token.split('.');
    const forged = [
      [(4712).toString(36), user, comment, expiry, signature],
      [ticket, (43).toString(36), comment, expiry, signature],
      [ticket, user, '0', expiry, signature],
      [ticket, user, comment, (Number.parseInt(expiry, 36) + 86_400).toString(36), signature],
      [ticket, user, comment, expiry, `${signature.slice(0, -1)}${signature.endsWith('a') ? 'b' : 'a'}`],
      [`0${ticket}`, user, comment, expiry, signature],
    ].map((parts) => parts.join('.'));
    for (const candidate of [
      ...forged,
      signReplyToken('another-secret-of-enough-length-0987654321', claims),
      '',
      'reply',
      `${token}.extra`,
      token.replaceAll('.', '-'),
      'x'.repeat(500),
    ]) {
      expect(verifyReplyToken(SECRET, candidate, NOW), candidate).toEqual({ ok: false, reason: 'forged' });
    }
  });

  it('never passes for an unsubscribe token, nor the other way round (the MAC covers its purpose)', () => {
    const unsubscribe = signUnsubscribeToken(SECRET, 42, 'mail.tickets');
    expect(verifyUnsubscribeToken(SECRET, unsubscribe)).toEqual({ userId: 42, kind: 'mail.tickets' });
    // The unsubscribe MAC is unchanged: links in emails already sent keep working.
    const mac = createHmac('sha256', SECRET)
      .update('mend:unsubscribe:v1:42.mail.tickets')
      .digest('base64url');
    expect(unsubscribe).toBe(`42.mail.tickets.${mac}`);
    const payload = signReplyToken(SECRET, claims).split('.').slice(0, 4).join('.');
    const unsubscribeStyle = base32(
      createHmac('sha256', SECRET).update(`mend:unsubscribe:v1:${payload}`).digest().subarray(0, 16),
    );
    expect(verifyReplyToken(SECRET, `${payload}.${unsubscribeStyle}`, NOW).ok).toBe(false);
  });

  it('keeps the whole address within the 64 characters of a mailbox name, for the largest ids', () => {
    const largest = { ticketId: 2 ** 31 - 1, userId: 2 ** 31 - 1, commentId: 2 ** 31 - 1 };
    const address = replyAddress(SECRET, { domain: 'reply.example.com', now: () => NOW }, largest);
    const local = address.split('@')[0];
    expect(local.length).toBeLessThanOrEqual(64);
    const token = replyTokenOf(address, 'reply.example.com');
    expect(token && verifyReplyToken(SECRET, token, NOW)).toEqual({
      ok: true,
      claims: { ...largest, expiresAt: new Date(NOW.getTime() + REPLY_TOKEN_TTL_MS) },
    });
  });
});

describe('reply addresses', () => {
  it('are reply+<token>@domain, expiring REPLY_TOKEN_TTL_MS after the clock', () => {
    const address = replyAddress(
      SECRET,
      { domain: 'reply.example.com', now: () => NOW },
      { ticketId: 4711, userId: 42, commentId: 9001 },
    );
    expect(address).toBe(`reply+${signReplyToken(SECRET, claims)}@reply.example.com`);
  });

  it('are found only at the configured domain, with the reply+ prefix, in any case', () => {
    expect(replyTokenOf('reply+abc@reply.example.com', 'reply.example.com')).toBe('abc');
    expect(replyTokenOf('REPLY+abc@Reply.Example.COM', 'reply.example.com')).toBe('abc');
    expect(replyTokenOf('reply+abc@example.com', 'reply.example.com')).toBeNull();
    expect(replyTokenOf('reply+abc@reply.example.com.evil.test', 'reply.example.com')).toBeNull();
    expect(replyTokenOf('postmaster@reply.example.com', 'reply.example.com')).toBeNull();
    expect(replyTokenOf('reply+@reply.example.com', 'reply.example.com')).toBeNull();
    expect(replyTokenOf('reply+abc', 'reply.example.com')).toBeNull();
  });
});

describe('inbound email configuration', () => {
  it('is off by default', () => {
    expect(loadConfig({}).inboundMail).toBeNull();
  });

  it('is on with a port and a domain, on this machine unless a host is given', () => {
    expect(
      loadConfig({ INBOUND_SMTP_PORT: '2525', INBOUND_MAIL_DOMAIN: 'Reply.Example.com' }).inboundMail,
    ).toEqual({
      host: '127.0.0.1',
      port: 2525,
      domain: 'reply.example.com',
    });
    expect(
      loadConfig({
        INBOUND_SMTP_PORT: '25',
        INBOUND_MAIL_DOMAIN: 'reply.example.com',
        INBOUND_SMTP_HOST: '0.0.0.0',
      }).inboundMail?.host,
    ).toBe('0.0.0.0');
    // Empty values count as unset, as everywhere.
    expect(loadConfig({ INBOUND_SMTP_PORT: '', INBOUND_MAIL_DOMAIN: '' }).inboundMail).toBeNull();
  });

  it('refuses half a setting and bad values with a clear message', () => {
    expect(() => loadConfig({ INBOUND_SMTP_PORT: '2525' })).toThrow(
      /INBOUND_SMTP_PORT and INBOUND_MAIL_DOMAIN/,
    );
    expect(() => loadConfig({ INBOUND_MAIL_DOMAIN: 'reply.example.com' })).toThrow(/INBOUND_MAIL_DOMAIN/);
    expect(() => loadConfig({ INBOUND_SMTP_PORT: 'smtp', INBOUND_MAIL_DOMAIN: 'r.example.com' })).toThrow(
      /INBOUND_SMTP_PORT/,
    );
    for (const domain of ['reply@example.com', 'http://example.com', 'exa mple.com', '-bad.example.com']) {
      expect(() => loadConfig({ INBOUND_SMTP_PORT: '2525', INBOUND_MAIL_DOMAIN: domain }), domain).toThrow(
        /INBOUND_MAIL_DOMAIN/,
      );
    }
  });
});
