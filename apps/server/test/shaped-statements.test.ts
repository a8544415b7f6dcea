/**
 * A shaped statement (db/reusable.ts) is built once per handle and shape, with its values as placeholders, and
 * gives each call its own values. Under the test runner a statement that took a value from its caller other than
 * through a placeholder is refused: the next caller of the same shape would have been served that value.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shaped } from '../src/db/reusable';
import { users } from '../src/db/schema';
import { createUser } from './helpers/factories';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from './helpers/test-db';

let t: TestDatabase;
let ids: number[];

beforeAll(async () => {
  t = await createTestDatabase();
  ids = [];
  for (const email of ['shaped.a@example.com', 'shaped.b@example.com']) {
    ids.push((await createUser(t.db, { email })).id);
  }
});
afterAll(() => t?.close());

describe('a shaped statement', () => {
  it('is built once per shape and answers each call with its own values', async () => {
    let builds = 0;
    const byId = (id: number) =>
      shaped(t.db, 'test_user_by_id', { column: 'id' }, (db, _shape, p) => {
        builds += 1;
        return db.select({ email: users.email }).from(users).where(eq(users.id, p.id));
      }).execute({ id });
    expect(await byId(ids[0])).toEqual([{ email: 'shaped.a@example.com' }]);
    expect(await byId(ids[1])).toEqual([{ email: 'shaped.b@example.com' }]);
    // Built on the first call; each later call builds it once more only to compare (test runner).
    expect(builds).toBe(3);
  });

  it('is refused when a value reached its text other than through a placeholder', async () => {
    const byId = (id: number) =>
      shaped(t.db, 'test_user_by_written_id', { column: 'id' }, (db) =>
        db.select({ email: users.email }).from(users).where(eq(users.id, id)),
      ).execute({});
    expect(await byId(ids[0])).toEqual([{ email: 'shaped.a@example.com' }]);
    expect(() => byId(ids[1])).toThrow(/not in its shape or a placeholder/);
  });
});

describe.runIf(testDatabaseKind() === 'postgres')('on PostgreSQL', () => {
  it('is prepared even without parameters (planned once, not on every call), but not a text search', async () => {
    const names = await t.db.transaction(async (tx) => {
      const db = tx as unknown as typeof t.db;
      await shaped(db, 'test_every_user', {}, (db) =>
        db.select({ created: users.createdAt }).from(users),
      ).execute({});
      await shaped(db, 'test_user_search', {}, (db, _shape, p) =>
        db.select({ id: users.id }).from(users).where(sql`${users.email} like ${p.pattern}`),
      ).execute({ pattern: '%shaped%' });
      const prepared = await tx.execute<{ statement: string }>(
        sql`select statement from pg_prepared_statements where name like 'mend_%'`,
      );
      return prepared.rows.map((row) => row.statement);
    });
    expect(names.filter((text) => text === 'select "created_at" from "users"')).toHaveLength(1);
    expect(names.filter((text) => text.includes(' like '))).toEqual([]);
  });
});
