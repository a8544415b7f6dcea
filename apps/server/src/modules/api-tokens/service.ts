/**
 * Personal API tokens (issue 27, ADR 0038): created, listed and revoked by their owner from a browser session. A token
 * is a session of kind 'api' (lib/session.ts reads it from `Authorization: Bearer`); the secret is shown once and only
 * its SHA-256 is kept, as for a cookie's session. Its owner's list says when it was made, when it expires and when it
 * was last used.
 */
import {
  type Actor,
  API_TOKEN_PREFIX,
  API_TOKENS_MAX,
  type ApiToken,
  type ApiTokenCreatedResponse,
  type ApiTokenListResponse,
  apiTokenSchema,
  can,
  en,
  format,
  lifetimeDays,
} from '@mend/shared';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type SessionRow, sessions, users } from '../../db/schema';
import { fieldError, forbidden, notFound } from '../../lib/errors';
import { parseForm } from '../../lib/record-helpers';
import { hashToken, randomToken } from '../../lib/session';

/** What stands for "no expiry" in `sessions.expires_at` (a session always has one): answered as null. */
const NEVER = new Date('9999-12-31T00:00:00Z');
const DAY_MS = 24 * 60 * 60 * 1000;
/** How much of a token's stored hash names it in its owner's list and URLs: unique per owner, useless to sign in. */
const ID_LENGTH = 16;
const TOKEN_ID = new RegExp(`^[0-9a-f]{${ID_LENGTH}}$`);

/** Who is asking and with what: only the owner, and only from a browser (a token cannot make or list tokens). */
export interface TokenRequester {
  actor: Actor;
  session: SessionRow | null;
}

function assertManages({ actor, session }: TokenRequester, userId: number): void {
  if (!can(actor, 'apiToken.manage', { id: userId })) throw forbidden();
  if (session?.kind !== 'browser') throw forbidden(en.accounts.apiTokensBrowserOnly);
}

const isApiToken = (userId: number) => and(eq(sessions.userId, userId), eq(sessions.kind, 'api'));

function serialize(row: SessionRow, now: Date): ApiToken {
  const never = row.expiresAt.getTime() >= NEVER.getTime();
  return {
    id: row.id.slice(0, ID_LENGTH),
    name: row.name ?? '',
    created_at: row.createdAt.toISOString(),
    expires_at: never ? null : row.expiresAt.toISOString(),
    expired: !never && row.expiresAt.getTime() <= now.getTime(),
    last_used_at: row.lastSeenAt.getTime() === row.createdAt.getTime() ? null : row.lastSeenAt.toISOString(),
  };
}

export async function listApiTokens(
  db: Db,
  requester: TokenRequester,
  userId: number,
): Promise<ApiTokenListResponse> {
  assertManages(requester, userId);
  const rows = await db
    .select()
    .from(sessions)
    .where(isApiToken(userId))
    .orderBy(desc(sessions.createdAt), desc(sessions.id));
  const now = new Date();
  return { data: rows.map((row) => serialize(row, now)) };
}

export async function createApiToken(
  db: Db,
  requester: TokenRequester & { userAgent: string; ip: string },
  userId: number,
  body: unknown,
): Promise<ApiTokenCreatedResponse> {
  assertManages(requester, userId);
  const { values } = await parseForm(apiTokenSchema, body, [], null);
  const token = `${API_TOKEN_PREFIX}${randomToken()}`;
  const now = new Date();
  const days = lifetimeDays(values.lifetime);
  const row = await db.transaction(async (tx) => {
    // The owner's row is locked while its tokens are counted: two creations at once cannot both pass the limit.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [{ held }] = await tx.select({ held: count() }).from(sessions).where(isApiToken(userId));
    if (held >= API_TOKENS_MAX)
      throw fieldError('name', format(en.accounts.apiTokensLimit, { max: API_TOKENS_MAX }));
    const [created] = await tx
      .insert(sessions)
      .values({
        id: hashToken(token),
        userId,
        kind: 'api',
        name: values.name,
        // Never read: a token's requests need no anti-forgery token. The column is required of every session.
        csrfToken: randomToken(),
        userAgent: requester.userAgent.slice(0, 500),
        ip: requester.ip,
        createdAt: now,
        lastSeenAt: now,
        expiresAt: days === null ? NEVER : new Date(now.getTime() + days * DAY_MS),
      })
      .returning();
    return created;
  });
  return {
    message: format(en.accounts.apiTokenCreated, { name: values.name }),
    data: serialize(row, now),
    token,
  };
}

export async function revokeApiToken(
  db: Db,
  requester: TokenRequester,
  userId: number,
  tokenId: string,
): Promise<{ message: string }> {
  assertManages(requester, userId);
  if (!TOKEN_ID.test(tokenId)) throw notFound();
  const [revoked] = await db
    .delete(sessions)
    .where(and(isApiToken(userId), sql`left(${sessions.id}, ${ID_LENGTH}) = ${tokenId}`))
    .returning({ name: sessions.name });
  if (!revoked) throw notFound();
  return { message: format(en.accounts.apiTokenRevoked, { name: revoked.name ?? '' }) };
}
