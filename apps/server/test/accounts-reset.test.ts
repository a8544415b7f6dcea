/** Forgot password and reset: the same answer for any email, one-time hashed tokens, expiry, sessions ended. */
import { en, format, temporaryEmailFor } from '@mend/shared';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTimeTokens, outboxMessages, type UserRow, users } from '../src/db/schema';
import { hashToken } from '../src/lib/tokens';
import { createTestApp, type TestApp } from './helpers/app';
import { createUser, TEST_PASSWORD } from './helpers/factories';
import { linkIn } from './helpers/smtp-server';

const APP_URL = 'http://mend-reset.test';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { APP_URL, MAIL_RATE_LIMIT: '1000' } });
});
afterAll(() => t.close());

async function resetEmails(user: UserRow) {
  return t.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.userId, user.id), eq(outboxMessages.kind, 'password_reset')))
    .orderBy(desc(outboxMessages.id));
}

/** Asks for a reset and answers the token of the link in the queued email. */
async function requestToken(user: UserRow): Promise<string> {
  const client = await t.client();
  const response = await client.post('/api/password/email', { email: user.email });
  expect(response.statusCode, response.body).toBe(200);
  const [email] = await resetEmails(user);
  const link = linkIn(email.bodyText, `${APP_URL}/password/reset/`)!;
  expect(new URL(link).searchParams.get('email')).toBe(user.email);
  return new URL(link).pathname.split('/').pop()!;
}

const newPassword = (token: string, email: string, password = 'my new secret', confirmation = password) => ({
  token,
  email,
  password,
  password_confirmation: confirmation,
});

describe('POST /api/password/email', () => {
  it('answers the same message for an unknown email, and sends nothing', async () => {
    const client = await t.client();
    const response = await client.post('/api/password/email', { email: 'nobody@example.test' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: format(en.auth.resetRequestSent, { email: 'nobody@example.test' }),
    });
    expect(
      await t.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, 'nobody@example.test')),
    ).toEqual([]);
  });

  it('for an account: the same message, one email with a one-time link; only the token hash is stored', async () => {
    const user = await createUser(t.db, { email: 'reset.me@example.test' });
    const client = await t.client();
    const response = await client.post('/api/password/email', { email: 'Reset.Me@example.test' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: format(en.auth.resetRequestSent, { email: 'Reset.Me@example.test' }),
    });
    const [email] = await resetEmails(user);
    expect(email).toMatchObject({
      channel: 'email',
      recipient: 'reset.me@example.test',
      subject: en.mail.reset.subject,
      status: 'pending',
    });
    expect(email.bodyText).toContain(format(en.mail.reset.expiry, { minutes: 60 }));
    // Account emails carry no unsubscribe link.
    expect(email.bodyText).not.toContain('/unsubscribe/');
    const token = new URL(linkIn(email.bodyText, `${APP_URL}/password/reset/`)!).pathname.split('/').pop()!;
    const [stored] = await t.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, user.id));
    expect(stored.tokenHash).toBe(hashToken(token));
    expect(stored.tokenHash).not.toContain(token);
    expect(stored.purpose).toBe('reset');
    const minutes = (stored.expiresAt.getTime() - stored.createdAt.getTime()) / 60_000;
    expect(minutes).toBeCloseTo(60, 0);
  });

  it('sends at most one email a minute to one account (same answer)', async () => {
    const user = await createUser(t.db);
    const client = await t.client();
    for (let i = 0; i < 3; i++) {
      expect((await client.post('/api/password/email', { email: user.email })).statusCode).toBe(200);
    }
    expect(await resetEmails(user)).toHaveLength(1);
  });

  it('never writes to a temporary account’s placeholder address', async () => {
    const user = await createUser(t.db, { username: 'temp.reset', email: temporaryEmailFor('temp.reset') });
    const client = await t.client();
    const response = await client.post('/api/password/email', { email: user.email });
    expect(response.statusCode).toBe(200);
    expect(await resetEmails(user)).toEqual([]);
  });

  it('refuses a malformed email with the SPEC message', async () => {
    const client = await t.client();
    const response = await client.post('/api/password/email', { email: 'not-an-email' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ email: [en.validation.invalidEmail] });
  });
});

