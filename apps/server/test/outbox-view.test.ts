/**
 * Without delivery settings nothing is dropped: messages stay pending, saying why, in the super admin's
 * Outbox view, which lists, filters and retries them.
 */
import { type ApiOutboxMessage, en } from '@mend/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers/app';
import { expectOnePageStatement, statementRecorder } from './helpers/statements';
import { clientFor, createWorld, ticketForm, type World } from './helpers/ticket-factories';

let t: TestApp;
let w: World;
let ticketId: number;

beforeAll(async () => {
  // No SMTP_URL, no SMS_* settings.
  t = await createTestApp({ env: { APP_URL: 'http://mend-outbox.test' } });
  w = await createWorld(t.db);
  const client = await clientFor(t, w.north.tenant);
  const response = await client.post('/api/tickets', ticketForm({ category_id: w.plumbing.id }));
  expect(response.statusCode, response.body).toBe(201);
  ticketId = response.json().id;
});
afterAll(() => t.close());

describe('a channel without configuration', () => {
  it('keeps its messages pending, never attempted, with last_error saying why', async () => {
    // Webhooks need no settings (modules/webhooks/transport.ts); email, SMS and voice have none here.
    expect(t.app.outbox.channels).toEqual(['webhook']);
    const result = await t.app.outbox.runOnce();
    expect(result.claimed).toBe(0);
    const rows = (await t.db.select().from(outboxMessages)).filter(
      (row) => (row.payload as { ticket_id?: number }).ticket_id === ticketId,
    );
    expect(rows.length).toBe(6);
    for (const row of rows) {
      expect(row).toMatchObject({ status: 'pending', attempts: 0, sentAt: null });
      expect(row.lastError).toBe(en.accounts.notConfigured[row.channel]);
    }
    // Looking again changes nothing.
    await t.app.outbox.runOnce();
    const again = await t.db.select().from(outboxMessages).where(eq(outboxMessages.id, rows[0].id));
    expect(again[0]).toMatchObject({ status: 'pending', attempts: 0 });
  });
});

