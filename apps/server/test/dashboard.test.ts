/**
 * GET /api/dashboard (DESIGN.md "Dashboard `/`"): exact figures on a hand-made set of tickets spread over
 * weeks, each user counting only the tickets it may see, zeros (never nulls) without data, 401 signed out.
 *
 * Times are placed relative to M0, the Monday (00:00 UTC) of the current week: W(k) = M0 - k weeks.
 */
import type { ApiDashboard } from '@mend/shared';
import { DASHBOARD_CLOSE_WINDOW_DAYS } from '@mend/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tickets, type UnitRow, type UserRow } from '../src/db/schema';
import { actorOf } from '../src/lib/actor';
import { activity, NARROW_SCOPE_LIMIT } from '../src/modules/dashboard/queries';
import { firstDashboardWeek, getDashboard, weekStartIn } from '../src/modules/dashboard/service';
import { createTestApp, type TestApp } from './helpers/app';
import { createLandlord, createProperty, createUnit } from './helpers/factories';
import { clientFor, createPerson, createWorld, insertTicket, type World } from './helpers/ticket-factories';

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

const M0 = new Date(`${weekStartIn(new Date(), 'UTC')}T00:00:00Z`);
/** Monday of k weeks ago, plus `days` and `hours`. */
const week = (k: number, days = 0, hours = 0) =>
  new Date(M0.getTime() - k * WEEK + days * DAY + hours * HOUR);
const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/** The 12 week starts, oldest first, with opened/closed counts from a { weeksAgo: [opened, closed] } map. */
function weeks(counts: Record<number, [number, number]>) {
  return Array.from({ length: 12 }, (_, index) => {
    const k = 11 - index;
    const [opened, closed] = counts[k] ?? [0, 0];
    return { week_start: isoDate(week(k)), opened, closed };
  });
}

const ZERO_WEEKS = weeks({});

/** A median read from the bins of time to close (migration 0012: 8 per doubling of 1 + minutes) against the exact one. */
function expectWithinOneBin(approximate: number, exact: number) {
  const scale = (hours: number) => 8 * Math.log2(1 + hours * 60);
  expect(Math.abs(scale(approximate) - scale(exact))).toBeLessThan(1);
}

let t: TestApp;
let w: World;
let orphanManager: UserRow;
const ids: Record<string, number> = {};

async function ticket(
  name: string,
  unit: UnitRow,
  status: number,
  createdAt: Date,
  options: { closedAfterHours?: number; closedAt?: Date; recipients?: UserRow[] } = {},
) {
  const row = await insertTicket(t.db, {
    unit,
    status,
    createdAt,
    title: `Ticket ${name}`,
    recipients: options.recipients,
  });
  const closedAt =
    options.closedAt ??
    (options.closedAfterHours === undefined
      ? undefined
      : new Date(createdAt.getTime() + options.closedAfterHours * HOUR));
  if (closedAt) await t.db.update(tickets).set({ closedAt }).where(eq(tickets.id, row.id));
  ids[name] = row.id;
}

async function dashboardOf(user: UserRow): Promise<ApiDashboard> {
  const client = await clientFor(t, user);
  const response = await client.get('/api/dashboard');
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
  const n = w.north;
  const s = w.south;
  // North: unit (North Towers, tenant), limitedUnit (North Towers), unit2 (North Gardens, tenant2).
  await ticket('t1', n.unit, 0, week(0), { recipients: [n.plumber] });
  await ticket('t2', n.unit, 0, week(1, 2));
  await ticket('t3', n.unit2, 1, week(3, 1));
  await ticket('t4', n.limitedUnit, 2, week(20));
  await ticket('t5', n.unit, 3, week(2, 1), { closedAfterHours: 48, recipients: [n.plumber] });
  await ticket('t6', n.unit2, 3, week(5), { closedAfterHours: 24 });
  await ticket('t7', n.unit, 4, week(1), { closedAfterHours: 6 });
  // Closed 15 weeks ago: outside the 12 weeks and the 90 days.
  await ticket('t8', n.unit, 3, week(30), { closedAt: week(15) });
  // Opened before the 12 weeks, closed this week after 13 weeks (2184 hours).
  await ticket('t9', n.unit, 3, week(13), { closedAt: week(0) });
  // South: unit (South Towers), unit2 (South Gardens).
  await ticket('s1', s.unit, 0, week(0));
  await ticket('s2', s.unit2, 3, week(1), { closedAfterHours: 12 });
  await ticket('s3', s.unit, 1, week(0));
  orphanManager = await createPerson(t.db, 1, null, 'Orphan', 'Manager');
});
afterAll(() => t.close());

