/**
 * A record list's page as the properties and units lists read it (ADR 0022, 0051): its rows and the list's total in
 * one statement (`page`), except the super admin's word search (`search: 'wide'`), whose page's ids and total come
 * from a statement planned with its pattern (`search`) and whose rows are then read by id, prepared (`byIds`). Past
 * the last page no row carries the total: it is counted alone (`matching`), up to the page's cap.
 */
import type { Db } from '../db/client';
import { type Placeholders, type Preparable, shaped, type ViewerShape } from '../db/reusable';
import { cappedTotal, countAll, type ListTotal } from './list-query';

/** What changes a page's statements, as far as reading it goes. */
export interface RecordListShape extends ViewerShape {
  search: 'none' | 'wide' | 'narrow';
  sort: string;
  direction: 'asc' | 'desc';
  perPage: number;
  /** A page after the first. */
  later: boolean;
}

interface Rows<Row> {
  execute(values?: Record<string, unknown>): Promise<Row[]>;
}

type Statement<S, Row> = (db: Db, shape: S, p: Placeholders) => Preparable<Rows<Row>>;

/** A list's statements and the names they are kept under. */
export interface RecordListStatements<S extends RecordListShape, Row> {
  names: { page: string; search: string; byIds: string; count: string };
  /** The page's rows, each with the list's total (`matched`). */
  page: Statement<S, Row & { matched: number }>;
  /** The page's ids, each with the list's total. */
  search: Statement<S, { id: number; matched: number }>;
  /** The rows of `p.ids`, in the page's order (its shape: the viewer and the sort). */
  byIds: Statement<Pick<S, 'viewerRole' | 'viewerHasLandlord' | 'sort' | 'direction'>, Row>;
  /** The records the list counts, as a subquery (up to the cap past the page). */
  matching: (db: Db, shape: S, p: Placeholders) => Parameters<ReturnType<Db['select']>['from']>[0];
}

/** The page `shape` and `values` ask for, and the list's total counted up to `cap`. */
export async function readRecordListPage<S extends RecordListShape, Row>(
  db: Db,
  statements: RecordListStatements<S, Row>,
  shape: S,
  values: Record<string, unknown>,
  cap: number,
): Promise<{ rows: Row[]; total: ListTotal }> {
  const { names } = statements;
  let rows: Row[];
  let matched: number | undefined;
  if (shape.search !== 'wide') {
    const page = await shaped(db, names.page, shape, statements.page).execute(values);
    rows = page;
    matched = page[0]?.matched;
  } else {
    const found = await shaped(db, names.search, shape, statements.search).execute(values);
    const byIds = {
      viewerRole: shape.viewerRole,
      viewerHasLandlord: shape.viewerHasLandlord,
      sort: shape.sort,
      direction: shape.direction,
    };
    rows =
      found.length === 0
        ? []
        : await shaped(db, names.byIds, byIds, statements.byIds).execute({
            ...values,
            ids: found.map((row) => row.id),
          });
    matched = found[0]?.matched;
  }
  if (rows.length > 0 || !shape.later) return { rows, total: cappedTotal(matched ?? 0, cap) };
  // Past the last page no row carries the total: counted alone, whatever the sort and page size.
  const countShape = { ...shape, sort: '', direction: 'asc', perPage: 0 } as const;
  const counting = shaped(db, names.count, countShape, (db, shape, p) =>
    db.select({ counted: countAll }).from(statements.matching(db, shape, p)),
  );
  const [{ counted }] = await counting.execute(values);
  return { rows, total: cappedTotal(counted, cap) };
}
