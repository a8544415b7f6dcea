/**
 * Recurring and preventive work (issue 26): schedules on a unit or a whole property, the tickets the due-work worker
 * creates for them (each date once, even with three workers at once; routed and notified like any ticket; due from
 * their date), pause and resume, edits that never create a date twice; tickets of a whole property raised through
 * the form, their visibility; and who may do what. Every refusal leaves nothing written.
 */
import { en } from '@mend/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notifications, scheduleOccurrences, schedules, ticketLog, tickets } from '../src/db/schema';
import { createDueOccurrences } from '../src/modules/schedules/occurrences';
import { createTestApp, type TestApp, type TestClient } from './helpers/app';
import { type TicketActor, ticketActors } from './helpers/ticket-actors';
import { createWorld, ticketForm, type World } from './helpers/ticket-factories';

// 09:00 in Edmonton (the factories' properties' zone is the default) on Monday, March 1, 2027.
const START = new Date('2027-03-01T16:00:00Z');
const DAY = 86_400_000;
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
  await t.db.delete(schedules);
});

const daysAfter = (days: number) => new Date(START.getTime() + days * DAY);

const monthlyForm = (values: Record<string, unknown> = {}) => ({
  property_id: w.north.property.id,
  unit_id: w.north.unit.id,
  title: 'Replace the furnace filter',
  description: 'Size 16x25x1.',
  category_id: w.plumbing.id,
  priority: 0,
  frequency: 'monthly',
  interval: 1,
  month_day: 15,
  starts_on: '2027-03-01',
  lead_days: 7,
  ...values,
});

