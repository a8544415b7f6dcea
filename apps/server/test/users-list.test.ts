/** GET users / tenants / contractors: paging, search and sort done in SQL, checked against known data. */
import { PAGE_SIZE, type Role } from '@mend/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractorCategories, tenantUnits, type UserRow, users } from '../src/db/schema';
import { createTestApp, type TestApp, type TestClient } from './helpers/app';
import { createCategory, createLandlord, createProperty, createUnit, createUser } from './helpers/factories';
import { statementRecorder } from './helpers/statements';
import { signedIn } from './helpers/user-factories';

let t: TestApp;
let admin: TestClient;
let landlordId: number;
let tenants: UserRow[];
let contractor: UserRow;

const FIRST = ['Ann', 'bob', 'Carla', 'dave', 'Eve', 'Finn', 'Gus', 'hana', 'Ivo', 'Jade', 'Kim', 'Lou'];

async function insertUser(values: Partial<typeof users.$inferInsert> & { role: Role; email: string }) {
  const [row] = await t.db
    .insert(users)
    .values({ passwordHash: 'x', landlordId, ...values })
    .returning();
  return row;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, await createUser(t.db, { role: 0 }));
  landlordId = (await createLandlord(t.db, 'Listing Co')).id;
  const property = await createProperty(t.db, landlordId, 'Listing Tower');
  const penthouse = await createUnit(t.db, property.id, 'Penthouse Suite');
  const basement = await createUnit(t.db, property.id, 'Basement Flat');
  const base = Date.UTC(2026, 0, 1);
  tenants = [];
  // 24 tenants: distinct creation times, names, companies and emails in different orders.
  for (let i = 0; i < 24; i++) {
    const tenant = await insertUser({
      role: 2,
      email: `t${String(23 - i).padStart(2, '0')}@list.test`,
      firstName: FIRST[i % FIRST.length],
      lastName: i < 12 ? 'Smith' : 'Jones',
      companyName: `Company ${String.fromCharCode(90 - i)}`,
      description: i === 5 ? 'Has a 50% discount' : '',
      username: i === 7 ? 'hana_the_tenant' : null,
      createdAt: new Date(base + i * 60_000),
    });
    await t.db
      .insert(tenantUnits)
      .values({ userId: tenant.id, unitId: i === 3 ? penthouse.id : basement.id });
    tenants.push(tenant);
  }
  const hvac = await createCategory(t.db, 'HVAC Repair');
  const glass = await createCategory(t.db, 'Glazing');
  contractor = await insertUser({ role: 3, email: 'fixer@list.test', firstName: 'Fix', lastName: 'It' });
  await t.db.insert(contractorCategories).values([
    { userId: contractor.id, categoryId: glass.id },
    { userId: contractor.id, categoryId: hvac.id },
  ]);
  await insertUser({ role: 1, email: 'boss@list.test', firstName: 'Boss', lastName: 'Person' });
});
afterAll(() => t.close());

async function list(path: string) {
  const response = await admin.get(path);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { data: Array<UserRow & Record<string, unknown>>; meta: Record<string, number> };
}

const tenantsPath = (query: string) => `/api/tenants?landlord_id=${landlordId}&${query}`;

describe('paging', () => {
  it(`answers ${PAGE_SIZE} a page by default, newest first, with the total`, async () => {
    const page = await list(tenantsPath(''));
    expect(page.meta).toEqual({ total: 24, page: 1, per_page: PAGE_SIZE });
    expect(page.data.map((u) => u.id)).toEqual(
      [...tenants]
        .reverse()
        .slice(0, PAGE_SIZE)
        .map((u) => u.id),
    );
  });

  it('walks every row exactly once across pages', async () => {
    const seen: number[] = [];
    for (let page = 1; page <= 3; page++) {
      const answer = await list(tenantsPath(`per_page=10&page=${page}&sort=name`));
      expect(answer.data).toHaveLength(page < 3 ? 10 : 4);
      seen.push(...answer.data.map((u) => u.id));
    }
    expect(new Set(seen).size).toBe(24);
    expect((await list(tenantsPath('page=9'))).data).toEqual([]);
  });

  it('ignores nonsense paging values', async () => {
    const page = await list(tenantsPath('page=-3&per_page=abc'));
    expect(page.meta).toMatchObject({ page: 1, per_page: PAGE_SIZE });
  });
});

describe('sort', () => {
  const byName = (u: UserRow) => `${u.firstName} ${u.lastName}`.toLowerCase();

  it('by name, case-insensitively, both ways', async () => {
    const expected = [...tenants].sort((x, y) => byName(x).localeCompare(byName(y)) || x.id - y.id);
    const asc = await list(tenantsPath('sort=name&per_page=100'));
    expect(asc.data.map((u) => u.id)).toEqual(expected.map((u) => u.id));
    const desc = await list(tenantsPath('sort=name&order=desc&per_page=5'));
    expect(desc.data.map((u) => u.first_name)).toEqual(['Lou', 'Lou', 'Kim', 'Kim', 'Jade']);
  });

  it('by company and by email', async () => {
    const company = await list(tenantsPath('sort=company_name&per_page=3'));
    expect(company.data.map((u) => u.company_name)).toEqual(['Company C', 'Company D', 'Company E']);
    const email = await list(tenantsPath('sort=email&order=desc&per_page=2'));
    expect(email.data.map((u) => u.email)).toEqual(['t23@list.test', 't22@list.test']);
  });

  it('by role on the users list, and by created_at ascending', async () => {
    const byRole = await list(`/api/users?landlord_id=${landlordId}&sort=role&per_page=100`);
    expect(byRole.data[0].role).toBe(1);
    expect(byRole.data.at(-1)!.role).toBe(3);
    const oldest = await list(tenantsPath('sort=created_at&order=asc&per_page=1'));
    expect(oldest.data[0].id).toBe(tenants[0].id);
  });

  it('falls back to newest first for an unknown sort key', async () => {
    const page = await list(tenantsPath('sort=password_hash&per_page=1'));
    expect(page.data[0].id).toBe(tenants[23].id);
  });
});

