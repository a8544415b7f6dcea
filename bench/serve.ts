/**
 * The app as its own process for bench/load.ts and bench:http --server-process (forked with IPC): startBenchApp (bench/app.ts) against the
 * bench database. Sends { port } once listening, then { memory } (process.memoryUsage() after a full GC)
 * when asked, and { busy } (database requests under way). Needs --expose-gc. Target from the environment: BENCH_DATABASE_URL (with BENCH_POOL_SIZE) or
 * BENCH_PGLITE.
 */
import { rmSync } from 'node:fs';
import { DEFAULT_POOL_SIZE, migrateDatabase, openDatabase } from '../apps/server/src/db/client';
import { startBenchApp } from './app';

const databaseUrl = process.env.BENCH_DATABASE_URL;
const handle = await openDatabase(
  databaseUrl
    ? { databaseUrl, poolSize: Number(process.env.BENCH_POOL_SIZE) || DEFAULT_POOL_SIZE }
    : { dataDir: String(process.env.BENCH_PGLITE) },
);
await migrateDatabase(handle);
const { app, port, dataDir } = await startBenchApp(handle, 'mend-bench-serve-');

const gc = (globalThis as { gc?: () => void }).gc;
process.on('message', async (message: { type: string }) => {
  if (message.type === 'memory') {
    gc?.();
    process.send?.({ type: 'memory', memory: process.memoryUsage() });
  } else if (message.type === 'busy') {
    // Database work under way (PostgreSQL pool): bench/http.ts waits for 0 after each run.
    const pool = (
      handle.db as unknown as { $client: { totalCount?: number; idleCount?: number; waitingCount?: number } }
    ).$client;
    const busy = (pool.totalCount ?? 0) - (pool.idleCount ?? 0) + (pool.waitingCount ?? 0);
    process.send?.({ type: 'busy', busy });
  } else if (message.type === 'stop') {
    await app.close();
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  }
});
process.send?.({ type: 'port', port });
