/** Properties API: create, update, move, delete, validation, double submit, paging/search/sort/filter. */
import { en } from '@mend/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractorProperties, properties, users } from '../src/db/schema';
import { createTestApp, type TestApp, type TestClient } from './helpers/app';
import { createLandlord, createProperty, createTenant, createUnit, createUser } from './helpers/factories';
import { createContractor, signedIn } from './helpers/records-factories';

let t: TestApp;
let admin: TestClient;
let manager: TestClient;
let landlordA: number;
let landlordB: number;

beforeAll(async () => {
  t = await createTestApp();
  landlordA = (await createLandlord(t.db, 'Alpha Estates')).id;
  landlordB = (await createLandlord(t.db, 'Beta Homes')).id;
  await createUser(t.db, { role: 0, email: 'admin@example.test' });
  await createUser(t.db, { role: 1, email: 'manager@example.test', landlordId: landlordA });
  admin = await signedIn(t, 'admin@example.test');
  manager = await signedIn(t, 'manager@example.test');
});
afterAll(() => t.close());

const form = (overrides: Record<string, unknown> = {}) => ({
  name: 'Maple Court',
  description: 'Twelve units near the river',
  gmaps_url: 'https://www.google.com/maps/place/Edmonton',
  country: 'Canada',
  province: 'Alberta',
  city: 'Edmonton',
  postal_code: 'T5J 0N3',
  address: '10 Main St',
  landlord_id: landlordA,
  ...overrides,
});

const count = async () => (await t.db.select().from(properties)).length;

describe('POST /api/properties', () => {
  it('creates a property (super admin, any landlord) and answers the detail shape with 201', async () => {
    const response = await admin.post('/api/properties', form({ landlord_id: landlordB }));
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      id: expect.any(Number),
      name: 'Maple Court',
      description: 'Twelve units near the river',
      avatar: null,
      gmaps_url: 'https://www.google.com/maps/place/Edmonton',
      country: 'Canada',
      province: 'Alberta',
      city: 'Edmonton',
      postal_code: 'T5J 0N3',
      address: '10 Main St',
      time_zone: 'America/Edmonton',
      landlord_id: landlordB,
      landlord: { id: landlordB, name: 'Beta Homes' },
      units: [],
      users: [],
      path: `/api/properties/${body.id}/`,
      created_at_timestamp: expect.any(Number),
    });
    expect((await admin.get(body.path)).json()).toEqual(body);
  });

  it('fixes a manager’s new property to its own landlord', async () => {
    const { landlord_id: _omitted, ...withoutLandlord } = form();
    const filled = await manager.post('/api/properties', withoutLandlord);
    expect(filled.statusCode, filled.body).toBe(201);
    expect(filled.json().landlord_id).toBe(landlordA);

    const before = await count();
    const other = await manager.post('/api/properties', form({ landlord_id: landlordB }));
    expect(other.statusCode).toBe(422);
    expect(other.json().errors).toEqual({ landlord_id: [en.validation.landlordSelect] });
    expect(await count()).toBe(before);

    const options = (await manager.get('/api/properties/create')).json();
    expect(options).toEqual({
      landlord_options: [{ id: landlordA, name: 'Alpha Estates' }],
      can_pick_landlord: false,
    });
    const adminOptions = (await admin.get('/api/properties/create')).json();
    expect(adminOptions.can_pick_landlord).toBe(true);
    // The super admin's picker searches the landlords (GET landlords?search=); the form starts with none.
    expect(adminOptions.landlord_options).toEqual([]);
    const property = await createProperty(t.db, landlordB, 'Picked Before');
    const adminEdit = (await admin.get(`/api/properties/${property.id}/edit`)).json();
    expect(adminEdit.landlord_options).toEqual([{ id: landlordB, name: 'Beta Homes' }]);
  });

  it('answers every validation message of the property form (SPEC.md section 5)', async () => {
    const before = await count();
    const response = await admin.post('/api/properties', {
      name: '',
      description: ' ',
      gmaps_url: 'https://evil.example/maps',
      country: '',
      province: '',
      city: '',
      postal_code: '',
      address: '',
      landlord_id: 'abc',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 'validation_failed',
      message: en.errors.validation,
      errors: {
        name: ['Please enter the name of the Property'],
        description: ['Please enter a description for the Property'],
        gmaps_url: ['Please enter a valid google maps url.'],
        country: ['Please select a valid country name'],
        province: ['Please select a valid province name'],
        city: ['Please enter a valid City'],
        postal_code: ['Please enter a valid Postal/Zip Code'],
        address: ['Please enter a valid Address'],
        landlord_id: ['Please select a Landlord'],
      },
    });
    const unknownLandlord = await admin.post('/api/properties', form({ landlord_id: 999_999 }));
    expect(unknownLandlord.json().errors).toEqual({ landlord_id: ['Please select a Landlord'] });
    expect(await count()).toBe(before);
  });

  it('refuses a country or province that is not listed, or a province of another country, storing nothing', async () => {
    const before = await count();
    const narnia = await admin.post(
      '/api/properties',
      form({ country: 'Narnia', province: 'Lantern Waste' }),
    );
    expect(narnia.statusCode).toBe(422);
    expect(narnia.json().errors).toEqual({ country: [en.validation.country] });
    const elsewhere = await admin.post('/api/properties', form({ province: 'Lantern Waste' }));
    expect(elsewhere.json().errors).toEqual({ province: [en.validation.province] });
    const crossed = await admin.post(
      '/api/properties',
      form({ country: 'United States', province: 'Alberta' }),
    );
    expect(crossed.json().errors).toEqual({ province: [en.validation.province] });
    expect(await count()).toBe(before);
  });

  it('creates one property for a double-submitted _nonce', async () => {
    const before = await count();
    const body = form({ name: 'Once Only', _nonce: 'NoNcE12345' });
    const [first, second] = await Promise.all([
      admin.post('/api/properties', body),
      admin.post('/api/properties', body),
    ]);
    const third = await admin.post('/api/properties', body);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(third.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(third.json()).toEqual(first.json());
    expect(await count()).toBe(before + 1);
  });
});

