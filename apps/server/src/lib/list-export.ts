/**
 * Every row of a list, read a batch at a time through a server-side cursor (issue 27's CSV exports,
 * modules/exports): the list's own statement without its page, `DECLARE`d in a read-only transaction and `FETCH`ed
 * `batchRows` rows at a time, so an export of the super admin's million tickets holds one batch in memory, never the
 * result. PostgreSQL plans a cursor for its first rows (cursor_tuple_fraction), so a list sorted by an index streams
 * from that index instead of sorting everything first. PGlite is PostgreSQL too: the same statements run on both.
 *
 * Each batch comes back as drizzle reads the select's own rows (nested objects, dates, `mapWith`), so the list's
 * serializer takes it as it takes a page.
 */
import * as drizzle from 'drizzle-orm';
import { type SQLWrapper, sql } from 'drizzle-orm';
import type { SelectedFieldsOrdered } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client';

/**
 * A drizzle select, before it runs: its text is what the cursor is declared for, its fields how each fetched row is
 * read back. Every list builds one (`db.select(...).from(...).where(...).orderBy(...)`).
 */
export interface CursorSelect<Row> extends SQLWrapper {
  readonly _: { readonly selectedFields: unknown };
  execute(): Promise<Row[]>;
}

/**
 * What a list gives its export: every row it shows (scope, filters, search) in its order, and how it answers a batch
 * of them (its own serializer, which may read more on `db`: the export's transaction).
 */
export interface ListExport<Row, Shown> {
  select: CursorSelect<Row>;
  answer(db: Db, rows: Row[]): Shown[] | Promise<Shown[]>;
}

/**
 * Drizzle's own reading of a select's rows (the fields in the order of its SELECT list, and which joined tables come
 * back null when a left join found nothing): exported by drizzle-orm but not declared in its types. The select's
 * `.prepare()` reads them the same way; test/csv-export.test.ts holds both drivers to the rows a page answers.
 */
const { orderSelectedFields } = drizzle as unknown as {
  orderSelectedFields(fields: unknown): SelectedFieldsOrdered;
};

/** One cursor per transaction, so one name does. */
const CURSOR = 'mend_list_export';

/**
 * Reads `select` through a cursor, `batchRows` rows at a time, in one read-only repeatable-read transaction (every
 * batch, and what `onBatch` reads beside it, from the same snapshot). `onBatch` is awaited before the batch after the
 * next is fetched: a reader that waits for its client (a slow download) holds the reading back, with at most two
 * batches read. It is called at least once (with no rows for an empty list), which says that the statement ran; the
 * last batch is the first one shorter than `batchRows`. A failure (or an `onBatch` that throws, e.g. the download was
 * aborted) ends the transaction, which closes the cursor and gives the connection back.
 */
export async function readInBatches<Row>(
  db: Db,
  select: CursorSelect<Row>,
  batchRows: number,
  onBatch: (tx: Tx, rows: Row[]) => Promise<void>,
): Promise<void> {
  const fields = orderSelectedFields(select._.selectedFields);
  const joins = (select as unknown as { joinsNotNullableMap?: Record<string, boolean> }).joinsNotNullableMap;
  const size = Math.max(1, Math.floor(batchRows));
  await db.transaction(
    async (tx) => {
      await tx.execute(sql`declare ${sql.identifier(CURSOR)} no scroll cursor for ${select.getSQL()}`);
      // FETCH answers the select's own columns: read like the select's rows (array mode, its fields).
      const fetch = tx._.session.prepareQuery<{ execute: Row[]; all: unknown; values: unknown }>(
        { sql: `fetch forward ${size} from ${CURSOR}`, params: [] },
        fields,
        undefined,
        true,
      );
      Object.assign(fetch, { joinsNotNullableMap: joins });
      // The next batch is fetched while this one is answered: the database and the app work at the same time (two
      // batches in memory at most). On the transaction's one connection, what `onBatch` reads queues behind it.
      let next = fetch.execute();
      for (;;) {
        const rows = await next;
        const more = rows.length === size;
        if (more) next = fetch.execute();
        try {
          await onBatch(tx, rows);
        } catch (error) {
          // The fetch under way ends before the transaction's rollback, on the same connection.
          if (more) await next.catch(() => {});
          throw error;
        }
        if (!more) return;
      }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
