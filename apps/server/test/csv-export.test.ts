/**
 * CSV exports of the lists (issue 27): every export answers the rows its list answers for the same query (search,
 * sort both ways, filters), in the same order, inside the viewer's scope and under the list's rule; as a UTF-8 file
 * with a byte order mark, formulas neutralised, accents intact; read through a cursor a few rows at a time
 * (EXPORT_BATCH_ROWS is 3 here, so every export below takes several batches).
 */
import { CSV_BOM, en, MAX_PAGE_SIZE } from '@mend/shared';
import { asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactSubmissions, tickets, users } from '../src/db/schema';
import { readInBatches } from '../src/lib/list-export';
import { createTestApp, type TestApp, type TestClient } from './helpers/app';
import { createProperty, createUnit } from './helpers/factories';
import { clientFor, createTenantIn, createWorld, insertTicket, type World } from './helpers/ticket-factories';

const BATCH = 3;
const FORMULA = '=HYPERLINK("http://evil.example","click")';
const ACCENTED = 'Fuite d’eau à l’étage — Hélène Côté ✓';
const C = en.exports.columns;

let t: TestApp;
let w: World;
type Who = 'admin' | 'managerN' | 'managerS' | 'tenantN' | 'plumberN';
const clients = {} as Record<Who, TestClient>;

beforeAll(async () => {
  t = await createTestApp({ env: { EXPORT_BATCH_ROWS: String(BATCH) } });
  w = await createWorld(t.db);
  const n = w.north;
  const s = w.south;
  await t.db.update(users).set({ companyName: 'Zéphyr Holdings' }).where(eq(users.id, n.tenant2.id));
  // More properties and units than a batch, for the record lists.
  for (const name of ['Ashgrove', 'Birchwood', 'Cedar Hall']) {
    const property = await createProperty(t.db, n.landlord.id, `${name} Court`);
    await createUnit(t.db, property.id, `${name} 1`);
  }
  await createTenantIn(t.db, n.limitedUnit, n.landlord.id, ['Élodie', 'Tenant']);
  const start = Date.now() - 50 * 3_600_000;
  const titles = [
    FORMULA,
    ACCENTED,
    'Leaking faucet',
    'Breaker trips',
    'Furnace noise',
    'Leak under the sink',
    '+1 555 0100 calls',
    'Door sticks',
    '@mention the roofer',
    'Window, "cracked"',
    'Leak in the hallway',
    'Smoke alarm chirps',
  ];
  for (const [index, title] of titles.entries()) {
    const unit = index % 3 === 2 ? n.unit2 : n.unit;
    await insertTicket(t.db, {
      unit,
      tenant: unit === n.unit ? n.tenant : n.tenant2,
      title,
      status: index % 5,
      priority: index % 2,
      category: index % 2 ? w.electrical : w.plumbing,
      recipients: index % 2 ? [n.manager] : [n.manager, n.plumber],
      createdAt: new Date(start + index * 3_600_000),
    });
  }
  for (const index of [0, 1, 2, 3]) {
    await insertTicket(t.db, {
      unit: s.unit,
      tenant: s.tenant,
      title: `South leak ${index}`,
      status: index,
      recipients: [s.manager, s.plumber],
      createdAt: new Date(start + (20 + index) * 3_600_000),
    });
  }
  for (const [index, subject] of ['Hello', FORMULA, ACCENTED, 'Billing', 'Access'].entries()) {
    await t.db.insert(contactSubmissions).values({
      userId: n.tenant.id,
      subject,
      message: `Message ${index}\nsecond line`,
      meta: {
        email: `sender${index}@example.test`,
        company_name: index === 2 ? 'Société Générale' : '',
        first_name: index === 3 ? '' : `Sender${index}`,
        last_name: index === 3 ? '' : 'Person',
        phone_number: '780 555 0100',
      },
      createdAt: new Date(start + index * 3_600_000),
    });
  }
  clients.admin = await clientFor(t, w.admin);
  clients.managerN = await clientFor(t, n.manager);
  clients.managerS = await clientFor(t, s.manager);
  clients.tenantN = await clientFor(t, n.tenant);
  clients.plumberN = await clientFor(t, n.plumber);
});
afterAll(() => t.close());

