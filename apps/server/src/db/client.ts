/**
 * Opens the database: a PostgreSQL server when a URL is given (node-postgres pool), otherwise the
 * embedded PGlite (PostgreSQL compiled to WebAssembly, in-process). Service code sees one `Db` type
 * and runs unchanged on both.
 */

import { mkdirSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type Assume, getTableName, isTable, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { leanArrayResults } from './pg-results';
import * as schema from './schema';

/**
 * The result shape both drivers share for `db.execute(sql...)`: `{ rows }` (node-postgres answers a
 * `QueryResult`, PGlite a `Results`; both have `rows`). Read `rows` only.
 */
export interface MendQueryResultHKT extends PgQueryResultHKT {
  type: QueryRows<Assume<this['row'], Record<string, unknown>>>;
}

export interface QueryRows<Row> {
  rows: Row[];
}

/** The database (or a transaction: a `Tx` is a `Db` too), whichever driver is underneath. */
export type Db = PgDatabase<MendQueryResultHKT, typeof schema>;
/** The `tx` of `db.transaction(async (tx) => ...)`. Functions may take `Db` and be given a `Tx`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Db;
  kind: DatabaseKind;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** postgres://... : use this PostgreSQL server. Wins over dataDir. */
  databaseUrl?: string;
  /** PGlite data folder (created if missing), or 'memory://' for a throw-away in-memory database. Default 'memory://'. */
  dataDir?: string;
  /** Log every SQL statement (drizzle's logger). */
  log?: boolean;
  /** node-postgres pool size (default `DEFAULT_POOL_SIZE`, at least 2: migrating holds one connection for its lock). */
  poolSize?: number;
}

/**
 * PostgreSQL does its best with about two busy connections per core (its wiki's "cores × 2" rule): more
 * only queue inside it, switching between backends. With the database on the app's machine (the usual
 * setup) that is 4 on 2 cores, where 4 gave more requests/s and shorter tails than 10 (docs/performance.md);
 * at most 10, the earlier fixed size. DATABASE_POOL_SIZE sets it.
 */
export const DEFAULT_POOL_SIZE = Math.min(10, Math.max(4, 2 * os.availableParallelism()));

/** Arbitrary constant naming the advisory lock taken while migrating ("mend" in ASCII). */
const MIGRATION_LOCK_KEY = 0x6d656e64;

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

const handles = new WeakMap<
  Db,
  {
    pglite?: PgliteDatabase<typeof schema>;
    pgliteClient?: PGlite;
    nodePg?: NodePgDatabase<typeof schema>;
    pool?: pg.Pool;
  }
>();

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<DatabaseHandle> {
  const logger = options.log ?? false;

  if (options.databaseUrl) {
    leanArrayResults();
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: Math.max(2, options.poolSize ?? DEFAULT_POOL_SIZE),
    });
    // A client losing its connection (a server restart ends every backend) must not crash the process. The
    // pool listens on its idle clients only: one checked out between two statements (a transaction's) would
    // emit 'error' with no listener. Each client gets its own; that client's next query fails, and the pool
    // drops it when it is released.
    pool.on('connect', (client) => {
      client.on('error', (error) => {
        console.error('[db] PostgreSQL client error:', error.message);
      });
    });
    // The pool's own event for an idle client's error, which the client's listener has already logged.
    pool.on('error', () => {});
    // Fail now, with a clear message, rather than at the first query.
    const client = await pool.connect().catch(async (error: unknown) => {
      await pool.end().catch(() => {});
      throw new Error(
        `Cannot connect to PostgreSQL at ${redactUrl(options.databaseUrl!)}: ${messageOf(error)}`,
        {
          cause: error,
        },
      );
    });
    client.release();
    const nodePg = drizzleNodePg({ client: pool, schema, logger });
    const db: Db = nodePg;
    handles.set(db, { nodePg, pool });
    let closed = false;
    return {
      db,
      kind: 'postgres',
      async close() {
        if (closed) return;
        closed = true;
        await pool.end();
      },
    };
  }

  const dataDir = options.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const client = new PGlite(dataDir, { extensions: { pg_trgm } });
  await client.waitReady;
  const pglite = drizzlePglite({ client, schema, logger });
  const db: Db = pglite;
  handles.set(db, { pglite, pgliteClient: client });
  return {
    db,
    kind: 'pglite',
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

/** Applies the committed migrations that have not run yet (tracked in drizzle.__drizzle_migrations). */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  const drivers = handles.get(handle.db);
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  if (drivers?.nodePg && drivers.pool) {
    // Several app processes may start at once against one server: a session-level advisory lock,
    // held on its own connection, lets one of them migrate while the others wait (then find nothing to do).
    const lockClient = await drivers.pool.connect();
    try {
      await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await migrateNodePg(drivers.nodePg, config);
    } finally {
      await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
      lockClient.release();
    }
  } else if (drivers?.pglite) await migratePglite(drivers.pglite, config);
  else throw new Error('migrateDatabase: this handle was not opened by openDatabase()');
}

