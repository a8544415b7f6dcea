/**
 * `tickets.search_text` (ADR 0009): the one column the ticket search reads, kept by database triggers. Every
 * write that changes what a ticket's search matches — the ticket's own text, its unit (property and tenant),
 * its categories, a property's name, a tenant's names, a category's title — changes what the search finds.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, properties, ticketCategories, tickets, users } from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers/app';
import { clientFor, createWorld, insertTicket, ticketForm, type World } from './helpers/ticket-factories';

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
});
afterAll(() => t?.close());

/** The ids the super admin's search finds (the whole list, by the trigram index). */
async function found(term: string): Promise<number[]> {
  const response = await (await clientFor(t, w.admin)).get(
    `/api/tickets?per_page=100&search=${encodeURIComponent(term)}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.map((row: { id: number }) => row.id);
}

async function searchTextOf(id: number): Promise<string> {
  const [row] = await t.db.select({ text: tickets.searchText }).from(tickets).where(eq(tickets.id, id));
  return row.text;
}

describe('tickets.search_text', () => {
  it('is written when a ticket is created through the API, with its category', async () => {
    const client = await clientFor(t, w.north.manager);
    const response = await client.post(
      '/api/tickets',
      ticketForm({
        unit_id: w.north.unit.id,
        category_id: w.electrical.id,
        title: 'Quasar sparks',
        description: 'Sparks from the outlet',
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const ticket = response.json();
    expect(ticket).not.toHaveProperty('search_text');
    expect(ticket).not.toHaveProperty('searchText');
    expect(await searchTextOf(ticket.id)).toBe(
      ['Quasar sparks', 'Sparks from the outlet', w.north.property.name, 'Jane Tenant', 'Electrical']
        .join('\u001f')
        .toLowerCase(),
    );
    expect(await found('quasar')).toEqual([ticket.id]);

    // The edit form changes the title and the category: the old words no longer find it.
    const edited = await client.post(
      ticket.path,
      ticketForm({
        _method: 'PATCH',
        unit_id: w.north.unit.id,
        category_id: w.plumbing.id,
        title: 'Nebula drips',
        description: 'Sparks from the outlet',
      }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await found('quasar')).toEqual([]);
    expect(await found('nebula')).toEqual([ticket.id]);
    expect(await searchTextOf(ticket.id)).toContain('\u001fplumbing');
    expect(await searchTextOf(ticket.id)).not.toContain('electrical');
  });

  it('follows a property’s new name, a tenant’s new names and a category’s new title', async () => {
    const ticket = await insertTicket(t.db, {
      unit: w.south.unit,
      tenant: w.south.tenant,
      title: 'Door sticks',
      category: w.roofing,
    });
    expect(await found('Meridian Court')).toEqual([]);
    await t.db
      .update(properties)
      .set({ name: 'Meridian Court' })
      .where(eq(properties.id, w.south.property.id));
    expect(await found('Meridian Court')).toEqual([ticket.id]);

    await t.db
      .update(users)
      .set({ firstName: 'Wilhelmina', lastName: 'Oyelaran', companyName: 'Orbit Labs' })
      .where(eq(users.id, w.south.tenant.id));
    expect(await found('Wilhelmina Oyelaran')).toEqual([ticket.id]);
    expect(await found('orbit labs')).toEqual([ticket.id]);

    await t.db.update(categories).set({ title: 'Rooftops' }).where(eq(categories.id, w.roofing.id));
    expect(await found('rooftops')).toEqual([ticket.id]);
  });

  it('follows a ticket’s categories as rows are added and removed', async () => {
    const ticket = await insertTicket(t.db, { unit: w.north.unit2, title: 'Loose tile', description: '' });
    expect(await searchTextOf(ticket.id)).toBe(`loose tile\u001f${w.north.property2.name.toLowerCase()}`);
    await t.db.insert(ticketCategories).values({ ticketId: ticket.id, categoryId: w.electrical.id });
    expect(await searchTextOf(ticket.id)).toBe(
      `loose tile\u001f${w.north.property2.name.toLowerCase()}\u001felectrical`,
    );
    await t.db.delete(ticketCategories).where(eq(ticketCategories.ticketId, ticket.id));
    expect(await searchTextOf(ticket.id)).toBe(`loose tile\u001f${w.north.property2.name.toLowerCase()}`);
  });

  it('never matches across two fields', async () => {
    const ticket = await insertTicket(t.db, {
      unit: w.north.unit2,
      title: 'Gutter overflows',
      description: 'Sideways rain',
    });
    expect(await found('overflows')).toEqual([ticket.id]);
    expect(await found('overflows Sideways')).toEqual([]);
    expect(await found('overflowsSideways')).toEqual([]);
  });

  it('a status change leaves it alone (status is searched by its own column)', async () => {
    const ticket = await insertTicket(t.db, { unit: w.north.unit, title: 'Cracked window', status: 0 });
    const before = await searchTextOf(ticket.id);
    await t.db.update(tickets).set({ status: 2 }).where(eq(tickets.id, ticket.id));
    expect(await searchTextOf(ticket.id)).toBe(before);
  });
});
