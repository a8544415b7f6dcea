/**
 * A ticket's due times changed by staff of its landlord (issue 26): read in the time zone of its property, written
 * with a log line that tenants do not read (due times are not shown to them). Whether it is then overdue, and its next
 * breach alert, follow from the new times (tickets.due_at, breaches.ts).
 */
import { type ApiTicket, can, en, format, ticketDueSchema } from '@mend/shared';
import { eq } from 'drizzle-orm';
import { ticketLog, tickets } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import { forbidden, notFound } from '../../lib/errors';
import { queueWebhookEvent } from '../webhooks/events';
import { DUE_LOG_VISIBILITY } from './due-log';
import { asRecord } from './form';
import { findTicketRow } from './queries';
import { loadTicket, type Viewer } from './service';
import { momentText } from './time-zones';

/** PATCH tickets/{id}/due */
export async function changeDueTimes(
  ctx: ServiceContext,
  viewer: Viewer,
  id: number,
  body: unknown,
  now: Date,
): Promise<ApiTicket> {
  const row = await findTicketRow(ctx.db, viewer, id);
  if (!row) throw notFound();
  if (!can(viewer, 'ticket.changeDue', { landlordId: row.property.landlordId })) throw forbidden();
  const zone = row.property.timeZone;
  const values = ticketDueSchema(zone).parse(asRecord(body));
  const respondBy = new Date(values.respond_by * 1000);
  const resolveBy = new Date(values.resolve_by * 1000);
  await ctx.db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ respondBy: tickets.respondBy, resolveBy: tickets.resolveBy })
      .from(tickets)
      .where(eq(tickets.id, id))
      .for('update');
    if (!locked) throw notFound();
    if (
      locked.respondBy.getTime() === respondBy.getTime() &&
      locked.resolveBy.getTime() === resolveBy.getTime()
    )
      return;
    await tx.update(tickets).set({ respondBy, resolveBy, updatedAt: now }).where(eq(tickets.id, id));
    await tx.insert(ticketLog).values({
      ticketId: id,
      userId: viewer.id,
      action: 'due_changed',
      description: format(en.tickets.due.log.changed, {
        respond_by: momentText(respondBy, zone),
        resolve_by: momentText(resolveBy, zone),
      }),
      data: {
        respond_by: respondBy.toISOString(),
        resolve_by: resolveBy.toISOString(),
        visibility: DUE_LOG_VISIBILITY,
      },
    });
    await queueWebhookEvent(
      tx,
      ctx.config.appUrl,
      'ticket.updated',
      id,
      { fields: ['respond_by', 'resolve_by'] },
      now,
    );
  });
  return loadTicket(ctx.db, viewer, id, now);
}
