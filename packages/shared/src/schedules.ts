/**
 * The recurrence of a schedule (issue 26) as an RFC 5545 rule, computed by the `rrule` library for the server (which
 * creates the occurrences) and the web (which previews them) alike. Occurrences are calendar dates ("2027-01-31") at
 * the property: the rule runs on midnight UTC of each date, and only the date is read back.
 */
import * as rruleModule from 'rrule';
import { LAST_DAY_OF_MONTH, SCHEDULE_FREQUENCIES, type ScheduleFrequency } from './constants';
import { DEFAULT_LANGUAGE, type Language, LOCALES, type Words, wordsOf } from './languages';

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

const dateOptions: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
};
const dateFormats: Readonly<Record<Language, Intl.DateTimeFormat>> = {
  en: new Intl.DateTimeFormat('en-US', dateOptions),
  fr: new Intl.DateTimeFormat(LOCALES.fr, dateOptions),
};

/** "Mon, Feb 1, 2027" ("lun. 1 févr. 2027" in French). */
export const dateText = (date: string, language: Language = DEFAULT_LANGUAGE): string =>
  dateFormats[language].format(dateAsUtc(date));

/**
 * The rule of a recurrence (its start and end included). `near`: a date at or after which the caller reads
 * occurrences; the rule then starts at the last of its periods that begins on or before it, which yields the same
 * dates from there on. rrule walks every period from its start on each call, and a daily schedule three years old
 * cost tens of milliseconds a record.
 */
export function scheduleRule(recurrence: ScheduleRecurrence, near?: string): Rule {
  const { frequency, interval, weekday, month_day, month } = recurrence;
  return new RRule({
    freq: FREQUENCY[frequency],
    interval,
    dtstart: dateAsUtc(near === undefined ? recurrence.starts_on : periodStartNear(recurrence, near)),
    until: recurrence.ends_on === null ? null : dateAsUtc(recurrence.ends_on),
    byweekday: frequency === 'weekly' && weekday !== null ? [weekday] : null,
    bymonthday:
      (frequency === 'monthly' || frequency === 'yearly') && month_day !== null ? [month_day] : null,
    bymonth: frequency === 'yearly' && month !== null ? [month] : null,
  });
}

const DAY_MS = 86_400_000;

/**
 * The start of the recurrence's last period (whole intervals from its start) that begins on or before `date`, or its
 * own start. Days and weeks keep the start's weekday; a month or a year starts on its first day, which only a rule
 * that names its days (month_day, month) can do without moving them.
 */
function periodStartNear(recurrence: ScheduleRecurrence, date: string): string {
  const { frequency, interval, month_day, month, starts_on } = recurrence;
  const start = dateAsUtc(starts_on);
  const at = dateAsUtc(date);
  if (at <= start) return starts_on;
  if (frequency === 'daily' || frequency === 'weekly') {
    const periodDays = frequency === 'daily' ? interval : interval * 7;
    const periods = Math.floor((at.getTime() - start.getTime()) / DAY_MS / periodDays);
    return utcDateOf(new Date(start.getTime() + periods * periodDays * DAY_MS));
  }
  if (month_day === null || (frequency === 'yearly' && month === null)) return starts_on;
  const unit = frequency === 'monthly' ? 1 : 12;
  const months = (at.getUTCFullYear() - start.getUTCFullYear()) * 12 + at.getUTCMonth() - start.getUTCMonth();
  const periods = Math.floor(months / (interval * unit));
  if (periods === 0) return starts_on;
  return utcDateOf(
    new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + periods * interval * unit, 1)),
  );
}

/** The RFC 5545 text of a recurrence (DTSTART, RRULE), for the API's readers and calendars. */
export const ruleString = (recurrence: ScheduleRecurrence): string => scheduleRule(recurrence).toString();

/** The first date the recurrence falls on at or after `date`; null when it has ended by then. */
export function occurrenceOnOrAfter(recurrence: ScheduleRecurrence, date: string): string | null {
  const next = scheduleRule(recurrence, date).after(dateAsUtc(date), true);
  return next === null ? null : utcDateOf(next);
}

/** The first `count` dates the recurrence falls on at or after `date`. */
export function occurrencesFrom(recurrence: ScheduleRecurrence, date: string, count: number): string[] {
  const dates: string[] = [];
  // One walk from the period before `date`, kept while it yields (each `after` would walk again from the start).
  scheduleRule(recurrence, date).all((moment) => {
    const day = utcDateOf(moment);
    if (day >= date) dates.push(day);
    return dates.length < count;
  });
  return dates;
}

/** The words a rule is written in: a language's dictionary and `format` in its locale (whose plural rules it follows). */
export type RuleWords = Pick<Words, 't' | 'format'>;

/**
 * "Every 2 weeks on Monday", "Every month on the last day", "Every year on March 15"; in English unless `words` are
 * another language's (a page reads the rule in its own, ADR 0048).
 */
export function recurrenceText(
  recurrence: Pick<ScheduleRecurrence, 'frequency' | 'interval' | 'weekday' | 'month_day' | 'month'>,
  words: RuleWords = wordsOf('en'),
): string {
  const { frequency, interval, weekday, month_day, month } = recurrence;
  const s = words.t.schedules;
  const fill = words.format;
  const every = fill(s.rules.every[frequency], { interval });
  const day =
    month_day === LAST_DAY_OF_MONTH ? s.rules.lastDay : fill(s.rules.dayOfMonth, { day: month_day ?? '' });
  switch (frequency) {
    case 'daily':
      return every;
    case 'weekly':
      return weekday === null
        ? every
        : fill(s.rules.onWeekday, { every, weekday: s.weekdays[weekday] ?? '' });
    case 'monthly':
      return month_day === null ? every : fill(s.rules.onDay, { every, day });
    case 'yearly':
      return month === null || month_day === null
        ? every
        : fill(s.rules.onMonthDay, { every, month: s.months[month - 1] ?? '', day });
  }
}

export const isScheduleFrequency = (value: unknown): value is ScheduleFrequency =>
  (SCHEDULE_FREQUENCIES as readonly unknown[]).includes(value);
