/**
 * A ticket's status on screen, no React: the colour of its tag, the optimistic patch of a cached ticket
 * when it changes, and the closed-date text of the details (SPEC.md sections 2 and 4; none while open).
 */
import {
  type ApiTicketLogEntry,
  type ApiTicketSummary,
  isClosedStatus,
  statusSlug,
  statusText,
} from '@mend/shared';
import dayjs from 'dayjs';
import { dateFormat } from '../../lib/dates';

/** Tag colours by status slug (DESIGN.md statuses); anything unknown is gray. */
const STATUS_COLORS: Record<string, string> = {
  open: 'blue',
  scheduled: 'violet',
  'in-progress': 'orange',
  completed: 'teal',
  cancelled: 'gray',
};

export function statusColor(slug: string): string {
  return STATUS_COLORS[slug] ?? 'gray';
}

/**
 * A cached ticket with a new status, as shown until the server answers (optimistic update). Its text and slug are
 * the server's, English: the screens show the status by its value in the page's language, the slug gives the colour.
 */
export function withStatus<
  T extends Pick<ApiTicketSummary, 'status' | 'status_text' | 'status_slug' | 'closed_at'>,
>(ticket: T, status: number, now: Date = new Date()): T {
  const closed = isClosedStatus(status);
  const text = statusText(status);
  return {
    ...ticket,
    status,
    status_text: text,
    status_slug: statusSlug(text),
    closed_at: closed ? (isClosedStatus(ticket.status) ? ticket.closed_at : now.toISOString()) : null,
  };
}

/** Log entries that mention complete or cancelled mark the closing (SPEC.md section 2). */
const CLOSING_WORDS = /complet|cancel/i;

export interface ClosedDateSource {
  status: number;
  closed_at: string | null;
  updated_at: string;
  log?: readonly Pick<ApiTicketLogEntry, 'description' | 'timestamp'>[];
}

/**
 * The closed date: none while the status is below 3 (SPEC.md section 4: an open ticket shows no closing
 * date, so the details leave the line out rather than read "Closed: Open"); otherwise the closing time (the
 * server's closed_at, else the newest log entry mentioning complete or cancelled, else the last update).
 */
export function closedDateText(
  ticket: ClosedDateSource,
  formatDate: (moment: dayjs.Dayjs) => string = (moment) => moment.format(dateFormat('dateTime')),
): string | null {
  if (!isClosedStatus(ticket.status)) return null;
  if (ticket.closed_at) return formatDate(dayjs(ticket.closed_at));
  const closing = (ticket.log ?? [])
    .filter((entry) => CLOSING_WORDS.test(entry.description))
    .reduce<number | null>((newest, entry) => Math.max(newest ?? 0, entry.timestamp), null);
  if (closing !== null) return formatDate(dayjs.unix(closing));
  return formatDate(dayjs(ticket.updated_at));
}
