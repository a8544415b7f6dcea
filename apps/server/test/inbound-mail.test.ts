/**
 * Replies by email (issue 25), through real components: the app with its inbound SMTP listener on a free
 * 127.0.0.1 port, real messages sent to it over SMTP with nodemailer (and by hand where nodemailer would not send
 * them), the outbox delivered to a real SMTP server. A reply becomes one comment by its sender (history stripped,
 * photos kept and re-encoded, the answered comment's visibility, the others notified); a forged or expired address,
 * another sender, a sender who no longer sees the ticket, an empty or automatic reply, a message too big are each
 * refused, logged with their reason, and leave nothing behind. Notification emails carry a reply address only when
 * inbound email is configured. A message delivered again (the same Message-ID, sender and ticket), one after the
 * other or both at once, is taken (250) and posts once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { type ApiTicketComment, en, format } from '@mend/shared';
import { and, asc, count, eq, gt, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import {
  notifications,
  type OutboxMessageRow,
  outboxMessages,
  ticketCommentFiles,
  ticketComments,
  type UserRow,
  users,
} from '../src/db/schema';
import { replyTokenOf } from '../src/lib/inbound-mail/address';
import { MESSAGE_ID_MAX_LENGTH, normalMessageId } from '../src/lib/inbound-mail/message-id';
import { InboundMailServer } from '../src/lib/inbound-mail/server';
import { REPLY_TOKEN_TTL_MS, verifyReplyToken } from '../src/lib/tokens';
import { DuplicateReply, postComment } from '../src/modules/comments/service';
import { createTestApp, type TestApp, TestClient } from './helpers/app';
import { startSmtpServer, type TestSmtpServer } from './helpers/smtp-server';
import { createTestDatabase } from './helpers/test-db';
import {
  ALL_CHANNELS,
  clientFor,
  createPerson,
  createWorld,
  filesUnder,
  insertTicket,
  jpegWithGps,
  ticketForm,
  type World,
} from './helpers/ticket-factories';

const DOMAIN = 'reply.mend.test';
const APP_URL = 'http://mend-inbound.test';
const MAIL_FROM = 'Mend <no-reply@mend.test>';

/** Every line the app logged, parsed. */
const logLines: Array<Record<string, unknown>> = [];
/** The app's clock: the expired-address test moves it. */
let clock = new Date();
let t: TestApp;
let w: World;
let smtp: TestSmtpServer;
let port: number;
let ticketId: number;

/** The real app, logging into `logLines` (createTestApp keeps apps silent), on the moving clock. */
async function startApp(env: Record<string, string>): Promise<TestApp> {
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mend-test-inbound-'));
  const config = loadConfig({
    MEND_DATA_DIR: dataDir,
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    MEND_WEB_DIST: '/nonexistent-mend-web-dist',
    LOGIN_RATE_LIMIT: '1000',
    ...env,
  });
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line) logLines.push(JSON.parse(line));
      done();
    },
  });
  const app = await buildApp({
    config,
    db: database.db,
    logger: { level: 'info', stream },
    now: () => clock,
  });
  await app.ready();
  return {
    app,
    db: database.db,
    uploadsDir: path.join(dataDir, 'uploads'),
    client: () => new TestClient(app).start(),
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startApp({
    APP_URL,
    SMTP_URL: smtp.url,
    MAIL_FROM,
    INBOUND_SMTP_PORT: '0',
    INBOUND_MAIL_DOMAIN: DOMAIN,
  });
  const inbound = t.app.inboundMail;
  if (!inbound) throw new Error('inbound mail is configured: the app should have built its listener');
  await inbound.start();
  port = inbound.port ?? 0;
  w = await createWorld(t.db);
  for (const user of [w.north.tenant, w.north.plumber, w.north.manager])
    await t.db.update(users).set({ notificationOptions: ALL_CHANNELS }).where(eq(users.id, user.id));
  const ticket = await insertTicket(t.db, {
    unit: w.north.unit,
    tenant: w.north.tenant,
    title: 'Dripping tap',
    category: w.plumbing,
    recipients: [w.north.plumber, w.north.manager],
  });
  ticketId = ticket.id;
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

beforeEach(() => {
  clock = new Date();
});

// ---------------------------------------------------------------------------------------------------------
// Helpers

const commentsUrl = (id = ticketId) => `/api/tickets/${id}/comments`;

async function post(user: UserRow, body: Record<string, unknown>): Promise<ApiTicketComment> {
  const response = await (await clientFor(t, user)).post(commentsUrl(), body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

/** The email a user was queued about a comment. */
async function emailAbout(commentId: number, user: UserRow): Promise<OutboxMessageRow> {
  const [row] = await t.db
    .select()
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.channel, 'email'),
        eq(outboxMessages.userId, user.id),
        sql`${outboxMessages.payload} ->> 'comment_id' = ${String(commentId)}`,
      ),
    );
  expect(row, `an email to ${user.email} about comment ${commentId}`).toBeDefined();
  return row;
}

