/**
 * The plans of the people lists at 250,000 users depend on indexes that a test's few rows never need: so the
 * planner is told to avoid sequential scans and sorts, and each list statement must still find an index that
 * reads its page in order (ORDER BY <key>, id), a trigram index for the super admin's search, and a join (not a
 * check of every tenant) for a contractor's tenant list.
 */
import { LIST_SORTS, ROLE, type UserType } from '@mend/shared';
import { type SQLWrapper, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withValues } from '../src/db/reusable';
import type { Actor } from '../src/lib/actor';
import { userListPage, userListQuery, userListShape, userSearchPage } from '../src/modules/users/service';
import { createTestApp, type TestApp } from './helpers/app';
import { explain, type PlanType } from './helpers/statements';
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

/**
 * What a plan is kept from. A page reads its rows in order from an index, never a sort (`PAGE`). A search reads its
 * matches in the list's order, as far as its count goes (ADR 0051): a test's few rows make that walk cheap for any
 * word, whereas at full scale PostgreSQL walks the sort's index only for a common word and sorts a rare word's few
 * matches, found by the trigram index; `SEARCH` prices the walk out, `WALK` the trigram index (a common word's plan).
 */
const PAGE: PlanType[] = ['seqscan', 'sort', 'incremental_sort'];
const SEARCH: PlanType[] = ['seqscan', 'indexscan'];
const WALK: PlanType[] = ['seqscan', 'bitmapscan', 'sort'];

/**
 * The plan of a statement with `off` priced out and, given `dropping` (a condition on pg_indexes), those of the
 * users' indexes dropped first.
 */
const planOf = (statement: SQLWrapper, off: readonly PlanType[] = PAGE, dropping?: string) =>
  explain(
    t.db,
    statement,
    off,
    dropping === undefined
      ? undefined
      : async (query) => {
          const { rows } = await query(
            `select indexname as name from pg_indexes where tablename = 'users' and ${dropping}`,
          );
          for (const { name } of rows) await query(`drop index "${name}"`);
        },
  );

/** A sort of the list's rows (each contractor's links are aggregated in their own order, a few rows each). */
const sortsTheRows = /Sort Key: (?!properties\.name, properties\.id|categories\.title, categories\.id)/;

/** The page's statement (rows, links and total) with the values it runs with. */
function pageOf(actor: Actor, type: UserType, rawQuery: Record<string, string>) {
  const { shape, values } = userListShape(actor, type, userListQuery.parse(rawQuery));
  return (shape.search === 'wide' ? userSearchPage : userListPage)(t.db, shape, withValues(values));
}

