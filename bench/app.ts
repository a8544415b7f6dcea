/**
 * The real app for the benches: buildApp on 127.0.0.1 at a random port against the bench database, logger
 * off, sign-in rate limit out of the way, no outbox worker, no demo data, its files in a scratch folder.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import type { DatabaseHandle } from '../apps/server/src/db/client';

export async function startBenchApp(handle: DatabaseHandle, prefix: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
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
    // Processes started together share BENCH_APP_SECRET, as several app servers must (ADR 0043).
    APP_SECRET: process.env.BENCH_APP_SECRET || randomBytes(24).toString('hex'),
    OUTBOX_WORKER: '0',
  });
  const app = await buildApp({ config, db: handle.db, logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('The app did not listen on a TCP port');
  return { app, port: address.port, dataDir };
}
