/**
 * JSON shape of GET /api/dashboard?time_zone={IANA zone} (DESIGN.md "Dashboard `/`"): figures over the
 * tickets the signed-in user may see, all counted by the database. Weeks start on Monday, 00:00 in the
 * viewer's time zone (`time_zone`, the browser's; UTC when absent or unknown).
 */
import { z } from 'zod';

/** Whether `zone` is an IANA time zone this runtime knows ("America/Edmonton", "UTC"). */
export function isTimeZone(zone: string): boolean {
  if (zone.length > 64) return false;
  if (validZones.has(zone)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    return false;
  }
  // Building a formatter to check a zone cost a sixth of a tenant's dashboard request: each valid one is kept
  // (a bounded number: the names are case-insensitive, so a caller could send many spellings of one zone).
  if (validZones.size < KEPT_ZONES) validZones.add(zone);
  return true;
}

const KEPT_ZONES = 1000;
const validZones = new Set<string>();

/** The dashboard's query: the viewer's time zone, in which its weeks start. */
export const dashboardQuerySchema = z.object({
  time_zone: z.string().refine(isTimeZone).catch('UTC').default('UTC'),
});
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

/** How many weeks `weekly` covers (the current week and the 11 before it). */
export const DASHBOARD_WEEKS = 12;
/** How many properties `open_by_property` lists at most (the ones with the most open tickets). */
export const DASHBOARD_TOP_PROPERTIES = 10;
/** `time_to_close` covers the tickets closed in this many days up to now. */
export const DASHBOARD_CLOSE_WINDOW_DAYS = 90;
/** How many tickets `oldest_open` lists at most. */
export const DASHBOARD_OLDEST_OPEN = 5;

export interface ApiDashboardTotals {
  /** Statuses below FIRST_CLOSED_STATUS. */
  open: number;
  /** Completed and Cancelled. */
  closed: number;
  all: number;
}

/** One open status (every open status is listed, with 0 when none). */
export interface ApiDashboardStatusCount {
  status: number;
  status_text: string;
  count: number;
}

export interface ApiDashboardPropertyCount {
  property_id: number;
  property_name: string;
  /** Open tickets of the property. */
  count: number;
}

export interface ApiDashboardWeek {
  /** The Monday the week starts on (in the viewer's time zone), `YYYY-MM-DD`. */
  week_start: string;
  /** Tickets created that week. */
  opened: number;
  /** Tickets closed that week (and still closed). */
  closed: number;
}

/**
 * Hours from creation to closing of the tickets closed in the last DASHBOARD_CLOSE_WINDOW_DAYS days.
 * With `count` 0 both figures are 0 (there is nothing to average): show them as "no data".
 */
export interface ApiDashboardTimeToClose {
  mean_hours: number;
  median_hours: number;
  count: number;
}

export interface ApiDashboardTicket {
  id: number;
  visible_id: string;
  title: string;
  status: number;
  status_text: string;
  property_name: string;
  /** Seconds since the epoch. */
  created_at_timestamp: number;
  /** API path of the ticket: /api/tickets/7/ */
  path: string;
}

export interface ApiDashboard {
  totals: ApiDashboardTotals;
  /** The open statuses in list order. */
  open_by_status: ApiDashboardStatusCount[];
  /** Most open tickets first (ties by name), at most DASHBOARD_TOP_PROPERTIES. */
  open_by_property: ApiDashboardPropertyCount[];
  /** DASHBOARD_WEEKS weeks, oldest first, the current week last; weeks without tickets hold zeros. */
  weekly: ApiDashboardWeek[];
  time_to_close: ApiDashboardTimeToClose;
  /** The oldest open tickets, oldest first, at most DASHBOARD_OLDEST_OPEN. */
  oldest_open: ApiDashboardTicket[];
}
