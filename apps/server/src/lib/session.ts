/**
 * Database-backed sessions (stateless app processes, DESIGN.md) and the anti-forgery check.
 * The cookie holds a random token; the database keeps only its SHA-256, so a leaked table grants nothing.
 * Every visitor who loads the page gets a session (signed out: user_id NULL) so forms can carry a CSRF token.
 * A personal API token (issue 27, ADR 0038) is a session of kind 'api' whose token comes in the `Authorization: Bearer`
 * header instead of the cookie: read by the same statements, it needs no anti-forgery token (a browser never sends it
 * on its own), and a request that brings one is judged by it alone, never by a cookie as well.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { CSRF_HEADER, isTemporaryEmail, SESSION_COOKIE, type SessionKind } from '@mend/shared';
import { and, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { reusable } from '../db/reusable';
import { type SessionRow, sessions, type UserRow, users } from '../db/schema';
import { type Actor, actorOf } from './actor';
import { csrfMismatch, unauthenticated } from './errors';
import {
  actorToCheck,
  forgetSession,
  isSameViewer,
  keepSession,
  keptSession,
  registerSessionReuse,
  settleCheck,
} from './session-reuse';

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionRow | null;
    user: UserRow | null;
    /** The signed-in user as the permission rules see it. */
    actor: Actor | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Where the web build's hashed files are served (apps/web/dist/assets); no session is read there. */
export const ASSETS_PREFIX = '/assets/';
/** last_seen_at is written at most this often, so reads do not turn into writes. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
/** The longest token looked up: longer than any we issue, shorter than any that could cost a lookup. */
const TOKEN_MAX_LENGTH = 200;
const BEARER = /^Bearer +(\S+) *$/i;

/** The token a request brings and where from: an API token in the Authorization header, else the cookie's. */
function presentedToken(request: FastifyRequest): { token: string | undefined; kind: SessionKind } {
  const authorization = request.headers.authorization;
  if (authorization !== undefined) return { token: BEARER.exec(authorization)?.[1], kind: 'api' };
  return { token: request.cookies[SESSION_COOKIE], kind: 'browser' };
}

/** Whether the request brought an Authorization header (then it is judged by that alone). */
export const bringsApiToken = (request: FastifyRequest): boolean =>
  request.headers.authorization !== undefined;

/** The session cookie's attributes, the same on the cookie that sets it and on the one that clears it. */
function sessionCookieOptions(app: FastifyInstance) {
  return { path: '/', httpOnly: true, sameSite: 'lax', secure: app.config.cookieSecure } as const;
}

function setSessionCookie(app: FastifyInstance, reply: FastifyReply, token: string, expiresAt: Date): void {
  reply.setCookie(SESSION_COOKIE, token, { ...sessionCookieOptions(app), expires: expiresAt });
}

/** Starts a new session (new id) for the given user or a visitor, keeping the CSRF token if one is passed. */
export async function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number | null,
  csrfToken: string = randomToken(),
): Promise<SessionRow> {
  const app = request.server;
  const token = randomToken();
  const expiresAt = new Date(Date.now() + app.config.sessionTtlMs);
  const [row] = await app.db
    .insert(sessions)
    .values({
      id: hashToken(token),
      userId,
      csrfToken,
      userAgent: (request.headers['user-agent'] ?? '').slice(0, 500),
      ip: request.ip,
      expiresAt,
    })
    .returning();
  setSessionCookie(app, reply, token, expiresAt);
  request.session = row;
  return row;
}

/** The visitor's session, created on first need (page loads, GET /refresh-csrf). */
export async function ensureSession(request: FastifyRequest, reply: FastifyReply): Promise<SessionRow> {
  return request.session ?? startSession(request, reply, null);
}

/**
 * Signs a user in on a fresh session id (defeats session fixation). The CSRF token is kept so the
 * page the user signed in from can go on sending it.
 */
export async function signIn(request: FastifyRequest, reply: FastifyReply, user: UserRow): Promise<void> {
  // A browser's session is replaced; an API token that came with the request stays what it is.
  const previous = request.session?.kind === 'browser' ? request.session : null;
  if (previous) {
    await request.server.db.delete(sessions).where(eq(sessions.id, previous.id));
    forgetSession(request.server, 'browser', previous.id);
  }
  await startSession(request, reply, user.id, previous?.csrfToken);
  request.user = user;
  request.actor = actorOf(user);
}

