/**
 * The managers are alerted once when an assigned contractor has not answered within its landlord's hours (issue 25).
 * A job of the due-work worker (lib/due-work.ts): in one transaction it claims the pending, unalerted assignments whose
 * `respond_by` has passed (`FOR UPDATE SKIP LOCKED`, by the partial index of exactly those), marks each alerted, writes
 * its log line and its messages. Two processes never alert twice; a crash alerts on the next look.
 */
import { en, format } from '@mend/shared';
import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ticketAssignments, ticketLog } from '../../db/schema';
import type { DueJob } from '../../lib/due-work';
import type { MessagingContext } from '../../lib/outbox/context';
import { notifyUnanswered } from './notify';
import { nameOf, readTicket } from './queries';

const a = en.tickets.assignment;
const HOUR_MS = 60 * 60 * 1000;

/** Alerts the managers of up to `batch` assignments unanswered at `now`; answers how many. */
export async function alertUnansweredAssignments(
  db: Db,
  messaging: MessagingContext,
  now: Date,
  batch: number,
): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(ticketAssignments)
      .where(
        and(
          eq(ticketAssignments.state, 'pending'),
          isNull(ticketAssignments.alertedAt),
          lte(ticketAssignments.respondBy, now),
        ),
      )
      .orderBy(asc(ticketAssignments.respondBy), asc(ticketAssignments.ticketId))
      .limit(batch)
      .for('update', { skipLocked: true });
    for (const assignment of due) {
      await tx
        .update(ticketAssignments)
        .set({ alertedAt: now })
        .where(eq(ticketAssignments.ticketId, assignment.ticketId));
      const ticket = await readTicket(tx, assignment.ticketId);
      if (!ticket) continue;
      const contractor = await nameOf(tx, assignment.contractorId);
      // The hours it had, as the landlord set them when it was assigned.
      const hours = Math.round((assignment.respondBy.getTime() - assignment.assignedAt.getTime()) / HOUR_MS);
      await tx.insert(ticketLog).values({
        ticketId: ticket.id,
        userId: null,
        action: 'assignment_unanswered',
        description: format(a.log.unanswered, { name: contractor, hours }),
        data: { contractor: assignment.contractorId, visibility: 'contractor' },
      });
      await notifyUnanswered(tx, messaging, ticket, assignment, contractor, hours);
    }
    return due.length;
  });
}

export function unansweredAssignmentsJob(db: Db, messaging: MessagingContext): DueJob {
  return {
    name: 'assignment_alerts',
    run: (now, batch) => alertUnansweredAssignments(db, messaging, now, batch),
  };
}