describe('POST /api/password/reset', () => {
  it('sets the password, ends every session of the account and sends the browser to /login', async () => {
    const user = await createUser(t.db);
    const signedIn = await t.client();
    expect((await signedIn.login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
    const token = await requestToken(user);

    const client = await t.client();
    const response = await client.post('/api/password/reset', newPassword(token, user.email));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: en.accounts.passwordReset, redirect: '/login' });

    expect((await signedIn.get('/api/users/current')).statusCode).toBe(401);
    expect((await client.login(user.email, TEST_PASSWORD)).statusCode).toBe(422);
    expect((await client.login(user.email, 'my new secret')).statusCode).toBe(200);
    // The link proved the mailbox is theirs.
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row.emailVerifiedAt).not.toBeNull();
  });

  it('a token works once', async () => {
    const user = await createUser(t.db);
    const token = await requestToken(user);
    const client = await t.client();
    expect((await client.post('/api/password/reset', newPassword(token, user.email))).statusCode).toBe(200);
    const again = await client.post('/api/password/reset', newPassword(token, user.email, 'another one'));
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({
      code: 'validation_failed',
      message: en.accounts.resetTokenInvalid,
      errors: { token: [en.accounts.resetTokenInvalid] },
    });
    expect((await client.login(user.email, 'another one')).statusCode).toBe(422);
  });

  it('an expired token is refused', async () => {
    const user = await createUser(t.db);
    const token = await requestToken(user);
    await t.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.tokenHash, hashToken(token)));
    const client = await t.client();
    const response = await client.post('/api/password/reset', newPassword(token, user.email));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ token: [en.accounts.resetTokenInvalid] });
  });

  it('another account’s email, or a made-up token, is refused without spending the token', async () => {
    const user = await createUser(t.db);
    const other = await createUser(t.db);
    const token = await requestToken(user);
    const client = await t.client();
    const wrongEmail = await client.post('/api/password/reset', newPassword(token, other.email));
    expect(wrongEmail.statusCode).toBe(422);
    expect(wrongEmail.json().errors).toEqual({ token: [en.accounts.resetTokenInvalid] });
    const madeUp = await client.post('/api/password/reset', newPassword('x'.repeat(43), user.email));
    expect(madeUp.json().errors).toEqual({ token: [en.accounts.resetTokenInvalid] });
    expect((await client.post('/api/password/reset', newPassword(token, user.email))).statusCode).toBe(200);
  });

  it('only the latest link works', async () => {
    const user = await createUser(t.db);
    const older = await requestToken(user);
    // Past the one-email-a-minute gap.
    await t.db
      .update(oneTimeTokens)
      .set({ createdAt: new Date(Date.now() - 120_000) })
      .where(eq(oneTimeTokens.userId, user.id));
    const newer = await requestToken(user);
    expect(newer).not.toBe(older);
    const client = await t.client();
    expect((await client.post('/api/password/reset', newPassword(older, user.email))).statusCode).toBe(422);
    expect((await client.post('/api/password/reset', newPassword(newer, user.email))).statusCode).toBe(200);
  });

  it('form errors use the SPEC messages', async () => {
    const client = await t.client();
    const response = await client.post('/api/password/reset', {
      token: '',
      email: 'nope',
      password: 'one',
      password_confirmation: 'two',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      token: [en.validation.tokenRequired],
      email: [en.validation.invalidEmail],
      password_confirmation: [en.validation.passwordDoesNotMatchActivation],
    });
    const empty = await client.post('/api/password/reset', { token: 'abc', email: 'a@b.co', password: '' });
    expect(empty.json().errors.password).toEqual([en.validation.invalidPassword]);
  });
});

describe('rate limit', () => {
  it('limits reset requests per address and minute', async () => {
    const limited = await createTestApp({ env: { MAIL_RATE_LIMIT: '2' } });
    try {
      const client = await limited.client();
      const ask = () => client.post('/api/password/email', { email: 'someone@example.test' });
      expect((await ask()).statusCode).toBe(200);
      expect((await ask()).statusCode).toBe(200);
      const third = await ask();
      expect(third.statusCode).toBe(429);
      expect(third.json()).toEqual({ code: 'too_many_requests', message: en.accounts.tooManyEmails });
    } finally {
      await limited.close();
    }
  });
});
