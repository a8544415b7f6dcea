/**
 * Owners reminded of an estimate still waiting for their approval (issue 26): a job of the due-work worker. In one
 * transaction it claims the estimates whose next reminder is due (OWNER_REMINDER_HOURS after the owners were asked;
 * FOR NO KEY UPDATE SKIP LOCKED through the partial index of estimates awaiting an owner), emails each owner its link
 * again and counts the reminder, so each is sent once, even with several workers; a crash rolls back and the next look
 * sends it.
 */
import { OWNER_REMINDER_HOURS } from '@mend/shared';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { landlords, properties, ticketCosts, tickets, units, users } from '../../db/schema';
import type { DueJob } from '../../lib/due-work';
import type { MessagingContext } from '../../lib/outbox/context';
import { displayName } from '../users/serialize';
import { askOwners } from './owner-links';

/** The hours after the owners were asked at which the `n`th reminder (0-based) is due, as SQL. */
const nextReminderDue = sql`${ticketCosts.ownerAskedAt} + make_interval(hours => (${sql.raw(
  `array[${OWNER_REMINDER_HOURS.join(', ')}]`,
)})[${ticketCosts.ownerReminders} + 1])`;

export async function remindOwners(
  db: Db,
  messaging: MessagingContext,
  now: Date,
  batch: number,
): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({
        cost: ticketCosts,
        ticketTitle: tickets.title,
        propertyName: properties.name,
        landlordId: properties.landlordId,
        unitName: units.name,
        limit: landlords.approvalLimitCents,
        contractor: {
          firstName: users.firstName,
          lastName: users.lastName,
          companyName: users.companyName,
          email: users.email,
        },
      })
      .from(ticketCosts)
      .innerJoin(tickets, eq(tickets.id, ticketCosts.ticketId))
      .innerJoin(properties, eq(properties.id, tickets.propertyId))
      .leftJoin(landlords, eq(landlords.id, properties.landlordId))
      .leftJoin(units, eq(units.id, tickets.unitId))
      .leftJoin(users, eq(users.id, ticketCosts.contractorId))
      .where(
        and(
          eq(ticketCosts.state, 'awaiting_owner'),
          lt(ticketCosts.ownerReminders, OWNER_REMINDER_HOURS.length),
          sql`${nextReminderDue} <= ${now.toISOString()}::timestamptz`,
        ),
      )
      .orderBy(asc(ticketCosts.ownerAskedAt), asc(ticketCosts.id))
      .limit(batch)
      .for('no key update', { of: ticketCosts, skipLocked: true });
    for (const row of due) {
      await tx
        .update(ticketCosts)
        .set({ ownerReminders: row.cost.ownerReminders + 1, updatedAt: sql`${ticketCosts.updatedAt}` })
        .where(eq(ticketCosts.id, row.cost.id));
      await askOwners(
        tx,
        messaging,
        row.cost,
        {
          id: row.cost.ticketId,
          title: row.ticketTitle,
          propertyName: row.propertyName,
          unitName: row.unitName,
          landlordId: row.landlordId,
        },
        {
          contractorName: row.contractor ? displayName(row.contractor) : '',
          limitCents: row.limit ?? 0,
        },
        true,
      );
    }
    return due.length;
  });
}

export function ownerRemindersJob(db: Db, messaging: MessagingContext): DueJob {
  return { name: 'owner_reminders', run: (now, batch) => remindOwners(db, messaging, now, batch) };
}
