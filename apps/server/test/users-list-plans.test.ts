/**
 * The plans of the people lists at 250,000 users depend on indexes that a test's few rows never need: so the
 * planner is told to avoid sequential scans and sorts, and each list statement must still find an index that
 * reads its page in order (ORDER BY <key>, id), a trigram index for the super admin's search, and a join (not a
 * check of every tenant) for a contractor's tenant list.
 */
import { LIST_SORTS, ROLE, type UserType } from '@mend/shared';
import { type SQLWrapper, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseListQuery } from '../src/lib/list-query';
import type { Actor } from '../src/lib/session';
import { listStatements } from '../src/modules/users/service';
import { createTestApp, type TestApp } from './helpers/app';
import { createWorld, type World } from './helpers/user-factories';

let t: TestApp;
let w: World;
let admin: Actor;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
  admin = { id: w.admin.id, role: ROLE.superAdmin, landlordId: null };
});
afterAll(() => t?.close());

/** EXPLAIN of a statement with sequential scans and sorts priced out. */
async function planOf(statement: SQLWrapper): Promise<string> {
  return t.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_sort = off`);
    await tx.execute(sql`set local enable_incremental_sort = off`);
    const result = await tx.execute<{ 'QUERY PLAN': string }>(sql`explain ${statement}`);
    return result.rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

function pageOf(actor: Actor, type: UserType, rawQuery: Record<string, string>) {
  return listStatements(t.db, actor, type, parseListQuery(rawQuery), rawQuery).page;
}

describe('the people lists', () => {
  const sorts = (['users', 'tenants', 'contractors'] as const).flatMap((type) =>
    LIST_SORTS.users.flatMap((sort) =>
      (['asc', 'desc'] as const).map((order) => [type, sort, order] as const),
    ),
  );

  it.each(sorts)('%s sorted by %s %s read their page from an index, in order', async (type, sort, order) => {
    const plan = await planOf(pageOf(admin, type, { sort, order }));
    expect(plan).not.toMatch(/Sort/);
  });

  it('search the super admin’s whole list through the trigram index', async () => {
    const query = { search: 'qzxj' };
    const { matching } = listStatements(t.db, admin, 'users', parseListQuery(query), query);
    expect(await planOf(matching)).toContain('users_search_text_trgm_idx');
  });

  it.each(['name', 'company_name', 'email'])(
    'sort the super admin’s search by %s after finding it, not by walking the sort’s index',
    async (sort) => {
      const plan = await planOf(pageOf(admin, 'users', { search: 'leah', sort }));
      expect(plan).toContain('users_search_text_trgm_idx');
      expect(plan).not.toMatch(/users_(name_sort|company_sort|email_id)_idx/);
    },
  );

  it('find a later page’s rows from the sort’s index alone, then read only those', async () => {
    const plan = await planOf(pageOf(admin, 'tenants', { page: '1000' }));
    expect(plan).toContain('Index Only Scan Backward using users_role_created_at_id_idx');
  });

  it('read a contractor’s tenants from its properties, not by testing every tenant', async () => {
    const contractor: Actor = { id: w.a.contractor.id, role: ROLE.contractor, landlordId: w.a.landlord.id };
    const plan = await planOf(pageOf(contractor, 'tenants', {}));
    expect(plan).not.toMatch(/SubPlan/);
    expect(plan).toMatch(/contractor_properties/);
  });
});
