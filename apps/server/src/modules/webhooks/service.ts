/**
 * A landlord's webhooks (issue 27, ADR 0042): its endpoints, added, edited, switched on and off and removed by the
 * super admin or the landlord's managers, and each endpoint's delivery log with a redeliver. The events themselves are
 * queued by the changes they report (events.ts) and posted by the outbox worker (transport.ts).
 */
import {
  type Actor,
  type ApiWebhook,
  type ApiWebhookDelivery,
  can,
  en,
  format,
  WEBHOOKS_MAX,
  type WebhookCreatedResponse,
  type WebhookDeliveryListResponse,
  type WebhookListResponse,
  type WebhookRedeliveredResponse,
  type WebhookSavedResponse,
  type WebhookValues,
  webhookSchema,
} from '@mend/shared';
import { and, asc, count, desc, eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { shaped } from '../../db/reusable';
import {
  landlords,
  outboxMessages,
  type WebhookEndpointRow,
  webhookDeliveries,
  webhookEndpoints,
} from '../../db/schema';
import { AppError, fieldError, forbidden, notFound } from '../../lib/errors';
import { parseForm } from '../../lib/record-helpers';
import { isPrivateHost } from './addresses';
import { newWebhookSecret } from './signing';

const w = en.webhooks;
/** Deliveries per page of the log. */
const DELIVERIES_PAGE = 25;

/** WEBHOOKS_ALLOW_PRIVATE: http:// and addresses of this machine or a private network are accepted too. */
export interface WebhookSettings {
  allowPrivate: boolean;
}

function serialize(row: WebhookEndpointRow): ApiWebhook {
  return {
    id: row.id,
    landlord_id: row.landlordId,
    url: row.url,
    description: row.description,
    events: row.events,
    enabled: row.enabled,
    disabled_at: row.disabledAt?.toISOString() ?? null,
    failures: row.failures,
    created_at: row.createdAt.toISOString(),
  };
}

function assertManages(actor: Actor, landlordId: number): void {
  if (!can(actor, 'webhook.manage', { id: landlordId })) throw forbidden();
}

/** The landlord, which must exist, and the actor's right to its webhooks. */
async function landlordOf(db: Db, actor: Actor, landlordId: number): Promise<void> {
  assertManages(actor, landlordId);
  const [found] = await db.select({ id: landlords.id }).from(landlords).where(eq(landlords.id, landlordId));
  if (!found) throw notFound();
}

async function endpointOf(db: Db, actor: Actor, landlordId: number, id: number): Promise<WebhookEndpointRow> {
  assertManages(actor, landlordId);
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.landlordId, landlordId)));
  if (!row) throw notFound();
  return row;
}

/** The form, with what its shape cannot tell: https only, and never this machine or a private network. */
async function parseWebhook(settings: WebhookSettings, body: unknown): Promise<WebhookValues> {
  const { values } = await parseForm(webhookSchema, body, [], null);
  if (!settings.allowPrivate) {
    const url = new URL(values.url);
    if (url.protocol !== 'https:') throw fieldError('url', en.validation.webhookUrl);
    if (isPrivateHost(url.hostname)) throw fieldError('url', en.validation.webhookUrlPrivate);
  }
  return values;
}

export async function listWebhooks(db: Db, actor: Actor, landlordId: number): Promise<WebhookListResponse> {
  await landlordOf(db, actor, landlordId);
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.landlordId, landlordId))
    .orderBy(asc(webhookEndpoints.id));
  return { data: rows.map(serialize) };
}

export async function createWebhook(
  db: Db,
  settings: WebhookSettings,
  actor: Actor,
  landlordId: number,
  body: unknown,
): Promise<WebhookCreatedResponse> {
  await landlordOf(db, actor, landlordId);
  const values = await parseWebhook(settings, body);
  const secret = newWebhookSecret();
  const row = await db.transaction(async (tx) => {
    // The landlord's row is locked while its endpoints are counted: two additions at once cannot both pass the limit.
    await tx.select({ id: landlords.id }).from(landlords).where(eq(landlords.id, landlordId)).for('update');
    const [{ held }] = await tx
      .select({ held: count() })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.landlordId, landlordId));
    if (held >= WEBHOOKS_MAX) throw fieldError('url', format(w.limit, { max: WEBHOOKS_MAX }));
    const [created] = await tx
      .insert(webhookEndpoints)
      .values({
        landlordId,
        url: values.url,
        description: values.description,
        events: values.events,
        secret,
        createdBy: actor.id,
      })
      .returning();
    return created;
  });
  return { message: format(w.created, { url: row.url }), data: serialize(row), secret };
}

export async function updateWebhook(
  db: Db,
  settings: WebhookSettings,
  actor: Actor,
  landlordId: number,
  id: number,
  body: unknown,
): Promise<WebhookSavedResponse> {
  await endpointOf(db, actor, landlordId, id);
  const values = await parseWebhook(settings, body);
  const [row] = await db
    .update(webhookEndpoints)
    .set({ url: values.url, description: values.description, events: values.events })
    .where(eq(webhookEndpoints.id, id))
    .returning();
  if (!row) throw notFound();
  return { message: format(w.updated, { url: row.url }), data: serialize(row) };
}

/** Switched on, its failures in a row are forgotten; switched off by hand, it has no `disabled_at` (that says why). */
export async function setWebhookEnabled(
  db: Db,
  actor: Actor,
  landlordId: number,
  id: number,
  enabled: boolean,
): Promise<WebhookSavedResponse> {
  await endpointOf(db, actor, landlordId, id);
  const [row] = await db
    .update(webhookEndpoints)
    .set(enabled ? { enabled, failures: 0, disabledAt: null } : { enabled, disabledAt: null })
    .where(eq(webhookEndpoints.id, id))
    .returning();
  if (!row) throw notFound();
  return { message: format(enabled ? w.enabled : w.disabled, { url: row.url }), data: serialize(row) };
}

