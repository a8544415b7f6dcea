/**
 * A ticket's visit without React (issue 25 section 3): where its writes go, how its state shows, which visit is
 * the ticket's one now and which are history, what the section says to whom, and the booking form's rules: its
 * values (wall-clock dates and times at the property, as the tenant's availability), the body it sends, the
 * shared visitSchema read in the property's zone, the tenant's windows it offers (each filled in as a time that
 * can still be booked) and whether a chosen time falls inside one of them.
 */
import {
  ACTIVE_VISIT_STATES,
  type ApiTicket,
  type ApiVisit,
  TIME_STEP_SECONDS,
  VISIT_MAX_HOURS,
  type VisitState,
  visitSchema,
  type WallClockRange,
  zonedDateTime,
  zonedSeconds,
} from '@mend/shared';
import dayjs from 'dayjs';
import type { ParsingSchema } from '../../../components/forms/zod-errors';
import { dateFormat } from '../../../lib/dates';
import { t } from '../../../lib/translations';
import {
  availabilityPayload,
  type RangeField,
  type RangeInput,
  rangeFromWallClock,
  timeLabel,
  updateRange,
} from '../availability-ranges';

const V = t.ticketScreens.visit;

/** POST: book a visit, or another time for it (the contractor that accepted the job). */
export const visitsPath = (ticketId: number) => `tickets/${ticketId}/visits`;
/** POST: the tenant's confirm and refuse, the contractor's or staff's cancel. */
export const visitActionPath = (ticketId: number, visitId: number, action: 'confirm' | 'refuse' | 'cancel') =>
  `${visitsPath(ticketId)}/${visitId}/${action}`;

const STATE_COLORS: Record<VisitState, string> = {
  proposed: 'yellow',
  booked: 'teal',
  refused: 'red',
  cancelled: 'gray',
};

/** The badge's colour of a visit's state. */
export function visitStateColor(state: VisitState): string {
  return STATE_COLORS[state] ?? 'gray';
}

/** The state's words: the page's dictionary's, by its value (the server's are English), else the server's. */
export function visitStateText(visit: Pick<ApiVisit, 'state' | 'state_text'>): string {
  return V.states[visit.state] || visit.state_text || visit.state;
}

export function isActiveVisit(visit: Pick<ApiVisit, 'state'>): boolean {
  return (ACTIVE_VISIT_STATES as readonly VisitState[]).includes(visit.state);
}

/** The history: the ticket's visits that are no longer on (refused, cancelled, replaced), newest first. */
export function earlierVisits(ticket: Pick<ApiTicket, 'visit' | 'visits'>): ApiVisit[] {
  return ticket.visits.filter((visit) => visit.id !== ticket.visit?.id && !isActiveVisit(visit));
}

/** The assigned contractor `viewerId` has not accepted the job yet: it books once it has. */
export function awaitsAcceptance(ticket: Pick<ApiTicket, 'assignment'>, viewerId: number): boolean {
  return ticket.assignment?.state === 'pending' && ticket.assignment.id === viewerId;
}

/** Whether the details show the Visit section: there is one (or was), or something to do or to know about it. */
export function showsVisitSection(
  ticket: Pick<ApiTicket, 'visit' | 'visits' | 'can' | 'assignment'>,
  viewerId: number,
): boolean {
  return (
    ticket.visit !== null ||
    ticket.visits.length > 0 ||
    ticket.can.book_visit ||
    ticket.assignment?.state === 'accepted' ||
    awaitsAcceptance(ticket, viewerId)
  );
}

/**
 * The line under the visit now: to the tenant asked, the question; else inside the windows, or (while the tenant
 * has not answered) outside them. A time outside them the tenant confirmed needs no note.
 */
export function visitNote(visit: Pick<ApiVisit, 'state' | 'in_window'>, answering: boolean): string | null {
  if (answering) return V.proposedToTenant;
  if (visit.in_window) return V.inWindow;
  return visit.state === 'proposed' ? V.outsideWindow : null;
}

/* ---------- The booking form ---------- */

/** The form's values: one range, as the availability fieldset edits it (RangeInput). */
export interface VisitFormValues extends Record<string, unknown> {
  startDate: string | null;
  startTime: string | null;
  endDate: string | null;
  endTime: string | null;
}

/** A new visit starts empty; another time for one starts from the visit's own. */
export function visitFormValues(visit: Pick<ApiVisit, 'range'> | null): VisitFormValues {
  if (!visit) return { startDate: null, startTime: null, endDate: null, endTime: null };
  return { ...rangeFromWallClock(visit.range) };
}

