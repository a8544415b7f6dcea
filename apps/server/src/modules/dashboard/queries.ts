/**
 * The dashboard's figures, each counted by the database over `visibleTickets(actor)` (the one ticket
 * scope): only small results (a few counts, 12 weeks, 10 properties, 5 tickets) come back.
 *
 * Plans at scale (measured on PostgreSQL with 1,000,000 tickets):
 * - the counts per status and the open tickets per property of the super admin and of a manager read
 *   ticket_counts (a few rows per property, kept by triggers in every ticket write's transaction, migration
 *   0011); a tenant's and a contractor's are counted from their own tickets, through their indexed scope;
 * - the weeks read the tickets created in them from tickets_created_at_idx, and the weeks' closings and the time
 *   to close the recently closed tickets from tickets_closed_at_idx, each from the index alone (both INCLUDE
 *   the other columns they need): 77,000 and 49,000 index entries for the super admin;
 * - the oldest open tickets are a short ordered read per open status, stopped after 5 rows.
 * Four statements in all, run side by side.
 */
import {
  type Actor,
  DASHBOARD_OLDEST_OPEN,
  DASHBOARD_TOP_PROPERTIES,
  DASHBOARD_WEEKS,
  FIRST_CLOSED_STATUS,
} from '@mend/shared';
import { and, asc, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { planPerCall } from '../../db/prepared-statements';
import { properties, ticketCounts, tickets } from '../../db/schema';
import { visibleTickets, visibleWholeProperties } from '../tickets/queries';

const isOpen = lt(tickets.status, FIRST_CLOSED_STATUS);
const isClosed = gte(tickets.status, FIRST_CLOSED_STATUS);
const countInt = sql<number>`count(*)::int`;
const sumOfCounts = sql<number>`sum(${ticketCounts.tickets})::int`;

/** Tickets per status (every status that has any; from ticket_counts for scopes of whole properties). */
export async function countByStatus(db: Db, actor: Actor): Promise<{ status: number; count: number }[]> {
  const whole = countsScope(actor);
  if (whole) {
    return db
      .select({ status: ticketCounts.status, count: sumOfCounts })
      .from(ticketCounts)
      .where(whole)
      .groupBy(ticketCounts.status);
  }
  return db
    .select({ status: tickets.status, count: countInt })
    .from(tickets)
    .where(dashboardScope(actor))
    .groupBy(tickets.status);
}

/** Open tickets per property: counted per property_id first, then the top few joined to their names. */
export async function openByProperty(
  db: Db,
  actor: Actor,
): Promise<{ propertyId: number; propertyName: string; count: number }[]> {
  const whole = countsScope(actor);
  const counts = whole
    ? db
        .select({ propertyId: ticketCounts.propertyId, count: sumOfCounts.as('count') })
        .from(ticketCounts)
        .where(and(lt(ticketCounts.status, FIRST_CLOSED_STATUS), whole))
        .groupBy(ticketCounts.propertyId)
        .having(sql`sum(${ticketCounts.tickets}) > 0`)
        .as('counts')
    : db
        .select({ propertyId: tickets.propertyId, count: countInt.as('count') })
        .from(tickets)
        .where(and(isOpen, dashboardScope(actor)))
        .groupBy(tickets.propertyId)
        .as('counts');
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
 * Opened and closed per week, DASHBOARD_WEEKS weeks from the Monday `firstWeek` (00:00 in its zone), zero-filled
 * from generate_series; and the mean and median hours from created_at to closed_at of the tickets closed
 * since `closedSince` (zeros when none). The recently closed tickets are read once (materialized) for the weeks'
 * closings and the time to close; the opened ones straight from created_at's index. Closed counts tickets that
 * are closed now (reopening clears closed_at). Answers one row per week,
 * the time to close repeated on every row.
 *
 * The weeks are summed over a UNION ALL rather than joined to grouped subqueries: such a join makes the
 * planner expect millions of rows (and switch JIT compilation on) for a 12-row answer.
 */
export async function activity(
  db: Db,
  visible: SQL,
  { firstWeek, timeZone }: DashboardWeeks,
  closedSince: Date,
): Promise<{ weeks: WeekRow[]; timeToClose: TimeToClose }> {
  // The weeks as local times of the zone (timestamp), and the moments they start and end (timestamptz).
  const firstLocal = sql`${firstWeek}::timestamp`;
  const from = sql`(${firstLocal} at time zone ${timeZone})`;
  const until = sql`((${firstLocal} + ${DASHBOARD_WEEKS} * interval '1 week') at time zone ${timeZone})`;
  const since = closedSince.toISOString();
  const { rows } = await db.execute<ActivityRow>(sql`
    with closed_recently as materialized (
      select ${tickets.createdAt} as created_at, ${tickets.closedAt} as closed_at
      from ${tickets}
      where ${tickets.closedAt} >= least(${from}, ${since}::timestamptz) and ${isClosed} and ${visible}
    ),
    closing as (
      select count(*)::int as count,
        coalesce(avg(hours), 0)::float8 as mean_hours,
        coalesce(percentile_cont(0.5) within group (order by hours), 0)::float8 as median_hours
      from (
        select greatest(extract(epoch from (closed_at - created_at)), 0)::float8 / 3600 as hours
        from closed_recently
        where closed_at >= ${since}::timestamptz
      ) as closed_tickets
    ),
    -- The weeks' starts as moments (13: the last one ends the 12th week); width_bucket numbers each ticket's week
    -- from them, which costs less than moving every ticket's time into the zone.
    bounds as (
      select array(
        select (${firstLocal} + n * interval '1 week') at time zone ${timeZone}
        from generate_series(0, ${DASHBOARD_WEEKS}) as n
      ) as starts
    ),
    events as (
      select week, 0 as opened, 0 as closed from generate_series(1, ${DASHBOARD_WEEKS}) as week
      union all
      select width_bucket(${tickets.createdAt}, (select starts from bounds)), 1, 0
      from ${tickets}
      where ${tickets.createdAt} >= ${from} and ${tickets.createdAt} < ${until} and ${visible}
      union all
      select width_bucket(closed_at, (select starts from bounds)), 0, 1
      from closed_recently
      where closed_at >= ${from} and closed_at < ${until}
    ),
    weeks as (
      select week, sum(opened)::int as opened, sum(closed)::int as closed
      from events
      group by week
    )
    select to_char(${firstLocal} + (weeks.week - 1) * interval '1 week', 'YYYY-MM-DD') as week_start,
      weeks.opened, weeks.closed, closing.count, closing.mean_hours, closing.median_hours
    from weeks cross join closing
    order by weeks.week
  `);
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
export async function oldestOpen(db: Db, visible: SQL): Promise<OldestOpenRow[]> {
  const limit = DASHBOARD_OLDEST_OPEN;
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
  const { rows } = await db.execute<OldestOpenRow>(sql`
    select oldest.id, oldest.title, oldest.status::int as status, properties.name as property_name,
      oldest.created_at
    from (
      ${sql.join(branches, sql` union all `)}
      order by created_at asc, id asc
      limit ${limit}
    ) as oldest
    join properties on properties.id = oldest.property_id
    order by oldest.created_at asc, oldest.id asc
  `);
  return rows;
}

/**
 * The scope the dashboard's ticket reads run over. Planned per call: with a cached generic plan a manager's
 * dashboard took 820 ms instead of 9 from the sixth load on a connection.
 */
export function dashboardScope(actor: Actor): SQL {
  return planPerCall(visibleTickets(actor));
}

/** The scope of its ticket_counts reads, planned per call likewise; null for the scopes counted from tickets. */
function countsScope(actor: Actor): SQL | null {
  const whole = visibleWholeProperties(actor, ticketCounts.propertyId);
  return whole && planPerCall(whole);
}
