/**
 * Hostile input against every endpoint (helpers/endpoints.ts), signed in as the super admin and as a
 * tenant with a valid anti-forgery token: random JSON values, wrong types, 100 KB strings, unicode (emoji,
 * RTL, NUL, lone surrogates), SQL and HTML injection strings, deep bracket names, `__proto__` keys, forged
 * `_method` values, files that are not what they claim, and payloads the body parsers must refuse.
 *
 * Always: never a 5xx; an error is JSON with a `message`; a success is what the endpoint answers. At the
 * end, the database still has its tables, landlord B's rows (never named by any request here) are exactly
 * as they were, and both users are still signed in.
 *
 * Runs are bounded (fast-check, RUNS per endpoint and actor) so the file stays well under a minute.
 */
import {
  CSRF_HEADER,
  ERROR_CODE,
  en,
  errorCodeOfStatus,
  format,
  MAX_CATEGORY_ATTRIBUTES,
  MAX_ID_LIST_LENGTH,
} from '@mend/shared';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketCategories, type UserRow } from '../src/db/schema';
import { createTestApp, type TestApp, type TestClient, toFormData } from './helpers/app';
import {
  apiRoutesOf,
  createEndpointWorld,
  ENDPOINTS,
  type Endpoint,
  type EndpointWorld,
  fillPath,
  label,
  type ParamKind,
  routesOf,
  sideFill,
  sideRows,
  tableNames,
} from './helpers/endpoints';
import { createCategory } from './helpers/factories';
import { clientFor, freshClientFor, insertTicket, pngImage } from './helpers/ticket-factories';

/** Random bodies per endpoint and actor (MEND_HOSTILE_RUNS=200 for a long hunt). */
const RUNS = Number(process.env.MEND_HOSTILE_RUNS ?? 5);

let t: TestApp;
let w: EndpointWorld;
/** The category the requests name: one that no record of landlord B uses. */
let targetCategory: { id: number };
let tablesBefore: string[];
let sideBBefore: Awaited<ReturnType<typeof sideRows>>;
const clients = {} as Record<Actor, TestClient>;
let png: Buffer;

type Actor = 'admin' | 'tenant';
const ACTORS: Actor[] = ['tenant', 'admin'];

beforeAll(async () => {
  t = await createTestApp({ env: { MAIL_RATE_LIMIT: '100000', LOGIN_RATE_LIMIT: '100000' } });
  w = await createEndpointWorld(t);
  clients.admin = await clientFor(t, w.admin);
  clients.tenant = await clientFor(t, w.a.tenant);
  targetCategory = await createCategory(t.db, 'Hostile target');
  // In use by a ticket of landlord A that no request names, as the shared category was: its deletion is refused,
  // so it stays to be named.
  const keeper = await insertTicket(t.db, { unit: w.a.unit, title: 'Keeps the target category in use' });
  await t.db.insert(ticketCategories).values({ ticketId: keeper.id, categoryId: targetCategory.id });
  tablesBefore = await tableNames(t.db);
  sideBBefore = await sideRows(t.db, w.b);
  png = await pngImage();
});
afterAll(() => t.close());

const userOf = (actor: Actor): UserRow => (actor === 'admin' ? w.admin : w.a.tenant);

/**
 * The records each actor's requests name: landlord A's, so that the requests get past the "may I see it"
 * checks to the body; `user` is the actor itself (profile tabs), and the admin's deletes of people go to
 * A's second tenant and second plumber (never to a signed-in actor). Landlord B is never named.
 */
function fillFor(actor: Actor) {
  const a = sideFill(w, w.a);
  return (kind: ParamKind): string | number => {
    // Categories are shared: a random body that happens to be a valid edit of one landlord B uses would reach
    // B's search texts (a title of "1" once did).
    if (kind === 'category') return targetCategory.id;
    if (kind === 'user') return userOf(actor).id;
    if (kind === 'tenant') return actor === 'admin' ? w.a.tenant2.id : w.a.tenant.id;
    if (kind === 'contractor') return w.a.plumber2.id;
    if (kind === 'uploadKey') return w.a.avatars.user;
    return a(kind);
  };
}

// ---------------------------------------------------------------------------------------------------------
// Hostile values

