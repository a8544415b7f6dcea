/**
 * Authorization matrix of the records API: every landlord, property, unit and category endpoint as every
 * kind of actor (super admin, manager of landlord A, manager of landlord B, tenant in A, contractor in A,
 * signed out), on records of the actor's own landlord and of another; and lists never show rows of a
 * landlord the actor does not belong to.
 */
import { en, MAX_PAGE_SIZE } from '@mend/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from './helpers/app';
import {
  createCategory,
  createLandlord,
  createProperty,
  createTenant,
  createUnit,
  createUser,
} from './helpers/factories';
import { createContractor, signedIn } from './helpers/records-factories';

type ActorKey = 'admin' | 'managerA' | 'managerB' | 'tenantA' | 'contractorA' | 'guest';
const ACTORS: ActorKey[] = ['admin', 'managerA', 'managerB', 'tenantA', 'contractorA', 'guest'];

interface World {
  landlordA: number;
  landlordB: number;
  /** pA1 holds the tenant's unit uA1 and is the contractor's property; pA2/uA2 are A's but not theirs. */
  pA1: number;
  pA2: number;
  pB1: number;
  uA1: number;
  uA2: number;
  uB1: number;
  category: number;
}

let t: TestApp;
let w: World;
const clients = {} as Record<ActorKey, TestClient>;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.db;
  const landlordA = await createLandlord(db, 'Landlord A');
  const landlordB = await createLandlord(db, 'Landlord B');
  const pA1 = await createProperty(db, landlordA.id, 'Property A1');
  const pA2 = await createProperty(db, landlordA.id, 'Property A2');
  const pB1 = await createProperty(db, landlordB.id, 'Property B1');
  const uA1 = await createUnit(db, pA1.id, 'Unit A1');
  const uA2 = await createUnit(db, pA2.id, 'Unit A2');
  const uB1 = await createUnit(db, pB1.id, 'Unit B1');
  const category = await createCategory(db, 'Plumbing');
  await createUser(db, { role: 0, email: 'admin@example.test' });
  await createUser(db, { role: 1, email: 'manager.a@example.test', landlordId: landlordA.id });
  await createUser(db, { role: 1, email: 'manager.b@example.test', landlordId: landlordB.id });
  await createTenant(db, uA1, landlordA.id, 'tenant.a@example.test');
  await createTenant(db, uB1, landlordB.id, 'tenant.b@example.test');
  await createContractor(db, landlordA.id, [pA1.id], 'contractor.a@example.test');
  w = {
    landlordA: landlordA.id,
    landlordB: landlordB.id,
    pA1: pA1.id,
    pA2: pA2.id,
    pB1: pB1.id,
    uA1: uA1.id,
    uA2: uA2.id,
    uB1: uB1.id,
    category: category.id,
  };
  clients.admin = await signedIn(t, 'admin@example.test');
  clients.managerA = await signedIn(t, 'manager.a@example.test');
  clients.managerB = await signedIn(t, 'manager.b@example.test');
  clients.tenantA = await signedIn(t, 'tenant.a@example.test');
  clients.contractorA = await signedIn(t, 'contractor.a@example.test');
  clients.guest = await t.client();
});
afterAll(() => t.close());

/** Expected status per actor, in the order of ACTORS (signed out is 401 unless given). */
const expect6 = (
  admin: number,
  managerA: number,
  managerB: number,
  tenantA: number,
  contractorA: number,
  guest = 401,
): Record<ActorKey, number> => ({ admin, managerA, managerB, tenantA, contractorA, guest });

interface Case {
  label: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** May create a fresh record to act on (deletes). */
  url: (world: World) => string | Promise<string>;
  body?: (world: World) => Record<string, unknown>;
  expected: Record<ActorKey, number>;
}

const landlordForm = () => ({ name: 'Landlord A', description: 'Landlord A description' });
const propertyForm = (world: World, name = 'Property A1') => ({
  name,
  description: `${name} description`,
  gmaps_url: '',
  country: 'CA',
  province: 'AB',
  city: 'Edmonton',
  postal_code: 'T5J 0N3',
  address: '1 Jasper Ave',
  landlord_id: world.landlordA,
});
const unitForm = (world: World, name = 'Unit A1') => ({
  name,
  description: `${name} description`,
  gmaps_url: '',
  postal_code: 'T5J 0N3',
  address: '1 Main St',
  property_id: world.pA1,
});
const categoryForm = () => ({ title: 'Plumbing', description: 'Plumbing description' });

