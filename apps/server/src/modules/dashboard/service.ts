/**
 * The dashboard (DESIGN.md "Dashboard `/`"): open tickets by status and property, opened and closed per
 * week, time to close and the oldest open tickets, over the tickets the actor may see. Any signed-in user
 * has one; the scope decides what it counts.
 */
import {
  type Actor,
  type ApiDashboard,
  can,
  DASHBOARD_CLOSE_WINDOW_DAYS,
  DASHBOARD_WEEKS,
  FIRST_CLOSED_STATUS,
  ratingSummary,
  statusText,
  TICKET_STATUSES,
  ticketScope,
  visibleId,
} from '@mend/shared';
import type { Db } from '../../db/client';
import { ticketPath } from '../tickets/serialize';
import { dueAnswer, dueFigures, dueWindow } from './due';
import { moneyFigures } from './money';
import {
  activity,
  countByStatus,
  type DashboardFigures,
  type DashboardWeeks,
  NARROW_SCOPE_LIMIT,
  narrowFigures,
  oldestOpen,
  openByProperty,
  portfolioCountByStatus,
  portfolioOpenByProperty,
  portfolioTimeToClose,
  portfolioWeeks,
  ratingTotals,
} from './queries';

const DAY_MS = 24 * 60 * 60 * 1000;

/** `YYYY-MM-DD` of a day counted as a UTC midnight. */
const isoDay = (midnight: number) => new Date(midnight).toISOString().slice(0, 10);

/** The date (`YYYY-MM-DD`) of the Monday of the week `date` falls in, on the calendar of `zone`. */
export function weekStartIn(date: Date, zone: string): string {
  const [year, month, day] = dayFormatIn(zone).format(date).split('-').map(Number);
  const midnight = Date.UTC(year, month - 1, day);
  const sinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
  return isoDay(midnight - sinceMonday * DAY_MS);
}

/** How many zones' formatters are kept (zone names are case-insensitive: a caller could send many spellings). */
const KEPT_FORMATS = 1000;
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** A formatter of dates as YYYY-MM-DD (en-CA's way) in `zone`, built once per zone: building one cost more than a
 * tenant's whole dashboard statement. */
function dayFormatIn(zone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    if (dayFormats.size < KEPT_FORMATS) dayFormats.set(zone, format);
  }
  return format;
}

/** The Monday (`YYYY-MM-DD` in `zone`) the dashboard's weeks start on: DASHBOARD_WEEKS weeks ending with the current one. */
export function firstDashboardWeek(now: Date, zone: string): string {
  const monday = Date.parse(`${weekStartIn(now, zone)}T00:00:00Z`);
  return isoDay(monday - (DASHBOARD_WEEKS - 1) * 7 * DAY_MS);
}

/** Hours rounded to 2 decimals (what the API answers). */
function roundHours(hours: number): number {
  return Math.round(Number(hours) * 100) / 100;
}

/**
 * The whole portfolio's weeks and time to close from the figures the triggers keep (ADR 0023); the weeks of a zone
 * whose offset has minutes are counted from the tickets.
 */
async function portfolioActivity(db: Db, actor: Actor, window: DashboardWeeks, closedSince: Date) {
  const [{ weeks, wholeHours }, timeToClose] = await Promise.all([
    portfolioWeeks(db, window),
    portfolioTimeToClose(db, closedSince),
  ]);
  if (wholeHours) return { weeks, timeToClose };
  return { weeks: (await activity(db, actor, window, closedSince)).weeks, timeToClose };
}

/**
 * The actor's dashboard. A narrow scope's figures come from one pass over its tickets when it holds at most
 * `narrowScopeLimit` of them (tests lower it to reach the other way).
 */
