/**
 * Lists page, search and sort in SQL (never a whole table in memory): the query string gives
 * `page`, `per_page` (default PAGE_SIZE), `search`, `sort`, `order`; the answer is
 * `{ data, meta: { total, page, per_page } }` (SPEC.md section 7 plus paging metadata).
 * Search is case-insensitive pattern matching (ILIKE '%term%'), which the pg_trgm GIN indexes serve.
 */
import {
  LIST_COUNT_CAP,
  type ListMeta,
  type ListName,
  type ListSortKey,
  MAX_PAGE_SIZE,
  PAGE_SIZE,
  SEARCH_COUNT_CAP,
} from '@mend/shared';
import {
  type AnyColumn,
  asc,
  desc,
  getTableName,
  ilike,
  or,
  type SQL,
  type Subquery,
  sql,
} from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Db } from '../db/client';

export const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).catch(1).default(1),
  // More than the maximum asks for as many as there may be: the maximum, not the default.
  per_page: z.coerce
    .number()
    .int()
    .min(1)
    .transform((size) => Math.min(size, MAX_PAGE_SIZE))
    .catch(PAGE_SIZE)
    .default(PAGE_SIZE),
  // PostgreSQL text cannot hold NUL characters; a search for one is a search for nothing.
  search: z
    .preprocess(
      (value) => (typeof value === 'string' ? value.replaceAll('\u0000', '') : value),
      z.string().trim().max(200),
    )
    .catch('')
    .default(''),
  sort: z.string().max(50).optional().catch(undefined),
  order: z.enum(['asc', 'desc']).optional().catch(undefined),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

/** A list's sort keys (LIST_SORTS in @mend/shared, no more and no fewer) and what each sorts by. */
export type SortColumns<L extends ListName> = Record<ListSortKey<L>, SortKey>;

export function parseListQuery(query: unknown): ListQuery {
  return listQuerySchema.parse(query ?? {});
}

/** Escapes LIKE wildcards so a search for "50%" finds "50%", not everything. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** ILIKE over several columns or expressions; undefined when there is no search term. */
export function searchCondition(term: string, targets: Array<AnyColumn | SQL>): SQL | undefined {
  if (!term) return undefined;
  const pattern = likePattern(term);
  return or(...targets.map((target) => ilike(target as AnyColumn, pattern)));
}

/**
 * ORDER BY from a whitelist of sortable keys (unknown keys fall back to the default), with `id` as a
 * tie-breaker so pages never repeat or skip rows.
 */
export function orderBy(
  query: ListQuery,
  sortable: Record<string, SortKey>,
  fallback: { sort: string; order: 'asc' | 'desc' },
  id: AnyColumn,
): SQL[] {
  const { key, direction } = sortOf(query, sortable, fallback);
  const by = direction === 'asc' ? asc : desc;
  const keys = sortable[key];
  return [...(Array.isArray(keys) ? keys : [keys]).map((part) => by(part)), by(id)];
}

/**
 * What a sort key orders by: a column or expression, or several in turn (a unit's property: its name, then the
 * property, so that an index on the property's (name, id) serves the order).
 */
export type SortKey = AnyColumn | SQL | readonly (AnyColumn | SQL)[];

/** A list statement's sort as its shape keeps it (db/reusable.ts `shaped`): a whitelisted key and a direction. */
export interface SortShape {
  sort: string;
  direction: 'asc' | 'desc';
}

/** `orderBy` for a shaped statement: ORDER BY the shape's sort key, `id` breaking ties. */
export function orderOf(
  shape: SortShape,
  sortable: Record<string, SortKey>,
  fallback: { sort: string; order: 'asc' | 'desc' },
  id: AnyColumn,
): SQL[] {
  const query = { page: 1, per_page: 1, search: '', sort: shape.sort, order: shape.direction };
  return orderBy(query, sortable, fallback, id);
}

/** The sort a list query asks for, as one of the whitelisted keys and a direction. */
export function sortOf(
  query: ListQuery,
  sortable: Record<string, unknown>,
  fallback: { sort: string; order: 'asc' | 'desc' },
): { key: string; direction: 'asc' | 'desc' } {
  // Own keys only: `in` would also accept inherited names (`__proto__`, `constructor`, `toString`), whose
  // values are not columns.
  const key = query.sort && Object.hasOwn(sortable, query.sort) ? query.sort : fallback.sort;
  return { key, direction: query.order ?? (key === fallback.sort ? fallback.order : 'asc') };
}

export function pageOffset(query: ListQuery): number {
  return (query.page - 1) * query.per_page;
}

export interface ListPage<T> {
  data: T[];
  meta: ListMeta;
}

/** A list's total; `capped` when counting stopped at its cap (there are more rows). */
export interface ListTotal {
  total: number;
  capped: boolean;
}