/** What `listenTo` is told: each message's payload, and that messages may have been missed (a lost connection). */
export interface ChannelListener {
  message(payload: string): void;
  missed(): void;
}

/** Waits before connecting again after the listening connection to PostgreSQL was lost. */
const RELISTEN_MS = 1000;

/**
 * Listens on a NOTIFY channel of the database: the embedded PGlite delivers in process; with PostgreSQL, a connection
 * of its own outside the pool (a pooled one is shared by statements), connected again after it is lost, when
 * `missed` says that messages sent meanwhile were not heard. Answers the function that stops listening.
 */
export async function listenTo(
  db: Db,
  channel: string,
  listener: ChannelListener,
): Promise<() => Promise<void>> {
  const drivers = handles.get(db);
  if (drivers?.pgliteClient) {
    const unlisten = await drivers.pgliteClient.listen(channel, (payload) => listener.message(payload));
    return async () => {
      if (!drivers.pgliteClient?.closed) await unlisten();
    };
  }
  if (!drivers?.pool) throw new Error('listenTo: this handle was not opened by openDatabase()');
  const options = drivers.pool.options;
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const next = new pg.Client(options);
    next.on('notification', (message) => {
      if (message.channel === channel) listener.message(message.payload ?? '');
    });
    // Followed by 'end' once the connection is gone.
    next.on('error', (error) => console.error('[db] listening connection error:', error.message));
    try {
      await next.connect();
      await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      next.end().catch(() => {});
      throw error;
    }
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    next.on('end', () => {
      if (client !== next || stopped) return;
      client = null;
      retry = setTimeout(reconnect, RELISTEN_MS);
    });
  };
  const reconnect = () => {
    if (stopped) return;
    connect().then(
      () => listener.missed(),
      () => {
        retry = setTimeout(reconnect, RELISTEN_MS);
      },
    );
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const last = client;
    client = null;
    await last?.end().catch(() => {});
  };
}

/** True when there is no user at all (a fresh database: time to seed or create a super admin). */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ id: schema.users.id }).from(schema.users).limit(1);
  return rows.length === 0;
}

/** Every table of the schema, by SQL name. */
export const ALL_TABLES: string[] = (Object.values(schema) as unknown[])
  .filter(isTable)
  .map((table) => getTableName(table))
  .sort();

/**
 * Deletes ALL data (not the schema or the migration history) and restarts every id sequence at 1.
 * For the `reseed` command and tests only.
 */
export async function truncateAllTables(db: Db): Promise<void> {
  const list = sql.join(
    ALL_TABLES.map((name) => sql.identifier(name)),
    sql.raw(', '),
  );
  await db.execute(sql`truncate table ${list} restart identity cascade`);
}

function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparsable DATABASE_URL)';
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The SQLSTATE of a database error (drizzle wraps driver errors in DrizzleQueryError; the code is on a cause). */
export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    if ('code' in current && typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code)) {
      return current.code;
    }
    current = 'cause' in current ? current.cause : undefined;
  }
  return undefined;
}

/**
 * True when a DELETE was refused because other rows still point at the row (an ON DELETE RESTRICT
 * foreign key). PostgreSQL 17+ (and PGlite) report 23001 restrict_violation; PostgreSQL 16 and older
 * report 23503 foreign_key_violation. Check both.
 */
export function isRowInUseError(error: unknown): boolean {
  const code = pgErrorCode(error);
  return code === '23001' || code === '23503';
}

/** True for a unique-constraint violation (23505), e.g. a taken email or username. */
export function isUniqueViolation(error: unknown): boolean {
  return pgErrorCode(error) === '23505';
}
