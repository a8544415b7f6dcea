/**
 * The calendar of visits without React (issue 25 section 3): its view and date in the address
 * (`?view=month&date=2026-11-26`, and the super admin's landlord, `&landlord_id=3`), the period they show (a week from Monday, or a month's weeks from the Monday
 * on or before its first day) and its bounds in a time zone (the browser's: the calendar is the viewer's own
 * agenda), stepping to the previous or next one, its title, and the visits of each day.
 * Dates are `YYYY-MM-DD`, moments seconds since the epoch.
 */
import { addDays, CALENDAR_MAX_DAYS, startOfZonedDay, zonedDateTime } from '@mend/shared';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { dateFormat } from '../../lib/dates';
import { locale } from '../../lib/translations';
import { timeLabel } from '../tickets/availability-ranges';

export const CALENDAR_VIEWS = ['week', 'month'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

export interface CalendarState {
  view: CalendarView;
  /** A day of the period shown (today's by default). */
  date: string;
}

dayjs.extend(utc);

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date as dayjs reads it whatever the browser's zone (its own day, at midnight UTC). */
const day = (date: string) => dayjs.utc(date);

/** Whether `text` is a real calendar date (`2026-02-30` is not). */
export function isCalendarDate(text: string | null | undefined): text is string {
  if (!text || !DATE.test(text)) return false;
  const parsed = dayjs(`${text}T00:00:00Z`);
  return parsed.isValid() && parsed.toISOString().slice(0, 10) === text;
}

/** The view and date the address asks for; what is missing or wrong gives the week of `today`. */
export function readCalendarState(params: URLSearchParams, today: string): CalendarState {
  const view = params.get('view');
  const date = params.get('date');
  return {
    view: (CALENDAR_VIEWS as readonly string[]).includes(view ?? '') ? (view as CalendarView) : 'week',
    date: isCalendarDate(date) ? date : today,
  };
}

/** The address's query for `state`, other parameters kept. */
export function writeCalendarState(state: CalendarState, params = new URLSearchParams()): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set('view', state.view);
  next.set('date', state.date);
  return next;
}

/** The landlord the address names (`?landlord_id=`: the super admin's calendar shows one), or null. */
export function readCalendarLandlord(params: URLSearchParams): number | null {
  const id = params.get('landlord_id');
  return id && /^[1-9]\d{0,8}$/.test(id) ? Number(id) : null;
}

/** The address's query showing `landlord` (null: none), other parameters kept. */
export function writeCalendarLandlord(
  landlord: number | null,
  params = new URLSearchParams(),
): URLSearchParams {
  const next = new URLSearchParams(params);
  if (landlord === null) next.delete('landlord_id');
  else next.set('landlord_id', String(landlord));
  return next;
}

