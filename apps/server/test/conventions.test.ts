/** The wire conventions every route shares: CSRF, `_method`, `_nonce`, bodies and error shapes. */
import { en } from '@mend/shared';
import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { landlords } from '../src/db/schema';
import { defineRoutes, route } from '../src/lib/routes';
import { createTestApp, type TestApp } from './helpers/app';
import { createUser, TEST_PASSWORD } from './helpers/factories';

let t: TestApp;
const counters = { created: 0, patched: 0, deleted: 0 };
const items = new Map<number, string>([[1, 'first']]);

/** Test routes answer anything: their contracts are not what these tests are about. */
const answers = { 200: z.unknown() };

function testRoutes(app: FastifyInstance) {
  return app.register(
    async (api) => {
      defineRoutes(api, 'Test', [
        route({
          method: 'POST',
          url: '/items',
          summary: 'Test',
          answers,
          auth: false,
          handler: async (request) => {
            const body = z.object({ name: z.string().min(1, 'Name please') }).parse(request.body);
            counters.created++;
            const id = items.size + 1;
            items.set(id, body.name);
            return { id, name: body.name, created: counters.created };
          },
        }),
        route({
          method: 'PATCH',
          url: '/items/:id',
          summary: 'Test',
          answers,
          auth: false,
          handler: async (request) => {
            counters.patched++;
            const id = Number((request.params as { id: string }).id);
            items.set(id, String((request.body as { name?: unknown }).name));
            return { id, name: items.get(id), patched: counters.patched };
          },
        }),
        route({
          method: 'DELETE',
          url: '/items/:id',
          summary: 'Test',
          answers,
          auth: false,
          handler: async () => {
            counters.deleted++;
            return { deleted: counters.deleted };
          },
        }),
        route({
          method: 'POST',
          url: '/echo',
          summary: 'Test',
          answers,
          auth: false,
          handler: async (request) => ({
            body: request.body,
            files: request.uploads.map((f) => ({
              field: f.field,
              filename: f.filename,
              size: f.data.length,
            })),
          }),
        }),
        route({
          method: 'POST',
          url: '/private',
          summary: 'Test',
          answers,
          handler: async () => ({ ok: true }),
        }),
        route({
          method: 'POST',
          url: '/store',
          summary: 'Test',
          answers,
          auth: false,
          handler: async (request) => {
            const name = String((request.body as { name?: unknown }).name);
            const [row] = await app.db.insert(landlords).values({ name }).returning();
            return { id: row.id };
          },
        }),
        route({
          method: 'POST',
          url: '/boom',
          summary: 'Test',
          answers,
          auth: false,
          handler: async () => {
            throw new Error('secret internal detail');
          },
        }),
      ]);
    },
    { prefix: '/api/test' },
  );
}

beforeAll(async () => {
  t = await createTestApp({
    extend: async (app) => {
      await testRoutes(app);
    },
  });
  await createUser(t.db, { role: 0, email: 'admin@example.test' });
});
afterAll(() => t.close());

describe('anti-forgery token', () => {
  it('answers 419 mentioning CSRF when the header is missing', async () => {
    const client = await t.client();
    const response = await client.post('/api/test/items', { name: 'x' }, { csrf: null });
    expect(response.statusCode).toBe(419);
    expect(response.json().message).toMatch(/CSRF/);
  });

  it('answers 419 for a wrong token and for a request with no session at all', async () => {
    const client = await t.client();
    expect((await client.post('/api/test/items', { name: 'x' }, { csrf: 'forged' })).statusCode).toBe(419);
    const bare = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'a', password: 'b' },
    });
    expect(bare.statusCode).toBe(419);
  });

  it('works again after GET /refresh-csrf', async () => {
    const client = await t.client();
    client.csrfToken = 'stale';
    expect((await client.post('/api/test/items', { name: 'x' })).statusCode).toBe(419);
    await client.refreshCsrf();
    expect((await client.post('/api/test/items', { name: 'x' })).statusCode).toBe(200);
  });

  it("does not accept one visitor's token with another visitor's session", async () => {
    const alice = await t.client();
    const mallory = await t.client();
    const response = await mallory.post('/api/test/items', { name: 'x' }, { csrf: alice.csrfToken });
    expect(response.statusCode).toBe(419);
  });

  it('keeps the token across sign-in, so the page that signed in can go on', async () => {
    const client = await t.client();
    await client.login('admin@example.test', TEST_PASSWORD);
    expect((await client.post('/api/test/private')).statusCode).toBe(200);
  });
});

