/**
 * Reminders of a booked visit (issue 25), 24 hours and 1 hour before it, to the tenant and the contractor by their
 * reminder options. A job of the due-work worker (lib/due-work.ts): in one transaction it claims the booked visits whose
 * next reminder is due (`FOR UPDATE SKIP LOCKED`, by the partial index of the visits still to remind), records it
 * (`reminded_24_at` / `reminded_1_at`), writes its log line and its messages. A visit booked less than an hour ahead
 * gets the 1-hour reminder alone (the day-before one is marked skipped), and a visit of a ticket completed or
 * cancelled meanwhile is marked without a message. Two processes never send one twice; a crash sends on the next look.
 */
import { en, format, isClosedStatus, VISIT_REMINDER_HOURS } from '@mend/shared';
import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ticketLog, ticketVisits } from '../../db/schema';
import type { DueJob } from '../../lib/due-work';
import type { MessagingContext } from '../../lib/outbox/context';
import { nameOf, readTicket } from '../assignments/queries';
import { notifyReminder } from './notify';

const HOUR_MS = 60 * 60 * 1000;
const [DAY_BEFORE, HOUR_BEFORE] = VISIT_REMINDER_HOURS;
const v = en.tickets.visits;

/** Sends the reminders due at `now` of up to `batch` visits; answers how many visits it took. */
export async function sendVisitReminders(
  db: Db,
  messaging: MessagingContext,
  now: Date,
  batch: number,
): Promise<number> {
  const dayAhead = new Date(now.getTime() + DAY_BEFORE * HOUR_MS);
  const hourAhead = new Date(now.getTime() + HOUR_BEFORE * HOUR_MS);
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(ticketVisits)
      .where(
        and(
          eq(ticketVisits.state, 'booked'),
          isNull(ticketVisits.remindedHourBeforeAt),
          gt(ticketVisits.startsAt, now),
          lte(ticketVisits.startsAt, dayAhead),
          or(isNull(ticketVisits.remindedDayBeforeAt), lte(ticketVisits.startsAt, hourAhead)),
        ),
      )
      .orderBy(asc(ticketVisits.startsAt), asc(ticketVisits.id))
      .limit(batch)
      .for('update', { skipLocked: true });
    for (const visit of due) {
      const soon = visit.startsAt.getTime() <= hourAhead.getTime();
      await tx
        .update(ticketVisits)
        .set(
          soon
            ? {
                remindedHourBeforeAt: now,
                remindedDayBeforeAt: sql`coalesce(${ticketVisits.remindedDayBeforeAt}, ${now})`,
              }
            : { remindedDayBeforeAt: now },
        )
        .where(eq(ticketVisits.id, visit.id));
      const ticket = await readTicket(tx, visit.ticketId);
      if (!ticket || isClosedStatus(ticket.status)) continue;
      const hours = soon ? HOUR_BEFORE : DAY_BEFORE;
      await tx.insert(ticketLog).values({
        ticketId: ticket.id,
        userId: null,
        action: 'visit_reminded',
        description: format(v.log.reminded, { hours }),
        data: { visit: visit.id, hours_before: hours },
      });
      const news = {
        visit,
        zone: ticket.timeZone,
        contractorId: visit.contractorId,
        contractorName: visit.contractorId === null ? '' : await nameOf(tx, visit.contractorId),
      };
      await notifyReminder(tx, messaging, ticket, news, hours);
    }
    return due.length;
  });
}

export function visitRemindersJob(db: Db, messaging: MessagingContext): DueJob {
  return { name: 'visit_reminders', run: (now, batch) => sendVisitReminders(db, messaging, now, batch) };
}
