/**
 * The app as its own process for bench/load.ts (forked with IPC): the real buildApp on 127.0.0.1 at a
 * random port against the bench database, logger off, sign-in rate limit out of the way, no outbox worker.
 * Sends { port } once listening, then { memory } (process.memoryUsage() after a full GC) when asked.
 * Needs --expose-gc. Target from the environment: BENCH_DATABASE_URL (with BENCH_POOL_SIZE) or BENCH_PGLITE.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { migrateDatabase, openDatabase } from '../apps/server/src/db/client';

const databaseUrl = process.env.BENCH_DATABASE_URL;
const handle = await openDatabase(
  databaseUrl
    ? { databaseUrl, poolSize: Number(process.env.BENCH_POOL_SIZE) || 10 }
    : { dataDir: String(process.env.BENCH_PGLITE) },
);
await migrateDatabase(handle);
const dataDir = mkdtempSync(path.join(tmpdir(), 'mend-bench-serve-'));
const config = loadConfig({
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: '0',
  LOG_LEVEL: 'silent',
  MEND_DATA_DIR: dataDir,
  MEND_WEB_DIST: path.join(dataDir, 'no-web-build'),
  MEND_DEMO: '0',
  LOGIN_RATE_LIMIT: '1000000000',
  COOKIE_SECURE: '0',
  APP_SECRET: randomBytes(24).toString('hex'),
  OUTBOX_WORKER: '0',
});
const app = await buildApp({ config, db: handle.db, logger: false });
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('The app did not listen on a TCP port');

const gc = (globalThis as { gc?: () => void }).gc;
process.on('message', async (message: { type: string }) => {
  if (message.type === 'memory') {
    gc?.();
    process.send?.({ type: 'memory', memory: process.memoryUsage() });
  } else if (message.type === 'stop') {
    await app.close();
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  }
});
process.send?.({ type: 'port', port: address.port });
