/**
 * A ticket that misses a target alerts its landlord's managers once (issue 26): a job of the due-work worker
 * (lib/due-work.ts). In one transaction it claims the open tickets whose next due time (`due_at`) has passed and was not
 * yet alerted (`breached_due_at` differs; FOR UPDATE SKIP LOCKED, by the partial index of exactly those), records the
 * due time it alerted, writes the log line and the messages (in the app, and by email, SMS or voice as each manager's
 * options say). Two processes never alert twice; a crash alerts on the next look. A ticket alerted of its response
 * is alerted again of its resolution when that passes too, and of a due time a manager set anew.
 */
import { en, format, type TargetKind } from '@mend/shared';
import { and, asc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { properties, ticketLog, tickets, units } from '../../db/schema';
import type { DueJob } from '../../lib/due-work';
import { ticketNoticeEmail } from '../../lib/mail/templates';
import type { MessagingContext } from '../../lib/outbox/context';
import { displayName } from '../users/serialize';
import { DUE_LOG_VISIBILITY } from './due-log';
import { unitNameColumn } from './place';
import { managersOf, notify, ticketVars } from './routing';
import { momentText } from './time-zones';

const d = en.tickets.due;

/** Alerts the managers of up to `batch` tickets past a due time at `now`; answers how many. */
export async function alertBreaches(
  db: Db,
  messaging: MessagingContext,
  now: Date,
  batch: number,
): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({
        id: tickets.id,
        title: tickets.title,
        dueAt: tickets.dueAt,
        respondedAt: tickets.respondedAt,
        propertyName: properties.name,
        unitName: unitNameColumn,
        landlordId: properties.landlordId,
        timeZone: properties.timeZone,
      })
      .from(tickets)
      .leftJoin(units, eq(units.id, tickets.unitId))
      .innerJoin(properties, eq(properties.id, tickets.propertyId))
      .where(
        and(
          isNotNull(tickets.dueAt),
          sql`${tickets.breachedDueAt} is distinct from ${tickets.dueAt}`,
          lte(tickets.dueAt, now),
        ),
      )
      .orderBy(asc(tickets.dueAt), asc(tickets.id))
      .limit(batch)
      .for('no key update', { of: tickets, skipLocked: true });
    for (const ticket of due) {
      if (!ticket.dueAt) continue;
      // An alert is not an edit of the ticket: its last update (what lists show and sort by) stays as it was.
      await tx
        .update(tickets)
        .set({ breachedDueAt: ticket.dueAt, updatedAt: sql`${tickets.updatedAt}` })
        .where(eq(tickets.id, ticket.id));
      const kind: TargetKind = ticket.respondedAt === null ? 'response' : 'resolution';
      const dueText = momentText(ticket.dueAt, ticket.timeZone);
      await tx.insert(ticketLog).values({
        ticketId: ticket.id,
        userId: null,
        action: kind === 'response' ? 'response_breached' : 'resolution_breached',
        description: format(kind === 'response' ? d.log.breachedResponse : d.log.breachedResolution, {
          due: dueText,
        }),
        data: { due_at: ticket.dueAt.toISOString(), kind, visibility: DUE_LOG_VISIBILITY },
      });
      if (ticket.landlordId === null) continue;
      const dueAt = ticket.dueAt;
      await notify(tx, messaging, await managersOf(tx, ticket.landlordId), ticket, (w) => {
        const due = momentText(dueAt, ticket.timeZone, w.language);
        const vars = {
          ...ticketVars(messaging.appUrl, ticket, w),
          kind: w.t.tickets.due.kinds[kind],
          due,
        };
        const texts = w.t.tickets.due;
        const mt = w.t.mail.ticket;
        return {
          notification: {
            title: w.format(texts.notifications.breached, vars),
            description: w.format(texts.notifications.breachedDescription, vars),
          },
          message: {
            kind: 'ticket.due_breached',
            email: (manager, unsubscribeUrl) =>
              ticketNoticeEmail(
                w,
                vars,
                {
                  subject: w.format(texts.outbox.breachedSubject, vars),
                  intro: w.format(mt.breachedIntro, vars),
                  facts: [[mt.dueWas, due]],
                  action: { label: mt.open, url: vars.link },
                },
                displayName(manager),
                unsubscribeUrl,
              ),
            sms: w.format(texts.outbox.breachedSms, vars),
            voice: w.format(texts.outbox.breachedVoice, vars),
          },
        };
      });
    }
    return due.length;
  });
}

export function breachesJob(db: Db, messaging: MessagingContext): DueJob {
  return { name: 'due_breaches', run: (now, batch) => alertBreaches(db, messaging, now, batch) };
}
