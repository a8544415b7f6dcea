/**
 * Personal API tokens (issue 27, ADR 0038): made, listed and revoked by their owner from a browser session; the secret
 * shown once and stored hashed; `Authorization: Bearer` acting as that user within its scope, on every kind of route
 * (the ones that read their session in their own statement too), with no anti-forgery token; and everything that must
 * not work: a token unknown, revoked, expired or of the wrong kind, a token managing tokens, someone else's tokens,
 * too many, a bad form.
 */
import { createHash } from 'node:crypto';
import { API_TOKEN_PREFIX, API_TOKENS_MAX, type ApiToken, en, format, SESSION_COOKIE } from '@mend/shared';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, tickets } from '../src/db/schema';
import { issueOneTimeToken, RESET_TOKEN_TTL_MS } from '../src/lib/tokens';
import { createTestApp, type TestApp, type TestClient } from './helpers/app';
import { TEST_PASSWORD } from './helpers/factories';
import { clientFor, createWorld, freshClientFor, insertTicket, type World } from './helpers/ticket-factories';

let t: TestApp;
let w: World;
let manager: TestClient;
let northTicket: number;
let southTicket: number;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
  manager = await clientFor(t, w.north.manager);
  northTicket = (await insertTicket(t.db, { unit: w.north.unit, tenant: w.north.tenant, title: 'North tap' }))
    .id;
  southTicket = (await insertTicket(t.db, { unit: w.south.unit, tenant: w.south.tenant, title: 'South tap' }))
    .id;
});
afterAll(() => t.close());

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

async function createToken(
  client: TestClient,
  userId: number,
  body: Record<string, unknown> = { name: 'Accounting sync', lifetime: '90' },
): Promise<{ token: string; data: ApiToken }> {
  const response = await client.post(`/api/users/${userId}/api-tokens`, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** A request made with a token only: no cookie, no anti-forgery token. */
function withToken(
  token: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  body?: object,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });
}

const tokensOf = async (client: TestClient, userId: number): Promise<ApiToken[]> =>
  (await client.get(`/api/users/${userId}/api-tokens`)).json().data;

