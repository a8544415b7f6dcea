/**
 * The dashboard's figures, each counted by the database over `visibleTickets(actor)` (the one ticket
 * scope): only small results (a few counts, 12 weeks, 10 properties, 5 tickets) come back.
 *
 * Plans at scale (measured on PostgreSQL with 1,000,000 tickets):
 * - the scope is an indexed `IN (subquery)` on unit_id (tenant), ticket_recipients (contractor) or the
 *   landlord's property ids (manager): a tenant's or contractor's dashboard reads only its own tickets, in
 *   every statement (no statement offers the planner a better index than the scope's);
 * - opened/closed per week and time to close come from ONE read of the scope's recent tickets (created in
 *   the 12 weeks, or closed since the earlier of the 12 weeks and the 90 days), materialized once;
 * - the oldest open tickets are a short ordered read per open status, stopped after 5 rows;
 * - wide scopes (super admin, large landlords) pay one pass for the counts per status and one for the
 *   recent tickets: there is no index on closed_at (a partial one, `WHERE closed_at IS NOT NULL`, would
 *   turn the second into an index read). Four statements in all, run side by side.
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
import { properties, tickets } from '../../db/schema';
import { visibleTickets } from '../tickets/queries';

const isOpen = lt(tickets.status, FIRST_CLOSED_STATUS);
const isClosed = gte(tickets.status, FIRST_CLOSED_STATUS);
const countInt = sql<number>`count(*)::int`;

/** Tickets per status (every status that has any). */
export async function countByStatus(db: Db, visible: SQL): Promise<{ status: number; count: number }[]> {
  return db
    .select({ status: tickets.status, count: countInt })
    .from(tickets)
    .where(visible)
    .groupBy(tickets.status);
}

/** Open tickets per property: counted per property_id first, then the top few joined to their names. */
export async function openByProperty(
  db: Db,
  visible: SQL,
): Promise<{ propertyId: number; propertyName: string; count: number }[]> {
  const counts = db
    .select({ propertyId: tickets.propertyId, count: countInt.as('count') })
    .from(tickets)
    .where(and(isOpen, visible))
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
 * since `closedSince` (zeros when none). One materialized read of the scope's recent tickets serves all of
 * it. Closed counts tickets that are closed now (reopening clears closed_at). Answers one row per week,
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
  const lastLocal = sql`(${firstLocal} + ${DASHBOARD_WEEKS - 1} * interval '1 week')`;
  const from = sql`(${firstLocal} at time zone ${timeZone})`;
  const until = sql`((${firstLocal} + ${DASHBOARD_WEEKS} * interval '1 week') at time zone ${timeZone})`;
  const since = closedSince.toISOString();
  const { rows } = await db.execute<ActivityRow>(sql`
    with recent as materialized (
      select ${tickets.createdAt} as created_at, ${tickets.closedAt} as closed_at,
        ${isClosed} as is_closed
      from ${tickets}
      where (
          ${tickets.createdAt} >= ${from}
          or (${tickets.closedAt} >= least(${from}, ${since}::timestamptz) and ${isClosed})
        )
        and ${visible}
    ),
    closing as (
      select count(*)::int as count,
        coalesce(avg(hours), 0)::float8 as mean_hours,
        coalesce(percentile_cont(0.5) within group (order by hours), 0)::float8 as median_hours
      from (
        select greatest(extract(epoch from (closed_at - created_at)), 0)::float8 / 3600 as hours
        from recent
        where is_closed and closed_at >= ${since}::timestamptz
      ) as closed_tickets
    ),
    events as (
      select generate_series(${firstLocal}, ${lastLocal}, interval '1 week') as week_start,
        0 as opened, 0 as closed
      union all
      select date_trunc('week', created_at at time zone ${timeZone}), 1, 0
      from recent
      where created_at >= ${from} and created_at < ${until}
      union all
      select date_trunc('week', closed_at at time zone ${timeZone}), 0, 1
      from recent
      where is_closed and closed_at >= ${from} and closed_at < ${until}
    ),
    weeks as (
      select week_start, sum(opened)::int as opened, sum(closed)::int as closed
      from events
      group by week_start
    )
    select to_char(weeks.week_start, 'YYYY-MM-DD') as week_start, weeks.opened, weeks.closed,
      closing.count, closing.mean_hours, closing.median_hours
    from weeks cross join closing
    order by weeks.week_start
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
 * The scope every dashboard query runs over. Planned per call: with a cached generic plan a manager's
 * dashboard took 820 ms instead of 9 from the sixth load on a connection.
 */
export function dashboardScope(actor: Actor): SQL {
  return planPerCall(visibleTickets(actor));
}
