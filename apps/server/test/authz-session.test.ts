/**
 * Session and sign-in hardening: session fixation, cookie flags, sign-in throttling, one-time reset tokens,
 * anti-forgery tokens bound to their session (on every state-changing endpoint), server-side sign-out,
 * expiry, and sessions ended by password changes and resets.
 */
import { createHash } from 'node:crypto';
import { CSRF_HEADER, en, SESSION_COOKIE } from '@mend/shared';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, type UserRow } from '../src/db/schema';
import { issueOneTimeToken, RESET_TOKEN_TTL_MS } from '../src/lib/tokens';
import { createTestApp, type TestApp, type TestClient } from './helpers/app';
import {
  createEndpointWorld,
  ENDPOINTS,
  type EndpointWorld,
  fillPath,
  label,
  sideFill,
  snapshot,
} from './helpers/endpoints';
import { createUser, TEST_PASSWORD } from './helpers/factories';
import { clientFor, freshClientFor } from './helpers/ticket-factories';

let t: TestApp;
let w: EndpointWorld;
/** A second app as production would run it behind HTTPS, with a low sign-in limit: Secure cookies, throttling. */
let hardened: TestApp;
let secureUser: UserRow;

beforeAll(async () => {
  [t, hardened] = await Promise.all([
    createTestApp(),
    createTestApp({ env: { COOKIE_SECURE: '1', LOGIN_RATE_LIMIT: '3' } }),
  ]);
  w = await createEndpointWorld(t);
  secureUser = await createUser(hardened.db, { role: 0, email: 'secure@example.test' });
});
afterAll(async () => {
  await t.close();
  await hardened.close();
});

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** The session cookie's value in a client's cookie header. */
function sessionToken(client: TestClient): string {
  const match = new RegExp(`${SESSION_COOKIE}=([^;]+)`).exec(client.cookieHeader);
  if (!match) throw new Error('no session cookie');
  return match[1];
}

function setCookieOf(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie'];
  const all = Array.isArray(header) ? header : [String(header ?? '')];
  const found = all.find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
  if (!found) throw new Error(`no ${SESSION_COOKIE} cookie set: ${all.join(' | ')}`);
  return found;
}

async function whoAmI(cookie: string): Promise<number> {
  const response = await t.app.inject({ method: 'GET', url: '/api/users/current', headers: { cookie } });
  return response.statusCode;
}

async function sessionRow(token: string) {
  const [row] = await t.db
    .select()
    .from(sessions)
    .where(eq(sessions.id, sha256(token)));
  return row;
}

describe('session fixation', () => {
  it('signing in replaces the visitor session: the old id is deleted and never becomes the signed-in one', async () => {
    const client = await t.client();
    const visitorToken = sessionToken(client);
    const visitorCookie = client.cookieHeader;
    expect(await sessionRow(visitorToken)).toBeDefined();

    const response = await client.login(w.a.manager.email, TEST_PASSWORD);
    expect(response.statusCode).toBe(200);
    const signedInToken = sessionToken(client);
    expect(signedInToken).not.toBe(visitorToken);
    expect(await sessionRow(visitorToken)).toBeUndefined();
    expect((await sessionRow(signedInToken))?.userId).toBe(w.a.manager.id);
    // Someone who planted or kept the visitor cookie is not signed in by the victim's sign-in.
    expect(await whoAmI(visitorCookie)).toBe(401);
    expect(await whoAmI(client.cookieHeader)).toBe(200);
  });

  it('a session cookie the server never issued is not a session (no token, no sign-in)', async () => {
    const planted = `${SESSION_COOKIE}=attacker-chosen-session-id`;
    expect(await whoAmI(planted)).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { cookie: planted, 'content-type': 'application/json', [CSRF_HEADER]: 'anything' },
      payload: JSON.stringify({ email: w.a.manager.email, password: TEST_PASSWORD }),
    });
    expect(login.statusCode).toBe(419);
    expect(login.headers['set-cookie']).toBeUndefined();
  });

  it('signing in as someone else from a signed-in session also gets a new id', async () => {
    const client = await freshClientFor(t, w.a.tenant);
    const first = sessionToken(client);
    expect((await client.login(w.a.plumber.email, TEST_PASSWORD)).statusCode).toBe(200);
    expect(sessionToken(client)).not.toBe(first);
    expect(await sessionRow(first)).toBeUndefined();
    expect((await client.get('/api/users/current')).json().user.id).toBe(w.a.plumber.id);
  });
});

