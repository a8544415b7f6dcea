/**
 * Wall-clock times at a property (DESIGN.md "Time"): availability is entered, stored and shown in the IANA
 * time zone of the ticket's property, whatever zone the browser or the server runs in. Dates are
 * `YYYY-MM-DD`, times `HH:mm` (24 h), moments seconds since the epoch. dayjs's timezone plugin does the
 * conversions (through Intl, so the same on Node and in browsers).
 */
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import type { Language } from './languages';

dayjs.extend(utc);
dayjs.extend(timezone);

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}$/;

/**
 * A wall-clock time as each language writes it, on the server and in the browser alike: "1:45 PM" in English
 * (SPEC.md: a 12-hour clock, a plain space before AM/PM), "13 h 45" in French (Canadian French's 24-hour clock).
 */
export function clockTime(hour: number, minute: number, language: Language): string {
  const minutes = minute < 10 ? `0${minute}` : String(minute);
  if (language === 'fr') return `${hour} h ${minutes}`;
  return `${hour % 12 === 0 ? 12 : hour % 12}:${minutes} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** The zone the device runs in (the fallback while no property is known). */
export function deviceTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** A wall-clock date and time in `zone` as seconds since the epoch; null when either is missing or malformed. */
export function zonedSeconds(date: string | null, time: string | null, zone: string): number | null {
  if (!date || !time || !DATE.test(date) || !TIME.test(time)) return null;
  const moment = dayjs.tz(`${date} ${time}`, zone);
  return moment.isValid() ? moment.unix() : null;
}

/** A moment as the wall-clock date and time it is in `zone`. */
export function zonedDateTime(seconds: number, zone: string): { date: string; time: string } {
  const moment = dayjs.unix(seconds).tz(zone);
  return { date: moment.format('YYYY-MM-DD'), time: moment.format('HH:mm') };
}

/** The calendar date it is in `zone` at `now`. */
export function zonedToday(zone: string, now: Date = new Date()): string {
  return dayjs(now).tz(zone).format('YYYY-MM-DD');
}

/** A calendar date `days` later (or earlier, when negative). */
export function addDays(date: string, days: number): string {
  return dayjs.utc(date).add(days, 'day').format('YYYY-MM-DD');
}

/** The first moment of a calendar date in `zone`, in seconds. */
export function startOfZonedDay(date: string, zone: string): number {
  return dayjs.tz(`${date} 00:00`, zone).unix();
}

/**
 * How a zone reads to people: its generic name and its main city, "Mountain Time (Edmonton)"; the city alone
 * when the runtime has no name for it. (Some ICU builds add a country, "Mountain Time (Canada)": the city says
 * more, so that part is left out.)
 */
export function timeZoneLabel(zone: string, at: Date = new Date()): string {
  const city = zone.split('/').pop()?.replace(/_/g, ' ') ?? zone;
  try {
    const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longGeneric' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')
      ?.value.replace(/\s*\(.*\)$/, '');
    return name && name !== city && !/^GMT[+-]/.test(name) ? `${name} (${city})` : city;
  } catch {
    return zone;
  }
}

const KEPT_ZONES = 1000;
/** Zones checked already, by the name given: checking builds a formatter, costly next to a cheap request. */
const canonicalZones = new Map<string, string>();

/**
 * The canonical name of an IANA time zone this runtime knows ("america/edmonton" → "America/Edmonton", "UTC"), or
 * null for anything else.
 */
export function canonicalTimeZone(zone: string): string | null {
  if (zone.length > 64) return null;
  const known = canonicalZones.get(zone);
  if (known) return known;
  let canonical: string;
  try {
    canonical = new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
  // Bounded: the names are case-insensitive, so a caller could send many spellings of one zone.
  if (canonicalZones.size < KEPT_ZONES) canonicalZones.set(zone, canonical);
  return canonical;
}

/** Whether `zone` is an IANA time zone this runtime knows ("America/Edmonton", "UTC"). */
export function isTimeZone(zone: string): boolean {
  return canonicalTimeZone(zone) !== null;
}

/**
 * Where an open ticket stands against its next due time `dueAt` (seconds; null once closed) at `nowSeconds`, the day
 * at its property ending at `endOfTodaySeconds`: `overdue` past it, `today` before that end, else `later` (DUE_STATES).
 */
export function dueStateBefore(
  dueAt: number | null,
  nowSeconds: number,
  endOfTodaySeconds: number,
): 'overdue' | 'today' | 'later' | null {
  if (dueAt === null) return null;
  if (dueAt <= nowSeconds) return 'overdue';
  return dueAt < endOfTodaySeconds ? 'today' : 'later';
}

/** `dueStateBefore` at `now`, the day ending at midnight in `zone` (the ticket's property's). */
export function dueState(
  dueAt: number | null,
  now: Date,
  zone: string,
): 'overdue' | 'today' | 'later' | null {
  if (dueAt === null) return null;
  const endOfToday = startOfZonedDay(addDays(zonedToday(zone, now), 1), zone);
  return dueStateBefore(dueAt, Math.floor(now.getTime() / 1000), endOfToday);
}
