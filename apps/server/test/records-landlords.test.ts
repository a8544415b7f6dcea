/** Landlords API: create, update, members, delete, validation, paging/search/sort. */
import { en } from '@mend/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { landlords, users } from '../src/db/schema';
import { createTestApp, type TestApp, type TestClient } from './helpers/app';
import { createLandlord, createProperty, createUser } from './helpers/factories';
import { signedIn } from './helpers/records-factories';
import { expectOnePageStatement } from './helpers/statements';

let t: TestApp;
let admin: TestClient;
let manager: TestClient;
let home: number;
let managerId: number;

beforeAll(async () => {
  t = await createTestApp();
  home = (await createLandlord(t.db, 'Home Landlord')).id;
  await createUser(t.db, { role: 0, email: 'admin@example.test' });
  managerId = (await createUser(t.db, { role: 1, email: 'manager@example.test', landlordId: home })).id;
  admin = await signedIn(t, 'admin@example.test');
  manager = await signedIn(t, 'manager@example.test');
});
afterAll(() => t.close());

const landlordOf = async (id: number) => (await t.db.select().from(landlords).where(eq(landlords.id, id)))[0];
const membersOf = async (id: number) =>
  (await t.db.select({ id: users.id }).from(users).where(eq(users.landlordId, id)))
    .map((row) => row.id)
    .sort();

describe('POST /api/landlords', () => {
  it('creates a landlord with its users and answers the detail shape', async () => {
    const free1 = await createUser(t.db, { role: 1 });
    const free2 = await createUser(t.db, { role: 3 });
    const response = await admin.post('/api/landlords', {
      name: '  Acme Rentals ',
      description: 'Apartments downtown',
      users: [free1.id, free2.id],
    });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      id: expect.any(Number),
      name: 'Acme Rentals',
      description: 'Apartments downtown',
      avatar: null,
      user_ids: expect.arrayContaining([free1.id, free2.id]),
      properties: [],
      users: expect.arrayContaining([
        { id: free1.id, name: `Test ${free1.lastName}`, company_name: '', role_name: 'Manager' },
        { id: free2.id, name: `Test ${free2.lastName}`, company_name: '', role_name: 'Contractor' },
      ]),
      path: `/api/landlords/${body.id}/`,
      created_at_timestamp: expect.any(Number),
      assignment_response_hours: 48,
      normal_response_hours: 24,
      normal_resolution_hours: 168,
      high_response_hours: 4,
      high_resolution_hours: 48,
      currency: 'CAD',
      approval_limit_cents: 50_000,
      owners: [],
    });
    expect(Math.abs(body.created_at_timestamp - Date.now() / 1000)).toBeLessThan(60);
    expect(await membersOf(body.id)).toEqual([free1.id, free2.id].sort());
    const detail = await admin.get(body.path);
    expect(detail.json()).toEqual(body);
  });

  it('answers every validation message of the landlord form', async () => {
    const response = await admin.post('/api/landlords', { name: ' ', description: '', users: ['x'] });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 'validation_failed',
      message: en.errors.validation,
      errors: {
        name: ['Please enter the name of the Landlord'],
        description: ['Please enter a description for the Landlord'],
        users: ['Please select users'],
      },
    });
  });

  it('refuses super admins and users of another landlord as members, creating nothing', async () => {
    const before = (await t.db.select().from(landlords)).length;
    const superAdmin = await createUser(t.db, { role: 0 });
    const taken = await createUser(t.db, { role: 2, landlordId: home });
    for (const id of [superAdmin.id, taken.id, 999_999]) {
      const response = await admin.post('/api/landlords', { name: 'X', description: 'Y', users: [id] });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ users: [en.records.usersNotAttachable] });
    }
    expect((await t.db.select().from(landlords)).length).toBe(before);
    expect((await t.db.select().from(users).where(eq(users.id, taken.id)))[0].landlordId).toBe(home);
  });
});

