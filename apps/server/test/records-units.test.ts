/** Units API: create, update, categories, tickets, delete, validation, paging/search/sort. */
import { en } from '@mend/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantUnits, tickets, unitCategories, units, users } from '../src/db/schema';
import { createTestApp, type TestApp, type TestClient } from './helpers/app';
import {
  createCategory,
  createLandlord,
  createProperty,
  createTenant,
  createUnit,
  createUser,
} from './helpers/factories';
import { createContractor, createTicket, setUnitCategories, signedIn } from './helpers/records-factories';
import { statementRecorder } from './helpers/statements';

let t: TestApp;
let admin: TestClient;
let manager: TestClient;
let landlordA: number;
let landlordB: number;
let propertyA: number;
let propertyA2: number;
let propertyB: number;

beforeAll(async () => {
  t = await createTestApp();
  landlordA = (await createLandlord(t.db, 'Alpha')).id;
  landlordB = (await createLandlord(t.db, 'Beta')).id;
  propertyA = (await createProperty(t.db, landlordA, 'Alpha Tower')).id;
  propertyA2 = (await createProperty(t.db, landlordA, 'Alpha Annex')).id;
  propertyB = (await createProperty(t.db, landlordB, 'Beta Block')).id;
  await createUser(t.db, { role: 0, email: 'admin@example.test' });
  await createUser(t.db, { role: 1, email: 'manager@example.test', landlordId: landlordA });
  admin = await signedIn(t, 'admin@example.test');
  manager = await signedIn(t, 'manager@example.test');
});
afterAll(() => t.close());

const form = (overrides: Record<string, unknown> = {}) => ({
  name: 'Unit 4B',
  description: 'Two bedrooms',
  gmaps_url: '',
  postal_code: 'T5J 0N3',
  address: '10 Main St',
  property_id: propertyA,
  ...overrides,
});
const unitCount = async () => (await t.db.select().from(units)).length;
const categoryIdsOf = async (unitId: number) =>
  (await t.db.select().from(unitCategories).where(eq(unitCategories.unitId, unitId)))
    .map((row) => row.categoryId)
    .sort();

describe('POST /api/units', () => {
  it('creates a unit with categories and answers the detail shape with 201', async () => {
    const heating = await createCategory(t.db, 'Heating');
    const electrical = await createCategory(t.db, 'Electrical');
    const response = await manager.post('/api/units', form({ category_ids: [heating.id, electrical.id] }));
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      id: expect.any(Number),
      name: 'Unit 4B',
      description: 'Two bedrooms',
      gmaps_url: '',
      postal_code: 'T5J 0N3',
      address: '10 Main St',
      avatar: null,
      property_id: propertyA,
      property: { id: propertyA, name: 'Alpha Tower', landlord_id: landlordA },
      // The property is in Alberta: a ticket's availability on the unit is in Edmonton's time.
      time_zone: 'America/Edmonton',
      tenant: null,
      users: [],
      tickets: [],
      category_ids: [electrical.id, heating.id],
      categories: [
        { id: electrical.id, title: 'Electrical', description: 'Electrical description' },
        { id: heating.id, title: 'Heating', description: 'Heating description' },
      ],
      path: `/api/units/${body.id}/`,
      created_at_timestamp: expect.any(Number),
    });
    expect((await manager.get(body.path)).json()).toEqual(body);
  });

  it('answers every validation message of the unit form (SPEC.md section 5)', async () => {
    const before = await unitCount();
    const response = await admin.post('/api/units', {
      name: '',
      description: '',
      gmaps_url: 'javascript:alert(1)',
      postal_code: '',
      address: ' ',
      property_id: '',
      category_ids: ['x'],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 'validation_failed',
      message: en.errors.validation,
      errors: {
        name: ['Please enter the name of the Property'],
        description: ['Please enter a description for the Property'],
        gmaps_url: ['Please enter a valid google maps url.'],
        postal_code: ['Please enter a valid Postal/Zip Code'],
        address: ['Please enter a valid Address'],
        property_id: ['Please select a property'],
        category_ids: ['Please select a category'],
      },
    });
    expect(await unitCount()).toBe(before);
  });

  it('refuses a property of another landlord and unknown categories with field errors', async () => {
    const before = await unitCount();
    const response = await manager.post(
      '/api/units',
      form({ property_id: propertyB, category_ids: [999_999] }),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      property_id: [en.validation.property],
      category_ids: [en.validation.category],
    });
    const missing = await admin.post('/api/units', form({ property_id: 999_999 }));
    expect(missing.json().errors).toEqual({ property_id: [en.validation.property] });
    expect(await unitCount()).toBe(before);
  });

  it('offers the manager its landlord’s properties and every category', async () => {
    const options = (await manager.get('/api/units/create')).json();
    expect(options.property_options).toEqual([
      { id: propertyA2, name: 'Alpha Annex', landlord_id: landlordA },
      { id: propertyA, name: 'Alpha Tower', landlord_id: landlordA },
    ]);
    expect(options.category_options.length).toBeGreaterThan(0);
  });
});

