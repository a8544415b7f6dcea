/**
 * Delivery through real components: a real SMTP server process receives the emails, a local HTTP server
 * plays the Twilio-compatible SMS/voice provider. Retries, backoff, permanent failures and stale claims.
 */
import { type ApiTicket, en, format } from '@mend/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { type OutboxMessageRow, outboxMessages, users } from '../src/db/schema';
import { transportsFromConfig } from '../src/lib/outbox/setup';
import { OutboxWorker } from '../src/lib/outbox/worker';
import { createTestApp, type TestApp } from './helpers/app';
import { startSmsProvider, type TestSmsProvider } from './helpers/sms-server';
import { linkIn, startSmtpServer, type TestSmtpServer } from './helpers/smtp-server';
import { clientFor, createWorld, ticketForm, type World } from './helpers/ticket-factories';

const APP_URL = 'http://mend-delivery.test';
let t: TestApp;
let w: World;
let smtp: TestSmtpServer;
let sms: TestSmsProvider;

beforeAll(async () => {
  smtp = await startSmtpServer();
  sms = await startSmsProvider();
  t = await createTestApp({
    env: {
      APP_URL,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Mend <no-reply@mend.test>',
      SMS_PROVIDER_URL: sms.url,
      SMS_ACCOUNT_SID: 'AC0123456789',
      SMS_AUTH_TOKEN: 'provider-secret',
      SMS_FROM: '+15005550006',
      MAIL_RATE_LIMIT: '1000',
      OUTBOX_POLL_MS: '50',
    },
  });
  w = await createWorld(t.db);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await sms.close();
});

/** A worker on the app's database and transports, with a clock the test moves. */
function workerAt(clock: { now: Date }, options: { maxAttempts?: number } = {}): OutboxWorker {
  return new OutboxWorker({
    db: t.db,
    transports: transportsFromConfig(t.app.config),
    now: () => clock.now,
    backoffBaseMs: 60_000,
    maxAttempts: options.maxAttempts,
  });
}

async function insertRow(
  values: Partial<OutboxMessageRow> & Pick<OutboxMessageRow, 'channel' | 'recipient'>,
) {
  const [row] = await t.db
    .insert(outboxMessages)
    .values({ kind: 'test.message', bodyText: 'Hello from the test', ...values })
    .returning();
  return row;
}

async function rowOf(id: number): Promise<OutboxMessageRow> {
  const [row] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
  return row;
}

