/**
 * npm run bench:export -- [--database-url URL] [--query 'sort=title&order=asc'] [--as superAdmin|manager|tenant|contractor]
 *
 * The largest CSV export (issue 27): the super admin's whole tickets list, a million rows at full scale, downloaded
 * from the real app started in-process (bench/app.ts) against the database bench:seed filled (PostgreSQL, default
 * postgres://postgres@127.0.0.1:5432/mend_bench; nothing is dropped or written but a session). Prints the rows in
 * the file (and the tickets in the database), the time to the first byte and to the last, the size, and this
 * process's memory while the export ran, sampled every 100 ms: its peak RSS and heap growth over what it held before.
 * An export streams from a cursor a batch at a time (EXPORT_BATCH_ROWS), so neither should grow with the list. The heap
 * also holds garbage V8 has not collected yet: with --expose-gc (the npm script's) a full collection every
 * LIVE_EVERY_MS also gives the live heap's peak, what the export really holds.
 *
 * The download is read here too, as it arrives: each chunk's line breaks are counted and the chunk let go, so the
 * reader holds nothing either; what grows is the app's. Run with --expose-gc (the npm script does) so that the
 * baseline is taken after a collection.
 */
import { rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { CSRF_HEADER } from '@mend/shared';
import { sql } from 'drizzle-orm';
import { migrateDatabase, openDatabase } from '../apps/server/src/db/client';
import { startBenchApp } from './app';
import {
  assertBenchDatabase,
  DEFAULT_DATABASE_URL,
  int,
  machineLine,
  readAccounts,
  signIn,
  table,
  uptimeLine,
} from './lib';

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    query: { type: 'string', default: '' },
    as: { type: 'string', default: 'superAdmin' },
    migrate: { type: 'boolean', default: false },
  },
});

const MB = 1024 * 1024;
const SAMPLE_MS = 100;
/** How often the live heap is read (after a full collection, which pauses the process for a few milliseconds). */
const LIVE_EVERY_MS = 2000;
/** Every line of the file ends with CRLF; a cell's own line breaks (ticket titles have none) would count too. */
const LF = 0x0a;

interface Memory {
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

const memory = (): Memory => {
  const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
  return { rss, heapUsed, external, arrayBuffers };
};

async function main() {
  const accountsFile = readAccounts();
  const databaseUrl =
    args['database-url'] ??
    (accountsFile.target.kind === 'postgres' ? accountsFile.target.databaseUrl : DEFAULT_DATABASE_URL);
  assertBenchDatabase(databaseUrl);
  const who = args.as as keyof typeof accountsFile.accounts;
  const account = accountsFile.accounts[who];
  if (!account) throw new Error(`--as: one of ${Object.keys(accountsFile.accounts).join(', ')}`);
  console.log(`bench:export — ${machineLine()}`);
  console.log(`Database: ${databaseUrl.replace(/:[^:@/]*@/, ':***@')} (${accountsFile.scale} scale)`);
  console.log(`Start: ${uptimeLine()}\n`);

  const handle = await openDatabase({ databaseUrl });
  // The bench database is bench:seed's, migrated when it was seeded; --migrate brings it up to this checkout's.
  if (args.migrate) await migrateDatabase(handle);
  const { app, port, dataDir } = await startBenchApp(handle, 'mend-bench-export-');
  try {
    const base = `http://127.0.0.1:${port}`;
    const session = await signIn(base, account.email, accountsFile.password);
    // The database's own count, to compare with the file's (the super admin sees every ticket).
    const { rows: counted } = await handle.db.execute<{ tickets: string }>(
      sql`select count(*)::text as tickets from tickets`,
    );
    const path = `/api/tickets/export.csv${args.query ? `?${args.query}` : ''}`;

    (globalThis as { gc?: () => void }).gc?.();
    const before = memory();
    const peak = { ...before };
    const sampler = setInterval(() => {
      const now = memory();
      for (const key of Object.keys(peak) as (keyof Memory)[]) peak[key] = Math.max(peak[key], now[key]);
    }, SAMPLE_MS);
    const gc = (globalThis as { gc?: () => void }).gc;
    let livePeak = before.heapUsed;
    let liveSamples = 0;
    const live = gc
      ? setInterval(() => {
          gc();
          livePeak = Math.max(livePeak, process.memoryUsage().heapUsed);
          liveSamples++;
        }, LIVE_EVERY_MS)
      : null;

    const started = performance.now();
    const response = await fetch(`${base}${path}`, {
      headers: { cookie: session.cookie, [CSRF_HEADER]: session.csrf },
    });
    const firstByte = performance.now() - started;
    if (response.status !== 200 || !response.body)
      throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
    let bytes = 0;
    let lines = 0;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (let i = chunk.indexOf(LF); i !== -1; i = chunk.indexOf(LF, i + 1)) lines++;
    }
    const elapsed = performance.now() - started;
    clearInterval(sampler);
    if (live) clearInterval(live);
    const after = memory();
    for (const key of Object.keys(peak) as (keyof Memory)[]) peak[key] = Math.max(peak[key], after[key]);

    const rows = lines - 1;
    console.log(`GET ${path} as ${who}: ${response.headers.get('content-disposition')}`);
    console.log(
      table([
        ['', 'value'],
        ['rows in the file (header left out)', int(rows)],
        ['tickets in the database', int(Number(counted[0].tickets))],
        ['size', `${(bytes / MB).toFixed(1)} MB`],
        ['time to first byte', `${firstByte.toFixed(0)} ms`],
        ['time to last byte', `${(elapsed / 1000).toFixed(1)} s`],
        ['rows per second', int(rows / (elapsed / 1000))],
        ['RSS before', `${(before.rss / MB).toFixed(0)} MB`],
        ['RSS peak', `${(peak.rss / MB).toFixed(0)} MB`],
        ['RSS growth (peak - before)', `${((peak.rss - before.rss) / MB).toFixed(0)} MB`],
        ['heap used before', `${(before.heapUsed / MB).toFixed(0)} MB`],
        ['heap used peak', `${(peak.heapUsed / MB).toFixed(0)} MB`],
        ['heap growth (peak - before)', `${((peak.heapUsed - before.heapUsed) / MB).toFixed(0)} MB`],
        [
          `live heap peak (after a full GC, ${liveSamples} samples)`,
          gc ? `${(livePeak / MB).toFixed(0)} MB` : '- (run with --expose-gc)',
        ],
        [
          'live heap growth (peak - before)',
          gc ? `${((livePeak - before.heapUsed) / MB).toFixed(0)} MB` : '-',
        ],
        ['external + array buffers peak', `${((peak.external + peak.arrayBuffers) / MB).toFixed(0)} MB`],
      ]),
    );
    console.log(`\nEnd: ${uptimeLine()}`);
  } finally {
    await app.close();
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