/** Removes an endpoint with its deliveries and their outbox messages: nothing more is sent to it. */
export async function deleteWebhook(
  db: Db,
  actor: Actor,
  landlordId: number,
  id: number,
): Promise<{ message: string }> {
  const endpoint = await endpointOf(db, actor, landlordId, id);
  await db.transaction(async (tx) => {
    const sent = tx
      .select({ id: webhookDeliveries.outboxMessageId })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, id));
    await tx.delete(outboxMessages).where(inArray(outboxMessages.id, sent));
    await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  });
  return { message: format(w.deleted, { url: endpoint.url }) };
}

const deliveryColumns = {
  id: webhookDeliveries.id,
  event: webhookDeliveries.event,
  eventId: webhookDeliveries.eventId,
  ticketId: webhookDeliveries.ticketId,
  responseStatus: webhookDeliveries.responseStatus,
  responseMs: webhookDeliveries.responseMs,
  attemptedAt: webhookDeliveries.attemptedAt,
  redeliveryOf: webhookDeliveries.redeliveryOf,
  createdAt: webhookDeliveries.createdAt,
  status: outboxMessages.status,
  attempts: outboxMessages.attempts,
  lastError: outboxMessages.lastError,
  sentAt: outboxMessages.sentAt,
  nextAttemptAt: outboxMessages.nextAttemptAt,
};

const deliveriesOf = (db: Db) =>
  db
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .innerJoin(outboxMessages, eq(outboxMessages.id, webhookDeliveries.outboxMessageId));

type DeliveryRow = Awaited<ReturnType<typeof deliveriesOf>>[number];

function serializeDelivery(row: DeliveryRow): ApiWebhookDelivery {
  return {
    id: row.id,
    event: row.event,
    event_id: row.eventId,
    ticket_id: row.ticketId,
    status: row.status,
    attempts: row.attempts,
    response_status: row.responseStatus,
    response_ms: row.responseMs,
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
    attempted_at: row.attemptedAt?.toISOString() ?? null,
    sent_at: row.sentAt?.toISOString() ?? null,
    next_attempt_at: row.nextAttemptAt.toISOString(),
    redelivery_of: row.redeliveryOf,
  };
}

/** A page of an endpoint's deliveries, newest first; `before` continues from the last page's `next_before`. */
export async function listWebhookDeliveries(
  db: Db,
  actor: Actor,
  landlordId: number,
  id: number,
  before: number | undefined,
): Promise<WebhookDeliveryListResponse> {
  assertManages(actor, landlordId);
  // The endpoint's landlord is checked in the page's own statement; only an empty page asks whether it exists.
  const rows = await shaped(db, 'webhook_deliveries', { later: before !== undefined }, (db, shape, p) =>
    deliveriesOf(db)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(
        and(
          eq(webhookDeliveries.endpointId, p.id),
          eq(webhookEndpoints.landlordId, p.landlordId),
          shape.later ? lt(webhookDeliveries.id, p.before) : undefined,
        ),
      )
      .orderBy(desc(webhookDeliveries.id))
      .limit(DELIVERIES_PAGE + 1),
  ).execute({ id, landlordId, before });
  if (rows.length === 0) await endpointOf(db, actor, landlordId, id);
  const page = rows.slice(0, DELIVERIES_PAGE);
  return {
    data: page.map(serializeDelivery),
    next_before: rows.length > DELIVERIES_PAGE ? page[page.length - 1].id : null,
  };
}

/**
 * Sends a delivery's event again, as a new delivery with the same `webhook-id` (a receiver that has it already can tell),
 * to the endpoint's present address. Not while the event is still on its way, nor to an endpoint that is off.
 */
export async function redeliverWebhook(
  db: Db,
  actor: Actor,
  landlordId: number,
  id: number,
  deliveryId: number,
): Promise<WebhookRedeliveredResponse> {
  const endpoint = await endpointOf(db, actor, landlordId, id);
  const created = await db.transaction(async (tx) => {
    const [original] = await tx
      .select({ delivery: webhookDeliveries, message: outboxMessages })
      .from(webhookDeliveries)
      .innerJoin(outboxMessages, eq(outboxMessages.id, webhookDeliveries.outboxMessageId))
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, id)))
      .for('update');
    if (!original) throw notFound();
    if (!endpoint.enabled) throw new AppError(409, w.failures.endpointOff);
    if (original.message.status === 'pending' || original.message.status === 'sending')
      throw new AppError(409, w.redeliverBusy);
    const { delivery, message } = original;
    const [outbox] = await tx
      .insert(outboxMessages)
      .values({
        channel: 'webhook',
        kind: message.kind,
        recipient: endpoint.url,
        subject: message.subject,
        bodyText: message.bodyText,
        payload: { endpoint_id: id, event_id: delivery.eventId },
        status: 'pending',
      })
      .returning({ id: outboxMessages.id });
    const [again] = await tx
      .insert(webhookDeliveries)
      .values({
        endpointId: id,
        outboxMessageId: outbox.id,
        event: delivery.event,
        eventId: delivery.eventId,
        ticketId: delivery.ticketId,
        redeliveryOf: delivery.id,
      })
      .returning({ id: webhookDeliveries.id });
    return again.id;
  });
  const [row] = await deliveriesOf(db).where(eq(webhookDeliveries.id, created));
  return { message: w.redelivered, data: serializeDelivery(row) };
}
