/**
 * GET /api/properties reads a page (its rows, how many units each has, and the list's capped total) in one
 * statement besides the session lookup, for every role that may list: page 1, a later page, a search and the
 * landlord sort. The rows are each property's detail summed up (ADR 0024); the detail orders its links.
 */
import type { ApiProperty, ApiPropertyListRow } from '@mend/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { createTestApp, type TestApp, type TestClient } from './helpers/app';
import { createLandlord, createProperty, createTenant, createUnit, createUser } from './helpers/factories';
import { createContractor, signedIn } from './helpers/records-factories';
import { statementRecorder } from './helpers/statements';

const VIEWERS = ['admin', 'manager', 'tenant', 'contractor'] as const;
type Viewer = (typeof VIEWERS)[number];

let t: TestApp;
const clients = {} as Record<Viewer, TestClient>;
let landlordId: number;
let shared: number;

beforeAll(async () => {
  t = await createTestApp();
  const landlord = await createLandlord(t.db, 'Statement Estates');
  const other = await createLandlord(t.db, 'Other Holdings');
  landlordId = landlord.id;
  const propertyIds: number[] = [];
  for (const name of ['Birch Court', 'aspen Row', 'Cedar House', 'birch Annex', 'Elm Lofts']) {
    propertyIds.push((await createProperty(t.db, landlord.id, name)).id);
  }
  await createProperty(t.db, other.id, 'Far Away');
  shared = propertyIds[0];
  // Units and people whose names sort differently with and without case, so each link's order is checked.
  const unitB = await createUnit(t.db, shared, 'B-2');
  const unitA = await createUnit(t.db, shared, 'a-1');
  const unitC = await createUnit(t.db, shared, 'C-3');
  await createUnit(t.db, propertyIds[1], 'Solo');
  const tenant = await createTenant(t.db, unitA, landlord.id, 'tenant@statement.test');
  await createTenant(t.db, unitB, landlord.id);
  await createTenant(t.db, unitC, landlord.id);
  await t.db.update(users).set({ firstName: 'zed' }).where(eq(users.id, tenant.id));
  const contractor = await createContractor(
    t.db,
    landlord.id,
    [shared, propertyIds[2]],
    'contractor@statement.test',
  );
  await createContractor(t.db, landlord.id, [shared]);
  // Shown by its company (no name): sorts among the names by "acme".
  await t.db
    .update(users)
    .set({ firstName: '', lastName: '', companyName: 'Acme' })
    .where(eq(users.id, contractor.id));
  await createUser(t.db, { role: 0, email: 'admin@statement.test' });
  await createUser(t.db, { role: 1, email: 'manager@statement.test', landlordId: landlord.id });
  clients.admin = await signedIn(t, 'admin@statement.test');
  clients.manager = await signedIn(t, 'manager@statement.test');
  clients.tenant = await signedIn(t, 'tenant@statement.test');
  clients.contractor = await signedIn(t, 'contractor@statement.test');
});
afterAll(() => t?.close());

async function list(client: TestClient, path: string) {
  const response = await client.get(path);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { data: ApiPropertyListRow[]; meta: Record<string, unknown> };
}

/** Pages that have rows (past the last page, no row carries the total: it is counted by a second statement). */
const PAGES = ['/api/properties', '/api/properties?search=birch', '/api/properties?sort=landlord&order=desc'];
/** Later pages, for the viewers with more than one property (a tenant sees the property of its one unit). */
const LATER_PAGES = ['/api/properties?page=2&per_page=1', '/api/properties?sort=landlord&page=2&per_page=1'];

function pagesOf(viewer: Viewer): string[] {
  if (viewer === 'tenant') return PAGES;
  const pages = [...PAGES, ...LATER_PAGES];
  return viewer === 'admin'
    ? [...pages, `/api/properties?landlord_id=${landlordId}&search=estates&page=2&per_page=2`]
    : pages;
}

describe('GET /api/properties', () => {
  it.each(VIEWERS)('as %s reads each page in one statement besides the session lookup', async (viewer) => {
    const recorder = statementRecorder(t.db);
    for (const path of pagesOf(viewer)) {
      let page: Awaited<ReturnType<typeof list>> | undefined;
      const statements = await recorder.during(async () => {
        page = await list(clients[viewer], path);
      });
      expect(page?.data.length, path).toBeGreaterThan(0);
      const reads = statements.filter((statement) => !statement.text.includes('"sessions"'));
      // The super admin's search of every property: its ids and total planned with the pattern, then the rows by id.
      const wideSearch = viewer === 'admin' && path.includes('search=') && !path.includes('landlord_id');
      expect(
        reads.map((statement) => / like /.test(statement.text)),
        path,
      ).toEqual(wideSearch ? [true, false] : [false]);
    }
  });

  it.each(VIEWERS)('as %s lists each property as its detail summed up', async (viewer) => {
    const { data } = await list(clients[viewer], '/api/properties?per_page=100');
    expect(data.length).toBeGreaterThan(0);
    for (const row of data) {
      const {
        units,
        users: _people,
        ...fields
      } = (await clients[viewer].get(row.path)).json() as ApiProperty;
      expect(row).toEqual({ ...fields, unit_count: units.length });
    }
  });

  it('orders units by name and people contractors first, each by shown name; a tenant sees no tenants', async () => {
    const rowOf = async (viewer: Viewer) =>
      (await clients[viewer].get(`/api/properties/${shared}`)).json() as ApiProperty;
    const asManager = await rowOf('manager');
    expect(asManager.units.map((unit) => unit.name)).toEqual(['a-1', 'B-2', 'C-3']);
    const people = asManager.users.map((user) => [user.role_name, user.name.split(' ')[0]]);
    expect(people).toEqual([
      ['Contractor', 'Acme'],
      ['Contractor', 'Test'],
      ['Tenant', 'Test'],
      ['Tenant', 'Test'],
      ['Tenant', 'zed'],
    ]);
    const asTenant = await rowOf('tenant');
    expect(asTenant.units.map((unit) => unit.name)).toEqual(['a-1']);
    expect(asTenant.users.map((user) => user.role_name)).toEqual(['Contractor', 'Contractor']);
    const asContractor = await rowOf('contractor');
    expect(asContractor.users).toEqual(asManager.users);
  });

  it('counts a page past the end', async () => {
    const { data, meta } = await list(clients.manager, '/api/properties?page=9&per_page=2');
    expect(data).toEqual([]);
    expect(meta).toEqual({ total: 5, page: 9, per_page: 2 });
    const searched = await list(clients.admin, '/api/properties?search=birch&page=3&per_page=1');
    expect(searched.meta).toEqual({ total: 2, page: 3, per_page: 1 });
  });
});