const SQL_STRINGS = [
  "' OR 1=1 --",
  "'; drop table users; --",
  '1; DELETE FROM tickets',
  '") OR ("1"="1',
  "1' UNION SELECT password_hash FROM users --",
  "%' AND 1=(SELECT COUNT(*) FROM sessions) --",
];
const HTML_STRINGS = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '<svg/onload=alert(1)>',
  '</textarea><script>alert(1)</script>',
];
const UNICODE_STRINGS = [
  '😀👍🏽🏳️‍🌈',
  '\u202Egnp.exe',
  'مرحبا بالعالم',
  'שלום עולם',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\uFEFF\u200B',
  'Ω≈ç√∫ ǅ ß ﬃ',
  '\r\n\r\n--boundary--',
];
const ODD_STRINGS = [
  '',
  ' ',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e3',
  '0x10',
  '1.5',
  '99999999999999999999',
  '-0',
  '2147483648',
  ' 7 ',
  '٣',
  'true',
  'null',
  'undefined',
  '[object Object]',
  '{"a":1}',
  '[1,2]',
  '__proto__',
  'constructor',
  '%00',
  '../../etc/passwd',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as plain text
  '${7*7}',
  '{{7*7}}',
];
const HUGE_STRINGS = ['x'.repeat(100_000), '😀'.repeat(25_000), "'".repeat(100_000), '<'.repeat(100_000)];

const hostileString = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(...SQL_STRINGS, ...HTML_STRINGS, ...UNICODE_STRINGS, ...ODD_STRINGS),
  },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.constantFrom(...HUGE_STRINGS) },
);

/**
 * Numbers that are never the id of a seeded record (small positive whole numbers are left out, so a
 * random batch or filter can never name one of landlord B's records by chance).
 */
const hostileNumber = fc.oneof(
  fc.integer({ min: -(2 ** 31), max: 0 }),
  fc.integer({ min: 10_000_000, max: Number.MAX_SAFE_INTEGER }),
  fc.double({ noInteger: true }),
  fc.constantFrom(Number.MAX_VALUE, -0, 2 ** 53 + 1),
);

const DEEP_NAME = `a${'[b]'.repeat(40)}`;
const hostileKey = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'constructor[prototype][polluted]',
    '__proto__[polluted]',
    'a[__proto__][polluted]',
    DEEP_NAME,
    'a[b][c][d][e][f][g][h][i][j][k][l][m][n][o][p][q][r][s][t][u][v][w][x][y][z]',
    '[]',
    '[',
    ']',
    'a[',
    'a]]',
    'a[][][]',
    'a[0][1][2]',
    'a[99999999]',
    'a[9999]',
    'a[-1]',
    'role',
    'is_super_admin',
    'landlord_id',
    'user_id',
    '_nonce',
  ),
  fc.string({ maxLength: 12 }),
);

const hostileScalar = fc.oneof(
  { weight: 5, arbitrary: hostileString },
  { weight: 2, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
);

const { value: hostileValue } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileScalar,
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(hostileKey, tie('value'), { maxKeys: 3 }),
  ),
}));

/** `_method` values that must never run anything but the POST they are (or the one method they name). */
const FORGED_METHODS: unknown[] = [
  'TRACE',
  'CONNECT',
  'PATCH\u0000',
  'DELETE\u0000',
  'patch',
  'PaTcH',
  ' PATCH',
  'PATCH ',
  'GET',
  'HEAD',
  'OPTIONS',
  'POST',
  'PUT',
  '',
  'x'.repeat(10_000),
  ['PATCH', 'DELETE'],
  { method: 'DELETE' },
];

/** Files: real image bytes, bytes that claim to be an image, an HTML page named .png, random bytes. */
const hostileFile = fc.oneof(
  fc.constant('png' as const),
  fc.constantFrom(
    { name: 'x.png', type: 'image/png', bytes: Buffer.from('<html><script>alert(1)</script></html>') },
    { name: '../../../etc/passwd', type: 'text/plain', bytes: Buffer.from('root:x:0:0') },
    { name: 'a.gif', type: 'image/gif', bytes: Buffer.from('GIF89a<script>alert(1)</script>') },
    { name: '\u0000.pdf', type: 'application/pdf', bytes: Buffer.from('%PDF-1.4 not really') },
  ),
  fc
    .uint8Array({ maxLength: 64 })
    .map((bytes) => ({ name: 'random.bin', type: 'application/octet-stream', bytes: Buffer.from(bytes) })),
);

