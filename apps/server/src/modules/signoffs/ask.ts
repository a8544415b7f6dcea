/**
 * A ticket's status change as the sign-off sees it (issue 25), in the change's own transaction (tickets/status.ts):
 * - it became Completed: its tenant is asked whether the repair is done (a `ticket_signoffs` row, a log line, the
 *   message with the signed link), about the contractor that holds the job;
 * - it left Completed another way than the tenant's reopening (staff reopened or cancelled it): the question still
 *   asked is withdrawn, so its link and its buttons no longer answer.
 */
import { en, STATUS } from '@mend/shared';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { ticketLog, ticketSignoffs } from '../../db/schema';
import type { MessagingContext } from '../../lib/outbox/context';
import { assignmentOf, readTicket } from '../assignments/queries';
import { notifySignoffAsked } from './notify';

/** Answers the tenant asked (who need not also hear of the status change), or null when nobody was. */
export async function signoffOnStatusChange(
  tx: Tx,
  messaging: MessagingContext,
  ticketId: number,
  from: number,
  to: number,
  by: { id: number } | null,
  now: Date,
): Promise<number | null> {
  if (from === to) return null;
  if (from === STATUS.completed)
    await tx
      .update(ticketSignoffs)
      .set({ state: 'withdrawn' })
      .where(and(eq(ticketSignoffs.ticketId, ticketId), eq(ticketSignoffs.state, 'asked')));
  if (to !== STATUS.completed) return null;
  const ticket = await readTicket(tx, ticketId);
  if (!ticket || ticket.tenantId === null) return null;
  const assignment = await assignmentOf(tx, ticketId);
  const holder = assignment && assignment.state !== 'declined' ? assignment.contractorId : null;
  const [signoff] = await tx
    .insert(ticketSignoffs)
    .values({
      ticketId,
      tenantId: ticket.tenantId,
      contractorId: holder,
      landlordId: ticket.landlordId,
      state: 'asked',
      askedAt: now,
    })
    .returning();
  await tx.insert(ticketLog).values({
    ticketId,
    userId: null,
    action: 'signoff_asked',
    description: en.tickets.signoff.log.asked,
    data: {},
  });
  await notifySignoffAsked(tx, messaging, ticket, { ...signoff, tenantId: ticket.tenantId }, by?.id ?? null);
  return ticket.tenantId;
}
