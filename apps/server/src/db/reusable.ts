/**
 * Queries built once per database handle and reused. Building a drizzle query (walking its columns and
 * SQL chunks) cost more CPU than everything else in a ticket detail request (docs/performance.md), so the
 * hot, fixed-shape queries are built with `sql.placeholder` for every value and `.prepare()`d once.
 * A transaction is another handle: there the query is built for that transaction (and dropped with it).
 */
import { isDeepStrictEqual } from 'node:util';
import { type Placeholder, sql } from 'drizzle-orm';
import type { Actor, ScopedActor } from '../lib/actor';
import type { Db } from './client';
import { isPlannedPerCall, statementName } from './prepared-statements';

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

/** The placeholders of a shaped statement's values: `p.landlordId` is `sql.placeholder('landlordId')`. */
export type Placeholders = { readonly [name: string]: Placeholder };

const placeholders: Placeholders = new Proxy({} as Placeholders, {
  get: (_target, name) => (typeof name === 'string' ? sql.placeholder(name) : undefined),
});

/** A drizzle query that can be prepared (a select, before `.prepare`). */
interface Preparable<P> {
  toSQL(): { sql: string; params: unknown[] };
  prepare(name: string): P;
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
 * Prepared under a name unless it is planned per call (`isPlannedPerCall`): a text search, with its pattern.
 */
export function shaped<S, P>(
  db: Db,
  name: string,
  shape: S,
  build: (db: Db, shape: S, p: Placeholders) => Preparable<P>,
): P {
  const key = `${name}:${JSON.stringify(shape)}`;
  const kept = reusable(db, key, (db) => {
    const query = build(db, shape, placeholders);
    const built = query.toSQL();
    return {
      built,
      // Named even without parameters (the super admin's first pages): a shape is one of the app's repeated
      // statements, and planning it cost more than running it.
      prepared: query.prepare(isPlannedPerCall(built.sql) ? '' : statementName(built.sql)),
    };
  });
  if (VERIFY_SHAPES) {
    const again = build(db, shape, placeholders).toSQL();
    if (!isDeepStrictEqual(again, kept.built)) {
      throw new Error(
        `The statement of ${key} was built with a value that is not in its shape or a placeholder`,
      );
    }
  }
  return kept.prepared;
}

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
  return {
    shape: { viewerRole: actor.role, viewerHasLandlord: actor.landlordId !== null },
    values: { viewerId: actor.id, viewerLandlordId: actor.landlordId },
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