interface HostileBody {
  fields: Record<string, unknown>;
  extra: Record<string, unknown>;
  forged: unknown;
  encoding: 'json' | 'multipart';
  transport: 'real' | 'override';
  file: null | { field: string; value: 'png' | { name: string; type: string; bytes: Buffer } };
}

function bodyArbitrary(endpoint: Endpoint): fc.Arbitrary<HostileBody> {
  const names = endpoint.fields?.length ? endpoint.fields : ['name'];
  return fc.record({
    fields: fc.dictionary(fc.constantFrom(...names), hostileValue, { maxKeys: names.length }),
    extra: fc.dictionary(hostileKey, hostileValue, { maxKeys: 3 }),
    forged: fc.option(fc.constantFrom(...FORGED_METHODS), { freq: 3 }),
    encoding: fc.constantFrom('json' as const, 'multipart' as const),
    transport: fc.constantFrom('real' as const, 'override' as const),
    file: fc.option(
      fc.record({
        field: fc.constantFrom('avatar', 'images[]', 'images', 'attachments[]', 'users', 'title'),
        value: hostileFile,
      }),
      { freq: 3 },
    ),
  });
}

// ---------------------------------------------------------------------------------------------------------
// Sending and checking

interface Raw {
  method: string;
  url: string;
  payload?: string | Buffer | FormData;
  contentType?: string;
}

async function sendRaw(client: TestClient, request: Raw): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { cookie: client.cookieHeader, [CSRF_HEADER]: client.csrfToken };
  if (request.contentType) headers['content-type'] = request.contentType;
  return t.app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers,
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  });
}

function toRequest(endpoint: Endpoint, url: string, body: HostileBody): Raw {
  const values: Record<string, unknown> = { ...body.extra, ...body.fields };
  let method: string = endpoint.method === 'GET' ? 'POST' : endpoint.method;
  if (body.forged !== null) {
    method = 'POST';
    values._method = body.forged;
  } else if (endpoint.method !== 'GET' && endpoint.method !== 'POST' && body.transport === 'override') {
    method = 'POST';
    values._method = endpoint.method;
  } else if (endpoint.method === 'GET') {
    values._method = 'GET';
  }
  if (body.encoding === 'json' && !body.file) {
    return { method, url, payload: JSON.stringify(values), contentType: 'application/json' };
  }
  const form = toFormData(values);
  if (body.file) {
    const { value } = body.file;
    const file =
      value === 'png'
        ? new File([new Uint8Array(png)], 'photo.png', { type: 'image/png' })
        : new File([new Uint8Array(value.bytes)], value.name, { type: value.type });
    form.append(body.file.field, file);
  }
  return { method, url, payload: form };
}

