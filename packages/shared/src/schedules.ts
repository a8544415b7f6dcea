/**
 * The recurrence of a schedule (issue 26) as an RFC 5545 rule, computed by the `rrule` library for the server (which
 * creates the occurrences) and the web (which previews them) alike. Occurrences are calendar dates ("2027-01-31") at
 * the property: the rule runs on midnight UTC of each date, and only the date is read back.
 */
import * as rruleModule from 'rrule';
import { LAST_DAY_OF_MONTH, SCHEDULE_FREQUENCIES, type ScheduleFrequency } from './constants';
import { en, format } from './messages';

// The package is CommonJS for Node (its `default` holds the exports) and ES modules for bundlers (named exports).
type RRuleModule = typeof import('rrule');
const rrule: RRuleModule =
  'RRule' in rruleModule ? rruleModule : (rruleModule as unknown as { default: RRuleModule }).default;
const { RRule } = rrule;
type Rule = InstanceType<typeof RRule>;

/** What a schedule's recurrence is made of, as stored and as the form sends it. */
export interface ScheduleRecurrence {
  frequency: ScheduleFrequency;
  /** Every `interval` days, weeks, months or years. */
  interval: number;
  /** Weekly: 0 Monday … 6 Sunday. */
  weekday: number | null;
  /** Monthly and yearly: 1 … SCHEDULE_MONTH_DAY_MAX, or LAST_DAY_OF_MONTH. */
  month_day: number | null;
  /** Yearly: 1 January … 12 December. */
  month: number | null;
  /** "2027-01-31": the first date it may fall on. */
  starts_on: string;
  /** The last date it may fall on; null: no end. */
  ends_on: string | null;
}

const FREQUENCY = {
  daily: RRule.DAILY,
  weekly: RRule.WEEKLY,
  monthly: RRule.MONTHLY,
  yearly: RRule.YEARLY,
} as const satisfies Record<ScheduleFrequency, number>;

/** "2027-01-31" as midnight UTC of that date. */
export function dateAsUtc(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

/** The calendar date of midnight UTC (or any moment of that UTC day). */
export function utcDateOf(moment: Date): string {
  return moment.toISOString().slice(0, 10);
}

const dateFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "Mon, Feb 1, 2027". */
export const dateText = (date: string): string => dateFormat.format(dateAsUtc(date));

/** The rule of a recurrence (its start and end included). */
export function scheduleRule(recurrence: ScheduleRecurrence): Rule {
  const { frequency, interval, weekday, month_day, month } = recurrence;
  return new RRule({
    freq: FREQUENCY[frequency],
    interval,
    dtstart: dateAsUtc(recurrence.starts_on),
    until: recurrence.ends_on === null ? null : dateAsUtc(recurrence.ends_on),
    byweekday: frequency === 'weekly' && weekday !== null ? [weekday] : null,
    bymonthday:
      (frequency === 'monthly' || frequency === 'yearly') && month_day !== null ? [month_day] : null,
    bymonth: frequency === 'yearly' && month !== null ? [month] : null,
  });
}

/** The RFC 5545 text of a recurrence (DTSTART, RRULE), for the API's readers and calendars. */
export const ruleString = (recurrence: ScheduleRecurrence): string => scheduleRule(recurrence).toString();

/** The first date the recurrence falls on at or after `date`; null when it has ended by then. */
export function occurrenceOnOrAfter(recurrence: ScheduleRecurrence, date: string): string | null {
  const next = scheduleRule(recurrence).after(dateAsUtc(date), true);
  return next === null ? null : utcDateOf(next);
}

/** The first `count` dates the recurrence falls on at or after `date`. */
export function occurrencesFrom(recurrence: ScheduleRecurrence, date: string, count: number): string[] {
  const rule = scheduleRule(recurrence);
  const dates: string[] = [];
  let next = rule.after(dateAsUtc(date), true);
  while (next !== null && dates.length < count) {
    dates.push(utcDateOf(next));
    next = rule.after(next, false);
  }
  return dates;
}

const s = en.schedules;

/** "Every 2 weeks on Monday", "Every month on the last day", "Every year on March 15". */
export function recurrenceText(recurrence: ScheduleRecurrence): string {
  const { frequency, interval, weekday, month_day, month } = recurrence;
  const every = format(interval === 1 ? s.rules.everyOne[frequency] : s.rules.everyMany[frequency], {
    interval,
  });
  const day =
    month_day === LAST_DAY_OF_MONTH ? s.rules.lastDay : format(s.rules.dayOfMonth, { day: month_day ?? '' });
  switch (frequency) {
    case 'daily':
      return every;
    case 'weekly':
      return weekday === null
        ? every
        : format(s.rules.onWeekday, { every, weekday: s.weekdays[weekday] ?? '' });
    case 'monthly':
      return month_day === null ? every : format(s.rules.onDay, { every, day });
    case 'yearly':
      return month === null || month_day === null
        ? every
        : format(s.rules.onMonthDay, { every, month: s.months[month - 1] ?? '', day });
  }
}

export const isScheduleFrequency = (value: unknown): value is ScheduleFrequency =>
  (SCHEDULE_FREQUENCIES as readonly unknown[]).includes(value);