export function listPage<T>(data: T[], total: number | ListTotal, query: ListQuery): ListPage<T> {
  const { total: count, capped } = typeof total === 'number' ? { total, capped: false } : total;
  const meta: ListMeta = { total: count, page: query.page, per_page: query.per_page };
  if (capped) meta.total_capped = true;
  return { data, meta };
}

/**
 * How far a capped list counts for this page: `cap` rows past the page's first one, so a page past the first
 * cap still finds more pages after it (ADR 0014).
 */
export function countCapFor(query: ListQuery, cap: number): number {
  return pageOffset(query) + cap;
}

/**
 * How many matches a search of a whole table reads in the list's order (ADR 0051): as far as its count goes
 * (`listCountCap` + 1), or to the page's end if further. Its page is then a slice of them (`walkedPage`) and its
 * count their number, from one walk instead of a page and a count that each looked for the matches.
 */
export function searchWalkLength(query: ListQuery): number {
  return Math.max(listCountCap(query) + 1, pageOffset(query) + query.per_page);
}

/**
 * A search's page from its walk (`searchWalkLength`): the page's slice of the walked ids, its rows read by id
 * (`readByIds`, not called for an empty page), and how many matches the walk counted.
 */
export async function walkedPage<R>(
  walked: { id: number }[],
  values: Record<string, unknown>,
  perPage: number,
  readByIds: (ids: number[]) => Promise<R[]>,
): Promise<{ rows: R[]; matched: number }> {
  const offset = values.offset as number;
  const page = walked.slice(offset, offset + perPage);
  return {
    rows: page.length === 0 ? [] : await readByIds(page.map((row) => row.id)),
    matched: walked.length,
  };
}

/** Reads a count taken over at most `cap + 1` rows (see `countAll` in a LIMITed subquery). */
export function cappedTotal(counted: number, cap: number): ListTotal {
  return counted > cap ? { total: cap, capped: true } : { total: counted, capped: false };
}

/** `count(*)` as a JavaScript number (PostgreSQL answers bigint as a string). */
export const countAll = sql<number>`count(*)`.mapWith(Number);

/** The cap of a list's total for this query: LIST_COUNT_CAP, or SEARCH_COUNT_CAP while searching (ADR 0009). */
export function listCountCap(query: ListQuery): number {
  return countCapFor(query, query.search ? SEARCH_COUNT_CAP : LIST_COUNT_CAP);
}

/** What `countUpTo` counts: a select of the matching rows (any columns), still open to `limit`. */
interface MatchingRows {
  limit(limit: number): { as(alias: string): Subquery };
}

/**
 * A list's total the way every list counts it (ADR 0007, 0014): over at most `cap + 1` of the matching rows,
 * so a large table's page 1 never counts the whole table. `matching` selects the rows the list shows, scope,
 * filters and search applied, e.g. `db.select({ one: sql`1` }).from(users).where(where)`. `everyRowOf`: the table,
 * when nothing (scope, filter, search) narrows the list: its count may then come from the table's estimate.
 */
export async function countUpTo(
  db: Db,
  matching: MatchingRows,
  query: ListQuery,
  everyRowOf?: PgTable,
): Promise<ListTotal> {
  const cap = listCountCap(query);
  if (everyRowOf) {
    const { rows } = await db.execute<{ counted: number }>(
      sql`select ${everyRowCountUpTo(everyRowOf, cap)} as counted`,
    );
    return cappedTotal(Number(rows[0].counted), cap);
  }
  const [{ counted }] = await db.select({ counted: countAll }).from(matching.limit(cap + 1).as('matching'));
  return cappedTotal(counted, cap);
}

/** How far above a list's cap PostgreSQL's estimate of a table's rows must be to be trusted as "over the cap". */
export const ESTIMATE_MARGIN = 10;

/**
 * The count of a list of every row of `table` (nothing narrows it), as SQL: over the cap at once when PostgreSQL's
 * own estimate of the table (`pg_class.reltuples`, kept by autovacuum and ANALYZE) is ESTIMATE_MARGIN times the
 * cap, else counted up to `cap + 1` rows. Counting the cap's rows on every page load was most of such a page's
 * database time (ADR 0007). Numbers and the name are inlined: the SQL may be part of a prepared statement.
 */
export function everyRowCountUpTo(table: PgTable, cap: number): SQL {
  const over = sql.raw(String(cap + 1));
  return sql`(case when (select reltuples from pg_class where oid = ${sql.raw(`'${getTableName(table)}'`)}::regclass) > ${sql.raw(String(cap * ESTIMATE_MARGIN))} then ${over} else (select count(*) from (select 1 from ${table} limit ${over}) as matching) end)`;
}
