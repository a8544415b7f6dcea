/**
 * The record lists' search columns (migration 0007): `units.search_text` and `properties.search_text`, kept by
 * database triggers like tickets' (ADR 0009), and contact and outbox messages' generated `search_text`. Every
 * write that changes what a record's search matches changes what the search finds, for the whole list (LIKE,
 * trigram index) and for a narrow scope (strpos). A search's total stops at SEARCH_COUNT_CAP (ADR 0014).
 */
import { SEARCH_COUNT_CAP } from '@mend/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contactSubmissions,
  landlords,
  outboxMessages,
  properties,
  tenantUnits,
  units,
  users,
} from '../src/db/schema';
import { createTestApp, type TestApp, type TestClient } from './helpers/app';
import { createLandlord, createProperty, createTenant, createUnit, createUser } from './helpers/factories';
import { signedIn } from './helpers/records-factories';

let t: TestApp;
let admin: TestClient;
let manager: TestClient;
let landlordId: number;

beforeAll(async () => {
  t = await createTestApp();
  landlordId = (await createLandlord(t.db, 'Orchid Estates')).id;
  await createUser(t.db, { role: 0, email: 'admin@search.test' });
  await createUser(t.db, { role: 1, email: 'manager@search.test', landlordId });
  admin = await signedIn(t, 'admin@search.test');
  manager = await signedIn(t, 'manager@search.test');
});
afterAll(() => t.close());

interface ListAnswer {
  data: Array<{ id: number }>;
  meta: { total: number; total_capped?: boolean };
}

