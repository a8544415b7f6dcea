/**
 * GET /api/units reads a page (its rows, their property, tenants, newest tickets and categories, and the list's
 * total) with one statement besides the session lookup, whoever lists it and whatever the page, search or sort;
 * a unit's detail reads the unit and the same links with one statement too. The rows are what they were: checked
 * here against the data written, and against the detail.
 */
import { statusText } from '@mend/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UnitRow, UserRow } from '../src/db/schema';
import type { TestApp, TestClient } from './helpers/app';
import { createTestApp } from './helpers/app';
import { createCategory, createTenant, createUnit } from './helpers/factories';
import { createTicket, setUnitCategories } from './helpers/records-factories';
import { statementRecorder } from './helpers/statements';
import { createWorld, signedIn, type World } from './helpers/user-factories';

let t: TestApp;
let w: World;
let recorder: ReturnType<typeof statementRecorder>;
let secondTenant: UserRow;
/** The tickets of `w.a.unit`, oldest first; the contractor's are routed to it. */
let made: { id: number; title: string; status: number; routed: boolean }[];
let categoryTitles: { id: number; title: string }[];

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
  recorder = statementRecorder(t.db);
  secondTenant = await createTenant(t.db, w.a.unit, w.a.landlord.id);
  // Titles whose case-insensitive order differs from their byte order and from their ids.
  const titles = ['heating', 'Appliances', 'HVAC', 'drywall'];
  categoryTitles = [];
  for (const title of titles) categoryTitles.push(await createCategory(t.db, title));
  await setUnitCategories(
    t.db,
    w.a.unit.id,
    categoryTitles.map((category) => category.id),
  );
  made = [];
  const start = Date.UTC(2025, 0, 1);
  for (let i = 0; i < 23; i++) {
    const routed = i % 3 === 0;
    const ticket = await createTicket(t.db, w.a.unit, {
      title: `Leak ${i}`,
      status: i % 5,
      // Two tickets share a time: the newer id comes first.
      createdAt: new Date(start + Math.min(i, 21) * 60_000),
      recipients: routed ? [w.a.contractor.id] : [],
    });
    made.push({ id: ticket.id, title: ticket.title, status: ticket.status, routed });
  }
  // Enough units on the contractor's property for later pages of every list but the tenant's.
  for (let i = 0; i < 12; i++) await createUnit(t.db, w.a.property.id, `Alpha Tower ${201 + i}`);
}, 60_000);
afterAll(() => t?.close());

type Viewer = 'super admin' | 'manager' | 'tenant' | 'contractor';
const userOf = (viewer: Viewer): UserRow =>
  ({ 'super admin': w.admin, manager: w.a.manager, tenant: w.a.tenant, contractor: w.a.contractor })[viewer];

async function clientOf(viewer: Viewer): Promise<TestClient> {
  return signedIn(t, userOf(viewer));
}

/** The statements an answer took, besides the session lookup, and the answer. */
async function read(client: TestClient, path: string) {
  let response: Awaited<ReturnType<TestClient['get']>> | undefined;
  const statements = await recorder.during(async () => {
    response = await client.get(path);
  });
  expect(response!.statusCode, `${path}: ${response!.body}`).toBe(200);
  return {
    reads: statements.filter((statement) => !statement.text.includes('"sessions"')),
    body: response!.json(),
  };
}

/** `w.a.unit` as `viewer` sees it, from the rows written above. */
function expectedUnit(viewer: Viewer, unit: UnitRow) {
  const person = (user: UserRow) => ({
    id: user.id,
    company_name: user.companyName,
    name: `${user.firstName} ${user.lastName}`,
    email: user.email,
    phone_number: user.phoneNumber,
    avatar: null,
  });
  const visible = made.filter((ticket) => viewer !== 'contractor' || ticket.routed);
  const newest = [...visible]
    .reverse()
    .slice(0, 20)
    .map(({ id, title, status }) => ({ id, title, status, status_text: statusText(status) }));
  const categories = [...categoryTitles]
    .sort((a, b) => a.title.toLowerCase().localeCompare(b.title.toLowerCase()) || a.id - b.id)
    .map(({ id, title }) => ({ id, title, description: `${title} description` }));
  return {
    id: unit.id,
    name: unit.name,
    description: unit.description,
    gmaps_url: unit.gmapsUrl,
    postal_code: unit.postalCode,
    address: unit.address,
    avatar: null,
    property_id: w.a.property.id,
    property: { id: w.a.property.id, name: w.a.property.name, landlord_id: w.a.landlord.id },
    time_zone: 'America/Edmonton',
    tenant: person(w.a.tenant),
    users: [person(w.a.tenant), person(secondTenant)],
    tickets: newest,
    category_ids: categories.map((category) => category.id),
    categories,
    path: `/api/units/${unit.id}/`,
    created_at_timestamp: Math.floor(unit.createdAt.getTime() / 1000),
  };
}

