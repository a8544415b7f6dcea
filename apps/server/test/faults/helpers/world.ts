/**
 * One fault-test world: a private PostgreSQL cluster with one database, a restartable SMTP catcher on a
 * fixed port, server processes started against both, and a pool of the test's own for looking at rows.
 */
import pg from 'pg';
import { freePort, type PrivateCluster, postgresBinDir, startPrivateCluster } from './cluster';
import { HttpClient } from './http';
import { MailCatcher } from './mail-catcher';
import { type ServerOptions, type ServerProcess, startServer } from './server';

/** Where initdb lives; null (the suites skip) when PostgreSQL's binaries are not installed. */
export const binDir = postgresBinDir();
export const skipReason = binDir
  ? ''
  : 'fault tests skipped: no PostgreSQL binaries (/usr/lib/postgresql/*/bin/initdb)';

export const TEST_APPLICATION_NAME = 'mend-faults-test';

export const ADMIN = { email: 'admin@mend.test', password: 'password' };
/** A manager: the writes these tests make (contact messages) are not the super admin's to make. */
export const MANAGER = { email: 'manager@northwind.test', password: 'password' };
export const TENANT = { email: 'tenant@northwind.test', password: 'password' };

export interface World {
  cluster: PrivateCluster;
  databaseUrl: string;
  catcher: MailCatcher;
  /** The test's own connections (an idle one lost in a restart is replaced on next use). */
  pool: pg.Pool;
  start(name: string, options?: Partial<ServerOptions>): Promise<ServerProcess>;
  signIn(server: ServerProcess, account?: { email: string; password: string }): Promise<HttpClient>;
  /** A number from SQL (count(*) and the like). */
  scalar(query: string, params?: unknown[]): Promise<number>;
  close(): Promise<void>;
}

export async function createWorld(options: { catcherUp?: boolean } = {}): Promise<World> {
  if (!binDir) throw new Error(skipReason);
  const cluster = await startPrivateCluster(binDir);
  const servers: ServerProcess[] = [];
  let pool: pg.Pool | null = null;
  const catcher = new MailCatcher(await freePort());
  try {
    const databaseUrl = await cluster.createDatabase('mend');
    if (options.catcherUp !== false) await catcher.start();
    // Named, so that the app's own connections can be told apart in pg_stat_activity.
    pool = new pg.Pool({ connectionString: databaseUrl, max: 3, application_name: TEST_APPLICATION_NAME });
    pool.on('error', () => {});
    const world: World = {
      cluster,
      databaseUrl,
      catcher,
      pool,
      async start(name, extra = {}) {
        const server = await startServer(name, { databaseUrl, smtpUrl: catcher.url, ...extra });
        servers.push(server);
        return server;
      },
      async signIn(server, account = ADMIN) {
        const client = new HttpClient(server.baseUrl);
        await client.login(account.email, account.password);
        return client;
      },
      async scalar(query, params = []) {
        const result = await world.pool.query(query, params);
        return Number(Object.values(result.rows[0] ?? {})[0]);
      },
      async close() {
        await Promise.all(servers.map((server) => server.stop()));
        await world.pool.end().catch(() => {});
        await catcher.stop();
        cluster.destroy();
      },
    };
    return world;
  } catch (error) {
    await Promise.all(servers.map((server) => server.kill()));
    await pool?.end().catch(() => {});
    await catcher.stop();
    cluster.destroy();
    throw error;
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it answers a truthy value, or throws after `timeoutMs`. */
export async function eventually<T>(
  check: () => Promise<T>,
  timeoutMs: number,
  what: string,
  intervalMs = 100,
): Promise<NonNullable<T>> {
  const until = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value as NonNullable<T>;
    } catch (error) {
      last = error;
    }
    if (Date.now() > until) {
      throw new Error(
        `timed out after ${timeoutMs} ms waiting for ${what}${last ? `: ${String(last)}` : ''}`,
      );
    }
    await sleep(intervalMs);
  }
}