describe('the people lists', () => {
  const sorts = (['users', 'tenants', 'contractors'] as const).flatMap((type) =>
    LIST_SORTS.users.flatMap((sort) =>
      (['asc', 'desc'] as const).map((order) => [type, sort, order] as const),
    ),
  );

  it.each(sorts)('%s sorted by %s %s read their page from an index, in order', async (type, sort, order) => {
    const plan = await planOf(pageOf(admin, type, { sort, order }));
    expect(plan).not.toMatch(sortsTheRows);
  });

  it.each(['tenants', 'contractors'] as const)(
    'read %s sorted by role from their own rows, not by walking every user by id',
    async (type) => {
      // Ordered by role then id, a list of one role was ordered by id: PostgreSQL walked the primary key past the
      // 12,000 staff and contractors to the first tenant (31 ms of SQL at full scale instead of 7). A test's few
      // rows take the (role, id) index instead, which is dropped: the primary key must not serve the order at all.
      for (const order of ['asc', 'desc']) {
        const plan = await planOf(
          pageOf(admin, type, { sort: 'role', order }),
          PAGE,
          "indexname = 'users_role_id_idx'",
        );
        expect(plan).not.toContain('users_pkey');
      }
    },
  );

  it('search the super admin’s whole list through the trigram index', async () => {
    // Its page and its count are one statement, which looks the word up once. A test's few rows would rather read all
    // of an index that carries search_text (the walks' below): those are dropped for the plan.
    const plan = await planOf(
      pageOf(admin, 'users', { search: 'qzxj' }),
      SEARCH,
      "indexdef like '%INCLUDE (search_text)%'",
    );
    expect(plan).toContain('users_search_text_trgm_idx');
    expect(plan.match(/users_search_text_trgm_idx/g)).toHaveLength(1);
  });

  it('search the contractors through their own trigram index, not every user’s', async () => {
    // Through the whole index, a common name matched among 250,000 users (then twice a call: the page and its count)
    // to keep the few thousand contractors: 4.5 ms of database time a search instead of 0.6. A test's few rows
    // would rather walk an index that holds the role: those are dropped for the plan.
    const plan = await planOf(
      pageOf(admin, 'contractors', { search: 'emily' }),
      SEARCH,
      "indexname like 'users_%role%'",
    );
    expect(plan).toContain('users_contractor_search_text_trgm_idx');
    expect(plan).not.toContain('users_search_text_trgm_idx');
  });

  // A common word's search walks the list's order until its page and count are found (ADR 0051): 4,800 users passed
  // for "leah" at full scale, each row read from the table to test its search_text until migration 0039.
  it.each([
    ['users', 'users_created_at_id_idx'],
    ['tenants', 'users_tenant_created_at_id_idx'],
  ] as const)(
    'walk a common word’s search of every one of the %s in the index alone',
    async (type, index) => {
      await t.db.execute(sql`vacuum analyze users`);
      const plan = await planOf(pageOf(admin, type, { search: 'leah' }), WALK);
      expect(plan).toContain(`Index Only Scan Backward using ${index}`);
    },
  );

  it.each(['name', 'company_name', 'email'])(
    'sort the super admin’s search by %s after finding it, not by walking the sort’s index',
    async (sort) => {
      const plan = await planOf(pageOf(admin, 'users', { search: 'leah', sort }), SEARCH);
      expect(plan).toContain('users_search_text_trgm_idx');
      expect(plan).not.toMatch(/users_(name_sort|company_sort|email_id)_idx/);
    },
  );

  it('find a later page’s rows from the sort’s index alone, then read only those', async () => {
    const plan = await planOf(pageOf(admin, 'tenants', { page: '1000' }));
    expect(plan).toMatch(/Index Only Scan Backward using users_(role|tenant)_created_at_id_idx/);
  });

  // PostgreSQL found `role = 2 and role = 0` empty yet planned parallel scans of every tenant (10 ms a call).
  it.each([
    ['tenants', '0'],
    ['contractors', '2'],
  ] as const)(
    'answer a %s list filtered to role %s as empty without asking for the type’s rows',
    async (type, role) => {
      const text = pageOf(admin, type, { role }).toSQL().sql;
      expect(text).toMatch(/where false\b|and false\b/);
    },
  );

  it('read a contractor’s tenants from its properties, not by testing every tenant', async () => {
    const contractor: Actor = { id: w.a.contractor.id, role: ROLE.contractor, landlordId: w.a.landlord.id };
    const plan = await planOf(pageOf(contractor, 'tenants', {}));
    // Its links are subplans of the page's ten rows; the scope is not one tested on every tenant.
    expect(plan).not.toMatch(/Filter: .*SubPlan/);
    expect(plan).toMatch(/contractor_properties/);
  });

  it('count a narrow scope in the pass that finds its page, the whole lists up to their cap', async () => {
    // A contractor's tenants were read twice, once for the page and once for the count: a third of its time.
    const contractor: Actor = { id: w.a.contractor.id, role: ROLE.contractor, landlordId: w.a.landlord.id };
    const manager: Actor = { id: w.a.manager.id, role: ROLE.manager, landlordId: w.a.landlord.id };
    for (const [actor, type, query] of [
      [contractor, 'tenants', {}],
      [manager, 'contractors', { sort: 'name' }],
      [manager, 'tenants', { page: '2', per_page: '1' }],
      [admin, 'users', { landlord_id: String(w.a.landlord.id) }],
    ] as const) {
      const text = pageOf(actor, type, query).toSQL().sql;
      expect(text).toContain('count(*) over ()');
      expect(text).not.toMatch(/limit \d{4}\b/);
    }
    expect(pageOf(admin, 'tenants', {}).toSQL().sql).not.toContain('count(*) over ()');
  });
});