const pages: Record<Viewer, string[]> = {
  'super admin': [
    '/api/units',
    '/api/units?page=2&per_page=3',
    '/api/units?sort=property&order=asc',
    '/api/units?sort=property&order=desc&page=3&per_page=2',
    // Narrowed by a landlord, a property.
    '/api/units?landlord_id=LANDLORD',
    '/api/units?property_id=PROPERTY&page=2&per_page=5',
  ],
  manager: [
    '/api/units',
    '/api/units?page=2&per_page=3',
    '/api/units?search=alpha%20tower',
    '/api/units?sort=property&order=asc',
    '/api/units?sort=name&order=desc&page=4&per_page=2',
  ],
  tenant: ['/api/units', '/api/units?search=alpha', '/api/units?sort=property'],
  contractor: [
    '/api/units',
    '/api/units?page=2&per_page=3',
    '/api/units?search=tower%20101',
    '/api/units?sort=property&order=desc',
  ],
};

const filled = (path: string) =>
  path.replace('LANDLORD', String(w.a.landlord.id)).replace('PROPERTY', String(w.a.property.id));

describe('a page of units', () => {
  const cases = (Object.keys(pages) as Viewer[]).flatMap((viewer) =>
    pages[viewer].map((path) => [viewer, path] as const),
  );

  it.each(cases)('of the %s, %s, is read with one statement', async (viewer, path) => {
    const { reads, body } = await read(await clientOf(viewer), filled(path));
    expect(reads.map((statement) => statement.text)).toHaveLength(1);
    expect(body.data.length).toBeGreaterThan(0);
  });

  // The super admin's search of every unit: its ids and total planned with the pattern, then the rows by id.
  it.each([
    '/api/units?search=alpha%20tower',
    '/api/units?sort=name&search=tower&page=2&per_page=2',
    '/api/units?sort=property&search=tower',
  ])(
    'of the super admin, %s, is read with two statements, the first alone planned per call',
    async (path) => {
      const { reads, body } = await read(await clientOf('super admin'), path);
      expect(reads.map((statement) => / like /.test(statement.text))).toEqual([true, false]);
      expect(body.data.length).toBeGreaterThan(0);
      const client = await clientOf('super admin');
      for (const listed of body.data)
        expect((await client.get(`/api/units/${listed.id}`)).json()).toEqual(listed);
    },
  );

  it.each(Object.keys(pages) as Viewer[])(
    'of the %s shows a unit’s property, tenants, newest visible tickets and categories',
    async (viewer) => {
      const client = await clientOf(viewer);
      const { body } = await read(client, '/api/units?per_page=100&sort=name');
      const row = body.data.find((unit: { id: number }) => unit.id === w.a.unit.id);
      expect(row).toEqual(expectedUnit(viewer, w.a.unit));
      // The detail shows every unit as its row in the list does.
      for (const listed of body.data) {
        expect((await client.get(`/api/units/${listed.id}`)).json(), listed.name).toEqual(listed);
      }
    },
  );

  it('past the last page counts the list alone', async () => {
    const client = await clientOf('manager');
    const { reads, body } = await read(client, '/api/units?page=50&per_page=3');
    expect(body.data).toEqual([]);
    expect(reads).toHaveLength(2);
    const whole = await read(client, '/api/units?per_page=100');
    expect(body.meta).toEqual({ total: whole.body.meta.total, page: 50, per_page: 3 });
  });
});

describe('a unit’s detail', () => {
  it.each(['super admin', 'manager', 'tenant', 'contractor'] as const)(
    'of the %s is read with one statement, with its links',
    async (viewer) => {
      const { reads, body } = await read(await clientOf(viewer), `/api/units/${w.a.unit.id}`);
      expect(reads).toHaveLength(1);
      expect(body).toEqual(expectedUnit(viewer, w.a.unit));
    },
  );

  it('is 404 for a unit the viewer may not see', async () => {
    const response = await (await clientOf('tenant')).get(`/api/units/${w.a.otherUnit.id}`);
    expect(response.statusCode).toBe(404);
  });
});
