/**
 * A list that nothing narrows (the super admin's units, users and outbox, unfiltered) takes its capped total from
 * PostgreSQL's estimate of the table when that estimate is far above the cap, and counts otherwise: narrowed
 * lists (searched, filtered, another role's scope) are always counted.
 */
import { LIST_COUNT_CAP } from '@mend/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../src/db/schema';
import { ESTIMATE_MARGIN } from '../src/lib/list-query';
import { createTestApp, type TestApp } from './helpers/app';
import { clientFor, createWorld, type World } from './helpers/ticket-factories';

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
  // A list's first page carries its total on its rows (ADR 0022): the outbox needs a message to show one.
  await t.db
    .insert(outboxMessages)
    .values({ channel: 'email', kind: 'test.notice', recipient: 'someone@example.test' });
}, 60_000);

afterAll(() => t?.close());

type Meta = { total: number; page: number; per_page: number; total_capped?: true };

async function metaOf(user: World['admin'], path: string): Promise<Meta> {
  const response = await (await clientFor(t, user)).get(path);
  expect(response.statusCode, path).toBe(200);
  return (response.json() as { meta: Meta }).meta;
}

/** What autovacuum would write for a table of ten times the estimate's margin over the cap. */
async function estimateHuge(table: string) {
  await t.db.execute(
    sql`update pg_class set reltuples = ${LIST_COUNT_CAP * ESTIMATE_MARGIN * 10} where oid = ${table}::regclass`,
  );
}

describe.each([
  { table: 'units', list: '/api/units', narrowed: ['/api/units?search=a', `/api/units?property_id=1`] },
  {
    table: 'users',
    list: '/api/users',
    narrowed: ['/api/users?search=a', '/api/users?role=2', '/api/tenants'],
  },
  {
    table: 'outbox_messages',
    list: '/api/outbox',
    narrowed: ['/api/outbox?search=a', '/api/outbox?status=sent'],
  },
])("the super admin's unfiltered $table", ({ table, list, narrowed }) => {
  it('is counted while the estimate is small, capped at once when the table is estimated huge', async () => {
    const counted = await metaOf(w.admin, list);
    expect(counted.total_capped).toBeUndefined();

    await estimateHuge(table);
    expect(await metaOf(w.admin, list)).toEqual({
      total: LIST_COUNT_CAP,
      page: 1,
      per_page: 10,
      total_capped: true,
    });
    for (const path of narrowed) expect((await metaOf(w.admin, path)).total_capped, path).toBeUndefined();
    // Another role's scope narrows it too.
    if (table !== 'outbox_messages') {
      expect((await metaOf(w.north.manager, list.replace('users', 'tenants'))).total_capped).toBeUndefined();
    }

    await t.db.execute(sql.raw(`analyze ${table}`));
    expect(await metaOf(w.admin, list)).toEqual(counted);
  });
});