describe('_method override', () => {
  it('runs the PATCH route for a POST with _method=PATCH (any case), and real PATCH too', async () => {
    const client = await t.client();
    const overridden = await client.post('/api/test/items/1', { _method: 'patch', name: 'renamed' });
    expect(overridden.statusCode).toBe(200);
    expect(overridden.json()).toMatchObject({ id: 1, name: 'renamed' });
    const real = await client.send('PATCH', '/api/test/items/1', { name: 'again' });
    expect(real.json()).toMatchObject({ id: 1, name: 'again' });
  });

  it('runs DELETE for _method=DELETE and refuses a method the URL does not have', async () => {
    const client = await t.client();
    const before = counters.deleted;
    expect((await client.post('/api/test/items/1', { _method: 'DELETE' })).statusCode).toBe(200);
    expect(counters.deleted).toBe(before + 1);
    expect((await client.post('/api/test/items/1', { _method: 'PUT' })).statusCode).toBe(405);
    expect((await client.post('/api/test/items/1', {})).statusCode).toBe(405);
  });

  it('answers record paths with a trailing slash (`/api/units/5/`) like the same path without', async () => {
    const client = await t.client();
    const response = await client.post('/api/test/items/1/', { _method: 'PATCH', name: 'slash' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: 1, name: 'slash' });
  });

  it('still requires sign-in behind an override', async () => {
    const client = await t.client();
    expect((await client.post('/api/test/private', {})).statusCode).toBe(401);
  });
});

describe('_nonce idempotency', () => {
  it('answers a repeated nonce with the first answer and does not act twice', async () => {
    const client = await t.client();
    const before = counters.created;
    const first = await client.post('/api/test/items', { name: 'once', _nonce: 'AbCdE12345' });
    const again = await client.post('/api/test/items', { name: 'once', _nonce: 'AbCdE12345' });
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replay']).toBe('true');
    expect(counters.created).toBe(before + 1);
    await client.post('/api/test/items', { name: 'twice', _nonce: 'ZzZzZ12345' });
    expect(counters.created).toBe(before + 2);
  });

  it('acts once when the same nonce arrives twice at the same time', async () => {
    const client = await t.client();
    const before = counters.created;
    const [a, b] = await Promise.all([
      client.post('/api/test/items', { name: 'race', _nonce: 'RaCe000001' }),
      client.post('/api/test/items', { name: 'race', _nonce: 'RaCe000001' }),
    ]);
    expect(a.json()).toEqual(b.json());
    expect(counters.created).toBe(before + 1);
  });

  it('scopes nonces to the visitor: another visitor with the same nonce acts', async () => {
    const one = await t.client();
    const two = await t.client();
    const before = counters.created;
    await one.post('/api/test/items', { name: 'a', _nonce: 'SaMe000001' });
    await two.post('/api/test/items', { name: 'b', _nonce: 'SaMe000001' });
    expect(counters.created).toBe(before + 2);
  });

  it('scopes nonces to the endpoint: the same nonce sent elsewhere acts there, not replays', async () => {
    const client = await t.client();
    const created = await client.post('/api/test/items', { name: 'here', _nonce: 'EnDp000001' });
    const patched = await client.send('PATCH', `/api/test/items/${created.json().id}`, {
      name: 'there',
      _nonce: 'EnDp000001',
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.headers['idempotent-replay']).toBeUndefined();
    expect(patched.json()).toMatchObject({ name: 'there' });
  });

  it('ignores a nonce with control characters instead of failing the request', async () => {
    const client = await t.client();
    const before = counters.created;
    const response = await client.post('/api/test/items', { name: 'nul', _nonce: 'AbC\u0000de123' });
    expect(response.statusCode).toBe(200);
    expect(counters.created).toBe(before + 1);
  });

  it('takes over a claim left pending past its age on the database clock (its request died)', async () => {
    const client = await t.client();
    const { idempotencyKeys, sessions } = await import('../src/db/schema');
    const [session] = await t.db.select({ id: sessions.id }).from(sessions).orderBy(desc(sessions.createdAt));
    const claim = {
      scope: `session:${session.id} POST /api/test/items`,
      nonce: 'DeAd000001',
      method: 'POST',
      path: '/api/test/items',
      statusCode: 0,
    };
    // Written as a process that died mid-request leaves it, three minutes ago by the database's own clock.
    await t.db.insert(idempotencyKeys).values({ ...claim, createdAt: sql`now() - interval '3 minutes'` });
    const before = counters.created;
    const response = await client.post('/api/test/items', { name: 'again', _nonce: claim.nonce });
    expect(response.statusCode).toBe(200);
    expect(response.headers['idempotent-replay']).toBeUndefined();
    expect(counters.created).toBe(before + 1);
    // The stale claim itself was taken over (not a second row beside it) and now holds the answer.
    const rows = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.nonce, claim.nonce));
    expect(rows.map((row) => [row.scope, row.statusCode])).toEqual([[claim.scope, 200]]);
  });

  it('releases the nonce of a rejected form so the fixed form can be sent', async () => {
    const client = await t.client();
    const rejected = await client.post('/api/test/items', { name: '', _nonce: 'FiXm000001' });
    expect(rejected.statusCode).toBe(422);
    const fixed = await client.post('/api/test/items', { name: 'fixed', _nonce: 'FiXm000001' });
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json().name).toBe('fixed');
  });
});

