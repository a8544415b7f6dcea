/**
 * The dashboard's figures, each counted by the database over `visibleTickets(actor)` (the one ticket
 * scope): only small results (a few counts, 12 weeks, 10 properties, 5 tickets) come back.
 *
 * A manager's, a tenant's or a contractor's scope of at most NARROW_SCOPE_LIMIT tickets gives every figure from one
 * prepared statement over its tickets, read once (`narrowFigures`). The whole portfolio (ADR 0023) and a larger
 * scope are counted one figure per statement, side by side:
 * - the counts per status and the open tickets per property of the super admin and of a manager read
 *   ticket_counts (a few rows per property, kept by triggers in every ticket write's transaction, migration
 *   0011); a tenant's and a contractor's are counted from their own tickets, through their indexed scope;
 * - the weeks read the tickets created in them from tickets_created_at_idx, and the weeks' closings and the time
 *   to close the recently closed tickets from tickets_closed_at_idx, each from the index alone (both INCLUDE
 *   the other columns they need): 77,000 and 49,000 index entries for the super admin;
 * - the oldest open tickets are a short ordered read per open status, stopped after 5 rows.
 *
 * Every statement is built once per shape (`shaped`, db/reusable.ts): the viewer's ids, the weeks and the window of
 * the time to close are placeholders. Built by drizzle on every call they cost the app CPU on every load, and sent
 * unnamed PostgreSQL would parse and plan them on every load, which for most of them costs more than running them
 * (ADR 0020, 0028). The reads marked `planPerCall` are still sent unnamed, planned with their values.
 */
import {
  type Actor,
  DASHBOARD_OLDEST_OPEN,
  DASHBOARD_TOP_PROPERTIES,
  DASHBOARD_WEEKS,
  FIRST_CLOSED_STATUS,
  STATUS,
  ticketScope,
} from '@mend/shared';
import { and, asc, desc, eq, gt, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { SubqueryWithSelection } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  type Placeholders,
  planPerCall,
  reusable,
  shaped,
  type ViewerShape,
  viewerIn,
  viewerShape,
  written,
} from '../../db/reusable';
import {
  contractorRatings,
  landlordRatings,
  portfolioClosings,
  portfolioTicketCounts,
  portfolioTicketHours,
  properties,
  propertyOpenTickets,
  ticketCounts,
  tickets,
} from '../../db/schema';
import { visibleTickets, visibleWholeProperties } from '../tickets/queries';

const isOpen = lt(tickets.status, FIRST_CLOSED_STATUS);
const isClosed = gte(tickets.status, FIRST_CLOSED_STATUS);
const countInt = sql<number>`count(*)::int`;
const sumOfCounts = sql<number>`sum(${ticketCounts.tickets})::int`;

/**
 * The viewer's ticket_counts rows (the super admin's and a manager's scopes, whole properties): `visibleWholeProperties`
 * with the viewer's ids as placeholders. Prepared: whatever the landlord, its properties are found by their index
 * and their counts by property, so a generic plan is the one planned for any value.
 */
function viewerCounts(shape: ViewerShape, p: Placeholders): SQL {
  return visibleWholeProperties(viewerIn(shape, p), ticketCounts.propertyId) ?? sql`false`;
}

/** Tickets per status (every status that has any; from ticket_counts for scopes of whole properties). */
export async function countByStatus(db: Db, actor: Actor): Promise<{ status: number; count: number }[]> {
  const viewer = viewerShape(actor);
  if (countsWholeProperties(actor)) {
    return shaped(db, 'dashboard_count_by_status', viewer.shape, (db, shape, p) =>
      db
        .select({ status: ticketCounts.status, count: sumOfCounts })
        .from(ticketCounts)
        .where(viewerCounts(shape, p))
        .groupBy(ticketCounts.status),
    ).execute(viewer.values);
  }
  return shaped(db, 'dashboard_count_by_status_of_tickets', viewer.shape, (db, shape, p) =>
    db
      .select({ status: tickets.status, count: countInt })
      .from(tickets)
      .where(dashboardScope(shape, p))
      .groupBy(tickets.status),
  ).execute(viewer.values);
}

