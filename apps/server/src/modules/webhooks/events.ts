/**
 * A ticket's events for its landlord's webhooks (issue 27, ADR 0042), queued in the transaction of the change they
 * report, as every message is (lib/outbox/messages.ts): an event exists if and only if its change committed. Each
 * endpoint of the landlord that is on and chose the event gets one delivery: an outbox message of channel 'webhook'
 * carrying the JSON body, and its `webhook_deliveries` row. The outbox worker then posts it (transport.ts).
 *
 * Each message is due at once by the database's clock, as every outbox message is: the outbox worker's clock, not the
 * clock of the change (a worker's, which tests move), decides when it goes.
 *
 * The body follows the Standard Webhooks layout: `{ type, timestamp, data }`, where data holds the landlord, the
 * ticket as it is after the change, and what the event adds (the fields edited, the old and new status...).
 */
import { randomUUID } from 'node:crypto';
import { priorityText, statusText, visibleId, type WebhookEvent } from '@mend/shared';
import { and, arrayContains, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import {
  outboxMessages,
  properties,
  ticketAssignments,
  ticketCategories,
  tickets,
  webhookDeliveries,
  webhookEndpoints,
} from '../../db/schema';
import { ticketLink } from '../tickets/links';

/** A due time as the body gives it: null while none is set (the column holds 'infinity'). */
const finite = (column: typeof tickets.respondBy | typeof tickets.resolveBy) =>
  sql`case when isfinite(${column}) then ${column} end`.mapWith(column);

/** The ticket as an event carries it. */
async function ticketOf(tx: Tx, ticketId: number) {
  const [row] = await tx
    .select({
      id: tickets.id,
      landlordId: properties.landlordId,
      title: tickets.title,
      status: tickets.status,
      priority: tickets.priority,
      propertyId: tickets.propertyId,
      unitId: tickets.unitId,
      tenantId: tickets.tenantId,
      categoryId: sql<
        number | null
      >`(select ${ticketCategories.categoryId} from ${ticketCategories} where ${ticketCategories.ticketId} = ${tickets.id} limit 1)`,
      contractorId: ticketAssignments.contractorId,
      assignmentState: ticketAssignments.state,
      respondBy: finite(tickets.respondBy),
      resolveBy: finite(tickets.resolveBy),
      createdAt: tickets.createdAt,
      updatedAt: tickets.updatedAt,
    })
    .from(tickets)
    .innerJoin(properties, eq(properties.id, tickets.propertyId))
    .leftJoin(
      ticketAssignments,
      and(eq(ticketAssignments.ticketId, tickets.id), ne(ticketAssignments.state, 'declined')),
    )
    .where(eq(tickets.id, ticketId));
  return row;
}

type TicketFacts = NonNullable<Awaited<ReturnType<typeof ticketOf>>>;

function ticketBody(appUrl: string, ticket: TicketFacts) {
  return {
    id: ticket.id,
    visible_id: visibleId(ticket.id),
    title: ticket.title,
    status: ticket.status,
    status_name: statusText(ticket.status),
    priority: ticket.priority,
    priority_name: priorityText(ticket.priority),
    landlord_id: ticket.landlordId,
    property_id: ticket.propertyId,
    unit_id: ticket.unitId,
    tenant_id: ticket.tenantId,
    category_id: ticket.categoryId,
    assigned_contractor_id: ticket.contractorId,
    assignment_state: ticket.assignmentState,
    respond_by: ticket.respondBy?.toISOString() ?? null,
    resolve_by: ticket.resolveBy?.toISOString() ?? null,
    created_at: ticket.createdAt.toISOString(),
    updated_at: ticket.updatedAt.toISOString(),
    url: `${appUrl}${ticketLink(ticket.id)}`,
  };
}

/**
 * Queues `event` about a ticket for every endpoint of its landlord that is on and chose it; nothing when none did (one
 * read of a landlord's few endpoints). `details` joins the body's data beside the ticket.
 */
export async function queueWebhookEvent(
  tx: Tx,
  appUrl: string,
  event: WebhookEvent,
  ticketId: number,
  details: Record<string, unknown> = {},
  now: Date = new Date(),
): Promise<void> {
  const endpoints = await tx
    .select({ id: webhookEndpoints.id, url: webhookEndpoints.url })
    .from(webhookEndpoints)
    .where(
      and(
        eq(
          webhookEndpoints.landlordId,
          sql`(select ${properties.landlordId} from ${tickets} join ${properties} on ${properties.id} = ${tickets.propertyId} where ${tickets.id} = ${ticketId})`,
        ),
        eq(webhookEndpoints.enabled, true),
        arrayContains(webhookEndpoints.events, [event]),
      ),
    )
    .orderBy(webhookEndpoints.id);
  if (endpoints.length === 0) return;
  const ticket = await ticketOf(tx, ticketId);
  if (!ticket) return;
  const eventId = `msg_${randomUUID().replaceAll('-', '')}`;
  const body = JSON.stringify({
    type: event,
    timestamp: now.toISOString(),
    data: { landlord_id: ticket.landlordId, ticket: ticketBody(appUrl, ticket), ...details },
  });
  const messages = await tx
    .insert(outboxMessages)
    .values(
      endpoints.map((endpoint) => ({
        channel: 'webhook' as const,
        kind: event,
        recipient: endpoint.url,
        subject: event,
        bodyText: body,
        payload: { endpoint_id: endpoint.id, event_id: eventId },
        status: 'pending' as const,
      })),
    )
    .returning({ id: outboxMessages.id, payload: outboxMessages.payload });
  await tx.insert(webhookDeliveries).values(
    messages.map((message) => ({
      endpointId: message.payload.endpoint_id as number,
      outboxMessageId: message.id,
      event,
      eventId,
      ticketId,
    })),
  );
}