/** What the answer of a hostile request may be: anything but a 5xx, and the documented shapes. */
function expectSane(response: LightMyRequestResponse, endpoint: Endpoint | null, what: string): void {
  const context = `${what} → ${response.statusCode} ${response.body.slice(0, 300)}`;
  expect(response.statusCode, context).toBeLessThan(500);
  const type = String(response.headers['content-type'] ?? '');
  if (response.statusCode >= 400) {
    expect(type, context).toMatch(/^application\/json/);
    const body = response.json();
    expect(typeof body.message, context).toBe('string');
    expect(body.message.length, context).toBeGreaterThan(0);
    expect(body.message, context).not.toMatch(/\bat .+:\d+:\d+|node_modules|ZodError|drizzle|SELECT /i);
    // Programs read the code, never the message: every error carries one, the status's own unless more precise.
    expect(Object.values(ERROR_CODE), context).toContain(body.code);
    const precise: string[] = [
      ERROR_CODE.duplicateSubmission,
      ERROR_CODE.activationRequired,
      ERROR_CODE.editWindowClosed,
    ];
    if (!precise.includes(body.code)) expect(body.code, context).toBe(errorCodeOfStatus(response.statusCode));
    return;
  }
  if (response.statusCode >= 300) {
    expect(endpoint?.answers, context).toBe('redirect');
    expect(response.headers.location, context).toMatch(/^\//);
    return;
  }
  if (endpoint?.answers === 'file') return;
  if (endpoint?.answers === 'csv') {
    expect(type, context).toBe('text/csv; charset=utf-8');
    return;
  }
  if (endpoint?.answers === 'pdf') {
    expect(type, context).toBe('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString(), context).toBe('%PDF-');
    return;
  }
  expect(type, context).toMatch(/^application\/json/);
  expect(() => response.json(), context).not.toThrow();
}

/** Non-DELETE endpoints first, so the records they name still exist; then the deletes. */
const ORDERED = [
  ...ENDPOINTS.filter((endpoint) => endpoint.method !== 'DELETE'),
  ...ENDPOINTS.filter((endpoint) => endpoint.method === 'DELETE'),
];
const CASES = ORDERED.flatMap((endpoint) =>
  ACTORS.map((actor) => ({ endpoint, actor, name: label(endpoint) })),
);

/** The client a request goes out on: a throw-away signed-in one for sign-out (which ends its session). */
async function clientForRun(endpoint: Endpoint, actor: Actor): Promise<TestClient> {
  return endpoint.session === 'signsOut' ? freshClientFor(t, userOf(actor)) : clients[actor];
}

describe('the endpoint list', () => {
  it('names every API route the app registers, and no other', () => {
    expect(routesOf(ENDPOINTS)).toEqual(apiRoutesOf(t.app));
  });
});

describe('random and malformed bodies never answer a 5xx', () => {
  it.each(CASES)('$name as $actor', async ({ endpoint, actor }) => {
    const url = fillPath(endpoint, fillFor(actor));
    await fc.assert(
      fc.asyncProperty(bodyArbitrary(endpoint), async (body) => {
        const request = toRequest(endpoint, url, body);
        const response = await sendRaw(await clientForRun(endpoint, actor), request);
        expectSane(response, endpoint, `${request.method} ${url}`);
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
  });
});

describe('random JSON values as the whole body', () => {
  const writes = ORDERED.filter((endpoint) => endpoint.method !== 'GET');
  it.each(writes.map((endpoint) => ({ endpoint, name: label(endpoint) })))('$name', async ({ endpoint }) => {
    const url = fillPath(endpoint, fillFor('admin'));
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 3 }), async (value) => {
        const client = await clientForRun(endpoint, 'admin');
        const response = await sendRaw(client, {
          method: endpoint.method,
          url,
          payload: JSON.stringify(value) ?? 'null',
          contentType: 'application/json',
        });
        expectSane(response, endpoint, `${endpoint.method} ${url} ${JSON.stringify(value)?.slice(0, 100)}`);
      }),
      { numRuns: Math.ceil(RUNS / 2), endOnFailure: true },
    );
  });
});

// ---------------------------------------------------------------------------------------------------------
// Payloads the body parsers must refuse (or read safely), on every endpoint that takes a body.

const boundary = '----mendhostile';
const part = (name: string, value: string) =>
  `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const filePart = (name: string, filename: string, value: string) =>
  `--${boundary}\r\ncontent-disposition: form-data; name="${name}"; filename="${filename}"\r\ncontent-type: image/png\r\n\r\n${value}\r\n`;
const end = `--${boundary}--\r\n`;
const MULTIPART = `multipart/form-data; boundary=${boundary}`;

const RAW_PAYLOADS: Array<{ name: string; contentType: string; payload: () => string | Buffer }> = [
  { name: 'JSON array', contentType: 'application/json', payload: () => '[1,"a",{"b":null}]' },
  { name: 'JSON string', contentType: 'application/json', payload: () => '"<script>alert(1)</script>"' },
  { name: 'JSON number', contentType: 'application/json', payload: () => '1e308' },
  { name: 'JSON null', contentType: 'application/json', payload: () => 'null' },
  { name: 'JSON true', contentType: 'application/json', payload: () => 'true' },
  { name: 'truncated JSON', contentType: 'application/json', payload: () => '{"title":' },
  { name: 'not JSON', contentType: 'application/json', payload: () => "{title: 'x'}" },
  { name: 'empty JSON', contentType: 'application/json', payload: () => '' },
  { name: 'NUL as JSON', contentType: 'application/json', payload: () => '\u0000' },
  {
    name: 'deeply nested JSON arrays',
    contentType: 'application/json',
    payload: () => `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
  },
  {
    name: 'deeply nested JSON objects',
    contentType: 'application/json',
    payload: () => `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`,
  },
  {
    name: 'deeply nested arrays under a field',
    contentType: 'application/json',
    payload: () =>
      `{"title":${'['.repeat(100_000)}"x"${']'.repeat(100_000)},"users":${'['.repeat(50_000)}${']'.repeat(50_000)}}`,
  },
  {
    name: '__proto__ key',
    contentType: 'application/json',
    payload: () => '{"__proto__":{"role":0,"is_super_admin":true},"title":"x"}',
  },
  {
    name: 'constructor.prototype key',
    contentType: 'application/json',
    payload: () => '{"constructor":{"prototype":{"role":0}},"title":"x"}',
  },
  {
    name: 'JSON over the body limit',
    contentType: 'application/json',
    payload: () => `{"title":"${'x'.repeat(3 * 1024 * 1024)}"}`,
  },
  { name: 'text/plain', contentType: 'text/plain', payload: () => 'title=x' },
  { name: 'urlencoded', contentType: 'application/x-www-form-urlencoded', payload: () => 'a=1&b[c]=2' },
  {
    name: 'XML',
    contentType: 'application/xml',
    payload: () => '<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
  },
  { name: 'odd charset', contentType: 'application/json; charset=utf-16le', payload: () => '{"a":1}' },
  {
    name: 'multipart without a boundary',
    contentType: 'multipart/form-data',
    payload: () => part('a', '1') + end,
  },
  {
    name: 'multipart with another boundary',
    contentType: 'multipart/form-data; boundary=other',
    payload: () => part('a', '1') + end,
  },
  { name: 'truncated multipart', contentType: MULTIPART, payload: () => part('title', 'x').slice(0, 40) },
  { name: 'multipart without its closing line', contentType: MULTIPART, payload: () => part('title', 'x') },
  {
    name: 'multipart with a part without a name',
    contentType: MULTIPART,
    payload: () => `--${boundary}\r\ncontent-disposition: form-data\r\n\r\nx\r\n${end}`,
  },
  {
    name: 'multipart with deep bracket names',
    contentType: MULTIPART,
    payload: () =>
      part(`a${'[b]'.repeat(5000)}`, 'x') +
      part('title[a][b][c][d][e][f][g][h][i][j][k][l][m][n][o][p][q][r][s][t][u][v]', 'x') +
      part('users[][][][][]', '1') +
      part('__proto__[role]', '0') +
      part('constructor[prototype][role]', '0') +
      part('a[__proto__][role]', '0') +
      part('images[99999999]', 'x') +
      end,
  },
  {
    name: 'multipart with a lone surrogate and NUL in names and values',
    contentType: MULTIPART,
    payload: () => part('ti\u0000tle', 'a\u0000b') + part('description', '\ud800\udfff\ud800') + end,
  },
  {
    name: 'multipart with too many fields',
    contentType: MULTIPART,
    payload: () => Array.from({ length: 1200 }, (_, i) => part(`f${i}`, 'x')).join('') + end,
  },
  {
    name: 'multipart with too many files',
    contentType: MULTIPART,
    payload: () => Array.from({ length: 25 }, (_, i) => filePart('images[]', `${i}.png`, 'x')).join('') + end,
  },
  {
    name: 'multipart with a file over the parser limit',
    contentType: MULTIPART,
    payload: () => filePart('avatar', 'big.png', 'x'.repeat(9 * 1024 * 1024)) + end,
  },
  {
    name: 'multipart with a field over the parser limit',
    contentType: MULTIPART,
    payload: () => part('description', 'x'.repeat(1024 * 1024 + 10)) + end,
  },
];

