/**
 * The schedule form's values (issue 26) without React: a new schedule's defaults or an edited one's own, the request
 * body made of them, and the recurrence the form's live "Coming dates" preview reads from them (with the shared
 * rules: the `rrule` library, loaded with the form only).
 */
import {
  type ApiSchedule,
  isScheduleFrequency,
  LAST_DAY_OF_MONTH,
  occurrencesFrom,
  recurrenceText,
  SCHEDULE_INTERVAL_MAX,
  SCHEDULE_LEAD_DAYS_DEFAULT,
  SCHEDULE_MONTH_DAY_MAX,
  SCHEDULE_UPCOMING_COUNT,
  type ScheduleRecurrence,
  type ScheduleValues,
} from '@mend/shared';
import type { FormValues } from '../../components/forms/form-values';
import { format, t } from '../../lib/translations';

/** The form's values: every field as the text its input holds ('' for blank: a whole property, no end). */
export type ScheduleFormValues = FormValues<ScheduleValues>;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** "2027-01-31" when it is a date that exists, else null. */
function calendarDate(text: string): string | null {
  const value = text.trim();
  if (!ISO_DATE.test(value)) return null;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value ? value : null;
}

/** The day fields' defaults from a date: its weekday (0 Monday), its day of the month (the last day after the 28th), its month. */
export function dayDefaults(date: string): { weekday: string; month_day: string; month: string } {
  const day = new Date(`${calendarDate(date) ?? '2000-01-01'}T00:00:00Z`);
  const monthDay = day.getUTCDate();
  return {
    weekday: String((day.getUTCDay() + 6) % 7),
    month_day: String(monthDay <= SCHEDULE_MONTH_DAY_MAX ? monthDay : LAST_DAY_OF_MONTH),
    month: String(day.getUTCMonth() + 1),
  };
}

const text = (value: number | null | undefined, fallback: string) =>
  value === null || value === undefined ? fallback : String(value);

/**
 * The values a form starts from: the edited schedule's, or a new one's (monthly from `today`, normal priority,
 * SCHEDULE_LEAD_DAYS_DEFAULT days ahead). The day fields the frequency does not use start at the start date's,
 * so choosing another frequency offers a day that fits.
 */
export function scheduleFormValues(schedule: ApiSchedule | null, today: string): ScheduleFormValues {
  const startsOn = schedule?.starts_on ?? today;
  const days = dayDefaults(startsOn);
  return {
    property_id: text(schedule?.property_id, ''),
    unit_id: text(schedule?.unit_id, ''),
    title: schedule?.title ?? '',
    description: schedule?.description ?? '',
    category_id: text(schedule?.category_id, ''),
    priority: text(schedule?.priority, '0'),
    frequency: schedule?.frequency ?? 'monthly',
    interval: text(schedule?.interval, '1'),
    weekday: text(schedule?.weekday, days.weekday),
    month_day: text(schedule?.month_day, days.month_day),
    month: text(schedule?.month, days.month),
    starts_on: startsOn,
    ends_on: schedule?.ends_on ?? '',
    lead_days: text(schedule?.lead_days, String(SCHEDULE_LEAD_DAYS_DEFAULT)),
  };
}

/** Which day fields a frequency uses. */
export function dayFieldsOf(frequency: string): { weekday: boolean; monthDay: boolean; month: boolean } {
  return {
    weekday: frequency === 'weekly',
    monthDay: frequency === 'monthly' || frequency === 'yearly',
    month: frequency === 'yearly',
  };
}

/**
 * What POST schedules and PATCH schedules/{id} are sent: every field, the day fields the frequency does not use
 * blank (the server stores them as null), a blank unit for the whole property and a blank end for none.
 */
export function scheduleBody(values: ScheduleFormValues): Record<string, string> {
  const uses = dayFieldsOf(values.frequency);
  return {
    property_id: values.property_id,
    unit_id: values.unit_id,
    title: values.title,
    description: values.description,
    category_id: values.category_id,
    priority: values.priority,
    frequency: values.frequency,
    interval: values.interval,
    weekday: uses.weekday ? values.weekday : '',
    month_day: uses.monthDay ? values.month_day : '',
    month: uses.month ? values.month : '',
    starts_on: values.starts_on,
    ends_on: values.ends_on,
    lead_days: values.lead_days,
  };
}

/** A whole number in [min, max] written plainly, else null. */
function wholeIn(value: string, min: number, max: number): number | null {
  const trimmed = value.trim();
  if (!/^-?\d{1,9}$/.test(trimmed)) return null;
  const number = Number(trimmed);
  return number >= min && number <= max ? number : null;
}

/**
 * The recurrence the form's values say, as the shared rules read it (a blank interval is 1), or null while it
 * cannot be read yet (a field being typed, a date not chosen): the preview then shows none.
 */
export function formRecurrence(values: ScheduleFormValues): ScheduleRecurrence | null {
  const { frequency } = values;
  if (!isScheduleFrequency(frequency)) return null;
  const interval = values.interval.trim() === '' ? 1 : wholeIn(values.interval, 1, SCHEDULE_INTERVAL_MAX);
  const startsOn = calendarDate(values.starts_on);
  const endsOn = values.ends_on.trim() === '' ? null : calendarDate(values.ends_on);
  if (interval === null || startsOn === null || (endsOn === null && values.ends_on.trim() !== ''))
    return null;

  const uses = dayFieldsOf(frequency);
  const weekday = uses.weekday ? wholeIn(values.weekday, 0, 6) : null;
  const monthDay = uses.monthDay
    ? values.month_day.trim() === String(LAST_DAY_OF_MONTH)
      ? LAST_DAY_OF_MONTH
      : wholeIn(values.month_day, 1, SCHEDULE_MONTH_DAY_MAX)
    : null;
  const month = uses.month ? wholeIn(values.month, 1, 12) : null;
  if (
    (uses.weekday && weekday === null) ||
    (uses.monthDay && monthDay === null) ||
    (uses.month && month === null)
  )
    return null;
  return { frequency, interval, weekday, month_day: monthDay, month, starts_on: startsOn, ends_on: endsOn };
}

/** The live preview: the rule in words ("Every 2 weeks on Monday") and its next dates from `today`. */
export interface SchedulePreview {
  rule: string;
  dates: string[];
}

export function schedulePreview(
  values: ScheduleFormValues,
  today: string,
  count: number = SCHEDULE_UPCOMING_COUNT,
): SchedulePreview | null {
  const recurrence = formRecurrence(values);
  if (recurrence === null) return null;
  const rule = recurrenceText(recurrence, { t, format });
  // An end before the start has no dates (the form says why, on the end's field).
  if (recurrence.ends_on !== null && recurrence.ends_on < recurrence.starts_on) return { rule, dates: [] };
  return { rule, dates: occurrencesFrom(recurrence, today, count) };
}
