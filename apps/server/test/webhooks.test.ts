/**
 * Webhooks (issue 27 part 2, ADR 0042): a landlord's endpoints, managed by its managers and the super admin; every
 * event a change reports, queued in the change's transaction and posted by the outbox worker to a real receiver on
 * 127.0.0.1, signed the Standard Webhooks way (checked with that specification's own library); retries with backoff
 * and the delivery log; an endpoint switched off after failing in a row, its managers told once; redelivery with the
 * same webhook-id; two workers at once deliver each event once; private addresses refused unless allowed.
 */
import {
  en,
  format,
  STATUS,
  WEBHOOK_EVENTS,
  WEBHOOK_FAILURES_BEFORE_DISABLE,
  zonedDateTime,
} from '@mend/shared';
import { and, asc, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  notifications,
  outboxMessages,
  ticketAvailability,
  webhookDeliveries,
  webhookEndpoints,
} from '../src/db/schema';
import { OutboxWorker } from '../src/lib/outbox/worker';
import { WebhookTransport } from '../src/modules/webhooks/transport';
import { createTestApp, type TestApp, type TestClient } from './helpers/app';
import { clientFor, createWorld, insertTicket, type World } from './helpers/ticket-factories';
import { startWebhookReceiver, type WebhookReceiver } from './helpers/webhook-receiver';

const HOUR = 3600_000;
/** A Monday, 15:00 UTC (8 AM in Edmonton, the properties' zone). */
const START = new Date('2026-03-02T15:00:00Z');
let clock = START;
let t: TestApp;
let w: World;
let receiver: WebhookReceiver;
let manager: TestClient;
let admin: TestClient;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock, env: { WEBHOOKS_ALLOW_PRIVATE: 'true' } });
  w = await createWorld(t.db);
  manager = await clientFor(t, w.north.manager);
  admin = await clientFor(t, w.admin);
});
afterAll(() => t.close());
beforeEach(async () => {
  clock = START;
  receiver = await startWebhookReceiver();
  await t.db.delete(webhookEndpoints);
  await t.db.delete(outboxMessages).where(eq(outboxMessages.channel, 'webhook'));
});
afterEach(() => receiver.close());

const webhooksUrl = (landlordId = w.north.landlord.id) => `/api/landlords/${landlordId}/webhooks`;

async function addWebhook(
  client: TestClient,
  values: { url?: string; events?: readonly string[]; description?: string } = {},
  landlordId = w.north.landlord.id,
): Promise<{ id: number; secret: string }> {
  const response = await client.post(webhooksUrl(landlordId), {
    url: values.url ?? receiver.url,
    description: values.description ?? 'Accounting sync',
    events: [...(values.events ?? WEBHOOK_EVENTS)],
  });
  expect(response.statusCode, response.body).toBe(201);
  const body = response.json() as { data: { id: number }; secret: string };
  return { id: body.data.id, secret: body.secret };
}

/** Delivers what is due now (the app's own worker, as main.ts runs it). */
const deliver = () => t.app.outbox.drain();

interface Event {
  type: string;
  timestamp: string;
  data: { landlord_id: number; ticket: { id: number; status: number; url: string }; [key: string]: unknown };
}

/** What the receiver got, each checked against its signature with the Standard Webhooks library. */
function verified(secret: string): Array<{ id: string; event: Event }> {
  const checker = new Webhook(secret);
  return receiver.received.map((request) => {
    const headers = {
      'webhook-id': String(request.headers['webhook-id']),
      'webhook-timestamp': String(request.headers['webhook-timestamp']),
      'webhook-signature': String(request.headers['webhook-signature']),
    };
    // The library refuses timestamps far from its own clock: the app's clock is moved in these tests.
    const at = Number(headers['webhook-timestamp']) * 1000;
    const realNow = Date.now;
    Date.now = () => at;
    try {
      return { id: headers['webhook-id'], event: checker.verify(request.body, headers) as Event };
    } finally {
      Date.now = realNow;
    }
  });
}

