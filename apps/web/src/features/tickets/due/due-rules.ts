/**
 * A ticket's due times without React (issue 26): how they show (the state's words and colour, which due time is
 * next, where an open ticket stands as the clock moves on) and the lists' "Due" filter. The change form's rules are
 * due-form.ts's (they bring the shared schema, which the lists do not need).
 */
import {
  type ApiTicketDue,
  DEFAULT_LANGUAGE,
  DUE_FILTERS,
  type DueFilter,
  type DueState,
  dueState,
} from '@mend/shared';
import dayjs from 'dayjs';
import { dateFormat } from '../../../lib/dates';
import { format, language, locale, t } from '../../../lib/translations';
import { timeLabel } from '../availability-ranges';

const S = t.ticketScreens;
const D = S.due;

/* ---------- How due times show ---------- */

const STATE_COLORS: Record<DueState, string> = { overdue: 'red', today: 'orange', later: 'teal' };

/** The badge's colour of a state. */
export function dueStateColor(state: DueState): string {
  return STATE_COLORS[state] ?? 'gray';
}

/** "Overdue", "Due today", "On track". */
export function dueStateText(state: DueState): string {
  return D.states[state] ?? state;
}

/** Whether the lists mark the state (a tag): only past due or due today, not a ticket on track. */
export function listsDueState(state: DueState | null): state is 'overdue' | 'today' {
  return state === 'overdue' || state === 'today';
}

/**
 * Where an open ticket stands at `nowMs` (milliseconds): the server's state, read again as the clock moves on (a
 * list left open sees a ticket fall due), in the time zone of its property; null once it is closed. At
 * `serverNowMs`, the moment a page was rendered on the server, it is the server's own answer: the browser's time-zone
 * data may put a property's midnight elsewhere than the server's, and the page must hydrate as it was rendered.
 */
export function dueStateAt(
  due: Pick<ApiTicketDue, 'state' | 'next_timestamp' | 'time_zone'>,
  nowMs: number,
  serverNowMs: number | null = null,
): DueState | null {
  if (due.state === null || due.next_timestamp === null) return null;
  if (nowMs === serverNowMs) return due.state;
  try {
    return dueState(due.next_timestamp, new Date(nowMs), due.time_zone) ?? due.state;
  } catch {
    return due.state;
  }
}

/** What a ticket's due times are written from: the server's texts and the same times on the property's clock. */
type DueTimes = Pick<
  ApiTicketDue,
  'next' | 'respond_by_text' | 'resolve_by_text' | 'respond_by' | 'resolve_by'
>;

/**
 * A due time as the property's clock says it: on an English page the server's own text, which the list it rendered
 * holds (the browser's time-zone data may put a property's clock elsewhere than the server's, and the page must
 * hydrate as it was rendered); on another, written from the server's wall-clock date and time in the page's language.
 */
export function dueTimeText(text: string, wallClock: { date: string; time: string }): string {
  if (language === DEFAULT_LANGUAGE) return text;
  return `${dayjs(`${wallClock.date}T00:00:00`).format(dateFormat('weekdayDay'))}, ${timeLabel(wallClock.time)}`;
}

/** The due time a ticket answers by ("Tue, Dec 1, 4:00 PM"), as `dueTimeText` writes it. */
export const respondByText = (due: DueTimes) => dueTimeText(due.respond_by_text, due.respond_by);
/** The due time a ticket is resolved by, as `dueTimeText` writes it. */
export const resolveByText = (due: DueTimes) => dueTimeText(due.resolve_by_text, due.resolve_by);

/** The next due time as the property's clock says it, in the page's language ("Tue, Dec 1, 4:00 PM"); null once closed. */
export function nextDueTime(due: DueTimes): string | null {
  if (due.next === 'response') return respondByText(due);
  if (due.next === 'resolution') return resolveByText(due);
  return null;
}

/** "Response due Tue, Dec 1, 4:00 PM" / "Resolution due …"; null once closed. */
export function nextDueText(due: DueTimes): string | null {
  const time = nextDueTime(due);
  if (time === null) return null;
  return format(due.next === 'response' ? D.nextResponse : D.nextResolution, { time });
}

/* ---------- The lists' "Due" filter ---------- */

/** The filter's parameter (`due=overdue`, `due=today`), in the address and to the API. */
export const DUE_FILTER = 'due';

/** Whether a value read from the address is one the filter takes (DUE_FILTERS). */
export function acceptsDueFilter(value: string): value is DueFilter {
  return (DUE_FILTERS as readonly string[]).includes(value);
}

const FILTER_LABELS: Record<DueFilter, string> = { overdue: S.filters.overdue, today: S.filters.dueToday };

/** The filter's choices: Any time (`anyValue`, no filter), then each of DUE_FILTERS. */
export function dueFilterOptions(anyValue: string): { value: string; label: string }[] {
  return [
    { value: anyValue, label: S.filters.anyTime },
    ...DUE_FILTERS.map((value) => ({ value, label: FILTER_LABELS[value] })),
  ];
}

interface MomentFormatters {
  day: Intl.DateTimeFormat;
  time: Intl.DateTimeFormat;
}
const formatters = new Map<string, MomentFormatters>();

/** The zone, or (unknown to the browser) undefined: the viewer's own. */
function knownZone(zone: string): string | undefined {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return undefined;
  }
}

function formattersFor(zone: string): MomentFormatters {
  let found = formatters.get(zone);
  if (!found) {
    const timeZone = knownZone(zone);
    found = {
      day: new Intl.DateTimeFormat(locale, { timeZone, weekday: 'short', month: 'short', day: 'numeric' }),
      // The locale's clock: 12 hours in English ("4:00 PM"), 24 in French ("16 h 00").
      time: new Intl.DateTimeFormat(locale, { timeZone, hour: 'numeric', minute: '2-digit' }),
    };
    formatters.set(zone, found);
  }
  return found;
}

/** ICU writes a narrow no-break space before AM/PM: the server's texts have a plain one. */
const plain = (text: string) => text.replace(/[\u202f\u00a0\u2009]/g, ' ');

/**
 * A moment (seconds) as the property's clock says it, in the page's language; in English as the server writes the due
 * times ("Sat, Nov 28, 7:30 PM"), whose texts are English whatever the page (ADR 0048).
 */
export function momentText(seconds: number, zone: string): string {
  const { day, time } = formattersFor(zone);
  const moment = new Date(seconds * 1000);
  return `${plain(day.format(moment))}, ${plain(time.format(moment))}`;
}