/** The Monday on or before `date`. */
export function mondayOf(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

export interface CalendarPeriod {
  view: CalendarView;
  /** The period's own first day (the Monday, the month's 1st) and the day after its last. */
  start: string;
  end: string;
  /** Every day the view shows, Monday first, in whole weeks (a month's grid begins and ends in its neighbours). */
  days: string[];
  /** The bounds asked of the server: the shown days' first and last moments in the zone, at most CALENDAR_MAX_DAYS. */
  from: number;
  to: number;
}

/** The period `state` shows, its bounds in `zone`. */
export function calendarPeriod(state: CalendarState, zone: string): CalendarPeriod {
  let start: string;
  let end: string;
  let first: string;
  let weeks: number;
  if (state.view === 'week') {
    start = mondayOf(state.date);
    end = addDays(start, 7);
    first = start;
    weeks = 1;
  } else {
    start = `${state.date.slice(0, 7)}-01`;
    end = day(start).add(1, 'month').format('YYYY-MM-DD');
    first = mondayOf(start);
    const shown = day(end).diff(day(first), 'day');
    weeks = Math.ceil(shown / 7);
  }
  const days = Array.from({ length: weeks * 7 }, (_, index) => addDays(first, index));
  const from = startOfZonedDay(first, zone);
  const to = Math.min(startOfZonedDay(addDays(first, days.length), zone), from + CALENDAR_MAX_DAYS * 86_400);
  return { view: state.view, start, end, days, from, to };
}

/** The period before (`-1`) or after (`1`): a week, or a month (its day kept where the month has it). */
export function shiftState(state: CalendarState, step: -1 | 1): CalendarState {
  const date =
    state.view === 'week'
      ? addDays(state.date, 7 * step)
      : day(state.date).add(step, 'month').format('YYYY-MM-DD');
  return { ...state, date };
}

/** The title formats of a locale (calendar dates are read at UTC midnight, whatever the browser's zone). */
const titleFormats = new Map<string, { week: Intl.DateTimeFormat; month: Intl.DateTimeFormat }>();

function titleFormatsOf(inLocale: string) {
  let formats = titleFormats.get(inLocale);
  if (!formats) {
    formats = {
      week: new Intl.DateTimeFormat(inLocale, {
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        timeZone: 'UTC',
      }),
      month: new Intl.DateTimeFormat(inLocale, { month: 'long', year: 'numeric', timeZone: 'UTC' }),
    };
    titleFormats.set(inLocale, formats);
  }
  return formats;
}

const midnight = (date: string) => new Date(`${date}T00:00:00Z`);

/**
 * "Nov 23 – 29, 2026", "Nov 30 – Dec 6, 2026", "Dec 28, 2026 – Jan 3, 2027"; a month: "November 2026". Written by
 * Intl in the page's locale, which knows how each language shortens a range ("23–29 nov. 2026" in French); the thin
 * spaces some engines put around the dash are plain spaces, as the rest of the screen writes them.
 */
export function periodTitle(
  period: Pick<CalendarPeriod, 'view' | 'start' | 'end'>,
  inLocale = locale,
): string {
  const formats = titleFormatsOf(inLocale);
  if (period.view === 'month') return formats.month.format(midnight(period.start));
  const last = addDays(period.end, -1);
  return formats.week.formatRange(midnight(period.start), midnight(last)).replace(/\u2009/g, ' ');
}

/** A day's heading: "Mon 23" (a week's column), "Monday, Nov 23" (a phone's list). */
export const weekdayLabel = (date: string) => day(date).format(dateFormat('weekdayNumber'));
export const longDayLabel = (date: string) => day(date).format(dateFormat('longWeekdayDay'));
export const weekdayName = (date: string) => day(date).format('ddd');
export const dayNumber = (date: string) => day(date).date();
/** Whether `date` is in the month `period` shows (a month grid dims its neighbours' days). */
export const inPeriod = (period: Pick<CalendarPeriod, 'start' | 'end'>, date: string) =>
  date >= period.start && date < period.end;

/** A visit's hours in `zone`: "4:00 PM – 6:00 PM" (the end's date too when it is another day: "– Nov 24, 1:00 AM"). */
export function visitHours(visit: { start: number; end: number }, zone: string): string {
  const from = zonedDateTime(visit.start, zone);
  const to = zonedDateTime(visit.end, zone);
  const end =
    to.date === from.date
      ? timeLabel(to.time)
      : `${day(to.date).format(dateFormat('day'))}, ${timeLabel(to.time)}`;
  return `${timeLabel(from.time)} – ${end}`;
}

/** When a visit starts in `zone`: "4:00 PM" (a month's day has room for no more). */
export const visitStart = (visit: { start: number }, zone: string) =>
  timeLabel(zonedDateTime(visit.start, zone).time);

/**
 * The visits of each of `days`, by start time: on the day each starts in `zone` (one begun before the first day,
 * on the first day). Every day is there, with none when it has none.
 */
export function visitsByDay<Visit extends { start: number; end: number }>(
  visits: readonly Visit[],
  days: readonly string[],
  zone: string,
): Map<string, Visit[]> {
  const byDay = new Map<string, Visit[]>(days.map((date) => [date, []]));
  if (days.length === 0) return byDay;
  const sorted = [...visits].sort((a, b) => a.start - b.start || a.end - b.end);
  for (const visit of sorted) {
    const starts = zonedDateTime(visit.start, zone).date;
    const date = starts < days[0] ? days[0] : starts;
    byDay.get(date)?.push(visit);
  }
  return byDay;
}

/** The first `limit` visits of a month's day, and how many more there are ("+N more"). */
export function firstVisits<Visit>(
  visits: readonly Visit[],
  limit: number,
): { shown: Visit[]; more: number } {
  return { shown: visits.slice(0, limit), more: Math.max(0, visits.length - limit) };
}