describe('bodies', () => {
  it('reads multipart name[] arrays, name[key] objects, nested indexes and files', async () => {
    const client = await t.client();
    const form = new FormData();
    form.append('title', 'Leak');
    form.append('tickets[]', '4');
    form.append('tickets[]', '5');
    form.append('contact_details[first_name]', 'Ann');
    form.append('notification_options[mail][tickets]', '1');
    form.append('availability[0][start]', '100');
    form.append('availability[0][end]', '200');
    form.append('__proto__[polluted]', 'yes');
    form.append('images[]', new File([new Uint8Array([1, 2, 3])], 'a.png', { type: 'image/png' }));
    const response = await client.post('/api/test/echo', form);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      body: {
        title: 'Leak',
        tickets: ['4', '5'],
        contact_details: { first_name: 'Ann' },
        notification_options: { mail: { tickets: '1' } },
        availability: [{ start: '100', end: '200' }],
      },
      files: [{ field: 'images[]', filename: 'a.png', size: 3 }],
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('reads JSON bodies too', async () => {
    const client = await t.client();
    const response = await client.post('/api/test/echo', { a: [1, 2] }, { json: true });
    expect(response.json().body).toEqual({ a: [1, 2] });
  });

  it('answers a malformed JSON body with a 400, not a 500', async () => {
    const client = await t.client();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: {
        cookie: client.cookieHeader,
        'x-csrf-token': client.csrfToken,
        'content-type': 'application/json',
      },
      payload: '{"broken": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('message');
  });

  it('answers a body it does not read (plain text, XML, urlencoded) with 415 and the reason', async () => {
    const client = await t.client();
    for (const [contentType, payload] of [
      ['text/plain', 'name=x'],
      ['text/plain; charset=utf-8', ''],
      ['application/xml', '<name>x</name>'],
      ['application/x-www-form-urlencoded', 'name=x'],
    ]) {
      for (const url of ['/api/test/echo', '/api/login']) {
        const response = await t.app.inject({
          method: 'POST',
          url,
          headers: {
            cookie: client.cookieHeader,
            'x-csrf-token': client.csrfToken,
            'content-type': contentType,
          },
          payload,
        });
        expect(response.statusCode, `${contentType} to ${url}`).toBe(415);
        expect(response.json()).toEqual({
          code: 'unsupported_media_type',
          message: en.errors.unsupportedMediaType,
        });
      }
    }
  });
});

describe('error shapes', () => {
  it('turns a zod failure into 422 { message, errors }', async () => {
    const client = await t.client();
    const response = await client.post('/api/test/items', { name: '' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 'validation_failed',
      message: en.errors.validation,
      errors: { name: ['Name please'] },
    });
  });

  it('answers an unexpected failure with a generic 500 that leaks nothing', async () => {
    const client = await t.client();
    const response = await client.post('/api/test/boom', {});
    expect(response.statusCode).toBe(500);
    expect(response.json().message).toBe(en.errors.server);
    expect(response.body).not.toContain('secret internal detail');
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'not_found', message: en.errors.notFound });
  });

  it('answers /healthz', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });
});

describe('text PostgreSQL cannot store', () => {
  it('answers a NUL character in a list search as an ordinary search', async () => {
    const { parseListQuery } = await import('../src/lib/list-query');
    expect(parseListQuery({ search: 'ab\u0000c' }).search).toBe('abc');
  });

  it('answers a NUL character the database refuses with a 400, not a 500', async () => {
    const client = await t.client();
    const response = await client.post('/api/test/store', { name: 'bad\u0000name' }, { json: true });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'bad_request', message: en.errors.validation });
  });
});

describe('remembered answers expire', () => {
  it('forgets answers older than a day, so a stored response does not live forever', async () => {
    const { pruneIdempotencyKeys, IDEMPOTENCY_TTL_MS } = await import('../src/lib/idempotency');
    const { idempotencyKeys } = await import('../src/db/schema');
    const client = await t.client();
    const before = counters.created;
    await client.post('/api/test/items', { name: 'old', _nonce: 'OlDn000001' });
    await pruneIdempotencyKeys(t.db, Date.now() + IDEMPOTENCY_TTL_MS + 60_000);
    const remaining = await t.db.select().from(idempotencyKeys);
    expect(remaining.filter((row) => row.nonce === 'OlDn000001')).toEqual([]);
    // The nonce is free again: the same submission acts once more.
    await client.post('/api/test/items', { name: 'old', _nonce: 'OlDn000001' });
    expect(counters.created).toBe(before + 2);
  });
});
