/**
 * Tokens sent by email (decision 0006):
 * - one-time tokens (password reset, email verification): 256 random bits given to the user once; the
 *   database keeps only their SHA-256, with an expiry, and `used_at` makes them single-use;
 * - unsubscribe tokens: the user id and the email kind, signed with HMAC-SHA256 under the app secret, so a
 *   link works without any database row and cannot be forged for another user or kind;
 * - reply tokens (issue 25): the ticket, the recipient, the comment an email is about and an expiry, signed the same
 *   way, carried in the Reply-To address of a notification email (lib/inbound-mail/);
 * - calendar feed tokens (issue 25): a user and the generation of its feed address (`users.calendar_feed_version`),
 *   signed the same way: the private .ics address, revoked by counting the generation up;
 * - ticket link tokens (issue 25): the ticket, the user asked, when it was asked and an expiry, signed the same way for
 *   its purpose: the link of an assignment's email or SMS that accepts or declines the job, and the link of a completed
 *   ticket's email or SMS where its tenant confirms and rates the repair or reopens the ticket, without signing in;
 * - the app secret itself: APP_SECRET, or one generated into the data folder on first start.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { APPROVAL_LINK_TTL_DAYS } from '@mend/shared';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { type OneTimeTokenRow, oneTimeTokens, type TokenPurpose } from '../db/schema';

/** A reset link works for an hour (long enough to find the email, short enough to be a poor target). */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** A verification link works for a day: verifying an address is less sensitive than setting a password. */
export const VERIFICATION_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

export const hashToken = (raw: string): string => createHash('sha256').update(raw).digest('hex');

/** Raw tokens are 43 url-safe characters; anything else is refused before it reaches SQL. */
const RAW_TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

export interface IssueTokenOptions {
  userId: number;
  purpose: TokenPurpose;
  /** The address the token was sent to: a token is good only while the user still has it. */
  email: string;
  ttlMs: number;
  now?: Date;
}

/**
 * Creates a one-time token and answers the raw value (to put in a link). Older unused tokens of the same
 * purpose are retired, so only the latest email's link works.
 */
export async function issueOneTimeToken(db: Db, options: IssueTokenOptions): Promise<string> {
  const now = options.now ?? new Date();
  const raw = randomBytes(32).toString('base64url');
  await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeTokens.userId, options.userId),
        eq(oneTimeTokens.purpose, options.purpose),
        isNull(oneTimeTokens.usedAt),
      ),
    );
  await db.insert(oneTimeTokens).values({
    userId: options.userId,
    purpose: options.purpose,
    tokenHash: hashToken(raw),
    email: options.email,
    expiresAt: new Date(now.getTime() + options.ttlMs),
  });
  return raw;
}

/** The unused, unexpired token of that purpose, if the raw value names one (nothing is consumed). */
export async function findUsableToken(
  db: Db,
  purpose: TokenPurpose,
  raw: string,
  now = new Date(),
): Promise<OneTimeTokenRow | null> {
  if (!RAW_TOKEN.test(raw)) return null;
  const [row] = await db
    .select()
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.tokenHash, hashToken(raw)),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Marks a token used. The condition `used_at IS NULL` makes this the single-use gate: of two requests
 * racing with one token, only one gets `true`.
 */
export async function markTokenUsed(db: Db, id: number, now = new Date()): Promise<boolean> {
  const used = await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(and(eq(oneTimeTokens.id, id), isNull(oneTimeTokens.usedAt), gt(oneTimeTokens.expiresAt, now)))
    .returning({ id: oneTimeTokens.id });
  return used.length === 1;
}

// ---------------------------------------------------------------------------------------------------------
// Unsubscribe tokens

/** The email kinds a link can turn off: keys of the user's `mail` notification options. */
export const UNSUBSCRIBE_KINDS = ['mail.tickets', 'mail.support', 'mail.reminders'] as const;
export type UnsubscribeKind = (typeof UNSUBSCRIBE_KINDS)[number];

const isUnsubscribeKind = (value: string): value is UnsubscribeKind =>
  (UNSUBSCRIBE_KINDS as readonly string[]).includes(value);

/**
 * The MAC of a signed token. It covers a purpose label too, so a signature made for one purpose never passes as
 * another's (an unsubscribe link's as a reply address's, or the other way round).
 */
function mac(
  secret: string,
  purpose: 'unsubscribe' | 'reply' | 'calendar' | TicketLinkPurpose,
  payload: string,
): Buffer {
  return createHmac('sha256', secret).update(`mend:${purpose}:v1:${payload}`).digest();
}

