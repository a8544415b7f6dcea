/**
 * Due times against the landlord's targets (issue 26): each ticket's respond-by and resolve-by from its landlord's
 * targets for its priority; the first response (a status change, an assignment) that moves the next due time to the
 * resolution; staff changing them, with a log line tenants do not read; the lists' "Due" filter and sort; the managers
 * alerted once of each breach by the due-work worker, on the app's clock; the dashboard's figures; and every endpoint
 * as every kind of actor. Every refusal leaves nothing written.
 */
import { addDays, startOfZonedDay, TARGET_HOURS_DEFAULT, zonedDateTime, zonedToday } from '@mend/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { landlords, notifications, outboxMessages, ticketLog, tickets } from '../src/db/schema';
import { alertBreaches } from '../src/modules/tickets/breaches';
import { endOfDayIn, wallClockAt } from '../src/modules/tickets/time-zones';
import { createTestApp, type TestApp, type TestClient } from './helpers/app';
import {
  type ActorRow,
  type SignedInActor,
  sendAs,
  TICKET_ACTORS,
  type TicketActor,
  ticketActors,
} from './helpers/ticket-actors';
import { createWorld, insertTicket, ticketForm, type World } from './helpers/ticket-factories';

const HOUR = 60 * 60 * 1000;
const START = new Date('2026-03-02T15:00:00Z');
let clock = START;
let t: TestApp;
let w: World;
let clients: Record<TicketActor, TestClient>;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  w = await createWorld(t.db);
  ({ clients } = await ticketActors(t, w));
});
afterAll(() => t.close());
beforeEach(async () => {
  clock = START;
  // Earlier tests' tickets are alerted already: each test sees only its own breaches.
  await t.db.execute(sql`update tickets set breached_due_at = due_at`);
});

/** A ticket of north's tenant created at `createdAt`, routed to its plumber and manager. */
const newTicket = (values: { priority?: number; status?: number; createdAt?: Date } = {}) =>
  insertTicket(t.db, {
    unit: w.north.unit,
    tenant: w.north.tenant,
    category: w.plumbing,
    recipients: [w.north.plumber, w.north.manager],
    createdAt: values.createdAt ?? START,
    priority: values.priority,
    status: values.status,
  });
const rowOf = async (id: number) => (await t.db.select().from(tickets).where(eq(tickets.id, id)))[0];
const logOf = async (id: number) =>
  (await t.db.select().from(ticketLog).where(eq(ticketLog.ticketId, id)).orderBy(asc(ticketLog.id))).map(
    (line) => line.action,
  );
const hoursAfter = (hours: number, from = START) => new Date(from.getTime() + hours * HOUR);
const alertsTo = async (userId: number, ticketId: number) =>
  (
    await t.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.userId, userId), eq(outboxMessages.kind, 'ticket.due_breached')))
  ).filter((row) => (row.payload as { ticket_id?: number }).ticket_id === ticketId);
const setTargets = (values: Partial<typeof landlords.$inferInsert>) =>
  t.db.update(landlords).set(values).where(eq(landlords.id, w.north.landlord.id));

