/**
 * A ticket's status written, wherever it changes (the ticket's own calls, a visit booked or cancelled, the tenant's
 * reopening): the column with its closing time, the activity-log line, the webhooks' event, and what the change means
 * for the tenant's sign-off (signoffs/ask.ts). Who is told is the caller's: each change has its own message.
 */
import { en, format, isClosedStatus, statusText } from '@mend/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { ticketLog, tickets } from '../../db/schema';
import type { MessagingContext } from '../../lib/outbox/context';
import { signoffOnStatusChange } from '../signoffs/ask';
import { queueWebhookEvent } from '../webhooks/events';

/**
 * A ticket's first response (issue 26), kept once: someone acted on it, by changing its status or assigning a
 * contractor. Its next due time then becomes its resolution's.
 */
export const respondedBy = (now: Date) =>
  sql`coalesce(${tickets.respondedAt}, ${now.toISOString()}::timestamptz)`;

/**
 * Marks a ticket answered at `now` unless it already was (assigning a contractor: assignments/service.ts). Bookkeeping,
 * not an edit of the ticket: its last update stays as it was, as before due times existed.
 */
export async function markResponded(tx: Tx, ticketId: number, now: Date): Promise<void> {
  await tx
    .update(tickets)
    .set({ respondedAt: now, updatedAt: sql`${tickets.updatedAt}` })
    .where(and(eq(tickets.id, ticketId), isNull(tickets.respondedAt)));
}

/** The activity-log line of a status change. */
export function statusLogLine(ticketId: number, by: { id: number } | null, from: number, to: number) {
  return {
    ticketId,
    userId: by?.id ?? null,
    action: 'status_changed',
    description: format(en.tickets.log.statusChanged, { from: statusText(from), to: statusText(to) }),
    data: { from, to },
  };
}

/**
 * Sets a new status (closed_at set whenever the ticket enters a closed status, cleared when it is reopened), its log
 * line and its sign-off; nothing when it is unchanged. Answers the tenant asked to sign off, or null.
 */
export async function writeStatus(
  tx: Tx,
  messaging: MessagingContext,
  ticket: { id: number; status: number },
  status: number,
  by: { id: number } | null,
  now: Date,
): Promise<number | null> {
  if (ticket.status === status) return null;
  await tx
    .update(tickets)
    .set({
      status,
      closedAt: isClosedStatus(status) ? now : null,
      updatedAt: now,
      respondedAt: respondedBy(now),
    })
    .where(eq(tickets.id, ticket.id));
  await tx.insert(ticketLog).values(statusLogLine(ticket.id, by, ticket.status, status));
  await queueWebhookEvent(
    tx,
    messaging.appUrl,
    'ticket.status_changed',
    ticket.id,
    {
      from: ticket.status,
      to: status,
    },
    now,
  );
  return signoffOnStatusChange(tx, messaging, ticket.id, ticket.status, status, by, now);
}