describe('PATCH /api/properties/:id', () => {
  it('updates with PATCH and with POST _method=PATCH', async () => {
    const property = await createProperty(t.db, landlordA, 'Old Name');
    const patched = await manager.send('PATCH', `/api/properties/${property.id}`, form({ name: 'New Name' }));
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ id: property.id, name: 'New Name', city: 'Edmonton' });
    const overridden = await manager.post(`/api/properties/${property.id}/`, {
      ...form({ name: 'Newer Name' }),
      _method: 'PATCH',
    });
    expect(overridden.statusCode, overridden.body).toBe(200);
    expect((await t.db.select().from(properties).where(eq(properties.id, property.id)))[0].name).toBe(
      'Newer Name',
    );
    const edit = (await manager.get(`/api/properties/${property.id}/edit`)).json();
    expect(edit).toMatchObject({ id: property.id, name: 'Newer Name', can_pick_landlord: false });
  });

  it('keeps a manager’s property in its landlord', async () => {
    const property = await createProperty(t.db, landlordA, 'Stay Home');
    const moved = await manager.send(
      'PATCH',
      `/api/properties/${property.id}`,
      form({ landlord_id: landlordB }),
    );
    expect(moved.statusCode).toBe(422);
    expect(moved.json().errors).toEqual({ landlord_id: [en.validation.landlordSelect] });
    expect((await t.db.select().from(properties).where(eq(properties.id, property.id)))[0].landlordId).toBe(
      landlordA,
    );
  });

  it('moves a property to another landlord with its tenants, dropping the old landlord’s contractors', async () => {
    const property = await createProperty(t.db, landlordA, 'Mover');
    const unit = await createUnit(t.db, property.id);
    const tenant = await createTenant(t.db, unit, landlordA);
    const contractor = await createContractor(t.db, landlordA, [property.id]);
    const response = await admin.send(
      'PATCH',
      `/api/properties/${property.id}`,
      form({ name: 'Mover', landlord_id: landlordB }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().landlord).toEqual({ id: landlordB, name: 'Beta Homes' });
    expect((await t.db.select().from(users).where(eq(users.id, tenant.id)))[0].landlordId).toBe(landlordB);
    const links = await t.db
      .select()
      .from(contractorProperties)
      .where(eq(contractorProperties.userId, contractor.id));
    expect(links).toEqual([]);
  });
});

