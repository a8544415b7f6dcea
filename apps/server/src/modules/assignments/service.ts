/**
 * One contractor responsible for a ticket (issue 25): who may do what, and every change in one transaction with its
 * recipient rows, activity-log line and messages.
 *
 * - Staff (the super admin, a manager of the ticket's landlord: `ticket.assign`) assign a contractor the routing
 *   matched or any contractor of the landlord (else 422 on `contractor_id`), reassign (the one before is told) and
 *   unassign, on an open ticket only (409 for a completed or cancelled one, which keeps the assignment it had).
 * - The assigned contractor (`ticket.answerAssignment`) accepts, or declines with a reason, while the assignment is
 *   pending (409 once answered); in the app, or from the signed link of its email or SMS without signing in, which
 *   answers only the assignment it was made for (a reassignment makes a new one: 409 for the old link).
 * - A contractor the routing had not chosen sees the ticket while it holds the job (queries.ts `holdJob`); its visit
 *   is cancelled when it no longer holds it (reassigned, unassigned).
 * - Every change locks the ticket first, so two at once take turns; time is the app's clock (`now`).
 */
import {
  type ApiAssignableContractorList,
  type ApiAssignmentLink,
  type ApiAssignmentLinkAnswer,
  type ApiTicketAssignmentResponse,
  assignmentDeclineSchema,
  assignmentSchema,
  can,
  en,
  format,
  isClosedStatus,
  priorityText,
  visibleId,
} from '@mend/shared';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  properties,
  type TicketAssignmentRow,
  ticketAssignments,
  ticketAvailability,
  ticketLog,
  tickets,
  units,
  users,
} from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import { AppError, fieldError, forbidden, notFound } from '../../lib/errors';
import { parseForm } from '../../lib/record-helpers';
import { verifyTicketLinkToken } from '../../lib/tokens';
import { unitNameColumn } from '../tickets/place';
import { findTicketRow, type TicketJoinedRow } from '../tickets/queries';
import { answerWithTicket, type Viewer } from '../tickets/service';
import { markResponded } from '../tickets/status';
import { availabilityText } from '../tickets/time-zones';
import { displayName, toSeconds } from '../users/serialize';
import { cancelActiveVisit } from '../visits/service';
import { queueWebhookEvent } from '../webhooks/events';
import { notifyAnswered, notifyAssigned, notifyUnassigned } from './notify';
import {
  assignableContractors,
  assignmentOf,
  holdJob,
  type LockedTicket,
  lockTicket,
  nameOf,
  releaseJob,
} from './queries';

const a = en.tickets.assignment;
const HOUR_MS = 60 * 60 * 1000;

const conflict = (message: string) => new AppError(409, message);

/** Who acts: its id and the name written into the log and messages. */
type Person = Pick<Viewer, 'id' | 'name'>;

/** A ticket the viewer sees, or 404; and the 403 of one whose assignment it may not change. */
async function ticketToAssign(db: Db, viewer: Viewer, ticketId: number): Promise<TicketJoinedRow> {
  const row = await findTicketRow(db, viewer, ticketId);
  if (!row) throw notFound();
  if (!can(viewer, 'ticket.assign', { landlordId: row.property.landlordId })) throw forbidden();
  return row;
}

/** The ticket locked for the change, or 404 (deleted meanwhile); 409 once it is closed. */
async function lockOpenTicket(tx: Tx, ticketId: number): Promise<LockedTicket> {
  const ticket = await lockTicket(tx, ticketId);
  if (!ticket) throw notFound();
  if (isClosedStatus(ticket.status)) throw conflict(a.closedTicket);
  return ticket;
}

function logLine(ticketId: number, by: Person | null, action: string, description: string, data = {}) {
  return { ticketId, userId: by?.id ?? null, action, description, data };
}

// ---------------------------------------------------------------------------------------------------------
// Staff

/** GET tickets/{id}/assignable-contractors */
export async function listAssignable(
  db: Db,
  viewer: Viewer,
  ticketId: number,
): Promise<ApiAssignableContractorList> {
  const row = await ticketToAssign(db, viewer, ticketId);
  const found = await assignableContractors(db, ticketId, row.property.landlordId);
  return {
    data: found.map((contractor) => ({
      id: contractor.id,
      name: displayName(contractor),
      company_name: contractor.companyName,
      matched: contractor.matched,
    })),
  };
}

