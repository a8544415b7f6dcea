/**
 * The visit of a ticket's assigned contractor (issue 25): who may do what, and every change in one transaction with
 * the ticket's status, its activity-log lines and its messages.
 *
 * - Book: the contractor that accepted the job (`visit.book`), on an open ticket (409 closed). Inside one of the
 *   tenant's availability windows the visit is booked and the ticket Scheduled; outside them it is proposed, and the
 *   tenant confirms (booked, Scheduled) or refuses it (`visit.answer`). Booking again replaces the visit proposed or
 *   booked (its line says it was moved): at most one is, which a unique index holds even for two requests at once.
 * - Cancel: that contractor or staff (`visit.cancel`); a Scheduled ticket goes back to Open.
 * - Unassigning or replacing the contractor cancels its visit too (`cancelActiveVisit`, from the assignments).
 * - Every change locks the ticket first (assignments/queries.ts `lockTicket`); time is the app's clock (`now`).
 */
import {
  type ApiTicketAssignmentResponse,
  can,
  en,
  format,
  isClosedStatus,
  STATUS,
  visitReasonSchema,
  visitSchema,
} from '@mend/shared';
import { and, eq, gte, inArray, lte } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { type TicketVisitRow, ticketAvailability, ticketLog, ticketVisits } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import { AppError, forbidden, notFound } from '../../lib/errors';
import { parseForm } from '../../lib/record-helpers';
import { assignmentOf, type LockedTicket, lockTicket, nameOf } from '../assignments/queries';
import { findTicketRow, type TicketJoinedRow } from '../tickets/queries';
import { answerWithTicket, type Viewer } from '../tickets/service';
import { writeStatus } from '../tickets/status';
import { queueWebhookEvent } from '../webhooks/events';
import { notifyVisit, type VisitEvent } from './notify';
import { visitText } from './serialize';

const v = en.tickets.visits;
const conflict = (message: string) => new AppError(409, message);

/** Who acted: its id (null for the app itself). */
type By = { id: number } | null;

async function visibleTicket(db: Db, viewer: Viewer, ticketId: number): Promise<TicketJoinedRow> {
  const row = await findTicketRow(db, viewer, ticketId);
  if (!row) throw notFound();
  return row;
}

/** The visit proposed or booked now, locked for the change. */
async function activeVisit(tx: Tx, ticketId: number): Promise<TicketVisitRow | undefined> {
  const [row] = await tx
    .select()
    .from(ticketVisits)
    .where(and(eq(ticketVisits.ticketId, ticketId), inArray(ticketVisits.state, ['proposed', 'booked'])))
    .for('update');
  return row;
}

function logLine(
  ticketId: number,
  by: By,
  action: string,
  description: string,
  data: Record<string, unknown>,
) {
  return { ticketId, userId: by?.id ?? null, action, description, data };
}

async function tell(
  tx: Tx,
  ctx: Pick<ServiceContext, 'messaging'>,
  ticket: LockedTicket,
  visit: TicketVisitRow,
  event: VisitEvent,
  by: By,
) {
  const news = {
    visit,
    zone: ticket.timeZone,
    contractorId: visit.contractorId,
    contractorName: visit.contractorId === null ? '' : await nameOf(tx, visit.contractorId),
  };
  await notifyVisit(tx, ctx.messaging, ticket, news, event, by?.id ?? null);
}

/** The ticket locked for the change; 404 once deleted. */
async function lockWithTenant(tx: Tx, ticketId: number): Promise<LockedTicket> {
  const ticket = await lockTicket(tx, ticketId);
  if (!ticket) throw notFound();
  return ticket;
}

/**
 * Cancels the ticket's visit proposed or booked now, with its log line (`reason`: why, e.g. the contractor no longer
 * holds the job); a Scheduled ticket goes back to Open. Nothing when there is none. In the caller's transaction.
 */
