/**
 * A shaped statement (db/reusable.ts) is built once per handle and shape, with its values as placeholders, and
 * gives each call its own values. Under the test runner a statement that took a value from its caller other than
 * through a placeholder is refused: the next caller of the same shape would have been served that value.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shaped } from '../src/db/reusable';
import { users } from '../src/db/schema';
import { createUser } from './helpers/factories';
import { createTestDatabase, type TestDatabase } from './helpers/test-db';

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
