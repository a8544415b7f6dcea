/**
 * Who sees which ticket (DESIGN.md): role 0 all, role 1 its landlord's, role 2 its unit's, role 3 the ones
 * routed to it; outside that scope every call answers 404, lists leave the ticket out, files are 404.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers/app';
import {
  clientFor,
  createPerson,
  createWorld,
  file,
  insertTicket,
  pngImage,
  ticketForm,
  type World,
} from './helpers/ticket-factories';

let t: TestApp;
let w: World;
let ids: { n1: number; n2: number; s1: number; img: number };
let imageUrl: string;
let thumbUrl: string;
let orphanManager: UserRow;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
  const n = w.north;
  const s = w.south;
  const n1 = await insertTicket(t.db, {
    unit: n.unit,
    tenant: n.tenant,
    category: w.plumbing,
    recipients: [n.plumber, n.manager],
  });
  const n2 = await insertTicket(t.db, {
    unit: n.unit2,
    tenant: n.tenant2,
    category: w.electrical,
    recipients: [n.manager],
  });
  const s1 = await insertTicket(t.db, {
    unit: s.unit,
    tenant: s.tenant,
    category: w.plumbing,
    recipients: [s.plumber, s.manager],
  });
  // One with a file, made through the API (routed to the north plumber and manager).
  const admin = await clientFor(t, w.admin);
  const created = await admin.post(
    '/api/tickets',
    ticketForm({
      unit_id: n.unit.id,
      category_id: w.plumbing.id,
      images: [file(await pngImage(), 'leak.png')],
    }),
  );
  expect(created.statusCode, created.body).toBe(201);
  imageUrl = created.json().images[0];
  thumbUrl = created.json().thumbnails[0];
  ids = { n1: n1.id, n2: n2.id, s1: s1.id, img: created.json().id };
  orphanManager = await createPerson(t.db, 1, null, 'Orphan', 'Manager');
});
afterAll(() => t.close());

type Key = keyof typeof ids;
const ALL: Key[] = ['n1', 'n2', 's1', 'img'];

const matrix: Array<[string, () => UserRow, Key[]]> = [
  ['super admin', () => w.admin, ALL],
  ['manager of the landlord', () => w.north.manager, ['n1', 'n2', 'img']],
  ['manager of the other landlord', () => w.south.manager, ['s1']],
  ['manager without a landlord', () => orphanManager, []],
  ['tenant of the unit', () => w.north.tenant, ['n1', 'img']],
  ['tenant of another unit of the same landlord', () => w.north.tenant2, ['n2']],
  ['tenant of the other landlord', () => w.south.tenant, ['s1']],
  ['contractor the tickets were routed to', () => w.north.plumber, ['n1', 'img']],
  ['contractor of the property, other category (not routed)', () => w.north.electrician, []],
  ['contractor of the other landlord', () => w.south.plumber, ['s1']],
];

describe.each(matrix)('%s', (_name, user, visible) => {
  it('GET /api/tickets lists exactly the tickets in scope', async () => {
    const client = await clientFor(t, user());
    const response = await client.get('/api/tickets?per_page=100');
    expect(response.statusCode).toBe(200);
    const listed = response
      .json()
      .data.map((ticket: { id: number }) => ticket.id)
      .sort((a: number, b: number) => a - b);
    expect(listed).toEqual(visible.map((key) => ids[key]).sort((a, b) => a - b));
    expect(response.json().meta.total).toBe(visible.length);
  });

  it('GET /api/tickets/{id} answers 200 in scope and 404 outside', async () => {
    const client = await clientFor(t, user());
    for (const key of ALL) {
      const response = await client.get(`/api/tickets/${ids[key]}/`);
      expect([key, response.statusCode]).toEqual([key, visible.includes(key) ? 200 : 404]);
    }
  });

  it('ticket files are served in scope only', async () => {
    const client = await clientFor(t, user());
    const expected = visible.includes('img') ? 200 : 404;
    expect((await client.get(imageUrl)).statusCode).toBe(expected);
    expect((await client.get(thumbUrl)).statusCode).toBe(expected);
  });

  it('writes outside the scope answer 404, like a ticket that does not exist', async () => {
    const client = await clientFor(t, user());
    for (const key of ALL.filter((k) => !visible.includes(k))) {
      const url = `/api/tickets/${ids[key]}/`;
      expect((await client.post(url, { _method: 'PATCH', status: 2 })).statusCode).toBe(404);
      expect(
        (
          await client.post(url, {
            _method: 'PATCH',
            ...ticketForm({ unit_id: w.north.unit.id, category_id: w.plumbing.id }),
          })
        ).statusCode,
      ).toBe(404);
      expect((await client.post(url, { _method: 'DELETE' })).statusCode).toBe(404);
    }
    expect((await client.get('/api/tickets/999999/')).statusCode).toBe(404);
  });
});

describe('what each role may do to a ticket it sees', () => {
  it('a contractor may change the status of a ticket routed to it, but not edit or delete it', async () => {
    const client = await clientFor(t, w.north.plumber);
    const ticket = (await client.get(`/api/tickets/${ids.n1}/`)).json();
    expect(ticket.can).toEqual({
      update: false,
      delete: false,
      change_status: true,
      assign: false,
      answer_assignment: false,
      book_visit: false,
      answer_visit: false,
      cancel_visit: false,
      sign_off: false,
      change_due: false,
    });
    const edit = await client.post(ticket.path, {
      _method: 'PATCH',
      ...ticketForm({ unit_id: w.north.unit.id, category_id: w.plumbing.id, title: 'Mine now' }),
    });
    expect(edit.statusCode).toBe(403);
    expect((await client.post(ticket.path, { _method: 'DELETE' })).statusCode).toBe(403);
    const status = await client.post(ticket.path, { _method: 'PATCH', status: 1 });
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json().status_text).toBe('Scheduled');
  });

  it('a tenant may edit tickets on its unit (the unit stays its own)', async () => {
    const client = await clientFor(t, w.north.tenant);
    const ticket = (await client.get(`/api/tickets/${ids.n1}/`)).json();
    expect(ticket.can).toEqual({
      update: true,
      delete: true,
      change_status: true,
      assign: false,
      answer_assignment: false,
      book_visit: false,
      answer_visit: false,
      cancel_visit: false,
      sign_off: false,
      change_due: false,
    });
    const edit = await client.post(ticket.path, {
      _method: 'PATCH',
      ...ticketForm({ unit_id: w.south.unit.id, category_id: w.plumbing.id, title: 'Still leaking' }),
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({ title: 'Still leaking', unit_id: w.north.unit.id });
  });
});

describe('GET /api/landlords/{id}/tickets', () => {
  it('the super admin and the landlord’s manager get the landlord’s tickets', async () => {
    for (const user of [w.admin, w.north.manager]) {
      const response = await (await clientFor(t, user)).get(`/api/landlords/${w.north.landlord.id}/tickets`);
      expect(response.statusCode).toBe(200);
      const listed = response
        .json()
        .data.map((ticket: { id: number }) => ticket.id)
        .sort((a: number, b: number) => a - b);
      expect(listed).toEqual([ids.n1, ids.n2, ids.img].sort((a, b) => a - b));
    }
  });

  it('another landlord’s manager gets 404, tenants and contractors 403', async () => {
    expect(
      (await (await clientFor(t, w.south.manager)).get(`/api/landlords/${w.north.landlord.id}/tickets`))
        .statusCode,
    ).toBe(404);
    expect(
      (await (await clientFor(t, w.north.tenant)).get(`/api/landlords/${w.north.landlord.id}/tickets`))
        .statusCode,
    ).toBe(403);
    expect(
      (await (await clientFor(t, w.north.plumber)).get(`/api/landlords/${w.north.landlord.id}/tickets`))
        .statusCode,
    ).toBe(403);
    expect((await (await clientFor(t, w.admin)).get('/api/landlords/999999/tickets')).statusCode).toBe(404);
  });
});

describe('GET /api/users/{id}/tickets', () => {
  const listed = async (viewer: UserRow, of: UserRow) => {
    const response = await (await clientFor(t, viewer)).get(`/api/users/${of.id}/tickets/`);
    return response.statusCode === 200
      ? response
          .json()
          .data.map((ticket: { id: number }) => ticket.id)
          .sort((a: number, b: number) => a - b)
      : response.statusCode;
  };

  it('a user gets its own tickets', async () => {
    expect(await listed(w.north.tenant, w.north.tenant)).toEqual([ids.n1, ids.img].sort((a, b) => a - b));
    expect(await listed(w.north.plumber, w.north.plumber)).toEqual([ids.n1, ids.img].sort((a, b) => a - b));
  });

  it('the super admin and the user’s manager get that user’s tickets', async () => {
    expect(await listed(w.admin, w.north.tenant2)).toEqual([ids.n2]);
    expect(await listed(w.north.manager, w.north.plumber)).toEqual([ids.n1, ids.img].sort((a, b) => a - b));
  });

  it('a user who sees every ticket narrows nothing: its tab is the viewer’s list, searched alike', async () => {
    const all = await listed(w.admin, w.admin);
    const admin = await clientFor(t, w.admin);
    const everything = (await admin.get('/api/tickets?per_page=100'))
      .json()
      .data.map((r: { id: number }) => r.id);
    expect(all).toEqual([...everything].sort((a: number, b: number) => a - b));
    for (const search of ['tap', 'Gardens', 'no such words']) {
      const tab = await admin.get(`/api/users/${w.admin.id}/tickets?search=${encodeURIComponent(search)}`);
      const list = await admin.get(`/api/tickets?search=${encodeURIComponent(search)}`);
      expect(tab.json(), search).toEqual(list.json());
    }
    // Nobody else reads the super admin's tab.
    const manager = await clientFor(t, w.north.manager);
    expect((await manager.get(`/api/users/${w.admin.id}/tickets`)).statusCode).toBe(404);
  });

  it('anyone else gets 404', async () => {
    expect(await listed(w.north.tenant, w.north.tenant2)).toBe(404);
    expect(await listed(w.south.manager, w.north.tenant)).toBe(404);
    expect(await listed(w.north.plumber, w.north.manager)).toBe(404);
    expect(await listed(w.admin, { ...w.admin, id: 999_999 })).toBe(404);
  });
});
