/**
 * Visits of the assigned contractor (issue 25 section 3): booked inside the tenant's windows (the ticket Scheduled),
 * proposed outside them until the tenant confirms or refuses, moved, cancelled (also with the job); reminders 24 hours
 * and 1 hour before by the due-work worker on the app's clock, by each person's reminder options, once; the calendar
 * within each viewer's scope, and each user's private feed. Every refusal leaves nothing written.
 */
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  outboxMessages,
  ticketAvailability,
  ticketLog,
  tickets,
  ticketVisits,
  users,
} from '../src/db/schema';
import { sendVisitReminders } from '../src/modules/visits/reminders';
import { createTestApp, type TestApp, type TestClient } from './helpers/app';
import { snapshot } from './helpers/endpoints';
import {
  clientFor,
  createWorld,
  insertTicket,
  ticketForm,
  type World,
  wholePropertyForm,
} from './helpers/ticket-factories';

const HOUR = 3600_000;
/** A Monday, 15:00 UTC (8 AM in Edmonton, the properties' zone). */
const START = new Date('2026-03-02T15:00:00Z');
let clock = START;
let t: TestApp;
let w: World;
let manager: TestClient;
let plumber: TestClient;
let tenant: TestClient;
let admin: TestClient;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  w = await createWorld(t.db);
  manager = await clientFor(t, w.north.manager);
  plumber = await clientFor(t, w.north.plumber);
  tenant = await clientFor(t, w.north.tenant);
  admin = await clientFor(t, w.admin);
  // The tenant reads reminders by email, the plumber by SMS only.
  await t.db
    .update(users)
    .set({
      notificationOptions: {
        mail: { tickets: true, reminders: true, support: false },
        sms: { phone_number: '', tickets: false, reminders: false, support: false },
        phone: { phone_number: '', tickets: false },
      },
    })
    .where(eq(users.id, w.north.tenant.id));
  await t.db
    .update(users)
    .set({
      notificationOptions: {
        mail: { tickets: true, reminders: false, support: false },
        sms: { phone_number: '780 555 0199', tickets: true, reminders: true, support: false },
        phone: { phone_number: '', tickets: false },
      },
    })
    .where(eq(users.id, w.north.plumber.id));
});

/** A visit booked straight into the table, an hour long from `hours` after START. */
async function bookedVisit(ticketId: number, contractorId: number, propertyId: number, hours: number) {
  const [visit] = await t.db
    .insert(ticketVisits)
    .values({
      ticketId,
      contractorId,
      propertyId,
      state: 'booked',
      startsAt: new Date(START.getTime() + hours * HOUR),
      endsAt: new Date(START.getTime() + (hours + 1) * HOUR),
      inWindow: true,
    })
    .returning();
  return visit;
}
afterAll(() => t.close());

let ticketId: number;
/** Tomorrow 16:00–20:00 UTC (9 AM to 1 PM in Edmonton): the tenant's one window. */
const windowStart = () => new Date(START.getTime() + 25 * HOUR);

beforeEach(async () => {
  clock = START;
  const ticket = await insertTicket(t.db, {
    unit: w.north.unit,
    tenant: w.north.tenant,
    category: w.plumbing,
    recipients: [w.north.plumber, w.north.manager],
    createdAt: new Date(START.getTime() - HOUR),
  });
  ticketId = ticket.id;
  await t.db.insert(ticketAvailability).values({
    ticketId,
    startsAt: windowStart(),
    endsAt: new Date(windowStart().getTime() + 4 * HOUR),
  });
  expect(
    (await manager.send('PUT', `/api/tickets/${ticketId}/assignment`, { contractor_id: w.north.plumber.id }))
      .statusCode,
  ).toBe(200);
  expect((await plumber.post(`/api/tickets/${ticketId}/assignment/accept`)).statusCode).toBe(200);
});

/** Wall-clock fields at the property (Edmonton, UTC-7 in March) of a UTC moment `hours` after START. */
function at(hours: number, length = 1) {
  const local = (date: Date) => {
    const shifted = new Date(date.getTime() - 7 * HOUR);
    return { date: shifted.toISOString().slice(0, 10), time: shifted.toISOString().slice(11, 16) };
  };
  const start = local(new Date(START.getTime() + hours * HOUR));
  const end = local(new Date(START.getTime() + (hours + length) * HOUR));
  return { start_date: start.date, start_time: start.time, end_date: end.date, end_time: end.time };
}

