/**
 * The form that changes a ticket's due times (issue 26; `can.change_due`) without React: where it goes, its values
 * (a wall-clock date and time at the property for each due time, as visits are entered), the body it sends and the
 * shared ticketDueSchema read in the property's zone.
 */
import { type ApiTicketDue, ticketDueSchema } from '@mend/shared';
import type { ParsingSchema } from '../../../components/forms/zod-errors';
import { t } from '../../../lib/translations';

const D = t.ticketScreens.due;

/** PATCH: a ticket's due times (staff of its landlord). */
export const duePath = (ticketId: number) => `tickets/${ticketId}/due`;

/** The form's values: a date (`YYYY-MM-DD`) and a time (`HH:mm`) at the property for each due time. */
export interface DueFormValues extends Record<string, unknown> {
  respondDate: string | null;
  respondTime: string;
  resolveDate: string | null;
  resolveTime: string;
}

/** The two due times, each the body's field (and its error's), with the form's fields of its date and time. */
export const DUE_PARTS = [
  { field: 'respond_by', date: 'respondDate', time: 'respondTime', label: D.respondBy },
  { field: 'resolve_by', date: 'resolveDate', time: 'resolveTime', label: D.resolveBy },
] as const;

export type DueField = (typeof DUE_PARTS)[number]['field'];

/** The form starts from the ticket's due times. */
export function dueFormValues(due: Pick<ApiTicketDue, 'respond_by' | 'resolve_by'>): DueFormValues {
  return {
    respondDate: due.respond_by.date || null,
    respondTime: due.respond_by.time,
    resolveDate: due.resolve_by.date || null,
    resolveTime: due.resolve_by.time,
  };
}

/** The body of PATCH tickets/{id}/due (sent as `respond_by[date]`, `respond_by[time]` ...). */
export function duePayload(values: DueFormValues): Record<DueField, { date: string; time: string }> {
  return {
    respond_by: { date: values.respondDate ?? '', time: values.respondTime.trim() },
    resolve_by: { date: values.resolveDate ?? '', time: values.resolveTime.trim() },
  };
}

/** The shared ticketDueSchema on the body the form sends, in the property's zone (its errors on each due time). */
export function dueFormSchema(timeZone: string): ParsingSchema {
  const schema = ticketDueSchema(timeZone);
  return { safeParse: (values) => schema.safeParse(duePayload(values as DueFormValues)) };
}

/** The error shown with a due time: its own, or (from the server) one of its date's or time's. */
export function dueFieldError(errors: Record<string, unknown>, field: DueField): string | null {
  for (const [key, message] of Object.entries(errors))
    if ((key === field || key.startsWith(`${field}.`)) && typeof message === 'string' && message)
      return message;
  return null;
}