describe('PATCH /api/landlords/:id', () => {
  it('updates with PATCH and with POST _method=PATCH, replacing members only when users is sent', async () => {
    const landlord = await createLandlord(t.db, 'Patch Me');
    const [a, b, c] = [
      await createUser(t.db, { role: 1, landlordId: landlord.id }),
      await createUser(t.db, { role: 2, landlordId: landlord.id }),
      await createUser(t.db, { role: 3 }),
    ];
    const patched = await admin.send('PATCH', `/api/landlords/${landlord.id}`, {
      name: 'Patched',
      description: 'Changed',
      users: [a.id, c.id],
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ name: 'Patched', description: 'Changed' });
    expect(patched.json().user_ids.sort()).toEqual([a.id, c.id].sort());
    expect(await membersOf(landlord.id)).toEqual([a.id, c.id].sort());
    expect((await t.db.select().from(users).where(eq(users.id, b.id)))[0].landlordId).toBeNull();

    // No users field: members stay as they are.
    const overridden = await admin.post(`/api/landlords/${landlord.id}/`, {
      _method: 'PATCH',
      name: 'Overridden',
      description: 'Via POST',
    });
    expect(overridden.statusCode, overridden.body).toBe(200);
    expect(overridden.json().name).toBe('Overridden');
    expect(await membersOf(landlord.id)).toEqual([a.id, c.id].sort());

    // An empty users field clears them.
    const cleared = await admin.send('PATCH', `/api/landlords/${landlord.id}`, {
      name: 'Overridden',
      description: 'Via POST',
      users: '',
    });
    expect(cleared.json().user_ids).toEqual([]);
    expect(await membersOf(landlord.id)).toEqual([]);
  });

  it('lets a manager edit its own landlord but not change its users', async () => {
    const other = await createUser(t.db, { role: 2 });
    const current = await membersOf(home);
    const edited = await manager.send('PATCH', `/api/landlords/${home}`, {
      name: 'Home Landlord',
      description: 'Edited by its manager',
      users: current,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().description).toBe('Edited by its manager');

    const grab = await manager.send('PATCH', `/api/landlords/${home}`, {
      name: 'Home Landlord',
      description: 'Edited by its manager',
      users: [...current, other.id],
    });
    expect(grab.statusCode).toBe(403);
    expect(grab.json()).toEqual({ code: 'forbidden', message: en.errors.forbidden });
    expect(await membersOf(home)).toEqual(current);

    const edit = (await manager.get(`/api/landlords/${home}/edit`)).json();
    expect(edit.can_change_users).toBe(false);
    // It may not change them: no choices are sent.
    expect(edit.user_options).toEqual([]);
  });

  it('offers the super admin the users without a landlord beside the landlord’s own', async () => {
    const free = await createUser(t.db, { role: 2 });
    const elsewhere = await createUser(t.db, { role: 2, landlordId: (await createLandlord(t.db)).id });
    const superAdmin = await createUser(t.db, { role: 0 });
    const edit = (await admin.get(`/api/landlords/${home}/edit`)).json();
    const offered = edit.user_options.map((option: { id: number }) => option.id);
    expect(edit.can_change_users).toBe(true);
    expect(offered).toContain(free.id);
    // The landlord's own users are its record's, not sent again as choices.
    expect(offered).not.toContain(managerId);
    expect(edit.users.map((user: { id: number }) => user.id)).toContain(managerId);
    expect(offered).not.toContain(elsewhere.id);
    expect(offered).not.toContain(superAdmin.id);
    expect(edit).toMatchObject({ id: home, name: 'Home Landlord', path: `/api/landlords/${home}/` });
    const create = (await admin.get('/api/landlords/create')).json();
    const offeredForNew = create.user_options.map((option: { id: number }) => option.id);
    expect(offeredForNew).toContain(free.id);
    expect(offeredForNew).not.toContain(managerId);
  });

  it('answers 404 for an unknown landlord and validation messages on PATCH', async () => {
    expect(
      (await admin.send('PATCH', '/api/landlords/999999', { name: 'x', description: 'y' })).statusCode,
    ).toBe(404);
    const invalid = await admin.send('PATCH', `/api/landlords/${home}`, { name: '', description: 'y' });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors).toEqual({ name: [en.validation.landlordName] });
  });
});