describe('cookie flags', () => {
  it('the visitor and signed-in cookies are HttpOnly, SameSite=Lax, for the whole site, not Secure over http', async () => {
    const visitor = await t.app.inject({ method: 'GET', url: '/refresh-csrf' });
    const client = await t.client();
    const login = await client.login(w.a.manager.email, TEST_PASSWORD);
    for (const cookie of [setCookieOf(visitor), setCookieOf(login)]) {
      expect(cookie).toMatch(/;\s*HttpOnly/i);
      expect(cookie).toMatch(/;\s*SameSite=Lax/i);
      expect(cookie).toMatch(/;\s*Path=\//i);
      expect(cookie).toMatch(/;\s*Expires=/i);
      expect(cookie).not.toMatch(/;\s*Secure/i);
      expect(cookie).not.toMatch(/;\s*Domain=/i);
      // 256 random bits, URL-safe.
      expect(cookie.split(';')[0].split('=')[1]).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
  });

  it('COOKIE_SECURE=1 adds Secure to every session cookie (visitor, signed in, signed out)', async () => {
    // From its own address, so that this sign-in does not count against the throttling tests below.
    const inject = (options: {
      method: 'GET' | 'POST';
      url: string;
      cookie?: string;
      csrf?: string;
      body?: object;
    }) =>
      hardened.app.inject({
        method: options.method,
        url: options.url,
        remoteAddress: '198.51.100.7',
        headers: {
          ...(options.cookie ? { cookie: options.cookie } : {}),
          ...(options.csrf ? { [CSRF_HEADER]: options.csrf } : {}),
          ...(options.body ? { 'content-type': 'application/json' } : {}),
        },
        ...(options.body ? { payload: JSON.stringify(options.body) } : {}),
      });
    const visitor = await inject({ method: 'GET', url: '/refresh-csrf' });
    const csrf = visitor.json().token;
    const visitorCookie = setCookieOf(visitor).split(';')[0];
    const login = await inject({
      method: 'POST',
      url: '/api/login',
      cookie: visitorCookie,
      csrf,
      body: { email: secureUser.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
    const logout = await inject({
      method: 'POST',
      url: '/api/logout',
      cookie: setCookieOf(login).split(';')[0],
      csrf,
      body: {},
    });
    expect(logout.statusCode, logout.body).toBe(200);
    for (const cookie of [setCookieOf(visitor), setCookieOf(login), setCookieOf(logout)]) {
      expect(cookie).toMatch(/;\s*Secure/i);
      expect(cookie).toMatch(/;\s*HttpOnly/i);
      expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    }
  });

  it('signing out expires the cookie in the browser', async () => {
    const client = await freshClientFor(t, w.a.manager);
    const logout = await client.post('/api/logout');
    const cookie = setCookieOf(logout);
    expect(cookie).toMatch(new RegExp(`^${SESSION_COOKIE}=;`));
    expect(cookie).toMatch(/Expires=Thu, 01 Jan 1970/i);
    // The clearing cookie carries the same attributes as the one it clears (regression: lib/session.ts).
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect(cookie).toMatch(/;\s*Path=\//i);
  });
});

describe('sign-in throttling', () => {
  let limited: TestApp;
  let user: UserRow;

  beforeAll(async () => {
    limited = hardened;
    user = await createUser(limited.db, { role: 2, email: 'throttled@example.test' });
  });

  it('after the limit, even the right password is refused with 429 and a message; a forged client address does not help', async () => {
    const client = await limited.client();
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await client.login(user.email, `wrong ${i}`)).statusCode);
    expect(statuses).toEqual([422, 422, 422]);
    const right = await client.login(user.email, TEST_PASSWORD);
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual({ code: 'too_many_requests', message: en.auth.tooManyAttempts });
    expect(right.headers['set-cookie']).toBeUndefined();
    // X-Forwarded-For is not trusted (TRUST_PROXY is off): the same client stays throttled.
    const forged = await client.send(
      'POST',
      '/api/login',
      { email: user.email, password: TEST_PASSWORD },
      { headers: { 'x-forwarded-for': '203.0.113.9' } },
    );
    expect(forged.statusCode).toBe(429);
    expect((await client.get('/api/users/current')).statusCode).toBe(401);
  });

  it('the activation form, which checks a password, is throttled per account like the sign-in', async () => {
    const client = await limited.client();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const guess = {
        _method: 'PATCH',
        username: 'guessed.name',
        email: 'a@b.test',
        email_confirmation: 'a@b.test',
        old_password: `p${i}`,
        password: 'q',
        password_confirmation: 'q',
      };
      statuses.push((await client.post('/api/user-activation', guess)).statusCode);
    }
    expect(statuses).toEqual([422, 422, 422, 429]);
  });

  it('the reset form, which checks a token, is throttled per address (its higher ceiling)', async () => {
    const client = await limited.client();
    const statuses: number[] = [];
    // More guesses than the address allows failures in a minute (five times the account's limit).
    for (let i = 0; i < 16; i++) {
      const guess = {
        token: `guess-${i}`,
        email: user.email,
        password: 'x y z',
        password_confirmation: 'x y z',
      };
      statuses.push((await client.post('/api/password/reset', guess)).statusCode);
    }
    const firstRefusal = statuses.indexOf(429);
    expect(firstRefusal, String(statuses)).toBeGreaterThan(0);
    expect(statuses.slice(0, firstRefusal).every((status) => status === 422)).toBe(true);
    expect(statuses.slice(firstRefusal).every((status) => status === 429)).toBe(true);
  });
});

describe('password reset tokens', () => {
  async function resetToken(user: UserRow): Promise<string> {
    return issueOneTimeToken(t.db, {
      userId: user.id,
      purpose: 'reset',
      email: user.email,
      ttlMs: RESET_TOKEN_TTL_MS,
    });
  }
  const resetBody = (token: string, email: string, password: string) => ({
    token,
    email,
    password,
    password_confirmation: password,
  });

  it('a token works once: the second use with the same token is refused and changes nothing', async () => {
    const user = await createUser(t.db, { email: 'reuse@example.test' });
    const signedIn = await freshClientFor(t, user);
    const token = await resetToken(user);
    const client = await t.client();
    const first = await client.post(
      '/api/password/reset',
      resetBody(token, user.email, 'first new password'),
    );
    expect(first.statusCode, first.body).toBe(200);
    // Every session of the account ended.
    expect((await signedIn.get('/api/users/current')).statusCode).toBe(401);

    const again = await (await t.client()).post(
      '/api/password/reset',
      resetBody(token, user.email, 'second new password'),
    );
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(en.accounts.resetTokenInvalid);
    expect((await (await t.client()).login(user.email, 'second new password')).statusCode).toBe(422);
    expect((await (await t.client()).login(user.email, 'first new password')).statusCode).toBe(200);
  });

  it('two resets racing with one token: exactly one succeeds', async () => {
    const user = await createUser(t.db, { email: 'race@example.test' });
    const token = await resetToken(user);
    const [a, b] = await Promise.all([
      (await t.client()).post('/api/password/reset', resetBody(token, user.email, 'password number a')),
      (await t.client()).post('/api/password/reset', resetBody(token, user.email, 'password number b')),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 422]);
  });

  it('a token is refused for another account’s email, after a newer one was issued, and when guessed', async () => {
    const user = await createUser(t.db, { email: 'owner@example.test' });
    const other = await createUser(t.db, { email: 'other@example.test' });
    const old = await resetToken(user);
    const newer = await resetToken(user);
    const client = await t.client();
    const wrongEmail = await client.post(
      '/api/password/reset',
      resetBody(newer, other.email, 'takeover password'),
    );
    expect(wrongEmail.statusCode).toBe(422);
    const retired = await client.post('/api/password/reset', resetBody(old, user.email, 'takeover password'));
    expect(retired.statusCode).toBe(422);
    const guessed = await client.post(
      '/api/password/reset',
      resetBody('A'.repeat(43), user.email, 'takeover password'),
    );
    expect(guessed.statusCode).toBe(422);
    expect((await (await t.client()).login(other.email, 'takeover password')).statusCode).toBe(422);
    // The newer token is still good after those attempts.
    expect(
      (await client.post('/api/password/reset', resetBody(newer, user.email, 'mine again please')))
        .statusCode,
    ).toBe(200);
  });
});

describe('anti-forgery tokens belong to their session', () => {
  it('another session’s token, no token, a token in the body or in the query: all 419, on every state-changing endpoint', async () => {
    const admin = await freshClientFor(t, w.admin);
    const other = await freshClientFor(t, w.a.manager);
    const visitor = await t.client();
    const before = await snapshot(t.db);
    const writes = ENDPOINTS.filter((endpoint) => endpoint.method !== 'GET');
    const fill = sideFill(w, w.a);
    for (const endpoint of writes) {
      const url = fillPath(endpoint, fill);
      for (const [what, csrf] of [
        ['another signed-in session’s token', other.csrfToken],
        ['a visitor session’s token', visitor.csrfToken],
        ['no token', null],
        ['an empty token', ''],
        ['a truncated token', admin.csrfToken.slice(0, -1)],
      ] as const) {
        for (const method of ['POST', endpoint.method as 'POST' | 'PATCH' | 'DELETE'] as const) {
          const response = await admin.send(
            method,
            `${url}${what === 'no token' ? `?_token=${admin.csrfToken}` : ''}`,
            { _method: endpoint.method, _token: admin.csrfToken, title: 'forged' },
            { csrf },
          );
          expect(response.statusCode, `${label(endpoint)} with ${what}`).toBe(419);
          expect(response.json()).toEqual({ code: 'csrf_mismatch', message: en.errors.csrf });
        }
      }
    }
    expect(await snapshot(t.db)).toEqual(before);
    // The admin's own token still works, and it was not signed out by any of it.
    expect((await admin.get('/api/users/current')).statusCode).toBe(200);
  });

  it('the token survives sign-in (the page that signed in keeps working) but not sign-out', async () => {
    const client = await t.client();
    const token = client.csrfToken;
    await client.login(w.a.manager.email, TEST_PASSWORD);
    expect(client.csrfToken).toBe(token);
    const contact = await client.post('/api/contact', {
      meta: { first_name: 'A', last_name: 'B', company_name: 'C', email: 'a@b.test', phone_number: '' },
      subject: 'Hello',
      message: 'Token kept',
    });
    expect(contact.statusCode, contact.body).toBe(201);
    await client.post('/api/logout');
    // After sign-out there is no session: the old token is bound to nothing.
    const after = await client.post('/api/contact', { subject: 'x', message: 'y' });
    expect(after.statusCode).toBe(419);
  });
});

describe('server-side sign-out and expiry', () => {
  it('sign-out deletes the session row: the old cookie and token no longer read or write anything', async () => {
    const client = await freshClientFor(t, w.a.manager);
    const cookie = client.cookieHeader;
    const token = client.csrfToken;
    const raw = sessionToken(client);
    expect(await sessionRow(raw)).toBeDefined();
    expect((await client.post('/api/logout')).statusCode).toBe(200);
    expect(await sessionRow(raw)).toBeUndefined();
    expect(await whoAmI(cookie)).toBe(401);
    const replay = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { cookie, [CSRF_HEADER]: token, 'content-type': 'application/json' },
      payload: JSON.stringify({ subject: 'replayed', message: 'after sign-out' }),
    });
    expect(replay.statusCode).toBe(419);
  });

  it('an expired session is not a session', async () => {
    const client = await freshClientFor(t, w.a.tenant);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, sha256(sessionToken(client))));
    expect((await client.get('/api/users/current')).statusCode).toBe(401);
  });

  it('changing one’s password ends one’s other sessions, not the current one', async () => {
    const user = await createUser(t.db, { email: 'changer@example.test' });
    const here = await freshClientFor(t, user);
    const elsewhere = await freshClientFor(t, user);
    const response = await here.post(`/api/users/${user.id}/password`, {
      _method: 'PATCH',
      old_password: TEST_PASSWORD,
      password: 'a brand new password',
      password_confirmation: 'a brand new password',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await here.get('/api/users/current')).statusCode).toBe(200);
    expect((await elsewhere.get('/api/users/current')).statusCode).toBe(401);
  });

  it('a deleted user’s sessions sign nobody in', async () => {
    const user = await createUser(t.db, {
      role: 2,
      email: 'deleted@example.test',
      landlordId: w.a.landlord.id,
    });
    const client = await freshClientFor(t, user);
    const admin = await clientFor(t, w.admin);
    expect((await admin.post(`/api/users/${user.id}`, { _method: 'DELETE' })).statusCode).toBe(200);
    expect((await client.get('/api/users/current')).statusCode).toBe(401);
  });
});
