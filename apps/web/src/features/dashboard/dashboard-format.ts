/** Pure helpers of the dashboard: how figures read ("2.5 days", "5 h", "1,234") and the charts' data. */
import {
  type ApiDashboardPropertyCount,
  type ApiDashboardSpend,
  type ApiDashboardStatusCount,
  type ApiDashboardTargetMonth,
  type ApiDashboardTimeToClose,
  type ApiDashboardWeek,
  DASHBOARD_CLOSE_WINDOW_DAYS,
  statusText,
} from '@mend/shared';
import dayjs from 'dayjs';
import { dateFormat } from '../../lib/dates';
import { format, locale, money, t } from '../../lib/translations';
import { averageText } from '../tickets/signoff/signoff-rules';

const counts = new Intl.NumberFormat(locale);
const oneDecimal = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });

/** A count with thousands separators: 1234 -> "1,234". */
export function formatCount(value: number): string {
  return counts.format(value);
}

/** Below 10 with one decimal (trailing .0 dropped), from 10 on as a whole number. */
function shortNumber(value: number): string {
  return value < 10 ? oneDecimal.format(value) : whole.format(value);
}

export type DurationUnit = 'minutes' | 'hours' | 'days';

/** Hours as they read: one decimal below 10, whole from 10 on (47.97 reads "48", not "2 days" a moment later). */
function roundedHours(hours: number): number {
  return hours < 10 ? Math.round(hours * 10) / 10 : Math.round(hours);
}

/** The unit a duration reads best in: under an hour minutes, under two days hours, else days. */
export function durationUnit(hours: number): DurationUnit {
  if (Math.round(hours * 60) < 60) return 'minutes';
  return roundedHours(hours) < 48 ? 'hours' : 'days';
}

/**
 * A duration given in hours, in `unit` ("45 min", "5 h", "2.5 days"), by default the one it reads best in.
 * Figures shown side by side share one unit (see timeToCloseTexts), so "47 h" never sits beside "3.1 days".
 */
export function formatHours(hours: number, unit: DurationUnit = durationUnit(hours)): string {
  if (!Number.isFinite(hours) || hours < 0) return t.dashboard.noValue;
  if (unit === 'minutes') return format(t.dashboard.minutes, { value: whole.format(Math.round(hours * 60)) });
  if (unit === 'hours') return format(t.dashboard.hours, { value: shortNumber(roundedHours(hours)) });
  return format(t.dashboard.days, { value: shortNumber(hours / 24) });
}

/**
 * The mean and median texts of the time to close, in one unit (the one the longer of the two reads best in);
 * "n/a" when nothing was closed in the window.
 */
export function timeToCloseTexts(time: ApiDashboardTimeToClose): { mean: string; median: string } {
  if (time.count === 0) return { mean: t.dashboard.noValue, median: t.dashboard.noValue };
  const unit = durationUnit(Math.max(time.mean_hours, time.median_hours));
  return { mean: formatHours(time.mean_hours, unit), median: formatHours(time.median_hours, unit) };
}

/** What the time-to-close figures are computed over. */
export function closeWindowText(count: number, days: number = DASHBOARD_CLOSE_WINDOW_DAYS): string {
  return format(t.dashboard.closeWindow, { count, days });
}

/**
 * The average rating's figure ("4.5 of 5", "n/a" before the first rating) and what it is computed over ("from 12
 * ratings", "from 1 rating", "No ratings yet").
 */
export function ratingTexts(ratings: { count: number; average: number | null }): {
  value: string;
  hint: string;
} {
  if (ratings.count <= 0 || ratings.average === null)
    return { value: t.dashboard.noValue, hint: t.dashboard.noRatings };
  return {
    value: averageText(ratings.average),
    hint: format(t.dashboard.ratingsCount, { count: ratings.count }),
  };
}

/** "2026-03-02" -> "Mar 2" (the date is read as a calendar date, whatever the browser's time zone). */
export function weekLabel(weekStart: string): string {
  const [year, month, day] = weekStart.split('-').map(Number);
  return dayjs(new Date(year, month - 1, day)).format(dateFormat('day'));
}

/** Mantine colours of the statuses, by index (the tickets screen uses the same hues). */
const STATUS_CHART_COLORS = ['blue.6', 'violet.6', 'orange.6', 'teal.6', 'gray.6'];

export function statusChartColor(status: number): string {
  return STATUS_CHART_COLORS[status] ?? 'gray.6';
}

export function statusChartData(rows: ApiDashboardStatusCount[]) {
  return rows.map((row) => ({
    name: statusText(row.status, t),
    value: row.count,
    color: statusChartColor(row.status),
  }));
}

export function propertyChartData(rows: ApiDashboardPropertyCount[]) {
  return rows.map((row) => ({ property: row.property_name, open: row.count }));
}

export function weeklyChartData(rows: ApiDashboardWeek[]) {
  return rows.map((row) => ({ week: weekLabel(row.week_start), opened: row.opened, closed: row.closed }));
}

export function weeklyTotals(rows: ApiDashboardWeek[]): { opened: number; closed: number } {
  return rows.reduce((sum, row) => ({ opened: sum.opened + row.opened, closed: sum.closed + row.closed }), {
    opened: 0,
    closed: 0,
  });
}

/** An axis label that fits: longer names end with an ellipsis (the full name is in the table and tooltip). */
export function shortLabel(text: string, max = 22): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/** "2026-03" -> "Mar 2026" (a calendar month, whatever the browser's time zone). */
export function monthLabel(month: string): string {
  const [year, number] = month.split('-').map(Number);
  if (!year || !number) return month;
  return dayjs(new Date(year, number - 1, 1)).format(dateFormat('month'));
}

/**
 * One month of the share resolved within target (issue 26): its label, its text ("12 of 15 (80%)", or "None
 * completed") and its share in whole percent (null when nothing was completed).
 */
export function targetMonthRow(row: ApiDashboardTargetMonth): {
  month: string;
  label: string;
  text: string;
  percent: number | null;
} {
  const label = monthLabel(row.month);
  if (row.resolved <= 0) return { month: row.month, label, text: t.dashboard.noneResolved, percent: null };
  const percent = Math.round((Math.min(row.in_target, row.resolved) / row.resolved) * 100);
  return {
    month: row.month,
    label,
    text: format(t.dashboard.inTargetMonth, {
      in_target: formatCount(row.in_target),
      resolved: formatCount(row.resolved),
      percent,
    }),
    percent,
  };
}

/**
 * One property's spend (issue 26) as the dashboard draws it: its total, and each month's amount with its share of the
 * largest month of any property shown (whole percent), so the bars of every row compare.
 */
export function spendRows(spend: ApiDashboardSpend[]) {
  const largest = Math.max(0, ...spend.flatMap((row) => row.months.map((month) => month.cents)));
  return spend.map((row) => ({
    key: `${row.property_id} ${row.currency}`,
    name: row.property_name,
    total: money(row.total_cents, row.currency),
    months: row.months.map((month) => ({
      month: month.month,
      label: monthLabel(month.month),
      text: money(month.cents, row.currency),
      percent: largest === 0 ? 0 : Math.round((month.cents / largest) * 100),
    })),
  }));
}