describe('unit form options: the properties of one landlord (GET units/create, units/:id/edit)', () => {
  const propertiesOfA = () => [
    { id: propertyA2, name: 'Alpha Annex', landlord_id: landlordA },
    { id: propertyA, name: 'Alpha Tower', landlord_id: landlordA },
  ];

  it('offers the super admin no landlord (the picker searches them) and no property until one is chosen', async () => {
    const response = await admin.get('/api/units/create');
    expect(response.statusCode, response.body).toBe(200);
    const options = response.json();
    expect(options).toMatchObject({
      can_pick_landlord: true,
      options_landlord_id: null,
      property_options: [],
    });
    expect(options.landlord_options).toEqual([]);
    expect(options.category_options.length).toBeGreaterThan(0);
  });

  it('offers the super admin the properties of the landlord of ?landlord_id= only', async () => {
    const forB = (await admin.get(`/api/units/create?landlord_id=${landlordB}`)).json();
    expect(forB).toMatchObject({
      can_pick_landlord: true,
      options_landlord_id: landlordB,
      landlord_options: [{ id: landlordB, name: 'Beta' }],
    });
    expect(forB.property_options).toEqual([{ id: propertyB, name: 'Beta Block', landlord_id: landlordB }]);
    const forA = (await admin.get(`/api/units/create?landlord_id=${landlordA}`)).json();
    expect(forA.options_landlord_id).toBe(landlordA);
    expect(forA.property_options).toEqual(propertiesOfA());
  });

  it("starts the edit form from the unit's landlord, and ?landlord_id= switches it", async () => {
    const unit = await createUnit(t.db, propertyA, 'Edit Options');
    const edit = (await admin.get(`/api/units/${unit.id}/edit`)).json();
    expect(edit).toMatchObject({
      id: unit.id,
      property_id: propertyA,
      can_pick_landlord: true,
      options_landlord_id: landlordA,
    });
    expect(edit.property_options).toEqual(propertiesOfA());
    const switched = (await admin.get(`/api/units/${unit.id}/edit?landlord_id=${landlordB}`)).json();
    expect(switched.options_landlord_id).toBe(landlordB);
    expect(switched.property_options).toEqual([
      { id: propertyB, name: 'Beta Block', landlord_id: landlordB },
    ]);
    // The unit itself is unchanged.
    expect(switched).toMatchObject({ property_id: propertyA, property: { landlord_id: landlordA } });
  });

  it('gives a manager its own landlord’s properties, whatever ?landlord_id= says', async () => {
    const unit = await createUnit(t.db, propertyA, 'Manager Options');
    for (const url of [
      `/api/units/create?landlord_id=${landlordB}`,
      `/api/units/${unit.id}/edit?landlord_id=${landlordB}`,
      '/api/units/create',
    ]) {
      const response = await manager.get(url);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      expect(response.json(), url).toMatchObject({
        can_pick_landlord: false,
        landlord_options: [{ id: landlordA, name: 'Alpha' }],
        options_landlord_id: landlordA,
        property_options: propertiesOfA(),
      });
    }
  });

  it('treats an unreadable or unknown ?landlord_id= as none chosen (as the user forms do)', async () => {
    const unit = await createUnit(t.db, propertyA, 'Odd Options');
    const unreadable = ['abc', '-1', '0', '1.5', '1e10', '99999999999', '%00', ''].map(
      (value) => `landlord_id=${value}`,
    );
    unreadable.push(`landlord_id=${landlordA}&landlord_id=${landlordB}`, `landlord_id[]=${landlordB}`);
    // Unreadable: as if not sent (the edit form starts from the unit's landlord).
    for (const query of unreadable) {
      const created = await admin.get(`/api/units/create?${query}`);
      expect(created.statusCode, `${query}: ${created.body}`).toBe(200);
      expect(created.json(), query).toMatchObject({ options_landlord_id: null, property_options: [] });
      const edit = await admin.get(`/api/units/${unit.id}/edit?${query}`);
      expect(edit.statusCode, `${query}: ${edit.body}`).toBe(200);
      expect(edit.json(), query).toMatchObject({
        options_landlord_id: landlordA,
        property_options: propertiesOfA(),
      });
    }
    // A landlord that does not exist: no landlord, no properties.
    for (const url of [
      '/api/units/create?landlord_id=999999',
      `/api/units/${unit.id}/edit?landlord_id=999999`,
    ]) {
      const response = await admin.get(url);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      expect(response.json(), url).toMatchObject({ options_landlord_id: null, property_options: [] });
    }
  });
});