const replyToOf = (row: OutboxMessageRow) => (row.payload as { reply_to?: string }).reply_to;

/** The reply address of the email a user got about a new comment (posted here by `author`). */
async function replyAddressFor(
  reader: UserRow,
  author: UserRow,
  visibility: 'everyone' | 'contractor' | 'staff' = 'everyone',
): Promise<{ address: string; comment: ApiTicketComment }> {
  const comment = await post(author, { body: `Question ${Math.random()}`, visibility });
  const address = replyToOf(await emailAbout(comment.id, reader));
  if (!address) throw new Error('the email has no reply address');
  return { address, comment };
}

const mailer = () =>
  nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true, logger: false });

/** A reply as a mail program writes it: the answer, then the quoted notification. */
function quoted(answer: string): string {
  return [
    answer,
    '',
    'On Tue, Nov 24, 2026 at 10:02 AM Mend <no-reply@mend.test> wrote:',
    '',
    '> Hello Jane Tenant,',
    '>',
    '> Marco Plumber commented on a maintenance ticket.',
    '>',
    '> The Mend team',
    '',
  ].join('\n');
}

type Mail = Parameters<ReturnType<typeof mailer>['sendMail']>[0];

/** Sends over SMTP; answers the server's refusal (code and text), or null when it took the message. */
async function send(mail: Mail): Promise<{ code: number; response: string } | null> {
  const transport = mailer();
  try {
    await transport.sendMail({ subject: 'Re: New comment', ...mail });
    return null;
  } catch (error) {
    const { responseCode, response } = error as { responseCode?: number; response?: string };
    if (responseCode === undefined) throw error;
    return { code: responseCode, response: response ?? '' };
  } finally {
    transport.close();
  }
}

/** What a refusal may not leave: comments, their files (rows and on disk), notifications, outbox rows. */
async function footprint() {
  const [comments] = await t.db.select({ n: count() }).from(ticketComments);
  const [files] = await t.db.select({ n: count() }).from(ticketCommentFiles);
  const [told] = await t.db.select({ n: count() }).from(notifications);
  const [outbox] = await t.db.select({ n: count() }).from(outboxMessages);
  const onDisk = filesUnder(path.join(t.uploadsDir, 'tickets')).length;
  return { comments: comments.n, files: files.n, notifications: told.n, outbox: outbox.n, onDisk };
}

/** The refusals logged since `from` (an index into logLines). */
const refusalsSince = (from: number) =>
  logLines.slice(from).filter((line) => line.msg === 'inbound mail: reply refused');

/** Sends `mail`, expects a refusal with `code` and one log line with `reason`, and that nothing was written. */
async function expectRefused(mail: Mail, code: number, reason: string, text: string) {
  const before = await footprint();
  const mark = logLines.length;
  const refused = await send(mail);
  expect(refused?.code, refused?.response).toBe(code);
  expect(refused?.response).toContain(text);
  const logged = refusalsSince(mark);
  expect(logged).toHaveLength(1);
  expect(logged[0]).toMatchObject({ level: 40, reason });
  // The log never carries the message's text, nor the address's token.
  const line = JSON.stringify(logged[0]);
  expect(line).not.toContain('Tuesday');
  const to = typeof mail.to === 'string' ? mail.to : '';
  const token = replyTokenOf(to, DOMAIN);
  if (token) expect(line).not.toContain(token);
  expect(await footprint()).toEqual(before);
  return logged[0];
}

/** A raw SMTP conversation, for what nodemailer would not send (a message over the announced SIZE). */
async function rawSmtp(): Promise<{ say(line: string): Promise<string>; close(): void }> {
  const socket = net.connect(port, '127.0.0.1');
  let buffer = '';
  let waiting: ((reply: string) => void) | null = null;
  const complete = () => {
    // A reply is complete at its last line: "250 ..." (not "250-...").
    const match = /(^|\r\n)(\d{3}) [^\r\n]*\r\n$/.exec(buffer);
    if (match && waiting) {
      const reply = buffer;
      buffer = '';
      const resolve = waiting;
      waiting = null;
      resolve(reply);
    }
  };
  socket.on('data', (chunk) => {
    buffer += chunk.toString('utf8');
    complete();
  });
  const next = () =>
    new Promise<string>((resolve) => {
      waiting = resolve;
      complete();
    });
  await next();
  return {
    say: (line) => {
      const reply = next();
      socket.write(`${line}\r\n`);
      return reply;
    },
    close: () => socket.destroy(),
  };
}

