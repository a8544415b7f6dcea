/**
 * Hostile query strings and path parameters against every endpoint (helpers/endpoints.ts), as the super
 * admin and as a tenant: list queries with negative pages, huge page sizes, injected sort keys, sideways
 * orders, 10 KB searches, repeated and bracketed keys; ids that are not ids (negative, fractions, huge,
 * SQL, unicode, percent-encoding tricks). Never a 5xx; lists keep their shape and their page bounds; a
 * path parameter that names nothing is a 4xx with a message; nothing is dropped.
 */
import { CSRF_HEADER, MAX_PAGE_SIZE } from '@mend/shared';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../src/db/schema';
import { createTestApp, type TestApp, type TestClient } from './helpers/app';
import {
  createEndpointWorld,
  ENDPOINTS,
  type Endpoint,
  type EndpointWorld,
  FILE_ENDPOINT,
  label,
  sideFill,
  sideRows,
  tableNames,
} from './helpers/endpoints';
import { clientFor } from './helpers/ticket-factories';

const RUNS = Number(process.env.MEND_HOSTILE_RUNS ?? 6);

type Actor = 'admin' | 'tenant';
const ACTORS: Actor[] = ['admin', 'tenant'];

let t: TestApp;
let w: EndpointWorld;
let tablesBefore: string[];
let sideBBefore: Awaited<ReturnType<typeof sideRows>>;
const clients = {} as Record<Actor, TestClient>;

beforeAll(async () => {
  t = await createTestApp({ env: { MAIL_RATE_LIMIT: '100000', LOGIN_RATE_LIMIT: '100000' } });
  w = await createEndpointWorld(t);
  clients.admin = await clientFor(t, w.admin);
  clients.tenant = await clientFor(t, w.a.tenant);
  tablesBefore = await tableNames(t.db);
  sideBBefore = await sideRows(t.db, w.b);
});
afterAll(() => t.close());

const userOf = (actor: Actor): UserRow => (actor === 'admin' ? w.admin : w.a.tenant);

/** Paths filled with landlord A's records (the actor itself for `user`), so requests reach the query. */
function urlFor(endpoint: Endpoint, actor: Actor): string {
  const fill = sideFill(w, w.a);
  return endpoint.path.replace(/:([A-Za-z]+)/g, (_whole, name: string) => {
    const kind = endpoint.params[name];
    return encodeURIComponent(String(kind === 'user' ? userOf(actor).id : fill(kind)));
  });
}

async function get(actor: Actor, url: string): Promise<LightMyRequestResponse> {
  const client = clients[actor];
  return t.app.inject({
    method: 'GET',
    url,
    headers: { cookie: client.cookieHeader, [CSRF_HEADER]: client.csrfToken },
  });
}

function expectErrorShape(response: LightMyRequestResponse, context: string): void {
  expect(String(response.headers['content-type']), context).toMatch(/^application\/json/);
  const body = response.json();
  expect(typeof body.message, context).toBe('string');
  expect(body.message.length, context).toBeGreaterThan(0);
}

// ---------------------------------------------------------------------------------------------------------
// List queries

const LISTS = ENDPOINTS.filter((endpoint) => endpoint.list && endpoint.answers !== 'csv');
/** The lists' CSV exports (issue 27): the same queries, answered as a file. */
const EXPORTS = ENDPOINTS.filter((endpoint) => endpoint.list && endpoint.answers === 'csv');

const HOSTILE_VALUES = [
  '-1',
  '0',
  '1e9',
  '1e400',
  '99999999999999999999',
  '9007199254740993',
  '-0',
  '1.5',
  'NaN',
  'Infinity',
  '0x10',
  ';drop table users',
  "' OR 1=1 --",
  "'; drop table users; --",
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'password_hash',
  'id desc; drop table tickets',
  'lower(title)',
  'sideways',
  'ASC; drop',
  '%',
  '_',
  '\\',
  '%00',
  '<script>alert(1)</script>',
  '😀',
  '\u202Eevil',
  '',
  ' ',
];

