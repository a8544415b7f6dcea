/** GET /api/tickets: paging, search, filters and sorting, all done in SQL; and the list row's computed fields. */
import { en } from '@mend/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { properties, ticketLog, tickets, users } from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers/app';
import { clientFor, createTenantIn, createWorld, insertTicket, type World } from './helpers/ticket-factories';

let t: TestApp;
let w: World;
const id: Record<string, number> = {};
const HOUR = 3_600_000;
const base = Date.now() - 100 * HOUR;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
  const n = w.north;
  const s = w.south;
  // A tenant with a company name (the tenant column shows the company first).
  await t.db.update(users).set({ companyName: 'Zephyr Holdings' }).where(eq(users.id, n.tenant2.id));
  const bob = await createTenantIn(t.db, s.unit2, s.landlord.id, ['Bob', 'Aardvark']);
  const rows: Array<[string, Parameters<typeof insertTicket>[1]]> = [
    [
      'faucet',
      {
        unit: n.unit,
        tenant: n.tenant,
        title: 'Leaking faucet',
        description: 'Kitchen sink drips',
        category: w.plumbing,
        status: 0,
      },
    ],
    [
      'breaker',
      {
        unit: n.unit2,
        tenant: n.tenant2,
        title: 'Breaker trips',
        description: 'When the kettle runs',
        category: w.electrical,
        status: 1,
        priority: 1,
      },
    ],
    [
      'furnace',
      {
        unit: n.unit,
        tenant: n.tenant,
        title: 'Furnace noise',
        description: 'Banging at night',
        category: w.plumbing,
        status: 2,
      },
    ],
    [
      'roof',
      {
        unit: s.unit,
        tenant: s.tenant,
        title: 'Roof leak 50% worse',
        description: 'Water in the attic',
        category: w.roofing,
        status: 3,
      },
    ],
    [
      'door',
      {
        unit: s.unit2,
        tenant: bob,
        title: 'Door sticks',
        description: 'Front door',
        category: w.electrical,
        status: 4,
      },
    ],
    [
      'window',
      {
        unit: n.unit2,
        tenant: null,
        title: 'Window cracked',
        description: 'Bedroom window',
        category: w.plumbing,
        status: 2,
      },
    ],
  ];
  for (const [i, [key, values]] of rows.entries()) {
    id[key] = (await insertTicket(t.db, { ...values, createdAt: new Date(base + i * HOUR) })).id;
  }
  // A ticket closed before closed_at was kept: the closing date comes from the log.
  await t.db.insert(ticketLog).values({
    ticketId: id.roof,
    userId: null,
    action: 'status_changed',
    description: 'Status changed from In Progress to Completed',
    data: { from: 2, to: 3 },
    createdAt: new Date(base + 50 * HOUR),
  });
});
afterAll(() => t.close());

