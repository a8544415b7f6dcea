/**
 * The dashboard's due figures (issue 26) over the tickets the viewer sees: how many open tickets are past their next
 * due time now, how many will be within DUE_SOON_HOURS, and per month of the viewer's zone the share of Completed
 * tickets that were Completed by their resolution due time. The whole portfolio's come from the figures the triggers
 * keep per UTC hour (portfolio_due_hours, portfolio_resolution_hours; migration 0026, ADR 0034); a narrower scope's
 * from its own tickets. Tenants are not shown due times: null.
 */
import {
  type Actor,
  type ApiDashboardDue,
  DASHBOARD_TARGET_MONTHS,
  DUE_SOON_HOURS,
  keptUpTo,
  STATUS,
  startOfZonedDay,
  ticketScope,
} from '@mend/shared';
import dayjs from 'dayjs';
import { type AnyColumn, and, gte, isNotNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { reusable } from '../../db/reusable';
import { portfolioDueHours, portfolioResolutionHours, tickets } from '../../db/schema';
import { visibleTickets } from '../tickets/queries';
import { wallClockAt } from '../tickets/time-zones';
import { type DueRows, type DueWindow, dueValues, type MonthRow } from './queries';

const HOUR_MS = 60 * 60 * 1000;

/** The months a dashboard shows in a zone, and their bounds. */
export interface TargetMonths {
  /** `YYYY-MM`, oldest first, the current one last. */
  months: string[];
  /** The first moment of the first month. */
  since: Date;
  /** The first moment of each month and of the month after, ISO, as width_bucket reads them (an SQL array). */
  bounds: string;
  /** Every bound is a whole UTC hour: each hour of the portfolio's figures lies in one month. */
  wholeHours: boolean;
}

/** The months of each zone (a viewer names its zone: many spellings could be sent, so a bounded number). */
const keptMonths = keptUpTo<TargetMonths>(1000);

/**
 * The months shown in `zone` at `now`, computed once per zone and month (dayjs's zone conversions cost more than the
 * figures' statements).
 */
export function targetMonths(now: Date, zone: string): TargetMonths {
  const currentMonth = wallClockAt(now, zone).date.slice(0, 7);
  return keptMonths(`${zone} ${currentMonth}`, () => {
    const current = dayjs.utc(`${currentMonth}-01`);
    const months = Array.from({ length: DASHBOARD_TARGET_MONTHS }, (_, index) =>
      current.subtract(DASHBOARD_TARGET_MONTHS - 1 - index, 'month').format('YYYY-MM'),
    );
    const starts = [...months, current.add(1, 'month').format('YYYY-MM')].map((month) =>
      startOfZonedDay(`${month}-01`, zone),
    );
    return {
      months,
      since: new Date(starts[0] * 1000),
      bounds: `{${starts.map((start) => new Date(start * 1000).toISOString()).join(',')}}`,
      wholeHours: starts.every((start) => start % 3600 === 0),
    };
  });
}

/** The moments a dashboard's due figures are counted at (`now`, its zone's months). */
export function dueWindow(now: Date, zone: string): DueWindow & { months: string[]; wholeHours: boolean } {
  const { months, since, bounds, wholeHours } = targetMonths(now, zone);
  return { now, soon: new Date(now.getTime() + DUE_SOON_HOURS * HOUR_MS), since, bounds, months, wholeHours };
}

/** The API's due figures from the counted ones. */
export function dueAnswer(rows: DueRows, months: string[]): ApiDashboardDue {
  const byMonth = new Map(rows.months.map((row) => [Number(row.month), row]));
  return {
    overdue: rows.overdue,
    due_soon: rows.dueSoon,
    months: months.map((month, index) => ({
      month,
      resolved: Number(byMonth.get(index + 1)?.resolved ?? 0),
      in_target: Number(byMonth.get(index + 1)?.inTarget ?? 0),
    })),
  };
}

const monthColumns = (closedAt: SQL | AnyColumn, resolved: SQL<number>, inTarget: SQL<number>) => ({
  month: sql<number>`width_bucket(${closedAt}, ${sql.placeholder('monthBounds')}::timestamptz[])`,
  resolved,
  inTarget,
});

/**
 * The months of a wide scope's own Completed tickets (more than a narrow pass holds): planned per call, as the
 * dashboard's other wide reads (ADR 0020); the whole portfolio's (in a zone whose months do not start on whole UTC
 * hours) prepared, having no viewer to plan for.
 */
async function monthsOfTickets(db: Db, actor: Actor | null, window: DueWindow): Promise<MonthRow[]> {
  const statement = (db: Db) =>
    db
      .select(
        monthColumns(
          tickets.closedAt,
          sql<number>`count(*)::int`,
          sql<number>`(count(*) filter (where ${tickets.closedAt} <= ${tickets.resolveBy}))::int`,
        ),
      )
      .from(tickets)
      .where(
        and(
          sql`${tickets.status} = ${sql.raw(String(STATUS.completed))}`,
          sql`${tickets.closedAt} >= ${sql.placeholder('monthsSince')}::timestamptz`,
          actor ? visibleTickets(actor) : undefined,
        ),
      )
      .groupBy(sql`1`);
  if (actor) return statement(db).execute(dueValues(window));
  const query = reusable(db, 'portfolio_target_months_by_ticket', (db, name) => statement(db).prepare(name));
  return query.execute(dueValues(window));
}

/** A wide scope's open tickets overdue and due soon, counted from their own `due_at`. */
async function countsOfTickets(db: Db, actor: Actor, window: DueWindow) {
  const [row] = await db
    .select({
      overdue: sql<number>`(count(*) filter (where ${tickets.dueAt} <= ${window.now.toISOString()}::timestamptz))::int`,
      dueSoon: sql<number>`(count(*) filter (where ${tickets.dueAt} > ${window.now.toISOString()}::timestamptz))::int`,
    })
    .from(tickets)
    .where(and(isNotNull(tickets.dueAt), lte(tickets.dueAt, window.soon), visibleTickets(actor)));
  return row ?? { overdue: 0, dueSoon: 0 };
}

/** The portfolio's months, from the figures its triggers keep per UTC hour of closing (prepared). */
function monthsOfPortfolio(db: Db, window: DueWindow): Promise<MonthRow[]> {
  const query = reusable(db, 'portfolio_target_months', (db, name) =>
    db
      .select(
        monthColumns(
          portfolioResolutionHours.hour,
          sql<number>`sum(${portfolioResolutionHours.resolved})::int`,
          sql<number>`sum(${portfolioResolutionHours.inTarget})::int`,
        ),
      )
      .from(portfolioResolutionHours)
      .where(gte(portfolioResolutionHours.hour, sql`${sql.placeholder('monthsSince')}::timestamptz`))
      .groupBy(sql`1`)
      .prepare(name),
  );
  return query.execute(dueValues(window));
}

/**
 * The portfolio's counts from its open tickets per UTC hour of their due time (portfolio_due_hours): the whole hours
 * before now's and before the soon moment's, and the tickets of those two hours themselves (a short range of the due
 * time index), rather than every late ticket of the portfolio (prepared).
 */
async function countsOfPortfolio(db: Db, window: DueWindow) {
  const at = (name: string) => sql`${sql.placeholder(name)}::timestamptz`;
  const upTo = (from: string, to: string) =>
    sql<number>`(select count(*) from ${tickets} where ${tickets.dueAt} >= ${at(from)} and ${tickets.dueAt} <= ${at(to)})::int`;
  const query = reusable(db, 'portfolio_due_counts', (db, name) =>
    db
      .select({
        beforeNow: sql<number>`coalesce(sum(${portfolioDueHours.tickets}) filter (where ${portfolioDueHours.hour} < ${at('nowHour')}), 0)::int`,
        beforeSoon: sql<number>`coalesce(sum(${portfolioDueHours.tickets}), 0)::int`,
        nowHourSoFar: upTo('nowHour', 'dueNow'),
        soonHourSoFar: upTo('soonHour', 'dueSoon'),
      })
      .from(portfolioDueHours)
      .where(lt(portfolioDueHours.hour, at('soonHour')))
      .prepare(name),
  );
  const hourOf = (moment: Date) => new Date(Math.floor(moment.getTime() / HOUR_MS) * HOUR_MS).toISOString();
  const [row] = await query.execute({
    ...dueValues(window),
    nowHour: hourOf(window.now),
    soonHour: hourOf(window.soon),
  });
  const overdue = (row?.beforeNow ?? 0) + (row?.nowHourSoFar ?? 0);
  const dueBySoon = (row?.beforeSoon ?? 0) + (row?.soonHourSoFar ?? 0);
  return { overdue, dueSoon: dueBySoon - overdue };
}

/** The due figures of a scope a narrow pass did not count: the portfolio's, or a wide one's. */
export async function dueFigures(
  db: Db,
  actor: Actor,
  window: ReturnType<typeof dueWindow>,
): Promise<ApiDashboardDue> {
  const portfolio = ticketScope(actor) === 'all';
  const [counts, months] = await Promise.all([
    portfolio ? countsOfPortfolio(db, window) : countsOfTickets(db, actor, window),
    portfolio
      ? window.wholeHours
        ? monthsOfPortfolio(db, window)
        : monthsOfTickets(db, null, window)
      : monthsOfTickets(db, actor, window),
  ]);
  return dueAnswer({ ...counts, months }, window.months);
}