/** Payloads of a megabyte or more, or thousands of parts: every one is sent, spread over the endpoints. */
const HEAVY = new Set([
  'deeply nested JSON arrays',
  'deeply nested JSON objects',
  'deeply nested arrays under a field',
  'JSON over the body limit',
  'multipart with too many fields',
  'multipart with too many files',
  'multipart with a file over the parser limit',
  'multipart with a field over the parser limit',
]);
const LIGHT_PAYLOADS = RAW_PAYLOADS.filter((raw) => !HEAVY.has(raw.name));
const HEAVY_PAYLOADS = RAW_PAYLOADS.filter((raw) => HEAVY.has(raw.name));
const built = new Map<string, string | Buffer>();
const payloadOf = (raw: (typeof RAW_PAYLOADS)[number]) => {
  if (!built.has(raw.name)) built.set(raw.name, raw.payload());
  return built.get(raw.name)!;
};

describe('payloads the body parsers refuse or read safely', () => {
  const writes = ORDERED.filter((endpoint) => endpoint.method !== 'GET');
  // Every light payload on every endpoint; two heavy ones per endpoint, in turn, so each heavy one is
  // sent to several endpoints of different modules.
  const cases = writes.map((endpoint, index) => ({
    endpoint,
    name: label(endpoint),
    payloads: [
      ...LIGHT_PAYLOADS,
      HEAVY_PAYLOADS[(2 * index) % HEAVY_PAYLOADS.length],
      HEAVY_PAYLOADS[(2 * index + 1) % HEAVY_PAYLOADS.length],
    ],
  }));

  it.each(cases)('$name', async ({ endpoint, payloads }) => {
    const url = fillPath(endpoint, fillFor('admin'));
    for (const raw of payloads) {
      // Sign-in and sign-out change the session they are sent on: a visitor's session of its own.
      const client = endpoint.session ? await t.client() : clients.admin;
      const response = await sendRaw(client, {
        method: endpoint.method,
        url,
        payload: payloadOf(raw),
        contentType: raw.contentType,
      });
      expectSane(response, endpoint, `${endpoint.method} ${url} with ${raw.name}`);
    }
  });

  it('every heavy payload was sent to at least three endpoints', () => {
    for (const raw of HEAVY_PAYLOADS) {
      expect(cases.filter((entry) => entry.payloads.includes(raw)).length, raw.name).toBeGreaterThanOrEqual(
        3,
      );
    }
  });
});