export async function signOut(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  // Signing out ends a browser's session; an API token is revoked from its owner's profile, not by a sign-out.
  if (request.session?.kind === 'browser') {
    await request.server.db.delete(sessions).where(eq(sessions.id, request.session.id));
    forgetSession(request.server, 'browser', request.session.id);
    request.server.live.endSession(request.session.id);
  }
  reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(request.server));
  request.session = null;
  request.user = null;
  request.actor = null;
}

function tokensMatch(expected: string, given: unknown): boolean {
  if (typeof given !== 'string' || given.length === 0) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** What a session lookup selects: the session and its user (`users`, unaliased: `extra` columns may use it). */
export const sessionColumns = { session: sessions, user: users };

/**
 * The session by its token's hash, unexpired, of the kind the token came as (a cookie's, an API token's): placeholders
 * `id`, `now` and `kind` (filled by `loadSessionFrom`).
 */
export const sessionMatches = and(
  eq(sessions.id, sql.placeholder('id')),
  gt(sessions.expiresAt, sql.placeholder('now')),
  eq(sessions.kind, sql.placeholder('kind')),
) as SQL;

/**
 * The session and its user by the token's hash, with any `extra` columns read in the same statement: built
 * once per handle (db/reusable.ts) under `key`.
 */
const sessionLookup = <E extends Record<string, SQL>>(db: Db, key: string, extra: (db: Db) => E) =>
  reusable(db, key, (db, name) =>
    db
      .select({ ...sessionColumns, ...extra(db) })
      .from(sessions)
      .leftJoin(users, eq(users.id, sessions.userId))
      .where(sessionMatches)
      .limit(1)
      .prepare(name),
  );

const noExtra = () => ({});

/**
 * Looks the cookie's session up with `lookup`, puts it and its user on the request and notes that the session
 * was used; answers the row found. A token longer than any we issue is never looked up.
 * For a `sessionInQuery` route whose statement reads more than one column beside the session (the ticket
 * detail), `lookup` is that statement: `sessionColumns` from `sessions` left-joined to `users` where
 * `sessionMatches`, given `values`. It runs before anyone is known, so it must only read, and the caller
 * checks `request.actor` and the permission before answering any of it.
 */
export async function loadSessionFrom<R extends { session: SessionRow; user: UserRow | null }>(
  request: FastifyRequest,
  lookup: (values: { id: string; now: string; kind: SessionKind }) => Promise<R[]>,
): Promise<R | undefined> {
  const { token, kind } = presentedToken(request);
  if (!token || token.length > TOKEN_MAX_LENGTH) return undefined;
  const now = new Date();
  const [found] = await lookup({ id: hashToken(token), now: now.toISOString(), kind });
  if (!found) return undefined;
  request.session = found.session;
  // A temporary account's session (from before activation was required) reaches nothing until it is activated.
  if (found.user && !isTemporaryEmail(found.user.email)) {
    request.user = found.user;
    request.actor = actorOf(found.user);
  }
  const { lastSeenAt, createdAt } = found.session;
  // An API token's first use is noted at once: its owner's list says whether it was ever used.
  const firstUse = kind === 'api' && lastSeenAt.getTime() === createdAt.getTime();
  if (firstUse || now.getTime() - lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await request.server.db
      .update(sessions)
      .set({ lastSeenAt: now })
      .where(eq(sessions.id, found.session.id));
    found.session.lastSeenAt = now;
  }
  if (request.user) keepSession(request.server, kind, found.session, request.user);
  return found;
}

/** Loads the cookie's session the usual way, in a statement of its own. */
export async function loadSession(request: FastifyRequest): Promise<void> {
  await loadSessionFrom(request, (values) =>
    sessionLookup(request.server.db, 'session', noExtra).execute(values),
  );
}

/**
 * For a GET route declared `sessionInQuery` (lib/routes.ts), whose session the onRequest hook leaves to it:
 * loads the session as the hook would, together with `extra` in the same statement, so the request makes
 * one round trip to the database instead of two (the bell's poll, the app's most frequent request).
 * `extra` must only read, and only with `params` (placeholders); it runs before anyone is known, so the
 * caller checks `request.actor` and the permission before answering any of it. `key` names the statement.
 */
export async function loadSessionWith<T>(
  request: FastifyRequest,
  key: string,
  extra: (db: Db) => SQL<T>,
  params: Record<string, unknown>,
): Promise<T | undefined> {
  const lookup = sessionLookup(request.server.db, `session_with_${key}`, (db) => ({ extra: extra(db) }));
  const found = await loadSessionFrom(request, (values) => lookup.execute({ ...params, ...values }));
  return found?.extra as T | undefined;
}

/**
 * For a GET route declared `reusesSession` (lib/routes.ts): starts the request from the session this process kept
 * (lib/session-reuse.ts), to be proved by the statement of its answer, when one is kept, unexpired and noted as used
 * lately (else the usual lookup notes its use). Answers whether it did.
 */
function reuseKeptSession(request: FastifyRequest): boolean {
  const { token, kind } = presentedToken(request);
  if (!token || token.length > TOKEN_MAX_LENGTH) return false;
  const kept = keptSession(request.server, kind, hashToken(token));
  const now = new Date();
  if (
    !kept ||
    kept.session.expiresAt.getTime() <= now.getTime() ||
    now.getTime() - kept.session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS
  )
    return false;
  const { actor, check } = actorToCheck(kept, kind, now);
  request.session = kept.session;
  request.user = kept.user;
  request.actor = actor;
  request.sessionCheck = check;
  return true;
}

/** Whether the route loads its own session in its statement (`sessionInQuery`): only ever a read. */
function routeLoadsSession(request: FastifyRequest): boolean {
  return SAFE_METHODS.has(request.method) && request.routeOptions.config?.sessionInQuery === true;
}

/** Whether the route may start from a kept session (`reusesSession`): only ever a read. */
function routeReusesSession(request: FastifyRequest): boolean {
  return SAFE_METHODS.has(request.method) && request.routeOptions.config?.reusesSession === true;
}

/**
 * For a request started from a kept session whose statements did not prove it (none was gated by it, or none
 * returned a row): the session read the usual way. Answers whether the viewer is the one the request started
 * with; if not, the request must be answered again for the viewer now on it (or refused).
 */
export async function confirmKeptSession(request: FastifyRequest): Promise<boolean> {
  const check = request.sessionCheck;
  if (!check) return true;
  settleCheck(check);
  if (check.proved) return true;
  const started = { session: request.session, user: request.user };
  request.sessionCheck = null;
  request.session = null;
  request.user = null;
  request.actor = null;
  await loadSession(request);
  // Set again by the lookup (TypeScript still sees the nulls written above).
  const now = request.user as UserRow | null;
  const session = request.session as SessionRow | null;
  return (
    session?.id === started.session?.id &&
    now !== null &&
    started.user !== null &&
    isSameViewer(started.user, now)
  );
}

export function registerSessions(app: FastifyInstance): void {
  registerSessionReuse(app);
  app.decorateRequest('session', null);
  app.decorateRequest('user', null);
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (request) => {
    // The built app's files are the same for everyone: no session lookup for each of them.
    if (SAFE_METHODS.has(request.method) && request.url.startsWith(ASSETS_PREFIX)) return;
    if (routeLoadsSession(request)) return;
    if (routeReusesSession(request) && reuseKeptSession(request)) return;
    await loadSession(request);
    if (SAFE_METHODS.has(request.method)) return;
    // An API token is the request's only credential: a browser never sends it on its own, so no anti-forgery
    // token is asked for; one that is not (or no longer) good answers 401 for every call that changes something.
    if (bringsApiToken(request)) {
      if (!request.user) throw unauthenticated();
      return;
    }
    // Anti-forgery: every state-changing call must echo the session's token in a header.
    const session = request.session;
    if (!session || !tokensMatch(session.csrfToken, request.headers[CSRF_HEADER])) throw csrfMismatch();
  });
}