export async function cancelActiveVisit(
  tx: Tx,
  ctx: Pick<ServiceContext, 'messaging'>,
  ticketId: number,
  by: By,
  reason: string,
  now: Date,
): Promise<boolean> {
  const visit = await activeVisit(tx, ticketId);
  if (!visit) return false;
  const ticket = await lockWithTenant(tx, ticketId);
  const [cancelled] = await tx
    .update(ticketVisits)
    .set({ state: 'cancelled', reason })
    .where(eq(ticketVisits.id, visit.id))
    .returning();
  const time = visitText(visit, ticket.timeZone);
  const description = reason
    ? format(v.log.cancelledBecause, { time, reason })
    : format(v.log.cancelled, { time });
  await tx
    .insert(ticketLog)
    .values(logLine(ticketId, by, 'visit_cancelled', description, { visit: visit.id }));
  if (ticket.status === STATUS.scheduled) await writeStatus(tx, ctx.messaging, ticket, STATUS.open, by, now);
  await tell(tx, ctx, ticket, cancelled, 'cancelled', by);
  return true;
}

// ---------------------------------------------------------------------------------------------------------
// The contractor books

/** Whether the tenant's availability holds the whole visit. */
async function insideWindow(tx: Tx, ticketId: number, start: Date, end: Date): Promise<boolean> {
  const [found] = await tx
    .select({ id: ticketAvailability.id })
    .from(ticketAvailability)
    .where(
      and(
        eq(ticketAvailability.ticketId, ticketId),
        lte(ticketAvailability.startsAt, start),
        gte(ticketAvailability.endsAt, end),
      ),
    )
    .limit(1);
  return found !== undefined;
}

/** POST tickets/{id}/visits: book a visit (or propose one outside the tenant's windows), or another time for it. */
export async function bookVisit(
  ctx: ServiceContext,
  viewer: Viewer,
  ticketId: number,
  body: unknown,
  now: Date,
): Promise<ApiTicketAssignmentResponse> {
  const row = await visibleTicket(ctx.db, viewer, ticketId);
  const holder = {
    contractorId: row.assignment?.contractorId ?? null,
    assignmentState: row.assignment?.state ?? null,
  };
  if (!can(viewer, 'visit.book', holder)) throw forbidden(v.notYourJob);
  if (isClosedStatus(row.ticket.status)) throw conflict(v.closedTicket);
  const { values } = await parseForm(visitSchema(now, row.property.timeZone), body, [], null);
  const startsAt = new Date(values.visit.start * 1000);
  const endsAt = new Date(values.visit.end * 1000);
  const booked = await ctx.db.transaction(async (tx) => {
    const ticket = await lockWithTenant(tx, ticketId);
    if (isClosedStatus(ticket.status)) throw conflict(v.closedTicket);
    // The job may have changed hands while the form was filled.
    const holding = await assignmentOf(tx, ticketId);
    const stillHolds = {
      contractorId: holding?.contractorId ?? null,
      assignmentState: holding?.state ?? null,
    };
    if (!can(viewer, 'visit.book', stillHolds)) throw forbidden(v.notYourJob);
    const previous = await activeVisit(tx, ticketId);
    if (previous) {
      await tx.update(ticketVisits).set({ state: 'cancelled' }).where(eq(ticketVisits.id, previous.id));
      const time = visitText(previous, ticket.timeZone);
      await tx.insert(ticketLog).values(
        logLine(ticketId, viewer, 'visit_rescheduled', format(v.log.rescheduled, { time }), {
          visit: previous.id,
        }),
      );
    }
    const inWindow = await insideWindow(tx, ticketId, startsAt, endsAt);
    const [visit] = await tx
      .insert(ticketVisits)
      .values({
        ticketId,
        contractorId: viewer.id,
        propertyId: ticket.propertyId,
        state: inWindow ? 'booked' : 'proposed',
        startsAt,
        endsAt,
        inWindow,
        createdAt: now,
      })
      .returning();
    const time = visitText(visit, ticket.timeZone);
    await tx.insert(ticketLog).values(
      logLine(
        ticketId,
        viewer,
        inWindow ? 'visit_booked' : 'visit_proposed',
        format(inWindow ? v.log.booked : v.log.proposed, { time }),
        {
          visit: visit.id,
        },
      ),
    );
    if (inWindow) await writeStatus(tx, ctx.messaging, ticket, STATUS.scheduled, viewer, now);
    else if (ticket.status === STATUS.scheduled)
      await writeStatus(tx, ctx.messaging, ticket, STATUS.open, viewer, now);
    await tell(tx, ctx, ticket, visit, inWindow ? 'booked' : 'proposed', viewer);
    if (inWindow) await queueVisitBooked(tx, ctx, visit, now);
    return { inWindow, time };
  });
  const message = format(booked.inWindow ? v.booked : v.proposed, { time: booked.time });
  return answerWithTicket(ctx.db, viewer, ticketId, message);
}

