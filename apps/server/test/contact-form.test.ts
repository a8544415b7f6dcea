/** The contact form: every signed-in user but the super admin sends; every super admin is told; only they read. */
import { type ApiContactSubmission, en } from '@mend/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactSubmissions, notifications, outboxMessages, type UserRow, users } from '../src/db/schema';
import { verifyUnsubscribeToken } from '../src/lib/tokens';
import { createTestApp, type TestApp } from './helpers/app';
import { createUser } from './helpers/factories';
import { linkIn } from './helpers/smtp-server';
import { expectOnePageStatement } from './helpers/statements';
import { signedIn } from './helpers/user-factories';

const APP_URL = 'http://mend-contact.test';
let t: TestApp;
let tenant: UserRow;
/** mail.support and sms.support on. */
let adminAll: UserRow;
/** Every support option off. */
let adminQuiet: UserRow;

beforeAll(async () => {
  t = await createTestApp({ env: { APP_URL } });
  tenant = await createUser(t.db, { role: 2, email: 'tenant.contact@example.test' });
  adminAll = await createUser(t.db, { role: 0, email: 'admin.all@example.test' });
  adminQuiet = await createUser(t.db, { role: 0, email: 'admin.quiet@example.test' });
  await t.db
    .update(users)
    .set({
      notificationOptions: {
        mail: { tickets: false, reminders: false, support: true },
        sms: { phone_number: '780 555 0177', tickets: false, reminders: false, support: true },
        phone: { phone_number: '780 555 0178', tickets: true },
      },
    })
    .where(eq(users.id, adminAll.id));
});
afterAll(() => t.close());

const form = (overrides: Record<string, unknown> = {}) => ({
  meta: {
    first_name: 'Jane',
    last_name: 'Morrison',
    company_name: 'Unit 4B',
    email: 'Jane@Example.test',
    phone_number: '',
  },
  subject: 'Heating <off> & cold',
  message: 'The heating is off since Monday.\nPlease call.',
  ...overrides,
});

async function send(user: UserRow, body = form()): Promise<ApiContactSubmission> {
  const client = await signedIn(t, user);
  const response = await client.post('/api/contact', body);
  expect(response.statusCode, response.body).toBe(201);
  expect(response.json().message).toBe(en.toasts.sent);
  return response.json().data;
}

describe('POST /api/contact', () => {
  let sent: ApiContactSubmission;

  beforeAll(async () => {
    sent = await send(tenant);
  });

  it('stores the message and answers "Sent" with the submission', async () => {
    expect(sent).toMatchObject({
      subject: 'Heating <off> & cold',
      message: 'The heating is off since Monday.\nPlease call.',
      meta: {
        first_name: 'Jane',
        last_name: 'Morrison',
        company_name: 'Unit 4B',
        email: 'jane@example.test',
        phone_number: '',
      },
      path: `/api/contact/${sent.id}/`,
    });
    expect(typeof sent.created_at_timestamp).toBe('number');
    const [row] = await t.db.select().from(contactSubmissions).where(eq(contactSubmissions.id, sent.id));
    expect(row.userId).toBe(tenant.id);
  });

  it('notifies every super admin in the app, linking to the message', async () => {
    const rows = await t.db.select().from(notifications).where(eq(notifications.contactId, sent.id));
    expect(rows.map((row) => row.userId).sort((a, b) => a - b)).toEqual([adminAll.id, adminQuiet.id]);
    expect(rows[0]).toMatchObject({
      link: `/contact/${sent.id}`,
      title: en.accounts.contactNotificationTitle,
      subtitle: 'From Jane Morrison',
      description: 'Heating <off> & cold',
      viewedAt: null,
    });
  });

  it('queues email and SMS per each admin’s support options, with unsubscribe link and reply-to', async () => {
    const rows = await t.db.select().from(outboxMessages).where(eq(outboxMessages.kind, 'contact.received'));
    const mine = rows.filter((row) => (row.payload as { contact_id?: number }).contact_id === sent.id);
    expect(mine.map((row) => [row.userId, row.channel]).sort()).toEqual(
      [
        [adminAll.id, 'email'],
        [adminAll.id, 'sms'],
      ].sort(),
    );
    const email = mine.find((row) => row.channel === 'email')!;
    expect(email.recipient).toBe(adminAll.email);
    expect(email.subject).toBe('New contact message: Heating <off> & cold');
    expect(email.bodyText).toContain('The heating is off since Monday.');
    expect(email.bodyText).toContain(`${APP_URL}/contact/${sent.id}`);
    expect(email.bodyHtml).toContain('Heating &lt;off&gt; &amp; cold');
    expect(email.payload).toMatchObject({ reply_to: 'jane@example.test' });
    const link = linkIn(email.bodyText, `${APP_URL}/unsubscribe/`)!;
    expect(verifyUnsubscribeToken(t.app.messaging.secret, link.split('/').pop()!)).toEqual({
      userId: adminAll.id,
      kind: 'mail.support',
    });
    const sms = mine.find((row) => row.channel === 'sms')!;
    expect(sms.recipient).toBe('780 555 0177');
    expect(sms.bodyText).toContain('Jane Morrison');
  });

  it('refuses an incomplete form with the SPEC messages', async () => {
    const client = await signedIn(t, tenant);
    const response = await client.post(
      '/api/contact',
      form({
        subject: '',
        message: ' ',
        meta: { first_name: '', last_name: 'X', company_name: 'Y', email: 'nope', phone_number: '12' },
      }),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      'meta.first_name': [en.validation.firstName],
      'meta.email': [en.validation.validEmail],
      'meta.phone_number': [en.validation.phone],
      subject: [en.validation.subject],
      message: [en.validation.message],
    });
  });

  it('needs a signed-in user', async () => {
    const visitor = await t.client();
    expect((await visitor.post('/api/contact', form())).statusCode).toBe(401);
  });

  it('is not the super admin’s: it is the support the form reaches (403, nothing stored)', async () => {
    const before = (await t.db.select().from(contactSubmissions)).length;
    const client = await signedIn(t, adminQuiet);
    const response = await client.post('/api/contact', form());
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 'forbidden', message: en.errors.forbidden });
    expect((await t.db.select().from(contactSubmissions)).length).toBe(before);
  });
});