/** PUT tickets/{id}/assignment: assign a contractor, or another one instead (reassign). */
export async function assign(
  ctx: ServiceContext,
  viewer: Viewer,
  ticketId: number,
  body: unknown,
  now: Date,
): Promise<ApiTicketAssignmentResponse> {
  const row = await ticketToAssign(ctx.db, viewer, ticketId);
  const { values } = await parseForm(assignmentSchema, body, [], null);
  const name = await ctx.db.transaction(async (tx) => {
    const ticket = await lockOpenTicket(tx, ticketId);
    const [contractor] = await assignableContractors(
      tx,
      ticketId,
      row.property.landlordId,
      values.contractor_id,
    );
    if (!contractor) throw fieldError('contractor_id', en.validation.assignContractorOfLandlord);
    const contractorName = displayName(contractor);
    const previous = await assignmentOf(tx, ticketId);
    const holds = previous !== undefined && previous.state !== 'declined';
    if (holds && previous.contractorId === contractor.id)
      throw conflict(format(a.alreadyAssigned, { name: contractorName }));
    if (previous) {
      // Its visit goes with the job.
      if (holds) await cancelActiveVisit(tx, ctx, ticketId, viewer, '', now);
      await releaseJob(tx, ticketId, previous.contractorId);
    }
    const fields = {
      contractorId: contractor.id,
      state: 'pending' as const,
      assignedBy: viewer.id,
      assignedAt: now,
      respondBy: new Date(now.getTime() + ticket.responseHours * HOUR_MS),
      answeredAt: null,
      declineReason: '',
      alertedAt: null,
    };
    const [assignment] = await tx
      .insert(ticketAssignments)
      .values({ ticketId, ...fields })
      .onConflictDoUpdate({ target: ticketAssignments.ticketId, set: fields })
      .returning();
    await holdJob(tx, ticket, contractor.id);
    // Assigning a contractor is acting on the ticket: its response target is met (issue 26).
    await markResponded(tx, ticketId, now);
    const description = holds
      ? format(a.log.reassigned, { from: await nameOf(tx, previous.contractorId), name: contractorName })
      : format(a.log.assigned, { name: contractorName });
    await tx.insert(ticketLog).values(
      logLine(ticketId, viewer, holds ? 'reassigned' : 'assigned', description, {
        contractor: contractor.id,
      }),
    );
    if (holds) await notifyUnassigned(tx, ctx.messaging, ticket, previous.contractorId);
    await notifyAssigned(tx, ctx.messaging, ticket, assignment);
    await queueWebhookEvent(
      tx,
      ctx.messaging.appUrl,
      'ticket.assigned',
      ticketId,
      {
        change: holds ? 'reassigned' : 'assigned',
        contractor_id: contractor.id,
        previous_contractor_id: holds ? previous.contractorId : null,
      },
      now,
    );
    return contractorName;
  });
  return answerWithTicket(ctx.db, viewer, ticketId, format(a.assigned, { name }));
}

/** DELETE tickets/{id}/assignment */
export async function unassign(
  ctx: ServiceContext,
  viewer: Viewer,
  ticketId: number,
  now: Date,
): Promise<ApiTicketAssignmentResponse> {
  await ticketToAssign(ctx.db, viewer, ticketId);
  await ctx.db.transaction(async (tx) => {
    const ticket = await lockOpenTicket(tx, ticketId);
    const previous = await assignmentOf(tx, ticketId);
    if (!previous) throw conflict(a.nobodyAssigned);
    await cancelActiveVisit(tx, ctx, ticketId, viewer, '', now);
    await tx.delete(ticketAssignments).where(eq(ticketAssignments.ticketId, ticketId));
    await releaseJob(tx, ticketId, previous.contractorId);
    const name = await nameOf(tx, previous.contractorId);
    await tx.insert(ticketLog).values(
      logLine(ticketId, viewer, 'unassigned', format(a.log.unassigned, { name }), {
        contractor: previous.contractorId,
      }),
    );
    if (previous.state !== 'declined')
      await notifyUnassigned(tx, ctx.messaging, ticket, previous.contractorId);
    await queueWebhookEvent(
      tx,
      ctx.messaging.appUrl,
      'ticket.assigned',
      ticketId,
      { change: 'unassigned', contractor_id: null, previous_contractor_id: previous.contractorId },
      now,
    );
  });
  return answerWithTicket(ctx.db, viewer, ticketId, a.unassigned);
}

