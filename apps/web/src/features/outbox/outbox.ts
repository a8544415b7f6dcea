/** The small rules of the Outbox screen (row shapes in @mend/shared api-accounts.ts). */
import type { ApiOutboxMessage, ApiOutboxStatus } from '@mend/shared';

export type { ApiOutboxMessage };
export type OutboxStatus = ApiOutboxStatus;

export const OUTBOX_STATUSES: readonly OutboxStatus[] = ['pending', 'sending', 'sent', 'failed'];

/** Only a failed message can be sent again. */
export function canRetry(message: Pick<ApiOutboxMessage, 'status'>): boolean {
  return message.status === 'failed';
}

export function statusColor(status: string): string {
  switch (status) {
    case 'sent':
      return 'teal';
    case 'failed':
      return 'red';
    case 'sending':
      return 'blue';
    default:
      return 'gray';
  }
}

/** A time as the API answers it (ISO text or seconds since the epoch) as a Date, or null. */
export function toDate(value: string | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = typeof value === 'number' ? new Date(value * 1000) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "ticket.status_changed" → "Ticket status changed". */
export function kindLabel(kind: string): string {
  const words = kind
    .replace(/[._-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return words ? words[0].toUpperCase() + words.slice(1) : '';
}
