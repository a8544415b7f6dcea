/**
 * A people list counts its total up to LIST_COUNT_CAP past the first row of the page asked for (ADR 0014, 0021),
 * also on a page past the last one, which carries no row to bring the total and counts alone. The super admin's
 * search counts up to SEARCH_COUNT_CAP in the walk that finds its page (`userSearchPage`): its pages and totals.
 */
import { LIST_COUNT_CAP, ROLE, SEARCH_COUNT_CAP } from '@mend/shared';
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

async function tenantsPage(query: string) {
  const response = await (await clientFor(t, w.admin)).get(`/api/tenants?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { data: { id: number }[]; meta: Record<string, unknown> };
}

const tenantsMeta = (page: number) => tenantsPage(`landlord_id=${w.south.landlord.id}&page=${page}`);

/** The ids of the bulk tenants whose search text holds `term`, in the list's default order (newest first). */
async function bulkTenantIds(term: string): Promise<number[]> {
  const { rows } = await t.db.execute<{ id: number }>(
    sql`select id from users where role = ${ROLE.tenant} and search_text like ${`%${term}%`}
        order by created_at desc, id desc`,
  );
  return rows.map((row) => row.id);
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

describe('the super admin’s search of every tenant', () => {
  it('shows a later page of a common word’s matches and counts up to the cap past it', async () => {
    const expected = await bulkTenantIds('bulk');
    const page = await tenantsPage('search=bulk&page=3');
    expect(page.data.map((row) => row.id)).toEqual(expected.slice(20, 30));
    expect(page.meta).toEqual({ total: 20 + SEARCH_COUNT_CAP, page: 3, per_page: 10, total_capped: true });
  });

  it('counts a word with fewer matches than the cap exactly, on its last page and past it', async () => {
    const expected = await bulkTenantIds('tenant 105');
    expect(expected.length).toBe(11);
    const last = await tenantsPage('search=tenant%20105&page=2');
    expect(last.data.map((row) => row.id)).toEqual(expected.slice(10));
    expect(last.meta).toEqual({ total: 11, page: 2, per_page: 10 });
    const past = await tenantsPage('search=tenant%20105&page=4');
    expect(past.data).toEqual([]);
    expect(past.meta).toEqual({ total: 11, page: 4, per_page: 10 });
  });

  it('reads a page of the largest size from the same walk', async () => {
    const expected = await bulkTenantIds('bulk');
    const page = await tenantsPage('search=bulk&page=2&per_page=100');
    expect(page.data.map((row) => row.id)).toEqual(expected.slice(100, 200));
    expect(page.meta).toEqual({ total: 100 + SEARCH_COUNT_CAP, page: 2, per_page: 100, total_capped: true });
  });
});
