import { type CurrentUserResponse, en, SESSION_COOKIE, temporaryEmailFor } from '@mend/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, sessions, users } from '../src/db/schema';
import { currentUserResponse } from '../src/modules/users/current';
import { createTestApp, type TestApp } from './helpers/app';
import { createLandlord, createUser, TEST_PASSWORD } from './helpers/factories';
import { statementRecorder } from './helpers/statements';

let t: TestApp;
let landlordId: number;

beforeAll(async () => {
  t = await createTestApp();
  landlordId = (await createLandlord(t.db, 'Northwind')).id;
  await createUser(t.db, { role: 1, email: 'manager@example.test', username: 'manager1', landlordId });
});
afterAll(() => t.close());

describe('POST /api/login', () => {
  it('signs in with an email and answers the user and where to go', async () => {
    const client = await t.client();
    const response = await client.login('Manager@Example.test', TEST_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      user: { email: 'manager@example.test', role: 1 },
      redirect: '/',
    });
    const current = await client.get('/api/users/current');
    expect(current.statusCode).toBe(200);
    expect(current.json()).toMatchObject({
      role: 1,
      path: expect.stringMatching(/^\/api\/users\/\d+\/$/),
      user: { email: 'manager@example.test', role_name: 'Manager', is_super_admin: false },
      landlord: { id: landlordId, name: 'Northwind' },
      notifications: [],
    });
    expect(JSON.stringify(current.json())).not.toContain('password');
  });

  it('signs in with a username', async () => {
    const client = await t.client();
    const response = await client.login('manager1', TEST_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect((await client.get('/api/users/current')).statusCode).toBe(200);
  });

  it('refuses a wrong password and an unknown user with the same answer, giving no hint', async () => {
    const client = await t.client();
    const wrongPassword = await client.login('manager@example.test', 'not the password');
    const unknownUser = await client.login('nobody@example.test', TEST_PASSWORD);
    expect(wrongPassword.statusCode).toBe(422);
    expect(unknownUser.statusCode).toBe(422);
    expect(wrongPassword.json()).toEqual(unknownUser.json());
    expect(wrongPassword.json().message).toBe(en.auth.invalidCredentials);
    expect((await client.get('/api/users/current')).statusCode).toBe(401);
  });

  it('sends a temporary account to its activation and gives it no session, even with the right password', async () => {
    const temporary = await createUser(t.db, {
      username: 'temp.jane',
      email: temporaryEmailFor('temp.jane'),
    });
    const client = await t.client();
    const response = await client.login('temp.jane', TEST_PASSWORD);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      code: 'activation_required',
      message: en.auth.activationRequired,
      redirect: '/user-activation/temp.jane',
    });
    expect((await client.get('/api/users/current')).statusCode).toBe(401);
    const signedIn = await t.db.select().from(sessions).where(eq(sessions.userId, temporary.id));
    expect(signedIn).toEqual([]);
    // A wrong password gets the answer of any wrong password: nothing about the account.
    const wrong = await client.login('temp.jane', 'not the password');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe(en.auth.invalidCredentials);
  });

  it("gives a temporary account's older session no access until it is activated", async () => {
    const client = await t.client();
    await client.login('manager@example.test', TEST_PASSWORD);
    const [manager] = await t.db.select().from(users).where(eq(users.email, 'manager@example.test'));
    try {
      await t.db
        .update(users)
        .set({ email: temporaryEmailFor('manager1') })
        .where(eq(users.id, manager.id));
      expect((await client.get('/api/users/current')).statusCode).toBe(401);
      expect((await client.get('/api/tickets')).statusCode).toBe(401);
    } finally {
      await t.db.update(users).set({ email: manager.email }).where(eq(users.id, manager.id));
    }
    expect((await client.get('/api/users/current')).statusCode).toBe(200);
  });

  it('answers field errors for missing fields', async () => {
    const client = await t.client();
    const response = await client.post('/api/login', {});
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toMatchObject({
      email: [en.validation.invalidEmail],
      password: [en.validation.invalidPassword],
    });
  });

  it.each([
    ['/tickets/5?tab=log', '/tickets/5?tab=log'],
    ['http://localhost:80/units', '/units'],
    ['https://evil.example/phish', '/'],
    ['//evil.example/phish', '/'],
    ['/\\evil.example', '/'],
    ['/api/users/current', '/'],
    ['javascript:alert(1)', '/'],
  ])('login_redirect %s goes to %s', async (asked, expected) => {
    const client = await t.client();
    const response = await client.post('/api/login', {
      email: 'manager@example.test',
      password: TEST_PASSWORD,
      login_redirect: asked,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().redirect).toBe(expected);
  });

  it('gives a new session id on sign-in (no session fixation)', async () => {
    const client = await t.client();
    const before = client.cookieHeader;
    await client.login('manager@example.test', TEST_PASSWORD);
    expect(client.cookieHeader).toContain(SESSION_COOKIE);
    expect(client.cookieHeader).not.toBe(before);
    // The visitor cookie from before sign-in does not carry the signed-in user.
    const stale = await t.app.inject({
      method: 'GET',
      url: '/api/users/current',
      headers: { cookie: before },
    });
    expect(stale.statusCode).toBe(401);
  });

  it('marks the session cookie httpOnly and SameSite', async () => {
    const client = await t.client();
    const response = await client.login('manager@example.test', TEST_PASSWORD);
    const header = String(response.headers['set-cookie']);
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/SameSite=Lax/i);
  });
});

