/**
 * Recurring and preventive work (issue 26): schedules on a unit or a whole property, the tickets the due-work worker
 * creates for them (each date once, even with three workers at once; routed and notified like any ticket; due from
 * their date), pause and resume, edits that never create a date twice; tickets of a whole property raised through
 * the form, their visibility; and who may do what. Every refusal leaves nothing written. The list: each sort both ways
 * (ended schedules last), its search, filters, pages and capped totals, read in one prepared statement a page.
 */
import { type ApiSchedule, en, LIST_COUNT_CAP, type ListMeta, SEARCH_COUNT_CAP } from '@mend/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  notifications,
  type PropertyRow,
  scheduleOccurrences,
  schedules,
  ticketLog,
  tickets,
} from '../src/db/schema';
import { createDueOccurrences } from '../src/modules/schedules/occurrences';
import { createTestApp, type TestApp, type TestClient } from './helpers/app';
import { createProperty } from './helpers/factories';
import { expectOnePageStatement, statementRecorder } from './helpers/statements';
import { testDatabaseKind } from './helpers/test-db';
import { type TicketActor, ticketActors } from './helpers/ticket-actors';
import { createWorld, ticketForm, type World, wholePropertyForm } from './helpers/ticket-factories';

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

  it('lists each schedule with its own rule, before and after an edit', async () => {
    const first = await create();
    await create({ starts_on: '2027-04-01' });
    const listed = async () => {
      const rows = (await clients.manager.get('/api/schedules?sort=created_at&order=asc')).json()
        .data as ApiSchedule[];
      return rows.map(({ rule_text, rrule }) => ({ rule_text, rrule }));
    };
    const [one, two] = await listed();
    expect(one.rule_text).toBe('Every month on day 15');
    expect(one.rrule).toContain('DTSTART:20270301T000000Z');
    expect(two.rule_text).toBe('Every month on day 15');
    expect(two.rrule).toContain('DTSTART:20270401T000000Z');
    const edited = await clients.manager.send(
      'PATCH',
      `/api/schedules/${first.id}`,
      monthlyForm({ frequency: 'weekly', weekday: 0, month_day: '' }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const [after] = await listed();
    expect(after.rule_text).toBe('Every week on Monday');
    expect(after.rrule).toContain('FREQ=WEEKLY');
    expect((await listed())[1]).toEqual(two);
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
    wholePropertyForm(propertyId, w.roofing.id, 'Roof leak over the lobby');

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

describe('the schedules list', () => {
  /** A schedule of the list's fixture, as the expected orders read it. */
  interface Fixture {
    title: string;
    description: string;
    property: () => PropertyRow;
    nextOn: string | null;
    createdAt: string;
    paused?: boolean;
  }
  interface Listed extends Omit<Fixture, 'property'> {
    id: number;
    property: PropertyRow;
  }

  // A property whose name sorts first only case-insensitively ("middle" after "South" byte by byte).
  let middle: PropertyRow;
  beforeAll(async () => {
    middle = await createProperty(t.db, w.north.landlord.id, 'middle Court');
  });

  // Titles and names that sort differently with and without case; ties on every key (broken by the id); ended
  // schedules (no next date); paused ones; a `%` and a `_` that a search must take literally.
  const FIXTURE: Fixture[] = [
    {
      title: 'boiler service',
      description: '',
      property: () => w.north.property,
      nextOn: '2027-04-01',
      createdAt: '2027-01-05T10:00:00Z',
    },
    {
      title: 'Clean the gutters',
      description: 'Ladder in the shed',
      property: () => middle,
      nextOn: '2027-03-20',
      createdAt: '2027-01-03T10:00:00Z',
    },
    {
      title: 'alarm test',
      description: '',
      property: () => w.south.property,
      nextOn: null,
      createdAt: '2027-01-04T10:00:00Z',
    },
    {
      title: 'Zinc roof check',
      description: 'Check the 50% flashing',
      property: () => w.north.property2,
      nextOn: '2027-03-20',
      createdAt: '2027-01-04T10:00:00Z',
      paused: true,
    },
    {
      title: 'clean the drains',
      description: '',
      property: () => w.north.property,
      nextOn: null,
      createdAt: '2027-01-06T10:00:00Z',
    },
    {
      title: 'Boiler Service',
      description: 'Yearly: the_gas valve',
      property: () => w.south.property,
      nextOn: '2027-05-01',
      createdAt: '2027-01-02T10:00:00Z',
      paused: true,
    },
    {
      title: 'Paint the fence',
      description: '',
      property: () => w.north.property2,
      nextOn: '2027-03-20',
      createdAt: '2027-01-07T10:00:00Z',
    },
    {
      title: 'window wash',
      description: 'Towers lobby glass',
      property: () => middle,
      nextOn: '2027-03-25',
      createdAt: '2027-01-01T10:00:00Z',
    },
  ];

  async function insertFixture(): Promise<Listed[]> {
    const listed: Listed[] = [];
    for (const fixture of FIXTURE) {
      const property = fixture.property();
      const createdAt = new Date(fixture.createdAt);
      const [row] = await t.db
        .insert(schedules)
        .values({
          propertyId: property.id,
          title: fixture.title,
          description: fixture.description,
          categoryId: w.plumbing.id,
          frequency: 'monthly',
          monthDay: 15,
          startsOn: '2027-01-01',
          leadDays: 7,
          nextOn: fixture.nextOn,
          pausedAt: fixture.paused ? createdAt : null,
          createdAt,
          updatedAt: createdAt,
        })
        .returning({ id: schedules.id });
      listed.push({ ...fixture, id: row.id, property });
    }
    return listed;
  }

  const SORTS = ['title', 'next_on', 'created_at', 'property'] as const;
  type Sort = (typeof SORTS)[number];

  /** The order the list promises, worked out here: the key (case-insensitive text), then the id, both one way. */
  function expectedOrder(rows: Listed[], sort: Sort, order: 'asc' | 'desc'): number[] {
    const key = (row: Listed): string =>
      sort === 'title'
        ? row.title.toLowerCase()
        : sort === 'property'
          ? row.property.name.toLowerCase()
          : sort === 'created_at'
            ? row.createdAt
            : (row.nextOn ?? '');
    const way = order === 'asc' ? 1 : -1;
    return [...rows]
      .sort((a, b) => {
        // Ended schedules last, whichever way.
        if (sort === 'next_on' && (a.nextOn === null) !== (b.nextOn === null))
          return a.nextOn === null ? 1 : -1;
        const [x, y] = [key(a), key(b)];
        return (x < y ? -1 : x > y ? 1 : a.id - b.id) * way;
      })
      .map((row) => row.id);
  }

  const matches = (row: Listed, term: string) =>
    [row.title, row.description, row.property.name].some((text) =>
      text.toLowerCase().includes(term.toLowerCase()),
    );
  const northOnly = (rows: Listed[]) => rows.filter((row) => row.property.landlordId === w.north.landlord.id);

  async function list(client: TestClient, query: string) {
    const response = await client.get(`/api/schedules?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { data: ApiSchedule[]; meta: ListMeta };
  }
  const ids = (page: { data: ApiSchedule[] }) => page.data.map((row) => row.id);

  it('sorts by each key both ways, case-insensitively, ended schedules last, the id breaking ties', async () => {
    const rows = await insertFixture();
    for (const [viewer, seen] of [
      ['admin', rows],
      ['manager', northOnly(rows)],
    ] as const) {
      for (const sort of SORTS) {
        for (const order of ['asc', 'desc'] as const) {
          const page = await list(clients[viewer], `sort=${sort}&order=${order}&per_page=100`);
          expect(ids(page), `${viewer} ${sort} ${order}`).toEqual(expectedOrder(seen, sort, order));
          expect(page.meta).toEqual({ total: seen.length, page: 1, per_page: 100 });
          // Searched, the same order among the matches.
          const searched = await list(
            clients[viewer],
            `sort=${sort}&order=${order}&per_page=100&search=TOWERS`,
          );
          const found = seen.filter((row) => matches(row, 'towers'));
          expect(ids(searched), `${viewer} ${sort} ${order} searched`).toEqual(
            expectedOrder(found, sort, order),
          );
        }
      }
      // No sort: the newest first.
      expect(ids(await list(clients[viewer], 'per_page=100'))).toEqual(
        expectedOrder(seen, 'created_at', 'desc'),
      );
    }
  });

  it('searches the title, the description and the property name, taking % and _ literally', async () => {
    const rows = await insertFixture();
    const terms = ['clean', 'LADDER', 'towers', 'court', '%', '_', '50%', 'qzxj'];
    for (const term of terms) {
      const query = `search=${encodeURIComponent(term)}&per_page=100`;
      const admin = await list(clients.admin, query);
      const expected = expectedOrder(
        rows.filter((row) => matches(row, term)),
        'created_at',
        'desc',
      );
      expect(ids(admin), `admin ${term}`).toEqual(expected);
      expect(admin.meta.total).toBe(expected.length);
      // A manager's search (a narrow scope): its landlord's schedules only, the same matches.
      const manager = await list(clients.manager, query);
      expect(ids(manager), `manager ${term}`).toEqual(
        expectedOrder(
          northOnly(rows).filter((row) => matches(row, term)),
          'created_at',
          'desc',
        ),
      );
      // One property's (a narrow scope for the super admin too).
      const byProperty = await list(clients.admin, `${query}&property_id=${middle.id}`);
      expect(ids(byProperty), `admin ${term} on one property`).toEqual(
        expectedOrder(
          rows.filter((row) => row.property.id === middle.id && matches(row, term)),
          'created_at',
          'desc',
        ),
      );
    }
    expect(ids(await list(clients.admin, 'search=court'))).toHaveLength(2);
    expect(ids(await list(clients.admin, 'search=_'))).toHaveLength(1);
  });

  it('filters by property and state, with a search and a sort', async () => {
    const rows = await insertFixture();
    const cases: [string, (row: Listed) => boolean][] = [
      [`property_id=${w.north.property.id}`, (row) => row.property.id === w.north.property.id],
      ['state=paused', (row) => row.paused === true],
      ['state=active', (row) => row.paused !== true],
      [
        `state=active&property_id=${w.north.property2.id}`,
        (row) => !row.paused && row.property.id === w.north.property2.id,
      ],
      [
        `property_id=${middle.id}&search=ladder`,
        (row) => row.property.id === middle.id && matches(row, 'ladder'),
      ],
      ['state=paused&search=boiler', (row) => row.paused === true && matches(row, 'boiler')],
    ];
    for (const [filter, keep] of cases) {
      for (const [viewer, seen] of [
        ['admin', rows],
        ['manager', northOnly(rows)],
      ] as const) {
        const page = await list(clients[viewer], `${filter}&sort=next_on&order=desc&per_page=100`);
        const expected = expectedOrder(seen.filter(keep), 'next_on', 'desc');
        expect(ids(page), `${viewer} ${filter}`).toEqual(expected);
        expect(page.meta.total, `${viewer} ${filter}`).toBe(expected.length);
      }
    }
    // Another landlord's property: nothing for the manager.
    expect(ids(await list(clients.manager, `property_id=${w.south.property.id}`))).toEqual([]);
  });

  it('pages through every schedule in order, and counts a page past the end', async () => {
    const rows = await insertFixture();
    for (const [viewer, seen] of [
      ['admin', rows],
      ['manager', northOnly(rows)],
    ] as const) {
      for (const [sort, order] of [
        ['title', 'desc'],
        ['next_on', 'asc'],
        ['property', 'desc'],
        ['created_at', 'asc'],
      ] as const) {
        const pages: number[] = [];
        for (let number = 1; number <= Math.ceil(seen.length / 3); number++) {
          const page = await list(clients[viewer], `sort=${sort}&order=${order}&per_page=3&page=${number}`);
          expect(page.meta, `${viewer} ${sort} page ${number}`).toEqual({
            total: seen.length,
            page: number,
            per_page: 3,
          });
          pages.push(...ids(page));
        }
        expect(pages, `${viewer} ${sort} ${order}`).toEqual(expectedOrder(seen, sort, order));
      }
      const past = await list(clients[viewer], 'per_page=3&page=9');
      expect(past).toEqual({ data: [], meta: { total: seen.length, page: 9, per_page: 3 } });
      const searchedPast = await list(clients[viewer], 'search=clean&per_page=1&page=5');
      expect(searchedPast.meta).toEqual({
        total: seen.filter((row) => matches(row, 'clean')).length,
        page: 5,
        per_page: 1,
      });
    }
  });

  it('counts its total up to the cap past the page (a search to its own cap), as every list does', async () => {
    const bulk = LIST_COUNT_CAP + 5;
    await t.db.execute(sql`
      insert into ${schedules} (property_id, title, category_id, frequency, month_day, starts_on, lead_days, next_on, paused_at)
      select ${w.north.property.id}, 'Bulk check ' || g, ${w.plumbing.id}, 'monthly', 15, '2027-01-01', 7, '2027-04-15',
        case when g <= 3 then now() end
      from generate_series(1, ${bulk}) g`);
    const capped = { total: LIST_COUNT_CAP, page: 1, per_page: 10, total_capped: true };
    for (const viewer of ['admin', 'manager'] as const) {
      for (const filter of [
        '',
        `property_id=${w.north.property.id}`,
        'state=active',
        'sort=title&order=desc',
      ]) {
        const page = await list(clients[viewer], filter);
        expect(page.meta, `${viewer} ${filter}`).toEqual(capped);
        expect(page.data).toHaveLength(10);
      }
      expect((await list(clients[viewer], 'state=paused')).meta).toEqual({ total: 3, page: 1, per_page: 10 });
      // From a later page the count reaches the cap past that page: here every row.
      const late = LIST_COUNT_CAP / 10;
      expect((await list(clients[viewer], `page=${late}`)).meta).toEqual({
        total: bulk,
        page: late,
        per_page: 10,
      });
      const last = await list(clients[viewer], `page=${late + 1}&sort=next_on`);
      expect(last.data).toHaveLength(5);
      expect(last.meta.total).toBe(bulk);
      expect(await list(clients[viewer], `page=${late + 2}`)).toEqual({
        data: [],
        meta: { total: bulk, page: late + 2, per_page: 10 },
      });
      // A search counts to its own cap past the page.
      expect((await list(clients[viewer], 'search=BULK')).meta).toEqual({
        total: SEARCH_COUNT_CAP,
        page: 1,
        per_page: 10,
        total_capped: true,
      });
      expect((await list(clients[viewer], 'search=bulk&page=3')).meta).toEqual({
        total: 20 + SEARCH_COUNT_CAP,
        page: 3,
        per_page: 10,
        total_capped: true,
      });
      expect((await list(clients[viewer], 'search=bulk&page=200')).meta).toEqual({
        total: bulk,
        page: 200,
        per_page: 10,
      });
    }
  });

  it('lists each schedule as its record, without the coming dates and tickets only the record shows', async () => {
    await insertFixture();
    const { data } = await list(clients.admin, 'per_page=100');
    for (const row of data) {
      const record = (await clients.admin.get(row.path)).json() as ApiSchedule;
      expect(row).toEqual({ ...record, upcoming: [], occurrences: [] });
      if (record.next_on !== null) expect(record.upcoming.length).toBeGreaterThan(0);
    }
  });

  it('reads a page in one statement, prepared; a search of every schedule is its ids and then its rows', async () => {
    await insertFixture();
    const onePage = [
      '/api/schedules',
      '/api/schedules?sort=property&order=desc',
      '/api/schedules?sort=next_on&page=2&per_page=2',
      '/api/schedules?state=paused&sort=title',
      `/api/schedules?property_id=${middle.id}&search=ladder`,
    ];
    await expectOnePageStatement(t.db, clients.admin, onePage);
    // A manager's search is of its landlord's schedules: one statement too.
    await expectOnePageStatement(t.db, clients.manager, [
      ...onePage,
      '/api/schedules?search=clean&page=2&per_page=1',
    ]);
    type Query = (config: unknown, ...rest: unknown[]) => Promise<unknown>;
    const driver = (t.db as unknown as { $client: { query: Query } }).$client;
    const query = driver.query;
    const sent: { name: string; text: string }[] = [];
    driver.query = (config, ...rest) => {
      if (typeof config === 'object' && config !== null) {
        const given = config as { text: string; name?: string };
        if (!given.text.includes('"sessions"')) sent.push({ name: given.name ?? '', text: given.text });
      }
      return query.call(driver, config, ...rest);
    };
    try {
      for (const path of onePage) await list(clients.admin, path.split('?')[1] ?? '');
      const recorder = statementRecorder(t.db);
      const searched = await recorder.during(() => list(clients.admin, 'search=clean&sort=title'));
      expect(searched.filter((statement) => !statement.text.includes('"sessions"'))).toHaveLength(2);
    } finally {
      driver.query = query;
    }
    if (testDatabaseKind() === 'postgres') {
      // Named (prepared) but the super admin's search, planned with its pattern: its ids and total, then rows by id.
      const wide = sent.slice(onePage.length);
      expect(sent.slice(0, onePage.length).filter((statement) => statement.name === '')).toEqual([]);
      expect(wide.map((statement) => [statement.name !== '', / ilike /.test(statement.text)])).toEqual([
        [false, true],
        [true, false],
      ]);
    }
  });
});