describe('DELETE /api/landlords/:id', () => {
  it('refuses a landlord with properties with 409 and removes nothing', async () => {
    const landlord = await createLandlord(t.db, 'Busy Landlord');
    await createProperty(t.db, landlord.id);
    await createProperty(t.db, landlord.id);
    const response = await admin.send('DELETE', `/api/landlords/${landlord.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'conflict',
      message:
        'Landlord "Busy Landlord" cannot be deleted while it still has 2 properties. Remove them first.',
    });
    expect(await landlordOf(landlord.id)).toBeDefined();
  });

  it('deletes an empty landlord (also by POST _method=DELETE) and detaches its users', async () => {
    const landlord = await createLandlord(t.db, 'Gone Landlord');
    const member = await createUser(t.db, { role: 1, landlordId: landlord.id });
    const response = await admin.post(`/api/landlords/${landlord.id}/`, { _method: 'DELETE' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: 'Landlord "Gone Landlord" has been deleted.' });
    expect(await landlordOf(landlord.id)).toBeUndefined();
    expect((await t.db.select().from(users).where(eq(users.id, member.id)))[0].landlordId).toBeNull();
    expect((await admin.get(`/api/landlords/${landlord.id}`)).statusCode).toBe(404);
  });
});

describe('GET /api/landlords (paging, search, sort)', () => {
  const ids: number[] = [];

  beforeAll(async () => {
    for (let i = 1; i <= 25; i++) {
      ids.push((await createLandlord(t.db, `Paging ${String(i).padStart(2, '0')}`)).id);
    }
    await createLandlord(t.db, 'Deal: 50% off');
    await createLandlord(t.db, 'Deal: 500 off');
    await createLandlord(t.db, 'Under_score');
    await createLandlord(t.db, 'Underscore');
  });

  const list = async (query: string) => {
    const response = await admin.get(`/api/landlords?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { data: { id: number; name: string }[]; meta: Record<string, number> };
  };

  it('pages in SQL: total, page and per_page', async () => {
    const first = await list('search=paging&sort=name&order=asc');
    expect(first.meta).toEqual({ total: 25, page: 1, per_page: 10 });
    expect(first.data.map((row) => row.name)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Paging ${String(i + 1).padStart(2, '0')}`),
    );
    const second = await list('search=paging&sort=name&order=asc&page=2');
    expect(second.data.map((row) => row.name)[0]).toBe('Paging 11');
    const third = await list('search=paging&sort=name&order=asc&page=3&per_page=10');
    expect(third.data.map((row) => row.name)).toEqual([
      'Paging 21',
      'Paging 22',
      'Paging 23',
      'Paging 24',
      'Paging 25',
    ]);
    const wide = await list('search=paging&per_page=7&page=4');
    expect(wide.meta).toEqual({ total: 25, page: 4, per_page: 7 });
    expect(wide.data).toHaveLength(4);
  });

  it('searches ignoring case and sorts by name both ways, newest first by default', async () => {
    const upper = await list('search=PAGING 1');
    expect(upper.meta.total).toBe(10);
    const desc = await list('search=paging&sort=name&order=desc&per_page=3');
    expect(desc.data.map((row) => row.name)).toEqual(['Paging 25', 'Paging 24', 'Paging 23']);
    const newest = await list('search=paging&per_page=2');
    expect(newest.data.map((row) => row.id)).toEqual([ids[24], ids[23]]);
    const unknownSort = await list('search=paging&sort=password_hash&per_page=2');
    expect(unknownSort.data.map((row) => row.id)).toEqual([ids[24], ids[23]]);
  });

  it('matches LIKE wildcards literally', async () => {
    expect((await list('search=50%25')).data.map((row) => row.name)).toEqual(['Deal: 50% off']);
    expect((await list('search=under_')).data.map((row) => row.name)).toEqual(['Under_score']);
  });

  it('reads each page in one statement besides the session lookup, its rows as their details summed up', async () => {
    // A page was four statements (rows, count, properties, members), each built by drizzle on every call.
    for (const [client, queries] of [
      [
        admin,
        [
          'per_page=5',
          'search=paging&sort=name&order=desc&page=2&per_page=4',
          'page=2&per_page=3&sort=created_at&order=asc',
        ],
      ],
      [manager, ['per_page=5']],
    ] as const) {
      const paths = queries.map((query) => `/api/landlords?${query}`);
      for (const rows of await expectOnePageStatement(t.db, client, paths)) {
        for (const row of rows as { path: string }[]) {
          const {
            user_ids,
            properties,
            users,
            owners: _owners,
            ...fields
          } = (await client.get(row.path)).json();
          expect(row).toEqual({ ...fields, property_count: properties.length, user_count: users.length });
          expect(user_ids).toHaveLength(users.length);
        }
      }
    }
    const past = await list('search=paging&page=9');
    expect(past).toEqual({ data: [], meta: { total: 25, page: 9, per_page: 10 } });
  });

  it('counts the properties and users of each landlord, and leaves the lists to its record (ADR 0024)', async () => {
    const landlord = await createLandlord(t.db, 'Zeta Holdings');
    await createProperty(t.db, landlord.id, 'Zeta Tower');
    await createProperty(t.db, landlord.id, 'Zeta Annex');
    const { data } = await list('search=zeta');
    expect(data).toEqual([expect.objectContaining({ id: landlord.id, property_count: 2, user_count: 0 })]);
    expect(data[0]).not.toHaveProperty('properties');
    expect(data[0]).not.toHaveProperty('users');
  });
});