describe('search', () => {
  const ids = async (path: string) => (await list(path)).data.map((u) => u.id).sort((x, y) => x - y);

  it.each([
    ['first name, any case', 'CARLA', [2, 14]],
    ['full name as shown', 'carla jones', [14]],
    ['company', 'company x', [2]],
    ['email', 't05@list', [18]],
    ['username', 'the_tenant', [7]],
    ['description, with % taken literally', '50%', [5]],
    ['unit name', 'penthouse', [3]],
  ])('by %s (%s)', async (_what, term, indexes) => {
    expect(await ids(tenantsPath(`search=${encodeURIComponent(term)}&per_page=100`))).toEqual(
      indexes.map((i) => tenants[i].id).sort((x, y) => x - y),
    );
  });

  it('finds contractors by any of their category titles', async () => {
    expect(await ids(`/api/contractors?search=hvac`)).toEqual([contractor.id]);
    expect(await ids(`/api/contractors?search=glaz`)).toEqual([contractor.id]);
    expect(await ids(`/api/contractors?search=plumb`)).toEqual([]);
  });

  it('counts the matches, not the table', async () => {
    const page = await list(tenantsPath('search=smith&per_page=5'));
    expect(page.meta.total).toBe(12);
    expect(page.data).toHaveLength(5);
  });

  it('filters the users list by role', async () => {
    const managers = await list(`/api/users?landlord_id=${landlordId}&role=1`);
    expect(managers.data.map((u) => u.email)).toEqual(['boss@list.test']);
  });
});

describe('items', () => {
  it('carry the landlord, the unit (tenants) and categories (contractors)', async () => {
    const [tenant] = (await list(tenantsPath('search=penthouse'))).data;
    expect(tenant).toMatchObject({
      landlord: { id: landlordId, name: 'Listing Co' },
      units: [{ name: 'Penthouse Suite' }],
      properties: [],
      categories: [],
      type: 'tenants',
    });
    const [fixer] = (await list('/api/contractors?search=fixer')).data;
    expect(fixer).toMatchObject({
      categories: [{ title: 'Glazing' }, { title: 'HVAC Repair' }],
      category_ids: [expect.any(Number), expect.any(Number)],
      units: [],
      unit_id: null,
      role_name: 'Contractor',
    });
  });
});

describe('links', () => {
  it('come with the page: one statement reads the rows, their links and the total', async () => {
    const recorder = statementRecorder(t.db);
    for (const path of [tenantsPath(''), '/api/contractors', '/api/users', '/api/users?page=2&per_page=3']) {
      const statements = await recorder.during(() => list(path));
      const reads = statements.filter((statement) => !statement.text.includes('"sessions"'));
      expect(reads, path).toHaveLength(1);
    }
  });

  it('come with a record too: one statement reads a user and its links, as its list row has them', async () => {
    const recorder = statementRecorder(t.db);
    for (const path of [tenantsPath('search=penthouse'), '/api/contractors?search=fixer']) {
      const [row] = (await list(path)).data;
      const detail = String(row.path).replace('/api/users/', `/api/${row.type}/`);
      let record: unknown;
      const statements = await recorder.during(async () => {
        record = (await admin.get(detail)).json();
      });
      expect(statements.filter((statement) => !statement.text.includes('"sessions"'))).toHaveLength(1);
      expect(record).toEqual(row);
    }
  });
});

describe('odd input never answers a 500', () => {
  it.each([
    '/api/users?search=%00',
    '/api/users?search=a%00b',
    '/api/users?landlord_id=1e10&role=9',
    '/api/tenants?landlord_id=-1&role=abc&sort=password_hash&order=sideways',
    '/api/tenants?page=99999999999999&per_page=100000',
    '/api/contractors?search=%25%5F%5C',
    '/api/tenants/create?landlord_id=99999999999',
    '/api/users/99999999999',
    '/api/users/1.5/edit',
  ])('%s', async (url) => {
    const response = await admin.get(url);
    expect(response.statusCode, response.body).toBeLessThan(500);
  });

  it('a NUL character in a form is dropped, not a database error', async () => {
    const response = await admin.post('/api/users', {
      first_name: 'A\u0000B',
      last_name: 'Nul',
      company_name: 'Nul Co',
      phone_number: '780 555 0134',
      country: 'Canada',
      province: 'Alberta',
      city: 'Edmonton',
      postal: 'T5J 0N3',
      email: 'nul@list.test',
      role: 1,
      landlord_id: landlordId,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.first_name).toBe('AB');
    const batch = await admin.post('/api/users/batch/tenants', { users: ',3,Nul\u0000l,Batch' });
    expect(batch.statusCode, batch.body).toBe(201);
    expect(batch.json().data[0].first_name).toBe('Null');
  });
});
