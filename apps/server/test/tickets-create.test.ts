/** Creating tickets: who may, which unit and category, every computed field, routing, notifications, outbox. */
import { type ApiTicket, en } from '@mend/shared';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, outboxMessages, ticketLog, ticketRecipients, tickets, users } from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers/app';
import { clientFor, createWorld, ticketForm, tomorrowRange, type World } from './helpers/ticket-factories';

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
});
afterAll(() => t.close());

async function recipientsOf(ticketId: number): Promise<number[]> {
  const rows = await t.db
    .select({ userId: ticketRecipients.userId })
    .from(ticketRecipients)
    .where(eq(ticketRecipients.ticketId, ticketId))
    .orderBy(asc(ticketRecipients.userId));
  return rows.map((row) => row.userId);
}

async function notifiedUsers(ticketId: number): Promise<number[]> {
  const rows = await t.db
    .select({ userId: notifications.userId })
    .from(notifications)
    .where(eq(notifications.ticketId, ticketId))
    .orderBy(asc(notifications.userId));
  return rows.map((row) => row.userId);
}

describe('GET /api/tickets/statuses and /api/tickets/priorities', () => {
  it('answers the plain string lists (the index is the value)', async () => {
    const client = await clientFor(t, w.north.tenant);
    expect((await client.get('/api/tickets/statuses')).json()).toEqual([
      'Open',
      'Scheduled',
      'In Progress',
      'Completed',
      'Cancelled',
    ]);
    expect((await client.get('/api/tickets/priorities')).json()).toEqual(['Normal', 'High']);
  });

  it('needs a signed-in user', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/tickets/statuses' });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/tickets by a tenant', () => {
  let ticket: ApiTicket;

  beforeAll(async () => {
    const client = await clientFor(t, w.north.tenant);
    const range = tomorrowRange(15, 2);
    const response = await client.post(
      '/api/tickets',
      ticketForm({
        // A tenant's unit is its own, whatever the form says.
        unit_id: w.south.unit.id,
        category_id: w.plumbing.id,
        priority: 1,
        status: 3,
        'availability[0][start]': range.start,
        'availability[0][end]': range.end,
        meta: { 'Pet in unit': 'Dog', 'Entry code': '1234' },
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    ticket = response.json();
  });

  it('puts the ticket on the tenant’s own unit, at status 0 (a tenant cannot set the status)', async () => {
    expect(ticket).toMatchObject({
      unit_id: w.north.unit.id,
      property_id: w.north.property.id,
      status: 0,
      status_text: 'Open',
      status_slug: 'open',
      closed_at: null,
      priority: 1,
      priority_text: 'High',
    });
  });

  it('answers every field of the Ticket entity', async () => {
    expect(ticket).toMatchObject({
      visible_id: String(ticket.id).padStart(3, '0'),
      title: 'Leaking kitchen faucet',
      description: 'Drips all night.\nPlease fix.',
      unit: {
        id: w.north.unit.id,
        name: w.north.unit.name,
        address: w.north.unit.address,
        postal_code: w.north.unit.postalCode,
        city: 'Edmonton',
        province: 'AB',
      },
      category_ids: [w.plumbing.id],
      categories: [{ id: w.plumbing.id, title: 'Plumbing' }],
      images: [],
      thumbnails: [],
      image_files: [],
      tenant: { id: w.north.tenant.id, name: 'Jane Tenant', company_name: '', avatar: null },
      tenant_name: 'Jane Tenant',
      property_name: 'North Towers',
      meta: { 'Pet in unit': 'Dog', 'Entry code': '1234' },
      contact_details: {
        first_name: 'Jane',
        last_name: 'Morrison',
        email: 'jane@example.test',
        phone_number: '780 555 0101',
      },
      path: `/api/tickets/${ticket.id}/`,
      highlighted: false,
      can: {
        update: true,
        delete: true,
        change_status: true,
        assign: false,
        answer_assignment: false,
        book_visit: false,
        answer_visit: false,
        cancel_visit: false,
      },
      assignee: null,
    });
    expect(Math.floor(new Date(ticket.created_at).getTime() / 1000)).toBe(ticket.created_at_timestamp);
    expect(typeof ticket.updated_at).toBe('string');
    const range = tomorrowRange(15, 2);
    expect(ticket.availability).toEqual([range]);
    expect(ticket.availability_time_zone).toBe('America/Edmonton');
    // 15:00-17:00 UTC is 8:00-10:00 AM in Edmonton (MST/MDT: 7-9 or 8-10 depending on the season).
    expect(ticket.availability_strings[0]).toMatch(
      /^[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, \d{1,2}:00 AM – \d{1,2}:00 AM$/,
    );
  });

  it('routes it to the matching contractor of the property and the landlord’s managers only', async () => {
    expect(await recipientsOf(ticket.id)).toEqual(
      [w.north.manager.id, w.north.plumber.id].sort((a, b) => a - b),
    );
  });

  it('writes the created and routed log entries, newest first', async () => {
    expect(ticket.log_length).toBe(2);
    expect(ticket.log.map((entry) => entry.action)).toEqual(['routed', 'created']);
    expect(ticket.log[1]).toMatchObject({
      description: 'Ticket created',
      user: { id: w.north.tenant.id, name: 'Jane Tenant' },
    });
    expect(ticket.log[0].description).toBe('Ticket sent to Marco Plumber, Olivia Manager');
    const [routed] = await t.db
      .select()
      .from(ticketLog)
      .where(and(eq(ticketLog.ticketId, ticket.id), eq(ticketLog.action, 'routed')));
    expect(routed.data).toEqual({ recipients: [w.north.plumber.id, w.north.manager.id] });
  });

  it('notifies each recipient in the app, with a link to the ticket', async () => {
    expect(await notifiedUsers(ticket.id)).toEqual(
      [w.north.manager.id, w.north.plumber.id].sort((a, b) => a - b),
    );
    const [notification] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.ticketId, ticket.id), eq(notifications.userId, w.north.plumber.id)));
    expect(notification).toMatchObject({
      link: `/tickets/${ticket.id}`,
      title: en.tickets.notifications.newHighPriorityTicket,
      subtitle: `North Towers · ${w.north.unit.name}`,
      description: 'Leaking kitchen faucet',
      viewedAt: null,
    });
  });

  it('queues email, SMS and voice messages per notification options (none when they are off)', async () => {
    const rows = await t.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.kind, 'ticket.created'))
      .orderBy(asc(outboxMessages.userId), asc(outboxMessages.channel));
    const mine = rows.filter((row) => (row.payload as { ticket_id?: number }).ticket_id === ticket.id);
    expect(mine.map((row) => [row.userId, row.channel, row.recipient, row.status])).toEqual(
      [
        [w.north.manager.id, 'email', w.north.manager.email, 'pending'],
        [w.north.manager.id, 'sms', '780 555 0199', 'pending'],
        [w.north.manager.id, 'voice', '780 555 0198', 'pending'],
        [w.north.plumber.id, 'email', w.north.plumber.email, 'pending'],
        [w.north.plumber.id, 'sms', '780 555 0199', 'pending'],
        [w.north.plumber.id, 'voice', '780 555 0198', 'pending'],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    const email = mine.find((row) => row.channel === 'email')!;
    expect(email.subject).toBe(`New ticket #${ticket.visible_id}: Leaking kitchen faucet`);
    expect(email.bodyText).toContain(`/tickets/${ticket.id}`);
    expect(email.bodyText).toContain('Plumbing');
  });

  it('sends nothing to a contractor of another category, another property or another landlord', async () => {
    const outsiders = [w.north.electrician, w.north.plumber2, w.south.plumber, w.south.manager];
    for (const user of outsiders) {
      expect(await recipientsOf(ticket.id)).not.toContain(user.id);
      expect(await notifiedUsers(ticket.id)).not.toContain(user.id);
    }
    const outbox = await t.db.select().from(outboxMessages);
    expect(outbox.filter((row) => outsiders.some((user) => user.id === row.userId))).toEqual([]);
  });

  it('is what GET answers', async () => {
    const client = await clientFor(t, w.north.tenant);
    const response = await client.get(`/api/tickets/${ticket.id}/`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(ticket);
  });
});

describe('POST /api/tickets by a manager and the super admin', () => {
  it('a manager picks a unit of its landlord, may set the status, and the unit’s tenant becomes the ticket’s', async () => {
    const client = await clientFor(t, w.north.manager);
    const response = await client.post(
      '/api/tickets',
      ticketForm({ unit_id: w.north.unit2.id, category_id: w.electrical.id, status: 1 }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const ticket = response.json();
    expect(ticket).toMatchObject({
      unit_id: w.north.unit2.id,
      property_id: w.north.property2.id,
      status: 1,
      tenant: { id: w.north.tenant2.id },
    });
    expect(ticket.log.map((entry: { action: string }) => entry.action)).toEqual([
      'routed',
      'status_changed',
      'created',
    ]);
    expect(ticket.log[1].description).toBe('Status changed from Open to Scheduled');
    // No electrician works on property2, so only the managers receive it; the creator is not notified.
    expect(await recipientsOf(ticket.id)).toEqual([w.north.manager.id]);
    expect(await notifiedUsers(ticket.id)).toEqual([]);
  });

  it('a manager cannot use a unit of another landlord', async () => {
    const client = await clientFor(t, w.north.manager);
    const response = await client.post(
      '/api/tickets',
      ticketForm({ unit_id: w.south.unit.id, category_id: w.plumbing.id }),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ unit_id: [en.validation.ticketUnit] });
  });

  it('a closed status set in the form stores the closing time', async () => {
    const client = await clientFor(t, w.admin);
    const response = await client.post(
      '/api/tickets',
      ticketForm({ unit_id: w.south.unit.id, category_id: w.plumbing.id, status: 3 }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const ticket = response.json();
    expect(ticket.status_text).toBe('Completed');
    expect(ticket.closed_at).not.toBeNull();
    const [row] = await t.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(row.closedAt).not.toBeNull();
    expect(await recipientsOf(ticket.id)).toEqual(
      [w.south.manager.id, w.south.plumber.id].sort((a, b) => a - b),
    );
  });

  it('the category must be one the unit offers', async () => {
    const client = await clientFor(t, w.admin);
    const offered = await client.post(
      '/api/tickets',
      ticketForm({ unit_id: w.north.limitedUnit.id, category_id: w.electrical.id }),
    );
    expect(offered.statusCode, offered.body).toBe(201);
    const notOffered = await client.post(
      '/api/tickets',
      ticketForm({ unit_id: w.north.limitedUnit.id, category_id: w.roofing.id }),
    );
    expect(notOffered.statusCode).toBe(422);
    expect(notOffered.json().errors).toEqual({ category_id: [en.validation.category] });
    const missing = await client.post(
      '/api/tickets',
      ticketForm({ unit_id: w.north.unit.id, category_id: 999_999 }),
    );
    expect(missing.json().errors).toEqual({ category_id: [en.validation.category] });
  });
});

describe('POST /api/tickets refusals', () => {
  it('a contractor cannot create tickets (403)', async () => {
    const client = await clientFor(t, w.north.plumber);
    const response = await client.post(
      '/api/tickets',
      ticketForm({ unit_id: w.north.unit.id, category_id: w.plumbing.id }),
    );
    expect(response.statusCode).toBe(403);
  });

  it('a tenant without a unit is told so', async () => {
    const [homeless] = await t.db
      .insert(users)
      .values({
        role: 2,
        email: 'homeless@example.test',
        passwordHash: w.north.tenant.passwordHash,
        firstName: 'No',
        lastName: 'Unit',
      })
      .returning();
    const client = await clientFor(t, homeless);
    const response = await client.post('/api/tickets', ticketForm({ category_id: w.plumbing.id }));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ unit_id: [en.tickets.noUnit] });
  });

  it('needs a signed-in user and the anti-forgery token', async () => {
    const client = await clientFor(t, w.north.tenant);
    const noCsrf = await client.post('/api/tickets', ticketForm({ category_id: w.plumbing.id }), {
      csrf: null,
    });
    expect(noCsrf.statusCode).toBe(419);
    const anonymous = await (await t.client()).post(
      '/api/tickets',
      ticketForm({ category_id: w.plumbing.id }),
    );
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('_nonce', () => {
  it('a double submission creates one ticket and answers the first result twice', async () => {
    const client = await clientFor(t, w.north.tenant);
    const before = (await t.db.select({ id: tickets.id }).from(tickets)).length;
    const body = ticketForm({ category_id: w.plumbing.id, title: 'Double click', _nonce: 'AbCdE12345' });
    const [first, second] = await Promise.all([
      client.post('/api/tickets', body),
      client.post('/api/tickets', body),
    ]);
    const third = await client.post('/api/tickets', body);
    expect([first.statusCode, second.statusCode, third.statusCode]).toEqual([201, 201, 201]);
    expect(second.json().id).toBe(first.json().id);
    expect(third.json().id).toBe(first.json().id);
    expect(third.headers['idempotent-replay']).toBe('true');
    expect((await t.db.select({ id: tickets.id }).from(tickets)).length).toBe(before + 1);
  });

  it('a refused submission releases the nonce, so the corrected form can be sent with it', async () => {
    const client = await clientFor(t, w.north.tenant);
    const bad = await client.post(
      '/api/tickets',
      ticketForm({ category_id: w.plumbing.id, title: '', _nonce: 'Retry12345' }),
    );
    expect(bad.statusCode).toBe(422);
    const good = await client.post(
      '/api/tickets',
      ticketForm({ category_id: w.plumbing.id, _nonce: 'Retry12345' }),
    );
    expect(good.statusCode).toBe(201);
  });
});

describe('JSON bodies', () => {
  it('accepts the same form as JSON, with availability and contact details as objects', async () => {
    const client = await clientFor(t, w.admin);
    const range = tomorrowRange(16);
    const response = await client.post(
      '/api/tickets',
      {
        contact_details: { first_name: 'A', last_name: 'B', email: 'a@b.test', phone_number: '780 555 0101' },
        unit_id: w.north.unit.id,
        title: 'JSON ticket',
        description: 'Sent as JSON',
        category_id: w.electrical.id,
        priority: 0,
        availability: [range],
      },
      { json: true },
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().availability).toEqual([range]);
    // The electrician of the property has every channel off: a recipient, notified in the app only.
    const ticketId = response.json().id;
    expect(await recipientsOf(ticketId)).toContain(w.north.electrician.id);
    expect(await notifiedUsers(ticketId)).toContain(w.north.electrician.id);
    const outbox = await t.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.userId, w.north.electrician.id));
    expect(outbox).toEqual([]);
  });
});