// ---------------------------------------------------------------------------------------------------------

describe('notification emails', () => {
  it('carry the recipient’s signed reply address and say where a reply goes', async () => {
    const { address, comment } = await replyAddressFor(w.north.tenant, w.north.plumber);
    const row = await emailAbout(comment.id, w.north.tenant);
    expect(address).toMatch(new RegExp(`^reply\\+[0-9a-z.]+@${DOMAIN.replaceAll('.', '\\.')}$`));
    expect(address.split('@')[0].length).toBeLessThanOrEqual(64);
    const token = replyTokenOf(address, DOMAIN) ?? '';
    const check = verifyReplyToken(t.app.messaging.secret, token, clock);
    expect(check).toMatchObject({
      ok: true,
      claims: { ticketId, userId: w.north.tenant.id, commentId: comment.id },
    });
    const expires = check.ok ? check.claims.expiresAt.getTime() : 0;
    expect(Math.abs(expires - (clock.getTime() + REPLY_TOKEN_TTL_MS))).toBeLessThan(60_000);
    expect(row.bodyText).toContain(en.mail.ticket.replyNoteComment);
    expect(row.bodyHtml).toContain(en.mail.ticket.replyNoteComment.replaceAll("'", '&#39;'));
    // Each recipient gets its own address.
    expect(replyToOf(await emailAbout(comment.id, w.north.manager))).not.toBe(address);
  });

  it('about a new ticket or a status change carry one too, naming no comment', async () => {
    const created = await (await clientFor(t, w.north.tenant)).post(
      '/api/tickets',
      ticketForm({ category_id: w.plumbing.id, title: 'Broken heater' }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    const [toManager] = await t.db
      .select()
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.kind, 'ticket.created'),
          eq(outboxMessages.channel, 'email'),
          eq(outboxMessages.userId, w.north.manager.id),
          sql`${outboxMessages.payload} ->> 'ticket_id' = ${String(id)}`,
        ),
      );
    const token = replyTokenOf(replyToOf(toManager) ?? '', DOMAIN) ?? '';
    expect(verifyReplyToken(t.app.messaging.secret, token, clock)).toMatchObject({
      ok: true,
      claims: { ticketId: id, userId: w.north.manager.id, commentId: null },
    });
    expect(toManager.bodyText).toContain(en.mail.ticket.replyNote);

    const changed = await (await clientFor(t, w.north.plumber)).post(`/api/tickets/${id}`, {
      _method: 'PATCH',
      status: 1,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const [toTenant] = await t.db
      .select()
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.kind, 'ticket.status_changed'),
          eq(outboxMessages.channel, 'email'),
          eq(outboxMessages.userId, w.north.tenant.id),
          sql`${outboxMessages.payload} ->> 'ticket_id' = ${String(id)}`,
        ),
      );
    const statusToken = replyTokenOf(replyToOf(toTenant) ?? '', DOMAIN) ?? '';
    expect(verifyReplyToken(t.app.messaging.secret, statusToken, clock)).toMatchObject({
      ok: true,
      claims: { ticketId: id, userId: w.north.tenant.id, commentId: null },
    });
    expect(toTenant.bodyText).toContain(en.mail.ticket.replyNote);
  });

  it('are delivered with the reply address as Reply-To', async () => {
    const { address } = await replyAddressFor(w.north.tenant, w.north.plumber);
    await t.app.outbox.drain();
    const delivered = smtp.messages.filter((mail) => mail.headers['reply-to'] === address);
    expect(delivered).toHaveLength(1);
    expect(delivered[0].to).toEqual([w.north.tenant.email]);
    expect(delivered[0].text).toContain(en.mail.ticket.replyNoteComment);
  });

  it('carry no reply address, and say nothing of replies, when inbound email is not configured', async () => {
    const plain = await createTestApp({
      env: { APP_URL: 'http://mend-no-inbound.test', SMTP_URL: smtp.url },
    });
    try {
      expect(plain.app.inboundMail).toBeNull();
      const world = await createWorld(plain.db);
      const ticket = await insertTicket(plain.db, {
        unit: world.north.unit,
        tenant: world.north.tenant,
        category: world.plumbing,
        recipients: [world.north.plumber],
      });
      await plain.db
        .update(users)
        .set({ notificationOptions: ALL_CHANNELS })
        .where(eq(users.id, world.north.tenant.id));
      const client = await clientFor(plain, world.north.plumber);
      const posted = await client.post(`/api/tickets/${ticket.id}/comments`, {
        body: 'On my way',
        visibility: 'everyone',
      });
      expect(posted.statusCode, posted.body).toBe(201);
      const rows = await plain.db
        .select()
        .from(outboxMessages)
        .where(and(eq(outboxMessages.channel, 'email'), eq(outboxMessages.userId, world.north.tenant.id)));
      expect(rows).toHaveLength(1);
      expect(replyToOf(rows[0])).toBeUndefined();
      expect(rows[0].bodyText).not.toContain(en.mail.ticket.replyNoteComment);
      const before = smtp.messages.length;
      await plain.app.outbox.drain();
      const delivered = await smtp.waitFor(before + 1);
      const mail = delivered.find((m) => m.to.includes(world.north.tenant.email));
      expect(mail).toBeDefined();
      expect(mail?.headers['reply-to']).toBeUndefined();
    } finally {
      await plain.close();
    }
  });
});