describe('GET /api/dashboard', () => {
  it('answers 401 to a visitor who is not signed in', async () => {
    const client = await t.client();
    const response = await client.get('/api/dashboard');
    expect(response.statusCode).toBe(401);
  });

  it("a manager counts exactly its landlord's tickets", async () => {
    const dashboard = await dashboardOf(w.north.manager);
    expect(dashboard.totals).toEqual({ open: 4, closed: 5, all: 9 });
    expect(dashboard.open_by_status).toEqual([
      { status: 0, status_text: 'Open', count: 2 },
      { status: 1, status_text: 'Scheduled', count: 1 },
      { status: 2, status_text: 'In Progress', count: 1 },
    ]);
    expect(dashboard.open_by_property).toEqual([
      { property_id: w.north.property.id, property_name: 'North Towers', count: 3 },
      { property_id: w.north.property2.id, property_name: 'North Gardens', count: 1 },
    ]);
    expect(dashboard.weekly).toEqual(weeks({ 0: [1, 1], 1: [2, 1], 2: [1, 1], 3: [1, 0], 5: [1, 1] }));
    // 48, 24, 6 and 2184 hours (t8 closed more than 90 days ago).
    expect(dashboard.time_to_close).toEqual({ mean_hours: 565.5, median_hours: 36, count: 4 });
    expect(dashboard.oldest_open.map((row) => row.id)).toEqual([ids.t4, ids.t3, ids.t2, ids.t1]);
    expect(dashboard.oldest_open[0]).toEqual({
      id: ids.t4,
      visible_id: String(ids.t4).padStart(3, '0'),
      title: 'Ticket t4',
      status: 2,
      status_text: 'In Progress',
      property_name: 'North Towers',
      created_at_timestamp: Math.floor(week(20).getTime() / 1000),
      path: `/api/tickets/${ids.t4}/`,
    });
  });

  it("a manager of the other landlord never counts the first landlord's tickets", async () => {
    const dashboard = await dashboardOf(w.south.manager);
    expect(dashboard.totals).toEqual({ open: 2, closed: 1, all: 3 });
    expect(dashboard.open_by_status.map((row) => row.count)).toEqual([1, 1, 0]);
    expect(dashboard.open_by_property).toEqual([
      { property_id: w.south.property.id, property_name: 'South Towers', count: 2 },
    ]);
    expect(dashboard.weekly).toEqual(weeks({ 0: [2, 0], 1: [1, 1] }));
    expect(dashboard.time_to_close).toEqual({ mean_hours: 12, median_hours: 12, count: 1 });
    expect(dashboard.oldest_open.map((row) => row.id)).toEqual([ids.s1, ids.s3]);
  });

  it('the super admin counts every ticket; the oldest open list stops at 5', async () => {
    const dashboard = await dashboardOf(w.admin);
    expect(dashboard.totals).toEqual({ open: 6, closed: 6, all: 12 });
    expect(dashboard.open_by_status.map((row) => row.count)).toEqual([3, 2, 1]);
    expect(dashboard.open_by_property.map((row) => [row.property_name, row.count])).toEqual([
      ['North Towers', 3],
      ['South Towers', 2],
      ['North Gardens', 1],
    ]);
    expect(dashboard.weekly).toEqual(weeks({ 0: [3, 1], 1: [3, 2], 2: [1, 1], 3: [1, 0], 5: [1, 1] }));
    // 6, 12, 24, 48 and 2184 hours. The whole portfolio's median is read from bins of time to close (ADR 0023):
    // within one bin of the exact one.
    expect(dashboard.time_to_close).toMatchObject({ mean_hours: 454.8, count: 5 });
    expectWithinOneBin(dashboard.time_to_close.median_hours, 24);
    // t1, s1 and s3 share a creation time: the lower id first.
    expect(dashboard.oldest_open.map((row) => row.id)).toEqual([ids.t4, ids.t3, ids.t2, ids.t1, ids.s1]);
  });

  it('a tenant counts only the tickets of its unit', async () => {
    const dashboard = await dashboardOf(w.north.tenant);
    expect(dashboard.totals).toEqual({ open: 2, closed: 4, all: 6 });
    expect(dashboard.open_by_status.map((row) => row.count)).toEqual([2, 0, 0]);
    expect(dashboard.open_by_property).toEqual([
      { property_id: w.north.property.id, property_name: 'North Towers', count: 2 },
    ]);
    expect(dashboard.weekly).toEqual(weeks({ 0: [1, 1], 1: [2, 1], 2: [1, 1] }));
    // 48, 6 and 2184 hours.
    expect(dashboard.time_to_close).toEqual({ mean_hours: 746, median_hours: 48, count: 3 });
    expect(dashboard.oldest_open.map((row) => row.id)).toEqual([ids.t2, ids.t1]);

    const other = await dashboardOf(w.north.tenant2);
    expect(other.totals).toEqual({ open: 1, closed: 1, all: 2 });
    expect(other.time_to_close).toEqual({ mean_hours: 24, median_hours: 24, count: 1 });
    expect(other.oldest_open.map((row) => row.id)).toEqual([ids.t3]);
  });

  it('a contractor counts only the tickets routed to it', async () => {
    const dashboard = await dashboardOf(w.north.plumber);
    expect(dashboard.totals).toEqual({ open: 1, closed: 1, all: 2 });
    expect(dashboard.open_by_status.map((row) => row.count)).toEqual([1, 0, 0]);
    expect(dashboard.open_by_property).toEqual([
      { property_id: w.north.property.id, property_name: 'North Towers', count: 1 },
    ]);
    expect(dashboard.weekly).toEqual(weeks({ 0: [1, 0], 2: [1, 1] }));
    expect(dashboard.time_to_close).toEqual({ mean_hours: 48, median_hours: 48, count: 1 });
    expect(dashboard.oldest_open.map((row) => row.id)).toEqual([ids.t1]);
  });

  it.each([
    // Money is staff's: none for a contractor.
    ['a contractor with no routed tickets', () => w.north.electrician, null],
    [
      'a manager without a landlord',
      () => orphanManager,
      { open_approvals: 0, awaiting_owner: 0, spend: [] },
    ],
  ])('%s gets zeros, not nulls', async (_name, user, money) => {
    const dashboard = await dashboardOf(user());
    expect(dashboard).toEqual({
      totals: { open: 0, closed: 0, all: 0 },
      open_by_status: [
        { status: 0, status_text: 'Open', count: 0 },
        { status: 1, status_text: 'Scheduled', count: 0 },
        { status: 2, status_text: 'In Progress', count: 0 },
      ],
      open_by_property: [],
      weekly: ZERO_WEEKS,
      time_to_close: { mean_hours: 0, median_hours: 0, count: 0 },
      oldest_open: [],
      ratings: { count: 0, average: null },
      due: { overdue: 0, due_soon: 0, months: expect.any(Array) },
      money,
    });
    expect(dashboard.due?.months.every((month) => month.resolved === 0 && month.in_target === 0)).toBe(true);
  });

  it('lists the 10 properties with the most open tickets, most first, ties by name', async () => {
    const landlord = await createLandlord(t.db, 'East Landlord');
    const manager = await createPerson(t.db, 1, landlord.id, 'Erin', 'Manager');
    const names = Array.from({ length: 12 }, (_, index) => `East ${String(index + 1).padStart(2, '0')}`);
    for (const name of names) {
      const property = await createProperty(t.db, landlord.id, name);
      const unit = await createUnit(t.db, property.id, `${name} A`);
      const open = name === 'East 12' ? 3 : name === 'East 05' ? 2 : 1;
      for (let i = 0; i < open; i++) await ticket(`${name} ${i}`, unit, i % 3, week(0));
      // Closed tickets never count here.
      if (name === 'East 11') await ticket(`${name} closed`, unit, 3, week(1), { closedAfterHours: 1 });
    }
    const dashboard = await dashboardOf(manager);
    expect(dashboard.open_by_property.map((row) => [row.property_name, row.count])).toEqual([
      ['East 12', 3],
      ['East 05', 2],
      ['East 01', 1],
      ['East 02', 1],
      ['East 03', 1],
      ['East 04', 1],
      ['East 06', 1],
      ['East 07', 1],
      ['East 08', 1],
      ['East 09', 1],
    ]);
    expect(dashboard.totals).toEqual({ open: 15, closed: 1, all: 16 });
    expect(dashboard.oldest_open).toHaveLength(5);
  });
});