describe('POST /api/logout', () => {
  it('ends the session on the server, so the old cookie no longer works', async () => {
    const client = await t.client();
    await client.login('manager@example.test', TEST_PASSWORD);
    const signedIn = client.cookieHeader;
    const response = await client.post('/api/logout');
    expect(response.statusCode).toBe(200);
    const replay = await t.app.inject({
      method: 'GET',
      url: '/api/users/current',
      headers: { cookie: signedIn },
    });
    expect(replay.statusCode).toBe(401);
  });
});

describe('GET /api/users/current', () => {
  it('answers 401 with a message when nobody is signed in', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/users/current' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 'unauthenticated', message: en.auth.unauthenticated });
  });

  it('answers the user, its landlord and its 50 newest notifications in one statement with the session', async () => {
    const [manager] = await t.db.select().from(users).where(eq(users.email, 'manager@example.test'));
    await t.db.insert(notifications).values(
      Array.from({ length: 55 }, (_, i) => ({
        userId: manager.id,
        title: `Notice ${i}`,
        createdAt: new Date(Date.UTC(2026, 0, 1) + (i % 20) * 60_000),
      })),
    );
    const client = await t.client();
    await client.login('manager@example.test', TEST_PASSWORD);
    const recorder = statementRecorder(t.db);
    let answer: CurrentUserResponse | undefined;
    const statements = await recorder.during(async () => {
      const response = await client.get('/api/users/current');
      expect(response.statusCode, response.body).toBe(200);
      answer = response.json();
    });
    expect(statements.filter((statement) => !/^update "sessions"/.test(statement.text))).toHaveLength(1);
    // The same answer as the page embeds for a signed-in visitor.
    expect(answer).toEqual(JSON.parse(JSON.stringify(await currentUserResponse(t.db, manager))));
    expect(answer?.landlord).toMatchObject({ id: landlordId, name: 'Northwind' });
    expect(answer?.notifications).toHaveLength(50);
    const order = answer!.notifications.map((row) => [row.timestamp, row.id]);
    expect([...order].sort(([a, x], [b, y]) => b - a || y - x)).toEqual(order);
  });
});

describe('GET /api/landlords/current', () => {
  it("answers the signed-in user's landlord", async () => {
    const client = await t.client();
    await client.login('manager@example.test', TEST_PASSWORD);
    const response = await client.get('/api/landlords/current');
    expect(response.json()).toMatchObject({ landlord: { id: landlordId, name: 'Northwind' } });
  });
});

describe('sign-in rate limit', () => {
  let clock = Date.parse('2026-11-25T12:00:00Z');
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({
      env: { LOGIN_RATE_LIMIT: '3', LOGIN_ADDRESS_RATE_LIMIT: '6' },
      now: () => new Date(clock),
    });
    await createUser(limited.db, { email: 'office1@example.test' });
    await createUser(limited.db, { email: 'office2@example.test' });
  });
  afterAll(() => limited.close());

  /** A sign-in from a client address of its own. */
  async function loginFrom(address: string, email: string, password: string): Promise<number> {
    const client = await limited.client();
    const response = await limited.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: address,
      headers: { cookie: client.cookieHeader, 'x-csrf-token': client.csrfToken },
      payload: { email, password },
    });
    return response.statusCode;
  }

  it('answers 429 after too many failed attempts of one account in a minute, even to the right password', async () => {
    const client = await limited.client();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await client.login('office1@example.test', 'wrong')).statusCode);
    expect(statuses).toEqual([422, 422, 422, 429]);
    const last = await client.login('office1@example.test', TEST_PASSWORD);
    expect(last.statusCode).toBe(429);
    expect(last.json().message).toBe(en.auth.tooManyAttempts);
    // A minute later the account may try again.
    clock += 61_000;
    expect((await client.login('office1@example.test', TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('lets an office behind one address sign in as often as it needs', async () => {
    const client = await limited.client();
    for (let i = 0; i < 20; i++) {
      expect((await client.login(`office${1 + (i % 2)}@example.test`, TEST_PASSWORD)).statusCode).toBe(200);
    }
  });

  it('clears an account’s failures when it signs in', async () => {
    clock += 61_000;
    const client = await limited.client();
    for (let i = 0; i < 2; i++) await client.login('office2@example.test', 'wrong');
    expect((await client.login('office2@example.test', TEST_PASSWORD)).statusCode).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await client.login('office2@example.test', 'wrong')).statusCode);
    expect(statuses).toEqual([422, 422, 422, 429]);
  });

  it('limits the failures of one address over many accounts, with a higher ceiling', async () => {
    clock += 61_000;
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push(await loginFrom('203.0.113.9', `someone${i}@example.test`, 'x'));
    expect(statuses).toEqual([422, 422, 422, 422, 422, 422, 429]);
    expect(await loginFrom('203.0.113.10', 'someone@example.test', 'x')).toBe(422);
  });
});