// ---------------------------------------------------------------------------------------------------------
// `_method`: only PATCH, PUT and DELETE (any case) override a POST; everything else stays a POST.

describe('forged _method values', () => {
  it('never run a method the URL does not have, and never one they do not name exactly', async () => {
    const admin = clients.admin;
    for (const [index, forged] of FORGED_METHODS.entries()) {
      const category = await createCategory(t.db, `Forged method ${index}`);
      const url = `/api/categories/${category.id}`;
      for (const encoding of ['json', 'multipart'] as const) {
        const response = await sendRaw(
          admin,
          toRequest({ method: 'POST', path: url, params: {}, auth: true }, url, {
            fields: {},
            extra: {},
            forged,
            encoding,
            transport: 'real',
            file: null,
          }),
        );
        expectSane(response, null, `_method=${JSON.stringify(forged)?.slice(0, 20)}`);
        const upper = typeof forged === 'string' ? forged.toUpperCase() : '';
        // A URL with PATCH and DELETE routes but no POST: anything but those two is a 405.
        if (upper === 'PATCH') expect(response.statusCode).toBe(422);
        else expect(response.statusCode, JSON.stringify(forged)).toBe(405);
      }
      const still = await admin.get(url);
      expect(still.statusCode, `category deleted by _method=${JSON.stringify(forged)}`).toBe(200);
    }
  });

  it('a real DELETE named in any case does run (the override is case-insensitive by design)', async () => {
    const category = await createCategory(t.db, 'Mixed case delete');
    const response = await clients.admin.post(`/api/categories/${category.id}`, { _method: 'DeLeTe' });
    expect(response.statusCode, response.body).toBe(200);
    expect((await clients.admin.get(`/api/categories/${category.id}`)).statusCode).toBe(404);
  });

  it('real TRACE, CONNECT and OPTIONS requests are refused without a 5xx', async () => {
    for (const method of ['TRACE', 'OPTIONS', 'PROPFIND'] as const) {
      const response = await t.app.inject({
        method: method as 'OPTIONS',
        url: `/api/units/${w.a.unit.id}`,
        headers: { cookie: clients.admin.cookieHeader, [CSRF_HEADER]: clients.admin.csrfToken },
      });
      expect(response.statusCode, `${method}: ${response.body}`).toBeLessThan(500);
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
    }
  });
});

