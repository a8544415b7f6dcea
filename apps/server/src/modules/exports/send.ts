/**
 * A list's CSV export as the answer to its request (issue 27): the rows are read through a cursor a batch at a time
 * (lib/list-export.ts), each batch answered by the list's own serializer, turned into CSV lines (@mend/shared
 * `csvLines`: quoting, formulas neutralised) and written to the reply, which Fastify pipes to the client. A write the
 * client is not ready for waits for it ('drain') before more is read, so a download holds a batch or two in memory
 * however long the list and however slow the client.
 *
 * The first batch is read before the answer starts: a list the viewer may not read, or a statement that fails, is
 * still an error answer (JSON, with its status). Past that point the status is sent; a failure then cuts the download
 * short (Fastify logs it and closes the connection), and a client that goes away ends the transaction.
 */
import { PassThrough } from 'node:stream';
import { CSV_BOM, csvLines } from '@mend/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { type ListExport, readInBatches } from '../../lib/list-export';
import type { CsvColumn } from './columns';

/** The download ended before its last batch: the client went away, or took nothing for too long. */
class DownloadClosed extends Error {}

/**
 * How long a client may take nothing before its download is cut: while it waits, an export holds a pooled connection
 * (on PGlite, the one connection every request shares), which a stalled client must not keep.
 */
const STALLED_MS = 60_000;

/** Writes `text`, and waits while the client has not taken what was written before (backpressure). */
function write(body: PassThrough, text: string): Promise<void> {
  if (body.destroyed) return Promise.reject(new DownloadClosed());
  if (body.write(text)) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      body.off('drain', drained);
      body.off('close', closed);
    };
    const drained = () => {
      done();
      resolve();
    };
    const closed = () => {
      done();
      reject(new DownloadClosed());
    };
    const timer = setTimeout(() => {
      body.destroy();
      closed();
    }, STALLED_MS);
    body.once('drain', drained);
    body.once('close', closed);
  });
}

/** `tickets-2026-12-02.csv`: the list and the day (UTC) of the export. */
export const csvFileName = (name: string, now: Date) => `${name}-${now.toISOString().slice(0, 10)}.csv`;

/**
 * Answers `list` as a CSV file named after `name` and the day: a byte order mark and the header row, then a line per
 * row in the list's order. Returns the reply (the route's answer), once the first batch has been read.
 */
export async function sendCsv<Row, Shown>(
  app: FastifyInstance,
  reply: FastifyReply,
  name: string,
  list: ListExport<Row, Shown>,
  columns: CsvColumn<Shown>[],
  now: Date,
): Promise<FastifyReply> {
  const body = new PassThrough();
  let opened: () => void = () => {};
  const firstBatchRead = new Promise<void>((resolve) => {
    opened = resolve;
  });
  let first = true;
  const reading = readInBatches(app.db, list.select, app.config.exportBatchRows, async (tx, rows) => {
    if (first) {
      first = false;
      opened();
      await write(body, CSV_BOM + csvLines([columns.map((column) => column.header)]));
    }
    if (rows.length === 0) return;
    const shown = await list.answer(tx, rows);
    await write(body, csvLines(shown.map((row) => columns.map((column) => column.cell(row)))));
  }).then(
    () => {
      body.end();
    },
    (error: unknown) => {
      // Before the answer started, the route throws it (below); after, the download is cut short with it.
      if (!first && !(error instanceof DownloadClosed)) body.destroy(error as Error);
      else body.destroy();
      throw error;
    },
  );
  // A failure is the download's (above) or the route's (below): never an unhandled rejection.
  reading.catch(() => {});
  // Nothing is sent until the statement has run: its failure is an error answer of its own.
  await Promise.race([firstBatchRead, reading]);
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${csvFileName(name, now)}"`)
    .header('cache-control', 'private, no-store')
    .send(body);
}
