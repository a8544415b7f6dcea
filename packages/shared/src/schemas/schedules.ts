/**
 * The schedule form (issue 26): where (a property, and a unit of it or none for the whole property), the ticket each
 * occurrence creates (title, description, category, priority), the recurrence and how many days ahead it creates it.
 * The day fields that do not belong to the frequency are ignored and stored as null.
 */
import { z } from 'zod';
import {
  LAST_DAY_OF_MONTH,
  MAX_LONG_TEXT_LENGTH,
  SCHEDULE_FREQUENCIES,
  SCHEDULE_INTERVAL_MAX,
  SCHEDULE_LEAD_DAYS_DEFAULT,
  SCHEDULE_LEAD_DAYS_MAX,
  SCHEDULE_MONTH_DAY_MAX,
  TICKET_PRIORITIES,
} from '../constants';
import { en, format } from '../messages';
import { occurrenceOnOrAfter } from '../schedules';
import { form, id, index, isCalendarDate, optionalId, text, wholeNumber } from './common';

const v = en.validation;

const isBlank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';

/** A whole number in [min, max]; blank gives `fallback` (or fails when there is none). */
function bounded(message: string, min: number, max: number, fallback?: number) {
  return z.preprocess(
    (value) => {
      if (isBlank(value)) return fallback;
      const number = wholeNumber(value);
      return number >= min && number <= max ? number : undefined;
    },
    z.number({ error: message }),
  );
}

/** A calendar date "YYYY-MM-DD" that exists. */
const isoDate = (message: string) =>
  z.string({ error: message }).trim().refine(isCalendarDate, { error: message });
const calendarDate = (message: string) =>
  z.preprocess((value) => (isBlank(value) ? undefined : value), isoDate(message));
/** Blank gives null. */
const optionalCalendarDate = (message: string) =>
  z.preprocess((value) => (isBlank(value) ? null : value), isoDate(message).nullable());

/** A day of the month: 1 … SCHEDULE_MONTH_DAY_MAX, or LAST_DAY_OF_MONTH ("-1"). */
const monthDay = z.preprocess(
  (value) => {
    if (isBlank(value)) return undefined;
    if (String(value).trim() === String(LAST_DAY_OF_MONTH)) return LAST_DAY_OF_MONTH;
    const number = wholeNumber(value);
    return number >= 1 && number <= SCHEDULE_MONTH_DAY_MAX ? number : undefined;
  },
  z.number({ error: v.scheduleMonthDay }),
);

const fields = {
  property_id: id(v.scheduleProperty),
  unit_id: optionalId(v.scheduleUnit),
  title: text(v.ticketTitle),
  description: text(v.ticketDescription, { optional: true, max: MAX_LONG_TEXT_LENGTH }),
  category_id: id(v.category),
  priority: index(v.priority, TICKET_PRIORITIES.length),
  frequency: z.enum(SCHEDULE_FREQUENCIES, { error: v.scheduleFrequency }),
  interval: bounded(format(v.scheduleInterval, { max: SCHEDULE_INTERVAL_MAX }), 1, SCHEDULE_INTERVAL_MAX, 1),
  weekday: z.unknown().optional(),
  month_day: z.unknown().optional(),
  month: z.unknown().optional(),
  starts_on: calendarDate(v.scheduleStart),
  ends_on: optionalCalendarDate(v.scheduleEnd),
  lead_days: bounded(
    format(v.scheduleLeadDays, { max: SCHEDULE_LEAD_DAYS_MAX }),
    0,
    SCHEDULE_LEAD_DAYS_MAX,
    SCHEDULE_LEAD_DAYS_DEFAULT,
  ),
};

/** The day fields each frequency needs, checked once the frequency itself parsed. */
const weekdaySchema = bounded(v.scheduleWeekday, 0, 6);
const monthSchema = bounded(v.scheduleMonth, 1, 12);

/** POST schedules and PATCH schedules/{id}. */
export const scheduleSchema = form(fields).transform((values, ctx) => {
  const { frequency } = values;
  const pick = <T>(schema: z.ZodType<T>, value: unknown, path: string): T | null => {
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    ctx.issues.push({
      code: 'custom',
      message: parsed.error.issues[0]?.message ?? v.scheduleFrequency,
      path: [path],
      input: value,
    });
    return null;
  };
  const weekday = frequency === 'weekly' ? pick(weekdaySchema, values.weekday, 'weekday') : null;
  const month_day =
    frequency === 'monthly' || frequency === 'yearly' ? pick(monthDay, values.month_day, 'month_day') : null;
  const month = frequency === 'yearly' ? pick(monthSchema, values.month, 'month') : null;
  const recurrence = { ...values, weekday, month_day, month };
  if (ctx.issues.length > 0) return z.NEVER;
  if (recurrence.ends_on !== null && recurrence.ends_on < recurrence.starts_on) {
    ctx.issues.push({ code: 'custom', message: v.scheduleEnd, path: ['ends_on'], input: values.ends_on });
    return z.NEVER;
  }
  if (occurrenceOnOrAfter(recurrence, recurrence.starts_on) === null) {
    ctx.issues.push({ code: 'custom', message: v.scheduleNever, path: ['ends_on'], input: values.ends_on });
    return z.NEVER;
  }
  return recurrence;
});
export type ScheduleValues = z.output<typeof scheduleSchema>;
