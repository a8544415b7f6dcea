/**
 * GET /api/tickets/{id} reads the session and the ticket in one statement (ADR 0013): the same answer as the
 * ticket loaded the usual way, one round trip, and who may see it decided after the read (tickets-visibility
 * covers every role and scope; this covers the order of the answers and the session's edge cases).
 */
import { en } from '@mend/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, type UserRow } from '../src/db/schema';
import { actorOf } from '../src/lib/actor';
import { loadTicket } from '../src/modules/tickets/service';
import { createTestApp, type TestApp } from './helpers/app';
import { expectSessionNotedThenExpired, statementsDuring } from './helpers/sessions';
import {
  clientFor,
  createWorld,
  file,
  freshClientFor,
  insertTicket,
  pngImage,
  ticketForm,
  type World,
} from './helpers/ticket-factories';

let t: TestApp;
let w: World;
/** Made through the API: categories, a file, availability and log entries. */
let full: number;
/** Another landlord's. */
let foreign: number;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
  const manager = await clientFor(t, w.north.manager);
  const created = await manager.post(
    '/api/tickets',
    ticketForm({
      unit_id: w.north.unit.id,
      category_id: w.plumbing.id,
      images: [file(await pngImage(), 'leak.png')],
    }),
  );
  expect(created.statusCode, created.body).toBe(201);
  full = created.json().id;
  const plumber = await clientFor(t, w.north.plumber);
  const changed = await plumber.post(`/api/tickets/${full}`, { _method: 'PATCH', status: 1 });
  expect(changed.statusCode, changed.body).toBe(200);
  foreign = (await insertTicket(t.db, { unit: w.south.unit, tenant: w.south.tenant, category: w.plumbing }))
    .id;
});
afterAll(() => t.close());

const viewers: Array<[string, () => UserRow]> = [
  ['super admin', () => w.admin],
  ['manager', () => w.north.manager],
  ['tenant', () => w.north.tenant],
  ['contractor', () => w.north.plumber],
];

describe('GET /api/tickets/{id}', () => {
  it.each(viewers)(
    'answers the %s in one statement, as the ticket loaded the usual way',
    async (_name, user) => {
      const client = await clientFor(t, user());
      await t.db
        .update(notifications)
        .set({ viewedAt: new Date() })
        .where(eq(notifications.userId, user().id));
      let answer: unknown;
      const sent = await statementsDuring(t, async () => {
        const response = await client.get(`/api/tickets/${full}/`);
        expect(response.statusCode, response.body).toBe(200);
        answer = response.json();
      });
      expect(sent).toBe(1);
      const expected = JSON.parse(JSON.stringify(await loadTicket(t.db, actorOf(user()), full)));
      expect(answer).toEqual(expected);
      expect(expected).toMatchObject({ id: full, categories: [{ id: w.plumbing.id }] });
      expect(expected.images).toHaveLength(1);
      expect(expected.availability.length).toBeGreaterThan(0);
      expect(expected.log.length).toBeGreaterThan(1);
    },
  );

  it('answers 404 outside the viewer’s scope and for a ticket that does not exist, in one statement', async () => {
    for (const user of [w.north.manager, w.north.tenant, w.north.plumber, w.north.tenant2]) {
      const client = await clientFor(t, user);
      for (const id of [foreign, 999_999]) {
        const sent = await statementsDuring(t, async () => {
          const response = await client.get(`/api/tickets/${id}/`);
          expect([user.email, id, response.statusCode]).toEqual([user.email, id, 404]);
          expect(response.json()).toEqual({ code: 'not_found', message: en.errors.notFound });
        });
        expect(sent).toBe(1);
      }
    }
  });

  it('marks the viewer’s notifications about it viewed, and no one else’s', async () => {
    const [mine, theirs] = await t.db
      .insert(notifications)
      .values([
        { userId: w.north.tenant.id, ticketId: full, title: 'Yours', link: `/tickets/${full}` },
        { userId: w.north.manager.id, ticketId: full, title: 'Theirs', link: `/tickets/${full}` },
      ])
      .returning();
    const client = await clientFor(t, w.north.tenant);
    expect((await client.get(`/api/tickets/${full}/`)).statusCode).toBe(200);
    const viewed = async (id: number) =>
      (await t.db.select().from(notifications).where(eq(notifications.id, id)))[0].viewedAt;
    expect(await viewed(mine.id)).not.toBeNull();
    expect(await viewed(theirs.id)).toBeNull();
    // Outside the scope nothing is marked, even with a notification about it.
    const [stray] = await t.db
      .insert(notifications)
      .values({ userId: w.north.tenant.id, ticketId: foreign, title: 'Stray', link: `/tickets/${foreign}` })
      .returning();
    expect((await client.get(`/api/tickets/${foreign}/`)).statusCode).toBe(404);
    expect(await viewed(stray.id)).toBeNull();
  });

  it('answers a visitor 401 before any other answer, and a malformed id 404', async () => {
    const visitor = await t.client();
    for (const id of [String(full), String(foreign), '999999', 'abc', '0', '-1', '1e3']) {
      const response = await visitor.get(`/api/tickets/${id}/`);
      expect([id, response.statusCode]).toEqual([id, 401]);
      expect(response.json()).toEqual({ code: 'unauthenticated', message: en.auth.unauthenticated });
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/tickets/${full}/` })).statusCode).toBe(401);
    const client = await clientFor(t, w.admin);
    for (const id of ['abc', '0', '-1', '1e3', '1234567890']) {
      expect([id, (await client.get(`/api/tickets/${id}/`)).statusCode]).toEqual([id, 404]);
    }
  });

  it('answers an expired or signed-out session 401, and notes a session’s use as every request does', async () => {
    const url = `/api/tickets/${full}/`;
    // Not routed to it: 404, and the session's use is noted all the same.
    await expectSessionNotedThenExpired(t, w.north.plumber2, url, 404);

    const admin = await freshClientFor(t, w.admin);
    expect((await admin.get(url)).statusCode).toBe(200);
    expect((await admin.post('/api/logout', {})).statusCode).toBe(200);
    expect((await admin.get(url)).statusCode).toBe(401);
  });
});