/** Compared as text in constant time: only the one canonical encoding of a signature is accepted. */
function sameSignature(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** `<user id>.<kind>.<signature>`, url-safe. */
export function signUnsubscribeToken(secret: string, userId: number, kind: UnsubscribeKind): string {
  const payload = `${userId}.${kind}`;
  return `${payload}.${mac(secret, 'unsubscribe', payload).toString('base64url')}`;
}

/** The user and kind of a genuine token; null for anything forged, altered or garbled. */
export function verifyUnsubscribeToken(
  secret: string,
  token: string,
): { userId: number; kind: UnsubscribeKind } | null {
  const match = /^(\d{1,9})\.(mail\.[a-z]+)\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, id, kind, signature] = match;
  if (!isUnsubscribeKind(kind)) return null;
  if (!sameSignature(signature, mac(secret, 'unsubscribe', `${id}.${kind}`).toString('base64url')))
    return null;
  return { userId: Number(id), kind };
}

// ---------------------------------------------------------------------------------------------------------
// Reply tokens

/** A reply address works for 30 days after its email was written; later replies are refused. */
export const REPLY_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** What a reply token names: who may answer which ticket (and comment), until when. */
export interface ReplyClaims {
  ticketId: number;
  /** The recipient of the email: the only user a reply may come from. */
  userId: number;
  /** The comment the email was about; null for other ticket emails (created, status changed). */
  commentId: number | null;
  expiresAt: Date;
}

export type ReplyTokenCheck =
  | { ok: true; claims: ReplyClaims }
  | { ok: false; reason: 'forged' | 'expired'; claims?: ReplyClaims };

/**
 * The signature is cut to 128 bits and written in lower-case base32, and the numbers in base 36, so that the whole
 * address (`reply+<token>@domain`) stays within the 64 characters a mailbox name may have and survives relays that
 * change the case of addresses.
 */
