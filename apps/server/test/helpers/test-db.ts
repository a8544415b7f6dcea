/**
 * A fresh, migrated database for one test file.
 *
 * Default: an in-memory PGlite. With MEND_TEST_DB=postgres: a throw-away database created on the server
 * named by MEND_TEST_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres) and dropped on close().
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, migrateDatabase, openDatabase } from '../../src/db/client';

export type TestDatabase = DatabaseHandle & {
  /** PostgreSQL: its address, for a test that needs connections of its own (fresh ones, nothing prepared yet). */
  url?: string;
};

const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export function testDatabaseKind(): 'pglite' | 'postgres' {
  return process.env.MEND_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

export async function createTestDatabase(): Promise<TestDatabase> {
  if (testDatabaseKind() === 'postgres') return createPostgresTestDatabase();
  const handle = await openDatabase({ dataDir: 'memory://' });
  await migrateDatabase(handle);
  return handle;
}

async function withAdminClient<T>(adminUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function createPostgresTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.MEND_TEST_PG_URL || DEFAULT_PG_URL;
  const name = `mend_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  await withAdminClient(adminUrl, (client) => client.query(`CREATE DATABASE "${name}"`));

  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const drop = () =>
    withAdminClient(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));

  let handle: DatabaseHandle;
  try {
    handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 5 });
    await migrateDatabase(handle);
  } catch (error) {
    await drop().catch(() => {});
    throw error;
  }
  return {
    db: handle.db,
    kind: handle.kind,
    url: url.toString(),
    async close() {
      try {
        await handle.close();
      } finally {
        await drop();
      }
    },
  };
}
