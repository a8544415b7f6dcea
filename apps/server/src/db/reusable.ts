/**
 * Queries built once per database handle and reused. Building a drizzle query (walking its columns and
 * SQL chunks) cost more CPU than everything else in a ticket detail request (docs/performance.md), so the
 * hot, fixed-shape queries are built with `sql.placeholder` for every value and `.prepare()`d once.
 * A transaction is another handle: there the query is built for that transaction (and dropped with it).
 *
 * Prepared under a name, a statement is parsed once per pooled connection and PostgreSQL may reuse its plan:
 * with the schema's indexes (trigram GIN included) planning cost more than running the app's hot statements
 * (ADR 0007). Drizzle sends everything else unnamed, planned on every call: a statement on a hot path belongs here.
 */
import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { PgPreparedQuery } from 'drizzle-orm/pg-core';
import type { Actor, ScopedActor } from '../lib/actor';
import { gatedBySession, pendingCheckOf, type SessionCheck } from '../lib/session-reuse';
import type { Db, QueryRows } from './client';

const built = new WeakMap<Db, Map<string, unknown>>();

/**
 * The query `key` for this handle, built on first use. `build` gets the statement name to `.prepare()`
 * with; one key must always build the same SQL (PostgreSQL prepares it under that name per connection).
 */
export function reusable<T>(db: Db, key: string, build: (db: Db, name: string) => T): T {
  let queries = built.get(db);
  if (!queries) {
    queries = new Map();
    built.set(db, queries);
  }
  let query = queries.get(key) as T | undefined;
  if (query === undefined) {
    query = build(db, `mend_q_${key}`);
    queries.set(key, query);
  }
  return query;
}

/** The comment that keeps a statement unnamed (see `planPerCall`). */
const PLAN_PER_CALL_MARK = '/* plan per call */';

/**
 * A condition marked to be planned on every call with its own values, never prepared: for statements whose cached
 * generic plan is far worse for some values (a large landlord, a busy user) than the plan made for them. After
 * its sixth use on a connection PostgreSQL may switch a prepared statement to that generic plan, many times slower
 * for the manager's dashboard (ADR 0020). `bench:http --surface --sweep` shows such a statement (first call fast,
 * later ones slow).
 */
export function planPerCall(condition: SQL): SQL {
  return sql`${condition} ${sql.raw(PLAN_PER_CALL_MARK)}`;
}

/**
 * A text search, or a statement marked `planPerCall`: planned with its own values on every call, so `shaped` sends it
 * unnamed. A search's best plan depends on its pattern (a rare word uses the trigram index, a common one does not),
 * which a cached generic plan cannot see.
 */
export function isPlannedPerCall(text: string): boolean {
  return /\bi?like\b/i.test(text) || text.includes(PLAN_PER_CALL_MARK);
}

/** The name a statement is prepared under on each connection: one text, one name. */
export function statementName(text: string): string {
  return `mend_${createHash('sha1').update(text).digest('base64url').slice(0, 22)}`;
}

/** Where a viewer's values carry the check of its kept session (`viewerShape`, `shaped`). */
const SESSION_CHECK = Symbol('session check');

/** The placeholders of a shaped statement's values: `p.landlordId` is `sql.placeholder('landlordId')`. */
export type Placeholders = { readonly [name: string]: Placeholder };

const placeholders: Placeholders = new Proxy({} as Placeholders, {
  get: (_target, name) => (typeof name === 'string' ? sql.placeholder(name) : undefined),
});

/**
 * A drizzle query that can be prepared (a select, before `.prepare`): its text comes from `getSQL`, which
 * `shaped` replaces to gate a statement by the viewer's kept session (`gatedBySession`).
 */
export interface Preparable<P> {
  getSQL(): SQL;
  toSQL(): { sql: string; params: unknown[] };
  prepare(name: string): P;
}

/** A statement written out in SQL, prepared: `execute(values)` answers `{ rows }`, as `db.execute` does. */
export type PreparedRows<Row> = PgPreparedQuery<{ execute: QueryRows<Row>; all: unknown; values: unknown }>;

/**
 * A statement written out in SQL (the dashboard's CTEs, which drizzle's builders cannot write) as something `shaped`
 * can build once and prepare: `db.execute` has no `.prepare(name)`, so its query goes to the session's own
 * `prepareQuery`, the one `db.execute` and every builder's `.prepare` use. Its rows come back as `db.execute`'s.
 */
export function written<Row extends Record<string, unknown>>(
  db: Db,
  statement: SQL,
): Preparable<PreparedRows<Row>> {
  const self: Preparable<PreparedRows<Row>> = {
    getSQL: () => statement,
    toSQL: () => db.execute(self.getSQL()).getQuery(),
    prepare: (name) => db._.session.prepareQuery(self.toSQL(), undefined, name, false),
  };
  return self;
}

/**
 * Under the test runner every call builds its statement again and compares it with the one kept for its shape: a
 * value that reached the text other than through a placeholder (a request's actor or filter read from a closure)
 * differs between callers, and the kept statement would have served one caller's value to the next.
 */
const VERIFY_SHAPES = process.env.VITEST !== undefined;

