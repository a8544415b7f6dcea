/**
 * Availability ranges are moments (seconds since the epoch); the detail screen shows them as text such as
 * "Mon, Nov 23, 8:00 AM – 9:00 AM". The server does not know the reader's time zone, and the ranges are
 * about when someone can be at the unit, so they are written in the time zone of the unit's property (its
 * `time_zone`, an IANA zone set on the property form).
 */
import type { WallClockRange } from '@mend/shared';

interface Formatters {
  day: Intl.DateTimeFormat;
  time: Intl.DateTimeFormat;
}
const formatters = new Map<string, Formatters>();

function formattersFor(zone: string): Formatters {
  let found = formatters.get(zone);
  if (!found) {
    found = {
      day: new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        weekday: 'short',
        month: 'short',
        day: 'numeric',
      }),
      time: new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hour: 'numeric',
        minute: '2-digit',
        hour12: true,
      }),
    };
    formatters.set(zone, found);
  }
  return found;
}

/** ICU writes a narrow no-break space before AM/PM; plain text reads (and tests) better with a space. */
const plain = (text: string) => text.replace(/[\u202f\u00a0\u2009]/g, ' ');

/** "Mon, Nov 23, 8:00 AM – 9:00 AM", or "Mon, Nov 23, 10:00 PM – Tue, Nov 24, 1:00 AM" across midnight. */
export function availabilityText(range: { start: number; end: number }, zone: string): string {
  const { day, time } = formattersFor(zone);
  const start = new Date(range.start * 1000);
  const end = new Date(range.end * 1000);
  const startDay = plain(day.format(start));
  const endDay = plain(day.format(end));
  const from = `${startDay}, ${plain(time.format(start))}`;
  const to = startDay === endDay ? plain(time.format(end)) : `${endDay}, ${plain(time.format(end))}`;
  return `${from} – ${to}`;
}

/** "Sat, Nov 28, 7:30 PM" at the property: a deadline or a visit's time in messages (issue 25). */
export function momentText(moment: Date, zone: string): string {
  const { day, time } = formattersFor(zone);
  return `${plain(day.format(moment))}, ${plain(time.format(moment))}`;
}

/**
 * A stored range as the wall-clock dates and times it covers at the property, by the zone's cached formatter
 * (`wallClockAt`): dayjs's conversions were most of a ticket detail's own time.
 */
export function wallClockRange(range: { start: number; end: number }, zone: string): WallClockRange {
  const start = wallClockAt(new Date(range.start * 1000), zone);
  const end = wallClockAt(new Date(range.end * 1000), zone);
  return { start_date: start.date, start_time: start.time, end_date: end.date, end_time: end.time };
}

/**
 * A moment's wall-clock parts at `zone`, by one cached formatter per zone: the lists serialize a due time per row,
 * and dayjs's zone conversions cost more than the rest of a row's answer.
 */
const partsFormats = new Map<string, Intl.DateTimeFormat>();
/** How many zones' formatters (and days' ends) are kept (zone names are the properties', a few hundred at most). */
const KEPT = 1000;

function partsIn(
  moment: Date,
  zone: string,
): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string> {
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
  const parts = { year: '', month: '', day: '', hour: '', minute: '', second: '' };
  for (const part of format.formatToParts(moment))
    if (part.type in parts) parts[part.type as keyof typeof parts] = part.value;
  return parts;
}

/** A moment as the wall-clock date (`YYYY-MM-DD`) and time (`HH:mm`) it is at `zone`. */
export function wallClockAt(moment: Date, zone: string): { date: string; time: string } {
  const parts = partsIn(moment, zone);
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

const dayEnds = new Map<string, number>();

/** The end of the day `now` falls in at `zone` (its next midnight), in seconds; kept per zone and day. */
export function endOfDayIn(zone: string, now: Date): number {
  const parts = partsIn(now, zone);
  const key = `${zone} ${parts.year}-${parts.month}-${parts.day}`;
  const kept = dayEnds.get(key);
  if (kept !== undefined) return kept;
  const sinceMidnight = Number(parts.hour) * 3600 + Number(parts.minute) * 60 + Number(parts.second);
  let end = Math.floor(now.getTime() / 1000) - sinceMidnight + 86_400;
  // A day of 23 or 25 hours (daylight saving time) puts that an hour off midnight: read the clock there and correct.
  const there = partsIn(new Date(end * 1000), zone);
  const off = Number(there.hour) * 3600 + Number(there.minute) * 60 + Number(there.second);
  if (off !== 0) end -= off > 43_200 ? off - 86_400 : off;
  if (dayEnds.size >= KEPT) dayEnds.clear();
  dayEnds.set(key, end);
  return end;
}
