/**
 * The ticket list's sort by property and by tenant reads copies of those names on the ticket
 * (`tickets.property_sort`, `tickets.tenant_sort`, migration 0007), kept by the triggers that keep its search
 * text. A rename of the property or a change of what the tenant is shown as (names, company, else email) moves
 * the ticket in those sorts at once, whatever wrote it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { properties, users } from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers/app';
import { clientFor, createWorld, insertTicket, type World } from './helpers/ticket-factories';

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
});
afterAll(() => t?.close());

/** The super admin's whole list in one order: the ids of `among`, as they come. */
async function order(sort: string, direction: 'asc' | 'desc', among: number[]): Promise<number[]> {
  const response = await (await clientFor(t, w.admin)).get(
    `/api/tickets?per_page=100&sort=${sort}&order=${direction}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response
    .json()
    .data.map((row: { id: number }) => row.id)
    .filter((id: number) => among.includes(id));
}

describe('the ticket list sorted by property and by tenant', () => {
  it('follows a rename of the property', async () => {
    const towers = await insertTicket(t.db, { unit: w.north.unit, tenant: w.north.tenant });
    const gardens = await insertTicket(t.db, { unit: w.north.unit2, tenant: w.north.tenant2 });
    await t.db.update(properties).set({ name: 'Alder Towers' }).where(eq(properties.id, w.north.property.id));
    await t.db
      .update(properties)
      .set({ name: 'Birch Gardens' })
      .where(eq(properties.id, w.north.property2.id));
    expect(await order('property', 'asc', [towers.id, gardens.id])).toEqual([towers.id, gardens.id]);

    await t.db
      .update(properties)
      .set({ name: 'Zelkova Towers' })
      .where(eq(properties.id, w.north.property.id));
    expect(await order('property', 'asc', [towers.id, gardens.id])).toEqual([gardens.id, towers.id]);
    expect(await order('property', 'desc', [towers.id, gardens.id])).toEqual([towers.id, gardens.id]);
  });

  it('follows the name the tenant is shown by: company, else names, else email', async () => {
    const first = await insertTicket(t.db, { unit: w.south.unit, tenant: w.south.tenant });
    const second = await insertTicket(t.db, { unit: w.south.unit2, tenant: w.south.tenant2 });
    const noTenant = await insertTicket(t.db, { unit: w.south.unit2, tenant: null });
    const among = [first.id, second.id, noTenant.id];
    await t.db.update(users).set({ companyName: 'Aardvark Holdings' }).where(eq(users.id, w.south.tenant.id));
    await t.db
      .update(users)
      .set({ companyName: '', firstName: 'Bea', lastName: 'Brown' })
      .where(eq(users.id, w.south.tenant2.id));
    // Without a tenant a ticket sorts after every name (and first the other way round).
    expect(await order('tenant', 'asc', among)).toEqual([first.id, second.id, noTenant.id]);
    expect(await order('tenant', 'desc', among)).toEqual([noTenant.id, second.id, first.id]);

    // The first tenant loses its company and has no names: its email is what the list shows, and sorts by.
    await t.db
      .update(users)
      .set({ companyName: '', firstName: '', lastName: '', email: 'zz-last@example.test' })
      .where(eq(users.id, w.south.tenant.id));
    expect(await order('tenant', 'asc', among)).toEqual([second.id, first.id, noTenant.id]);
  });

  it('sorts by title and by status with the id breaking ties, both ways', async () => {
    const a = await insertTicket(t.db, { unit: w.north.unit, title: 'Same title', status: 2 });
    const b = await insertTicket(t.db, { unit: w.north.unit, title: 'same TITLE', status: 2 });
    expect(await order('title', 'asc', [a.id, b.id])).toEqual([a.id, b.id]);
    expect(await order('title', 'desc', [a.id, b.id])).toEqual([b.id, a.id]);
    expect(await order('status', 'asc', [a.id, b.id])).toEqual([a.id, b.id]);
    expect(await order('status', 'desc', [a.id, b.id])).toEqual([b.id, a.id]);
  });
});