/** Open tickets per property: counted per property_id first, then the top few joined to their names. */
export async function openByProperty(
  db: Db,
  actor: Actor,
): Promise<{ propertyId: number; propertyName: string; count: number }[]> {
  const viewer = viewerShape(actor);
  if (countsWholeProperties(actor)) {
    return shaped(db, 'dashboard_open_by_property', viewer.shape, (db, shape, p) => {
      const counts = db
        .select({
          propertyId: sql<number>`${ticketCounts.propertyId}`.as('property_id'),
          count: sumOfCounts.as('count'),
        })
        .from(ticketCounts)
        .where(and(lt(ticketCounts.status, FIRST_CLOSED_STATUS), viewerCounts(shape, p)))
        .groupBy(ticketCounts.propertyId)
        .having(sql`sum(${ticketCounts.tickets}) > 0`)
        .as('counts');
      return topProperties(db, counts);
    }).execute(viewer.values);
  }
  return shaped(db, 'dashboard_open_by_property_of_tickets', viewer.shape, (db, shape, p) => {
    const counts = db
      .select({
        propertyId: sql<number>`${tickets.propertyId}`.as('property_id'),
        count: countInt.as('count'),
      })
      .from(tickets)
      .where(and(isOpen, dashboardScope(shape, p)))
      .groupBy(tickets.propertyId)
      .as('counts');
    return topProperties(db, counts);
  }).execute(viewer.values);
}

/** The properties with the most open tickets among `counts` (property_id, count), with their names. */
function topProperties(
  db: Db,
  counts: SubqueryWithSelection<{ propertyId: SQL.Aliased<number>; count: SQL.Aliased<number> }, 'counts'>,
) {
  return db
    .select({ propertyId: properties.id, propertyName: properties.name, count: counts.count })
    .from(counts)
    .innerJoin(properties, eq(properties.id, counts.propertyId))
    .orderBy(desc(counts.count), asc(properties.name), asc(properties.id))
    .limit(DASHBOARD_TOP_PROPERTIES);
}

export interface WeekRow {
  week_start: string;
  opened: number;
  closed: number;
}

export interface TimeToClose {
  count: number;
  mean_hours: number;
  median_hours: number;
}

interface ActivityRow extends WeekRow, TimeToClose, Record<string, unknown> {}

/** The weeks to count: from the Monday `firstWeek` (`YYYY-MM-DD`), whose days begin at midnight in `timeZone`. */
export interface DashboardWeeks {
  firstWeek: string;
  timeZone: string;
}

/**
 * The values of a dashboard statement's placeholders for the weeks (`firstWeek`, `timeZone`) and the start of the
 * time to close's window (`closedSince`), added to `values` (the viewer's, or none).
 */
function windowValues(
  values: Record<string, unknown>,
  { firstWeek, timeZone }: DashboardWeeks,
  closedSince?: Date,
): Record<string, unknown> {
  return Object.assign({}, values, { firstWeek, timeZone, closedSince: closedSince?.toISOString() });
}

/** The weeks as local times of the zone (timestamp), and the moments they start and end (timestamptz). */
function weekRange(p: Placeholders) {
  const firstLocal = sql`${p.firstWeek}::timestamp`;
  return {
    firstLocal,
    from: sql`(${firstLocal} at time zone ${p.timeZone})`,
    until: sql`((${firstLocal} + ${DASHBOARD_WEEKS} * interval '1 week') at time zone ${p.timeZone})`,
  };
}

/** The start of the time to close's window. */
const closedSinceOf = (p: Placeholders) => sql`${p.closedSince}::timestamptz`;

/**
 * The common tail of the statements that count the weeks: `closed_recently` (created_at, closed_at) and `opened`
 * (created_at of the tickets opened in the weeks) given, the CTEs `closing` (the time to close of the tickets
 * closed since `since`) and `weeks` (opened and closed per week, zero-filled from generate_series), then one row
 * per week with the time to close repeated.
 *
 * The weeks are summed over a UNION ALL rather than joined to grouped subqueries: such a join makes the planner
 * expect millions of rows (and switch JIT compilation on) for a 12-row answer. The weeks' starts as moments (13:
 * the last one ends the 12th week) number each ticket's week with width_bucket, which costs less than moving every
 * ticket's time into the zone.
 */
