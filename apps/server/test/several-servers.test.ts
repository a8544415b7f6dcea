/**
 * Several app servers (issue 27 part 6, ADR 0043): two real app processes (helpers/app-processes.ts), each with its
 * own data folder and port, on one PostgreSQL database, one S3 bucket (s3rver) and one APP_SECRET, both running
 * their outbox and due-work workers against one SMTP server. What one process does, the other sees: the session, the
 * ticket and its photo, its notifications and their outbox rows, the links its emails carry, the rate limits and the
 * `_nonce` answers; and no worker acts twice. PostgreSQL only: the embedded database serves one process.
 *
 * It fails when the processes do not share what they must: separate databases (B knows neither the session nor the
 * ticket), separate storage (B answers 404 for the photo, or the bytes differ), different APP_SECRETs (B refuses the
 * unsubscribe link A signed), a limit counted per process (the fourth failure is not refused), a `_nonce` remembered
 * per process (B creates a second ticket), or a worker claiming without SKIP LOCKED (a message or a ticket twice).
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { en, SESSION_COOKIE } from '@mend/shared';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  notifications,
  outboxMessages,
  scheduleOccurrences,
  schedules,
  ticketImages,
  ticketLog,
  tickets,
  users,
} from '../src/db/schema';
import { S3FileStorage } from '../src/lib/s3-storage';
import { HttpClient } from './faults/helpers/http';
import { toFormData } from './helpers/app';
import { type AppProcess, type AppProcesses, startAppProcesses } from './helpers/app-processes';
import { TEST_PASSWORD } from './helpers/factories';
import { startS3Server, type TestS3Server } from './helpers/s3-server';
import { linkIn, startSmtpServer, type TestSmtpServer } from './helpers/smtp-server';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from './helpers/test-db';
import { createWorld, file, jpegWithGps, ticketForm, type World } from './helpers/ticket-factories';

const BUCKET = 'mend-several';
const APP_SECRET = 'several-servers-secret-shared-by-both';
const ACCOUNT_LIMIT = 3;
/** Messages written straight into the outbox at once, for both workers to race on. */
const DIRECT = 100;
/** Schedules due at once, more than one look of a worker takes (DUE_WORK_BATCH): both workers race on them. */
const SCHEDULES = 30;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it answers true (throws with `describe()` after `timeoutMs`). */
async function until(check: () => Promise<boolean>, timeoutMs: number, describe: () => string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out: ${describe()}`);
    await sleep(100);
  }
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe.skipIf(testDatabaseKind() !== 'postgres')('two app servers on one database and one bucket', () => {
  let database: TestDatabase;
  let s3: TestS3Server;
  let smtp: TestSmtpServer;
  let group: AppProcesses;
  let a: AppProcess;
  let b: AppProcess;
  let w: World;
  let bucket: S3FileStorage;
  /** The ticket the tenant raised through A. */
  let ticketId: number;
  let address = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
    w = await createWorld(database.db);
    s3 = await startS3Server([BUCKET]);
    bucket = new S3FileStorage(s3.config(BUCKET));
    smtp = await startSmtpServer();
    group = await startAppProcesses(2, {
      databaseUrl: database.url!,
      env: {
        ...s3.env(BUCKET),
        APP_SECRET,
        SMTP_URL: smtp.url,
        OUTBOX_WORKER: 'on',
        OUTBOX_POLL_MS: '100',
        DUE_WORK_WORKER: 'on',
        DUE_WORK_POLL_MS: '100',
        LOGIN_RATE_LIMIT: String(ACCOUNT_LIMIT),
        // Each client below brings its own address, as a reverse proxy would pass it on.
        TRUST_PROXY: 'on',
      },
      // Each process sends as itself, so the mail shows that both workers delivered.
      envOf: (index) => ({ MAIL_FROM: `Mend ${index} <process-${index}@mend.test>` }),
    });
    [a, b] = group.processes;
  }, 180_000);

  afterAll(async () => {
    await group?.stop();
    bucket?.close();
    await smtp?.close();
    await s3?.close();
    await database?.close();
  });

  /** A browser on `on`, at an address of its own, signed in as `email` when given. */
  async function browser(on: AppProcess, email?: string): Promise<HttpClient> {
    const client = new HttpClient(on.baseUrl);
    client.forwardedFor = `198.51.100.${++address}`;
    if (email) await client.login(email, TEST_PASSWORD);
    else await client.refreshCsrf();
    return client;
  }

  /** A file's bytes through the app at `on`, with the client's session. */
  async function download(client: HttpClient, on: AppProcess, url: string) {
    const response = await fetch(`${on.baseUrl}${url}`, {
      headers: { cookie: `${SESSION_COOKIE}=${client.session}` },
    });
    return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
  }

  const ticketsTitled = async (title: string) =>
    (await database.db.select({ id: tickets.id }).from(tickets).where(eq(tickets.title, title))).length;

  it('share a session: signed in through A, the same cookie and token read and write through B', async () => {
    const tenant = await browser(a, w.north.tenant.email);
    tenant.baseUrl = b.baseUrl;
    const current = await tenant.get('/api/users/current');
    expect(current.status, current.text).toBe(200);
    expect(current.body).toMatchObject({ user: { id: w.north.tenant.id } });
    // A write through B with the anti-forgery token A handed out; signing out through B ends it on A too.
    expect((await tenant.post('/api/logout', {})).status).toBeLessThan(300);
    tenant.baseUrl = a.baseUrl;
    expect((await tenant.get('/api/users/current')).status).toBe(401);
  });

  it('create a ticket with a photo through A that B reads, photo and all, from the shared bucket', async () => {
    const tenant = await browser(a, w.north.tenant.email);
    const nonce = randomBytes(5).toString('hex');
    const form = async () =>
      toFormData(
        ticketForm({
          title: 'Leak seen by both servers',
          category_id: w.plumbing.id,
          images: [file(await jpegWithGps(), 'leak.jpg', 'image/jpeg')],
          _nonce: nonce,
        }),
      );
    const created = await tenant.post('/api/tickets', await form());
    expect(created.status, created.text).toBe(201);
    ticketId = (created.body as { id: number }).id;

    // The same submission again (a retry after a lost answer) reaches B: A's answer, and no second ticket.
    tenant.baseUrl = b.baseUrl;
    const replayed = await tenant.post('/api/tickets', await form());
    expect(replayed.status, replayed.text).toBe(201);
    expect(replayed.headers.get('idempotent-replay')).toBe('true');
    expect(replayed.body).toEqual(created.body);
    expect(await ticketsTitled('Leak seen by both servers')).toBe(1);

    const detail = await tenant.get(`/api/tickets/${ticketId}/`);
    expect(detail.status, detail.text).toBe(200);
    const { images } = detail.body as { images: string[] };
    expect(images).toHaveLength(1);
    const [image] = await database.db.select().from(ticketImages).where(eq(ticketImages.ticketId, ticketId));
    const stored = await bucket.get(image.storageKey);
    expect(stored, 'the photo is in the bucket').not.toBeNull();
    const inBucket = await readAll(stored!.stream);
    const throughB = await download(tenant, b, images[0]);
    const throughA = await download(tenant, a, images[0]);
    expect(throughB.status).toBe(200);
    expect(throughA.status).toBe(200);
    expect(throughB.bytes.equals(inBucket)).toBe(true);
    expect(throughA.bytes.equals(inBucket)).toBe(true);
    // Neither process kept a copy in its own data folder.
    for (const process of [a, b]) expect(existsSync(path.join(process.dataDir, 'uploads'))).toBe(false);
  });

  it('show its notifications through B, with the outbox rows, delivered once, carrying links B honours', async () => {
    const { manager, plumber } = w.north;
    const managerOnB = await browser(b, manager.email);
    const history = await managerOnB.get(`/api/users/${manager.id}/notification-history`);
    expect(history.status, history.text).toBe(200);
    const bell = (history.body as { data: Array<{ ticket_id: number | null }> }).data;
    expect(bell.some((entry) => entry.ticket_id === ticketId)).toBe(true);
    const inApp = await database.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(eq(notifications.ticketId, ticketId));
    expect(inApp.map((row) => row.userId)).toEqual(expect.arrayContaining([manager.id, plumber.id]));

    const adminOnB = await browser(b, w.admin.email);
    const outbox = await adminOnB.get(`/api/outbox?search=${encodeURIComponent(manager.email)}`);
    expect(outbox.status, outbox.text).toBe(200);
    const rows = (outbox.body as { data: Array<{ channel: string; recipient: string }> }).data;
    expect(rows).toContainEqual(expect.objectContaining({ channel: 'email', recipient: manager.email }));

    // Both outbox workers run: each of the ticket's emails arrives once.
    const ticketEmails = await database.db
      .select({ recipient: outboxMessages.recipient, subject: outboxMessages.subject })
      .from(outboxMessages)
      .where(and(eq(outboxMessages.channel, 'email'), like(outboxMessages.recipient, '%@example.test')));
    expect(ticketEmails.map((row) => row.recipient)).toEqual(
      expect.arrayContaining([manager.email, plumber.email]),
    );
    await smtp.waitFor(ticketEmails.length, 20_000);
    await sleep(1000);
    for (const email of ticketEmails) {
      const received = smtp.messages.filter(
        (mail) => mail.to.includes(email.recipient) && mail.subject === email.subject,
      );
      expect(received, `${email.recipient}: ${email.subject}`).toHaveLength(1);
    }

    // The unsubscribe link A signed in the manager's email is honoured by B (one APP_SECRET).
    const mail = smtp.messages.find((received) => received.to.includes(manager.email))!;
    const link = linkIn(mail.text, `${a.baseUrl}/unsubscribe/`);
    expect(link, mail.text).not.toBeNull();
    const token = decodeURIComponent(link!.slice(`${a.baseUrl}/unsubscribe/`.length));
    const visitorOnB = await browser(b);
    const unsubscribed = await visitorOnB.post(`/api/unsubscribe/${encodeURIComponent(token)}`, {});
    expect(unsubscribed.status, unsubscribed.text).toBe(200);
    const [options] = await database.db
      .select({ options: users.notificationOptions })
      .from(users)
      .where(eq(users.id, manager.id));
    expect(options.options.mail.tickets).toBe(false);
  });

  it('count a rate limit across both: the failures of one account, alternating, are refused together', async () => {
    const client = await browser(a);
    const statuses: number[] = [];
    for (let i = 0; i < ACCOUNT_LIMIT + 2; i++) {
      client.baseUrl = [a, b][i % 2].baseUrl;
      const answer = await client.post('/api/login', { email: w.south.tenant.email, password: 'wrong' });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([...Array(ACCOUNT_LIMIT).fill(422), 429, 429]);
    const refused = await client.post('/api/login', { email: w.south.tenant.email, password: TEST_PASSWORD });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ message: en.auth.tooManyAttempts });
  });

  it('deliver every message of the outbox exactly once with both workers running', async () => {
    const before = smtp.messages.length;
    await database.db.execute(sql`
      insert into outbox_messages (channel, kind, recipient, subject, body_text)
      select 'email', 'several_servers', 'direct-' || n || '@several.test', 'Direct ' || n, 'Hello'
        from generate_series(1, ${DIRECT}::int) as n`);
    await smtp.waitFor(before + DIRECT, 60_000);
    // Both workers keep looking a while longer: nothing arrives twice.
    await sleep(1500);
    const direct = smtp.messages.filter((mail) => mail.to.some((to) => to.endsWith('@several.test')));
    const perRecipient = new Map<string, number>();
    for (const mail of direct)
      for (const to of mail.to) perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1);
    expect(perRecipient.size).toBe(DIRECT);
    expect([...perRecipient.values()].every((count) => count === 1)).toBe(true);
    const notOnce = await database.db
      .select({ id: outboxMessages.id })
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.kind, 'several_servers'),
          sql`(${outboxMessages.status} <> 'sent' or ${outboxMessages.attempts} <> 1)`,
        ),
      );
    expect(notOnce).toEqual([]);
    const senders = new Set(direct.map((mail) => mail.from));
    console.log(
      `[several-servers] direct messages per process: ${JSON.stringify(
        Object.fromEntries([...senders].map((from) => [from, direct.filter((m) => m.from === from).length])),
      )}`,
    );
    // Both took part: the race this checks really happened.
    expect([...senders].sort()).toEqual(['process-0@mend.test', 'process-1@mend.test']);
  });

  it('create each due schedule’s ticket once with both due-work workers running', async () => {
    const { property, unit, manager } = w.north;
    // Due today at the property (lead 0 days, every day): each schedule's ticket of today, and no other.
    await database.db.execute(sql`
      insert into schedules (property_id, unit_id, title, category_id, frequency, interval, starts_on, lead_days,
                             next_on, created_by)
      select ${property.id}, ${unit.id}, 'Check the boiler ' || n, ${w.plumbing.id}, 'daily', 1, today, 0, today,
             ${manager.id}
        from generate_series(1, ${SCHEDULES}::int) as n,
             (select (now() at time zone time_zone)::date as today from properties where id = ${property.id}) as p`);
    const occurrences = () =>
      database.db
        .select({ scheduleId: scheduleOccurrences.scheduleId, ticketId: scheduleOccurrences.ticketId })
        .from(scheduleOccurrences)
        .innerJoin(schedules, eq(schedules.id, scheduleOccurrences.scheduleId))
        .where(like(schedules.title, 'Check the boiler %'));
    await until(
      async () => (await occurrences()).length >= SCHEDULES,
      30_000,
      () => 'the schedules’ tickets to be created',
    );
    // Both workers keep looking a while longer: nothing is created twice.
    await sleep(1500);
    const created = await occurrences();
    expect(created).toHaveLength(SCHEDULES);
    expect(new Set(created.map((row) => row.scheduleId)).size).toBe(SCHEDULES);
    const made = await database.db
      .select({ id: tickets.id })
      .from(tickets)
      .where(like(tickets.title, 'Check the boiler %'));
    expect(made).toHaveLength(SCHEDULES);
    const logged = await database.db.execute<{ twice: number }>(sql`
      select count(*)::int as twice from (
        select ${ticketLog.ticketId} from ${ticketLog} join ${tickets} on ${tickets.id} = ${ticketLog.ticketId}
         where ${tickets.title} like 'Check the boiler %' and ${ticketLog.action} = 'created'
         group by ${ticketLog.ticketId} having count(*) > 1) as repeated`);
    expect(logged.rows[0].twice).toBe(0);
    // Each person was told of each ticket once.
    const told = await database.db.execute<{ twice: number }>(sql`
      select count(*)::int as twice from (
        select ${notifications.userId}, ${notifications.ticketId} from ${notifications}
          join ${tickets} on ${tickets.id} = ${notifications.ticketId}
         where ${tickets.title} like 'Check the boiler %'
         group by ${notifications.userId}, ${notifications.ticketId} having count(*) > 1) as repeated`);
    expect(told.rows[0].twice).toBe(0);
  });
});