// ---------------------------------------------------------------------------------------------------------
// The contractor's answer

export type AssignmentAnswer = { accept: true } | { accept: false; reason: string };

/**
 * Records the contractor's answer to the pending assignment `expected` names (its contractor, and for a link the
 * moment it was assigned); 403 when the job is not the contractor's, 409 when it was answered or replaced.
 */
async function recordAnswer(
  ctx: ServiceContext,
  contractor: Person,
  ticketId: number,
  expected: { assignedAt?: Date },
  reply: AssignmentAnswer,
  now: Date,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const ticket = await lockTicket(tx, ticketId);
    if (!ticket) throw notFound();
    const current = await assignmentOf(tx, ticketId);
    const sameAssignment =
      current !== undefined &&
      current.contractorId === contractor.id &&
      (expected.assignedAt === undefined || current.assignedAt.getTime() === expected.assignedAt.getTime());
    if (!sameAssignment) throw expected.assignedAt ? conflict(a.linkStale) : forbidden(a.notAssigned);
    if (current.state !== 'pending') throw conflict(a.alreadyAnswered);
    const [answered] = await tx
      .update(ticketAssignments)
      .set(
        reply.accept
          ? { state: 'accepted', answeredAt: now }
          : { state: 'declined', answeredAt: now, declineReason: reply.reason },
      )
      .where(eq(ticketAssignments.ticketId, ticketId))
      .returning();
    if (!reply.accept) await releaseJob(tx, ticketId, contractor.id);
    const line = reply.accept
      ? logLine(
          ticketId,
          contractor,
          'assignment_accepted',
          format(a.log.accepted, { name: contractor.name }),
        )
      : logLine(
          ticketId,
          contractor,
          'assignment_declined',
          format(a.log.declined, { name: contractor.name, reason: reply.reason }),
          // Why it declined is for staff and contractors (tickets/serialize.ts `logEntryReadableBy`).
          { visibility: 'contractor' },
        );
    await tx.insert(ticketLog).values(line);
    await notifyAnswered(tx, ctx.messaging, ticket, answered, contractor.name);
    await queueWebhookEvent(
      tx,
      ctx.messaging.appUrl,
      'ticket.assigned',
      ticketId,
      reply.accept
        ? { change: 'accepted', contractor_id: contractor.id }
        : { change: 'declined', contractor_id: contractor.id, reason: reply.reason },
      now,
    );
  });
}

async function parseAnswer(accept: boolean, body: unknown): Promise<AssignmentAnswer> {
  if (accept) return { accept: true };
  const { values } = await parseForm(assignmentDeclineSchema, body, [], null);
  return { accept: false, reason: values.reason };
}

/** POST tickets/{id}/assignment/accept and …/decline: the signed-in contractor answers its job. */
export async function answerAssignment(
  ctx: ServiceContext,
  viewer: Viewer,
  ticketId: number,
  accept: boolean,
  body: unknown,
  now: Date,
): Promise<ApiTicketAssignmentResponse> {
  const row = await findTicketRow(ctx.db, viewer, ticketId);
  if (!row) throw notFound();
  const current = row.assignment;
  if (!current || !can(viewer, 'ticket.answerAssignment', { contractorId: current.contractorId }))
    throw forbidden(a.notAssigned);
  const reply = await parseAnswer(accept, body);
  await recordAnswer(ctx, viewer, ticketId, {}, reply, now);
  return answerWithTicket(ctx.db, viewer, ticketId, accept ? a.accepted : a.declined);
}

// ---------------------------------------------------------------------------------------------------------
// The signed link (no sign-in)