describe('PATCH /api/units/:id', () => {
  it('updates with PATCH and POST _method=PATCH; category_ids replaced only when sent', async () => {
    const unit = await createUnit(t.db, propertyA, 'Before');
    const plumbing = await createCategory(t.db, 'Plumbing');
    const roofing = await createCategory(t.db, 'Roofing');
    await setUnitCategories(t.db, unit.id, [plumbing.id]);

    const patched = await manager.send('PATCH', `/api/units/${unit.id}`, form({ name: 'After' }));
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ name: 'After', category_ids: [plumbing.id] });

    const overridden = await manager.post(`/api/units/${unit.id}/`, {
      ...form({ name: 'After Again', category_ids: [roofing.id] }),
      _method: 'PATCH',
    });
    expect(overridden.statusCode, overridden.body).toBe(200);
    expect(overridden.json()).toMatchObject({ name: 'After Again', category_ids: [roofing.id] });
    expect(await categoryIdsOf(unit.id)).toEqual([roofing.id]);

    const cleared = await manager.send('PATCH', `/api/units/${unit.id}`, form({ category_ids: '' }));
    expect(cleared.json().category_ids).toEqual([]);
    expect(await categoryIdsOf(unit.id)).toEqual([]);
  });

  it('moves a unit’s tickets along, and its tenants when the landlord changes', async () => {
    const unit = await createUnit(t.db, propertyA);
    const tenant = await createTenant(t.db, unit, landlordA);
    const ticket = await createTicket(t.db, unit, { tenantId: tenant.id });
    const sameLandlord = await manager.send(
      'PATCH',
      `/api/units/${unit.id}`,
      form({ property_id: propertyA2 }),
    );
    expect(sameLandlord.statusCode, sameLandlord.body).toBe(200);
    expect((await t.db.select().from(tickets).where(eq(tickets.id, ticket.id)))[0].propertyId).toBe(
      propertyA2,
    );

    const refused = await manager.send('PATCH', `/api/units/${unit.id}`, form({ property_id: propertyB }));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ property_id: [en.validation.property] });

    const moved = await admin.send('PATCH', `/api/units/${unit.id}`, form({ property_id: propertyB }));
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().property).toEqual({ id: propertyB, name: 'Beta Block', landlord_id: landlordB });
    expect((await t.db.select().from(tickets).where(eq(tickets.id, ticket.id)))[0].propertyId).toBe(
      propertyB,
    );
    expect((await t.db.select().from(users).where(eq(users.id, tenant.id)))[0].landlordId).toBe(landlordB);
  });
});

