/**
 * Availability ranges are moments (seconds since the epoch); the detail screen shows them as text such as
 * "Mon, Nov 23, 8:00 AM – 9:00 AM". The server does not know the reader's time zone, and the ranges are
 * about when someone can be at the unit, so they are written in the time zone of the unit's property (its
 * `time_zone`, an IANA zone set on the property form).
 */
import { type WallClockRange, zonedDateTime } from '@mend/shared';

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

/** A stored range as the wall-clock dates and times it covers at the property. */
export function wallClockRange(range: { start: number; end: number }, zone: string): WallClockRange {
  const start = zonedDateTime(range.start, zone);
  const end = zonedDateTime(range.end, zone);
  return { start_date: start.date, start_time: start.time, end_date: end.date, end_time: end.time };
}
