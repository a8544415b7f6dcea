/** Activation of temporary accounts, email verification links and GET /email/resend. */
import { en, temporaryEmailFor } from '@mend/shared';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTimeTokens, outboxMessages, type UserRow, users } from '../src/db/schema';
import { hashToken } from '../src/lib/tokens';
import { createTestApp, type TestApp } from './helpers/app';
import { createUser, TEST_PASSWORD } from './helpers/factories';
import { linkIn } from './helpers/smtp-server';

const APP_URL = 'http://mend-activation.test';
const VERIFY_PREFIX = `${APP_URL}/api/email/verify/`;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { APP_URL, MAIL_RATE_LIMIT: '1000' } });
});
afterAll(() => t.close());

let counter = 0;
async function temporaryUser(password = 'GeneratedPass1'): Promise<UserRow> {
  const username = `temp.user${++counter}`;
  return createUser(t.db, { username, email: temporaryEmailFor(username), password });
}

async function reload(user: UserRow): Promise<UserRow> {
  const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
  return row;
}

/** The verification link of the latest email of that kind to the user. */
async function verificationToken(user: UserRow, kind = 'email_verification'): Promise<string> {
  const [email] = await t.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.userId, user.id), eq(outboxMessages.kind, kind)))
    .orderBy(desc(outboxMessages.id))
    .limit(1);
  expect(email, `no ${kind} email`).toBeDefined();
  return linkIn(email.bodyText, VERIFY_PREFIX)!.slice(VERIFY_PREFIX.length);
}

function activation(user: UserRow, overrides: Record<string, unknown> = {}) {
  return {
    _method: 'PATCH',
    username: user.username,
    email: `real${counter}@example.test`,
    email_confirmation: `real${counter}@example.test`,
    old_password: 'GeneratedPass1',
    password: 'my own password',
    password_confirmation: 'my own password',
    login_redirect: '/tickets',
    ...overrides,
  };
}

describe('GET /api/user-activation/{username}', () => {
  it('names a temporary account (any letter case), without signing in', async () => {
    const user = await temporaryUser();
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/user-activation/${user.username!.toUpperCase()}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ username: user.username, is_temporary: true });
  });

  it('answers 404 for an unknown username and for an account that is already active', async () => {
    await createUser(t.db, { username: 'already.active' });
    for (const name of ['nobody.here', 'already.active']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/user-activation/${name}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'not_found', message: en.accounts.noTemporaryAccount });
    }
  });
});