describe('a reply', () => {
  it('from the tenant, with quoted history and a photo, becomes one comment that notifies the others', async () => {
    const { address, comment: answered } = await replyAddressFor(w.north.tenant, w.north.plumber);
    const before = await footprint();
    const mark = logLines.length;
    const photo = await jpegWithGps(640, 480);
    const refused = await send({
      from: `"Jane Tenant" <${w.north.tenant.email}>`,
      to: address,
      text: quoted('Tuesday morning works.\n\nThe door code is 1234.\n\nSent from my iPhone'),
      attachments: [{ filename: 'leak.jpg', content: photo, contentType: 'image/jpeg' }],
    });
    expect(refused).toBeNull();
    const comments = await t.db
      .select()
      .from(ticketComments)
      .where(and(eq(ticketComments.ticketId, ticketId), gt(ticketComments.id, answered.id)));
    expect(comments).toHaveLength(1);
    const [comment] = comments;
    expect(comment).toMatchObject({
      userId: w.north.tenant.id,
      body: 'Tuesday morning works.\n\nThe door code is 1234.',
      visibility: 'everyone',
    });
    // The photo: kept, re-encoded (no EXIF, so no GPS), with a thumbnail, served to those who read the comment.
    const listed = (await (await clientFor(t, w.north.plumber)).get(commentsUrl())).json();
    const shown = listed.data.find((c: ApiTicketComment) => c.id === comment.id);
    expect(shown.attachments).toHaveLength(1);
    const image = await (await clientFor(t, w.north.manager)).get(shown.attachments[0].url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(image.rawPayload).metadata()).exif).toBeUndefined();
    expect(image.rawPayload.equals(photo)).toBe(false);
    const after = await footprint();
    expect(after.comments - before.comments).toBe(1);
    expect(after.files - before.files).toBe(1);
    expect(after.onDisk - before.onDisk).toBe(2);
    // The others hear of it (the plumber and the manager), the tenant does not.
    const told = await t.db
      .select()
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.kind, 'ticket.commented'),
          sql`${outboxMessages.payload} ->> 'comment_id' = ${String(comment.id)}`,
        ),
      )
      .orderBy(asc(outboxMessages.userId));
    const toldUsers = [...new Set(told.map((row) => row.userId))].sort((a, b) => (a ?? 0) - (b ?? 0));
    expect(toldUsers).toEqual([w.north.manager.id, w.north.plumber.id].sort((a, b) => a - b));
    // Their emails can be answered in turn.
    const toPlumber = told.find((row) => row.channel === 'email' && row.userId === w.north.plumber.id);
    expect(toPlumber && replyToOf(toPlumber)).toMatch(/^reply\+/);
    const posted = logLines.slice(mark).find((line) => line.msg === 'inbound mail: reply posted');
    expect(posted).toMatchObject({
      ticketId,
      userId: w.north.tenant.id,
      answeredCommentId: answered.id,
      commentId: comment.id,
      attachments: 1,
      visibility: 'everyone',
    });
  });

  it('without a plain-text part has its quoted HTML history left out too', async () => {
    const { address, comment: answered } = await replyAddressFor(w.north.tenant, w.north.plumber);
    const refused = await send({
      from: w.north.tenant.email,
      to: address,
      html: '<div dir="ltr">Fixed, <b>thanks</b>!</div><br><div class="gmail_quote"><div class="gmail_attr">On Tue, Nov 24, 2026 at 10:02 AM Mend &lt;no-reply@mend.test&gt; wrote:<br></div><blockquote class="gmail_quote">Hello Jane Tenant,<br>Marco Plumber commented.</blockquote></div>',
    });
    expect(refused).toBeNull();
    const [comment] = await t.db
      .select()
      .from(ticketComments)
      .where(and(eq(ticketComments.ticketId, ticketId), gt(ticketComments.id, answered.id)));
    expect(comment.body).toBe('Fixed, thanks!');
  });

  it('keeps the visibility of the comment it answers: a manager’s answer to a staff note stays with staff', async () => {
    const manager2 = await createPerson(t.db, 1, w.north.landlord.id, 'Grace', 'Manager');
    const { address, comment: answered } = await replyAddressFor(w.north.manager, manager2, 'staff');
    expect(await send({ from: w.north.manager.email, to: address, text: quoted('Agreed.') })).toBeNull();
    const [comment] = await t.db
      .select()
      .from(ticketComments)
      .where(and(eq(ticketComments.ticketId, ticketId), gt(ticketComments.id, answered.id)));
    expect(comment).toMatchObject({ userId: w.north.manager.id, body: 'Agreed.', visibility: 'staff' });
    const tenantSees = (await (await clientFor(t, w.north.tenant)).get(commentsUrl())).json();
    expect(tenantSees.data.map((c: ApiTicketComment) => c.id)).not.toContain(comment.id);
  });

  it('to a new ticket’s email is posted for everyone on the ticket', async () => {
    const created = await (await clientFor(t, w.north.tenant)).post(
      '/api/tickets',
      ticketForm({ category_id: w.plumbing.id, title: 'Window will not close' }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    const [toManager] = await t.db
      .select()
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.kind, 'ticket.created'),
          eq(outboxMessages.channel, 'email'),
          eq(outboxMessages.userId, w.north.manager.id),
          sql`${outboxMessages.payload} ->> 'ticket_id' = ${String(id)}`,
        ),
      );
    const to = replyToOf(toManager) ?? '';
    expect(
      await send({ from: w.north.manager.email, to, text: quoted('A glazier comes on Friday.') }),
    ).toBeNull();
    const comments = await t.db.select().from(ticketComments).where(eq(ticketComments.ticketId, id));
    expect(comments).toMatchObject([
      { userId: w.north.manager.id, body: 'A glazier comes on Friday.', visibility: 'everyone' },
    ]);
  });

  it('to a comment gone since is posted with the narrowest visibility its sender may use', async () => {
    const { address, comment: answered } = await replyAddressFor(
      w.north.plumber,
      w.north.manager,
      'contractor',
    );
    const deleted = await (await clientFor(t, w.north.manager)).send(
      'DELETE',
      `${commentsUrl()}/${answered.id}`,
    );
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await send({ from: w.north.plumber.email, to: address, text: 'Noted.' })).toBeNull();
    const [comment] = await t.db
      .select()
      .from(ticketComments)
      .where(and(eq(ticketComments.ticketId, ticketId), gt(ticketComments.id, answered.id)));
    expect(comment).toMatchObject({ userId: w.north.plumber.id, body: 'Noted.', visibility: 'contractor' });
  });

  it('with a photo heavier than a ticket file has it scaled down, as the web form’s browser does', async () => {
    const { address, comment: answered } = await replyAddressFor(w.north.tenant, w.north.plumber);
    const noise = Buffer.alloc(2400 * 1800 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const heavy = await sharp(noise, { raw: { width: 2400, height: 1800, channels: 3 } })
      .jpeg({ quality: 95 })
      .toBuffer();
    expect(heavy.length).toBeGreaterThan(1_000_000);
    const refused = await send({
      from: w.north.tenant.email,
      to: address,
      text: 'Here is the leak.',
      attachments: [{ filename: 'IMG_0042.JPG', content: heavy, contentType: 'image/jpeg' }],
    });
    expect(refused).toBeNull();
    const [comment] = await t.db
      .select()
      .from(ticketComments)
      .where(and(eq(ticketComments.ticketId, ticketId), gt(ticketComments.id, answered.id)));
    const files = await t.db
      .select()
      .from(ticketCommentFiles)
      .where(eq(ticketCommentFiles.commentId, comment.id));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({ mimeType: 'image/jpeg', originalName: 'IMG_0042.jpg' });
    expect(files[0].sizeBytes).toBeLessThanOrEqual(1_000_000);
  });
});