describe('a new ticket, delivered', () => {
  let ticket: ApiTicket;

  beforeAll(async () => {
    const client = await clientFor(t, w.north.tenant);
    const response = await client.post(
      '/api/tickets',
      ticketForm({
        category_id: w.plumbing.id,
        title: 'Leak <b>under</b> the sink & more',
        description: 'Water everywhere.\nPlease hurry.',
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    ticket = response.json();
    const result = await t.app.outbox.drain();
    // Plumber and manager: email, SMS and voice each.
    expect(result).toMatchObject({ claimed: 6, sent: 6, retried: 0, failed: 0 });
  });

  it('emails each recipient through SMTP: envelope, subject, the ticket link and an unsubscribe link', async () => {
    await smtp.waitFor(2);
    const mail = smtp.messages.find((message) => message.to.includes(w.north.plumber.email))!;
    expect(mail).toBeDefined();
    expect(mail.from).toBe('no-reply@mend.test');
    expect(mail.to).toEqual([w.north.plumber.email]);
    expect(mail.headers.from).toContain('no-reply@mend.test');
    expect(mail.subject).toBe(`New ticket #${ticket.visible_id}: Leak <b>under</b> the sink & more`);
    expect(mail.text).toContain(`${APP_URL}/tickets/${ticket.id}`);
    expect(mail.text).toContain('Plumbing');
    expect(mail.text).toContain('Hello Marco Plumber,');
    const unsubscribe = linkIn(mail.text, `${APP_URL}/unsubscribe/`);
    expect(unsubscribe).not.toBeNull();
    expect(mail.headers['list-unsubscribe']).toBe(`<${unsubscribe}>`);
    // The HTML escapes user text and carries the same links.
    expect(mail.html).toContain('Leak &lt;b&gt;under&lt;/b&gt; the sink &amp; more');
    expect(mail.html).not.toContain('<b>under</b>');
    expect(mail.html).toContain(`href="${APP_URL}/tickets/${ticket.id}"`);
    expect(mail.html).toContain(`href="${unsubscribe}"`);
    expect(mail.html).toContain('Water everywhere.<br>Please hurry.');

    const manager = smtp.messages.find((message) => message.to.includes(w.north.manager.email));
    expect(manager?.text).toContain('Hello Olivia Manager,');
  });

  it('marks the rows sent', async () => {
    const rows = (await t.db.select().from(outboxMessages)).filter(
      (row) => (row.payload as { ticket_id?: number }).ticket_id === ticket.id,
    );
    expect(rows).toHaveLength(6);
    for (const row of rows) {
      expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null, lockedAt: null });
      expect(row.sentAt).toBeInstanceOf(Date);
    }
  });

  it('texts and calls through the provider: form-encoded To/From/Body with basic auth', async () => {
    const texts = sms.requests.filter((request) => request.path.endsWith('/Messages.json'));
    const calls = sms.requests.filter((request) => request.path.endsWith('/Calls.json'));
    expect(texts).toHaveLength(2);
    expect(calls).toHaveLength(2);
    for (const request of [...texts, ...calls]) {
      expect(request.method).toBe('POST');
      expect(request.path.startsWith('/2010-04-01/Accounts/AC0123456789/')).toBe(true);
      expect(request.auth).toBe('AC0123456789:provider-secret');
      expect(request.contentType).toBe('application/x-www-form-urlencoded');
      expect(request.form.From).toBe('+15005550006');
    }
    // '780 555 0199' / '780 555 0198' dialled in E.164.
    expect(texts.map((request) => request.form.To)).toEqual(['+17805550199', '+17805550199']);
    expect(texts[0].form.Body).toContain(`#${ticket.visible_id}`);
    expect(texts[0].form.Body).toContain(`${APP_URL}/tickets/${ticket.id}`);
    expect(calls.map((request) => request.form.To)).toEqual(['+17805550198', '+17805550198']);
    const twiml = calls[0].form.Twiml;
    expect(twiml.startsWith('<Response><Say>')).toBe(true);
    expect(twiml.endsWith('</Say></Response>')).toBe(true);
    // The title is escaped inside the XML.
    expect(twiml).toContain('Leak &lt;b&gt;under&lt;/b&gt; the sink &amp; more');
  });

  it('the unsubscribe link of the email turns ticket emails off, without signing in', async () => {
    const mail = smtp.messages.find((message) => message.to.includes(w.north.plumber.email))!;
    const link = linkIn(mail.text, `${APP_URL}/unsubscribe/`)!;
    const token = link.slice(`${APP_URL}/unsubscribe/`.length);
    const visitor = await t.client();
    const response = await visitor.post(`/api/unsubscribe/${token}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: 'You will no longer receive ticket emails.' });
    const [plumber] = await t.db.select().from(users).where(eq(users.id, w.north.plumber.id));
    expect(plumber.notificationOptions.mail.tickets).toBe(false);
    // Only that option: SMS and voice stay on.
    expect(plumber.notificationOptions.sms.tickets).toBe(true);
    expect(plumber.notificationOptions.phone.tickets).toBe(true);
  });
});

describe('retries', () => {
  it('a provider failure is retried with exponential backoff, then succeeds', async () => {
    const clock = { now: new Date('2030-01-01T10:00:00Z') };
    const worker = workerAt(clock);
    const row = await insertRow({
      channel: 'sms',
      recipient: '780 555 0123',
      bodyText: 'Backoff test',
      nextAttemptAt: clock.now,
    });
    sms.answerNext(500, 503);
    const before = sms.requests.length;

    expect(await worker.runOnce()).toMatchObject({ claimed: 1, retried: 1 });
    let current = await rowOf(row.id);
    expect(current).toMatchObject({ status: 'pending', attempts: 1, lockedAt: null });
    expect(current.lastError).toContain('500');
    expect(current.nextAttemptAt.getTime()).toBe(clock.now.getTime() + 60_000);

    // Not due yet: nothing is claimed.
    clock.now = new Date(clock.now.getTime() + 30_000);
    expect((await worker.runOnce()).claimed).toBe(0);

    clock.now = new Date(clock.now.getTime() + 31_000);
    expect(await worker.runOnce()).toMatchObject({ claimed: 1, retried: 1 });
    current = await rowOf(row.id);
    expect(current).toMatchObject({ status: 'pending', attempts: 2 });
    expect(current.lastError).toContain('503');
    // The second wait is twice the first.
    expect(current.nextAttemptAt.getTime()).toBe(clock.now.getTime() + 120_000);

    clock.now = new Date(clock.now.getTime() + 120_000);
    expect(await worker.runOnce()).toMatchObject({ claimed: 1, sent: 1 });
    current = await rowOf(row.id);
    expect(current).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    const attempts = sms.requests.slice(before).filter((request) => request.form.Body === 'Backoff test');
    expect(attempts).toHaveLength(3);
  });

  it('after the last attempt the row stays failed, with its error', async () => {
    const clock = { now: new Date('2030-02-01T10:00:00Z') };
    const worker = workerAt(clock, { maxAttempts: 2 });
    const row = await insertRow({ channel: 'voice', recipient: '780 555 0124', nextAttemptAt: clock.now });
    sms.answerNext(500, 500);
    await worker.runOnce();
    clock.now = new Date(clock.now.getTime() + 61_000);
    expect(await worker.runOnce()).toMatchObject({ claimed: 1, failed: 1 });
    const current = await rowOf(row.id);
    expect(current).toMatchObject({ status: 'failed', attempts: 2, lockedAt: null });
    expect(current.lastError).toContain('500');
    clock.now = new Date(clock.now.getTime() + 24 * 3600_000);
    expect((await worker.runOnce()).claimed).toBe(0);
  });

  it('an SMTP temporary failure (451) is retried; the message arrives once', async () => {
    const clock = { now: new Date('2030-03-01T10:00:00Z') };
    const worker = workerAt(clock);
    await smtp.failNext(1);
    const row = await insertRow({
      channel: 'email',
      recipient: 'retry@example.test',
      subject: 'Retried email',
      nextAttemptAt: clock.now,
    });
    expect(await worker.runOnce()).toMatchObject({ retried: 1 });
    expect((await rowOf(row.id)).lastError).toMatch(/451/);
    clock.now = new Date(clock.now.getTime() + 60_000);
    expect(await worker.runOnce()).toMatchObject({ sent: 1 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(smtp.messages.filter((mail) => mail.subject === 'Retried email')).toHaveLength(1);
  });

  it('an address the server refuses (550) fails at once: trying again cannot help', async () => {
    await smtp.rejectRecipient('gone@example.test');
    const clock = { now: new Date('2030-04-01T10:00:00Z') };
    const row = await insertRow({
      channel: 'email',
      recipient: 'gone@example.test',
      nextAttemptAt: clock.now,
    });
    expect(await workerAt(clock).runOnce()).toMatchObject({ failed: 1 });
    const current = await rowOf(row.id);
    expect(current).toMatchObject({ status: 'failed', attempts: 1 });
    expect(current.lastError).toMatch(/550/);
  });

  it('a number that cannot be dialled, or that the provider refuses (400), fails at once', async () => {
    const clock = { now: new Date('2030-04-02T10:00:00Z') };
    const worker = workerAt(clock);
    const garbled = await insertRow({ channel: 'sms', recipient: 'call me maybe', nextAttemptAt: clock.now });
    expect(await worker.runOnce()).toMatchObject({ failed: 1 });
    expect((await rowOf(garbled.id)).lastError).toBe(
      format(en.accounts.invalidPhoneNumber, { number: 'call me maybe' }),
    );
    sms.answerNext(400);
    const refused = await insertRow({ channel: 'sms', recipient: '780 555 0125', nextAttemptAt: clock.now });
    expect(await worker.runOnce()).toMatchObject({ failed: 1 });
    expect(await rowOf(refused.id)).toMatchObject({ status: 'failed', attempts: 1 });
    expect((await rowOf(refused.id)).lastError).toContain('400');
  });

  it('re-claims a row left in sending by a worker that died, but not one still fresh', async () => {
    const clock = { now: new Date('2030-05-01T10:00:00Z') };
    const stale = await insertRow({
      channel: 'email',
      recipient: 'stale@example.test',
      subject: 'Stale claim',
      status: 'sending',
      attempts: 1,
      lockedAt: new Date(clock.now.getTime() - 10 * 60_000),
      nextAttemptAt: new Date(clock.now.getTime() - 11 * 60_000),
    });
    const fresh = await insertRow({
      channel: 'email',
      recipient: 'fresh@example.test',
      subject: 'Fresh claim',
      status: 'sending',
      attempts: 1,
      lockedAt: new Date(clock.now.getTime() - 60_000),
      nextAttemptAt: new Date(clock.now.getTime() - 2 * 60_000),
    });
    expect(await workerAt(clock).runOnce()).toMatchObject({ claimed: 1, sent: 1 });
    expect(await rowOf(stale.id)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(await rowOf(fresh.id)).toMatchObject({ status: 'sending', attempts: 1 });
    await smtp.waitFor(smtp.messages.length);
    expect(smtp.messages.filter((mail) => mail.subject === 'Stale claim')).toHaveLength(1);
    // Leave nothing claimed behind for the other tests.
    await t.db.update(outboxMessages).set({ status: 'sent' }).where(eq(outboxMessages.id, fresh.id));
  });
});

describe('account emails, delivered', () => {
  it('the reset email arrives with its one-time link, which sets the password; the body is not kept', async () => {
    const client = await t.client();
    const asked = await client.post('/api/password/email', { email: w.north.tenant2.email });
    expect(asked.statusCode, asked.body).toBe(200);
    await t.app.outbox.drain();
    const mail = (await smtp.waitFor(1)).find(
      (message) => message.to.includes(w.north.tenant2.email) && message.subject === en.mail.reset.subject,
    )!;
    expect(mail).toBeDefined();
    const link = linkIn(mail.text, `${APP_URL}/password/reset/`)!;
    const url = new URL(link);
    expect(url.searchParams.get('email')).toBe(w.north.tenant2.email);
    expect(mail.html).toContain(`href="${link.replaceAll('&', '&amp;')}"`);
    expect(mail.text).not.toContain('/unsubscribe/');

    const [row] = await t.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.kind, 'password_reset'), eq(outboxMessages.userId, w.north.tenant2.id)));
    expect(row).toMatchObject({ status: 'sent', bodyText: '', bodyHtml: '' });

    const token = url.pathname.split('/').pop()!;
    const reset = await client.post('/api/password/reset', {
      token,
      email: w.north.tenant2.email,
      password: 'a brand new password',
      password_confirmation: 'a brand new password',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await client.login(w.north.tenant2.email, 'a brand new password')).statusCode).toBe(200);
  });
});

describe('the background worker', () => {
  it('delivers on its own once started, and stops with the app', async () => {
    const row = await insertRow({
      channel: 'email',
      recipient: 'loop@example.test',
      subject: 'Background delivery',
    });
    t.app.outbox.start();
    try {
      const until = Date.now() + 10_000;
      while ((await rowOf(row.id)).status !== 'sent') {
        if (Date.now() > until) throw new Error('the worker did not deliver');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(t.app.outbox.isRunning).toBe(true);
    } finally {
      await t.app.outbox.stop();
    }
    expect(t.app.outbox.isRunning).toBe(false);
    await smtp.waitFor(1);
    expect(smtp.messages.filter((mail) => mail.subject === 'Background delivery')).toHaveLength(1);
  });
});

describe('configuration', () => {
  it('runs the worker by default, but not under NODE_ENV=test unless asked', () => {
    expect(loadConfig({}).outboxWorker).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).outboxWorker).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', OUTBOX_WORKER: 'on' }).outboxWorker).toBe(true);
    expect(loadConfig({ OUTBOX_WORKER: 'off' }).outboxWorker).toBe(false);
    expect(loadConfig({}).outboxPollMs).toBe(2000);
    expect(loadConfig({}).mailFrom).toBe('Mend <no-reply@mend.local>');
  });

  it('configures a channel only with all of its settings', () => {
    expect(loadConfig({}).smtpUrl).toBeNull();
    expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' }).smtpUrl).toBe('smtp://127.0.0.1:2525');
    expect(() => loadConfig({ SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL/);
    expect(
      loadConfig({ SMS_PROVIDER_URL: 'https://api.example.test', SMS_ACCOUNT_SID: 'AC1' }).sms,
    ).toBeNull();
    expect(
      loadConfig({
        SMS_PROVIDER_URL: 'https://api.example.test/',
        SMS_ACCOUNT_SID: 'AC1',
        SMS_AUTH_TOKEN: 'token',
        SMS_FROM: '+15005550006',
      }).sms,
    ).toEqual({
      url: 'https://api.example.test',
      accountSid: 'AC1',
      authToken: 'token',
      from: '+15005550006',
    });
    expect(Object.keys(transportsFromConfig(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' })))).toEqual([
      'email',
    ]);
    expect(() => loadConfig({ APP_SECRET: 'short' })).toThrow(/APP_SECRET/);
  });
});