/** The webhooks' `visit.booked`: a time inside the tenant's windows, or a proposed one the tenant confirmed. */
async function queueVisitBooked(
  tx: Tx,
  ctx: ServiceContext,
  visit: TicketVisitRow,
  now: Date,
): Promise<void> {
  await queueWebhookEvent(
    tx,
    ctx.messaging.appUrl,
    'visit.booked',
    visit.ticketId,
    {
      visit: {
        id: visit.id,
        contractor_id: visit.contractorId,
        starts_at: visit.startsAt.toISOString(),
        ends_at: visit.endsAt.toISOString(),
        in_window: visit.inWindow,
      },
    },
    now,
  );
}

// ---------------------------------------------------------------------------------------------------------
// The tenant answers a proposal; the contractor or staff cancel

/** The visit `visitId` of the ticket, locked, if it is the one proposed or booked now; 409 otherwise. */
async function theActiveVisit(tx: Tx, ticketId: number, visitId: number): Promise<TicketVisitRow> {
  const visit = await activeVisit(tx, ticketId);
  if (!visit || visit.id !== visitId) throw conflict(v.noVisit);
  return visit;
}

/** POST tickets/{id}/visits/{visitId}/confirm and …/refuse: the tenant answers a proposed time. */
export async function answerVisit(
  ctx: ServiceContext,
  viewer: Viewer,
  ticketId: number,
  visitId: number,
  confirm: boolean,
  body: unknown,
  now: Date,
): Promise<ApiTicketAssignmentResponse> {
  const row = await visibleTicket(ctx.db, viewer, ticketId);
  if (!can(viewer, 'visit.answer', { tenantId: row.ticket.tenantId, visitState: 'proposed' }))
    throw forbidden();
  const reason = confirm ? '' : (await parseForm(visitReasonSchema, body, [], null)).values.reason;
  await ctx.db.transaction(async (tx) => {
    const ticket = await lockWithTenant(tx, ticketId);
    const visit = await theActiveVisit(tx, ticketId, visitId);
    if (!can(viewer, 'visit.answer', { tenantId: ticket.tenantId, visitState: visit.state }))
      throw conflict(v.notProposed);
    const [answered] = await tx
      .update(ticketVisits)
      .set(confirm ? { state: 'booked' } : { state: 'refused', reason })
      .where(eq(ticketVisits.id, visit.id))
      .returning();
    const time = visitText(visit, ticket.timeZone);
    const description = confirm
      ? format(v.log.confirmed, { time })
      : reason
        ? format(v.log.refusedBecause, { time, reason })
        : format(v.log.refused, { time });
    await tx.insert(ticketLog).values(
      logLine(ticketId, viewer, confirm ? 'visit_confirmed' : 'visit_refused', description, {
        visit: visit.id,
      }),
    );
    if (confirm && !isClosedStatus(ticket.status))
      await writeStatus(tx, ctx.messaging, ticket, STATUS.scheduled, viewer, now);
    await tell(tx, ctx, ticket, answered, confirm ? 'confirmed' : 'refused', viewer);
    if (confirm) await queueVisitBooked(tx, ctx, answered, now);
  });
  return answerWithTicket(ctx.db, viewer, ticketId, confirm ? v.confirmed : v.refused);
}

/** POST tickets/{id}/visits/{visitId}/cancel: the contractor that holds the job, or staff. */
export async function cancelVisit(
  ctx: ServiceContext,
  viewer: Viewer,
  ticketId: number,
  visitId: number,
  body: unknown,
  now: Date,
): Promise<ApiTicketAssignmentResponse> {
  const row = await visibleTicket(ctx.db, viewer, ticketId);
  const subject = {
    visitState: 'booked' as const,
    contractorId: row.assignment?.contractorId ?? null,
    landlordId: row.property.landlordId,
  };
  if (!can(viewer, 'visit.cancel', subject)) throw forbidden();
  const { values } = await parseForm(visitReasonSchema, body, [], null);
  await ctx.db.transaction(async (tx) => {
    await lockWithTenant(tx, ticketId);
    await theActiveVisit(tx, ticketId, visitId);
    await cancelActiveVisit(tx, ctx, ticketId, viewer, values.reason, now);
  });
  return answerWithTicket(ctx.db, viewer, ticketId, v.cancelled);
}
