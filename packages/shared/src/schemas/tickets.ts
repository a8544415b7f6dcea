/** Ticket forms and availability ranges (SPEC.md sections 4 and 5). Images are checked by uploads.ts. */
import { z } from 'zod';
import { MAX_AVAILABILITY_RANGES, TICKET_PRIORITIES, TICKET_STATUSES, TIME_STEP_SECONDS } from '../constants';
import { en, format } from '../messages';
import { addDays, startOfZonedDay, zonedSeconds, zonedToday } from '../time-zones';
import {
  email,
  form,
  id,
  idList,
  index,
  longText,
  nested,
  optionalId,
  parseJson,
  phone,
  text,
  whenValid,
} from './common';

const v = en.validation;

const HOUR_SECONDS = 3600;
const DAY_SECONDS = 24 * HOUR_SECONDS;

/** One availability range in seconds since the epoch. */
export interface AvailabilityRange {
  start: number;
  end: number;
}

/**
 * One availability range as SPEC.md section 3 describes it: start date, end date, start time and end time,
 * wall-clock at the ticket's property (`YYYY-MM-DD`, `HH:mm`). The web form sends this shape, so the server
 * reads the times with its own time-zone rules, the same it writes them back with (a browser's rules for a
 * zone may differ from the server's).
 */
export const wallClockRangeSchema = z
  .object({
    start_date: z.string(),
    start_time: z.string(),
    end_date: z.string(),
    end_time: z.string(),
  })
  .meta({ id: 'WallClockRange' });
export type WallClockRange = z.output<typeof wallClockRangeSchema>;

/** "Now" for the yesterday rule: a fixed date (tests) or a clock read at every parse (default: the real clock). */
export type Clock = Date | (() => Date);

const read = (clock: Clock | undefined) =>
  clock === undefined ? new Date() : clock instanceof Date ? clock : clock();

/**
 * Earliest accepted start, in seconds: "not earlier than yesterday" at the property, the start of yesterday
 * in its time zone (the zone the form's times are entered in). Without a zone (the unit is not known yet) the
 * earliest zone there is (UTC-12) is taken: the start of yesterday in UTC, minus 12 hours.
 */
export function earliestAvailabilityStart(now: Date, timeZone?: string): number {
  if (timeZone) return startOfZonedDay(addDays(zonedToday(timeZone, now), -1), timeZone);
  const startOfTodayUtc = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) / 1000;
  return startOfTodayUtc - DAY_SECONDS - 12 * HOUR_SECONDS;
}

/** Seconds since the epoch from a number or a digits-only string. */
function seconds(value: unknown): number | undefined {
  const number = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value.trim()) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) && number >= 0 ? number : undefined;
}

const WALL_CLOCK_KEYS = ['start_date', 'start_time', 'end_date', 'end_time'] as const;

/** Seconds of a wall-clock date and time at the property (UTC while its zone is not known). */
function wallClockSeconds(date: unknown, time: unknown, timeZone: string | undefined): number | undefined {
  if (typeof date !== 'string' || typeof time !== 'string') return undefined;
  const moment = zonedSeconds(date.trim(), time.trim(), timeZone ?? 'UTC');
  return moment === null || moment < 0 ? undefined : moment;
}

/**
 * One range `{ start, end }` in seconds, or a WallClockRange read in the property's `timeZone` (an object
 * or its JSON text). Exactly one message per range, in this order: missing or not a time, end before
 * start, start before yesterday, not on a 15-minute step. A range in `kept` (the ticket's stored ranges, on
 * edit) is exempt from "start before yesterday", so an older ticket can be saved with its availability
 * unchanged.
 */
export function availabilityRangeSchema(
  now?: Clock,
  kept: readonly AvailabilityRange[] = [],
  timeZone?: string,
) {
  return z.unknown().transform((raw, ctx): AvailabilityRange => {
    const fail = (message: string) => {
      ctx.issues.push({ code: 'custom', message, input: raw });
      return z.NEVER;
    };
    const value = parseJson(raw);
    if (typeof value !== 'object' || value === null) return fail(v.availability);
    const range = value as Record<string, unknown>;
    const wallClock = WALL_CLOCK_KEYS.some((key) => key in range);
    const start = wallClock
      ? wallClockSeconds(range.start_date, range.start_time, timeZone)
      : seconds(range.start);
    const end = wallClock ? wallClockSeconds(range.end_date, range.end_time, timeZone) : seconds(range.end);
    if (start === undefined || end === undefined) return fail(v.availability);
    if (end < start) return fail(v.availabilityEndBeforeStart);
    const isKept = kept.some((range) => range.start === start && range.end === end);
    if (!isKept && start < earliestAvailabilityStart(read(now), timeZone))
      return fail(v.availabilityStartTooEarly);
    if (start % TIME_STEP_SECONDS !== 0 || end % TIME_STEP_SECONDS !== 0) return fail(v.availabilityStep);
    return { start, end };
  });
}

