/**
 * JSON shape of GET /api/dashboard?time_zone={IANA zone} (DESIGN.md "Dashboard `/`"): figures over the
 * tickets the signed-in user may see, all counted by the database. Weeks start on Monday, 00:00 in the
 * viewer's time zone (`time_zone`, the browser's; UTC when absent or unknown). The answer's types are derived
 * from their zod schemas in ./responses/dashboard.ts (the one definition, with the field docs).
 */
import { z } from 'zod';
import type {
  apiDashboardDueSchema,
  apiDashboardMoneySchema,
  apiDashboardPropertyCountSchema,
  apiDashboardSchema,
  apiDashboardSpendSchema,
  apiDashboardStatusCountSchema,
  apiDashboardTargetMonthSchema,
  apiDashboardTicketSchema,
  apiDashboardTimeToCloseSchema,
  apiDashboardTotalsSchema,
  apiDashboardWeekSchema,
} from './responses/dashboard';
import { isTimeZone } from './time-zones';

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

// The answer (its schemas, with the field docs, are in ./responses/dashboard.ts).
export type ApiDashboardTotals = z.output<typeof apiDashboardTotalsSchema>;
export type ApiDashboardStatusCount = z.output<typeof apiDashboardStatusCountSchema>;
export type ApiDashboardPropertyCount = z.output<typeof apiDashboardPropertyCountSchema>;
export type ApiDashboardWeek = z.output<typeof apiDashboardWeekSchema>;
export type ApiDashboardTimeToClose = z.output<typeof apiDashboardTimeToCloseSchema>;
export type ApiDashboardTicket = z.output<typeof apiDashboardTicketSchema>;
export type ApiDashboardDue = z.output<typeof apiDashboardDueSchema>;
export type ApiDashboardMoney = z.output<typeof apiDashboardMoneySchema>;
export type ApiDashboardSpend = z.output<typeof apiDashboardSpendSchema>;
export type ApiDashboardTargetMonth = z.output<typeof apiDashboardTargetMonthSchema>;
export type ApiDashboard = z.output<typeof apiDashboardSchema>;
