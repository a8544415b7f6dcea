/**
 * The outbox's transport of channel 'webhook' (issue 27, ADR 0042): posts a delivery's JSON body to its endpoint,
 * signed (signing.ts), and notes the endpoint's answer on the delivery. The outbox worker around it claims each message
 * once across processes (`FOR UPDATE SKIP LOCKED`), retries with backoff and keeps what failed for good.
 *
 * - The endpoint's address is read when it is sent, so a corrected address serves the retries; an endpoint switched
 *   off or removed fails its waiting deliveries for good.
 * - Any answer but a 2xx is a failure; redirects are not followed. Each failure adds one to the endpoint's failures in
 *   a row, each success clears them; at WEBHOOK_FAILURES_BEFORE_DISABLE the endpoint is switched off and the landlord's
 *   managers (and whoever added it) are told, once (the update that switches it off decides who tells).
 * - Never to this machine or a private network unless allowed (addresses.ts).
 */
import http from 'node:http';
import https from 'node:https';
import { en, format, WEBHOOK_FAILURES_BEFORE_DISABLE, WEBHOOK_TIMEOUT_SECONDS, wordsOf } from '@mend/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  landlords,
  notifications,
  type OutboxMessageRow,
  users,
  webhookDeliveries,
  webhookEndpoints,
} from '../../db/schema';
import { renderEmail } from '../../lib/mail/templates';
import type { MessagingContext } from '../../lib/outbox/context';
import { notificationRows, queueMessages } from '../../lib/outbox/messages';
import { PermanentDeliveryError, type Transport } from '../../lib/outbox/transport';
import { managersOf, type Person, personColumns } from '../tickets/routing';
import { isPrivateHost, PrivateAddressError, publicOnlyLookup } from './addresses';
import { signedHeaders } from './signing';

const f = en.webhooks.failures;

export interface WebhookTransportOptions {
  db: Db;
  messaging: MessagingContext;
  /** WEBHOOKS_ALLOW_PRIVATE: http:// and addresses of this machine or a private network too (development, tests). */
  allowPrivate: boolean;
  /** The app's clock: the signature's timestamp, when an endpoint was switched off. */
  now?: () => Date;
  timeoutMs?: number;
}

/** What one attempt came to: the endpoint's status, or no answer and why. */
type Attempt = { status: number; error: null } | { status: null; error: Error };

export class WebhookTransport implements Transport {
  private readonly now: () => Date;
  private readonly timeoutMs: number;

  constructor(private readonly options: WebhookTransportOptions) {
    this.now = options.now ?? (() => new Date());
    this.timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_SECONDS * 1000;
  }

  async send(message: OutboxMessageRow): Promise<void> {
    const { db } = this.options;
    const [target] = await db
      .select({
        deliveryId: webhookDeliveries.id,
        eventId: webhookDeliveries.eventId,
        event: webhookDeliveries.event,
        endpointId: webhookEndpoints.id,
        url: webhookEndpoints.url,
        secret: webhookEndpoints.secret,
        enabled: webhookEndpoints.enabled,
      })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(eq(webhookDeliveries.outboxMessageId, message.id));
    if (!target) throw new PermanentDeliveryError(f.endpointGone);
    if (!target.enabled) throw new PermanentDeliveryError(f.endpointOff);

    const body = message.bodyText;
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'Mend-Webhooks/1',
      'mend-event': target.event,
      'mend-delivery': String(target.deliveryId),
      ...signedHeaders(target.secret, target.eventId, this.now(), body),
    };
    const started = performance.now();
    const attempt = await this.post(target.url, headers, body);
    await db
      .update(webhookDeliveries)
      .set({
        responseStatus: attempt.status,
        responseMs: Math.round(performance.now() - started),
        attemptedAt: this.now(),
      })
      .where(eq(webhookDeliveries.id, target.deliveryId));