describe('GET /api/contact and /api/contact/{id}', () => {
  let older: ApiContactSubmission;
  let newer: ApiContactSubmission;

  beforeAll(async () => {
    const other = await createUser(t.db, { role: 3 });
    older = await send(
      other,
      form({ subject: 'Invoice question', meta: { ...form().meta, email: 'bob@firm.test' } }),
    );
    newer = await send(
      other,
      form({ subject: 'Key pickup', meta: { ...form().meta, first_name: 'Robert', last_name: 'Stone' } }),
    );
  });

  it('the super admin lists them newest first, paged, searchable', async () => {
    const admin = await signedIn(t, adminQuiet);
    const response = await admin.get('/api/contact');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.meta).toMatchObject({ page: 1, per_page: 10 });
    expect(body.data[0].id).toBe(newer.id);
    expect(body.data.map((row: ApiContactSubmission) => row.id)).toContain(older.id);

    const search = async (term: string) =>
      (await admin.get(`/api/contact?search=${encodeURIComponent(term)}`))
        .json()
        .data.map((row: ApiContactSubmission) => row.id);
    expect(await search('invoice')).toEqual([older.id]);
    expect(await search('bob@firm')).toEqual([older.id]);
    expect(await search('Robert Stone')).toEqual([newer.id]);
    expect(await search('since monday')).toHaveLength(3);
    const paged = (await admin.get('/api/contact?per_page=1&page=2')).json();
    expect(paged.data).toHaveLength(1);
    expect(paged.meta.total).toBe(3);
    const past = (await admin.get('/api/contact?per_page=2&page=3')).json();
    expect(past).toEqual({ data: [], meta: { total: 3, page: 3, per_page: 2 } });
  });

  it('reads each page in one statement besides the session lookup', async () => {
    const admin = await signedIn(t, adminQuiet);
    const queries = ['', 'per_page=1&page=2&sort=subject&order=asc', 'search=invoice'];
    await expectOnePageStatement(
      t.db,
      admin,
      queries.map((query) => `/api/contact?${query}`),
    );
  });

  it('opening one answers it and marks that admin’s notifications about it viewed', async () => {
    const admin = await signedIn(t, adminQuiet);
    const response = await admin.get(`/api/contact/${older.id}/`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(older);
    const notes = await t.db.select().from(notifications).where(eq(notifications.contactId, older.id));
    expect(notes.find((note) => note.userId === adminQuiet.id)?.viewedAt).toBeInstanceOf(Date);
    expect(notes.find((note) => note.userId === adminAll.id)?.viewedAt).toBeNull();
    const [viaHistory] = (await admin.get(`/api/users/${adminQuiet.id}/notification-history`))
      .json()
      .data.filter((note: { contact_id: number }) => note.contact_id === older.id);
    expect(viaHistory.viewed).toBe(true);
  });

  it('is the super admin’s only', async () => {
    const client = await signedIn(t, tenant);
    expect((await client.get('/api/contact')).statusCode).toBe(403);
    expect((await client.get(`/api/contact/${older.id}`)).statusCode).toBe(403);
    const admin = await signedIn(t, adminAll);
    expect((await admin.get('/api/contact/999999')).statusCode).toBe(404);
  });
});