const CASES: Case[] = [
  // Landlords: roles 2 and 3 are kept off the landlord screens; the logo is public.
  {
    label: 'list landlords',
    method: 'GET',
    url: () => '/api/landlords',
    expected: expect6(200, 200, 200, 403, 403),
  },
  {
    label: 'landlord create form',
    method: 'GET',
    url: () => '/api/landlords/create',
    expected: expect6(200, 403, 403, 403, 403),
  },
  {
    label: 'landlord A',
    method: 'GET',
    url: (x) => `/api/landlords/${x.landlordA}`,
    expected: expect6(200, 200, 404, 403, 403),
  },
  {
    label: 'landlord A (path with slash)',
    method: 'GET',
    url: (x) => `/api/landlords/${x.landlordA}/`,
    expected: expect6(200, 200, 404, 403, 403),
  },
  {
    label: 'landlord B',
    method: 'GET',
    url: (x) => `/api/landlords/${x.landlordB}`,
    expected: expect6(200, 404, 200, 403, 403),
  },
  {
    label: 'landlord A edit data',
    method: 'GET',
    url: (x) => `/api/landlords/${x.landlordA}/edit`,
    expected: expect6(200, 200, 404, 403, 403),
  },
  {
    label: 'landlord A logo',
    method: 'GET',
    url: (x) => `/api/landlords/${x.landlordA}/logo`,
    expected: expect6(200, 200, 200, 200, 200, 200),
  },
  {
    label: 'current landlord',
    method: 'GET',
    url: () => '/api/landlords/current',
    expected: expect6(200, 200, 200, 200, 200),
  },
  {
    label: 'create landlord',
    method: 'POST',
    url: () => '/api/landlords',
    body: () => ({ name: 'New Landlord', description: 'New' }),
    expected: expect6(201, 403, 403, 403, 403),
  },
  {
    label: 'update landlord A',
    method: 'PATCH',
    url: (x) => `/api/landlords/${x.landlordA}`,
    body: landlordForm,
    expected: expect6(200, 200, 404, 403, 403),
  },
  {
    label: 'delete landlord A (has properties)',
    method: 'DELETE',
    url: (x) => `/api/landlords/${x.landlordA}`,
    expected: expect6(409, 403, 404, 403, 403),
  },
  {
    label: 'delete an empty landlord',
    method: 'DELETE',
    url: async () => `/api/landlords/${(await createLandlord(t.db)).id}`,
    expected: expect6(200, 404, 404, 403, 403),
  },

  // Properties.
  {
    label: 'list properties',
    method: 'GET',
    url: () => '/api/properties',
    expected: expect6(200, 200, 200, 200, 200),
  },
  {
    label: 'property create form',
    method: 'GET',
    url: () => '/api/properties/create',
    expected: expect6(200, 200, 200, 403, 403),
  },
  {
    label: 'property A1 (linked)',
    method: 'GET',
    url: (x) => `/api/properties/${x.pA1}`,
    expected: expect6(200, 200, 404, 200, 200),
  },
  {
    label: 'property A2 (not linked)',
    method: 'GET',
    url: (x) => `/api/properties/${x.pA2}/`,
    expected: expect6(200, 200, 404, 404, 404),
  },
  {
    label: 'property B1',
    method: 'GET',
    url: (x) => `/api/properties/${x.pB1}`,
    expected: expect6(200, 404, 200, 404, 404),
  },
  {
    label: 'property A1 edit data',
    method: 'GET',
    url: (x) => `/api/properties/${x.pA1}/edit`,
    expected: expect6(200, 200, 404, 403, 403),
  },
  {
    label: 'create property in A',
    method: 'POST',
    url: () => '/api/properties',
    body: (x) => propertyForm(x, 'Created Property'),
    // Manager B names another landlord: a field error on landlord_id.
    expected: expect6(201, 201, 422, 403, 403),
  },
  {
    label: 'update property A1',
    method: 'PATCH',
    url: (x) => `/api/properties/${x.pA1}`,
    body: (x) => propertyForm(x),
    expected: expect6(200, 200, 404, 403, 403),
  },
  {
    label: 'delete property A1 (has units)',
    method: 'DELETE',
    url: (x) => `/api/properties/${x.pA1}/`,
    expected: expect6(409, 409, 404, 403, 403),
  },
  {
    label: 'delete an empty property of A',
    method: 'DELETE',
    url: async (x) => `/api/properties/${(await createProperty(t.db, x.landlordA)).id}`,
    expected: expect6(200, 200, 404, 404, 404),
  },

  // Units.
  { label: 'list units', method: 'GET', url: () => '/api/units', expected: expect6(200, 200, 200, 200, 200) },
  // The lists' CSV exports (issue 27) follow their lists' rule.
  {
    label: 'export properties',
    method: 'GET',
    url: () => '/api/properties/export.csv?landlord_id=1&search=Property&sort=name',
    expected: expect6(200, 200, 200, 200, 200),
  },
  {
    label: 'export units',
    method: 'GET',
    url: () => '/api/units/export.csv?property_id=1&sort=property&order=desc',
    expected: expect6(200, 200, 200, 200, 200),
  },
  {
    label: 'unit create form',
    method: 'GET',
    url: () => '/api/units/create',
    expected: expect6(200, 200, 200, 403, 403),
  },
  {
    label: 'unit A1 (tenant’s, contractor’s property)',
    method: 'GET',
    url: (x) => `/api/units/${x.uA1}`,
    expected: expect6(200, 200, 404, 200, 200),
  },
  {
    label: 'unit A2 (not linked)',
    method: 'GET',
    url: (x) => `/api/units/${x.uA2}/`,
    expected: expect6(200, 200, 404, 404, 404),
  },
  {
    label: 'unit B1',
    method: 'GET',
    url: (x) => `/api/units/${x.uB1}`,
    expected: expect6(200, 404, 200, 404, 404),
  },
  {
    label: 'unit A1 edit data',
    method: 'GET',
    url: (x) => `/api/units/${x.uA1}/edit`,
    expected: expect6(200, 200, 404, 403, 403),
  },
  {
    label: 'unit A1 categories',
    method: 'GET',
    url: (x) => `/api/units/${x.uA1}/categories`,
    expected: expect6(200, 200, 404, 200, 200),
  },
  {
    label: 'create unit in property A1',
    method: 'POST',
    url: () => '/api/units',
    body: (x) => unitForm(x, 'Created Unit'),
    // Manager B names a property of another landlord: a field error on property_id.
    expected: expect6(201, 201, 422, 403, 403),
  },
  {
    label: 'update unit A1',
    method: 'PATCH',
    url: (x) => `/api/units/${x.uA1}`,
    body: (x) => unitForm(x),
    expected: expect6(200, 200, 404, 403, 403),
  },
  {
    label: 'delete an empty unit of property A1',
    method: 'DELETE',
    url: async (x) => `/api/units/${(await createUnit(t.db, x.pA1)).id}`,
    // The tenant cannot see a unit that is not its own; the contractor can (its property), but not delete it.
    expected: expect6(200, 200, 404, 404, 403),
  },

  // Categories: everyone signed in reads, only the super admin writes.
  {
    label: 'list categories',
    method: 'GET',
    url: () => '/api/categories',
    expected: expect6(200, 200, 200, 200, 200),
  },
  {
    label: 'category',
    method: 'GET',
    url: (x) => `/api/categories/${x.category}`,
    expected: expect6(200, 200, 200, 200, 200),
  },
  {
    label: 'category edit data',
    method: 'GET',
    url: (x) => `/api/categories/${x.category}/edit`,
    expected: expect6(200, 403, 403, 403, 403),
  },
  {
    label: 'create category',
    method: 'POST',
    url: () => '/api/categories',
    body: categoryForm,
    expected: expect6(201, 403, 403, 403, 403),
  },
  {
    label: 'update category',
    method: 'PATCH',
    url: (x) => `/api/categories/${x.category}`,
    body: categoryForm,
    expected: expect6(200, 403, 403, 403, 403),
  },
  {
    label: 'delete an unused category',
    method: 'DELETE',
    url: async () => `/api/categories/${(await createCategory(t.db)).id}`,
    expected: expect6(200, 403, 403, 403, 403),
  },
];