/** Ranges as an array (repeated availability[] entries), one range, or the JSON text of either. */
function toList(value: unknown): unknown {
  const parsed = parseJson(value);
  if (Array.isArray(parsed)) return parsed;
  if (parsed === '' || (typeof parsed === 'object' && parsed !== null && Object.keys(parsed).length === 0))
    return [];
  return [parsed];
}

/** At least one range is required (the form starts with one: see the web's defaultRange). */
export function availabilitySchema(now?: Clock, kept?: readonly AvailabilityRange[], timeZone?: string) {
  return z.preprocess(
    toList,
    z
      .array(availabilityRangeSchema(now, kept, timeZone), { error: v.availability })
      .refine((ranges) => ranges.length > 0, { error: v.availability })
      .refine((ranges) => ranges.length <= MAX_AVAILABILITY_RANGES, {
        error: format(v.tooManyAvailability, { max: MAX_AVAILABILITY_RANGES }),
      }),
  );
}

export interface TicketSchemaOptions {
  /** Clock for the "not earlier than yesterday" rule; default the real clock at parse time. */
  now?: Clock;
  /** On edit: the ticket's stored ranges, which may stay even when they start before yesterday. */
  kept?: readonly AvailabilityRange[];
  /** The IANA zone of the ticket's property: "yesterday" is yesterday there. */
  timeZone?: string;
}

/**
 * Create and edit ticket form. `contact_details` may be a nested object or its JSON text.
 * `status` is optional: absent means "0 on create, unchanged on edit" (only roles 0 and 1 may set
 * it in the form: can(actor, 'ticket.setStatusInForm')); present but blank or out of range fails.
 */
export function ticketSchema({ now, kept, timeZone }: TicketSchemaOptions = {}) {
  return form({
    contact_details: nested({
      first_name: text(v.firstName),
      last_name: text(v.lastName),
      email: email(v.validEmail),
      phone_number: phone(v.phone),
    }),
    // The unit; or, for work on the whole property (issue 26, staff only), no unit and the property.
    unit_id: optionalId(v.ticketUnit),
    property_id: optionalId(v.ticketUnit).optional(),
    title: text(v.ticketTitle),
    description: longText(v.ticketDescription),
    category_id: id(v.category),
    priority: index(v.priority, TICKET_PRIORITIES.length),
    status: index(v.status, TICKET_STATUSES.length).optional(),
    availability: availabilitySchema(now, kept, timeZone),
  }).refine((values) => values.unit_id !== null || (values.property_id ?? null) !== null, {
    error: v.ticketUnit,
    path: ['unit_id'],
    when: whenValid('unit_id', 'property_id'),
  });
}
export type TicketValues = z.infer<ReturnType<typeof ticketSchema>>;

/** PATCH {ticket path} with the status only (detail footer, "Mark As..."). */
export const ticketStatusSchema = form({
  status: index(v.status, TICKET_STATUSES.length),
});
export type TicketStatusValues = z.infer<typeof ticketStatusSchema>;

/** DELETE /api/tickets/batch: the selected ticket ids. */
export const ticketBatchDeleteSchema = form({
  tickets: idList(en.errors.batchDeleteFailed, { required: true }),
});
export type TicketBatchDeleteValues = z.infer<typeof ticketBatchDeleteSchema>;

/** PATCH /api/tickets/batch/status: the selected ticket ids and the new status. */
export const ticketBatchStatusSchema = form({
  tickets: idList(en.errors.statusUpdateFailed, { required: true }),
  status: index(v.status, TICKET_STATUSES.length),
});
export type TicketBatchStatusValues = z.infer<typeof ticketBatchStatusSchema>;