export async function getDashboard(
  db: Db,
  actor: Actor,
  timeZone: string,
  now: Date = new Date(),
  narrowScopeLimit = NARROW_SCOPE_LIMIT,
): Promise<ApiDashboard> {
  const closeWindowStart = new Date(now.getTime() - DASHBOARD_CLOSE_WINDOW_DAYS * DAY_MS);
  const window = { firstWeek: firstDashboardWeek(now, timeZone), timeZone };
  const portfolio = ticketScope(actor) === 'all';
  const due = dueWindow(now, timeZone);
  const viewsDue = can(actor, 'ticket.viewDue');
  const [figures, ratings, money] = await Promise.all([
    (async (): Promise<DashboardFigures & { dueAnswer?: ApiDashboard['due'] }> => {
      const narrow =
        !portfolio && (await narrowFigures(db, actor, window, closeWindowStart, due, narrowScopeLimit));
      if (narrow) return { ...narrow, dueAnswer: narrow.due && dueAnswer(narrow.due, due.months) };
      const [wide, dueFigured] = await Promise.all([
        figureByFigure(db, actor, portfolio, window, closeWindowStart),
        viewsDue ? dueFigures(db, actor, due) : null,
      ]);
      return { ...wide, dueAnswer: dueFigured };
    })(),
    can(actor, 'dashboard.viewRatings') ? ratingTotals(db, actor) : null,
    // Issue 26: staff's spend and open approvals, over the same months as the share resolved within target.
    can(actor, 'cost.viewTotals') ? moneyFigures(db, actor, due.months) : null,
  ]);
  return {
    ...answerOf(figures),
    ratings: ratings && ratingSummary(ratings.count, ratings.sum),
    // Tenants are not shown due times (a narrow pass counts them anyway: it is the same statement for every scope).
    due: viewsDue ? (figures.dueAnswer ?? null) : null,
    money,
  };
}

/**
 * The figures one statement each, side by side: the whole portfolio's from the figures the triggers keep (ADR 0023),
 * a scope too large for one pass (`narrowFigures`) from its tickets, planned per call (ADR 0020).
 */
async function figureByFigure(
  db: Db,
  actor: Actor,
  portfolio: boolean,
  window: DashboardWeeks,
  closeWindowStart: Date,
): Promise<DashboardFigures> {
  const [statusCounts, byProperty, { weeks, timeToClose }, oldest] = await Promise.all([
    portfolio ? portfolioCountByStatus(db) : countByStatus(db, actor),
    portfolio ? portfolioOpenByProperty(db) : openByProperty(db, actor),
    portfolio
      ? portfolioActivity(db, actor, window, closeWindowStart)
      : activity(db, actor, window, closeWindowStart),
    oldestOpen(db, actor),
  ]);
  return { statusCounts, byProperty, weeks, timeToClose, oldest };
}

function answerOf({
  statusCounts,
  byProperty,
  weeks,
  timeToClose,
  oldest,
}: DashboardFigures): Omit<ApiDashboard, 'ratings' | 'due' | 'money'> {
  const countOf = new Map(statusCounts.map((row) => [Number(row.status), Number(row.count)]));
  const openStatuses = TICKET_STATUSES.slice(0, FIRST_CLOSED_STATUS).map((text, status) => ({
    status,
    status_text: text,
    count: countOf.get(status) ?? 0,
  }));
  let open = 0;
  let closed = 0;
  for (const [status, count] of countOf) {
    if (status < FIRST_CLOSED_STATUS) open += count;
    else closed += count;
  }

  return {
    totals: { open, closed, all: open + closed },
    open_by_status: openStatuses,
    open_by_property: byProperty.map((row) => ({
      property_id: row.propertyId,
      property_name: row.propertyName,
      count: Number(row.count),
    })),
    weekly: weeks,
    time_to_close: {
      mean_hours: roundHours(timeToClose.mean_hours),
      median_hours: roundHours(timeToClose.median_hours),
      count: timeToClose.count,
    },
    oldest_open: oldest.map((row) => {
      const id = Number(row.id);
      const status = Number(row.status);
      return {
        id,
        visible_id: visibleId(id),
        title: row.title,
        status,
        status_text: statusText(status),
        property_name: row.property_name,
        created_at_timestamp: Math.floor(new Date(row.created_at).getTime() / 1000),
        path: ticketPath(id),
      };
    }),
  };
}