/** Fixed queries every list gets (raw, as a browser or an attacker would type them). */
const FIXED_QUERIES = [
  'page=-1',
  'page=0',
  'page=1e9',
  'page=99999999999999999999',
  'page=9007199254740991&per_page=100',
  'per_page=1e9',
  'per_page=0',
  'per_page=-5',
  'per_page=100000',
  'sort=;drop',
  'sort=;drop%20table%20users;--',
  'sort=__proto__',
  'sort=constructor',
  'sort=toString&order=asc',
  'sort=password_hash',
  'order=sideways',
  'order=ASC%3B%20drop',
  `search=${'x'.repeat(10 * 1024)}`,
  `search=${encodeURIComponent('😀'.repeat(3000))}`,
  "search=' OR 1=1 --",
  "search='; drop table users; --",
  'search=%25',
  'search=_',
  'search=%5C',
  'search=%00',
  'search=%ED%A0%80',
  'search[]=a&search[]=b',
  'search[a]=1',
  'page=1&page=2&per_page=5&per_page=500',
  'landlord_id=1%20OR%201%3D1',
  'landlord_id=-1&property_id=0&role=9&status=99',
  'property_id[]=1',
  'status=-1&status=%00',
  'channel=carrier-pigeon',
  '__proto__[admin]=1&constructor[prototype][admin]=1',
  'a=%zz&%zz=a&&&=&==',
  '%',
  `${'k'.repeat(2000)}=${'v'.repeat(2000)}`,
];

const queryKey = (endpoint: Endpoint) =>
  fc.constantFrom(
    'page',
    'per_page',
    'sort',
    'order',
    'search',
    ...(endpoint.filters ?? []),
    '__proto__',
    'constructor',
    'search[]',
    'page[]',
  );