/**
 * A statement built once per handle and shape with its values as placeholders, so that drizzle's cost of building
 * a query is paid on a shape's first call only (a list page spent about a fifth of its CPU there). `shape` is
 * everything that changes the text (the viewer's role, which filters are set, the sort, the page size); it is
 * the key, and `build` must read nothing else but the placeholders (`p.name`, filled by `execute({ name })`).
 * Prepared under a name unless it is planned per call (`isPlannedPerCall`): a text search, with its pattern, or a
 * statement with a condition marked `planPerCall`.
 */
export function shaped<S, P>(
  db: Db,
  name: string,
  shape: S,
  build: (db: Db, shape: S, p: Placeholders) => Preparable<P>,
): P {
  const key = `${name}:${JSON.stringify(shape)}`;
  const plain = keptStatement(db, key, () => build(db, shape, placeholders));
  return {
    execute: async (values?: Record<string | symbol, unknown>) => {
      const check = values?.[SESSION_CHECK] as SessionCheck | undefined;
      if (!check || check.proved) return execute(plain, values);
      // Started from a kept session not proved yet (lib/session-reuse.ts): a row back proves it.
      const gated = keptStatement(db, `${key}:gated`, () => {
        const query = build(db, shape, placeholders);
        const statement = query.getSQL();
        query.getSQL = () => gatedBySession(statement, placeholders);
        return query;
      });
      const found = await execute(gated, Object.assign({}, values, check.values));
      if (rowCount(found) > 0) check.proved = true;
      return found;
    },
  } as P;
}

/** The statement kept under `key`, built and prepared on first use (see `shaped`). */
function keptStatement<P>(db: Db, key: string, build: () => Preparable<P>): P {
  const kept = reusable(db, key, () => {
    const query = build();
    const built = query.toSQL();
    return {
      built,
      build,
      // Named even without parameters (the super admin's first pages): a shape is one of the app's repeated
      // statements, and planning it cost more than running it.
      prepared: query.prepare(isPlannedPerCall(built.sql) ? '' : statementName(built.sql)),
    };
  });
  if (VERIFY_SHAPES) {
    const again = build().toSQL();
    if (!isDeepStrictEqual(again, kept.built)) {
      throw new Error(
        `The statement of ${key} was built with a value that is not in its shape or a placeholder`,
      );
    }
  }
  return kept.prepared;
}

const execute = (prepared: unknown, values: unknown) =>
  (prepared as { execute(values: unknown): Promise<unknown> }).execute(values);

/** The rows a prepared statement answered: a list (builders) or `{ rows }` (`written`). */
const rowCount = (found: unknown) =>
  Array.isArray(found) ? found.length : ((found as { rows?: unknown[] }).rows?.length ?? 0);

/** Values in place of a shaped statement's placeholders, for reading its plan (EXPLAIN) with them in a test. */
export function withValues(values: Record<string, unknown>): Placeholders {
  return new Proxy({} as Placeholders, {
    get: (_target, name) => (typeof name === 'string' ? sql`${values[name]}` : undefined),
  });
}

/** What of the viewer changes a statement's text: its role, and whether it has a landlord. */
export interface ViewerShape {
  viewerRole: Actor['role'];
  viewerHasLandlord: boolean;
}

/**
 * The viewer's part of a shape, and the values of its placeholders (`viewerId`, `viewerLandlordId`). A list's shape
 * adds its own parts with `Object.assign({}, viewer.shape, { ... })`: Node 20's V8 takes a slow path for every
 * property written after a spread in an object literal, and every list request builds a shape and its values.
 */
export function viewerShape(actor: Actor): { shape: ViewerShape; values: Record<string, unknown> } {
  const values: Record<string | symbol, unknown> = { viewerId: actor.id, viewerLandlordId: actor.landlordId };
  // A viewer from a kept session: its statements carry the check until one proves it (lib/session-reuse.ts). A symbol
  // key, copied with the values (spread, Object.assign) and never read as a placeholder.
  const check = pendingCheckOf(actor);
  if (check) values[SESSION_CHECK] = check;
  return {
    shape: { viewerRole: actor.role, viewerHasLandlord: actor.landlordId !== null },
    values,
  };
}

/** The viewer of a shaped statement, for the scope conditions: its role, its ids as placeholders. */
export function viewerIn(shape: ViewerShape, p: Placeholders): ScopedActor {
  return {
    role: shape.viewerRole,
    id: p.viewerId,
    landlordId: shape.viewerHasLandlord ? p.viewerLandlordId : null,
  };
}

/**
 * A value PostgreSQL should not plan with, in a sub-select: a later page's offset or count limit. Its plan is the
 * same whatever the number (the same index walk), but given as a value PostgreSQL costs each call's plan with it,
 * and its generic plan (which assumes a tenth of the rows) looked dearer than every page before that mark: it
 * planned every call. Hidden, every plan assumes the same and the generic plan is kept. Typed as a number for
 * drizzle's `limit` and `offset`.
 */
export const hiddenFromPlanner = (value: Placeholder) => sql`(select ${value}::bigint)` as unknown as number;
