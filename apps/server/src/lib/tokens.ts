/**
 * Tokens sent by email (decision 0006):
 * - one-time tokens (password reset, email verification): 256 random bits given to the user once; the
 *   database keeps only their SHA-256, with an expiry, and `used_at` makes them single-use;
 * - unsubscribe tokens: the user id and the email kind, signed with HMAC-SHA256 under the app secret, so a
 *   link works without any database row and cannot be forged for another user or kind;
 * - the app secret itself: APP_SECRET, or one generated into the data folder on first start.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
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

/** The MAC covers a purpose label too, so a signature made for something else never passes as this one. */
function mac(secret: string, payload: string): Buffer {
  return createHmac('sha256', secret).update(`mend:unsubscribe:v1:${payload}`).digest();
}

/** `<user id>.<kind>.<signature>`, url-safe. */
export function signUnsubscribeToken(secret: string, userId: number, kind: UnsubscribeKind): string {
  const payload = `${userId}.${kind}`;
  return `${payload}.${mac(secret, payload).toString('base64url')}`;
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
  // Compared as text: only the one canonical encoding of the signature is accepted.
  const expected = Buffer.from(mac(secret, `${id}.${kind}`).toString('base64url'));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId: Number(id), kind };
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
