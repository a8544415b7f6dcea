/**
 * A list of one table's rows (landlords, the outbox, contact messages) read a page at a time in one statement built
 * once per shape (ADR 0022): the page's rows, whatever the list selects with them, and the list's total (`matched`,
 * counted up to the cap, ADR 0014, 0021). A page past the last one, which has no row to carry the total, counts alone.
 */
import { LIST_COUNT_CAP, SEARCH_COUNT_CAP } from '@mend/shared';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { hiddenFromPlanner, type Placeholders, shaped } from '../db/reusable';
import {
  cappedTotal,
  countAll,
  everyRowCountUpTo,
  type ListQuery,
  type ListTotal,
  listCountCap,
  orderOf,
  pageOffset,
  type SortShape,
  sortOf,
} from './list-query';

/** What every one-table list's shape holds: its sort, whether it searches, the page size, page 1 or later. */
export interface TableListShape extends SortShape {
  search: boolean;
  perPage: number;
  later: boolean;
}

/** A one-table list: its table, what a row selects, its sorts, and its condition (read from the shape and `p`). */
export interface TableList<S extends TableListShape, F extends SelectedFields> {
  /** Names the list's statements (with the shape). */
  name: string;
  table: PgTable;
  id: AnyColumn;
  columns: F;
  sortable: Record<string, AnyColumn | SQL>;
  fallback: { sort: string; order: 'asc' | 'desc' };
  /** The rows the list shows; it must read nothing but the shape and the placeholders. */
  where(shape: S, p: Placeholders): SQL | undefined;
}

/** The list's rows, at most `over` of them (an uncorrelated subquery, run once). */
function rowsUpTo<S extends TableListShape>(
  list: TableList<S, SelectedFields>,
  shape: S,
  p: Placeholders,
  over: SQL | number,
) {
  return sql`(select 1 from ${list.table} where ${list.where(shape, p) ?? sql`true`} limit ${over})`;
}

/**
 * One page with its total. A later page finds its ids first, from the sort's index alone (no table reads for the
 * rows it skips), with its offset and count limit hidden from the planner so that one plan serves every page.
 */
export function pageStatement<S extends TableListShape, F extends SelectedFields>(
  db: Db,
  list: TableList<S, F>,
  shape: S,
  p: Placeholders,
) {
  const where = list.where(shape, p);
  const order = orderOf(shape, list.sortable, list.fallback, list.id);
  const limit = sql.raw(String(shape.perPage));
  const firstCap = (shape.search ? SEARCH_COUNT_CAP : LIST_COUNT_CAP) + 1;
  const over = shape.later ? hiddenFromPlanner(p.over) : sql.raw(String(firstCap));
  // Nothing narrows a first page (the super admin's unfiltered list): "over the cap" may come from the table's
  // estimate (ADR 0007).
  const counted =
    where === undefined && !shape.later
      ? everyRowCountUpTo(list.table, LIST_COUNT_CAP)
      : sql`(select count(*) from ${rowsUpTo(list, shape, p, over)} as matching)`;
  const matched = sql<number>`${counted}`.mapWith(Number);
  const rows = db.select({ ...list.columns, matched }).from(list.table);
  if (!shape.later)
    return rows
      .where(where)
      .orderBy(...order)
      .limit(limit as unknown as number);
  const pageIds = sql`select ${list.id} from ${list.table} where ${where ?? sql`true`} order by ${sql.join(order, sql`, `)} limit ${limit} offset ${hiddenFromPlanner(p.offset)}`;
  return rows.where(sql`${list.id} in (${pageIds})`).orderBy(...order);
}

/** The shape's part that every one-table list shares, and the values of its placeholders (`offset`, `over`). */
export function tableListShape(
  query: ListQuery,
  list: Pick<TableList<never, never>, 'sortable' | 'fallback'>,
) {
  const { key: sort, direction } = sortOf(query, list.sortable, list.fallback);
  const offset = pageOffset(query);
  const shape: TableListShape = {
    search: query.search !== '',
    sort,
    direction,
    perPage: query.per_page,
    later: offset > 0,
  };
  return { shape, values: { offset, over: listCountCap(query) + 1 }, cap: listCountCap(query) };
}

/** One page of the list and its total. `values` fill the placeholders of `where`, `offset` and `over` included. */
export async function readTableList<S extends TableListShape, F extends SelectedFields>(
  db: Db,
  list: TableList<S, F>,
  shape: S,
  values: Record<string, unknown>,
  cap: number,
) {
  const found = await shaped(db, list.name, shape, (db, shape, p) =>
    pageStatement(db, list, shape, p),
  ).execute(values);
  let total: ListTotal = cappedTotal(found[0]?.matched ?? 0, cap);
  if (found.length === 0 && shape.later) {
    const counting = shaped(db, `${list.name}_count`, { ...shape, sort: '' }, (db, shape, p) =>
      db
        .select({ counted: countAll })
        .from(sql`${rowsUpTo(list, shape, p, hiddenFromPlanner(p.over))} as matching`),
    );
    const [{ counted }] = await counting.execute(values);
    total = cappedTotal(counted, cap);
  }
  return { rows: found, total };
}