async function list(query = '', user = w.admin) {
  const response = await (await clientFor(t, user)).get(`/api/tickets${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
const keysOf = (body: { data: { id: number }[] }) =>
  body.data.map((ticket) => Object.keys(id).find((key) => id[key] === ticket.id));

describe('paging and default order', () => {
  it('newest first by default, 10 a page', async () => {
    const body = await list();
    expect(keysOf(body)).toEqual(['window', 'door', 'roof', 'furnace', 'breaker', 'faucet']);
    expect(body.meta).toEqual({ total: 6, page: 1, per_page: 10 });
  });

  it('pages without repeating or skipping', async () => {
    const pages = await Promise.all([1, 2, 3, 4].map((page) => list(`?per_page=2&page=${page}`)));
    expect(pages.map(keysOf)).toEqual([['window', 'door'], ['roof', 'furnace'], ['breaker', 'faucet'], []]);
    expect(pages[3].meta).toEqual({ total: 6, page: 4, per_page: 2 });
  });
});

describe('sorting', () => {
  it.each([
    ['?sort=created_at&order=asc', ['faucet', 'breaker', 'furnace', 'roof', 'door', 'window']],
    ['?sort=title', ['breaker', 'door', 'furnace', 'faucet', 'roof', 'window']],
    ['?sort=title&order=desc', ['window', 'roof', 'faucet', 'furnace', 'door', 'breaker']],
    ['?sort=status', ['faucet', 'breaker', 'furnace', 'window', 'roof', 'door']],
    ['?sort=property', ['breaker', 'window', 'faucet', 'furnace', 'door', 'roof']],
    // Tenant names: "Bob Aardvark", "Ethan Tenant", "Jane Tenant", "Zephyr Holdings" (company first); none last.
    ['?sort=tenant', ['door', 'roof', 'faucet', 'furnace', 'breaker', 'window']],
    ['?sort=nonsense', ['window', 'door', 'roof', 'furnace', 'breaker', 'faucet']],
  ])('%s', async (query, expected) => {
    expect(keysOf(await list(query))).toEqual(expected);
  });
});

describe('filters', () => {
  it.each([
    ['?status=2', ['window', 'furnace']],
    ['?status=0', ['faucet']],
    [`?property_id=PROPERTY`, ['furnace', 'faucet']],
    ['?status=2&property_id=PROPERTY', ['furnace']],
    ['?status=9', ['window', 'door', 'roof', 'furnace', 'breaker', 'faucet']],
    ['?status=', ['window', 'door', 'roof', 'furnace', 'breaker', 'faucet']],
  ])('%s', async (query, expected) => {
    expect(keysOf(await list(query.replace('PROPERTY', String(w.north.property.id))))).toEqual(expected);
  });
});

describe('search', () => {
  it.each([
    ['title', 'faucet', ['faucet']],
    ['description, case-insensitive', 'KETTLE', ['breaker']],
    ['visible id with #', 'ID', ['ID']],
    ['status text', 'progress', ['window', 'furnace']],
    ['part of a status name', 'cancel', ['door']],
    ['category title', 'electr', ['door', 'breaker']],
    ['tenant first name', 'jane', ['furnace', 'faucet']],
    ['tenant full name', 'Bob Aardvark', ['door']],
    ['tenant company', 'zephyr', ['breaker']],
    ['property name', 'South Gardens', ['door']],
    ['a literal %', '50%', ['roof']],
    ['nothing', 'xylophone', []],
  ])('%s', async (_name, term, expected) => {
    const resolvedTerm = term === 'ID' ? `#${String(id.furnace).padStart(3, '0')}` : term;
    const resolvedExpected = expected[0] === 'ID' ? ['furnace'] : expected;
    const body = await list(`?search=${encodeURIComponent(resolvedTerm)}`);
    expect(keysOf(body)).toEqual(resolvedExpected);
    expect(body.meta.total).toBe(resolvedExpected.length);
  });

  it('the whole list (looked up by index) and a manager’s scope (filtered row by row) agree', async () => {
    const terms = [
      'faucet',
      'KETTLE',
      'progress',
      'electr',
      'jane',
      'Bob Aardvark',
      'zephyr',
      'Gardens',
      '7',
      '50%',
      'LEAK 5',
      'a_b',
    ];
    // Sorted by the ticket's own columns and by joined ones, filtered by status, with the visible id's digits.
    const variants = ['', '&sort=tenant&order=asc', '&sort=property', '&sort=title&order=desc', '&status=2'];
    for (const landlord of [w.north, w.south]) {
      const own = (
        await t.db
          .select({ id: properties.id })
          .from(properties)
          .where(eq(properties.landlordId, landlord.property.landlordId))
      ).map((row) => row.id);
      for (const term of terms) {
        for (const variant of variants) {
          const query = `?per_page=50&search=${encodeURIComponent(term)}${variant}`;
          const everything = (await list(query)).data as { id: number; property_id: number }[];
          const expected = everything.filter((ticket) => own.includes(ticket.property_id));
          const mine = await list(query, landlord.manager);
          expect(keysOf(mine), `${term}${variant}`).toEqual(keysOf({ data: expected }));
          expect(mine.meta.total, `${term}${variant}`).toBe(expected.length);
        }
      }
    }
    // The literal % and the words around it are found on both paths.
    expect(keysOf(await list('?search=LEAK%205', w.south.manager))).toEqual(['roof']);
  });

  it('combines with the viewer’s scope, filters and paging', async () => {
    const body = await list(`?search=leak&per_page=1`, w.north.manager);
    expect(keysOf(body)).toEqual(['faucet']);
    expect(body.meta.total).toBe(1);
  });
});

describe('list rows', () => {
  it('carry the computed fields the table shows', async () => {
    const body = await list('?sort=created_at&order=asc');
    const [faucet, breaker, , roof, , window] = body.data;
    expect(breaker).toMatchObject({
      visible_id: String(id.breaker).padStart(3, '0'),
      title: 'Breaker trips',
      priority: 1,
      priority_text: 'High',
      status: 1,
      status_text: 'Scheduled',
      status_slug: 'scheduled',
      tenant_name: 'Zephyr Holdings',
      tenant: { name: 'Amir Tenant', company_name: 'Zephyr Holdings' },
      property_name: 'North Gardens',
      categories: [{ id: w.electrical.id, title: 'Electrical' }],
      category_ids: [w.electrical.id],
      closed_at: null,
      path: `/api/tickets/${id.breaker}/`,
      highlighted: false,
    });
    expect(faucet.tenant_name).toBe('Jane Tenant');
    expect(window.tenant).toBeNull();
    expect(window.tenant_name).toBe('');
    // Lists leave out the heavy parts of the detail.
    expect(faucet).not.toHaveProperty('log');
    expect(faucet).not.toHaveProperty('availability');
    expect(roof.status_text).toBe('Completed');
    expect(roof.closed_at).toBe(new Date(base + 50 * HOUR).toISOString());
    const [row] = await t.db.select().from(tickets).where(eq(tickets.id, id.door));
    expect(body.data[4].closed_at).toBe(row.updatedAt.toISOString());
  });

  it('a list of nothing answers an empty page, not an error', async () => {
    const body = await list('?search=nothing-matches-this');
    expect(body).toEqual({ data: [], meta: { total: 0, page: 1, per_page: 10 } });
    expect(en.tickets).toBeDefined();
  });
});
