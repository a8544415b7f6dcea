/**
 * A people list counts its total up to LIST_COUNT_CAP past the first row of the page asked for (ADR 0014, 0021),
 * also on a page past the last one, which carries no row to bring the total and counts alone.
 */
import { LIST_COUNT_CAP, ROLE } from '@mend/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';
import { clientFor, createWorld, type World } from './helpers/ticket-factories';

const TENANTS = LIST_COUNT_CAP + 100;

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
  const landlordId = w.south.landlord.id;
  const { rows } = await t.db.execute<{ n: number }>(
    sql`select count(*)::int as n from users where role = ${ROLE.tenant} and landlord_id = ${landlordId}`,
  );
  // Set-based, as the bench seeds: the south landlord's tenants beyond the cap.
  await t.db.execute(sql`
    insert into users (email, password_hash, role, first_name, last_name, landlord_id)
    select 'bulk.tenant.' || n || '@example.test', 'x', ${ROLE.tenant}, 'Bulk', 'Tenant ' || n, ${landlordId}
    from generate_series(1, ${TENANTS - Number(rows[0].n)}) as n`);
}, 120_000);
afterAll(() => t?.close());

async function tenantsMeta(page: number) {
  const response = await (await clientFor(t, w.admin)).get(
    `/api/tenants?landlord_id=${w.south.landlord.id}&page=${page}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { data: unknown[]; meta: Record<string, unknown> };
}

describe('a people list past its cap', () => {
  it('says so on page 1', async () => {
    expect((await tenantsMeta(1)).meta).toEqual({
      total: LIST_COUNT_CAP,
      page: 1,
      per_page: 10,
      total_capped: true,
    });
  });

  it('counts exactly on a later page that reaches the last row', async () => {
    expect((await tenantsMeta(50)).meta).toEqual({ total: TENANTS, page: 50, per_page: 10 });
  });

  it('counts exactly past the last page, where no row carries the total', async () => {
    const past = await tenantsMeta(TENANTS / 10 + 50);
    expect(past.data).toEqual([]);
    expect(past.meta).toEqual({ total: TENANTS, page: TENANTS / 10 + 50, per_page: 10 });
  });
});