function weeksAndClosing(p: Placeholders, since: SQL, opened: SQL, extraColumns: SQL = sql``): SQL {
  const { firstLocal, from, until } = weekRange(p);
  return sql`
    closing as (
      select count(*)::int as count,
        coalesce(avg(hours), 0)::float8 as mean_hours,
        coalesce(percentile_cont(0.5) within group (order by hours), 0)::float8 as median_hours
      from (
        select greatest(extract(epoch from (closed_at - created_at)), 0)::float8 / 3600 as hours
        from closed_recently
        where closed_at >= ${since}
      ) as closed_tickets
    ),
    bounds as (
      select array(
        select (${firstLocal} + n * interval '1 week') at time zone ${p.timeZone}
        from generate_series(0, ${DASHBOARD_WEEKS}) as n
      ) as starts
    ),
    events as (
      select week, 0 as opened, 0 as closed from generate_series(1, ${DASHBOARD_WEEKS}) as week
      union all
      select width_bucket(created_at, (select starts from bounds)), 1, 0
      from (${opened}) as opened
      where created_at >= ${from} and created_at < ${until}
      union all
      select width_bucket(closed_at, (select starts from bounds)), 0, 1
      from closed_recently
      where closed_at >= ${from} and closed_at < ${until}
    ),
    weeks as (
      select week, sum(opened)::int as opened, sum(closed)::int as closed from events group by week
    )
    select to_char(${firstLocal} + (weeks.week - 1) * interval '1 week', 'YYYY-MM-DD') as week_start,
      weeks.opened, weeks.closed, closing.count, closing.mean_hours, closing.median_hours${extraColumns}
    from weeks cross join closing
    order by weeks.week`;
}

/** The weeks and the time to close of a statement's rows (`weeksAndClosing`). */
function weeksAndClosingOf(rows: (WeekRow & TimeToClose)[]): { weeks: WeekRow[]; timeToClose: TimeToClose } {
  const first = rows[0];
  return {
    weeks: rows.map((row) => ({
      week_start: String(row.week_start),
      opened: Number(row.opened),
      closed: Number(row.closed),
    })),
    timeToClose: {
      count: Number(first?.count ?? 0),
      mean_hours: Number(first?.mean_hours ?? 0),
      median_hours: Number(first?.median_hours ?? 0),
    },
  };
}

/**
 * Opened and closed per week, DASHBOARD_WEEKS weeks from the Monday `firstWeek` (00:00 in its zone), and the mean
 * and median hours from created_at to closed_at of the tickets closed since `closedSince` (zeros when none). The
 * recently closed tickets are read once (materialized) for the weeks' closings and the time to close; the opened
 * ones straight from created_at's index. Closed counts tickets that are closed now (reopening clears closed_at).
 */
export async function activity(
  db: Db,
  actor: Actor,
  window: DashboardWeeks,
  closedSince: Date,
): Promise<{ weeks: WeekRow[]; timeToClose: TimeToClose }> {
  const viewer = viewerShape(actor);
  const { rows } = await shaped(db, 'dashboard_activity', viewer.shape, (db, shape, p) => {
    const { from, until } = weekRange(p);
    const since = closedSinceOf(p);
    const visible = dashboardScope(shape, p);
    const opened = sql`select ${tickets.createdAt} as created_at from ${tickets}
    where ${tickets.createdAt} >= ${from} and ${tickets.createdAt} < ${until} and ${visible}`;
    return written<ActivityRow>(
      db,
      sql`
    with closed_recently as materialized (
      select ${tickets.createdAt} as created_at, ${tickets.closedAt} as closed_at
      from ${tickets}
      where ${tickets.closedAt} >= least(${from}, ${since}) and ${isClosed} and ${visible}
    ),
    ${weeksAndClosing(p, since, opened)}
  `,
    );
  }).execute(windowValues(viewer.values, window, closedSince));
  return weeksAndClosingOf(rows);
}

export interface OldestOpenRow extends Record<string, unknown> {
  id: number;
  title: string;
  status: number;
  property_name: string;
  created_at: string | Date;
}

/**
 * The oldest open tickets: one `status = k ORDER BY created_at LIMIT n` per open status (each an ordered
 * read of tickets_status_created_at_idx when the scope is wide), merged, then their property names.
 */