describe('a reply delivered again', () => {
  /** A Message-ID no other test uses. */
  const messageId = (name: string) =>
    `<${name}.${Date.now()}.${Math.random().toString(36).slice(2)}@mail.example.test>`;

  /** The comments of the ticket posted after `answered`. */
  const postedAfter = (answered: ApiTicketComment, id = ticketId) =>
    t.db
      .select()
      .from(ticketComments)
      .where(and(eq(ticketComments.ticketId, id), gt(ticketComments.id, answered.id)));

  const duplicatesSince = (from: number) =>
    logLines.slice(from).filter((line) => line.msg === 'inbound mail: duplicate reply ignored');

  it('with the same Message-ID is taken (250) and posts nothing the second time', async () => {
    const { address, comment: answered } = await replyAddressFor(w.north.tenant, w.north.plumber);
    const id = messageId('again');
    const reply = {
      from: w.north.tenant.email,
      to: address,
      text: quoted('See you Tuesday.'),
      messageId: id,
    };
    expect(await send(reply)).toBeNull();
    const [first] = await postedAfter(answered);
    expect(first).toMatchObject({ body: 'See you Tuesday.', emailMessageId: id });
    const before = await footprint();
    const mark = logLines.length;
    // The sending server did not hear the 250 and tries again: the same message, the Message-ID written as
    // another program might (no brackets, spaces around it).
    expect(await send({ ...reply, messageId: ` ${id.slice(1, -1)} ` })).toBeNull();
    expect(await postedAfter(answered)).toHaveLength(1);
    expect(await footprint()).toEqual(before);
    const logged = duplicatesSince(mark);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      level: 30,
      ticketId,
      userId: w.north.tenant.id,
      commentId: first.id,
      messageId: id,
    });
    expect(JSON.stringify(logged[0])).not.toContain('Tuesday');
    expect(logLines.slice(mark).filter((line) => line.msg === 'inbound mail: reply posted')).toEqual([]);
  });

  it('twice at once (two connections) makes one comment, and leaves one photo stored', async () => {
    const { address, comment: answered } = await replyAddressFor(w.north.tenant, w.north.plumber);
    const before = await footprint();
    const mark = logLines.length;
    const photo = await jpegWithGps(640, 480);
    const reply = {
      from: w.north.tenant.email,
      to: address,
      text: 'The leak is back.',
      messageId: messageId('race'),
      attachments: [{ filename: 'leak.jpg', content: photo, contentType: 'image/jpeg' }],
    };
    expect(await Promise.all([send(reply), send(reply), send(reply)])).toEqual([null, null, null]);
    expect(await postedAfter(answered)).toHaveLength(1);
    const after = await footprint();
    expect(after.comments - before.comments).toBe(1);
    expect(after.files - before.files).toBe(1);
    // The photo and its thumbnail, once: a loser's files went again.
    expect(after.onDisk - before.onDisk).toBe(2);
    expect(logLines.slice(mark).filter((line) => line.msg === 'inbound mail: reply posted')).toHaveLength(1);
    expect(duplicatesSince(mark)).toHaveLength(2);
  });

  it('decided inside the transaction: two posts of one Message-ID at once write one comment, one is a duplicate', async () => {
    // postComment alone, without the listener's check beforehand: only the unique index tells them apart.
    const before = await footprint();
    const viewer = { ...w.north.tenant, name: 'Jane Tenant' };
    const id = messageId('index');
    const attempt = async () =>
      postComment(
        t.app,
        viewer,
        ticketId,
        { body: 'Posted by two processes', visibility: 'everyone' },
        [{ field: 'attachments', filename: 'a.jpg', declaredType: 'image/jpeg', data: await jpegWithGps() }],
        new Date(),
        { emailMessageId: id },
      );
    const outcomes = await Promise.allSettled([attempt(), attempt()]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const lost = outcomes.find((outcome) => outcome.status === 'rejected');
    expect(lost?.status === 'rejected' && lost.reason).toBeInstanceOf(DuplicateReply);
    const after = await footprint();
    expect(after.comments - before.comments).toBe(1);
    expect(after.files - before.files).toBe(1);
    expect(after.onDisk - before.onDisk).toBe(2);
  });

  it('with another Message-ID is another comment', async () => {
    const { address, comment: answered } = await replyAddressFor(w.north.tenant, w.north.plumber);
    const reply = { from: w.north.tenant.email, to: address, text: 'Thanks!' };
    expect(await send({ ...reply, messageId: messageId('one') })).toBeNull();
    expect(await send({ ...reply, messageId: messageId('two') })).toBeNull();
    expect(await postedAfter(answered)).toHaveLength(2);
  });

  it('to another ticket’s address (a second address, deferred, then delivered on its own) is posted there too', async () => {
    const other = await insertTicket(t.db, {
      unit: w.north.unit,
      tenant: w.north.tenant,
      title: 'Cold radiator',
      category: w.plumbing,
      recipients: [w.north.plumber, w.north.manager],
    });
    const first = await replyAddressFor(w.north.tenant, w.north.plumber);
    const answeredThere = await (await clientFor(t, w.north.plumber)).post(commentsUrl(other.id), {
      body: 'Which room?',
      visibility: 'everyone',
    });
    expect(answeredThere.statusCode, answeredThere.body).toBe(201);
    const there = answeredThere.json().data as ApiTicketComment;
    const secondAddress = replyToOf(await emailAbout(there.id, w.north.tenant)) ?? '';
    const id = messageId('two-tickets');
    const reply = { from: w.north.tenant.email, text: 'Both, the bedroom first.', messageId: id };
    expect(await send({ ...reply, to: first.address })).toBeNull();
    expect(await send({ ...reply, to: secondAddress })).toBeNull();
    expect(await postedAfter(first.comment)).toHaveLength(1);
    expect(await postedAfter(there, other.id)).toMatchObject([{ emailMessageId: id }]);
  });

  it('without a Message-ID cannot be told from a new one: each delivery posts', async () => {
    const { address, comment: answered } = await replyAddressFor(w.north.tenant, w.north.plumber);
    for (let i = 0; i < 2; i++) {
      const client = await rawSmtp();
      try {
        await client.say('EHLO sender.example.test');
        expect(await client.say(`MAIL FROM:<${w.north.tenant.email}>`)).toMatch(/^250/);
        expect(await client.say(`RCPT TO:<${address}>`)).toMatch(/^250/);
        expect(await client.say('DATA')).toMatch(/^354/);
        const body = `From: ${w.north.tenant.email}\r\nTo: ${address}\r\nSubject: Re: New comment\r\n\r\nNo id here.\r\n.`;
        expect(await client.say(body)).toMatch(/^250/);
      } finally {
        client.close();
      }
    }
    expect(await postedAfter(answered)).toMatchObject([
      { body: 'No id here.', emailMessageId: null },
      { body: 'No id here.', emailMessageId: null },
    ]);
  });

  it('is known by its normalised Message-ID', () => {
    expect(normalMessageId('<abc.123@mail.example.test>')).toBe('<abc.123@mail.example.test>');
    expect(normalMessageId('  abc.123@mail.example.test \r\n')).toBe('<abc.123@mail.example.test>');
    expect(normalMessageId('<AbC@Example.test> (sent by a phone)')).toBe('<AbC@Example.test>');
    expect(normalMessageId('<<abc@example.test>>')).toBe('<abc@example.test>');
    for (const none of [undefined, null, '', '  ', '<>', ['<a@b>']]) expect(normalMessageId(none)).toBeNull();
    const long = normalMessageId(`<${'x'.repeat(5000)}@example.test>`) ?? '';
    expect(long).toMatch(/^<sha256:[0-9a-f]{64}>$/);
    expect(long.length).toBeLessThanOrEqual(MESSAGE_ID_MAX_LENGTH);
    expect(normalMessageId(` ${'x'.repeat(5000)}@example.test`)).toBe(long);
  });
});