async function list(client: TestClient, path: string, term: string): Promise<ListAnswer> {
  const response = await client.get(`/api/${path}?per_page=100&search=${encodeURIComponent(term)}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const ids = async (client: TestClient, path: string, term: string) =>
  (await list(client, path, term)).data.map((row) => row.id);

describe('units.search_text', () => {
  it('finds a unit by its name, description, property name and tenants, in both scopes', async () => {
    const property = await createProperty(t.db, landlordId, 'Zephyr Court');
    const unit = await createUnit(t.db, property.id, 'Loft Quokka');
    for (const client of [admin, manager]) {
      expect(await ids(client, 'units', 'QUOKKA')).toEqual([unit.id]);
      expect(await ids(client, 'units', 'zephyr')).toEqual([unit.id]);
      expect(await ids(client, 'units', 'marmot')).toEqual([]);
    }
    const response = await admin.get(`/api/units/${unit.id}`);
    expect(response.json()).not.toHaveProperty('search_text');

    // A tenant moving in: its names and company find the unit.
    const tenant = await createTenant(t.db, unit, landlordId, 'tenant@search.test');
    await t.db
      .update(users)
      .set({ firstName: 'Marmot', lastName: 'Valley', companyName: 'Wombat Inc' })
      .where(eq(users.id, tenant.id));
    for (const client of [admin, manager]) {
      expect(await ids(client, 'units', 'marmot valley')).toEqual([unit.id]);
      expect(await ids(client, 'units', 'wombat')).toEqual([unit.id]);
    }
    // The tenant renamed, then moved out.
    await t.db.update(users).set({ firstName: 'Badger' }).where(eq(users.id, tenant.id));
    expect(await ids(admin, 'units', 'marmot')).toEqual([]);
    expect(await ids(manager, 'units', 'badger valley')).toEqual([unit.id]);
    await t.db.delete(tenantUnits).where(eq(tenantUnits.userId, tenant.id));
    expect(await ids(admin, 'units', 'badger')).toEqual([]);

    // The property renamed, the unit renamed through the API.
    await t.db.update(properties).set({ name: 'Aurora Court' }).where(eq(properties.id, property.id));
    expect(await ids(admin, 'units', 'zephyr')).toEqual([]);
    expect(await ids(manager, 'units', 'aurora court')).toEqual([unit.id]);
    const renamed = await admin.send('PATCH', `/api/units/${unit.id}`, {
      name: 'Loft Narwhal',
      description: 'Corner suite',
      gmaps_url: '',
      postal_code: 'T5J 0N3',
      address: '1 Main St',
      property_id: property.id,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await ids(admin, 'units', 'quokka')).toEqual([]);
    expect(await ids(admin, 'units', 'narwhal')).toEqual([unit.id]);
    expect(await ids(manager, 'units', 'corner suite')).toEqual([unit.id]);
  });

  it('caps a search’s total at SEARCH_COUNT_CAP', async () => {
    const property = await createProperty(t.db, landlordId, 'Plentiful Place');
    await t.db.insert(units).values(
      Array.from({ length: SEARCH_COUNT_CAP + 5 }, (_, i) => ({
        propertyId: property.id,
        name: `Many ${i}`,
      })),
    );
    for (const client of [admin, manager]) {
      const answer = await list(client, 'units', 'plentiful');
      expect(answer.meta).toMatchObject({ total: SEARCH_COUNT_CAP, total_capped: true });
      expect(answer.data).toHaveLength(100);
    }
  });
});

describe('properties.search_text', () => {
  it('finds a property by its own fields and its landlord’s name, after a rename', async () => {
    const other = await createLandlord(t.db, 'Lemur Holdings');
    const property = await createProperty(t.db, other.id, 'Gecko House');
    await t.db.update(properties).set({ city: 'Okotoks' }).where(eq(properties.id, property.id));
    expect(await ids(admin, 'properties', 'okotoks')).toEqual([property.id]);
    expect(await ids(admin, 'properties', 'lemur')).toEqual([property.id]);
    const response = await admin.get(`/api/properties/${property.id}`);
    expect(response.json()).not.toHaveProperty('search_text');

    await t.db.update(landlords).set({ name: 'Ibis Holdings' }).where(eq(landlords.id, other.id));
    expect(await ids(admin, 'properties', 'lemur')).toEqual([]);
    expect(await ids(admin, 'properties', 'IBIS')).toEqual([property.id]);
    // The landlord filter is a narrow scope (strpos): the same matches.
    const filtered = await admin.get(`/api/properties?landlord_id=${other.id}&search=ibis`);
    expect(filtered.json().data.map((row: { id: number }) => row.id)).toEqual([property.id]);
    // Another landlord's manager does not see it.
    expect(await ids(manager, 'properties', 'ibis')).toEqual([]);
  });
});

describe('contact and outbox search', () => {
  it('finds a contact message by subject, message, email, "first last" and company; caps the total', async () => {
    await t.db.insert(contactSubmissions).values(
      Array.from({ length: SEARCH_COUNT_CAP + 1 }, (_, i) => ({
        subject: `Caracal question ${i}`,
        message: i === 0 ? 'About the Flamingo tower' : 'Hello',
        meta: {
          email: `sender${i}@ocelot.test`,
          first_name: 'Tapir',
          last_name: i === 0 ? 'Okapi' : 'Smith',
          company_name: i === 0 ? 'Kestrel Ltd' : '',
          phone_number: '',
        },
      })),
    );
    const capped = await list(admin, 'contact', 'caracal');
    expect(capped.meta).toMatchObject({ total: SEARCH_COUNT_CAP, total_capped: true });
    for (const term of ['flamingo', 'SENDER0@', 'tapir okapi', 'kestrel']) {
      expect((await list(admin, 'contact', term)).meta.total, term).toBe(1);
    }
    expect((await list(admin, 'contact', 'okapi smith')).meta.total).toBe(0);
    expect(capped.data[0]).not.toHaveProperty('search_text');
  });

  it('finds an outbox message by recipient, subject and kind; caps the total', async () => {
    await t.db.insert(outboxMessages).values(
      Array.from({ length: SEARCH_COUNT_CAP + 1 }, (_, i) => ({
        channel: 'email' as const,
        kind: i === 0 ? 'heron_notice' : 'ticket_created',
        recipient: `puffin${i}@example.test`,
        subject: i === 0 ? 'Your Pelican ticket' : 'Ticket',
      })),
    );
    const capped = await list(admin, 'outbox', 'puffin');
    expect(capped.meta).toMatchObject({ total: SEARCH_COUNT_CAP, total_capped: true });
    expect(capped.data[0]).not.toHaveProperty('search_text');
    for (const term of ['PUFFIN0@', 'pelican', 'heron_']) {
      expect((await list(admin, 'outbox', term)).meta.total, term).toBe(1);
    }
  });
});