describe('a narrow scope read in one pass or figure by figure', () => {
  // Every dashboard above but the super admin's came from one pass over the scope's tickets (narrowFigures); a
  // scope past the limit is counted one figure at a time. Both ways give the same dashboard.
  it.each([
    ['a manager', () => w.north.manager],
    ['a tenant', () => w.north.tenant],
    ['a contractor', () => w.north.plumber],
    ['a manager without a landlord', () => orphanManager],
  ])('%s', async (_name, user) => {
    const actor = actorOf(user());
    const now = new Date();
    const onePass = await getDashboard(t.db, actor, 'America/Edmonton', now);
    expect(onePass.totals.all).toBeLessThan(NARROW_SCOPE_LIMIT);
    expect(await getDashboard(t.db, actor, 'America/Edmonton', now, -1)).toEqual(onePass);
    // A scope of exactly the limit is still read in one pass.
    expect(await getDashboard(t.db, actor, 'America/Edmonton', now, onePass.totals.all)).toEqual(onePass);
  });
});

describe('GET /api/dashboard on an empty database', () => {
  let empty: TestApp;
  beforeAll(async () => {
    empty = await createTestApp();
  });
  afterAll(() => empty.close());

  it('answers zeros and empty lists, never nulls', async () => {
    const admin = await createPerson(empty.db, 0, null, 'Only', 'Admin');
    const dashboard: ApiDashboard = (await (await clientFor(empty, admin)).get('/api/dashboard')).json();
    expect(dashboard).toEqual({
      totals: { open: 0, closed: 0, all: 0 },
      open_by_status: [
        { status: 0, status_text: 'Open', count: 0 },
        { status: 1, status_text: 'Scheduled', count: 0 },
        { status: 2, status_text: 'In Progress', count: 0 },
      ],
      open_by_property: [],
      weekly: ZERO_WEEKS,
      time_to_close: { mean_hours: 0, median_hours: 0, count: 0 },
      oldest_open: [],
      ratings: { count: 0, average: null },
      due: { overdue: 0, due_soon: 0, months: expect.any(Array) },
      money: { open_approvals: 0, awaiting_owner: 0, spend: [] },
    });
    expect(dashboard.due?.months.every((month) => month.resolved === 0 && month.in_target === 0)).toBe(true);
  });
});

