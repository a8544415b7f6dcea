/**
 * JSON shape of GET /api/dashboard?time_zone={IANA zone} (DESIGN.md "Dashboard `/`"), as zod schemas; the types
 * in ../api-dashboard.ts are derived from them. Figures over the tickets the signed-in user may see, all counted
 * by the database; weeks start on Monday, 00:00 in the viewer's time zone.
 */
import { z } from 'zod';
import { apiRatingSummarySchema } from './common';

export const apiDashboardTotalsSchema = z
  .object({
    /** Statuses below FIRST_CLOSED_STATUS. */
    open: z.number().int(),
    /** Completed and Cancelled. */
    closed: z.number().int(),
    all: z.number().int(),
  })
  .meta({ id: 'ApiDashboardTotals' });

/** One open status (every open status is listed, with 0 when none). */
export const apiDashboardStatusCountSchema = z
  .object({
    status: z.number().int(),
    status_text: z.string(),
    count: z.number().int(),
  })
  .meta({ id: 'ApiDashboardStatusCount' });

export const apiDashboardPropertyCountSchema = z
  .object({
    property_id: z.number().int(),
    property_name: z.string(),
    /** Open tickets of the property. */
    count: z.number().int(),
  })
  .meta({ id: 'ApiDashboardPropertyCount' });

export const apiDashboardWeekSchema = z
  .object({
    /** The Monday the week starts on (in the viewer's time zone), `YYYY-MM-DD`. */
    week_start: z.string(),
    /** Tickets created that week. */
    opened: z.number().int(),
    /** Tickets closed that week (and still closed). */
    closed: z.number().int(),
  })
  .meta({ id: 'ApiDashboardWeek' });

/**
 * Hours from creation to closing of the tickets closed in the last DASHBOARD_CLOSE_WINDOW_DAYS days.
 * With `count` 0 both figures are 0 (there is nothing to average): show them as "no data".
 */
export const apiDashboardTimeToCloseSchema = z
  .object({
    mean_hours: z.number(),
    median_hours: z.number(),
    count: z.number().int(),
  })
  .meta({ id: 'ApiDashboardTimeToClose' });

export const apiDashboardTicketSchema = z
  .object({
    id: z.number().int(),
    visible_id: z.string(),
    title: z.string(),
    status: z.number().int(),
    status_text: z.string(),
    property_name: z.string(),
    /** Seconds since the epoch. */
    created_at_timestamp: z.number(),
    /** API path of the ticket: /api/tickets/7/ */
    path: z.string(),
  })
  .meta({ id: 'ApiDashboardTicket' });

/** One month of the share resolved within target (issue 26). */
export const apiDashboardTargetMonthSchema = z
  .object({
    /** `YYYY-MM`, in the viewer's time zone. */
    month: z.string(),
    /** Tickets Completed that month (and still Completed). */
    resolved: z.number().int(),
    /** Of those, the ones Completed by their resolution due time. */
    in_target: z.number().int(),
  })
  .meta({ id: 'ApiDashboardTargetMonth' });

/** Due times against the targets (issue 26), over the open tickets the viewer sees. */
export const apiDashboardDueSchema = z
  .object({
    /** Open tickets past their next due time now. */
    overdue: z.number().int(),
    /** Open tickets due within DUE_SOON_HOURS, not yet overdue. */
    due_soon: z.number().int(),
    /** DASHBOARD_TARGET_MONTHS months, oldest first, the current month last. */
    months: z.array(apiDashboardTargetMonthSchema),
  })
  .meta({ id: 'ApiDashboardDue' });

/** Spend of one property (issue 26): its paid invoices per month of payment, in its landlord's currency. */
export const apiDashboardSpendSchema = z
  .object({
    property_id: z.number().int(),
    property_name: z.string(),
    currency: z.string(),
    /** The dashboard's months (as `due.months`), oldest first: cents paid each month. */
    months: z.array(z.object({ month: z.string(), cents: z.number().int() })),
    total_cents: z.number().int(),
  })
  .meta({ id: 'ApiDashboardSpend' });

/** Money in the viewer's scope (issue 26): staff only. */
export const apiDashboardMoneySchema = z
  .object({
    /** Estimates waiting for a decision: a manager's (within the limit) or an owner's (above it). */
    open_approvals: z.number().int(),
    /** Of those, the ones waiting for an owner. */
    awaiting_owner: z.number().int(),
    /** The properties that spent most over the months, at most DASHBOARD_TOP_PROPERTIES, most first. */
    spend: z.array(apiDashboardSpendSchema),
  })
  .meta({ id: 'ApiDashboardMoney' });

export const apiDashboardSchema = z
  .object({
    totals: apiDashboardTotalsSchema,
    /** The open statuses in list order. */
    open_by_status: z.array(apiDashboardStatusCountSchema),
    /** Most open tickets first (ties by name), at most DASHBOARD_TOP_PROPERTIES. */
    open_by_property: z.array(apiDashboardPropertyCountSchema),
    /** DASHBOARD_WEEKS weeks, oldest first, the current week last; weeks without tickets hold zeros. */
    weekly: z.array(apiDashboardWeekSchema),
    time_to_close: apiDashboardTimeToCloseSchema,
    /** The oldest open tickets, oldest first, at most DASHBOARD_OLDEST_OPEN. */
    oldest_open: z.array(apiDashboardTicketSchema),
    /**
     * The tenants' ratings of the repairs in the viewer's scope (issue 25): the portfolio's, a manager's landlord's, a
     * contractor's own; null for a tenant.
     */
    ratings: apiRatingSummarySchema.nullable(),
    /** Due times against the landlords' targets (issue 26); null for a tenant, who is not shown them. */
    due: apiDashboardDueSchema.nullable(),
    /** Spend and open approvals (issue 26); null but for staff. */
    money: apiDashboardMoneySchema.nullable(),
  })
  .meta({ id: 'ApiDashboard' });