const MATRIX = CASES.flatMap((entry) =>
  ACTORS.map((actor) => ({ ...entry, actor, status: entry.expected[actor] })),
);

describe('authorization matrix', () => {
  it.each(MATRIX)('$method $label as $actor → $status', async ({ method, url, body, actor, status }) => {
    const client = clients[actor];
    const address = await url(w);
    const response =
      method === 'GET' ? await client.get(address) : await client.send(method, address, body?.(w) ?? {});
    expect(response.statusCode, response.body).toBe(status);
    if (status >= 400) expect(response.json()).toHaveProperty('message');
  });
});

describe('lists never show another landlord’s rows', () => {
  const signedInActors = ACTORS.filter((actor) => actor !== 'guest');

  async function all(client: TestClient, url: string) {
    const response = await client.get(`${url}${url.includes('?') ? '&' : '?'}per_page=100`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { data: Record<string, unknown>[]; meta: { total: number } };
  }

  it.each(signedInActors)('properties as %s', async (actor) => {
    const { data, meta } = await all(clients[actor], '/api/properties');
    expect(meta.total).toBe(data.length);
    const landlordsSeen = new Set(data.map((row) => row.landlord_id));
    const ids = data.map((row) => row.id);
    if (actor === 'managerA') expect([...landlordsSeen]).toEqual([w.landlordA]);
    if (actor === 'managerB') expect([...landlordsSeen]).toEqual([w.landlordB]);
    if (actor === 'tenantA' || actor === 'contractorA') expect(ids).toEqual([w.pA1]);
    if (actor === 'admin') expect(landlordsSeen).toEqual(new Set([w.landlordA, w.landlordB]));
  });

  it.each(signedInActors)('units as %s', async (actor) => {
    const { data } = await all(clients[actor], '/api/units');
    const landlordsSeen = new Set(data.map((row) => (row.property as { landlord_id: number }).landlord_id));
    const propertiesSeen = new Set(data.map((row) => row.property_id));
    if (actor === 'managerA') expect([...landlordsSeen]).toEqual([w.landlordA]);
    if (actor === 'managerB') expect([...landlordsSeen]).toEqual([w.landlordB]);
    if (actor === 'tenantA') expect(data.map((row) => row.id)).toEqual([w.uA1]);
    if (actor === 'contractorA') expect([...propertiesSeen]).toEqual([w.pA1]);
    if (actor === 'admin') expect(landlordsSeen).toEqual(new Set([w.landlordA, w.landlordB]));
  });

  it.each(signedInActors)('CSV exports of properties and units as %s: the list’s rows', async (actor) => {
    const column = en.exports.columns.name;
    for (const path of ['/api/properties', '/api/units']) {
      const response = await clients[actor].get(`${path}/export.csv?sort=name&order=asc`);
      expect(response.statusCode, response.body).toBe(200);
      const lines = response.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
      const index = lines[0].split(',').indexOf(column);
      const names = lines.slice(1).map((line) => line.split(',')[index]);
      const { data } = await all(clients[actor], `${path}?sort=name&order=asc`);
      expect(names, `${path} as ${actor}`).toEqual(data.map((row) => row.name));
    }
  });

  it.each(['managerA', 'managerB'] as const)('landlords as %s: only its own', async (actor) => {
    const { data } = await all(clients[actor], '/api/landlords');
    expect(data.map((row) => row.id)).toEqual([actor === 'managerA' ? w.landlordA : w.landlordB]);
  });

  it('a filter cannot widen the scope', async () => {
    const properties = await all(clients.managerA, `/api/properties?landlord_id=${w.landlordB}`);
    expect(properties.meta.total).toBe(0);
    const units = await all(clients.managerA, `/api/units?landlord_id=${w.landlordB}`);
    expect(units.meta.total).toBe(0);
    const byProperty = await all(clients.tenantA, `/api/units?property_id=${w.pA2}`);
    expect(byProperty.meta.total).toBe(0);
  });

  it('a search cannot widen the scope', async () => {
    const units = await all(clients.managerA, '/api/units?search=B1');
    expect(units.data).toEqual([]);
    const properties = await all(clients.contractorA, '/api/properties?search=Property');
    expect(properties.data.map((row) => row.id)).toEqual([w.pA1]);
  });

  it('nested lists follow the same scope: a tenant sees its own unit and no neighbours', async () => {
    const property = (await clients.tenantA.get(`/api/properties/${w.pA1}`)).json();
    expect(property.units.map((unit: { id: number }) => unit.id)).toEqual([w.uA1]);
    expect(property.users.map((user: { role_name: string }) => user.role_name)).toEqual(['Contractor']);
    const asManager = (await clients.managerA.get(`/api/properties/${w.pA1}`)).json();
    expect(asManager.users.map((user: { role_name: string }) => user.role_name).sort()).toEqual([
      'Contractor',
      'Tenant',
    ]);
  });

  it('the public logo answers only id, name and logo, even signed out', async () => {
    const response = await clients.guest.get(`/api/landlords/${w.landlordB}/logo`);
    expect(response.json()).toEqual({ id: w.landlordB, name: 'Landlord B', avatar: null });
    expect((await clients.guest.get('/api/landlords/999999/logo')).statusCode).toBe(404);
    expect((await clients.guest.get('/api/landlords/abc/logo')).statusCode).toBe(404);
  });

  it('forbidden writes answer the forbidden message and change nothing', async () => {
    const response = await clients.contractorA.send('PATCH', `/api/properties/${w.pA1}`, {
      ...propertyForm(w),
      name: 'Hijacked',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 'forbidden', message: 'You are not allowed to do that.' });
    const after = (await clients.admin.get(`/api/properties/${w.pA1}`)).json();
    expect(after.name).toBe('Property A1');
  });
});

describe('odd input never answers a 500', () => {
  const ODD_BODIES: Record<string, unknown>[] = [
    {},
    { name: { nested: true }, title: ['a', 'b'], description: 42 },
    { users: { a: 1 }, landlord_id: -1, property_id: '1e3', category_ids: [[1]], attributes: 5 },
    { users: '1,2,abc', landlord_id: '99999999999', property_id: 'NaN', attributes: '{not json' },
    { attributes: [null], category_ids: [null], users: [null] },
    { name: 'a\u0000', title: '\u0000', description: '\u0000\u0000', country: '\u0000' },
  ];
  const WRITES = [
    ['POST', () => '/api/landlords'],
    ['PATCH', (x: World) => `/api/landlords/${x.landlordA}`],
    ['POST', () => '/api/properties'],
    ['PATCH', (x: World) => `/api/properties/${x.pA1}`],
    ['POST', () => '/api/units'],
    ['PATCH', (x: World) => `/api/units/${x.uA1}`],
    ['POST', () => '/api/categories'],
    ['PATCH', (x: World) => `/api/categories/${x.category}`],
  ] as const;
  const CASES_ODD = WRITES.flatMap(([method, url]) =>
    ODD_BODIES.map((body, index) => ({
      method,
      url,
      body,
      index,
      label: `${method} ${url(w ?? ({} as World))}`,
    })),
  );

  it.each(CASES_ODD)('$method body #$index', async ({ method, url, body }) => {
    const address = url(w);
    for (const json of [true, false]) {
      const response = await clients.admin.send(method, address, body, { json });
      expect(response.statusCode, response.body).toBeLessThan(500);
      expect(response.statusCode).toBe(422);
    }
  });

  it.each([
    '/api/landlords/0',
    '/api/properties/-1',
    '/api/units/1.5',
    '/api/categories/99999999999',
    '/api/units/abc/edit',
  ])('GET %s is a 404', async (address) => {
    expect((await clients.admin.get(address)).statusCode).toBe(404);
  });

  it('drops NUL characters from saved text and from searches', async () => {
    const response = await clients.admin.post('/api/categories', {
      title: 'Nul\u0000led',
      description: 'x\u0000',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().title).toBe('Nulled');
    for (const list of ['landlords', 'properties', 'units', 'categories']) {
      const found = await clients.admin.get(`/api/${list}?search=Nul%00led`);
      expect(found.statusCode, found.body).toBe(200);
    }
  });

  it('ignores unknown sort keys, bad pages and filters', async () => {
    const response = await clients.admin.get(
      '/api/units?sort=password_hash&order=sideways&page=-3&per_page=100000&property_id=abc&landlord_id=1e9&search=%00',
    );
    expect(response.statusCode, response.body).toBe(200);
    // A page size above the maximum asks for the maximum.
    expect(response.json().meta).toMatchObject({ page: 1, per_page: MAX_PAGE_SIZE });
  });
});