/** The body of POST tickets/{id}/visits (sent as `visit[start_date]` ..., as the ticket form sends its ranges). */
export function visitPayload(values: RangeInput): { visit: WallClockRange } {
  return { visit: availabilityPayload([values])[0] };
}

/** The shared visitSchema on the body the form sends, in the property's zone, "now" read at every check. */
export function visitFormSchema(timeZone: string, clock: () => Date = () => new Date()): ParsingSchema {
  return {
    safeParse: (values) => visitSchema(clock(), timeZone).safeParse(visitPayload(values as RangeInput)),
  };
}

/**
 * One field changed (updateRange: a one-day range moves with its start date, an end before the start is set to
 * it); a start date chosen while the end date is empty gives the end that date too.
 */
export function updateVisitRange(range: RangeInput, field: RangeField, value: string | null) {
  const base = field === 'startDate' && value && !range.endDate ? { ...range, endDate: value } : range;
  return updateRange(base, field, value);
}

const ceilStep = (seconds: number) => Math.ceil(seconds / TIME_STEP_SECONDS) * TIME_STEP_SECONDS;
const floorStep = (seconds: number) => Math.floor(seconds / TIME_STEP_SECONDS) * TIME_STEP_SECONDS;

/** A wall-clock range's moments in `zone`; null when either is not a time. */
function momentsOf(range: WallClockRange, zone: string): { start: number; end: number } | null {
  const start = zonedSeconds(range.start_date, range.start_time, zone);
  const end = zonedSeconds(range.end_date, range.end_time, zone);
  return start === null || end === null ? null : { start, end };
}

/**
 * A window of the tenant as the form's time: the window itself on the 15-minute steps, from the next step
 * after `now` when it has begun, at most VISIT_MAX_HOURS long. Null when nothing of it can still be booked.
 */
export function windowFill(range: WallClockRange, zone: string, now: Date = new Date()): RangeInput | null {
  const moments = momentsOf(range, zone);
  if (!moments) return null;
  const earliest = floorStep(now.getTime() / 1000) + TIME_STEP_SECONDS;
  const start = ceilStep(Math.max(moments.start, earliest));
  const end = Math.min(floorStep(moments.end), start + VISIT_MAX_HOURS * 3600);
  if (end <= start) return null;
  const from = zonedDateTime(start, zone);
  const to = zonedDateTime(end, zone);
  return { startDate: from.date, startTime: from.time, endDate: to.date, endTime: to.time };
}

/**
 * "Mon, Nov 23, 4:00 PM – 6:00 PM" (the end's date too when it is another day), as the server words a window in
 * English; in the page's language (the server's `availability_strings` and a visit's `text` are English, ADR 0048).
 */
export function windowText(range: WallClockRange): string {
  const day = (date: string) => dayjs(`${date}T00:00:00`).format(dateFormat('weekdayDay'));
  const end =
    range.end_date === range.start_date
      ? timeLabel(range.end_time)
      : `${day(range.end_date)}, ${timeLabel(range.end_time)}`;
  return `${day(range.start_date)}, ${timeLabel(range.start_time)} – ${end}`;
}

export interface WindowChoice {
  key: string;
  /** The window as the details word it. */
  text: string;
  /** What "Use this time" puts in the form. */
  fill: RangeInput;
}

/** The tenant's windows the form offers: those with a time left to book, in the ticket's order. */
export function windowChoices(
  ticket: Pick<ApiTicket, 'availability_ranges' | 'availability_strings' | 'availability_time_zone'>,
  now: Date = new Date(),
): WindowChoice[] {
  const ranges = ticket.availability_ranges;
  return ranges.flatMap((range, index) => {
    const fill = windowFill(range, ticket.availability_time_zone, now);
    if (!fill) return [];
    return [{ key: `${index}-${range.start_date}-${range.start_time}`, text: windowText(range), fill }];
  });
}

/** Whether the chosen time lies inside one of the windows (in `zone`); null while it is not a time yet. */
export function insideWindow(
  values: RangeInput,
  windows: readonly WallClockRange[],
  zone: string,
): boolean | null {
  const chosen = momentsOf(visitPayload(values).visit, zone);
  if (!chosen || chosen.end <= chosen.start) return null;
  return windows.some((window) => {
    const moments = momentsOf(window, zone);
    return moments !== null && moments.start <= chosen.start && chosen.end <= moments.end;
  });
}