export async function oldestOpen(db: Db, actor: Actor): Promise<OldestOpenRow[]> {
  const viewer = viewerShape(actor);
  const { rows } = await shaped(db, 'dashboard_oldest_open', viewer.shape, (db, shape, p) => {
    const limit = DASHBOARD_OLDEST_OPEN;
    const visible = dashboardScope(shape, p);
    const branches = Array.from(
      { length: FIRST_CLOSED_STATUS },
      (_, status) => sql`(
      select ${tickets.id} as id, ${tickets.title} as title, ${tickets.status} as status,
        ${tickets.propertyId} as property_id, ${tickets.createdAt} as created_at
      from ${tickets}
      where ${tickets.status} = ${status} and ${visible}
      order by ${tickets.createdAt} asc, ${tickets.id} asc
      limit ${limit}
    )`,
    );
    return written<OldestOpenRow>(
      db,
      sql`
    select oldest.id, oldest.title, oldest.status::int as status, properties.name as property_name,
      oldest.created_at
    from (
      ${sql.join(branches, sql` union all `)}
      order by created_at asc, id asc
      limit ${limit}
    ) as oldest
    join properties on properties.id = oldest.property_id
    order by oldest.created_at asc, oldest.id asc
  `,
    );
  }).execute(viewer.values);
  return rows;
}

// ---------------------------------------------------------------------------------------------------------
// A narrow scope (a manager's, a tenant's, a contractor's): every figure in one pass over its tickets

/** The most tickets a scope may hold for its figures to come from one pass over them (`narrowFigures`). */
export const NARROW_SCOPE_LIMIT = 5_000;

export interface DashboardFigures {
  statusCounts: { status: number; count: number }[];
  byProperty: { propertyId: number; propertyName: string; count: number }[];
  weeks: WeekRow[];
  timeToClose: TimeToClose;
  oldest: OldestOpenRow[];
  /** The due figures (issue 26), when the same pass counted them (a narrow scope). */
  due?: DueRows;
}

/** The due figures as the statements count them (dashboard/due.ts answers them). */
export interface DueRows {
  overdue: number;
  dueSoon: number;
  /** Per month: its number (1 to DASHBOARD_TARGET_MONTHS), Completed tickets, those Completed in target. */
  months: MonthRow[];
}

export interface MonthRow {
  month: number;
  resolved: number;
  inTarget: number;
}

/** The moments the due figures are counted at: now, now plus DUE_SOON_HOURS, and the months' bounds (ISO). */
export interface DueWindow {
  now: Date;
  soon: Date;
  since: Date;
  /** The first moment of each month shown and of the month after, as an SQL array literal. */
  bounds: string;
}

interface NarrowRow extends WeekRow, TimeToClose, Record<string, unknown> {
  scope_size: number;
  status_counts: { status: number; count: number }[] | null;
  by_property: { propertyId: number; propertyName: string; count: number }[] | null;
  oldest: OldestOpenRow[] | null;
  due_overdue: number | null;
  due_soon: number | null;
  due_months: [number, number, number][] | null;
}

/**
 * Every figure of the dashboard from the viewer's tickets read once (materialized, at most `limit` + 1 of them, by the
 * scope's own index): counts per status, open tickets per property, the weeks, the time to close and the oldest open
 * tickets, in one statement that is prepared like any other. The per-figure statements had to be planned on every
 * call (a generic plan walked the whole portfolio's date index for a landlord's few tickets), and planning them cost
 * more than running them. Null when the scope holds more than `limit` tickets: the caller counts figure by figure.
 */
export async function narrowFigures(
  db: Db,
  actor: Actor,
  window: DashboardWeeks,
  closedSince: Date,
  due: DueWindow,
  limit = NARROW_SCOPE_LIMIT,
): Promise<DashboardFigures | null> {
  const viewer = viewerShape(actor);
  const shape = Object.assign({}, viewer.shape, { limit });
  const { rows } = await shaped(db, 'dashboard_narrow', shape, narrowStatement).execute(
    Object.assign(windowValues(viewer.values, window, closedSince), dueValues(due)),
  );
  const [first] = rows;
  if (!first || Number(first.scope_size) > limit) return null;
  return {
    statusCounts: first.status_counts ?? [],
    byProperty: first.by_property ?? [],
    oldest: first.oldest ?? [],
    ...weeksAndClosingOf(rows),
    due: {
      overdue: Number(first.due_overdue ?? 0),
      dueSoon: Number(first.due_soon ?? 0),
      months: (first.due_months ?? []).map(([month, resolved, inTarget]) => ({ month, resolved, inTarget })),
    },
  };
}