// ---------------------------------------------------------------------------------------------------------
// Regressions: each of these answered a 500 before its fix.

describe('regressions', () => {
  const json = (client: TestClient, method: string, url: string, body: string) =>
    sendRaw(client, { method, url, payload: body, contentType: 'application/json' });

  it('a multipart content type without a boundary is a 400 (lib/form-body.ts)', async () => {
    const response = await sendRaw(clients.admin, {
      method: 'POST',
      url: '/api/categories',
      payload: part('title', 'x') + end,
      contentType: 'multipart/form-data',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'bad_request', message: en.errors.validation });
  });

  it('a body nested thousands deep is a 400, JSON or multipart (lib/form-body.ts, app.ts)', async () => {
    const deep = `{"title":${'['.repeat(20_000)}"x"${']'.repeat(20_000)},"description":"d"}`;
    for (const url of ['/api/categories', '/api/login', `/api/users/${w.admin.id}/info`]) {
      const response = await json(clients.admin, url.endsWith('info') ? 'PATCH' : 'POST', url, deep);
      expect(response.statusCode, url).toBe(400);
    }
    // Everyday forms nest three levels: still fine.
    const nested = await clients.admin.send(
      'POST',
      '/api/categories',
      { title: 'Nested', description: 'ok', attributes: [{ label: 'Colour', value: 'Blue' }] },
      { json: true },
    );
    expect(nested.statusCode, nested.body).toBe(201);
  });

  it('over-long lists are refused by the shared caps with a 422 field error, not a 500', async () => {
    const ids = Array.from({ length: 70_000 }, (_, i) => i + 1).join(',');
    const landlord = await clients.admin.post('/api/landlords', {
      name: 'Many',
      description: 'users',
      users: ids,
    });
    expect(landlord.statusCode).toBe(422);
    expect(landlord.json().errors.users).toEqual([
      format(en.validation.tooManyItems, { max: MAX_ID_LIST_LENGTH }),
    ]);
    const attributes = Array.from({ length: MAX_CATEGORY_ATTRIBUTES + 1 }, (_, i) => ({
      label: `L${i}`,
      value: 'v',
    }));
    const category = await json(
      clients.admin,
      'POST',
      '/api/categories',
      JSON.stringify({ title: 'Many', description: 'attributes', attributes }),
    );
    expect(category.statusCode).toBe(422);
    expect(category.json().errors.attributes).toEqual([
      format(en.validation.tooManyAttributes, { max: MAX_CATEGORY_ATTRIBUTES }),
    ]);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Afterwards: nothing dropped, landlord B untouched, nobody signed out.

describe('a valid edit of the category the requests name', () => {
  it('is accepted, and reaches no record of landlord B', async () => {
    const url = fillPath(
      ENDPOINTS.find((endpoint) => endpoint.method === 'PATCH' && endpoint.path === '/api/categories/:id')!,
      fillFor('admin'),
    );
    const response = await clients.admin.send('PATCH', url, {
      title: '1',
      description: 'Renamed by the suite',
    });
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('after all of the above', () => {
  it('the database has every table, and landlord B’s rows are exactly as they were', async () => {
    expect(await tableNames(t.db)).toEqual(tablesBefore);
    expect(await sideRows(t.db, w.b)).toEqual(sideBBefore);
  });

  it('the hostile requests did not sign anybody out or pollute object prototypes', async () => {
    for (const actor of ACTORS) {
      const response = await clients[actor].get('/api/users/current');
      expect(response.statusCode, actor).toBe(200);
      expect(response.json().user.id).toBe(userOf(actor).id);
    }
    const probe: Record<string, unknown> = {};
    expect(probe.polluted).toBeUndefined();
    expect(probe.role).toBeUndefined();
    expect(({} as Record<string, unknown>).is_super_admin).toBeUndefined();
  });

  it('the tenant is still a tenant of its landlord (none of its hostile forms changed that)', async () => {
    const current = (await clients.tenant.get('/api/users/current')).json();
    expect(current.role).toBe(2);
    expect(current.landlord.id).toBe(w.a.landlord.id);
  });
});