async function create(values: Record<string, unknown> = {}, as: TicketActor = 'manager') {
  const response = await clients[as].post('/api/schedules', monthlyForm(values));
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const ticketsOf = async (scheduleId: number) =>
  t.db
    .select({ occursOn: scheduleOccurrences.occursOn, ticket: tickets })
    .from(scheduleOccurrences)
    .innerJoin(tickets, eq(tickets.id, scheduleOccurrences.ticketId))
    .where(eq(scheduleOccurrences.scheduleId, scheduleId))
    .orderBy(asc(scheduleOccurrences.occursOn));

describe('a schedule', () => {
  it('shows its rule, its next date and the coming ones', async () => {
    const schedule = await create();
    expect(schedule).toMatchObject({
      rule_text: 'Every month on day 15',
      next_on: '2027-03-15',
      next_on_text: 'Mon, Mar 15, 2027',
      upcoming: ['2027-03-15', '2027-04-15', '2027-05-15', '2027-06-15', '2027-07-15'],
      unit_name: w.north.unit.name,
      state: 'active',
      can: { update: true, delete: true },
    });
    expect(schedule.rrule).toContain('RRULE:FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=15');
  });

  it('creates each date’s ticket its lead days ahead, once, routed and notified, due from its date', async () => {
    const { id } = await create();
    // March 7: the 15th is 8 days away.
    clock = daysAfter(6);
    await t.app.dueWork.runOnce();
    expect(await ticketsOf(id)).toHaveLength(0);
    // March 8: 7 days ahead.
    clock = daysAfter(7);
    const done = await t.app.dueWork.runOnce();
    expect(done.schedule_occurrences).toBeGreaterThanOrEqual(1);
    const [made] = await ticketsOf(id);
    expect(made.occursOn).toBe('2027-03-15');
    expect(made.ticket).toMatchObject({
      title: 'Replace the furnace filter',
      unitId: w.north.unit.id,
      tenantId: w.north.tenant.id,
      status: 0,
      contactEmail: w.north.manager.email,
    });
    // Due from midnight of March 15 in Edmonton (MDT begins March 14): 24 h and 168 h later.
    expect(made.ticket.respondBy.toISOString()).toBe('2027-03-16T06:00:00.000Z');
    expect(made.ticket.resolveBy.toISOString()).toBe('2027-03-22T06:00:00.000Z');
    const log = await t.db.select().from(ticketLog).where(eq(ticketLog.ticketId, made.ticket.id));
    expect(log.map((line) => line.description)).toContain(
      'Created by the schedule "Replace the furnace filter" for Mon, Mar 15, 2027',
    );
    // Routed like any ticket: the property's plumber and the landlord's manager are told.
    for (const user of [w.north.plumber, w.north.manager]) {
      const told = await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, user.id), eq(notifications.ticketId, made.ticket.id)));
      expect(told, `${user.email} told`).toHaveLength(1);
    }
    const seen = await clients.contractor.get(`/api/tickets/${made.ticket.id}`);
    expect(seen.statusCode).toBe(200);
    // Looking again creates nothing; the schedule shows the ticket and its next date.
    await t.app.dueWork.runOnce();
    expect(await ticketsOf(id)).toHaveLength(1);
    const shown = (await clients.manager.get(`/api/schedules/${id}`)).json();
    expect(shown.next_on).toBe('2027-04-15');
    expect(shown.occurrences).toEqual([
      expect.objectContaining({ occurs_on: '2027-03-15', ticket_id: made.ticket.id }),
    ]);
  });

  it('creates a date once when three workers look at the same time', async () => {
    const { id } = await create({ frequency: 'daily', lead_days: 3 });
    await Promise.all([1, 2, 3].map(() => createDueOccurrences(t.db, t.app.messaging, clock, 20)));
    const made = await ticketsOf(id);
    expect(made.map((row) => row.occursOn)).toEqual(['2027-03-01', '2027-03-02', '2027-03-03', '2027-03-04']);
  });

  it('a crash half-way creates nothing, and the next look creates the date', async () => {
    const { id } = await create({ month_day: 2 });
    await t.db.execute(
      sql`create or replace function fail_schedule_ticket() returns trigger language plpgsql as $$ begin raise exception 'crash'; end $$`,
    );
    await t.db.execute(
      sql`create trigger fail_schedule_ticket before insert on ticket_categories for each row execute function fail_schedule_ticket()`,
    );
    try {
      await expect(createDueOccurrences(t.db, t.app.messaging, clock, 20)).rejects.toThrow();
    } finally {
      await t.db.execute(sql`drop trigger fail_schedule_ticket on ticket_categories`);
    }
    expect(await ticketsOf(id)).toHaveLength(0);
    await t.app.dueWork.runOnce();
    expect((await ticketsOf(id)).map((row) => row.occursOn)).toEqual(['2027-03-02']);
  });

  it('paused creates nothing; resumed it skips the dates it missed', async () => {
    const { id } = await create({ frequency: 'weekly', weekday: 0, lead_days: 0 });
    const paused = await clients.manager.post(`/api/schedules/${id}/pause`);
    expect(paused.json()).toMatchObject({ state: 'paused' });
    clock = daysAfter(14);
    await t.app.dueWork.runOnce();
    expect(await ticketsOf(id)).toHaveLength(0);
    const resumed = (await clients.manager.post(`/api/schedules/${id}/resume`)).json();
    expect(resumed).toMatchObject({ state: 'active', next_on: '2027-03-15' });
    await t.app.dueWork.runOnce();
    expect((await ticketsOf(id)).map((row) => row.occursOn)).toEqual(['2027-03-15']);
  });

  it('an edit never creates a date twice, and an end stops it', async () => {
    const { id } = await create({ month_day: 1, lead_days: 0 });
    await t.app.dueWork.runOnce();
    expect(await ticketsOf(id)).toHaveLength(1);
    const edited = await clients.manager.send(
      'PATCH',
      `/api/schedules/${id}`,
      monthlyForm({ month_day: 1, lead_days: 5 }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    await t.app.dueWork.runOnce();
    expect((await ticketsOf(id)).map((row) => row.occursOn)).toEqual(['2027-03-01']);
    const ended = await clients.manager.send(
      'PATCH',
      `/api/schedules/${id}`,
      monthlyForm({ month_day: 1, ends_on: '2027-03-31' }),
    );
    expect(ended.json()).toMatchObject({ next_on: null, next_on_text: 'Ended', upcoming: [] });
  });

  it('on a whole property makes tickets of the property, which its tenants do not see', async () => {
    const { id, unit_name } = await create({ unit_id: '', category_id: w.roofing.id, month_day: 3 });
    expect(unit_name).toBe('Whole property');
    await t.app.dueWork.runOnce();
    const [made] = await ticketsOf(id);
    expect(made.ticket).toMatchObject({ unitId: null, propertyId: w.north.property.id, tenantId: null });
    const detail = (await clients.manager.get(`/api/tickets/${made.ticket.id}`)).json();
    expect(detail).toMatchObject({ unit_id: null, unit: { id: null, name: 'Whole property' } });
    expect(detail.unit.address).toBe(w.north.property.address);
    const listed = (await clients.manager.get(`/api/tickets?property_id=${w.north.property.id}`)).json();
    expect(listed.data.map((ticket: { id: number }) => ticket.id)).toContain(made.ticket.id);
    expect((await clients.tenant.get(`/api/tickets/${made.ticket.id}`)).statusCode).toBe(404);
    const tenantList = (await clients.tenant.get('/api/tickets')).json();
    expect(tenantList.data.map((ticket: { id: number }) => ticket.id)).not.toContain(made.ticket.id);
  });
});