describe('PATCH /api/user-activation', () => {
  it('sets the real email and password, keeps the username, and sends a verification link', async () => {
    const user = await temporaryUser();
    const client = await t.client();
    const body = activation(user);
    const response = await client.post('/api/user-activation', body);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: en.accounts.activated, redirect: '/login' });

    const row = await reload(user);
    expect(row).toMatchObject({ email: body.email, username: user.username, emailVerifiedAt: null });
    expect((await client.login(body.email as string, 'my own password')).statusCode).toBe(200);
    expect((await (await t.client()).login(user.username!, 'GeneratedPass1')).statusCode).toBe(422);

    const [email] = await t.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.userId, user.id), eq(outboxMessages.kind, 'account_activation')));
    expect(email).toMatchObject({
      recipient: body.email,
      subject: en.mail.activation.subject,
      status: 'pending',
    });
    expect(email.bodyText).toContain(user.username!);

    // No longer a temporary account.
    const lookup = await t.app.inject({ method: 'GET', url: `/api/user-activation/${user.username}` });
    expect(lookup.statusCode).toBe(404);
    const again = await client.post(
      '/api/user-activation',
      activation(user, { email: 'x@example.test', email_confirmation: 'x@example.test' }),
    );
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ username: [en.accounts.noTemporaryAccount] });

    // The emailed link verifies the new address, once.
    const token = await verificationToken(user, 'account_activation');
    const verified = await t.app.inject({ method: 'GET', url: `/api/email/verify/${token}` });
    expect(verified.statusCode).toBe(302);
    expect(verified.headers.location).toBe('/login?verified=1');
    expect((await reload(user)).emailVerifiedAt).toBeInstanceOf(Date);
    const reused = await t.app.inject({ method: 'GET', url: `/api/email/verify/${token}` });
    expect(reused.headers.location).toBe('/login?verified=0');
  });

  it('refuses a wrong old password', async () => {
    const user = await temporaryUser();
    const client = await t.client();
    const response = await client.post('/api/user-activation', activation(user, { old_password: 'guess' }));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ old_password: [en.accounts.oldPasswordIncorrect] });
    expect((await reload(user)).email).toBe(user.email);
  });

  it('refuses mismatched confirmations and a bad email with the SPEC messages', async () => {
    const user = await temporaryUser();
    const client = await t.client();
    const response = await client.post(
      '/api/user-activation',
      activation(user, {
        email: 'bad-email',
        email_confirmation: 'other',
        password_confirmation: 'different',
      }),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      email: [en.validation.invalidEmail],
      password_confirmation: [en.validation.passwordDoesNotMatchActivation],
    });
    const mismatch = await client.post(
      '/api/user-activation',
      activation(user, { email: 'good@example.test', email_confirmation: 'other@example.test' }),
    );
    expect(mismatch.json().errors).toEqual({
      email_confirmation: [en.validation.emailDoesNotMatchActivation],
    });
    const noOld = await client.post('/api/user-activation', activation(user, { old_password: '' }));
    expect(noOld.json().errors).toEqual({ old_password: [en.validation.invalidPassword] });
  });

  it('refuses an email another account has, and the placeholder domain', async () => {
    const taken = await createUser(t.db, { email: 'taken.activation@example.test' });
    const user = await temporaryUser();
    const client = await t.client();
    const response = await client.post(
      '/api/user-activation',
      activation(user, { email: taken.email, email_confirmation: taken.email }),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ email: [en.people.emailTaken] });
    const reserved = temporaryEmailFor('someone.else');
    const placeholder = await client.post(
      '/api/user-activation',
      activation(user, { email: reserved, email_confirmation: reserved }),
    );
    expect(placeholder.json().errors).toEqual({ email: [en.people.reservedEmail] });
  });

  it('also takes a real PATCH and JSON', async () => {
    const user = await temporaryUser();
    const client = await t.client();
    const { _method, ...body } = activation(user);
    const response = await client.send('PATCH', '/api/user-activation', body, { json: true });
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('email verification', () => {
  it('GET /api/email/resend sends a fresh link; the earlier one stops working', async () => {
    const user = await createUser(t.db, { email: 'verify.me@example.test' });
    const client = await t.client();
    await client.login(user.email, TEST_PASSWORD);
    const first = await client.get('/api/email/resend');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: en.toasts.verificationResent });
    const older = await verificationToken(user);
    expect((await client.get('/api/email/resend')).statusCode).toBe(200);
    const newer = await verificationToken(user);
    expect(newer).not.toBe(older);

    const stale = await t.app.inject({ method: 'GET', url: `/api/email/verify/${older}` });
    expect(stale.headers.location).toBe('/login?verified=0');
    const good = await t.app.inject({ method: 'GET', url: `/api/email/verify/${newer}` });
    expect(good.headers.location).toBe('/login?verified=1');
    expect((await reload(user)).emailVerifiedAt).toBeInstanceOf(Date);

    // Verified: nothing more is sent.
    const [verifiedUser] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(verifiedUser.emailVerifiedAt).not.toBeNull();
    const done = await client.get('/api/email/resend');
    expect(done.json()).toEqual({ message: en.toasts.emailVerified });
  });

  it('an expired or garbled link verifies nothing', async () => {
    const user = await createUser(t.db);
    const client = await t.client();
    await client.login(user.email, TEST_PASSWORD);
    await client.get('/api/email/resend');
    const token = await verificationToken(user);
    await t.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(oneTimeTokens.tokenHash, hashToken(token)));
    for (const candidate of [token, 'garbage', `${token}x`]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/email/verify/${candidate}` });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/login?verified=0');
    }
    expect((await reload(user)).emailVerifiedAt).toBeNull();
  });

  it('a link sent to an address the user has since changed verifies nothing', async () => {
    const user = await createUser(t.db);
    const client = await t.client();
    await client.login(user.email, TEST_PASSWORD);
    await client.get('/api/email/resend');
    const token = await verificationToken(user);
    await t.db
      .update(users)
      .set({ email: `changed${user.id}@example.test` })
      .where(eq(users.id, user.id));
    const response = await t.app.inject({ method: 'GET', url: `/api/email/verify/${token}` });
    expect(response.headers.location).toBe('/login?verified=0');
  });

  it('resend needs a signed-in user with a real email', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/email/resend' })).statusCode).toBe(401);
    // A temporary account gets no session before it is activated, so it cannot ask either.
    const user = await temporaryUser(TEST_PASSWORD);
    const client = await t.client();
    expect((await client.login(user.username!, TEST_PASSWORD)).statusCode).toBe(403);
    expect((await client.get('/api/email/resend')).statusCode).toBe(401);
  });
});
