/**
 * Reads of the assignments (issue 25): a ticket locked for a change of its assignment with what its messages say, the
 * contractors staff may assign, and the recipient rows that let an assigned contractor see its job.
 */
import { ROLE } from '@mend/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { shaped } from '../../db/reusable';
import {
  landlords,
  properties,
  type TicketAssignmentRow,
  ticketAssignments,
  ticketRecipients,
  tickets,
  units,
  users,
} from '../../db/schema';
import { roleIn } from '../../lib/scopes';
import { unitNameColumn } from '../tickets/place';
import { displayName } from '../users/serialize';
import type { AssignedTicket } from './notify';

/** A ticket whose assignment changes, as the change reads it: its state, landlord's hours and message facts. */
export interface LockedTicket extends AssignedTicket {
  status: number;
  createdAt: Date;
  tenantId: number | null;
  propertyId: number;
  responseHours: number;
}

/** The ticket as a change of its assignment reads it. */
function selectTicket(tx: Tx, ticketId: number) {
  return tx
    .select({
      id: tickets.id,
      title: tickets.title,
      status: tickets.status,
      createdAt: tickets.createdAt,
      tenantId: tickets.tenantId,
      propertyId: tickets.propertyId,
      propertyName: properties.name,
      unitName: unitNameColumn,
      landlordId: properties.landlordId,
      timeZone: properties.timeZone,
      responseHours: landlords.assignmentResponseHours,
    })
    .from(tickets)
    .leftJoin(units, eq(units.id, tickets.unitId))
    .innerJoin(properties, eq(properties.id, tickets.propertyId))
    .innerJoin(landlords, eq(landlords.id, properties.landlordId))
    .where(eq(tickets.id, ticketId))
    .$dynamic();
}

/**
 * The ticket, locked until the transaction ends: two changes of one ticket's assignment (two managers, a manager and
 * the contractor's answer) take turns, and each sees what the other wrote.
 */
export async function lockTicket(tx: Tx, ticketId: number): Promise<LockedTicket | undefined> {
  const [row] = await selectTicket(tx, ticketId)
    // NO KEY UPDATE: rows that reference the ticket (its log lines, notifications) may still be written meanwhile, so
    // the assignment worker, which holds an assignment and then writes those, never waits on a change that waits on it.
    .for('no key update', { of: tickets });
  return row;
}

/**
 * The ticket unlocked: the assignment worker, which holds an assignment's row, reads its ticket without waiting for a
 * change that holds the ticket and waits for that row.
 */
export async function readTicket(tx: Tx, ticketId: number): Promise<LockedTicket | undefined> {
  const [row] = await selectTicket(tx, ticketId);
  return row;
}

/** A user's shown name ('' once deleted). */
export async function nameOf(db: Db | Tx, userId: number): Promise<string> {
  const [row] = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      companyName: users.companyName,
      email: users.email,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ? displayName(row) : '';
}

export async function assignmentOf(db: Db | Tx, ticketId: number): Promise<TicketAssignmentRow | undefined> {
  const [row] = await db.select().from(ticketAssignments).where(eq(ticketAssignments.ticketId, ticketId));
  return row;
}

/**
 * Contractors staff may assign to a ticket: those the routing matched (its contractor recipients) and every
 * contractor of its landlord; matched first, then by name. `only`: just that user, if it is one of them. Built once
 * per shape and prepared: the ticket, landlord and user are placeholders.
 */
export function assignableContractors(db: Db | Tx, ticketId: number, landlordId: number, only?: number) {
  return shaped(db, 'assignable_contractors', { only: only !== undefined }, (db, shape, p) => {
    const matched = sql<boolean>`exists (select 1 from ${ticketRecipients} where ${ticketRecipients.ticketId} = ${p.ticketId} and ${ticketRecipients.userId} = ${users.id} and ${ticketRecipients.routed})`;
    // The landlord's contractors and the ticket's recipients, each by its own index (an OR of the two read every
    // contractor; the landlord's people of every role, its tenants, most of them).
    const candidates = sql`(select ${users.id} from ${users} where ${users.landlordId} = ${p.landlordId} and ${roleIn(ROLE.contractor)} union select ${ticketRecipients.userId} from ${ticketRecipients} where ${ticketRecipients.ticketId} = ${p.ticketId} and ${ticketRecipients.routed})`;
    return db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        companyName: users.companyName,
        email: users.email,
        matched,
      })
      .from(users)
      .where(
        and(
          roleIn(ROLE.contractor),
          sql`${users.id} in ${candidates}`,
          shape.only ? eq(users.id, p.only) : undefined,
        ),
      )
      .orderBy(sql`${matched} desc`, asc(users.firstName), asc(users.lastName), asc(users.id));
  }).execute({ ticketId, landlordId, only });
}

/**
 * Makes the contractor a recipient that holds the job: it sees the ticket, and its list shows it first. A contractor
 * the routing had not chosen gets a row of its own (`routed` false), which `releaseJob` removes again.
 */
export async function holdJob(tx: Tx, ticket: LockedTicket, contractorId: number): Promise<void> {
  await tx
    .insert(ticketRecipients)
    .values({
      ticketId: ticket.id,
      userId: contractorId,
      ticketCreatedAt: ticket.createdAt,
      assigned: true,
      routed: false,
    })
    .onConflictDoUpdate({
      target: [ticketRecipients.ticketId, ticketRecipients.userId],
      set: { assigned: true },
    });
}

/** The contractor no longer holds the job: a routed one keeps the ticket, one that was only assigned loses it. */
export async function releaseJob(tx: Tx, ticketId: number, contractorId: number): Promise<void> {
  const row = and(eq(ticketRecipients.ticketId, ticketId), eq(ticketRecipients.userId, contractorId));
  await tx.delete(ticketRecipients).where(and(row, eq(ticketRecipients.routed, false)));
  await tx.update(ticketRecipients).set({ assigned: false }).where(row);
}