const book = (client: TestClient, visit: unknown) =>
  client.post(`/api/tickets/${ticketId}/visits`, { visit: JSON.stringify(visit) });
const visitUrl = (visitId: number, action: string) => `/api/tickets/${ticketId}/visits/${visitId}/${action}`;
const statusOf = async () =>
  (await t.db.select({ status: tickets.status }).from(tickets).where(eq(tickets.id, ticketId)))[0].status;
const logOf = async () =>
  (
    await t.db.select().from(ticketLog).where(eq(ticketLog.ticketId, ticketId)).orderBy(asc(ticketLog.id))
  ).map((line) => line.action);
const sentTo = (userId: number, kind: string) =>
  t.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.userId, userId), eq(outboxMessages.kind, kind)))
    .then((rows) => rows.filter((row) => (row.payload as { ticket_id?: number }).ticket_id === ticketId));

describe('booking', () => {
  it('books a visit inside the tenant’s window: Scheduled, the tenant and the manager told', async () => {
    const response = await book(plumber, at(26, 2));
    expect(response.statusCode, response.body).toBe(200);
    const { message, data } = response.json();
    expect(message).toMatch(/^Visit booked for /);
    expect(data.visit).toMatchObject({
      state: 'booked',
      in_window: true,
      contractor: { id: w.north.plumber.id },
    });
    expect(data.visit.text).toMatch(/10:00 AM – 12:00 PM$/);
    expect(data.status).toBe(1);
    expect(await logOf()).toEqual(expect.arrayContaining(['visit_booked', 'status_changed']));
    expect(await sentTo(w.north.tenant.id, 'ticket.visit_booked')).not.toHaveLength(0);
    expect(await sentTo(w.north.manager.id, 'ticket.visit_booked')).not.toHaveLength(0);
    expect(await sentTo(w.north.plumber.id, 'ticket.visit_booked')).toHaveLength(0);
  });

  it('proposes a time outside the windows, which the tenant confirms', async () => {
    const response = await book(plumber, at(20, 1));
    expect(response.statusCode, response.body).toBe(200);
    const proposed = response.json().data.visit;
    expect(proposed).toMatchObject({ state: 'proposed', in_window: false });
    expect(await statusOf()).toBe(0);
    expect(await sentTo(w.north.tenant.id, 'ticket.visit_proposed')).not.toHaveLength(0);
    const seen = (await tenant.get(`/api/tickets/${ticketId}`)).json();
    expect(seen.can).toMatchObject({ answer_visit: true, book_visit: false, cancel_visit: false });
    const confirmed = await tenant.post(visitUrl(proposed.id, 'confirm'));
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data.visit.state).toBe('booked');
    expect(await statusOf()).toBe(1);
    expect(await sentTo(w.north.plumber.id, 'ticket.visit_confirmed')).not.toHaveLength(0);
    expect((await tenant.post(visitUrl(proposed.id, 'confirm'))).statusCode).toBe(409);
  });

  it('lets the tenant refuse a proposed time with a reason', async () => {
    const proposed = (await book(plumber, at(20, 1))).json().data.visit;
    expect((await plumber.post(visitUrl(proposed.id, 'confirm'))).statusCode).toBe(403);
    const refused = await tenant.post(visitUrl(proposed.id, 'refuse'), { reason: 'I work until five' });
    expect(refused.statusCode, refused.body).toBe(200);
    const { data } = refused.json();
    expect(data.visit).toBeNull();
    expect(data.visits[0]).toMatchObject({ state: 'refused', reason: 'I work until five' });
    expect(await sentTo(w.north.plumber.id, 'ticket.visit_refused')).not.toHaveLength(0);
  });

  it('moves a visit to another time, keeping the history', async () => {
    const first = (await book(plumber, at(26))).json().data.visit;
    const second = await book(plumber, at(27));
    expect(second.statusCode, second.body).toBe(200);
    const { data } = second.json();
    expect(data.visit.id).not.toBe(first.id);
    expect(data.visits.map((visit: { state: string }) => visit.state)).toEqual(['booked', 'cancelled']);
    expect(await logOf()).toContain('visit_rescheduled');
  });

  it('is cancelled by staff with a reason: the ticket back to Open, the tenant and the contractor told', async () => {
    const visit = (await book(plumber, at(26))).json().data.visit;
    const cancelled = await manager.post(visitUrl(visit.id, 'cancel'), { reason: 'Tenant moved out' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.visit).toBeNull();
    expect(await statusOf()).toBe(0);
    expect(await sentTo(w.north.tenant.id, 'ticket.visit_cancelled')).not.toHaveLength(0);
    expect(await sentTo(w.north.plumber.id, 'ticket.visit_cancelled')).not.toHaveLength(0);
    expect((await manager.post(visitUrl(visit.id, 'cancel'))).statusCode).toBe(409);
  });

  it('goes with the job: unassigning cancels it', async () => {
    await book(plumber, at(26));
    expect((await manager.send('DELETE', `/api/tickets/${ticketId}/assignment`)).statusCode).toBe(200);
    const [visit] = await t.db.select().from(ticketVisits).where(eq(ticketVisits.ticketId, ticketId));
    expect(visit.state).toBe('cancelled');
    expect(await statusOf()).toBe(0);
  });

  it('refuses bad times, and anyone but the contractor that accepted, writing nothing', async () => {
    const before = await snapshot(t.db);
    const cases: [unknown, string][] = [
      [at(-2), 'The visit must start in the future.'],
      [{ ...at(26), end_time: at(25).start_time }, 'The visit must end after it starts.'],
      [at(26, 13), 'A visit can last at most 12 hours.'],
      [{ ...at(26), start_time: '09:10' }, 'Times must be in 15-minute steps.'],
      [{ start_date: 'tomorrow' }, 'Please choose a start and end date/time'],
      ['not json', 'Please choose a start and end date/time'],
    ];
    for (const [visit, message] of cases) {
      const refused = await book(plumber, visit);
      expect(refused.statusCode, JSON.stringify(visit)).toBe(422);
      expect(refused.json().errors).toEqual({ visit: [message] });
    }
    for (const client of [manager, tenant, admin]) expect((await book(client, at(26))).statusCode).toBe(403);
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('waits for the contractor to accept the job, and not on a closed ticket', async () => {
    const other = await insertTicket(t.db, {
      unit: w.north.unit,
      tenant: w.north.tenant,
      category: w.plumbing,
      recipients: [w.north.plumber, w.north.manager],
    });
    await manager.send('PUT', `/api/tickets/${other.id}/assignment`, { contractor_id: w.north.plumber.id });
    const pending = await plumber.post(`/api/tickets/${other.id}/visits`, { visit: JSON.stringify(at(26)) });
    expect(pending.statusCode).toBe(403);
    expect(pending.json().message).toBe('Only the contractor that accepted this job can book its visit.');
    await t.db.update(tickets).set({ status: 3 }).where(eq(tickets.id, ticketId));
    expect((await book(plumber, at(26))).statusCode).toBe(409);
  });
});

describe('reminders', () => {
  const remindersOf = async (userId: number) =>
    (await sentTo(userId, 'ticket.visit_reminder')).map((row) => ({
      channel: row.channel,
      hours: (row.payload as { hours_before: number }).hours_before,
    }));

  it('go 24 hours and 1 hour before, by each person’s reminder options, once each', async () => {
    expect((await book(plumber, at(26))).json().data.visit.state).toBe('booked');
    clock = new Date(START.getTime() + 1 * HOUR);
    await t.app.dueWork.runOnce();
    expect(await remindersOf(w.north.tenant.id)).toEqual([]);
    clock = new Date(START.getTime() + 3 * HOUR);
    await t.app.dueWork.runOnce();
    expect(await remindersOf(w.north.tenant.id)).toEqual([{ channel: 'email', hours: 24 }]);
    expect(await remindersOf(w.north.plumber.id)).toEqual([{ channel: 'sms', hours: 24 }]);
    await t.app.dueWork.runOnce();
    expect(await remindersOf(w.north.tenant.id)).toHaveLength(1);
    clock = new Date(START.getTime() + 25.25 * HOUR);
    await t.app.dueWork.runOnce();
    expect(await remindersOf(w.north.tenant.id)).toEqual([
      { channel: 'email', hours: 24 },
      { channel: 'email', hours: 1 },
    ]);
    clock = new Date(START.getTime() + 25.75 * HOUR);
    await t.app.dueWork.runOnce();
    expect(await remindersOf(w.north.plumber.id)).toHaveLength(2);
    expect((await logOf()).filter((action) => action === 'visit_reminded')).toHaveLength(2);
  });

  it('send only the hour-before one for a visit booked less than a day ahead, once with three workers', async () => {
    clock = new Date(START.getTime() + 25 * HOUR);
    expect((await book(plumber, at(25.5))).json().data.visit.state).toBe('booked');
    await Promise.all([1, 2, 3].map(() => sendVisitReminders(t.db, t.app.messaging, clock, 20)));
    expect(await remindersOf(w.north.tenant.id)).toEqual([{ channel: 'email', hours: 1 }]);
  });

  it('send nothing for a ticket completed meanwhile', async () => {
    expect((await book(plumber, at(26))).json().data.visit.state).toBe('booked');
    await t.db.update(tickets).set({ status: 3 }).where(eq(tickets.id, ticketId));
    clock = new Date(START.getTime() + 25.5 * HOUR);
    await t.app.dueWork.runOnce();
    expect(await remindersOf(w.north.tenant.id)).toEqual([]);
  });
});

describe('the calendar', () => {
  const span = (fromHours: number, toHours: number) =>
    `/api/visits?from=${(START.getTime() + fromHours * HOUR) / 1000}&to=${(START.getTime() + toHours * HOUR) / 1000}`;

  it('shows each viewer the visits of its scope in the span', async () => {
    const visit = (await book(plumber, at(26))).json().data.visit;
    const ids = async (client: TestClient, path = span(0, 48)) =>
      ((await client.get(path)).json().data as { id: number }[]).map((row) => row.id);
    expect(await ids(manager)).toContain(visit.id);
    expect(await ids(admin)).toContain(visit.id);
    expect(await ids(plumber)).toContain(visit.id);
    expect(await ids(manager, span(30, 48))).not.toContain(visit.id);
    expect(await ids(await clientFor(t, w.south.manager))).not.toContain(visit.id);
    expect(await ids(await clientFor(t, w.north.electrician))).not.toContain(visit.id);
    expect((await tenant.get(span(0, 48))).statusCode).toBe(403);
    const answer = (await manager.get(span(0, 48))).json();
    expect(answer.data.find((row: { id: number }) => row.id === visit.id)).toMatchObject({
      ticket_id: ticketId,
      link: `/tickets/${ticketId}`,
      property_name: 'North Towers',
      contractor: { id: w.north.plumber.id, name: 'Marco Plumber' },
    });
    const wide = (await manager.get(span(0, 24 * 100))).json();
    expect(wide.to - wide.from).toBe(42 * 86400);
  });

  it('narrows to one landlord’s visits, and never widens what a viewer sees', async () => {
    const north = (await book(plumber, at(26))).json().data.visit;
    const southTicket = await insertTicket(t.db, {
      unit: w.south.unit,
      tenant: w.south.tenant,
      category: w.plumbing,
      recipients: [w.south.plumber, w.south.manager],
    });
    const south = await bookedVisit(southTicket.id, w.south.plumber.id, w.south.unit.propertyId, 27);
    const ids = async (client: TestClient, landlordId: number | string) =>
      ((await client.get(`${span(0, 48)}&landlord_id=${landlordId}`)).json().data as { id: number }[]).map(
        (row) => row.id,
      );
    // Earlier tests' visits are north's too: each read is checked for the two of this one.
    const seen = async (client: TestClient, landlordId: number | string) => {
      const found = await ids(client, landlordId);
      return [found.includes(north.id), found.includes(south.id)];
    };
    expect(await seen(admin, w.north.landlord.id)).toEqual([true, false]);
    expect(await seen(admin, w.south.landlord.id)).toEqual([false, true]);
    // An unreadable id is no filter.
    expect(await seen(admin, 'abc')).toEqual([true, true]);
    // Another landlord's id shows a manager or a contractor nothing; their own narrows nothing.
    expect(await ids(manager, w.south.landlord.id)).toEqual([]);
    expect(await seen(manager, w.north.landlord.id)).toEqual([true, false]);
    expect(await ids(plumber, w.south.landlord.id)).toEqual([]);
    expect(await seen(plumber, w.north.landlord.id)).toEqual([true, false]);
    expect(await seen(await clientFor(t, w.south.plumber), w.south.landlord.id)).toEqual([false, true]);
    expect((await tenant.get(`${span(0, 48)}&landlord_id=${w.north.landlord.id}`)).statusCode).toBe(403);
  });

  it('follows its ticket to another landlord’s property', async () => {
    const visit = (await book(plumber, at(26))).json().data.visit;
    const moved = await admin.post(
      `/api/tickets/${ticketId}`,
      ticketForm({ _method: 'PATCH', unit_id: w.south.unit.id, category_id: w.plumbing.id }),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    const ids = async (client: TestClient) =>
      ((await client.get(span(0, 48))).json().data as { id: number }[]).map((row) => row.id);
    expect(await ids(manager)).not.toContain(visit.id);
    expect(await ids(await clientFor(t, w.south.manager))).toContain(visit.id);
  });

  it('leaves a whole property’s visit unnamed to the screen, and names it in the feed reader’s language', async () => {
    const created = await admin.post(
      '/api/tickets',
      wholePropertyForm(w.north.property.id, w.plumbing.id, 'Roof'),
    );
    expect(created.statusCode, created.body).toBe(201);
    const visit = await bookedVisit(created.json().id, w.north.plumber.id, w.north.property.id, 30);
    const shown = (await manager.get(span(0, 48)))
      .json()
      .data.find((row: { id: number }) => row.id === visit.id);
    // The screen names it in its own language (the server's English words are not the page's).
    expect(shown).toMatchObject({ property_name: 'North Towers', unit_name: null });
    const feedOf = async () => {
      const { url } = (await manager.get(`/api/users/${w.north.manager.id}/calendar-feed`)).json();
      // Unfolded: a long line of the feed goes on in the next one, after a space.
      return (await (await t.client()).get(new URL(url).pathname)).body.replace(/\r\n[ \t]/g, '');
    };
    expect(await feedOf()).toMatch(/^LOCATION:.*Whole property\\, North Towers/m);
    await t.db.update(users).set({ language: 'fr' }).where(eq(users.id, w.north.manager.id));
    try {
      const feed = await feedOf();
      expect(feed).toContain('Tout l’immeuble');
      expect(feed).not.toContain('Whole property');
    } finally {
      await t.db.update(users).set({ language: null }).where(eq(users.id, w.north.manager.id));
    }
  });

  it('is a private feed per user, which a new address revokes', async () => {
    const visit = (await book(plumber, at(26))).json().data.visit;
    const { url } = (await plumber.get(`/api/users/${w.north.plumber.id}/calendar-feed`)).json();
    expect(url).toMatch(/\/calendar\/[\w.-]+\.ics$/);
    const guest = await t.client();
    const feed = await guest.get(new URL(url).pathname);
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toMatch(/^text\/calendar/);
    expect(feed.body).toContain('BEGIN:VCALENDAR');
    expect(feed.body).toContain(`UID:visit-${visit.id}@`);
    expect(feed.body).toContain('STATUS:CONFIRMED');
    expect((await manager.get(`/api/users/${w.north.plumber.id}/calendar-feed`)).statusCode).toBe(404);
    const reset = await plumber.post(`/api/users/${w.north.plumber.id}/calendar-feed/reset`);
    expect(reset.statusCode).toBe(200);
    expect((await guest.get(new URL(url).pathname)).statusCode).toBe(404);
    expect((await guest.get(new URL(reset.json().url).pathname)).statusCode).toBe(200);
    const tampered = new URL(url).pathname.replace(/\.ics$/, 'x.ics');
    expect((await guest.get(tampered)).statusCode).toBe(404);
    // The tenant's feed holds its ticket's visit too.
    const tenantFeed = (await tenant.get(`/api/users/${w.north.tenant.id}/calendar-feed`)).json().url;
    expect((await guest.get(new URL(tenantFeed).pathname)).body).toContain(`UID:visit-${visit.id}@`);
  });
});