describe('refused replies', () => {
  let address: string;

  beforeAll(async () => {
    address = (await replyAddressFor(w.north.tenant, w.north.plumber)).address;
  });

  const from = () => w.north.tenant.email;

  it('to a forged address: 550 at RCPT TO', async () => {
    const [local, domain] = address.split('@');
    const altered = `${local.slice(0, -1)}${local.endsWith('a') ? 'b' : 'a'}@${domain}`;
    await expectRefused(
      { from: from(), to: altered, text: 'Tuesday' },
      550,
      'forged_token',
      en.inboundMail.forged,
    );
    // Another ticket's number in a genuine address.
    const swapped = `${local.replace(/^reply\+[0-9a-z]+\./, `reply+${(ticketId + 1).toString(36)}.`)}@${domain}`;
    expect(swapped).not.toBe(address);
    await expectRefused(
      { from: from(), to: swapped, text: 'Tuesday' },
      550,
      'forged_token',
      en.inboundMail.forged,
    );
  });

  it('to an address that is no reply address: 550', async () => {
    for (const to of [`postmaster@${DOMAIN}`, `${address.split('@')[0]}@elsewhere.test`]) {
      await expectRefused(
        { from: from(), to, text: 'Tuesday' },
        550,
        'unknown_address',
        en.inboundMail.unknownAddress,
      );
    }
  });

  it('to an expired address (the app’s clock 31 days on): 550, logged with what it named', async () => {
    clock = new Date(Date.now() + REPLY_TOKEN_TTL_MS + 24 * 3600_000);
    const logged = await expectRefused(
      { from: from(), to: address, text: 'Tuesday' },
      550,
      'expired_token',
      en.inboundMail.expired,
    );
    expect(logged).toMatchObject({ ticketId, userId: w.north.tenant.id });
  });

  it('from another user’s address, or nobody’s: 550', async () => {
    await expectRefused(
      { from: w.north.plumber.email, to: address, text: 'Tuesday' },
      550,
      'sender_mismatch',
      en.inboundMail.wrongSender,
    );
    await expectRefused(
      { from: 'stranger@example.test', to: address, text: 'Tuesday' },
      550,
      'sender_unknown',
      en.inboundMail.wrongSender,
    );
  });

  it('from a tenant who no longer sees the ticket (moved out): 550', async () => {
    await t.db.execute(
      sql`update tenant_units set unit_id = ${w.north.unit2.id} where user_id = ${w.north.tenant.id}`,
    );
    try {
      await expectRefused(
        { from: from(), to: address, text: 'Tuesday' },
        550,
        'not_allowed',
        en.inboundMail.notAllowed,
      );
    } finally {
      await t.db.execute(
        sql`update tenant_units set unit_id = ${w.north.unit.id} where user_id = ${w.north.tenant.id}`,
      );
    }
  });

  it('that is empty once its history is left out: 550', async () => {
    await expectRefused({ from: from(), to: address, text: quoted('') }, 550, 'empty', en.inboundMail.empty);
    await expectRefused(
      { from: from(), to: address, text: quoted('Sent from my iPhone') },
      550,
      'empty',
      en.inboundMail.empty,
    );
  });

  it('that is automatic (an out-of-office answer): 550', async () => {
    await expectRefused(
      {
        from: from(),
        to: address,
        text: 'Tuesday: I am away',
        headers: { 'Auto-Submitted': 'auto-replied' },
      },
      550,
      'auto_reply',
      en.inboundMail.autoReply,
    );
  });

  it('that the comment form refuses (too long, a file that is no image): 550 with the form’s message', async () => {
    const logged = await expectRefused(
      { from: from(), to: address, text: `Tuesday ${'x'.repeat(6000)}` },
      550,
      'invalid',
      format(en.validation.commentTooLong, { max: 5000 }),
    );
    expect(logged).toMatchObject({ fields: ['body'] });
    await expectRefused(
      {
        from: from(),
        to: address,
        text: 'Tuesday, photo attached',
        attachments: [
          { filename: 'leak.png', content: Buffer.from('not a picture at all'), contentType: 'image/png' },
        ],
      },
      550,
      'invalid',
      en.errors.fileType,
    );
  });

  it('closes a connection at its fifth refused address (421)', async () => {
    const mark = logLines.length;
    const client = await rawSmtp();
    try {
      await client.say('EHLO guesser.example.test');
      expect(await client.say('MAIL FROM:<guesser@example.test>')).toMatch(/^250/);
      for (let i = 1; i <= 4; i++) expect(await client.say(`RCPT TO:<reply+${i}@${DOMAIN}>`)).toMatch(/^550/);
      expect(await client.say(`RCPT TO:<reply+5@${DOMAIN}>`)).toMatch(/^421/);
    } finally {
      client.close();
    }
    expect(refusalsSince(mark).map((line) => line.reason)).toEqual(Array(5).fill('forged_token'));
  });

  it('over the size limit: 552 after DATA, and a second reply address in one message is deferred (452)', async () => {
    const before = await footprint();
    const mark = logLines.length;
    const client = await rawSmtp();
    try {
      expect(await client.say('EHLO tester.example.test')).toMatch(/250[- ]SIZE 10485760/);
      expect(await client.say(`MAIL FROM:<${from()}>`)).toMatch(/^250/);
      expect(await client.say(`RCPT TO:<${address}>`)).toMatch(/^250/);
      expect(await client.say(`RCPT TO:<${address}>`)).toMatch(/^452/);
      expect(await client.say('DATA')).toMatch(/^354/);
      const line = `${'y'.repeat(998)}\r\n`;
      const body = `From: ${from()}\r\nTo: ${address}\r\nSubject: big\r\n\r\n${line.repeat(10_700)}.`;
      const answer = await client.say(body);
      expect(answer).toMatch(/^552/);
      expect(answer).toContain(format(en.inboundMail.tooBig, { megabytes: 10 }));
    } finally {
      client.close();
    }
    expect(refusalsSince(mark)).toMatchObject([{ reason: 'too_big', ticketId, userId: w.north.tenant.id }]);
    expect(await footprint()).toEqual(before);
  });
});

describe('the listener', () => {
  it('is built only when configured, and stops with the app', async () => {
    const inbound = new InboundMailServer({
      host: '127.0.0.1',
      port: 0,
      domain: DOMAIN,
      secret: t.app.messaging.secret,
      now: () => new Date(),
      log: t.app.log,
      deliver: async () => ({ duplicate: false, log: {} }),
    });
    expect(inbound.port).toBeNull();
    await inbound.start();
    const taken = inbound.port;
    expect(taken).toBeGreaterThan(0);
    await inbound.close();
    expect(inbound.port).toBeNull();
    await expect(
      new Promise((resolve, reject) => {
        const socket = net.connect(taken ?? 0, '127.0.0.1');
        socket.once('connect', () => {
          socket.destroy();
          resolve('connected');
        });
        socket.once('error', reject);
      }),
    ).rejects.toThrow(/ECONNREFUSED/);
  });
});