describe('the schedule form', () => {
  it('refuses a unit of another property, a property of another landlord, an unknown category', async () => {
    const before = await t.db.select().from(schedules);
    const refused = async (values: Record<string, unknown>, field: string, message: string) => {
      const response = await clients.manager.post('/api/schedules', monthlyForm(values));
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().errors[field]).toEqual([message]);
    };
    await refused({ unit_id: w.north.unit2.id }, 'unit_id', en.validation.scheduleUnit);
    await refused(
      { property_id: w.south.property.id, unit_id: '' },
      'property_id',
      en.validation.scheduleProperty,
    );
    await refused({ category_id: 999_999 }, 'category_id', en.validation.category);
    await refused({ month_day: 31 }, 'month_day', en.validation.scheduleMonthDay);
    await refused({ lead_days: -1 }, 'lead_days', 'Please enter a whole number of days from 0 to 90');
    expect(await t.db.select().from(schedules)).toEqual(before);
  });
});

describe('who may', () => {
  it('list, read and change schedules: staff of the landlord only', async () => {
    const { id } = await create();
    const expected: Record<TicketActor, [list: number, read: number, pause: number]> = {
      admin: [200, 200, 200],
      manager: [200, 200, 200],
      otherManager: [200, 404, 404],
      landlordlessManager: [200, 404, 404],
      tenant: [403, 403, 403],
      neighbour: [403, 403, 403],
      otherTenant: [403, 403, 403],
      contractor: [403, 403, 403],
      unroutedContractor: [403, 403, 403],
      otherContractor: [403, 403, 403],
      guest: [401, 401, 401],
    };
    for (const [actor, [list, read, pause]] of Object.entries(expected) as [TicketActor, number[]][]) {
      const client = clients[actor];
      const listed = await client.get('/api/schedules');
      expect(listed.statusCode, `${actor} list`).toBe(list);
      if (list === 200) {
        const ids = listed.json().data.map((row: { id: number }) => row.id);
        expect(ids.includes(id), `${actor} sees it`).toBe(read === 200);
      }
      expect((await client.get(`/api/schedules/${id}`)).statusCode, `${actor} read`).toBe(read);
      expect((await client.post(`/api/schedules/${id}/pause`)).statusCode, `${actor} pause`).toBe(pause);
      if (pause === 200) await clients.manager.post(`/api/schedules/${id}/resume`);
    }
    for (const actor of ['tenant', 'contractor', 'guest'] as const)
      expect((await clients[actor].post('/api/schedules', monthlyForm())).statusCode).toBe(
        actor === 'guest' ? 401 : 403,
      );
    expect((await clients.otherManager.send('DELETE', `/api/schedules/${id}`)).statusCode).toBe(404);
    const deleted = await clients.manager.send('DELETE', `/api/schedules/${id}`);
    expect(deleted.json().message).toBe('Schedule "Replace the furnace filter" has been deleted.');
  });
});

describe('a ticket of a whole property through the form', () => {
  const wholeProperty = (propertyId: number) =>
    ticketForm({
      unit_id: '',
      property_id: propertyId,
      category_id: w.roofing.id,
      title: 'Roof leak over the lobby',
    });

  it('is raised by staff of the landlord, with any category, and routed', async () => {
    const created = await clients.manager.post('/api/tickets', wholeProperty(w.north.property.id));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ unit_id: null, property_id: w.north.property.id, tenant: null });
    const byAdmin = await clients.admin.post('/api/tickets', wholeProperty(w.south.property.id));
    expect(byAdmin.statusCode, byAdmin.body).toBe(201);
  });

  it('is refused to a manager of another landlord, and without unit or property', async () => {
    const count = async () => (await t.db.select({ id: tickets.id }).from(tickets)).length;
    const before = await count();
    const foreign = await clients.otherManager.post('/api/tickets', wholeProperty(w.north.property.id));
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors.unit_id).toEqual([en.validation.ticketUnit]);
    const nowhere = await clients.manager.post(
      '/api/tickets',
      ticketForm({ unit_id: '', category_id: w.roofing.id }),
    );
    expect(nowhere.statusCode).toBe(422);
    expect(nowhere.json().errors.unit_id).toEqual([en.validation.ticketUnit]);
    expect(await count()).toBe(before);
  });
});