const REPLY_MAC_BYTES = 16;
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** RFC 4648 base32, lower case, without padding. */
export function base32(bytes: Uint8Array): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = ((value << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

const replyMac = (secret: string, payload: string) =>
  base32(mac(secret, 'reply', payload).subarray(0, REPLY_MAC_BYTES));

/** `<ticket>.<user>.<comment or 0>.<expiry, seconds>.<signature>`: numbers in base 36, all lower case. */
export function signReplyToken(secret: string, claims: ReplyClaims): string {
  const payload = [
    claims.ticketId,
    claims.userId,
    claims.commentId ?? 0,
    Math.floor(claims.expiresAt.getTime() / 1000),
  ]
    .map((n) => n.toString(36))
    .join('.');
  return `${payload}.${replyMac(secret, payload)}`;
}

/** A number in its canonical base-36 form (no leading zeros), at most 2^31 - 1 for ids; 0 only where allowed. */
const B36 = '(0|[1-9a-z][0-9a-z]{0,6})';
const REPLY_TOKEN = new RegExp(`^${B36}\\.${B36}\\.${B36}\\.${B36}\\.([a-z2-7]{26})$`);
const MAX_ID = 2 ** 31 - 1;

/**
 * The claims of a genuine, unexpired token. Forged, altered or garbled: `forged`; genuine but past its expiry (on
 * `now`, the app's clock): `expired`, with the claims for the log. Mail systems may change the case of an address,
 * so the token is read in lower case (its one canonical form).
 */
export function verifyReplyToken(secret: string, token: string, now: Date): ReplyTokenCheck {
  const match = REPLY_TOKEN.exec(token.toLowerCase());
  if (!match) return { ok: false, reason: 'forged' };
  const [, ticket, user, comment, expiry, signature] = match;
  const payload = `${ticket}.${user}.${comment}.${expiry}`;
  if (!sameSignature(signature, replyMac(secret, payload))) return { ok: false, reason: 'forged' };
  const [ticketId, userId, commentId, seconds] = [ticket, user, comment, expiry].map((n) =>
    Number.parseInt(n, 36),
  );
  // Signed by us, so always in range; checked anyway rather than trusted.
  if ([ticketId, userId, commentId].some((id) => id > MAX_ID) || ticketId === 0 || userId === 0)
    return { ok: false, reason: 'forged' };
  const claims: ReplyClaims = {
    ticketId,
    userId,
    commentId: commentId === 0 ? null : commentId,
    expiresAt: new Date(seconds * 1000),
  };
  if (now.getTime() >= claims.expiresAt.getTime()) return { ok: false, reason: 'expired', claims };
  return { ok: true, claims };
}

// ---------------------------------------------------------------------------------------------------------
// Ticket link tokens: the answer links of an assignment and of a sign-off

/**
 * What a ticket link answers: a contractor's assignment, a tenant's sign-off of a completed ticket, or an owner's
 * approval of an estimate (issue 26: its `ticketId` names the estimate, its `userId` the landlord's owner contact).
 */
export type TicketLinkPurpose = 'assignment' | 'signoff' | 'approval';

/**
 * How many days a ticket link works after its question was asked: an assignment's well past any landlord's hours to
 * answer; a sign-off's a month after the ticket was completed.
 */
export const TICKET_LINK_TTL_DAYS: Record<TicketLinkPurpose, number> = {
  assignment: 45,
  signoff: 30,
  approval: APPROVAL_LINK_TTL_DAYS,
};
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What a ticket link names: which user may answer which ticket's question, asked when (`issuedAt`, to the millisecond:
 * the assignment's `assigned_at`, the sign-off's `asked_at`; a new question has a new one, so an older link no longer
 * answers), until when.
 */
export interface TicketLinkClaims {
  ticketId: number;
  userId: number;
  issuedAt: Date;
  expiresAt: Date;
}

export type TicketLinkCheck =
  | { ok: true; claims: TicketLinkClaims }
  | { ok: false; reason: 'forged' | 'expired' };

/**
 * `<ticket>.<user>.<issued at, ms>.<expiry, s>.<signature>`: numbers in base 36, url-safe; signed for its purpose, and
 * expiring TICKET_LINK_TTL_DAYS after it was issued.
 */
export function signTicketLinkToken(
  secret: string,
  purpose: TicketLinkPurpose,
  question: Omit<TicketLinkClaims, 'expiresAt'>,
): string {
  const expiresAt = new Date(question.issuedAt.getTime() + TICKET_LINK_TTL_DAYS[purpose] * DAY_MS);
  const payload = [
    question.ticketId,
    question.userId,
    question.issuedAt.getTime(),
    Math.floor(expiresAt.getTime() / 1000),
  ]
    .map((n) => n.toString(36))
    .join('.');
  return `${payload}.${mac(secret, purpose, payload).toString('base64url')}`;
}

const B36_TIME = '([1-9a-z][0-9a-z]{0,10})';
const TICKET_LINK_TOKEN = new RegExp(`^${B36}\\.${B36}\\.${B36_TIME}\\.${B36_TIME}\\.([A-Za-z0-9_-]{43})$`);

/** The claims of a genuine, unexpired token of that purpose (on `now`, the app's clock); why not, otherwise. */
export function verifyTicketLinkToken(
  secret: string,
  purpose: TicketLinkPurpose,
  token: string,
  now: Date,
): TicketLinkCheck {
  const match = TICKET_LINK_TOKEN.exec(token);
  if (!match) return { ok: false, reason: 'forged' };
  const [, ticket, user, issued, expiry, signature] = match;
  const payload = `${ticket}.${user}.${issued}.${expiry}`;
  if (!sameSignature(signature, mac(secret, purpose, payload).toString('base64url')))
    return { ok: false, reason: 'forged' };
  const [ticketId, userId, issuedMs, seconds] = [ticket, user, issued, expiry].map((n) =>
    Number.parseInt(n, 36),
  );
  if ([ticketId, userId].some((id) => id === 0 || id > MAX_ID)) return { ok: false, reason: 'forged' };
  const claims = { ticketId, userId, issuedAt: new Date(issuedMs), expiresAt: new Date(seconds * 1000) };
  if (now.getTime() >= claims.expiresAt.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, claims };
}

// ---------------------------------------------------------------------------------------------------------
// Calendar feed tokens

/** `<user>.<generation>.<signature>`: numbers in base 36, url-safe. */
export function signCalendarToken(secret: string, userId: number, generation: number): string {
  const payload = `${userId.toString(36)}.${generation.toString(36)}`;
  return `${payload}.${mac(secret, 'calendar', payload).toString('base64url')}`;
}

const CALENDAR_TOKEN = new RegExp(`^${B36}\\.${B36}\\.([A-Za-z0-9_-]{43})$`);

/** The user and generation of a genuine token; null for anything forged, altered or garbled. */
export function verifyCalendarToken(
  secret: string,
  token: string,
): { userId: number; generation: number } | null {
  const match = CALENDAR_TOKEN.exec(token);
  if (!match) return null;
  const [, user, generation, signature] = match;
  if (!sameSignature(signature, mac(secret, 'calendar', `${user}.${generation}`).toString('base64url')))
    return null;
  const userId = Number.parseInt(user, 36);
  if (userId === 0 || userId > MAX_ID) return null;
  return { userId, generation: Number.parseInt(generation, 36) };
}

// ---------------------------------------------------------------------------------------------------------
// The app secret

export const APP_SECRET_FILE = 'app-secret';

/**
 * APP_SECRET when set; otherwise the secret kept in the data folder, generated on first start. Created with
 * the exclusive flag, so two processes starting together agree on one secret.
 */
export function resolveAppSecret(configured: string | null, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, APP_SECRET_FILE);
  let existing: string;
  try {
    existing = readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32).toString('base64url');
    try {
      writeFileSync(file, `${secret}\n`, { flag: 'wx', mode: 0o600 });
      return secret;
    } catch (writeError) {
      // Another process created it first: use theirs.
      if ((writeError as NodeJS.ErrnoException).code !== 'EEXIST') throw writeError;
      existing = readFileSync(file, 'utf8').trim();
    }
  }
  if (existing.length < 32)
    throw new Error(`${file} does not hold a usable secret: delete it or set APP_SECRET`);
  return existing;
}