describe('detail', () => {
  it('lists its units, its contractors and the tenants of its units', async () => {
    const property = await createProperty(t.db, landlordA, 'Full House');
    const unit = await createUnit(t.db, property.id, 'B-2');
    const unit2 = await createUnit(t.db, property.id, 'A-1');
    const tenant = await createTenant(t.db, unit, landlordA);
    const contractor = await createContractor(t.db, landlordA, [property.id]);
    const body = (await manager.get(`/api/properties/${property.id}`)).json();
    expect(body.units).toEqual([
      { id: unit2.id, name: 'A-1' },
      { id: unit.id, name: 'B-2' },
    ]);
    expect(body.users).toEqual([
      { id: contractor.id, name: `Test ${contractor.lastName}`, role_name: 'Contractor' },
      { id: tenant.id, name: `Test ${tenant.lastName}`, role_name: 'Tenant' },
    ]);
  });
});

describe('DELETE /api/properties/:id', () => {
  it('refuses a property with units with 409 and removes nothing', async () => {
    const property = await createProperty(t.db, landlordA, 'Has Units');
    await createUnit(t.db, property.id);
    const response = await manager.send('DELETE', `/api/properties/${property.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'conflict',
      message: 'Property "Has Units" cannot be deleted while it still has 1 unit. Remove them first.',
    });
    expect(await t.db.select().from(properties).where(eq(properties.id, property.id))).toHaveLength(1);
  });

  it('deletes an empty property with its contractor links', async () => {
    const property = await createProperty(t.db, landlordA, 'Empty Lot');
    const contractor = await createContractor(t.db, landlordA, [property.id]);
    const response = await manager.post(`/api/properties/${property.id}/`, { _method: 'DELETE' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: 'Property "Empty Lot" has been deleted.' });
    expect(await t.db.select().from(properties).where(eq(properties.id, property.id))).toEqual([]);
    expect(
      await t.db.select().from(contractorProperties).where(eq(contractorProperties.userId, contractor.id)),
    ).toEqual([]);
    expect(await t.db.select().from(users).where(eq(users.id, contractor.id))).toHaveLength(1);
  });
});

describe('GET /api/properties (paging, search, sort, filter)', () => {
  let landlordC: number;

  beforeAll(async () => {
    landlordC = (await createLandlord(t.db, 'Gamma Group')).id;
    for (let i = 1; i <= 25; i++) await createProperty(t.db, landlordC, `Row ${String(i).padStart(2, '0')}`);
    await createProperty(t.db, landlordC, '100% Rental');
    await createProperty(t.db, landlordC, '1000 Rental');
  });

  const list = async (client: TestClient, query: string) => {
    const response = await client.get(`/api/properties?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as {
      data: { id: number; name: string; landlord_id: number }[];
      meta: Record<string, number>;
    };
  };

  it('filters by landlord and pages', async () => {
    const page2 = await list(
      admin,
      `landlord_id=${landlordC}&search=row&sort=name&order=asc&page=2&per_page=10`,
    );
    expect(page2.meta).toEqual({ total: 25, page: 2, per_page: 10 });
    expect(page2.data.map((row) => row.name)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Row ${String(i + 11).padStart(2, '0')}`),
    );
    expect(page2.data.every((row) => row.landlord_id === landlordC)).toBe(true);
    const all = await list(admin, `landlord_id=${landlordC}&per_page=100`);
    expect(all.meta.total).toBe(27);
  });

  it('searches ignoring case (also by landlord name) and sorts by name both ways', async () => {
    expect((await list(admin, 'search=ROW 2')).meta.total).toBe(6);
    expect((await list(admin, 'search=gamma GROUP')).meta.total).toBe(27);
    const desc = await list(admin, `landlord_id=${landlordC}&search=row&sort=name&order=desc&per_page=2`);
    expect(desc.data.map((row) => row.name)).toEqual(['Row 25', 'Row 24']);
    const asc = await list(admin, `landlord_id=${landlordC}&search=row&sort=name&order=asc&per_page=2`);
    expect(asc.data.map((row) => row.name)).toEqual(['Row 01', 'Row 02']);
  });

  it('matches LIKE wildcards literally', async () => {
    expect((await list(admin, 'search=100%25')).data.map((row) => row.name)).toEqual(['100% Rental']);
    expect((await list(admin, 'search=_')).data).toEqual([]);
  });

  it('shows a manager nothing of another landlord even when it searches for it', async () => {
    expect((await list(manager, 'search=row')).meta.total).toBe(0);
  });
});
