/**
 * The availability ranges of the ticket form (SPEC.md section 5), no React: the time options (steps of
 * TIME_STEP_MINUTES, labelled by the page language's clock), the default range, the earliest date and the "end at or after start"
 * correction, all in the time zone of the ticket's property (DESIGN.md "Time"), never the browser's: a
 * tenant abroad still gives the hours the contractor can come by. The ranges travel as wall-clock dates and
 * times there.
 */
import {
  type AvailabilityRange,
  addDays,
  clockTime,
  DEFAULT_AVAILABILITY_END,
  DEFAULT_AVAILABILITY_START,
  deviceTimeZone,
  type Language,
  TIME_STEP_MINUTES,
  type WallClockRange,
  zonedDateTime,
  zonedSeconds,
  zonedToday,
} from '@mend/shared';
import { language } from '../../lib/translations';

/** One availability range as the form edits it: dates `YYYY-MM-DD` (Mantine dates), times `HH:mm` (24 h). */
export interface RangeInput {
  startDate: string | null;
  endDate: string | null;
  startTime: string | null;
  endTime: string | null;
}

export type RangeField = keyof RangeInput;

export interface TimeOption {
  /** `HH:mm`, 24-hour. */
  value: string;
  /** "8:00 AM" */
  label: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "13:45" -> "1:45 PM" on an English page, "13 h 45" on a French one (`clockTime`, as the server writes them). */
export function timeLabel(value: string, inLanguage: Language = language): string {
  const match = /^(\d{1,2}):(\d{2})$/.exec(value);
  if (!match) return value;
  return clockTime(Number(match[1]), Number(match[2]), inLanguage);
}

/** Every time of a day in `step`-minute steps: 00:00 ("12:00 AM") to 23:45 ("11:45 PM") for 15 minutes. */
export function timeOptions(step: number = TIME_STEP_MINUTES): TimeOption[] {
  const options: TimeOption[] = [];
  for (let minutes = 0; minutes < 24 * 60; minutes += step) {
    const value = `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
    options.push({ value, label: timeLabel(value) });
  }
  return options;
}

const HOUR_SECONDS = 3600;
const STEP_SECONDS = TIME_STEP_MINUTES * 60;

/** 08:00 to 09:00 on a date (SPEC.md section 5's default hours). */
function morningOf(date: string): RangeInput {
  return {
    startDate: date,
    endDate: date,
    startTime: DEFAULT_AVAILABILITY_START,
    endTime: DEFAULT_AVAILABILITY_END,
  };
}

/**
 * The range a new form starts with, at the property (`zone`): 08:00 to 09:00 today (SPEC.md section 5) while
 * 08:00 is still ahead there; once it has passed, the next quarter hour for an hour; late in the evening,
 * when that hour would run past midnight, 08:00 to 09:00 tomorrow.
 */
export function defaultRange(now: Date = new Date(), zone: string = deviceTimeZone()): RangeInput {
  const today = zonedToday(zone, now);
  const eight = zonedSeconds(today, DEFAULT_AVAILABILITY_START, zone);
  if (eight !== null && eight * 1000 >= now.getTime()) return morningOf(today);
  const start = Math.ceil(now.getTime() / 1000 / STEP_SECONDS) * STEP_SECONDS;
  const from = zonedDateTime(start, zone);
  const to = zonedDateTime(start + HOUR_SECONDS, zone);
  if (from.date !== today || to.date !== today) return morningOf(addDays(today, 1));
  return { startDate: today, endDate: today, startTime: from.time, endTime: to.time };
}

/** The earliest date a range may start on: yesterday at the property (SPEC.md section 5). */
export function minAvailabilityDate(now: Date = new Date(), zone: string = deviceTimeZone()): string {
  return addDays(zonedToday(zone, now), -1);
}

/** A range's start or end as sortable text ("2026-11-23 08:15"); null when incomplete. */
function wallClock(date: string | null, time: string | null): string | null {
  return date && time ? `${date} ${time}` : null;
}

/**
 * The end must be at or after the start (SPEC.md section 5): when it is earlier, the end is set to the
 * start and `corrected` tells the form to show the warning. Both are wall-clock times at the same property,
 * so they compare as text.
 */
export function correctRange(range: RangeInput): { range: RangeInput; corrected: boolean } {
  const start = wallClock(range.startDate, range.startTime);
  const end = wallClock(range.endDate, range.endTime);
  if (start === null || end === null || end >= start) return { range, corrected: false };
  return { range: { ...range, endDate: range.startDate, endTime: range.startTime }, corrected: true };
}

/**
 * One field of a range changed. A single-day range keeps its end date with its start date (moving the
 * start to tomorrow moves the whole range, rather than tripping the end-before-start rule); then the end
 * is corrected if it is before the start.
 */
export function updateRange(
  range: RangeInput,
  field: RangeField,
  value: string | null,
): { range: RangeInput; corrected: boolean } {
  const next: RangeInput = { ...range, [field]: value };
  if (field === 'startDate' && value && range.startDate && range.endDate === range.startDate) {
    next.endDate = value;
  }
  return correctRange(next);
}

/** Rounds a wall-clock time down to a whole time step (older ranges may not fall on one). */
function stepTime(time: string, step: number): string {
  const [hours, minutes] = time.split(':').map(Number);
  const rounded = Math.floor((hours * 60 + minutes) / step) * step;
  return `${pad(Math.floor(rounded / 60))}:${pad(rounded % 60)}`;
}

/** A stored range as the form edits it: the wall-clock dates and times the server gives (`availability_ranges`). */
export function rangeFromWallClock(range: WallClockRange, step: number = TIME_STEP_MINUTES): RangeInput {
  return {
    startDate: range.start_date,
    endDate: range.end_date,
    startTime: stepTime(range.start_time, step),
    endTime: stepTime(range.end_time, step),
  };
}

/**
 * The ranges as sent: wall-clock dates and times at the property (`availability[i][start_date]` ...), which
 * the server reads in the property's zone with its own time-zone rules. Missing parts are sent empty (and
 * fail validation).
 */
export function availabilityPayload(ranges: readonly RangeInput[]): WallClockRange[] {
  return ranges.map((range) => ({
    start_date: range.startDate ?? '',
    start_time: range.startTime ?? '',
    end_date: range.endDate ?? '',
    end_time: range.endTime ?? '',
  }));
}

/**
 * The ticket's stored ranges as this browser reads their wall-clock times in `zone`: what the form's
 * unchanged ranges convert to here, so the schema recognises them as kept (they may start before yesterday).
 */
export function keptRanges(ranges: readonly WallClockRange[], zone: string): AvailabilityRange[] {
  return ranges.flatMap((range) => {
    const start = zonedSeconds(range.start_date, range.start_time, zone);
    const end = zonedSeconds(range.end_date, range.end_time, zone);
    return start === null || end === null ? [] : [{ start, end }];
  });
}