    if (attempt.status !== null && attempt.status >= 200 && attempt.status < 300) {
      await db
        .update(webhookEndpoints)
        .set({ failures: 0, updatedAt: sql`${webhookEndpoints.updatedAt}` })
        .where(and(eq(webhookEndpoints.id, target.endpointId), sql`${webhookEndpoints.failures} <> 0`));
      return;
    }
    const reason =
      attempt.status !== null ? format(f.status, { status: attempt.status }) : this.describe(attempt.error);
    await this.countFailure(target.endpointId, target.url, reason);
    if (attempt.error instanceof PrivateAddressError) throw new PermanentDeliveryError(reason);
    throw new Error(reason);
  }

  /** Why there was no answer, in the words of the delivery log. */
  private describe(error: Error): string {
    if (error instanceof PrivateAddressError) return f.privateAddress;
    if (error.name === 'TimeoutError' || error.name === 'AbortError')
      return format(f.timeout, { seconds: Math.ceil(this.timeoutMs / 1000) });
    return error.message || error.name;
  }

  private post(address: string, headers: Record<string, string>, body: string): Promise<Attempt> {
    const { allowPrivate } = this.options;
    let url: URL;
    try {
      url = new URL(address);
    } catch (error) {
      return Promise.resolve({ status: null, error: error as Error });
    }
    if (!allowPrivate && (url.protocol !== 'https:' || isPrivateHost(url.hostname)))
      return Promise.resolve({ status: null, error: new PrivateAddressError(url.hostname) });
    const client = url.protocol === 'https:' ? https : http;
    return new Promise((resolve) => {
      const request = client.request(
        url,
        {
          method: 'POST',
          headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
          signal: AbortSignal.timeout(this.timeoutMs),
          ...(allowPrivate ? {} : { lookup: publicOnlyLookup }),
        },
        (response) => {
          // Only the status matters; the body is read and dropped so the connection is freed.
          response.resume();
          response.on('end', () => resolve({ status: response.statusCode ?? 0, error: null }));
          response.on('error', (error) => resolve({ status: null, error }));
        },
      );
      request.on('error', (error) => resolve({ status: null, error }));
      request.end(body);
    });
  }

  /** One more failure in a row; the one that reaches the limit switches the endpoint off and tells its people. */
  private async countFailure(endpointId: number, url: string, reason: string): Promise<void> {
    const now = this.now();
    await this.options.db.transaction(async (tx) => {
      const [counted] = await tx
        .update(webhookEndpoints)
        .set({
          failures: sql`${webhookEndpoints.failures} + 1`,
          updatedAt: sql`${webhookEndpoints.updatedAt}`,
        })
        .where(eq(webhookEndpoints.id, endpointId))
        .returning({ failures: webhookEndpoints.failures });
      if (!counted || counted.failures < WEBHOOK_FAILURES_BEFORE_DISABLE) return;
      const [switched] = await tx
        .update(webhookEndpoints)
        .set({ enabled: false, disabledAt: now })
        .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.enabled, true)))
        .returning();
      if (switched) await this.tellSwitchedOff(tx, switched, url, counted.failures, reason);
    });
  }

  private async tellSwitchedOff(
    tx: Tx,
    endpoint: { id: number; landlordId: number; createdBy: number | null },
    url: string,
    count: number,
    reason: string,
  ): Promise<void> {
    const { messaging } = this.options;
    const people = await managersOf(tx, endpoint.landlordId);
    if (endpoint.createdBy !== null && !people.some((person) => person.id === endpoint.createdBy))
      people.push(...(await tx.select(personColumns).from(users).where(eq(users.id, endpoint.createdBy))));
    if (people.length === 0) return;
    const [landlord] = await tx
      .select({ name: landlords.name })
      .from(landlords)
      .where(eq(landlords.id, endpoint.landlordId));
    const link = `/landlords/${endpoint.landlordId}`;
    // Each manager is told in its own language.
    const textsOf = (person: Person) => {
      const w = wordsOf(person.language);
      const off = w.t.webhooks.switchedOff;
      return { w, off, description: w.format(off.description, { url, count }) };
    };
    await tx.insert(notifications).values(
      people.map((person) => {
        const { off, description } = textsOf(person);
        return { userId: person.id, link, title: off.title, description };
      }),
    );
    const rows = people
      .sort((a, b) => a.id - b.id)
      .flatMap((person) => {
        const { w, off, description } = textsOf(person);
        return notificationRows(messaging, person, 'tickets', {
          kind: 'webhook.switched_off',
          email: (unsubscribeUrl) =>
            renderEmail(
              {
                subject: w.format(off.subject, { landlord: landlord?.name ?? '' }),
                name: person.firstName,
                intro: [w.format(off.intro, { url, count, error: reason }), off.next],
                action: { label: off.action, url: `${messaging.appUrl}${link}` },
                unsubscribeUrl,
              },
              w,
            ),
          sms: description,
          payload: { webhook_id: endpoint.id },
        });
      });
    await queueMessages(tx, rows);
  }
}
