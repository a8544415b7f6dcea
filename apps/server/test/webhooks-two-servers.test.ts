/**
 * Webhooks with two app processes running (issue 27 part 2, ADR 0042): both serve one PostgreSQL database and both
 * run their outbox workers; events raised through either reach the receiver on 127.0.0.1 exactly once each, signed
 * with the endpoint's secret (checked with the Standard Webhooks library). PostgreSQL only: the embedded database
 * serves one process. It fails when a worker claims without SKIP LOCKED (an event twice) or when an event is queued
 * outside its change's transaction by one process only (an event missing).
 */
import { STATUS } from '@mend/shared';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './faults/helpers/http';
import { toFormData } from './helpers/app';
import { type AppProcesses, startAppProcesses } from './helpers/app-processes';
import { TEST_PASSWORD } from './helpers/factories';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from './helpers/test-db';
import { createWorld, ticketForm, type World } from './helpers/ticket-factories';
import { startWebhookReceiver, type WebhookReceiver } from './helpers/webhook-receiver';

/** Tickets raised, half through each process. */
const TICKETS = 12;

/** What the receiver checks of an event's body. */
interface SentEvent {
  type: string;
  data: { ticket: { id: number } };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(testDatabaseKind() !== 'postgres')('webhooks with two app processes', () => {
  let database: TestDatabase;
  let group: AppProcesses;
  let receiver: WebhookReceiver;
  let w: World;

  beforeAll(async () => {
    database = await createTestDatabase();
    w = await createWorld(database.db);
    receiver = await startWebhookReceiver();
    // Slow answers keep each worker busy long enough for the other to claim beside it.
    receiver.delayMs = 20;
    group = await startAppProcesses(2, {
      databaseUrl: database.url!,
      env: {
        APP_SECRET: 'webhooks-two-servers-shared-secret',
        OUTBOX_WORKER: 'on',
        OUTBOX_POLL_MS: '100',
        WEBHOOKS_ALLOW_PRIVATE: 'on',
      },
    });
  }, 180_000);

  afterAll(async () => {
    await group?.stop();
    await receiver?.close();
    await database?.close();
  });

  async function signedIn(baseUrl: string, email: string): Promise<HttpClient> {
    const client = new HttpClient(baseUrl);
    await client.login(email, TEST_PASSWORD);
    return client;
  }

  it('deliver each event once, whichever process raised it', async () => {
    const [a, b] = group.processes;
    const manager = await signedIn(a.baseUrl, w.north.manager.email);
    const added = await manager.post(
      `/api/landlords/${w.north.landlord.id}/webhooks`,
      toFormData({ url: receiver.url, events: ['ticket.created', 'ticket.status_changed'] }),
    );
    expect(added.status, added.text).toBe(201);
    const { secret } = added.body as { secret: string };

    const tenants = [
      await signedIn(a.baseUrl, w.north.tenant.email),
      await signedIn(b.baseUrl, w.north.tenant.email),
    ];
    const ids: number[] = [];
    for (let i = 0; i < TICKETS; i++) {
      const created = await tenants[i % 2].post(
        '/api/tickets',
        toFormData(ticketForm({ title: `Two servers ${i}`, category_id: w.plumbing.id })),
      );
      expect(created.status, created.text).toBe(201);
      ids.push((created.body as { id: number }).id);
    }
    manager.baseUrl = b.baseUrl;
    const changed = await manager.request(
      'PATCH',
      '/api/tickets/batch/status',
      toFormData({ tickets: ids, status: STATUS.inProgress }),
    );
    expect(changed.status, changed.text).toBe(200);

    const expected = TICKETS * 2;
    const deadline = Date.now() + 60_000;
    while (receiver.received.length < expected && Date.now() < deadline) await sleep(100);
    // Time for a second delivery of anything, were it to come.
    await sleep(1500);
    expect(receiver.received.length, group.outputs()).toBe(expected);

    const checker = new Webhook(secret);
    const events = receiver.received.map((request) => {
      const headers = {
        'webhook-id': String(request.headers['webhook-id']),
        'webhook-timestamp': String(request.headers['webhook-timestamp']),
        'webhook-signature': String(request.headers['webhook-signature']),
      };
      return {
        id: headers['webhook-id'],
        event: checker.verify(request.body, headers) as SentEvent,
      };
    });
    expect(new Set(events.map((one) => one.id)).size).toBe(expected);
    for (const id of ids) {
      const about = events.filter((one) => one.event.data.ticket.id === id).map((one) => one.event.type);
      expect(about.sort(), `ticket ${id}`).toEqual(['ticket.created', 'ticket.status_changed']);
    }
  });
});