/** The assignment a link names, still the one it was made for, with its contractor (who must still be one). */
async function linkedAssignment(
  ctx: ServiceContext,
  token: string,
  now: Date,
): Promise<{ assignment: TicketAssignmentRow; contractor: Person }> {
  const check = verifyTicketLinkToken(ctx.messaging.secret, 'assignment', token, now);
  if (!check.ok) throw new AppError(400, a.linkInvalid);
  const { claims } = check;
  const assignment = await assignmentOf(ctx.db, claims.ticketId);
  const [user] = await ctx.db
    .select({
      id: users.id,
      role: users.role,
      firstName: users.firstName,
      lastName: users.lastName,
      companyName: users.companyName,
      email: users.email,
    })
    .from(users)
    .where(eq(users.id, claims.userId));
  const current =
    assignment !== undefined &&
    user !== undefined &&
    can({ id: user.id, role: user.role, landlordId: null }, 'ticket.answerAssignment', {
      contractorId: assignment.contractorId,
    }) &&
    assignment.assignedAt.getTime() === claims.issuedAt.getTime();
  if (!current) throw conflict(a.linkStale);
  return { assignment, contractor: { id: user.id, name: displayName(user) } };
}

/** What the link's page shows: the job, and whether it is answered. */
async function linkView(
  db: Db,
  assignment: TicketAssignmentRow,
  contractor: Person,
): Promise<ApiAssignmentLink> {
  const [row] = await db
    .select({
      id: tickets.id,
      title: tickets.title,
      description: tickets.description,
      priority: tickets.priority,
      propertyName: properties.name,
      city: properties.city,
      province: properties.province,
      timeZone: properties.timeZone,
      unitName: unitNameColumn,
    })
    .from(tickets)
    .leftJoin(units, eq(units.id, tickets.unitId))
    .innerJoin(properties, eq(properties.id, tickets.propertyId))
    .where(eq(tickets.id, assignment.ticketId));
  if (!row) throw notFound();
  const ranges = await db
    .select({ startsAt: ticketAvailability.startsAt, endsAt: ticketAvailability.endsAt })
    .from(ticketAvailability)
    .where(and(eq(ticketAvailability.ticketId, row.id)))
    .orderBy(ticketAvailability.startsAt, ticketAvailability.id);
  return {
    ticket_id: row.id,
    visible_id: visibleId(row.id),
    title: row.title,
    description: row.description,
    property_name: row.propertyName,
    unit_name: row.unitName,
    city: [row.city, row.province].filter(Boolean).join(', '),
    priority_text: priorityText(row.priority),
    contractor_name: contractor.name,
    state: assignment.state,
    respond_by_timestamp: toSeconds(assignment.respondBy),
    availability_strings: ranges.map((range) =>
      availabilityText({ start: toSeconds(range.startsAt), end: toSeconds(range.endsAt) }, row.timeZone),
    ),
    availability_time_zone: row.timeZone,
  };
}

/** GET assignment-links/{token} */
export async function showAssignmentLink(
  ctx: ServiceContext,
  token: string,
  now: Date,
): Promise<ApiAssignmentLink> {
  const { assignment, contractor } = await linkedAssignment(ctx, token, now);
  return linkView(ctx.db, assignment, contractor);
}

/** POST assignment-links/{token}/accept and …/decline: the contractor the link names answers, signed out. */
export async function answerAssignmentLink(
  ctx: ServiceContext,
  token: string,
  accept: boolean,
  body: unknown,
  now: Date,
): Promise<ApiAssignmentLinkAnswer> {
  const { assignment, contractor } = await linkedAssignment(ctx, token, now);
  if (assignment.state !== 'pending') throw conflict(a.alreadyAnswered);
  const reply = await parseAnswer(accept, body);
  await recordAnswer(ctx, contractor, assignment.ticketId, { assignedAt: assignment.assignedAt }, reply, now);
  const updated = await assignmentOf(ctx.db, assignment.ticketId);
  if (!updated) throw conflict(a.linkStale);
  return { message: accept ? a.accepted : a.declined, data: await linkView(ctx.db, updated, contractor) };
}