const queryValue = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_VALUES) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
);
const queryArbitrary = (endpoint: Endpoint) =>
  fc
    .array(fc.tuple(queryKey(endpoint), queryValue), { maxLength: 6 })
    .map((pairs) => pairs.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&'));

/** A list answer: `{ data: [...], meta }` within the page bounds (or a refusal with a message). */
function expectList(response: LightMyRequestResponse, context: string): void {
  expect(response.statusCode, `${context} → ${response.body.slice(0, 300)}`).toBeLessThan(500);
  if (response.statusCode !== 200) {
    expect([400, 403, 404], context).toContain(response.statusCode);
    expectErrorShape(response, context);
    return;
  }
  const body = response.json();
  expect(Array.isArray(body.data), context).toBe(true);
  expect(Number.isSafeInteger(body.meta.page) && body.meta.page >= 1, context).toBe(true);
  expect(body.meta.per_page >= 1 && body.meta.per_page <= MAX_PAGE_SIZE, context).toBe(true);
  expect(body.data.length, context).toBeLessThanOrEqual(body.meta.per_page);
  expect(body.meta.total, context).toBeGreaterThanOrEqual(0);
}

/** An export's answer: a CSV file (UTF-8 with a byte order mark, a header row), or a refusal with a message. */
function expectExport(response: LightMyRequestResponse, context: string): void {
  expect(response.statusCode, `${context} → ${response.body.slice(0, 300)}`).toBeLessThan(500);
  if (response.statusCode !== 200) {
    expect([400, 403, 404], context).toContain(response.statusCode);
    expectErrorShape(response, context);
    return;
  }
  expect(String(response.headers['content-type']), context).toBe('text/csv; charset=utf-8');
  expect(String(response.headers['content-disposition']), context).toMatch(
    /^attachment; filename="[\w-]+\.csv"$/,
  );
  expect(response.body.startsWith('\uFEFF'), context).toBe(true);
  expect(response.body.endsWith('\r\n'), context).toBe(true);
}

describe('list queries', () => {
  const cases = LISTS.flatMap((endpoint) =>
    ACTORS.map((actor) => ({ endpoint, actor, name: label(endpoint) })),
  );

  it.each(LISTS.map((endpoint) => ({ endpoint, name: label(endpoint) })))(
    'every fixed hostile query: $name as admin',
    async ({ endpoint }) => {
      const base = urlFor(endpoint, 'admin');
      for (const query of FIXED_QUERIES)
        expectList(await get('admin', `${base}?${query}`), `${base}?${query}`);
    },
  );

  // The tenant gets a sample of the fixed queries and random ones (its lists are mostly refusals).
  it.each(cases)('random queries: $name as $actor', async ({ endpoint, actor }) => {
    const base = urlFor(endpoint, actor);
    const queries =
      actor === 'tenant'
        ? fc.oneof(fc.constantFrom(...FIXED_QUERIES), queryArbitrary(endpoint))
        : queryArbitrary(endpoint);
    await fc.assert(
      fc.asyncProperty(queries, async (query) => {
        expectList(await get(actor, `${base}?${query}`), `${base}?${query}`);
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
  });

  it('regression: inherited names as sort keys (__proto__, constructor, toString) sort by the default (lib/list-query.ts)', async () => {
    for (const endpoint of LISTS) {
      const base = urlFor(endpoint, 'admin');
      const plain = await get('admin', base);
      for (const sort of ['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty']) {
        const response = await get('admin', `${base}?sort=${sort}`);
        expect(response.statusCode, `${base}?sort=${sort}: ${response.body.slice(0, 200)}`).toBe(200);
        expect(response.json().data, `${base}?sort=${sort}`).toEqual(plain.json().data);
      }
    }
  });

  it('a SQL-looking search finds nothing instead of everything, and a % is not a wildcard', async () => {
    for (const search of ["' OR 1=1 --", '%', '_', "' OR ''='"]) {
      const response = await get('admin', `/api/tickets?search=${encodeURIComponent(search)}`);
      expect(response.statusCode).toBe(200);
      expect(response.json().meta.total, search).toBe(0);
    }
  });

  it('a page size above the maximum is the maximum, and a page past the end is empty', async () => {
    for (const size of [MAX_PAGE_SIZE + 1, 1_000_000]) {
      for (const list of ['users', 'tickets', 'units', 'properties', 'landlords', 'categories', 'contact']) {
        const big = await get('admin', `/api/${list}?per_page=${size}`);
        expect(big.json().meta.per_page, `${list} per_page=${size}`).toBe(MAX_PAGE_SIZE);
      }
    }
    const far = await get('admin', '/api/users?page=100000');
    expect(far.statusCode).toBe(200);
    expect(far.json().data).toEqual([]);
  });
});

describe('CSV exports take the same hostile queries', () => {
  it.each(EXPORTS.map((endpoint) => ({ endpoint, name: label(endpoint) })))(
    'every fixed hostile query: $name as admin',
    async ({ endpoint }) => {
      const base = urlFor(endpoint, 'admin');
      for (const query of FIXED_QUERIES)
        expectExport(await get('admin', `${base}?${query}`), `${base}?${query}`);
    },
  );

  it.each(EXPORTS.flatMap((endpoint) => ACTORS.map((actor) => ({ endpoint, actor, name: label(endpoint) }))))(
    'random queries: $name as $actor',
    async ({ endpoint, actor }) => {
      const base = urlFor(endpoint, actor);
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(fc.constantFrom(...FIXED_QUERIES), queryArbitrary(endpoint)),
          async (query) => {
            expectExport(await get(actor, `${base}?${query}`), `${base}?${query}`);
          },
        ),
        { numRuns: RUNS, endOnFailure: true },
      );
    },
  );

  it('a SQL-looking search exports no row instead of every row, and a % is not a wildcard', async () => {
    for (const search of ["' OR 1=1 --", '%', '_', "' OR ''='"]) {
      const response = await get('admin', `/api/tickets/export.csv?search=${encodeURIComponent(search)}`);
      expect(response.statusCode).toBe(200);
      expect(response.body.trimEnd().split('\r\n'), search).toHaveLength(1);
    }
  });
});

describe('a work order’s PDF takes hostile queries', () => {
  // issue 27: `paper` and anything else in its query string; an unreadable paper is none given (ADR 0027).
  const PDFS = ENDPOINTS.filter((endpoint) => endpoint.answers === 'pdf');
  const HOSTILE_PAPERS = [
    'A4',
    'LETTER',
    'legal',
    'a3',
    '',
    'a4%00',
    'a4&paper=letter',
    'paper[]=a4',
    '%',
    'x'.repeat(5000),
  ];

  it.each(PDFS.flatMap((endpoint) => ACTORS.map((actor) => ({ endpoint, actor, name: label(endpoint) }))))(
    'fixed and random queries: $name as $actor',
    async ({ endpoint, actor }) => {
      const base = urlFor(endpoint, actor);
      const expectPdf = (response: LightMyRequestResponse, context: string) => {
        expect(response.statusCode, `${context} → ${response.body.slice(0, 300)}`).toBe(200);
        expect(String(response.headers['content-type']), context).toBe('application/pdf');
      };
      for (const paper of HOSTILE_PAPERS) {
        const url = `${base}?paper=${paper.includes('=') || paper === '%' ? paper : encodeURIComponent(paper)}`;
        expectPdf(await get(actor, url), url);
      }
      await fc.assert(
        fc.asyncProperty(queryArbitrary(endpoint), async (query) => {
          expectPdf(await get(actor, `${base}?${query}`), `${base}?${query}`);
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
    },
  );
});

// ---------------------------------------------------------------------------------------------------------
// Path parameters that are not ids

const BAD_PARAMS = [
  '0',
  '-1',
  '1.5',
  '1e3',
  '0x1',
  '99999999999',
  '2147483648',
  '9007199254740993',
  'abc',
  encodeURIComponent("1' OR '1'='1"),
  encodeURIComponent('1;drop table users'),
  '%00',
  '1%00',
  '..%2F..%2Fetc%2Fpasswd',
  '%20' + '1',
  '1%20',
  encodeURIComponent('１'),
  encodeURIComponent('😀'),
  '%ED%A0%80',
  '%E0%A4%A',
  '%',
  encodeURIComponent('<script>alert(1)</script>'),
  'x'.repeat(5000),
];

/** What a path that names nothing may answer: 4xx with a message; a redirect for the verification link. */
function expectRefused(endpoint: Endpoint, response: LightMyRequestResponse, context: string): void {
  expect(response.statusCode, `${context} → ${response.body.slice(0, 200)}`).toBeLessThan(500);
  if (endpoint.answers === 'redirect' && response.statusCode === 302) {
    expect(response.headers.location, context).toBe('/login?verified=0');
    return;
  }
  expect(response.statusCode, `${context} → ${response.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
  expectErrorShape(response, context);
}

/** Sends the endpoint's method (GET as is; others as POST with `_method`, as the web client does). */
async function call(endpoint: Endpoint, actor: Actor, url: string): Promise<LightMyRequestResponse> {
  if (endpoint.method === 'GET') return get(actor, url);
  const client = clients[actor];
  return t.app.inject({
    method: 'POST',
    url,
    headers: {
      cookie: client.cookieHeader,
      [CSRF_HEADER]: client.csrfToken,
      'content-type': 'application/json',
    },
    payload: JSON.stringify(endpoint.method === 'POST' ? {} : { _method: endpoint.method }),
  });
}

describe('path parameters that are not ids', () => {
  const withParams = [...ENDPOINTS, FILE_ENDPOINT].filter(
    (endpoint) => Object.keys(endpoint.params).length > 0 && endpoint.method !== 'DELETE',
  );
  const deletes = ENDPOINTS.filter(
    (endpoint) => Object.keys(endpoint.params).length > 0 && endpoint.method === 'DELETE',
  );
  const cases = [...withParams, ...deletes].flatMap((endpoint) =>
    ACTORS.map((actor) => ({ endpoint, actor, name: label(endpoint) })),
  );

  const randomParam = fc.oneof(
    fc.constantFrom(...BAD_PARAMS),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 12 }).map(encodeURIComponent),
    fc.integer({ min: 100_000_000 }).map(String),
  );

  /**
   * The admin sends the always-tried values and, in turn, a share of the others (each reaches several
   * endpoints of different modules); the tenant a random sample (RUNS) of bad and random values.
   */
  const ALWAYS = ['0', 'abc', encodeURIComponent("1' OR '1'='1"), '%00'];
  const ROTATING = BAD_PARAMS.filter((value) => !ALWAYS.includes(value));
  const adminValues = (index: number) => [
    ...ALWAYS,
    ...Array.from({ length: 6 }, (_, j) => ROTATING[(index * 6 + j) % ROTATING.length]),
  ];
  const indexed = cases.map((entry, position) => ({ ...entry, index: Math.floor(position / ACTORS.length) }));

  it('every bad value reaches at least three endpoints', () => {
    for (const value of ROTATING) {
      const reached = indexed.filter(
        (entry) => entry.actor === 'admin' && adminValues(entry.index).includes(value),
      );
      expect(reached.length, value).toBeGreaterThanOrEqual(3);
    }
  });

  it.each(indexed)('$name as $actor', async ({ endpoint, actor, index }) => {
    const names = Object.keys(endpoint.params);
    const values = actor === 'admin' ? adminValues(index) : fc.sample(randomParam, { numRuns: RUNS });
    for (const bad of values) {
      for (const name of names) {
        // The other parameters keep a real value, so only the bad one can be the reason for the refusal.
        const good = urlFor(endpoint, actor);
        const url =
          name === '*'
            ? `/uploads/${bad}`
            : endpoint.path.replace(/:([A-Za-z]+)/g, (_whole, param: string) =>
                param === name ? bad : good.split('/')[endpoint.path.split('/').indexOf(`:${param}`)],
              );
        const response = await call(endpoint, actor, url);
        // `1e3`-like usernames and tokens are just unknown names: a refusal all the same.
        expectRefused(endpoint, response, `${endpoint.method} ${url.slice(0, 120)} as ${actor}`);
      }
    }
  });

  // Dot segments (`..`, `%2e%2e`) are resolved by URL parsing before routing, as browsers do: such a URL
  // no longer names /uploads at all and gets the web app's page. Encoded slashes reach the storage key.
  it('traversal and odd keys under /uploads are refused, never a file outside the uploads folder', async () => {
    for (const key of [
      'avatars/../../../../etc/passwd',
      'avatars/%2e%2e/%2e%2e/etc/passwd',
      'avatars/..%2F..%2Fetc%2Fpasswd',
      'avatars%2F..%2F..%2Fapp-secret',
      'logos/../tickets/1/x.png',
      'logos/%00.webp',
      'avatars/users/../../app-secret',
      'tickets/1/x.png',
      '',
      '.',
      'avatars/',
      'avatars/users',
    ]) {
      for (const actor of ACTORS) {
        const response = await get(actor, `/uploads/${key}`);
        expect(response.statusCode, key).toBeLessThan(500);
        if (response.statusCode === 200) expect(response.headers['content-type'], key).toMatch(/^text\/html/);
        else expectErrorShape(response, key);
        expect(response.body).not.toContain('root:');
      }
    }
  });
});

describe('after all of the above', () => {
  it('the database has every table, and landlord B’s rows are exactly as they were', async () => {
    expect(await tableNames(t.db)).toEqual(tablesBefore);
    expect(await sideRows(t.db, w.b)).toEqual(sideBBefore);
  });
});