async function northTicket(): Promise<number> {
  const ticket = await insertTicket(t.db, {
    unit: w.north.unit,
    tenant: w.north.tenant,
    category: w.plumbing,
    recipients: [w.north.plumber, w.north.manager],
    createdAt: new Date(START.getTime() - HOUR),
  });
  await t.db.insert(ticketAvailability).values({
    ticketId: ticket.id,
    startsAt: new Date(START.getTime() + 25 * HOUR),
    endsAt: new Date(START.getTime() + 29 * HOUR),
  });
  return ticket.id;
}

describe('endpoints', () => {
  it('are added by the landlord’s manager, the secret answered once, and listed without it', async () => {
    const response = await manager.post(webhooksUrl(), {
      url: receiver.url,
      description: 'Accounting sync',
      events: ['ticket.created', 'comment.added'],
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json();
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);
    expect(created.data).toMatchObject({
      url: receiver.url,
      events: ['ticket.created', 'comment.added'],
      enabled: true,
      failures: 0,
    });
    const listed = await manager.get(webhooksUrl());
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(created.secret);
    expect(listed.json().data).toEqual([created.data]);
  });

  it('are refused to other roles and to another landlord’s manager, and the super admin manages any', async () => {
    for (const user of [w.north.tenant, w.north.plumber, w.south.manager]) {
      const client = await clientFor(t, user);
      expect((await client.get(webhooksUrl())).statusCode, user.email).toBe(403);
      expect(
        (await client.post(webhooksUrl(), { url: receiver.url, events: ['ticket.created'] })).statusCode,
      ).toBe(403);
    }
    expect(await t.db.select().from(webhookEndpoints)).toEqual([]);
    await addWebhook(admin, {}, w.south.landlord.id);
    expect((await admin.get(webhooksUrl(999_999))).statusCode).toBe(404);
    const { id } = await addWebhook(manager);
    // Another landlord's endpoint through this landlord's path is not found.
    expect((await admin.get(`${webhooksUrl(w.south.landlord.id)}/${id}/deliveries`)).statusCode).toBe(404);
  });

  it('refuse bad addresses and events with the field’s message, and at most ten per landlord', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ url: 'ftp://example.com/x', events: ['ticket.created'] }, 'url'],
      [{ url: 'https://user:pass@example.com/x', events: ['ticket.created'] }, 'url'],
      [{ url: 'not a url', events: ['ticket.created'] }, 'url'],
      [{ url: receiver.url, events: [] }, 'events'],
      [{ url: receiver.url, events: ['ticket.deleted'] }, 'events'],
      [{ url: receiver.url, events: ['ticket.created'], description: 'x'.repeat(201) }, 'description'],
    ];
    for (const [body, field] of cases) {
      const response = await manager.post(webhooksUrl(), body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual([field]);
    }
    for (let i = 0; i < 10; i++) await addWebhook(manager, { url: `${receiver.url}/${i}` });
    const eleventh = await manager.post(webhooksUrl(), { url: receiver.url, events: ['ticket.created'] });
    expect(eleventh.statusCode).toBe(422);
    expect(eleventh.json().errors.url[0]).toContain('at most 10');
  });

  it('are edited, switched off and on, and removed with their deliveries', async () => {
    const { id } = await addWebhook(manager);
    const edited = await manager.send('PATCH', `${webhooksUrl()}/${id}`, {
      url: `${receiver.url}/v2`,
      description: '',
      events: ['ticket.status_changed'],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({
      url: `${receiver.url}/v2`,
      events: ['ticket.status_changed'],
    });
    expect((await manager.post(`${webhooksUrl()}/${id}/disable`)).json().data.enabled).toBe(false);
    await t.db.update(webhookEndpoints).set({ failures: 3 }).where(eq(webhookEndpoints.id, id));
    expect((await manager.post(`${webhooksUrl()}/${id}/enable`)).json().data).toMatchObject({
      enabled: true,
      failures: 0,
    });
    const ticketId = await northTicket();
    await manager.send('PATCH', '/api/tickets/batch/status', { tickets: [ticketId], status: 1 });
    const messages = await t.db.select().from(outboxMessages).where(eq(outboxMessages.channel, 'webhook'));
    expect(messages).toHaveLength(1);
    expect((await manager.send('DELETE', `${webhooksUrl()}/${id}`)).statusCode).toBe(200);
    expect(await t.db.select().from(webhookDeliveries)).toEqual([]);
    expect(await t.db.select().from(outboxMessages).where(eq(outboxMessages.channel, 'webhook'))).toEqual([]);
    expect((await manager.get(`${webhooksUrl()}/${id}/deliveries`)).statusCode).toBe(404);
  });
});