describe('making a token', () => {
  it('answers the secret once, keeps only its hash, and lists it by name without it', async () => {
    const created = await createToken(manager, w.north.manager.id);
    expect(created.token.startsWith(API_TOKEN_PREFIX)).toBe(true);
    expect(created.token.length).toBeGreaterThan(API_TOKEN_PREFIX.length + 40);
    expect(created.data).toMatchObject({ name: 'Accounting sync', expired: false, last_used_at: null });
    const days =
      (Date.parse(created.data.expires_at ?? '') - Date.parse(created.data.created_at)) / 86_400_000;
    expect(days).toBe(90);

    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sha256(created.token)));
    expect(row).toMatchObject({ userId: w.north.manager.id, kind: 'api', name: 'Accounting sync' });
    const listed = await tokensOf(manager, w.north.manager.id);
    expect(listed.map((token) => token.id)).toContain(created.data.id);
    expect(JSON.stringify(listed)).not.toContain(created.token);
    expect(JSON.stringify(listed)).not.toContain(sha256(created.token));
  });

  it('lasts until it is revoked when it has no expiry', async () => {
    const { data } = await createToken(manager, w.north.manager.id, { name: 'Forever', lifetime: 'never' });
    expect(data.expires_at).toBeNull();
    expect(data.expired).toBe(false);
  });

  it('refuses a bad form with the field errors and makes nothing', async () => {
    const before = (await tokensOf(manager, w.north.manager.id)).length;
    const response = await manager.post(`/api/users/${w.north.manager.id}/api-tokens`, {
      name: 'x'.repeat(101),
      lifetime: 'forever',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      name: [format(en.validation.apiTokenName, { max: 100 })],
      lifetime: [en.validation.apiTokenLifetime],
    });
    const blank = await manager.post(`/api/users/${w.north.manager.id}/api-tokens`, {
      name: '  ',
      lifetime: '30',
    });
    expect(blank.json().errors).toHaveProperty('name');
    expect(await tokensOf(manager, w.north.manager.id)).toHaveLength(before);
  });

  it(`holds at most ${API_TOKENS_MAX} per account`, async () => {
    const holder = await clientFor(t, w.north.tenant2);
    for (let i = 0; i < API_TOKENS_MAX; i++)
      await createToken(holder, w.north.tenant2.id, { name: `T${i}`, lifetime: '30' });
    const over = await holder.post(`/api/users/${w.north.tenant2.id}/api-tokens`, {
      name: 'One more',
      lifetime: '30',
    });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.name).toEqual([format(en.accounts.apiTokensLimit, { max: API_TOKENS_MAX })]);
    expect(await tokensOf(holder, w.north.tenant2.id)).toHaveLength(API_TOKENS_MAX);
  });

  it("refuses someone else's tokens, the super admin's view included", async () => {
    const tenant = await clientFor(t, w.north.tenant);
    const admin = await clientFor(t, w.admin);
    const { data } = await createToken(tenant, w.north.tenant.id);
    for (const client of [manager, admin]) {
      expect((await client.get(`/api/users/${w.north.tenant.id}/api-tokens`)).statusCode).toBe(403);
      expect(
        (
          await client.post(`/api/users/${w.north.tenant.id}/api-tokens`, {
            name: 'Mine now',
            lifetime: '30',
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (await client.send('DELETE', `/api/users/${w.north.tenant.id}/api-tokens/${data.id}`)).statusCode,
      ).toBe(403);
      // Nor through its own path: the id names a token of the owner only.
      expect(
        (
          await client.send(
            'DELETE',
            `/api/users/${client === admin ? w.admin.id : w.north.manager.id}/api-tokens/${data.id}`,
          )
        ).statusCode,
      ).toBe(404);
    }
    expect((await tokensOf(tenant, w.north.tenant.id)).map((token) => token.id)).toContain(data.id);
  });
});

describe('the authorization matrix', () => {
  it('lets every role list, make and revoke its own tokens and nobody else’s, in or out of its landlord', async () => {
    const people = [
      w.admin,
      w.north.manager,
      w.north.tenant,
      w.north.plumber,
      w.south.manager,
      w.south.tenant,
    ];
    const tokenOf = new Map<number, string>();
    for (const person of people) {
      const client = await freshClientFor(t, person);
      tokenOf.set(
        person.id,
        (await createToken(client, person.id, { name: 'Matrix', lifetime: '30' })).data.id,
      );
    }
    for (const actor of people) {
      const client = await freshClientFor(t, actor);
      for (const subject of people) {
        const own = actor.id === subject.id;
        const base = `/api/users/${subject.id}/api-tokens`;
        const context = `user ${actor.id} (role ${actor.role}) on user ${subject.id}`;
        expect((await client.get(base)).statusCode, context).toBe(own ? 200 : 403);
        expect((await client.post(base, { name: 'Matrix 2', lifetime: '30' })).statusCode, context).toBe(
          own ? 201 : 403,
        );
        if (!own)
          expect(
            (await client.send('DELETE', `${base}/${tokenOf.get(subject.id)}`)).statusCode,
            context,
          ).toBe(403);
      }
      const revoked = await client.send(
        'DELETE',
        `/api/users/${actor.id}/api-tokens/${tokenOf.get(actor.id)}`,
      );
      expect(revoked.statusCode).toBe(200);
    }
  });
});

describe('calling the API with a token', () => {
  it('acts as its owner on every kind of route, without an anti-forgery token, and notes its first use', async () => {
    const { token, data } = await createToken(manager, w.north.manager.id);
    const current = await withToken(token, 'GET', '/api/users/current');
    expect(current.statusCode, current.body).toBe(200);
    expect(current.json().user.id).toBe(w.north.manager.id);
    // A route that reads its session in its own statement (the ticket detail), and one from the hook (a list).
    expect((await withToken(token, 'GET', `/api/tickets/${northTicket}`)).statusCode).toBe(200);
    const list = await withToken(token, 'GET', '/api/tickets?per_page=100');
    expect(list.json().data.map((row: { id: number }) => row.id)).toContain(northTicket);
    // A change, in JSON, with no anti-forgery token.
    const changed = await withToken(token, 'PATCH', `/api/tickets/${northTicket}`, { status: 2 });
    expect(changed.statusCode, changed.body).toBe(200);
    const [row] = await t.db
      .select({ status: tickets.status })
      .from(tickets)
      .where(eq(tickets.id, northTicket));
    expect(row.status).toBe(2);
    expect(changed.headers['set-cookie']).toBeUndefined();

    const used = (await tokensOf(manager, w.north.manager.id)).find((token) => token.id === data.id);
    expect(used?.last_used_at).not.toBeNull();
  });

  it("stays within its owner's scope", async () => {
    const { token } = await createToken(manager, w.north.manager.id);
    expect((await withToken(token, 'GET', `/api/tickets/${southTicket}`)).statusCode).toBe(404);
    const list = await withToken(token, 'GET', '/api/tickets?per_page=100');
    expect(list.json().data.map((row: { id: number }) => row.id)).not.toContain(southTicket);
    expect((await withToken(token, 'PATCH', `/api/tickets/${southTicket}`, { status: 4 })).statusCode).toBe(
      404,
    );
    expect((await withToken(token, 'GET', '/api/outbox')).statusCode).toBe(403);
  });

  it('cannot list, make or revoke tokens', async () => {
    const { token, data } = await createToken(manager, w.north.manager.id);
    const base = `/api/users/${w.north.manager.id}/api-tokens`;
    for (const response of [
      await withToken(token, 'GET', base),
      await withToken(token, 'POST', base, { name: 'Minted', lifetime: 'never' }),
      await withToken(token, 'DELETE', `${base}/${data.id}`),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(en.accounts.apiTokensBrowserOnly);
    }
    expect((await withToken(token, 'GET', '/api/users/current')).statusCode).toBe(200);
  });

  it('is refused 401 when unknown, malformed, revoked or expired, reads and changes alike, never falling back to the cookie', async () => {
    const { token, data } = await createToken(manager, w.north.manager.id, { name: 'Short', lifetime: '30' });
    const refused = async (authorization: string) => {
      const headers = { authorization, cookie: manager.cookieHeader };
      const read = await t.app.inject({ method: 'GET', url: '/api/users/current', headers });
      const detail = await t.app.inject({ method: 'GET', url: `/api/tickets/${northTicket}`, headers });
      const change = await t.app.inject({
        method: 'PATCH',
        url: `/api/tickets/${northTicket}`,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: JSON.stringify({ status: 1 }),
      });
      return [read.statusCode, detail.statusCode, change.statusCode];
    };
    expect(await refused(`Bearer ${API_TOKEN_PREFIX}unknown`)).toEqual([401, 401, 401]);
    expect(await refused('Bearer')).toEqual([401, 401, 401]);
    expect(await refused(`Basic ${Buffer.from('a:b').toString('base64')}`)).toEqual([401, 401, 401]);
    expect(await refused(`Bearer ${'x'.repeat(5000)}`)).toEqual([401, 401, 401]);

    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, sha256(token)));
    expect(await refused(`Bearer ${token}`)).toEqual([401, 401, 401]);
    expect((await tokensOf(manager, w.north.manager.id)).find((row) => row.id === data.id)?.expired).toBe(
      true,
    );

    const live = await createToken(manager, w.north.manager.id);
    const revoked = await manager.send(
      'DELETE',
      `/api/users/${w.north.manager.id}/api-tokens/${live.data.id}`,
    );
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().message).toBe(format(en.accounts.apiTokenRevoked, { name: 'Accounting sync' }));
    expect(await refused(`Bearer ${live.token}`)).toEqual([401, 401, 401]);
    expect(
      (await manager.send('DELETE', `/api/users/${w.north.manager.id}/api-tokens/${live.data.id}`))
        .statusCode,
    ).toBe(404);
    expect(
      (await manager.send('DELETE', `/api/users/${w.north.manager.id}/api-tokens/not-an-id`)).statusCode,
    ).toBe(404);
  });

  it("is never a cookie, and a browser's session is never a token", async () => {
    const { token } = await createToken(manager, w.north.manager.id);
    const asCookie = await t.app.inject({
      method: 'GET',
      url: '/api/users/current',
      headers: { cookie: `${SESSION_COOKIE}=${token}` },
    });
    expect(asCookie.statusCode).toBe(401);
    const browser = await freshClientFor(t, w.north.manager);
    const cookieToken = new RegExp(`${SESSION_COOKIE}=([^;]+)`).exec(browser.cookieHeader)?.[1] ?? '';
    expect((await withToken(cookieToken, 'GET', '/api/users/current')).statusCode).toBe(401);
  });

  it('survives its owner signing out and changing the password; a password reset by email ends it', async () => {
    const { token } = await createToken(manager, w.north.manager.id);
    expect((await withToken(token, 'POST', '/api/logout', {})).statusCode).toBe(200);
    expect((await withToken(token, 'GET', '/api/users/current')).statusCode).toBe(200);

    const browser = await freshClientFor(t, w.north.manager);
    const changed = await browser.send('PATCH', `/api/users/${w.north.manager.id}/password`, {
      old_password: TEST_PASSWORD,
      password: 'a new password 1',
      password_confirmation: 'a new password 1',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await withToken(token, 'GET', '/api/users/current')).statusCode).toBe(200);
    // The other browser's session ended, as before.
    expect((await manager.get('/api/users/current')).statusCode).toBe(401);
    const apiRows = await t.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, w.north.manager.id), eq(sessions.kind, 'api')));
    expect(apiRows.length).toBeGreaterThan(0);

    // A reset by the emailed link (the password may have been someone else's) ends every session, tokens too.
    const resetToken = await issueOneTimeToken(t.db, {
      userId: w.north.manager.id,
      purpose: 'reset',
      email: w.north.manager.email,
      ttlMs: RESET_TOKEN_TTL_MS,
    });
    const reset = await (await t.client()).post('/api/password/reset', {
      token: resetToken,
      email: w.north.manager.email,
      password: 'another new password',
      password_confirmation: 'another new password',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await withToken(token, 'GET', '/api/users/current')).statusCode).toBe(401);
  });
});

describe('the API reference', () => {
  it('describes the bearer scheme with an example, on every signed-in call', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(document.components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.info.description).toContain('curl -H "Authorization: Bearer $MEND_TOKEN"');
    expect(document.paths['/api/users/current'].get.security).toEqual([{ session: [] }, { apiToken: [] }]);
    expect(document.paths['/api/users/{id}/api-tokens'].post).toBeDefined();
  });
});