/** The due window's placeholders' values. */
export const dueValues = (due: DueWindow) => ({
  dueNow: due.now.toISOString(),
  dueSoon: due.soon.toISOString(),
  monthsSince: due.since.toISOString(),
  monthBounds: due.bounds,
});

/** `narrowFigures`' statement: the viewer's tickets, at most `limit` + 1 of them, and every figure from them. */
function narrowStatement(db: Db, shape: ViewerShape & { limit: number }, p: Placeholders) {
  const { from } = weekRange(p);
  const since = closedSinceOf(p);
  const open = sql.raw(String(FIRST_CLOSED_STATUS));
  const figures = sql`,
      (select count(*)::int from scope) as scope_size,
      case when weeks.week = 1 then (
        select json_agg(per_status) from (select status, count(*)::int as count from scope group by status) as per_status
      ) end as status_counts,
      case when weeks.week = 1 then (
        select json_agg(top_properties order by top_properties.count desc, "propertyName", "propertyId") from top_properties
      ) end as by_property,
      case when weeks.week = 1 then (
        select json_agg(oldest order by oldest.created_at, oldest.id) from oldest
      ) end as oldest,
      case when weeks.week = 1 then (
        select count(*)::int from scope where due_at <= ${p.dueNow}::timestamptz
      ) end as due_overdue,
      case when weeks.week = 1 then (
        select count(*)::int from scope
        where due_at > ${p.dueNow}::timestamptz and due_at <= ${p.dueSoon}::timestamptz
      ) end as due_soon,
      case when weeks.week = 1 then (
        select json_agg(json_build_array(per_month.month, per_month.resolved, per_month.in_target)) from (
          select width_bucket(closed_at, ${p.monthBounds}::timestamptz[]) as month, count(*)::int as resolved,
            (count(*) filter (where closed_at <= resolve_by))::int as in_target
          from scope where status = ${sql.raw(String(STATUS.completed))} and closed_at >= ${p.monthsSince}::timestamptz
          group by 1
        ) as per_month
      ) end as due_months`;
  return written<NarrowRow>(
    db,
    sql`
    with scope as materialized (
      select ${tickets.id} as id, ${tickets.title} as title, ${tickets.status}::int as status,
        ${tickets.propertyId} as property_id, ${tickets.createdAt} as created_at, ${tickets.closedAt} as closed_at,
        ${tickets.dueAt} as due_at, ${tickets.resolveBy} as resolve_by
      from ${tickets}
      where ${visibleTickets(viewerIn(shape, p))}
      limit ${sql.raw(String(shape.limit + 1))}
    ),
    closed_recently as (
      select created_at, closed_at from scope where closed_at >= least(${from}, ${since}) and status >= ${open}
    ),
    top_properties as (
      select ${properties.id} as "propertyId", ${properties.name} as "propertyName", open_counts.count
      from (select property_id, count(*)::int as count from scope where status < ${open} group by property_id) as open_counts
      join ${properties} on ${properties.id} = open_counts.property_id
      order by open_counts.count desc, ${properties.name} asc, ${properties.id} asc
      limit ${sql.raw(String(DASHBOARD_TOP_PROPERTIES))}
    ),
    oldest as (
      select scope.id, scope.title, scope.status, ${properties.name} as property_name, scope.created_at
      from scope join ${properties} on ${properties.id} = scope.property_id
      where scope.status < ${open}
      order by scope.created_at asc, scope.id asc
      limit ${sql.raw(String(DASHBOARD_OLDEST_OPEN))}
    ),
    ${weeksAndClosing(p, since, sql`select created_at from scope`, figures)}
  `,
  );
}

/**
 * The scope the dashboard's ticket reads run over, the viewer's ids as placeholders. Planned per call (ADR 0020):
 * with a cached generic plan a manager's dashboard was many times slower from the sixth load on a connection. Every
 * ticket (the super admin's) has no value to plan with, and is prepared.
 */
function dashboardScope(shape: ViewerShape, p: Placeholders): SQL {
  const viewer = viewerIn(shape, p);
  const visible = visibleTickets(viewer);
  return ticketScope(viewer) === 'all' ? visible : planPerCall(visible);
}

/** Whether the actor's figures per status and property are read from ticket_counts (scopes of whole properties). */
function countsWholeProperties(actor: Actor): boolean {
  return visibleWholeProperties(actor, ticketCounts.propertyId) !== null;
}