describe('detail: tenants, tickets, categories', () => {
  it('shows the first tenant, all tenants and the newest 20 tickets with their status text', async () => {
    const unit = await createUnit(t.db, propertyA, 'Busy Unit');
    const first = await createTenant(t.db, unit, landlordA);
    const second = await createTenant(t.db, unit, landlordA);
    const start = Date.UTC(2025, 0, 1);
    const made = [];
    for (let i = 0; i < 22; i++) {
      made.push(
        await createTicket(t.db, unit, {
          title: `T${i}`,
          status: i % 5,
          createdAt: new Date(start + i * 60_000),
        }),
      );
    }
    const body = (await manager.get(`/api/units/${unit.id}`)).json();
    expect(body.tenant).toEqual({
      id: first.id,
      company_name: '',
      name: `Test ${first.lastName}`,
      email: first.email,
      phone_number: '',
      avatar: null,
    });
    expect(body.users.map((user: { id: number }) => user.id)).toEqual([first.id, second.id]);
    expect(body.tickets).toHaveLength(20);
    expect(body.tickets[0]).toEqual({ id: made[21].id, title: 'T21', status: 1, status_text: 'Scheduled' });
    expect(body.tickets[19].id).toBe(made[2].id);
    expect(body.tickets.map((ticket: { status_text: string }) => ticket.status_text)).toContain('Completed');
  });

  it('shows a contractor only the tickets routed to it', async () => {
    const unit = await createUnit(t.db, propertyA);
    const contractor = await createContractor(t.db, landlordA, [propertyA], 'contractor.units@example.test');
    const routed = await createTicket(t.db, unit, { recipients: [contractor.id] });
    await createTicket(t.db, unit);
    const client = await signedIn(t, 'contractor.units@example.test');
    const body = (await client.get(`/api/units/${unit.id}`)).json();
    expect(body.tickets.map((ticket: { id: number }) => ticket.id)).toEqual([routed.id]);
  });

  it('GET /units/:id/categories: the unit’s own categories, or all when it has none', async () => {
    const own = await createUnit(t.db, propertyA);
    const bare = await createUnit(t.db, propertyA);
    const pest = await createCategory(t.db, 'Pest Control');
    await setUnitCategories(t.db, own.id, [pest.id]);
    // One statement besides the session's: it was four (the unit, its categories, every category).
    let ownList: unknown;
    const statements = await statementRecorder(t.db).during(async () => {
      ownList = (await manager.get(`/api/units/${own.id}/categories`)).json();
    });
    expect(statements.filter((statement) => !statement.text.includes('"sessions"'))).toHaveLength(1);
    expect(ownList).toEqual({
      data: [{ id: pest.id, title: 'Pest Control', description: 'Pest Control description' }],
    });
    const all = (await manager.get(`/api/units/${bare.id}/categories/`)).json();
    expect(all.data.length).toBeGreaterThan(1);
    expect(all.data.map((category: { title: string }) => category.title)).toContain('Pest Control');
  });
});

