/**
 * Availability ranges are moments (seconds since the epoch); the detail screen shows them as text such as
 * "Mon, Nov 23, 8:00 AM – 9:00 AM". The server does not know the reader's time zone, and the ranges are
 * about when someone can be at the unit, so they are written in the time zone of the unit's property (its
 * `time_zone`, an IANA zone set on the property form).
 */
import type { WallClockRange } from '@mend/shared';

/**
 * Every text here is written from a moment's wall-clock parts (`partsIn`): a list serializes several moments per row,
 * and an ICU call for each cost more than the rest of the row.
 */
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** "Mon, Nov 23", as en-US writes a short weekday, a short month and the day. */
function dayText(parts: WallClockParts): string {
  const date = new Date(0);
  date.setUTCFullYear(parts.year, parts.month - 1, parts.day);
  return `${WEEKDAYS[date.getUTCDay()]}, ${MONTHS[parts.month - 1]} ${parts.day}`;
}

/** "8:00 AM", as en-US writes a 12-hour time (with a plain space before AM/PM). */
function timeText({ hour, minute }: WallClockParts): string {
  return `${hour % 12 === 0 ? 12 : hour % 12}:${twoDigits(minute)} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** "Mon, Nov 23, 8:00 AM – 9:00 AM", or "Mon, Nov 23, 10:00 PM – Tue, Nov 24, 1:00 AM" across midnight. */
export function availabilityText(range: { start: number; end: number }, zone: string): string {
  const start = partsIn(new Date(range.start * 1000), zone);
  const end = partsIn(new Date(range.end * 1000), zone);
  const startDay = dayText(start);
  const endDay = dayText(end);
  const from = `${startDay}, ${timeText(start)}`;
  return `${from} – ${startDay === endDay ? timeText(end) : `${endDay}, ${timeText(end)}`}`;
}

/** "Sat, Nov 28, 7:30 PM" at the property: a deadline or a visit's time in messages (issue 25). */
export function momentText(moment: Date, zone: string): string {
  return textOf(partsIn(moment, zone));
}

/** A moment at `zone` as the lists show a due time: its text and its wall-clock date and time, from one reading. */
export function momentAt(moment: Date, zone: string): { text: string; date: string; time: string } {
  const parts = partsIn(moment, zone);
  return { text: textOf(parts), ...wallClockOf(parts) };
}

const textOf = (parts: WallClockParts) => `${dayText(parts)}, ${timeText(parts)}`;

/**
 * A stored range as the wall-clock dates and times it covers at the property (`wallClockAt`): dayjs's conversions
 * were most of a ticket detail's own time.
 */
export function wallClockRange(range: { start: number; end: number }, zone: string): WallClockRange {
  const start = wallClockAt(new Date(range.start * 1000), zone);
  const end = wallClockAt(new Date(range.end * 1000), zone);
  return { start_date: start.date, start_time: start.time, end_date: end.date, end_time: end.time };
}

/** How many zones' formatters, zone days and days' ends are kept (zone names are the properties', a few hundred). */
const KEPT = 1000;
const KEPT_ZONE_DAYS = 100_000;
const DAY_MS = 86_400_000;

interface WallClockParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const partsFormats = new Map<string, Intl.DateTimeFormat>();

/** A moment's wall-clock parts at `zone` as ICU reads them, by one cached formatter per zone. */
function icuPartsIn(moment: Date, zone: string): WallClockParts {
  let format = partsFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    if (partsFormats.size < KEPT) partsFormats.set(zone, format);
  }
  const parts: WallClockParts = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of format.formatToParts(moment))
    if (part.type in parts) parts[part.type as keyof WallClockParts] = Number(part.value);
  return parts;
}

/** How far `zone`'s clock is ahead of UTC at a moment (milliseconds, whole seconds), as ICU reads it. */
function icuOffsetAt(ms: number, zone: string): number {
  const at = Math.floor(ms / 1000) * 1000;
  const p = icuPartsIn(new Date(at), zone);
  const wall = new Date(0);
  wall.setUTCFullYear(p.year, p.month - 1, p.day);
  wall.setUTCHours(p.hour, p.minute, p.second);
  return wall.getTime() - at;
}

/**
 * Each zone's offset per UTC day (key: the day's number), or null for a day in which it changes (daylight saving
 * time). Offsets change at most once in a day, so one the same at a day's first and last second holds all day.
 */
const zoneDays = new Map<string, Map<number, number | null>>();
let zoneDaysKept = 0;

/**
 * A moment's wall-clock parts at `zone`: the zone's offset that day, read from ICU once per zone and day, added to
 * the moment. A list serializes several moments per row, and an ICU call for each cost most of a row's answer.
 */
function partsIn(moment: Date, zone: string): WallClockParts {
  const ms = moment.getTime();
  const dayNumber = Math.floor(ms / DAY_MS);
  let days = zoneDays.get(zone);
  if (!days) {
    days = new Map();
    if (zoneDays.size < KEPT) zoneDays.set(zone, days);
  }
  let offset = days.get(dayNumber);
  if (offset === undefined) {
    const first = icuOffsetAt(dayNumber * DAY_MS, zone);
    offset = first === icuOffsetAt(dayNumber * DAY_MS + DAY_MS - 1000, zone) ? first : null;
    if (zoneDaysKept >= KEPT_ZONE_DAYS) {
      for (const kept of zoneDays.values()) kept.clear();
      zoneDaysKept = 0;
    }
    days.set(dayNumber, offset);
    zoneDaysKept++;
  }
  if (offset === null) return icuPartsIn(moment, zone);
  const wall = new Date(Math.floor(ms / 1000) * 1000 + offset);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
}

const twoDigits = (value: number) => (value < 10 ? `0${value}` : String(value));

/** A moment as the wall-clock date (`YYYY-MM-DD`) and time (`HH:mm`) it is at `zone`. */
export function wallClockAt(moment: Date, zone: string): { date: string; time: string } {
  return wallClockOf(partsIn(moment, zone));
}

const wallClockOf = (parts: WallClockParts) => ({
  date: `${parts.year}-${twoDigits(parts.month)}-${twoDigits(parts.day)}`,
  time: `${twoDigits(parts.hour)}:${twoDigits(parts.minute)}`,
});

const dayEnds = new Map<string, number>();

/** The end of the day `now` falls in at `zone` (its next midnight), in seconds; kept per zone and day. */
export function endOfDayIn(zone: string, now: Date): number {
  const parts = partsIn(now, zone);
  const key = `${zone} ${parts.year}-${parts.month}-${parts.day}`;
  const kept = dayEnds.get(key);
  if (kept !== undefined) return kept;
  const sinceMidnight = parts.hour * 3600 + parts.minute * 60 + parts.second;
  let end = Math.floor(now.getTime() / 1000) - sinceMidnight + 86_400;
  // A day of 23 or 25 hours (daylight saving time) puts that an hour off midnight: read the clock there and correct.
  const there = partsIn(new Date(end * 1000), zone);
  const off = there.hour * 3600 + there.minute * 60 + there.second;
  if (off !== 0) end -= off > 43_200 ? off - 86_400 : off;
  if (dayEnds.size >= KEPT) dayEnds.clear();
  dayEnds.set(key, end);
  return end;
}