// ---------------------------------------------------------------------------------------------------------
// The whole portfolio (the super admin's dashboard), from the figures the triggers keep (migration 0012, ADR 0023)

/** Tickets per status, every one of them. */
export function portfolioCountByStatus(db: Db): Promise<{ status: number; count: number }[]> {
  const query = reusable(db, 'portfolio_count_by_status', (db, name) =>
    db
      .select({ status: portfolioTicketCounts.status, count: portfolioTicketCounts.tickets })
      .from(portfolioTicketCounts)
      .prepare(name),
  );
  return query.execute();
}

/**
 * The properties with the most open tickets, ties by name: those with at least as many as the DASHBOARD_TOP_PROPERTIES-th
 * one (read from the index of the counts), then sorted by count and name.
 */
export function portfolioOpenByProperty(
  db: Db,
): Promise<{ propertyId: number; propertyName: string; count: number }[]> {
  const query = reusable(db, 'portfolio_open_by_property', (db, name) => {
    const least = sql`coalesce((select ${propertyOpenTickets.tickets} from ${propertyOpenTickets} where ${propertyOpenTickets.tickets} > 0 order by ${propertyOpenTickets.tickets} desc offset ${sql.raw(String(DASHBOARD_TOP_PROPERTIES - 1))} limit 1), 1)`;
    return db
      .select({
        propertyId: properties.id,
        propertyName: properties.name,
        count: propertyOpenTickets.tickets,
      })
      .from(propertyOpenTickets)
      .innerJoin(properties, eq(properties.id, propertyOpenTickets.propertyId))
      .where(and(gt(propertyOpenTickets.tickets, 0), gte(propertyOpenTickets.tickets, least)))
      .orderBy(desc(propertyOpenTickets.tickets), asc(properties.name), asc(properties.id))
      .limit(DASHBOARD_TOP_PROPERTIES)
      .prepare(name);
  });
  return query.execute();
}

/**
 * Opened and closed per week of the viewer's zone, summed from the UTC hours: an hour lies in one week when every
 * week starts on a whole UTC hour. `wholeHours` false: the zone's offset has minutes (India, Nepal, Newfoundland),
 * and the caller counts from the tickets instead (`activity`).
 */
export async function portfolioWeeks(
  db: Db,
  window: DashboardWeeks,
): Promise<{ weeks: WeekRow[]; wholeHours: boolean }> {
  const { rows } = await shaped(db, 'portfolio_weeks', {}, portfolioWeeksStatement).execute(
    windowValues({}, window),
  );
  return {
    weeks: rows.map((row) => ({
      week_start: String(row.week_start),
      opened: Number(row.opened),
      closed: Number(row.closed),
    })),
    wholeHours: rows.every((row) => row.whole_hours),
  };
}

function portfolioWeeksStatement(db: Db, _shape: unknown, p: Placeholders) {
  const firstLocal = sql`${p.firstWeek}::timestamp`;
  const timeZone = p.timeZone;
  const weeks = sql.raw(String(DASHBOARD_WEEKS));
  return written<WeekRow & { whole_hours: boolean } & Record<string, unknown>>(
    db,
    sql`
    with bounds as (
      select array(
        select (${firstLocal} + n * interval '1 week') at time zone ${timeZone}
        from generate_series(0, ${weeks}) as n
      ) as starts
    )
    select to_char(${firstLocal} + (week - 1) * interval '1 week', 'YYYY-MM-DD') as week_start,
      coalesce(sums.opened, 0)::int as opened, coalesce(sums.closed, 0)::int as closed,
      (select bool_and(start = date_trunc('hour', start, 'UTC')) from bounds, unnest(starts) as start) as whole_hours
    from bounds
    cross join generate_series(1, ${weeks}) as week
    -- Each week's hours by a range of the primary key, which holds the figures (no table reads, no sort).
    cross join lateral (
      select sum(opened) as opened, sum(closed) as closed
      from ${portfolioTicketHours}
      where hour >= bounds.starts[week] and hour < bounds.starts[week + 1]
    ) as sums
    order by week
  `,
  );
}

/**
 * The time to close of the tickets closed since `closedSince`, from portfolio_closings: the whole UTC weeks after the
 * one it falls in, the whole days of that week after its own day, and that day's closings from the tickets
 * themselves (by tickets_closed_at_idx). The count and mean are exact; the median is placed inside its bin on the
 * bins' scale (`closing_bin`, migration 0012), less than one bin's width (9%) from the exact one.
 */
