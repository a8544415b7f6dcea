/**
 * A GET's session taken from the app's memory instead of a statement of its own, then proved in the statement that
 * reads the answer (ADR 0045): one round trip instead of two for the lists, whose statement depends on the viewer's
 * role and so cannot read the session itself as a `sessionInQuery` route does.
 *
 * Each app process keeps the sessions it looked up lately (token hash → session and user). A route declared
 * `reusesSession` (lib/routes.ts) starts from the kept copy. Nothing read with it is answered before the database has
 * said that the session still holds with the same user, role, landlord and email: a statement built once per shape
 * (`shaped`, db/reusable.ts) from this viewer (`viewerShape`) is sent gated by that check (`sessionStillHolds`), and a
 * row coming back is the proof. A request that got no row from such a statement is checked the usual way before
 * its answer leaves, and run again with what the database says if the two differ. So a session ended, a role
 * changed or an account moved to another landlord, on this process or another one, is seen by the next request.
 */
import type { SessionKind } from '@mend/shared';
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { SessionRow, UserRow } from '../db/schema';
import { type Actor, actorOf } from './actor';

/** How many sessions one process keeps: the oldest kept goes first. */
const KEPT_SESSIONS = 10_000;

interface KeptSession {
  session: SessionRow;
  user: UserRow;
}

/** What a request started from a kept session must still prove, and whether a statement proved it. */
export interface SessionCheck {
  /** The viewer it was made for, as `pendingChecks` files it. */
  readonly key: string;
  /** The values of `sessionStillHolds`' placeholders. */
  readonly values: Record<string, unknown>;
  /** A statement gated by the check returned a row. */
  proved: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    keptSessions: Map<string, KeptSession>;
  }
  interface FastifyRequest {
    /** Set when the request started from a kept session, until proved. */
    sessionCheck: SessionCheck | null;
  }
}

export function registerSessionReuse(app: FastifyInstance): void {
  app.decorate('keptSessions', new Map<string, KeptSession>());
  app.decorateRequest('sessionCheck', null);
}

const keyOf = (kind: SessionKind, hash: string) => `${kind}:${hash}`;

/** Keeps a session just read from the database (a signed-in, activated user's), as the newest. */
export function keepSession(
  app: FastifyInstance,
  kind: SessionKind,
  session: SessionRow,
  user: UserRow,
): void {
  const kept = app.keptSessions;
  const key = keyOf(kind, session.id);
  kept.delete(key);
  kept.set(key, { session, user });
  if (kept.size > KEPT_SESSIONS) kept.delete(kept.keys().next().value as string);
}

/** Forgets a session this process ended or replaced (another process's copy is refused by its check). */
export function forgetSession(app: FastifyInstance, kind: SessionKind, hash: string): void {
  app.keptSessions.delete(keyOf(kind, hash));
}

export function keptSession(app: FastifyInstance, kind: SessionKind, hash: string): KeptSession | undefined {
  return app.keptSessions.get(keyOf(kind, hash));
}

/**
 * The checks of requests under way, by the viewer they started with (id, role, landlord): how a statement built for
 * that viewer (`viewerShape`) finds the check to carry, whatever object the handler built its viewer as. Two requests
 * of one viewer at once share the newer's check: a row back proves that one, and the other, unproved, is read the
 * usual way before it answers.
 */
const pendingChecks = new Map<string, SessionCheck>();

const viewerKey = (viewer: Actor) => `${viewer.id}:${viewer.role}:${viewer.landlordId}`;

/** The actor of a kept session and the check its statements carry, for `now`. */
export function actorToCheck(
  kept: KeptSession,
  kind: SessionKind,
  now: Date,
): { actor: Actor; check: SessionCheck } {
  const actor = actorOf(kept.user);
  const check: SessionCheck = {
    key: viewerKey(actor),
    values: {
      sessionCheckId: kept.session.id,
      sessionCheckNow: now.toISOString(),
      sessionCheckKind: kind,
      sessionCheckUserId: kept.user.id,
      sessionCheckRole: kept.user.role,
      sessionCheckLandlordId: kept.user.landlordId,
      sessionCheckEmail: kept.user.email,
    },
    proved: false,
  };
  pendingChecks.delete(check.key);
  pendingChecks.set(check.key, check);
  // Bounded should requests end without settling (the oldest first).
  if (pendingChecks.size > KEPT_SESSIONS) pendingChecks.delete(pendingChecks.keys().next().value as string);
  return { actor, check };
}

/** The check a statement of this viewer must carry: none once proved, or for a viewer no request started with. */
export function pendingCheckOf(viewer: Actor): SessionCheck | undefined {
  const check = pendingChecks.get(viewerKey(viewer));
  return check && !check.proved ? check : undefined;
}

/** The request of `check` is answered: its statements are done. */
export function settleCheck(check: SessionCheck): void {
  if (pendingChecks.get(check.key) === check) pendingChecks.delete(check.key);
}

/** The check's placeholders (db/reusable.ts's `Placeholders`, which imports this module). */
type CheckPlaceholders = { readonly [name: string]: Placeholder };

/**
 * Whether `now` (read from the database) is the user `started` was: the same id, role, landlord and email, what
 * the viewer and the activation rule read.
 */
export function isSameViewer(started: UserRow, now: UserRow): boolean {
  return (
    now.id === started.id &&
    viewerKey(actorOf(now)) === viewerKey(actorOf(started)) &&
    now.email === started.email
  );
}

/**
 * True when the session is the one kept, unexpired, of the same kind, and its user has the same id, role, landlord
 * and email (what `actorOf` and the activation check read): then the usual lookup would find the same viewer.
 */
export const sessionStillHolds = (p: CheckPlaceholders): SQL =>
  sql`exists (select 1 from sessions s join users u on u.id = s.user_id where s.id = ${p.sessionCheckId} and s.expires_at > ${p.sessionCheckNow} and s.kind = ${p.sessionCheckKind} and u.id = ${p.sessionCheckUserId} and u.role = ${p.sessionCheckRole} and u.landlord_id is not distinct from ${p.sessionCheckLandlordId} and u.email = ${p.sessionCheckEmail})`;

/** `statement` answering no row unless the session still holds (an uncorrelated condition: checked once, first). */
export const gatedBySession = (statement: SQL, p: CheckPlaceholders): SQL =>
  sql`select * from (${statement}) as session_checked where ${sessionStillHolds(p)}`;