describe('DELETE /api/units/:id', () => {
  it('refuses a unit with tickets with 409 and removes nothing', async () => {
    const unit = await createUnit(t.db, propertyA, 'Ticketed');
    await createTicket(t.db, unit);
    await createTicket(t.db, unit);
    const response = await manager.send('DELETE', `/api/units/${unit.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'conflict',
      message: 'Unit "Ticketed" cannot be deleted while it still has 2 tickets. Remove them first.',
    });
    expect(await t.db.select().from(units).where(eq(units.id, unit.id))).toHaveLength(1);
  });

  it('deletes a unit with its tenant links and categories, keeping the tenants', async () => {
    const unit = await createUnit(t.db, propertyA, 'Vacated');
    const tenant = await createTenant(t.db, unit, landlordA);
    const category = await createCategory(t.db);
    await setUnitCategories(t.db, unit.id, [category.id]);
    const response = await manager.post(`/api/units/${unit.id}/`, { _method: 'DELETE' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: 'Unit "Vacated" has been deleted.' });
    expect(await t.db.select().from(tenantUnits).where(eq(tenantUnits.userId, tenant.id))).toEqual([]);
    expect(await categoryIdsOf(unit.id)).toEqual([]);
    expect(await t.db.select().from(users).where(eq(users.id, tenant.id))).toHaveLength(1);
  });
});

describe('GET /api/units (paging, search, sort, filters)', () => {
  let listLandlord: number;
  let north: number;
  let south: number;

  beforeAll(async () => {
    listLandlord = (await createLandlord(t.db, 'List Landlord')).id;
    north = (await createProperty(t.db, listLandlord, 'North Wing')).id;
    south = (await createProperty(t.db, listLandlord, 'South Wing')).id;
    for (let i = 1; i <= 25; i++) {
      await createUnit(t.db, i % 2 ? north : south, `Suite ${String(i).padStart(2, '0')}`);
    }
    const rented = await createUnit(t.db, south, 'Penthouse');
    const tenant = await createTenant(t.db, rented, listLandlord);
    await t.db
      .update(users)
      .set({ companyName: 'Globex_Corp', firstName: 'Hank', lastName: 'Scorpio' })
      .where(eq(users.id, tenant.id));
  });

  const list = async (query: string) => {
    const response = await admin.get(`/api/units?landlord_id=${listLandlord}&${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as {
      data: { id: number; name: string; property: { name: string } }[];
      meta: Record<string, number>;
    };
  };

  it('pages with the right total', async () => {
    const page = await list('search=suite&sort=name&order=asc&page=2&per_page=10');
    expect(page.meta).toEqual({ total: 25, page: 2, per_page: 10 });
    expect(page.data.map((row) => row.name)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Suite ${String(i + 11).padStart(2, '0')}`),
    );
    expect((await list('per_page=100')).meta.total).toBe(26);
  });

  it('searches name, tenant company and names, and property name, ignoring case', async () => {
    expect((await list('search=SUITE 0')).meta.total).toBe(9);
    expect((await list('search=globex')).data.map((row) => row.name)).toEqual(['Penthouse']);
    expect((await list('search=hank scorpio')).data.map((row) => row.name)).toEqual(['Penthouse']);
    expect((await list('search=north wing')).meta.total).toBe(13);
    expect((await list('search=x_c')).data.map((row) => row.name)).toEqual(['Penthouse']);
    expect((await list('search=%25')).data).toEqual([]);
  });

  it('sorts by name and by property name, both ways, and filters by property', async () => {
    const desc = await list('search=suite&sort=name&order=desc&per_page=2');
    expect(desc.data.map((row) => row.name)).toEqual(['Suite 25', 'Suite 24']);
    const byPropertyAsc = await list('sort=property&order=asc&per_page=100');
    const names = byPropertyAsc.data.map((row) => row.property.name);
    expect(names.indexOf('South Wing')).toBeGreaterThan(names.lastIndexOf('North Wing'));
    const byPropertyDesc = await list('sort=property&order=desc&per_page=1');
    expect(byPropertyDesc.data[0].property.name).toBe('South Wing');
    const filtered = await list(`property_id=${north}&per_page=100`);
    expect(filtered.meta.total).toBe(13);
    expect(filtered.data.every((row) => row.property.name === 'North Wing')).toBe(true);
  });
});

describe('GET /api/units sorted by property', () => {
  it('keeps the units of each property together when properties share a name', async () => {
    // By the property's name alone, ties went by unit id: two "Twin Court"s' units interleaved, and a page read
    // the units of every property of that name (1,001 for 10 at full scale). Now: name, then property, then unit.
    const first = (await createProperty(t.db, landlordA, 'Twin Court')).id;
    const second = (await createProperty(t.db, landlordA, 'twin court')).id;
    const made = [];
    for (const property of [first, second, first, second])
      made.push(await createUnit(t.db, property, 'Twin unit'));
    for (const order of ['asc', 'desc'] as const) {
      const response = await admin.get(`/api/units?search=twin&sort=property&order=${order}&per_page=10`);
      expect(response.statusCode, response.body).toBe(200);
      const properties = (response.json().data as { property_id: number }[]).map((unit) => unit.property_id);
      const grouped = order === 'asc' ? [first, first, second, second] : [second, second, first, first];
      expect(properties, order).toEqual(grouped);
    }
  });
});