describe('dashboard weeks', () => {
  it('start on Monday 00:00 (UTC here); twelve of them end with the current week', () => {
    expect(weekStartIn(new Date('2026-03-04T15:30:00Z'), 'UTC')).toBe('2026-03-02');
    expect(weekStartIn(new Date('2026-03-02T00:00:00Z'), 'UTC')).toBe('2026-03-02');
    expect(weekStartIn(new Date('2026-03-08T23:59:59Z'), 'UTC')).toBe('2026-03-02');
    expect(firstDashboardWeek(new Date('2026-03-04T15:30:00Z'), 'UTC')).toBe('2025-12-15');
  });

  it("start on the viewer's Monday: Monday 03:00 UTC is still Sunday in Edmonton, already Monday in Tokyo", () => {
    const mondayNight = new Date('2026-03-09T03:00:00Z');
    expect(weekStartIn(mondayNight, 'UTC')).toBe('2026-03-09');
    expect(weekStartIn(mondayNight, 'America/Edmonton')).toBe('2026-03-02');
    expect(weekStartIn(new Date('2026-03-08T16:00:00Z'), 'Asia/Tokyo')).toBe('2026-03-09');
    expect(firstDashboardWeek(mondayNight, 'America/Edmonton')).toBe('2025-12-15');
  });

  it("count each ticket in the week of the viewer's time zone, not of UTC", async () => {
    // A landlord of its own: a ticket late on Sunday and one early on Monday, Edmonton time.
    const landlord = await createLandlord(t.db, 'Zoned Rentals');
    const property = await createProperty(t.db, landlord.id, 'Zoned Tower');
    const unit = await createUnit(t.db, property.id, 'Z1');
    const manager = await createPerson(t.db, 1, landlord.id, 'Zoe', 'Zoned');
    const zone = 'America/Edmonton';
    const monday = weekStartIn(new Date(), zone);
    // Monday 00:00 in Edmonton is 06:00 or 07:00 UTC (daylight saving time or not).
    const mondayMidnight = [6, 7]
      .map((hour) => new Date(`${monday}T0${hour}:00:00Z`))
      .find((moment) => weekStartIn(new Date(moment.getTime() - 1), zone) !== monday) as Date;
    await ticket('sundayNight', unit, 0, new Date(mondayMidnight.getTime() - HOUR));
    await ticket('mondayMorning', unit, 0, new Date(mondayMidnight.getTime() + HOUR));
    const client = await clientFor(t, manager);

    const zoned = (await client.get(`/api/dashboard?time_zone=${encodeURIComponent(zone)}`)).json();
    expect(zoned.weekly.at(-1)).toEqual({ week_start: monday, opened: 1, closed: 0 });
    expect(zoned.weekly.at(-2)).toMatchObject({ opened: 1 });

    // In UTC both are on the same Monday; an unknown zone reads as UTC.
    for (const query of ['', '?time_zone=UTC', '?time_zone=Mars%2FOlympus']) {
      const utc = (await client.get(`/api/dashboard${query}`)).json();
      expect(
        utc.weekly.filter((row: { opened: number }) => row.opened > 0),
        query,
      ).toEqual([{ week_start: monday, opened: 2, closed: 0 }]);
    }
  });
});