export async function portfolioTimeToClose(db: Db, closedSince: Date): Promise<TimeToClose> {
  const { rows } = await shaped(db, 'portfolio_time_to_close', {}, portfolioTimeToCloseStatement).execute({
    closedSince: closedSince.toISOString(),
  });
  const [row] = rows;
  return {
    count: Number(row?.count ?? 0),
    mean_hours: Number(row?.mean_hours ?? 0),
    median_hours: Number(row?.median_hours ?? 0),
  };
}

function portfolioTimeToCloseStatement(db: Db, _shape: unknown, p: Placeholders) {
  const since = closedSinceOf(p);
  return written<TimeToClose & Record<string, unknown>>(
    db,
    sql`
    with window_start as (
      select (${since} at time zone 'UTC')::date as day, date_trunc('week', ${since} at time zone 'UTC')::date as week
    ),
    closings as (
      select bin, tickets, seconds from ${portfolioClosings}
      where span = 7 and starts > (select week from window_start)
      union all
      select bin, tickets, seconds from ${portfolioClosings}
      where span = 1 and starts > (select day from window_start) and starts < (select week from window_start) + 7
      union all
      select closing_bin(seconds), 1, seconds from (
        select ticket_close_seconds(${tickets.createdAt}, ${tickets.closedAt}) as seconds
        from ${tickets}
        where ${tickets.closedAt} >= ${since}
          and ${tickets.closedAt} < ((select day from window_start) + 1)::timestamp at time zone 'UTC'
          and ${isClosed}
      ) as first_day
    ),
    bins as (
      select bin, sum(tickets) as tickets, sum(seconds) as seconds from closings group by bin having sum(tickets) > 0
    ),
    totals as (select coalesce(sum(tickets), 0)::bigint as tickets, coalesce(sum(seconds), 0) as seconds from bins),
    placed as (select bin, tickets, sum(tickets) over (order by bin) - tickets as before from bins),
    -- The median's ranks (1 = the shortest), as percentile_cont takes them: the middle one, or the two middle ones.
    ranks as (
      select unnest(case when tickets % 2 = 0 then array[tickets / 2, tickets / 2 + 1] else array[(tickets + 1) / 2] end)
        as rank
      from totals where tickets > 0
    )
    select totals.tickets::int as count,
      (case when totals.tickets > 0 then totals.seconds / totals.tickets / 3600 else 0 end)::float8 as mean_hours,
      -- A rank's value: its bin's tickets spread evenly over the bin on the bins' scale, each at its own middle.
      coalesce((
        select avg(closing_bin_hours(placed.bin + (ranks.rank - placed.before - 0.5) / placed.tickets))
        from ranks join placed on placed.before < ranks.rank and placed.before + placed.tickets >= ranks.rank
      ), 0)::float8 as median_hours
    from totals
  `,
  );
}

// ---------------------------------------------------------------------------------------------------------
// Ratings (issue 25), from the totals the sign-offs' trigger keeps (migration 0024)

/**
 * How many ratings the actor's repairs got and their sum: the whole portfolio's (a row per landlord), a manager's
 * landlord's, a contractor's own. Tenants give ratings and see none of them (`dashboard.viewRatings`).
 */
export async function ratingTotals(db: Db, actor: Actor): Promise<{ count: number; sum: number }> {
  const scope = ticketScope(actor);
  if (scope === 'unit') return { count: 0, sum: 0 };
  const table = scope === 'routed' ? contractorRatings : landlordRatings;
  const query = reusable(db, `rating_totals_${scope}`, (db, name) =>
    db
      .select({
        count: sql<number>`coalesce(sum(${table.ratings}), 0)::int`,
        sum: sql<number>`coalesce(sum(${table.ratingSum}), 0)::int`,
      })
      .from(table)
      .where(
        scope === 'all'
          ? undefined
          : scope === 'landlord'
            ? eq(landlordRatings.landlordId, sql.placeholder('id'))
            : eq(contractorRatings.contractorId, sql.placeholder('id')),
      )
      .prepare(name),
  );
  const [row] = await query.execute({ id: scope === 'landlord' ? (actor.landlordId ?? 0) : actor.id });
  return row ?? { count: 0, sum: 0 };
}
