/** The bell's notification history, marking notifications viewed, and notification options honoured by delivery. */
import { en } from '@mend/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, outboxMessages } from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers/app';
import { expectSessionNotedThenExpired, statementsDuring } from './helpers/sessions';
import { clientFor, createWorld, ticketForm, type World } from './helpers/ticket-factories';

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp({ env: { APP_URL: 'http://mend-notifications.test' } });
  w = await createWorld(t.db);
});
afterAll(() => t.close());

async function notify(userId: number, count: number, start = Date.now() - 3600_000) {
  return t.db
    .insert(notifications)
    .values(
      Array.from({ length: count }, (_, i) => ({
        userId,
        title: `Note ${i}`,
        link: `/tickets/${i}`,
        createdAt: new Date(start + i * 1000),
      })),
    )
    .returning();
}

describe('GET /api/users/{id}/notification-history', () => {
  it('answers one’s own 50 newest, newest first', async () => {
    await notify(w.south.tenant.id, 55);
    const client = await clientFor(t, w.south.tenant);
    const response = await client.get(`/api/users/${w.south.tenant.id}/notification-history`);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toHaveLength(50);
    expect(data[0]).toMatchObject({ title: 'Note 54', viewed: false, link: '/tickets/54', ticket_id: null });
    expect(data[49].title).toBe('Note 5');
    const stamps = data.map((note: { timestamp: number }) => note.timestamp);
    expect([...stamps].sort((a, b) => b - a)).toEqual(stamps);
  });

  it('is only one’s own, even for the super admin', async () => {
    const client = await clientFor(t, w.admin);
    const response = await client.get(`/api/users/${w.south.tenant.id}/notification-history`);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 'forbidden', message: en.accounts.notYourNotifications });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/users/${w.admin.id}/notification-history` }))
        .statusCode,
    ).toBe(401);
  });

  it('reads the session and the history in one statement, answering as the list after a change does', async () => {
    const [first] = await notify(w.north.manager.id, 2);
    await t.db
      .update(notifications)
      .set({ image: '/files/a.png', subtitle: 'Sub', viewedAt: new Date() })
      .where(eq(notifications.id, first.id));
    const client = await clientFor(t, w.north.manager);
    const url = `/api/users/${w.north.manager.id}/notification-history`;
    let polled: unknown;
    const sent = await statementsDuring(t, async () => {
      const response = await client.get(url);
      expect(response.statusCode).toBe(200);
      polled = response.json();
    });
    expect(sent).toBe(1);
    expect(polled).toMatchObject({
      data: [
        { title: 'Note 1', viewed: false, image: null, subtitle: '' },
        { id: first.id, title: 'Note 0', viewed: true, image: '/files/a.png', subtitle: 'Sub' },
      ],
    });
    // PATCH answers the list read the usual way: the same answer, timestamps and all.
    const patched = await client.post(url, { _method: 'PATCH', notifications_to_set: [] });
    expect(patched.json()).toEqual(polled);
  });

  it('answers a visitor 401 before any other answer, and a malformed id 404', async () => {
    const client = await clientFor(t, w.north.manager);
    const visitor = await t.client();
    for (const id of [String(w.north.manager.id), 'abc', '0']) {
      expect((await visitor.get(`/api/users/${id}/notification-history`)).statusCode).toBe(401);
    }
    expect((await client.get('/api/users/abc/notification-history')).statusCode).toBe(404);
    // HEAD goes the same way as GET.
    const head = await t.app.inject({
      method: 'HEAD',
      url: `/api/users/${w.north.manager.id}/notification-history`,
      headers: { cookie: client.cookieHeader },
    });
    expect(head.statusCode).toBe(200);
  });

  it('answers an expired session 401, and notes a session’s use as every request does', async () => {
    await expectSessionNotedThenExpired(
      t,
      w.north.tenant,
      `/api/users/${w.north.tenant.id}/notification-history`,
      200,
    );
  });
});

describe('PATCH /api/users/{id}/notification-history', () => {
  it('marks the given notifications viewed and answers the list', async () => {
    const mine = await notify(w.south.tenant2.id, 3, Date.now());
    const theirs = await notify(w.south.manager.id, 1, Date.now());
    const client = await clientFor(t, w.south.tenant2);
    const response = await client.post(`/api/users/${w.south.tenant2.id}/notification-history`, {
      _method: 'PATCH',
      notifications_to_set: [mine[0].id, mine[2].id, theirs[0].id],
    });
    expect(response.statusCode, response.body).toBe(200);
    const byId = new Map(
      response.json().data.map((note: { id: number; viewed: boolean }) => [note.id, note.viewed]),
    );
    expect(byId.get(mine[0].id)).toBe(true);
    expect(byId.get(mine[1].id)).toBe(false);
    expect(byId.get(mine[2].id)).toBe(true);
    expect(byId.has(theirs[0].id)).toBe(false);
    // Someone else's notification is untouched.
    const [other] = await t.db.select().from(notifications).where(eq(notifications.id, theirs[0].id));
    expect(other.viewedAt).toBeNull();
  });

  it('takes a JSON list, and refuses ids that are not numbers', async () => {
    const mine = await notify(w.south.plumber.id, 1, Date.now());
    const user = w.south.plumber;
    const [note] = mine;
    const client = await clientFor(t, user);
    const ok = await client.send(
      'PATCH',
      `/api/users/${user.id}/notification-history`,
      { notifications_to_set: [note.id] },
      { json: true },
    );
    expect(ok.statusCode).toBe(200);
    const bad = await client.post(`/api/users/${user.id}/notification-history`, {
      _method: 'PATCH',
      notifications_to_set: ['abc'],
    });
    expect(bad.statusCode).toBe(422);
    const someoneElse = await client.post(`/api/users/${w.south.tenant.id}/notification-history`, {
      _method: 'PATCH',
      notifications_to_set: [note.id],
    });
    expect(someoneElse.statusCode).toBe(403);
  });
});

describe('notification options decide what is queued', () => {
  async function createTicket(title: string) {
    const client = await clientFor(t, w.north.tenant);
    const response = await client.post('/api/tickets', ticketForm({ category_id: w.plumbing.id, title }));
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as number;
  }

  async function channelsFor(ticketId: number, userId: number) {
    const rows = await t.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.userId, userId), inArray(outboxMessages.kind, ['ticket.created'])));
    return rows
      .filter((row) => (row.payload as { ticket_id?: number }).ticket_id === ticketId)
      .map((row) => row.channel)
      .sort();
  }

  it('turning mail.tickets off in the profile stops ticket emails; SMS and voice go on', async () => {
    const plumber = await clientFor(t, w.north.plumber);
    const first = await createTicket('Before the change');
    expect(await channelsFor(first, w.north.plumber.id)).toEqual(['email', 'sms', 'voice']);

    const saved = await plumber.post(`/api/users/${w.north.plumber.id}/notifications`, {
      _method: 'PATCH',
      'notification_options[mail][tickets]': '0',
      'notification_options[sms][phone_number]': '780 555 0199',
      'notification_options[sms][tickets]': '1',
      'notification_options[phone][phone_number]': '780 555 0198',
      'notification_options[phone][tickets]': '1',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const second = await createTicket('After the change');
    expect(await channelsFor(second, w.north.plumber.id)).toEqual(['sms', 'voice']);
    // The in-app notification still arrives.
    const [note] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.ticketId, second), eq(notifications.userId, w.north.plumber.id)));
    expect(note).toBeDefined();

    await plumber.post(`/api/users/${w.north.plumber.id}/notifications`, {
      _method: 'PATCH',
      'notification_options[mail][tickets]': '1',
    });
    const third = await createTicket('Email again, nothing else');
    expect(await channelsFor(third, w.north.plumber.id)).toEqual(['email']);
  });
});