/** The file's rows (header first), after checking it is a UTF-8 CSV download with a byte order mark. */
function csvRows(response: LightMyRequestResponse, name: string): string[][] {
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(response.headers['content-disposition']).toMatch(
    new RegExp(`^attachment; filename="${name}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
  );
  expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(response.body.startsWith(CSV_BOM)).toBe(true);
  expect(response.body.endsWith('\r\n')).toBe(true);
  const parsed = Papa.parse<string[]>(response.body.slice(CSV_BOM.length).slice(0, -2), { newline: '\r\n' });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

/** A column of the file's rows, by its header. */
function columnOf(rows: string[][], header: string): string[] {
  const index = rows[0].indexOf(header);
  expect(index, `${header} in ${rows[0].join(', ')}`).toBeGreaterThanOrEqual(0);
  return rows.slice(1).map((row) => row[index]);
}

/** The list's rows for the same query, on one page (each list here has fewer than MAX_PAGE_SIZE rows). */
async function listed(client: TestClient, path: string, query = ''): Promise<Record<string, unknown>[]> {
  const response = await client.get(`${path}?${query}${query ? '&' : ''}per_page=${MAX_PAGE_SIZE}`);
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as { data: Record<string, unknown>[]; meta: { total: number } };
  expect(body.meta.total).toBe(body.data.length);
  return body.data;
}

async function exported(client: TestClient, path: string, query: string, name: string) {
  return csvRows(await client.get(`${path}/export.csv${query ? `?${query}` : ''}`), name);
}

/** The file's rows name the list's rows, in the list's order, and there are more than one batch of them. */
async function expectSameRows(
  client: TestClient,
  path: string,
  query: string,
  name: string,
  header: string,
  key: (row: Record<string, unknown>) => string,
  { atLeast = BATCH + 1 } = {},
) {
  const rows = await exported(client, path, query, name);
  const expected = (await listed(client, path, query)).map(key);
  expect(columnOf(rows, header), `${path}?${query}`).toEqual(expected);
  expect(expected.length, `${path}?${query}`).toBeGreaterThanOrEqual(atLeast);
  return rows;
}

const ticketKey = (row: Record<string, unknown>) => `#${row.visible_id}`;

describe('tickets', () => {
  it.each([
    '',
    'sort=title&order=asc',
    'sort=title&order=desc',
    'sort=status&order=asc',
    'sort=property&order=desc',
    'sort=tenant&order=asc',
    'sort=due_at&order=asc',
    'sort=created_at&order=asc',
    'search=leak',
    'search=leak&sort=title&order=desc',
  ])('the super admin: the same tickets in the same order as the list, ?%s', async (query) => {
    await expectSameRows(clients.admin, '/api/tickets', query, 'tickets', C.id, ticketKey);
  });

  it('filters as the list does', async () => {
    const n = w.north;
    for (const query of [`property_id=${n.property.id}`, 'status=0', `assigned_to=none`]) {
      const rows = await exported(clients.admin, '/api/tickets', query, 'tickets');
      const expected = (await listed(clients.admin, '/api/tickets', query)).map(ticketKey);
      expect(columnOf(rows, C.id), query).toEqual(expected);
    }
  });

  it.each([
    ['managerN', ''],
    ['managerN', 'sort=title&order=asc'],
    ['managerN', 'search=leak'],
    ['tenantN', ''],
    ['plumberN', ''],
    ['plumberN', 'sort=title&order=desc'],
  ] as const)('%s: its own list, ?%s', async (who, query) => {
    await expectSameRows(clients[who], '/api/tickets', query, 'tickets', C.id, ticketKey, { atLeast: 1 });
  });

  it('never another landlord’s tickets: a manager, a tenant and a contractor see only their own', async () => {
    const south = await t.db
      .select({ id: tickets.id })
      .from(tickets)
      .where(eq(tickets.propertyId, w.south.property.id));
    const southIds = new Set(south.map((row) => `#${String(row.id).padStart(3, '0')}`));
    for (const who of ['managerN', 'tenantN', 'plumberN'] as const) {
      const rows = await exported(clients[who], '/api/tickets', 'search=south', 'tickets');
      expect(rows, who).toHaveLength(1);
      const all = columnOf(await exported(clients[who], '/api/tickets', '', 'tickets'), C.id);
      expect(
        all.filter((id) => southIds.has(id)),
        who,
      ).toEqual([]);
    }
    const tenantRows = await exported(clients.tenantN, '/api/tickets', '', 'tickets');
    expect(new Set(columnOf(tenantRows, C.unit))).toEqual(new Set([w.north.unit.name]));
  });

  it('writes the columns the screen shows, the staff-only ones to staff only', async () => {
    const admin = await exported(clients.admin, '/api/tickets', '', 'tickets');
    expect(admin[0]).toEqual([
      C.id,
      C.title,
      C.priority,
      C.status,
      C.tenant,
      C.property,
      C.unit,
      C.due,
      C.estimate,
      C.invoice,
      C.currency,
      C.assignedTo,
      C.assignment,
      C.category,
      C.created,
    ]);
    const tenant = await exported(clients.tenantN, '/api/tickets', '', 'tickets');
    expect(tenant[0]).not.toContain(C.due);
    expect(tenant[0]).not.toContain(C.estimate);
    const plumber = await exported(clients.plumberN, '/api/tickets', '', 'tickets');
    expect(plumber[0]).toContain(C.due);
    expect(plumber[0]).not.toContain(C.estimate);
    // Human texts: the status and priority names, moments in ISO 8601.
    const listRows = await listed(clients.admin, '/api/tickets');
    const first = admin[1];
    expect(first[admin[0].indexOf(C.status)]).toBe(listRows[0].status_text);
    expect(first[admin[0].indexOf(C.priority)]).toBe(listRows[0].priority_text);
    expect(first[admin[0].indexOf(C.created)]).toBe(listRows[0].created_at);
    expect(first[admin[0].indexOf(C.created)]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(first[admin[0].indexOf(C.due)]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$|^$/);
  });

  it('neutralises formulas and keeps accents and quotes intact', async () => {
    const response = await clients.admin.get('/api/tickets/export.csv?sort=title&order=asc');
    const titles = columnOf(csvRows(response, 'tickets'), C.title);
    expect(titles).toContain(`'${FORMULA}`);
    expect(titles).not.toContain(FORMULA);
    expect(titles).toContain("'+1 555 0100 calls");
    expect(titles).toContain("'@mention the roofer");
    expect(titles).toContain('Window, "cracked"');
    expect(titles).toContain(ACCENTED);
    // As written in the file: quoted, with the apostrophe inside the quotes; the accents as UTF-8.
    expect(response.body).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(response.rawPayload.includes(Buffer.from(ACCENTED, 'utf8'))).toBe(true);
  });

  it('a landlord’s tickets: its list’s rows, rule and scope', async () => {
    const n = w.north;
    await expectSameRows(
      clients.admin,
      `/api/landlords/${n.landlord.id}/tickets`,
      'sort=title&order=asc',
      `landlord-${n.landlord.id}-tickets`,
      C.id,
      ticketKey,
    );
    await expectSameRows(
      clients.managerN,
      `/api/landlords/${n.landlord.id}/tickets`,
      'search=leak',
      `landlord-${n.landlord.id}-tickets`,
      C.id,
      ticketKey,
      { atLeast: 1 },
    );
    expect(
      (await clients.managerS.get(`/api/landlords/${n.landlord.id}/tickets/export.csv`)).statusCode,
    ).toBe(404);
    const refused = await clients.tenantN.get(`/api/landlords/${n.landlord.id}/tickets/export.csv`);
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expect(refused.json()).toEqual({ code: 'forbidden', message: en.errors.forbidden });
    expect((await clients.admin.get('/api/landlords/999999/tickets/export.csv')).statusCode).toBe(404);
  });

  it('a user’s tickets: its list’s rows, rule and scope', async () => {
    const n = w.north;
    await expectSameRows(
      clients.admin,
      `/api/users/${n.tenant.id}/tickets`,
      'sort=status&order=desc',
      `user-${n.tenant.id}-tickets`,
      C.id,
      ticketKey,
    );
    await expectSameRows(
      clients.managerN,
      `/api/users/${n.plumber.id}/tickets`,
      '',
      `user-${n.plumber.id}-tickets`,
      C.id,
      ticketKey,
      { atLeast: 1 },
    );
    await expectSameRows(
      clients.tenantN,
      `/api/users/${n.tenant.id}/tickets`,
      '',
      `user-${n.tenant.id}-tickets`,
      C.id,
      ticketKey,
      { atLeast: 1 },
    );
    expect((await clients.managerS.get(`/api/users/${n.tenant.id}/tickets/export.csv`)).statusCode).toBe(404);
    expect((await clients.tenantN.get(`/api/users/${n.tenant2.id}/tickets/export.csv`)).statusCode).toBe(404);
  });
});

describe('properties and units', () => {
  const name = (row: Record<string, unknown>) => String(row.name);

  it.each(['', 'sort=name&order=asc', 'sort=name&order=desc', 'sort=landlord&order=asc', 'search=north'])(
    'properties as the super admin, ?%s',
    async (query) => {
      await expectSameRows(clients.admin, '/api/properties', query, 'properties', C.name, name);
    },
  );

  it('properties: a filter, and each viewer’s scope', async () => {
    const n = w.north;
    await expectSameRows(
      clients.admin,
      '/api/properties',
      `landlord_id=${n.landlord.id}&sort=city&order=desc`,
      'properties',
      C.name,
      name,
    );
    await expectSameRows(
      clients.managerN,
      '/api/properties',
      'sort=name&order=asc',
      'properties',
      C.name,
      name,
    );
    const manager = await exported(clients.managerN, '/api/properties', '', 'properties');
    expect(manager[0]).not.toContain(C.landlord);
    expect(columnOf(manager, C.name)).not.toContain(w.south.property.name);
    const tenant = await exported(clients.tenantN, '/api/properties', '', 'properties');
    expect(columnOf(tenant, C.name)).toEqual([n.property.name]);
    const widened = await exported(
      clients.managerN,
      '/api/properties',
      `landlord_id=${w.south.landlord.id}`,
      'properties',
    );
    expect(widened).toHaveLength(1);
  });

  it.each(['', 'sort=name&order=asc', 'sort=property&order=desc', 'sort=created_at&order=asc'])(
    'units as the super admin, ?%s',
    async (query) => {
      await expectSameRows(clients.admin, '/api/units', query, 'units', C.name, name);
    },
  );

  it('units: a filter, and each viewer’s scope', async () => {
    const n = w.north;
    await expectSameRows(clients.managerN, '/api/units', 'sort=name&order=desc', 'units', C.name, name);
    await expectSameRows(
      clients.admin,
      '/api/units',
      `landlord_id=${n.landlord.id}&search=1`,
      'units',
      C.name,
      name,
    );
    const tenant = await exported(clients.tenantN, '/api/units', '', 'units');
    expect(columnOf(tenant, C.name)).toEqual([n.unit.name]);
    expect(tenant[0]).not.toContain(C.property);
    const plumber = await exported(clients.plumberN, '/api/units', `property_id=${n.property2.id}`, 'units');
    expect(plumber).toHaveLength(1);
    const byProperty = await exported(
      clients.managerN,
      '/api/units',
      `property_id=${n.property.id}`,
      'units',
    );
    expect(columnOf(byProperty, C.tenant)).toEqual(
      (await listed(clients.managerN, '/api/units', `property_id=${n.property.id}`)).map((unit) => {
        const tenant = unit.tenant as { name: string; company_name: string } | null;
        return tenant ? tenant.company_name || tenant.name : '';
      }),
    );
  });
});

describe('people', () => {
  const email = (row: Record<string, unknown>) => String(row.email);

  it.each(['users', 'tenants', 'contractors'])(
    '%s as the super admin, sorted both ways and searched',
    async (type) => {
      for (const query of [
        '',
        'sort=name&order=asc',
        'sort=name&order=desc',
        'sort=email&order=desc',
        'search=example',
      ]) {
        await expectSameRows(clients.admin, `/api/${type}`, query, type, C.email, email, { atLeast: 1 });
      }
      await expectSameRows(clients.admin, `/api/${type}`, '', type, C.email, email);
    },
  );

  it('a manager’s tenants and contractors, its landlord’s only; refused lists are refused', async () => {
    for (const type of ['tenants', 'contractors']) {
      const rows = await expectSameRows(
        clients.managerN,
        `/api/${type}`,
        'sort=name&order=asc',
        type,
        C.email,
        email,
        { atLeast: 2 },
      );
      expect(columnOf(rows, C.email)).not.toContain(w.south.tenant.email);
      expect(columnOf(rows, C.email)).not.toContain(w.south.plumber.email);
      expect(rows[0]).not.toContain(C.role);
    }
    const admin = await exported(clients.admin, '/api/users', '', 'users');
    expect(admin[0]).toContain(C.role);
    expect(admin[0]).toContain(C.landlord);
    expect((await exported(clients.admin, '/api/tenants', '', 'tenants'))[0]).toContain(C.unit);
    expect((await exported(clients.admin, '/api/contractors', '', 'contractors'))[0]).toContain(C.categories);
    expect(
      columnOf(
        await exported(clients.managerN, '/api/tenants', `landlord_id=${w.south.landlord.id}`, 'tenants'),
        C.email,
      ),
    ).toEqual([]);
    for (const [who, type] of [
      ['managerN', 'users'],
      ['tenantN', 'tenants'],
      ['tenantN', 'contractors'],
      ['plumberN', 'contractors'],
    ] as const) {
      const response = await clients[who].get(`/api/${type}/export.csv`);
      expect(response.statusCode, `${who} ${type}`).toBe(403);
      expect(response.json()).toEqual({ code: 'forbidden', message: en.errors.forbidden });
    }
    // A contractor's Tenant List: the tenants where it works.
    await expectSameRows(clients.plumberN, '/api/tenants', '', 'tenants', C.email, email, { atLeast: 1 });
  });

  it('keeps accented names and companies', async () => {
    const rows = await exported(clients.admin, '/api/tenants', 'sort=name&order=asc', 'tenants');
    expect(columnOf(rows, C.name)).toContain('Élodie Tenant');
    expect(columnOf(rows, C.company)).toContain('Zéphyr Holdings');
  });
});

describe('contact messages', () => {
  it.each(['', 'sort=subject&order=asc', 'sort=subject&order=desc', 'sort=name&order=asc', 'search=sender'])(
    'as the super admin, ?%s',
    async (query) => {
      await expectSameRows(clients.admin, '/api/contact', query, 'contact', C.subject, (row) => {
        const subject = String(row.subject);
        return /^[=+\-@\t\r]/.test(subject) ? `'${subject}` : subject;
      });
    },
  );

  it('keeps line breaks and accents, and neutralises formulas', async () => {
    const rows = await exported(clients.admin, '/api/contact', 'sort=created_at&order=asc', 'contact');
    expect(columnOf(rows, C.subject)).toEqual(['Hello', `'${FORMULA}`, ACCENTED, 'Billing', 'Access']);
    expect(columnOf(rows, C.message)[0]).toBe('Message 0\nsecond line');
    expect(columnOf(rows, C.company)[2]).toBe('Société Générale');
    // No names: the company, else the email, as the list's From column.
    expect(columnOf(rows, C.from)[3]).toBe('sender3@example.test');
  });

  it('is the super admin’s only', async () => {
    for (const who of ['managerN', 'tenantN', 'plumberN'] as const) {
      expect((await clients[who].get('/api/contact/export.csv')).statusCode, who).toBe(403);
    }
    expect((await (await t.client()).get('/api/contact/export.csv')).statusCode).toBe(401);
  });
});

describe('reading through a cursor', () => {
  it('hands over the rows a batch at a time, in order, read as the select reads them', async () => {
    const select = t.db
      .select({ ticket: { id: tickets.id, createdAt: tickets.createdAt }, tenant: { id: users.id } })
      .from(tickets)
      .leftJoin(users, eq(users.id, tickets.tenantId))
      .orderBy(asc(tickets.id));
    const all = await select;
    const batches: (typeof all)[] = [];
    await readInBatches(t.db, select, 5, async (_tx, rows) => {
      batches.push(rows);
    });
    expect(batches.map((rows) => rows.length)).toEqual([5, 5, 5, 1]);
    expect(batches.flat()).toEqual(all);
    expect(all[0].ticket.createdAt).toBeInstanceOf(Date);
  });

  it('calls once with no rows for an empty list, and an error ends the transaction', async () => {
    const empty = t.db.select({ id: tickets.id }).from(tickets).where(eq(tickets.id, -1));
    const seen: number[] = [];
    await readInBatches(t.db, empty, 5, async (_tx, rows) => {
      seen.push(rows.length);
    });
    expect(seen).toEqual([0]);
    const failing = readInBatches(t.db, t.db.select({ id: tickets.id }).from(tickets), 2, async () => {
      throw new Error('client went away');
    });
    await expect(failing).rejects.toThrow('client went away');
    // The connection is usable again (PGlite has one; the pool gets its client back).
    expect((await t.db.select({ id: tickets.id }).from(tickets)).length).toBeGreaterThan(0);
  });

  it('answers a visitor 401 in JSON, and a search of a NUL character as the list does', async () => {
    const rows = csvRows(await clients.admin.get('/api/tickets/export.csv?search=%00'), 'tickets');
    expect(columnOf(rows, C.id)).toEqual(
      (await listed(clients.admin, '/api/tickets', 'search=%00')).map(ticketKey),
    );
    const signedOut = await (await t.client()).get('/api/tickets/export.csv');
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.headers['content-type']).toMatch(/^application\/json/);
  });
});
