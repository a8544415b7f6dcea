/**
 * Queries built once per database handle and reused. Building a drizzle query (walking its columns and
 * SQL chunks) cost more CPU than everything else in a ticket detail request (docs/performance.md), so the
 * hot, fixed-shape queries are built with `sql.placeholder` for every value and `.prepare()`d once.
 * A transaction is another handle: there the query is built for that transaction (and dropped with it).
 */
import type { Db } from './client';

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