describe('GET /api/outbox', () => {
  it('lists every message for the super admin, newest first, without bodies', async () => {
    const admin = await clientFor(t, w.admin);
    const response = await admin.get('/api/outbox');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.meta).toMatchObject({ total: 6, page: 1, per_page: 10 });
    const email: ApiOutboxMessage = body.data.find(
      (row: ApiOutboxMessage) => row.channel === 'email' && row.recipient === w.north.plumber.email,
    );
    expect(email).toMatchObject({
      kind: 'ticket.created',
      status: 'pending',
      attempts: 0,
      last_error: en.accounts.notConfigured.email,
      sent_at: null,
    });
    expect(email.subject).toContain('New ticket #');
    expect(Object.keys(email).sort()).toEqual(
      [
        'attempts',
        'channel',
        'created_at',
        'id',
        'kind',
        'last_error',
        'next_attempt_at',
        'recipient',
        'sent_at',
        'status',
        'subject',
      ].sort(),
    );
    const ids = body.data.map((row: ApiOutboxMessage) => row.id);
    expect([...ids].sort((a: number, b: number) => b - a)).toEqual(ids);
  });

  it('filters by status and channel, and searches recipient, subject and kind', async () => {
    const admin = await clientFor(t, w.admin);
    const list = async (query: string) =>
      (await admin.get(`/api/outbox?${query}`)).json().data as ApiOutboxMessage[];
    expect((await list('channel=sms')).every((row) => row.channel === 'sms')).toBe(true);
    expect(await list('channel=sms')).toHaveLength(2);
    expect(await list('status=sent')).toEqual([]);
    expect(
      (await list(`search=${encodeURIComponent(w.north.manager.email)}`)).map((row) => row.channel),
    ).toEqual(['email']);
    expect(await list('search=ticket.created')).toHaveLength(6);
  });

  it('reads each page in one statement besides the session lookup, and counts past the last page', async () => {
    // A page was two statements (the rows and the count) on two pooled connections, built on every call.
    const admin = await clientFor(t, w.admin);
    const queries = ['', 'page=2&per_page=4&sort=recipient', 'channel=sms&status=pending', 'search=ticket'];
    await expectOnePageStatement(
      t.db,
      admin,
      queries.map((query) => `/api/outbox?${query}`),
    );
    const past = (await admin.get('/api/outbox?channel=sms&page=3&per_page=1')).json();
    expect(past).toEqual({ data: [], meta: { total: 2, page: 3, per_page: 1 } });
    const second = (await admin.get('/api/outbox?channel=sms&page=2&per_page=1')).json();
    expect(second.data).toHaveLength(1);
    expect(second.meta.total).toBe(2);
  });

  it('writes the status and channel filters into the statement, and reads no message bodies', async () => {
    // As placeholders, PostgreSQL's generic plan (from a statement's sixth use on a connection) reckoned with a
    // common value: a channel with no messages counted by reading the whole table.
    const admin = await clientFor(t, w.admin);
    const recorder = statementRecorder(t.db);
    const statements = await recorder.during(async () => {
      const response = await admin.get('/api/outbox?channel=voice&status=sending');
      expect(response.json()).toEqual({ data: [], meta: { total: 0, page: 1, per_page: 10 } });
    });
    const [page] = statements.filter((statement) => statement.text.includes('"outbox_messages"'));
    expect(page.text).toContain(`"channel" = 'voice'`);
    expect(page.text).toContain(`"status" = 'sending'`);
    expect(page.values).not.toContain('voice');
    expect(page.text).not.toMatch(/"body_html"|"body_text"|"payload"/);
  });

  it('is the super admin’s only', async () => {
    for (const user of [w.north.manager, w.north.tenant, w.north.plumber]) {
      const client = await clientFor(t, user);
      expect((await client.get('/api/outbox')).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/outbox' })).statusCode).toBe(401);
  });
});

describe('POST /api/outbox/{id}/retry', () => {
  it('makes a failed message due again with fresh attempts', async () => {
    const [failed] = await t.db
      .insert(outboxMessages)
      .values({
        channel: 'email',
        kind: 'test.failed',
        recipient: 'failed@example.test',
        status: 'failed',
        attempts: 6,
        lastError: 'connection refused',
        nextAttemptAt: new Date(Date.now() - 3600_000),
      })
      .returning();
    const admin = await clientFor(t, w.admin);
    const response = await admin.post(`/api/outbox/${failed.id}/retry`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: en.accounts.outboxRetried,
      data: { id: failed.id, status: 'pending', attempts: 0, last_error: null },
    });
  });

  it('does not send a sent message again, leaves one being sent alone, and 404s an unknown id', async () => {
    const [sent] = await t.db
      .insert(outboxMessages)
      .values({
        channel: 'sms',
        kind: 'test.sent',
        recipient: '780 555 0100',
        status: 'sent',
        sentAt: new Date(),
      })
      .returning();
    const [sending] = await t.db
      .insert(outboxMessages)
      .values({
        channel: 'sms',
        kind: 'test.sending',
        recipient: '780 555 0101',
        status: 'sending',
        lockedAt: new Date(),
      })
      .returning();
    const admin = await clientFor(t, w.admin);
    const again = await admin.post(`/api/outbox/${sent.id}/retry`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'conflict', message: en.accounts.outboxAlreadySent });
    const busy = await admin.post(`/api/outbox/${sending.id}/retry`);
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toEqual({ code: 'conflict', message: en.accounts.outboxBusy });
    expect((await admin.post('/api/outbox/999999/retry')).statusCode).toBe(404);
    const tenant = await clientFor(t, w.north.tenant);
    expect((await tenant.post(`/api/outbox/${sent.id}/retry`)).statusCode).toBe(403);
  });
});
