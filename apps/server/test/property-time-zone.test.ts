/**
 * A property's time zone (ADR 0029): an IANA zone stored on the property, set on its form, which its units and
 * its tickets' availability follow; properties from before it was asked took their province's zone (migration
 * 0018).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_TIME_ZONE, en } from '@mend/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { properties } from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers/app';
import { createProperty } from './helpers/factories';
import { clientFor, createWorld, insertTicket, ticketForm, type World } from './helpers/ticket-factories';

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
});
afterAll(() => t.close());

const propertyForm = (overrides: Record<string, unknown> = {}) => ({
  name: 'Harbour Lofts',
  description: 'By the water',
  gmaps_url: 'https://www.google.com/maps/place/Vancouver',
  country: 'Canada',
  province: 'British Columbia',
  city: 'Vancouver',
  postal_code: 'V6B 1A1',
  address: '1 Water St',
  landlord_id: w.north.landlord.id,
  ...overrides,
});

const zoneOf = async (id: number) =>
  (await t.db.select({ zone: properties.timeZone }).from(properties).where(eq(properties.id, id)))[0].zone;

describe('the property form', () => {
  it('stores the zone by its canonical name and answers it', async () => {
    const admin = await clientFor(t, w.admin);
    const response = await admin.post('/api/properties', propertyForm({ time_zone: 'america/vancouver' }));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().time_zone).toBe('America/Vancouver');
    expect(await zoneOf(response.json().id)).toBe('America/Vancouver');
  });

  it('refuses a zone that is not one, with its field message, and stores nothing', async () => {
    const admin = await clientFor(t, w.admin);
    const before = (await t.db.select().from(properties)).length;
    const response = await admin.post('/api/properties', propertyForm({ time_zone: 'Narnia/Lantern_Waste' }));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ time_zone: [en.validation.timeZone] });
    expect((await t.db.select().from(properties)).length).toBe(before);
  });

  it('gives a new property without one the default, and keeps an edited one’s when none is sent', async () => {
    const admin = await clientFor(t, w.admin);
    const created = (await admin.post('/api/properties', propertyForm())).json();
    expect(created.time_zone).toBe(DEFAULT_TIME_ZONE);
    await admin.send(
      'PATCH',
      `/api/properties/${created.id}`,
      propertyForm({ time_zone: 'America/Toronto' }),
    );
    const kept = await admin.send(
      'PATCH',
      `/api/properties/${created.id}`,
      propertyForm({ name: 'Renamed' }),
    );
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ name: 'Renamed', time_zone: 'America/Toronto' });
  });
});

describe('what follows the property’s zone', () => {
  it('its units and its tickets’ availability, whatever its province says', async () => {
    // North's property is in Alberta; its zone, not its province, decides.
    await t.db
      .update(properties)
      .set({ timeZone: 'America/Vancouver' })
      .where(eq(properties.id, w.north.property.id));
    const manager = await clientFor(t, w.north.manager);
    const unit = (await manager.get(`/api/units/${w.north.unit.id}`)).json();
    expect(unit.time_zone).toBe('America/Vancouver');
    const created = await manager.post(
      '/api/tickets',
      ticketForm({ unit_id: w.north.unit.id, category_id: w.plumbing.id }),
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().availability_time_zone).toBe('America/Vancouver');
    const ticket = await insertTicket(t.db, { unit: w.north.unit });
    const detail = (await manager.get(`/api/tickets/${ticket.id}`)).json();
    expect(detail.availability_time_zone).toBe('America/Vancouver');
  });
});

describe('migration 0018', () => {
  it('gives properties of before their province’s or state’s zone, and the rest the default', async () => {
    const file = path.resolve(import.meta.dirname, '../src/db/migrations/0018_property_time_zone.sql');
    const update = readFileSync(file, 'utf8')
      .split('--> statement-breakpoint')
      .find((statement) => statement.includes('UPDATE "properties"'));
    expect(update).toBeDefined();
    const cases: [string, string][] = [
      ['British Columbia', 'America/Vancouver'],
      ['bc', 'America/Vancouver'],
      [' Ontario ', 'America/Toronto'],
      ['WA', 'America/Los_Angeles'],
      ['Alberta', 'America/Edmonton'],
      ['Bavaria', DEFAULT_TIME_ZONE],
      ['', DEFAULT_TIME_ZONE],
    ];
    const ids: number[] = [];
    for (const [province] of cases) {
      const row = await createProperty(t.db, w.south.landlord.id);
      await t.db.update(properties).set({ province }).where(eq(properties.id, row.id));
      ids.push(row.id);
    }
    await t.db.execute(sql.raw(update as string));
    for (const [index, [province, zone]] of cases.entries()) {
      expect(await zoneOf(ids[index]), province).toBe(zone);
    }
  });
});