describe('events', () => {
  it('reach the endpoint once each, signed, for every kind of change', async () => {
    const { secret } = await addWebhook(manager);
    const tenant = await clientFor(t, w.north.tenant);
    const plumber = await clientFor(t, w.north.plumber);
    // Forms are checked against the real date: this test runs on it, with the tenant's window two days ahead.
    clock = new Date(Math.floor(Date.now() / HOUR) * HOUR);
    const windowStart = clock.getTime() / 1000 + 48 * 3600;
    const window = { 'availability[0][start]': windowStart, 'availability[0][end]': windowStart + 4 * 3600 };
    const contact = {
      first_name: 'Jane',
      last_name: 'M',
      email: 'jane@example.test',
      phone_number: '7805550101',
    };
    const created = await tenant.post('/api/tickets', {
      contact_details: contact,
      title: 'Leaking kitchen faucet',
      description: 'Drips all night.',
      priority: 0,
      category_id: w.plumbing.id,
      ...window,
    });
    expect(created.statusCode, created.body).toBe(201);
    const ticketId = created.json().id as number;
    const edited = await manager.send('PATCH', `/api/tickets/${ticketId}`, {
      contact_details: contact,
      unit_id: w.north.unit.id,
      title: 'Leaking kitchen faucet and sink',
      description: 'Drips all night.',
      priority: 1,
      category_id: w.plumbing.id,
      ...window,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(
      (
        await manager.send('PUT', `/api/tickets/${ticketId}/assignment`, {
          contractor_id: w.north.plumber.id,
        })
      ).statusCode,
    ).toBe(200);
    expect((await plumber.post(`/api/tickets/${ticketId}/assignment/accept`)).statusCode).toBe(200);
    const commented = await tenant.post(`/api/tickets/${ticketId}/comments`, {
      body: 'It got worse',
      visibility: 'everyone',
    });
    expect(commented.statusCode, commented.body).toBe(201);
    // The first hour of the tenant's window: booked at once, the ticket Scheduled.
    const from = zonedDateTime(windowStart, 'America/Edmonton');
    const to = zonedDateTime(windowStart + 3600, 'America/Edmonton');
    const booked = await plumber.post(`/api/tickets/${ticketId}/visits`, {
      visit: JSON.stringify({
        start_date: from.date,
        start_time: from.time,
        end_date: to.date,
        end_time: to.time,
      }),
    });
    expect(booked.statusCode, booked.body).toBe(200);
    const estimate = await plumber.post(`/api/tickets/${ticketId}/estimates`, {
      currency: 'CAD',
      lines: JSON.stringify([{ kind: 'labour', description: 'Cartridge', amount_cents: 12_000 }]),
      tax_cents: 600,
    });
    expect(estimate.statusCode, estimate.body).toBe(201);
    const costId = estimate.json().data.costs.items[0].id as number;
    expect((await manager.post(`/api/tickets/${ticketId}/costs/${costId}/approve`)).statusCode).toBe(200);

    const result = await deliver();
    expect(result.failed).toBe(0);
    const got = verified(secret);
    expect(got.map((one) => one.event.type).sort()).toEqual(
      [
        'ticket.created',
        'ticket.updated',
        'ticket.assigned',
        'ticket.assigned',
        'comment.added',
        'visit.booked',
        'ticket.status_changed',
        'approval.decided',
      ].sort(),
    );
    expect(new Set(got.map((one) => one.id)).size).toBe(got.length);
    const byType = (type: string) => got.filter((one) => one.event.type === type).map((one) => one.event);
    for (const { event } of got) {
      expect(event.data.landlord_id).toBe(w.north.landlord.id);
      expect(event.data.ticket.id).toBe(ticketId);
      expect(event.data.ticket.url).toMatch(new RegExp(`/tickets/${ticketId}$`));
    }
    expect(byType('ticket.updated')[0].data.fields).toEqual(['title', 'priority']);
    expect(byType('ticket.assigned').map((event) => event.data.change)).toEqual(['assigned', 'accepted']);
    expect(byType('comment.added')[0].data.comment).toMatchObject({
      body: 'It got worse',
      visibility: 'everyone',
    });
    expect(byType('visit.booked')[0].data.visit).toMatchObject({ contractor_id: w.north.plumber.id });
    expect(byType('ticket.status_changed')[0].data).toMatchObject({
      from: STATUS.open,
      to: STATUS.scheduled,
    });
    expect(byType('approval.decided')[0].data.approval).toMatchObject({
      cost_id: costId,
      decision: 'approved',
      total_cents: 12_600,
      decided_by: 'staff',
    });
    expect(receiver.received.every((request) => request.headers['content-type'] === 'application/json')).toBe(
      true,
    );
    // The delivery log says each was delivered with the receiver's answer.
    const { id } = (await manager.get(webhooksUrl())).json().data[0];
    const log = (await manager.get(`${webhooksUrl()}/${id}/deliveries`)).json();
    expect(log.data).toHaveLength(got.length);
    expect(
      log.data.every(
        (d: { status: string; response_status: number }) => d.status === 'sent' && d.response_status === 200,
      ),
    ).toBe(true);
    expect(log.next_before).toBeNull();
    // Nothing is sent twice.
    await deliver();
    expect(receiver.received).toHaveLength(got.length);
  });

  it('go only to endpoints that chose them, of the ticket’s own landlord, while they are on', async () => {
    const statusOnly = await addWebhook(manager, { events: ['ticket.status_changed'] });
    await addWebhook(admin, {}, w.south.landlord.id);
    const off = await addWebhook(manager, { url: `${receiver.url}/off` });
    await manager.post(`${webhooksUrl()}/${off.id}/disable`);
    const ticketId = await northTicket();
    await manager.send('PATCH', '/api/tickets/batch/status', { tickets: [ticketId], status: 1 });
    await (await clientFor(t, w.north.tenant)).post(`/api/tickets/${ticketId}/comments`, {
      body: 'Hello',
      visibility: 'everyone',
    });
    await deliver();
    expect(receiver.received.map((request) => request.path)).toEqual(['/hooks']);
    expect(verified(statusOnly.secret)[0].event.type).toBe('ticket.status_changed');
  });

  it('are not queued when the change is refused', async () => {
    await addWebhook(manager);
    const ticketId = await northTicket();
    const tenant = await clientFor(t, w.south.tenant);
    expect(
      (await tenant.post(`/api/tickets/${ticketId}/comments`, { body: 'x', visibility: 'everyone' }))
        .statusCode,
    ).toBe(404);
    expect(await t.db.select().from(webhookDeliveries)).toEqual([]);
  });
});

describe('deliveries', () => {
  /** A worker on a clock the test moves (the app's own one reads the real time). */
  const workerAt = (now: () => Date) =>
    new OutboxWorker({ db: t.db, transports: { webhook: t.app.outbox.transports.webhook }, now });

  it('are retried with backoff after a failure, and the log shows each answer', async () => {
    const { id } = await addWebhook(manager);
    receiver.answer = (index) => (index === 0 ? 503 : 200);
    const ticketId = await northTicket();
    await manager.send('PATCH', '/api/tickets/batch/status', { tickets: [ticketId], status: 1 });
    let now = new Date();
    const worker = workerAt(() => now);
    expect(await worker.drain()).toMatchObject({ retried: 1, sent: 0 });
    let [delivery] = (await manager.get(`${webhooksUrl()}/${id}/deliveries`)).json().data;
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, response_status: 503 });
    expect(delivery.last_error).toBe('The endpoint answered 503.');
    expect((await t.db.select().from(webhookEndpoints))[0].failures).toBe(1);
    expect(await worker.drain()).toMatchObject({ claimed: 0 });
    now = new Date(now.getTime() + worker.backoffMs(1));
    expect(await worker.drain()).toMatchObject({ sent: 1 });
    [delivery] = (await manager.get(`${webhooksUrl()}/${id}/deliveries`)).json().data;
    expect(delivery).toMatchObject({ status: 'sent', attempts: 2, response_status: 200, last_error: null });
    expect((await t.db.select().from(webhookEndpoints))[0].failures).toBe(0);
    // Both attempts carried the same webhook-id.
    expect(new Set(receiver.received.map((request) => request.headers['webhook-id'])).size).toBe(1);
  });

  it('count an endpoint that does not answer in time as a failure', async () => {
    const { id } = await addWebhook(manager);
    receiver.delayMs = 2500;
    const ticketId = await northTicket();
    await manager.send('PATCH', '/api/tickets/batch/status', { tickets: [ticketId], status: 1 });
    const impatient = new OutboxWorker({
      db: t.db,
      transports: {
        webhook: new WebhookTransport({
          db: t.db,
          messaging: t.app.messaging,
          allowPrivate: true,
          timeoutMs: 1000,
        }),
      },
    });
    expect(await impatient.drain(1)).toMatchObject({ retried: 1 });
    const [delivery] = (await manager.get(`${webhooksUrl()}/${id}/deliveries`)).json().data;
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, response_status: null });
    expect(delivery.last_error).toBe(format(en.webhooks.failures.timeout, { seconds: 1 }));
    expect((await t.db.select().from(webhookEndpoints))[0].failures).toBe(1);
  });

  it('switch the endpoint off after failing in a row, and tell its managers once', async () => {
    const { id } = await addWebhook(manager);
    receiver.answer = () => 500;
    await t.db
      .update(webhookEndpoints)
      .set({ failures: WEBHOOK_FAILURES_BEFORE_DISABLE - 2 })
      .where(eq(webhookEndpoints.id, id));
    const first = await northTicket();
    const second = await northTicket();
    await manager.send('PATCH', '/api/tickets/batch/status', { tickets: [first, second], status: 1 });
    const third = await northTicket();
    await manager.send('PATCH', '/api/tickets/batch/status', { tickets: [third], status: 1 });
    await deliver();
    const [endpoint] = await t.db.select().from(webhookEndpoints);
    expect(endpoint).toMatchObject({ enabled: false, failures: WEBHOOK_FAILURES_BEFORE_DISABLE });
    expect(endpoint.disabledAt).not.toBeNull();
    expect(receiver.received).toHaveLength(2);
    // The third waits no more: it failed for good, without being sent.
    const statuses = (
      await t.db
        .select({ status: outboxMessages.status, error: outboxMessages.lastError })
        .from(outboxMessages)
        .where(eq(outboxMessages.channel, 'webhook'))
        .orderBy(asc(outboxMessages.id))
    ).map((row) => row.status);
    expect(statuses).toEqual(['pending', 'pending', 'failed']);
    const told = await t.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, w.north.manager.id),
          eq(notifications.title, 'A webhook was switched off'),
        ),
      );
    expect(told).toHaveLength(1);
    expect(told[0].link).toBe(`/landlords/${w.north.landlord.id}`);
    const mails = await t.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.kind, 'webhook.switched_off'), eq(outboxMessages.channel, 'email')));
    expect(mails.map((mail) => mail.recipient)).toEqual([w.north.manager.email]);
    expect(mails[0].bodyText).toContain(receiver.url);
    // Nothing new is queued for it, and a redelivery is refused until it is on again.
    const log = (await manager.get(`${webhooksUrl()}/${id}/deliveries`)).json().data;
    const refused = await manager.post(`${webhooksUrl()}/${id}/deliveries/${log[0].id}/redeliver`);
    expect(refused.statusCode).toBe(409);
  });

  it('are redelivered with the same webhook-id, but not while still on their way', async () => {
    const { id } = await addWebhook(manager);
    const ticketId = await northTicket();
    await manager.send('PATCH', '/api/tickets/batch/status', { tickets: [ticketId], status: 1 });
    let [delivery] = (await manager.get(`${webhooksUrl()}/${id}/deliveries`)).json().data;
    const busy = await manager.post(`${webhooksUrl()}/${id}/deliveries/${delivery.id}/redeliver`);
    expect(busy.statusCode).toBe(409);
    await deliver();
    const again = await manager.post(`${webhooksUrl()}/${id}/deliveries/${delivery.id}/redeliver`);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().data).toMatchObject({
      redelivery_of: delivery.id,
      event_id: delivery.event_id,
      status: 'pending',
    });
    await deliver();
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1].body).toBe(receiver.received[0].body);
    expect(receiver.received[1].headers['webhook-id']).toBe(receiver.received[0].headers['webhook-id']);
    [delivery] = (await manager.get(`${webhooksUrl()}/${id}/deliveries`)).json().data;
    expect(delivery).toMatchObject({ status: 'sent', redelivery_of: expect.any(Number) });
    // Another landlord's delivery cannot be redelivered through this endpoint.
    const south = await addWebhook(admin, {}, w.south.landlord.id);
    expect(
      (
        await admin.post(
          `${webhooksUrl(w.south.landlord.id)}/${south.id}/deliveries/${delivery.id}/redeliver`,
        )
      ).statusCode,
    ).toBe(404);
  });

  it('are paged newest first', async () => {
    const { id } = await addWebhook(manager, { events: ['ticket.status_changed'] });
    const ids = await Promise.all(Array.from({ length: 30 }, () => northTicket()));
    await manager.send('PATCH', '/api/tickets/batch/status', { tickets: ids, status: 1 });
    const first = (await manager.get(`${webhooksUrl()}/${id}/deliveries`)).json();
    expect(first.data).toHaveLength(25);
    const second = (
      await manager.get(`${webhooksUrl()}/${id}/deliveries?before=${first.next_before}`)
    ).json();
    expect(second.data).toHaveLength(5);
    expect(second.next_before).toBeNull();
    const all = [...first.data, ...second.data].map((d: { id: number }) => d.id);
    expect(all).toEqual([...all].sort((a, b) => b - a));
  });

  it('by two workers at once reach the endpoint once each', async () => {
    await addWebhook(manager, { events: ['ticket.status_changed'] });
    receiver.delayMs = 5;
    const ids = await Promise.all(Array.from({ length: 24 }, () => northTicket()));
    await manager.send('PATCH', '/api/tickets/batch/status', { tickets: ids, status: 1 });
    const one = workerAt(() => new Date());
    const two = workerAt(() => new Date());
    const [a, b] = await Promise.all([one.drain(), two.drain()]);
    expect(a.sent + b.sent).toBe(24);
    const eventIds = receiver.received.map((request) => String(request.headers['webhook-id']));
    expect(eventIds).toHaveLength(24);
    expect(new Set(eventIds).size).toBe(24);
  });

  it('never reach this machine or a private network unless allowed', async () => {
    const { id } = await addWebhook(manager);
    const ticketId = await northTicket();
    await manager.send('PATCH', '/api/tickets/batch/status', { tickets: [ticketId], status: 1 });
    const strict = new OutboxWorker({
      db: t.db,
      transports: {
        webhook: new WebhookTransport({ db: t.db, messaging: t.app.messaging, allowPrivate: false }),
      },
    });
    expect(await strict.drain()).toMatchObject({ failed: 1 });
    expect(receiver.received).toEqual([]);
    const [delivery] = (await manager.get(`${webhooksUrl()}/${id}/deliveries`)).json().data;
    expect(delivery).toMatchObject({ status: 'failed', response_status: null });
    expect(delivery.last_error).toContain('private network');
  });
});