describe("the super admin's dashboard, read from the figures the triggers keep", () => {
  // Kolkata is 5:30 ahead of UTC, Kathmandu 5:45, St John's 3:30 (2:30 in summer) behind: their weeks start inside a
  // UTC hour, which the kept hours cannot split; Edmonton, Tokyo and UTC start on whole hours.
  const ZONES = [
    'UTC',
    'America/Edmonton',
    'Asia/Tokyo',
    'Asia/Kolkata',
    'Asia/Kathmandu',
    'America/St_Johns',
  ];

  it.each(ZONES)('equals the figures counted from the tickets, in %s', async (zone) => {
    const landlord = await createLandlord(t.db, `Edge Rentals ${zone}`);
    const property = await createProperty(t.db, landlord.id, `Edge Tower ${zone}`);
    const unit = await createUnit(t.db, property.id, 'E1');
    // Tickets 20 minutes either side of the start of this week and of three weeks ago in the zone, some closed.
    for (const k of [0, 3]) {
      const monday = weekStartIn(new Date(Date.now() - k * WEEK), zone);
      const local = Date.parse(`${monday}T00:00:00Z`);
      const offset =
        local -
        Date.parse(`${new Date(local).toLocaleString('sv-SE', { timeZone: zone }).replace(' ', 'T')}Z`);
      const start = local + offset;
      for (const minutes of [-20, 20]) {
        const at = new Date(start + minutes * 60_000);
        if (at.getTime() > Date.now()) continue;
        await ticket(`edge ${zone} ${k} ${minutes}`, unit, k === 3 ? 3 : 0, at, {
          closedAt: k === 3 ? new Date(start + minutes * 60_000 + 5 * HOUR) : undefined,
        });
      }
    }
    const now = new Date();
    const admin = { id: w.admin.id, role: 0 as const, landlordId: null };
    const dashboard = await getDashboard(t.db, admin, zone, now);
    const closedSince = new Date(now.getTime() - DASHBOARD_CLOSE_WINDOW_DAYS * DAY);
    const counted = await activity(
      t.db,
      admin,
      { firstWeek: firstDashboardWeek(now, zone), timeZone: zone },
      closedSince,
    );
    expect(dashboard.weekly).toEqual(counted.weeks);
    expect(dashboard.weekly.reduce((sum, row) => sum + row.opened, 0)).toBeGreaterThan(0);
    expect(dashboard.time_to_close.count).toBe(counted.timeToClose.count);
    expect(dashboard.time_to_close.mean_hours).toBeCloseTo(counted.timeToClose.mean_hours, 2);
    expectWithinOneBin(dashboard.time_to_close.median_hours, counted.timeToClose.median_hours);
  });

  it('counts the time to close from the first moment of its window: its day, its week, then whole weeks', async () => {
    // A window starting on a Wednesday at noon (UTC): its day is read from the tickets, the rest of its week from
    // the kept days, the weeks after from the kept weeks.
    const since = Date.UTC(2026, 7, 26, 12);
    const now = new Date(since + DASHBOARD_CLOSE_WINDOW_DAYS * DAY);
    const landlord = await createLandlord(t.db, 'Window Rentals');
    const property = await createProperty(t.db, landlord.id, 'Window Tower');
    const unit = await createUnit(t.db, property.id, 'W1');
    const closings: [number, number][] = [
      [-HOUR, 30], // before the window: left out
      [HOUR, 7],
      [11 * HOUR, 400],
      [DAY, 3],
      [3 * DAY, 90],
      [6 * DAY, 12],
      [20 * DAY, 1000],
    ];
    for (const [index, [after, hours]] of closings.entries()) {
      const closedAt = new Date(since + after);
      await ticket(`window ${index}`, unit, 3, new Date(closedAt.getTime() - hours * HOUR), { closedAt });
    }
    const admin = { id: w.admin.id, role: 0 as const, landlordId: null };
    const dashboard = await getDashboard(t.db, admin, 'UTC', now);
    const counted = await activity(
      t.db,
      admin,
      { firstWeek: firstDashboardWeek(now, 'UTC'), timeZone: 'UTC' },
      new Date(since),
    );
    expect(counted.timeToClose.count).toBeGreaterThanOrEqual(closings.length - 1);
    expect(dashboard.time_to_close.count).toBe(counted.timeToClose.count);
    expect(dashboard.time_to_close.mean_hours).toBeCloseTo(counted.timeToClose.mean_hours, 2);
    expectWithinOneBin(dashboard.time_to_close.median_hours, counted.timeToClose.median_hours);
  });
});