describe('due times', () => {
  it('come from the landlord’s targets for the priority, from the ticket’s creation', async () => {
    const normal = await rowOf((await newTicket()).id);
    expect(normal.respondBy).toEqual(hoursAfter(24));
    expect(normal.resolveBy).toEqual(hoursAfter(168));
    expect(normal.dueAt).toEqual(hoursAfter(24));
    const high = await rowOf((await newTicket({ priority: 1 })).id);
    expect([high.respondBy, high.resolveBy]).toEqual([hoursAfter(4), hoursAfter(48)]);
    await setTargets({ normalResponseHours: 2, normalResolutionHours: 10 });
    try {
      const custom = await rowOf((await newTicket()).id);
      expect([custom.respondBy, custom.resolveBy]).toEqual([hoursAfter(2), hoursAfter(10)]);
    } finally {
      await setTargets({ normalResponseHours: 24, normalResolutionHours: 168 });
    }
  });

  it('are computed again when the priority changes, and the API shows them to all but the tenant', async () => {
    const { id } = await newTicket();
    await t.db.update(tickets).set({ priority: 1 }).where(eq(tickets.id, id));
    expect((await rowOf(id)).respondBy).toEqual(hoursAfter(4));
    const seen = (await clients.manager.get(`/api/tickets/${id}`)).json();
    expect(seen.due).toMatchObject({
      respond_by_timestamp: hoursAfter(4).getTime() / 1000,
      resolve_by_timestamp: hoursAfter(48).getTime() / 1000,
      responded_at_timestamp: null,
      next: 'response',
      state: 'today',
      time_zone: 'America/Edmonton',
    });
    expect(seen.can.change_due).toBe(true);
    expect((await clients.contractor.get(`/api/tickets/${id}`)).json().due.next).toBe('response');
    const tenant = (await clients.tenant.get(`/api/tickets/${id}`)).json();
    expect(tenant.due).toBeNull();
    expect(tenant.can.change_due).toBe(false);
  });

  it('a ticket raised through the form gets them too', async () => {
    const created = await clients.manager.post(
      '/api/tickets',
      ticketForm({ unit_id: w.north.unit.id, category_id: w.plumbing.id, priority: 1 }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const ticket = created.json();
    expect(ticket.due.respond_by_timestamp - ticket.created_at_timestamp).toBe(4 * 3600);
    expect(ticket.due.resolve_by_timestamp - ticket.created_at_timestamp).toBe(48 * 3600);
  });

  it('move to the resolution once someone acts on the ticket: a status change, or an assignment', async () => {
    const changed = await newTicket();
    clock = hoursAfter(1);
    const moved = await clients.manager.send('PATCH', `/api/tickets/${changed.id}`, { status: 2 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().due).toMatchObject({
      next: 'resolution',
      responded_at_timestamp: clock.getTime() / 1000,
      next_timestamp: hoursAfter(168).getTime() / 1000,
    });
    const assigned = await newTicket();
    clock = hoursAfter(2);
    const response = await clients.manager.send('PUT', `/api/tickets/${assigned.id}/assignment`, {
      contractor_id: w.north.plumber.id,
    });
    expect(response.statusCode, response.body).toBe(200);
    const assignedRow = await rowOf(assigned.id);
    expect(assignedRow.respondedAt).toEqual(clock);
    // Recording the response is bookkeeping: the ticket's last update stays its creation's.
    expect(assignedRow.updatedAt).toEqual(assignedRow.createdAt);
    // The first response stays the first.
    clock = hoursAfter(3);
    await clients.manager.send('PATCH', `/api/tickets/${assigned.id}`, { status: 2 });
    expect((await rowOf(assigned.id)).respondedAt).toEqual(hoursAfter(2));
    // Closed, nothing more is due.
    const closed = await clients.manager.send('PATCH', `/api/tickets/${assigned.id}`, { status: 3 });
    expect(closed.json().due).toMatchObject({ next: null, next_timestamp: null, state: null });
  });
});

describe('changing them', () => {
  const body = {
    respond_by: { date: '2026-03-03', time: '09:00' },
    resolve_by: { date: '2026-03-05', time: '17:30' },
  };

  it('writes both times, read at the property, and a log line the tenant does not read', async () => {
    const { id } = await newTicket();
    const response = await clients.manager.send('PATCH', `/api/tickets/${id}/due`, body);
    expect(response.statusCode, response.body).toBe(200);
    // Edmonton is UTC-7 in early March.
    expect(response.json().due).toMatchObject({
      respond_by: { date: '2026-03-03', time: '09:00' },
      respond_by_timestamp: Date.parse('2026-03-03T16:00:00Z') / 1000,
      resolve_by_timestamp: Date.parse('2026-03-06T00:30:00Z') / 1000,
      respond_by_text: 'Tue, Mar 3, 9:00 AM',
    });
    expect(await logOf(id)).toContain('due_changed');
    const line = response.json().log.find((entry: { action: string }) => entry.action === 'due_changed');
    expect(line.description).toBe(
      'Due times changed: response by Tue, Mar 3, 9:00 AM, resolution by Thu, Mar 5, 5:30 PM',
    );
    const tenantLog = (await clients.tenant.get(`/api/tickets/${id}`)).json().log;
    expect(tenantLog.map((entry: { action: string }) => entry.action)).not.toContain('due_changed');
    // The same times again change nothing.
    await clients.manager.send('PATCH', `/api/tickets/${id}/due`, body);
    expect((await logOf(id)).filter((action) => action === 'due_changed')).toHaveLength(1);
  });

  it.each([
    [
      'a missing time',
      { ...body, resolve_by: { date: '2026-03-05', time: '' } },
      'resolve_by',
      'Please choose a date and time',
    ],
    [
      'no date at all',
      { respond_by: 'soon', resolve_by: body.resolve_by },
      'respond_by',
      'Please choose a date and time',
    ],
    [
      'a response after the resolution',
      { respond_by: body.resolve_by, resolve_by: body.respond_by },
      'respond_by',
      'The response cannot be due after the resolution',
    ],
  ])('refuses %s (422) and writes nothing', async (_name, sent, field, message) => {
    const { id } = await newTicket();
    const before = await rowOf(id);
    const response = await clients.manager.send('PATCH', `/api/tickets/${id}/due`, sent);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors[field]).toEqual([message]);
    expect(await rowOf(id)).toEqual(before);
    expect(await logOf(id)).not.toContain('due_changed');
  });
});

describe('the lists', () => {
  it('filter overdue and due today, sort by the next due time, and ignore the filter for a tenant', async () => {
    // Created 30 hours before the clock: its response (24 h) is overdue; the other is due in 4 hours (today).
    clock = new Date('2026-03-02T17:00:00Z');
    const overdue = await newTicket({ createdAt: hoursAfter(-30, clock) });
    const today = await newTicket({ priority: 1, createdAt: clock });
    const later = await newTicket({ createdAt: clock });
    const ids = async (client: TestClient, query: string) =>
      ((await client.get(`/api/tickets?per_page=100&${query}`)).json().data as { id: number }[]).map(
        (row) => row.id,
      );
    const overdueIds = await ids(clients.manager, 'due=overdue');
    expect(overdueIds).toContain(overdue.id);
    expect(overdueIds).not.toContain(today.id);
    const todayIds = await ids(clients.admin, 'due=today');
    expect(todayIds).toContain(today.id);
    expect(todayIds).not.toContain(overdue.id);
    expect(todayIds).not.toContain(later.id);
    const sorted = await ids(clients.contractor, 'sort=due_at&order=asc');
    expect(sorted.indexOf(overdue.id)).toBeLessThan(sorted.indexOf(today.id));
    expect(sorted.indexOf(today.id)).toBeLessThan(sorted.indexOf(later.id));
    const rows = (await clients.manager.get('/api/tickets?per_page=100&due=overdue')).json().data;
    expect(rows.find((row: { id: number }) => row.id === overdue.id).due.state).toBe('overdue');
    // A tenant is not shown due times: the filter does not narrow its list.
    expect(await ids(clients.tenant, 'due=overdue')).toEqual(expect.arrayContaining([today.id, later.id]));
  });

  it('count what the filter keeps, for every role', async () => {
    clock = new Date('2026-03-02T17:00:00Z');
    await newTicket({ createdAt: hoursAfter(-30, clock) });
    await newTicket({ priority: 1, createdAt: clock });
    for (const client of [clients.admin, clients.manager, clients.contractor]) {
      for (const due of ['overdue', 'today']) {
        const page = (await client.get(`/api/tickets?per_page=100&due=${due}`)).json();
        expect(page.data.length, `${due}`).toBeGreaterThan(0);
        expect(page.meta.total, `${due}`).toBe(page.data.length);
      }
    }
  });
});

describe('due today', () => {
  it('ends at midnight at each ticket’s property, for the portfolio and for a landlord alike', async () => {
    // 05:00 UTC: 11 PM the day before in Edmonton, 2 PM in Tokyo.
    clock = new Date('2026-03-10T05:00:00Z');
    const tokyo = w.north.property2;
    await t.db.execute(sql`update properties set time_zone = 'Asia/Tokyo' where id = ${tokyo.id}`);
    try {
      // Both created 19 hours ago, their response due in 5 hours (10:00 UTC): 4 AM tomorrow in Edmonton, 7 PM today in
      // Tokyo.
      const createdAt = hoursAfter(-19, clock);
      const inEdmonton = await newTicket({ createdAt });
      const inTokyo = await insertTicket(t.db, {
        unit: w.north.unit2,
        tenant: w.north.tenant,
        category: w.plumbing,
        recipients: [w.north.plumber, w.north.manager],
        createdAt,
      });
      // Due at 05:30 UTC, before either day ends (11:30 PM in Edmonton); at 16:00 UTC, after Tokyo's midnight.
      const soonInEdmonton = await newTicket({ createdAt: hoursAfter(-23.5, clock) });
      const lateInTokyo = await insertTicket(t.db, {
        unit: w.north.unit2,
        tenant: w.north.tenant,
        category: w.plumbing,
        recipients: [w.north.plumber, w.north.manager],
        createdAt: hoursAfter(-13, clock),
      });
      for (const client of [clients.admin, clients.manager]) {
        const today = (
          (await client.get('/api/tickets?per_page=100&due=today')).json().data as { id: number }[]
        ).map((row) => row.id);
        expect(today).toContain(inTokyo.id);
        expect(today).toContain(soonInEdmonton.id);
        expect(today).not.toContain(inEdmonton.id);
        expect(today).not.toContain(lateInTokyo.id);
      }
      const states = async (id: number) => (await clients.manager.get(`/api/tickets/${id}`)).json().due.state;
      expect([await states(inTokyo.id), await states(inEdmonton.id)]).toEqual(['today', 'later']);
    } finally {
      await t.db.execute(sql`update properties set time_zone = 'America/Edmonton' where id = ${tokyo.id}`);
    }
  });
});

describe('breaches', () => {
  it('alert the landlord’s managers once per due time, on the app’s clock', async () => {
    const { id } = await newTicket();
    clock = hoursAfter(23);
    await t.app.dueWork.runOnce();
    expect(await alertsTo(w.north.manager.id, id)).toHaveLength(0);
    const before = (await clients.manager.get(`/api/tickets/${id}`)).json();
    clock = hoursAfter(25);
    const done = await t.app.dueWork.runOnce();
    expect(done.due_breaches).toBeGreaterThanOrEqual(1);
    // An alert is not an edit: the ticket's last update stays what it was.
    expect((await clients.manager.get(`/api/tickets/${id}`)).json().updated_at).toBe(before.updated_at);
    const sent = await alertsTo(w.north.manager.id, id);
    expect(sent.map((row) => row.channel).sort()).toEqual(['email', 'sms', 'voice']);
    expect(sent.find((row) => row.channel === 'email')!.subject).toMatch(/^Ticket #\d+ is overdue: /);
    expect(sent.find((row) => row.channel === 'sms')!.bodyText).toMatch(/missed its response target/);
    const [notification] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, w.north.manager.id), eq(notifications.ticketId, id)));
    expect(notification.title).toMatch(/is overdue/);
    expect(await logOf(id)).toContain('response_breached');
    // Another manager of another landlord hears nothing; looking again alerts nothing more.
    expect(await alertsTo(w.south.manager.id, id)).toHaveLength(0);
    await t.app.dueWork.runOnce();
    expect(await alertsTo(w.north.manager.id, id)).toHaveLength(3);
    // Answered late, its resolution is due next and alerted once it passes too.
    await clients.manager.send('PATCH', `/api/tickets/${id}`, { status: 2 });
    clock = hoursAfter(169);
    await t.app.dueWork.runOnce();
    expect(await alertsTo(w.north.manager.id, id)).toHaveLength(6);
    expect(await logOf(id)).toContain('resolution_breached');
    // The tenant reads neither line.
    const tenantLog = (await clients.tenant.get(`/api/tickets/${id}`)).json().log;
    expect(tenantLog.map((entry: { action: string }) => entry.action)).not.toContain('resolution_breached');
  });

  it('alert once when three workers look at the same time', async () => {
    const { id } = await newTicket();
    clock = hoursAfter(25);
    await Promise.all([1, 2, 3].map(() => alertBreaches(t.db, t.app.messaging, clock, 50)));
    expect((await alertsTo(w.north.manager.id, id)).filter((row) => row.channel === 'email')).toHaveLength(1);
    expect((await logOf(id)).filter((action) => action === 'response_breached')).toHaveLength(1);
  });

  it('record nothing when the alert fails half-way, and alert on the next look', async () => {
    const { id } = await newTicket();
    clock = hoursAfter(25);
    const broken = new Proxy(t.app.messaging, {
      get(target, property) {
        if (property === 'appUrl') throw new Error('the process died');
        return Reflect.get(target, property);
      },
    });
    await expect(alertBreaches(t.db, broken, clock, 50)).rejects.toThrow('the process died');
    expect((await rowOf(id)).breachedDueAt).toBeNull();
    expect(await logOf(id)).not.toContain('response_breached');
    await t.app.dueWork.runOnce();
    expect((await rowOf(id)).breachedDueAt).toEqual(hoursAfter(24));
  });

  it('a due time moved later by a manager is alerted again when it passes', async () => {
    const { id } = await newTicket();
    clock = hoursAfter(25);
    await t.app.dueWork.runOnce();
    const moved = await clients.manager.send('PATCH', `/api/tickets/${id}/due`, {
      respond_by: { date: '2026-03-04', time: '08:00' },
      resolve_by: { date: '2026-03-09', time: '08:00' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().due.state).toBe('later');
    await t.app.dueWork.runOnce();
    expect((await logOf(id)).filter((action) => action === 'response_breached')).toHaveLength(1);
    clock = new Date('2026-03-04T16:00:00Z');
    await t.app.dueWork.runOnce();
    expect((await logOf(id)).filter((action) => action === 'response_breached')).toHaveLength(2);
  });
});

describe('the dashboard', () => {
  it('counts overdue and soon-due tickets and the share resolved within target per month', async () => {
    clock = new Date('2026-03-20T12:00:00Z');
    const before = (await clients.manager.get('/api/dashboard?time_zone=UTC')).json().due;
    await newTicket({ createdAt: hoursAfter(-30, clock) });
    await newTicket({ priority: 1, createdAt: hoursAfter(-1, clock) });
    // Completed in March: one within its 168 hours, one after.
    const inTime = await newTicket({ createdAt: new Date('2026-03-02T00:00:00Z') });
    const late = await newTicket({ createdAt: new Date('2026-03-02T00:00:00Z') });
    await t.db
      .update(tickets)
      .set({ status: 3, closedAt: new Date('2026-03-05T00:00:00Z') })
      .where(eq(tickets.id, inTime.id));
    await t.db
      .update(tickets)
      .set({ status: 3, closedAt: new Date('2026-03-15T00:00:00Z') })
      .where(eq(tickets.id, late.id));
    for (const [client, actor] of [
      [clients.manager, 'manager'],
      [clients.admin, 'admin'],
    ] as const) {
      const due = (await client.get('/api/dashboard?time_zone=UTC')).json().due;
      const beforeOf = actor === 'manager' ? before : null;
      expect(due.months).toHaveLength(6);
      expect(due.months[5].month).toBe('2026-03');
      if (beforeOf) {
        expect(due.overdue - beforeOf.overdue).toBe(1);
        expect(due.due_soon - beforeOf.due_soon).toBe(1);
        expect(due.months[5].resolved - beforeOf.months[5].resolved).toBe(2);
        expect(due.months[5].in_target - beforeOf.months[5].in_target).toBe(1);
      }
    }
    // The portfolio's figures kept by the triggers equal those counted from the tickets.
    const admin = (await clients.admin.get('/api/dashboard?time_zone=UTC')).json().due;
    const [counted] = (
      await t.db.execute(
        sql`select count(*)::int as resolved, (count(*) filter (where closed_at <= resolve_by))::int as in_target from tickets where status = 3 and closed_at >= '2026-03-01' and closed_at < '2026-04-01'`,
      )
    ).rows as { resolved: number; in_target: number }[];
    expect(admin.months[5]).toEqual({ month: '2026-03', ...counted });
    // So are its overdue and soon-due counts, summed by hour of their due time but for the current hours.
    const at = clock.toISOString();
    const [dueCounted] = (
      await t.db.execute(
        sql`select (count(*) filter (where due_at <= ${at}::timestamptz))::int as overdue, (count(*) filter (where due_at > ${at}::timestamptz and due_at <= ${at}::timestamptz + interval '24 hours'))::int as due_soon from tickets`,
      )
    ).rows as { overdue: number; due_soon: number }[];
    expect({ overdue: admin.overdue, due_soon: admin.due_soon }).toEqual(dueCounted);
    expect(dueCounted.overdue).toBeGreaterThan(0);
    expect(dueCounted.due_soon).toBeGreaterThan(0);
    expect((await clients.tenant.get('/api/dashboard?time_zone=UTC')).json().due).toBeNull();
  });
});

describe('landlord targets', () => {
  const form = {
    name: 'North Landlord',
    description: 'Residential rentals',
    normal_response_hours: 12,
    normal_resolution_hours: 72,
    high_response_hours: 2,
    high_resolution_hours: 24,
  };

  it('are set on the landlord form and shown on the landlord', async () => {
    const path = `/api/landlords/${w.north.landlord.id}`;
    const saved = await clients.manager.send('PATCH', path, form);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ normal_response_hours: 12, high_resolution_hours: 24 });
    const ticket = await rowOf((await newTicket()).id);
    expect(ticket.respondBy).toEqual(hoursAfter(12));
    await setTargets({
      normalResponseHours: 24,
      normalResolutionHours: 168,
      highResponseHours: 4,
      highResolutionHours: 48,
    });
  });

  it.each([
    [
      'a response longer than the resolution',
      { normal_response_hours: 100, normal_resolution_hours: 50 },
      'normal_response_hours',
      'The response target cannot be longer than the resolution target',
    ],
    [
      'a response longer than the stored resolution',
      { high_response_hours: 60 },
      'high_response_hours',
      'The response target cannot be longer than the resolution target',
    ],
    [
      'zero hours',
      { high_resolution_hours: 0 },
      'high_resolution_hours',
      'Please enter a whole number of hours from 1 to 8760',
    ],
    [
      'more than a year',
      { normal_resolution_hours: 9000 },
      'normal_resolution_hours',
      'Please enter a whole number of hours from 1 to 8760',
    ],
    [
      'not a number',
      { normal_response_hours: '1e3' },
      'normal_response_hours',
      'Please enter a whole number of hours from 1 to 8760',
    ],
  ])('refuse %s (422) and keep what was stored', async (_name, sent, field, message) => {
    const path = `/api/landlords/${w.north.landlord.id}`;
    const before = (await t.db.select().from(landlords).where(eq(landlords.id, w.north.landlord.id)))[0];
    const response = await clients.manager.send('PATCH', path, {
      name: 'North Landlord',
      description: 'Residential rentals',
      ...sent,
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors[field]).toEqual([message]);
    expect((await t.db.select().from(landlords).where(eq(landlords.id, w.north.landlord.id)))[0]).toEqual(
      before,
    );
  });

  it('a new landlord sent without them takes the defaults', async () => {
    const created = await clients.admin.post('/api/landlords', {
      name: 'Fresh Landlord',
      description: 'New',
    });
    expect(created.statusCode, created.body).toBe(201);
    // The database's defaults (migration 0026) are the shared ones the web form starts from.
    const [normal, high] = TARGET_HOURS_DEFAULT;
    expect(created.json()).toMatchObject({
      normal_response_hours: normal.response,
      normal_resolution_hours: normal.resolution,
      high_response_hours: high.response,
      high_resolution_hours: high.resolution,
    });
  });
});

// Authorization matrix of the new endpoint, on a fresh ticket of north's tenant per call (routed to its plumber).
interface Case {
  label: string;
  method: 'GET' | 'PATCH';
  url: (id: number) => string;
  body?: Record<string, unknown>;
  expected: ActorRow;
}

// biome-ignore format: a table, aligned by column
const CASES: Case[] = [
  //                                                                               adm  man  oMan lMan ten  nei  oTen con  uCon oCon guest
  { label: 'change the due times', method: 'PATCH', url: (id) => `/api/tickets/${id}/due`,
    body: { respond_by: { date: '2026-03-03', time: '09:00' }, resolve_by: { date: '2026-03-04', time: '09:00' } },
                                                                       expected: [200, 200, 404, 404, 403, 404, 404, 403, 404, 404, 401] },
];

describe.each(CASES)('$label ($method)', ({ method, url, body, expected }) => {
  it.each(TICKET_ACTORS.map((actor, index) => ({ actor, status: expected[index] })))(
    '$actor → $status',
    async ({ actor, status }) => {
      const { id } = await newTicket();
      const before = await rowOf(id);
      const response = await sendAs(clients[actor], method, url(id), body);
      expect(response.statusCode, `${method} as ${actor}: ${response.body.slice(0, 200)}`).toBe(status);
      if (status >= 400) {
        expect(typeof response.json().message).toBe('string');
        expect(await rowOf(id)).toEqual(before);
      }
    },
  );
});

// Who reads due times on a ticket it sees: everyone but the tenant.
it.each(['admin', 'manager', 'contractor', 'tenant'] satisfies SignedInActor[])(
  '%s reads due times on a ticket it sees only if not a tenant',
  async (actor) => {
    const { id } = await newTicket();
    const seen = (await clients[actor].get(`/api/tickets/${id}`)).json();
    expect(seen.due === null).toBe(actor === 'tenant');
  },
);

describe('the due times’ clock at the property', () => {
  // Around the days of daylight saving time (23 and 25 hours long) and in zones whose offset has minutes.
  const moments = [
    '2026-03-08T06:30:00Z',
    '2026-03-08T09:30:00Z',
    '2026-03-08T23:59:59Z',
    '2026-11-01T06:30:00Z',
    '2026-11-01T08:30:00Z',
    '2026-12-31T23:30:00Z',
    '2026-06-15T12:00:00Z',
  ];
  const zones = ['America/Edmonton', 'America/St_Johns', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'UTC'];

  it.each(zones)('ends the day at the next midnight, as the shared dayjs rule does, in %s', (zone) => {
    for (const moment of moments) {
      const now = new Date(moment);
      const expected = startOfZonedDay(addDays(zonedToday(zone, now), 1), zone);
      expect(endOfDayIn(zone, now), `${moment} in ${zone}`).toBe(expected);
      expect(wallClockAt(now, zone), `${moment} in ${zone}`).toEqual(
        zonedDateTime(now.getTime() / 1000, zone),
      );
    }
  });
});
