/**
 * npm run bench:load -- [--database-url URL | --pglite DIR] [--connections 64] [--duration 60]
 *
 * A mixed load against the app running as its own process (bench/serve.ts, forked): autocannon with
 * --connections connections for --duration seconds, each request drawn from a fixed schedule of
 * 100 (notification poll 30, ticket list p1 25, detail 15, search 10, status change 8, create 7,
 * sign-in 5), as the accounts bench:seed wrote to bench/.accounts.json. Prints requests/s, latency
 * percentiles overall and per kind, errors and non-2xx answers, and the server's RSS and heap (after a
 * full GC) every --sample seconds. PASS: no errors, no non-2xx answers, and from the sample nearest the
 * middle of the run to the last one the heap grew less than --max-heap-growth MB and the RSS less than
 * --max-rss-growth MB. Writes go to the "writer" accounts' landlord, so the read accounts keep their data.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CSRF_HEADER } from '@mend/shared';
import autocannon, { type AutocannonRequest } from 'autocannon';
import { DEFAULT_POOL_SIZE } from '../apps/server/src/db/client';
import {
  describeTarget,
  idQuery,
  int,
  type MemorySample,
  machineLine,
  ms,
  readAccounts,
  type Session,
  sampleMemory,
  sessionCookieOf,
  signIn,
  startServerProcess,
  stopServerProcess,
  summarize,
  type Target,
  table,
  uptimeLine,
  visitorSession,
} from './lib';

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    pglite: { type: 'string' },
    connections: { type: 'string', default: '64' },
    duration: { type: 'string', default: '60' },
    sample: { type: 'string', default: '5' },
    'pool-size': { type: 'string', default: String(DEFAULT_POOL_SIZE) },
    'max-heap-growth': { type: 'string', default: '16' },
    'max-rss-growth': { type: 'string', default: '64' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (args.help) {
  console.log(`npm run bench:load -- [--database-url URL | --pglite DIR] [options]
  --connections N        concurrent connections, default 64
  --duration S           seconds of load, default 60
  --sample S             seconds between memory samples of the server, default 5
  --pool-size N          the app's database pool (PostgreSQL), default ${DEFAULT_POOL_SIZE} (the app's)
  --max-heap-growth MB   allowed heap growth (after GC) over the second half of the run, default 16
  --max-rss-growth MB    allowed RSS growth over the second half of the run, default 64`);
  process.exit(0);
}
const CONNECTIONS = Number(args.connections);
const DURATION = Number(args.duration);
const SAMPLE = Number(args.sample);
const MAX_HEAP_MB = Number(args['max-heap-growth']);
const MAX_RSS_MB = Number(args['max-rss-growth']);

type Kind = 'poll' | 'list' | 'detail' | 'search' | 'status' | 'create' | 'sign-in';
const WEIGHTS: [Kind, number][] = [
  ['poll', 30],
  ['list', 25],
  ['detail', 15],
  ['search', 10],
  ['status', 8],
  ['create', 7],
  ['sign-in', 5],
];
/** 100 kinds spread evenly (each kind at intervals of 100 / weight), so every stretch of the run is mixed. */
const SCHEDULE: Kind[] = WEIGHTS.flatMap(([kind, weight]) =>
  Array.from({ length: weight }, (_, i) => ({ kind, at: (i + 0.5) / weight })),
)
  .sort((a, b) => a.at - b.at)
  .map((entry) => entry.kind);

const MB = 2 ** 20;
const mb = (bytes: number) => (bytes / MB).toFixed(1);

/** Ticket ids and units the requests use, read straight from the database before the server starts. */
async function loadIds(
  target: Target,
  landlordId: number,
  writerLandlordId: number,
  writerContractor: number,
) {
  const { query, close } = await idQuery(target);
  try {
    return {
      tickets: await query(
        `select t.id from tickets t join properties p on p.id = t.property_id
         where p.landlord_id = $1 order by t.id desc limit 200`,
        [landlordId],
      ),
      units: await query(
        'select u.id from units u join properties p on p.id = u.property_id where p.landlord_id = $1',
        [writerLandlordId],
      ),
      routed: await query(
        'select ticket_id as id from ticket_recipients where user_id = $1 order by ticket_id desc limit 100',
        [writerContractor],
      ),
      categories: await query('select id from categories order by id', []),
    };
  } finally {
    await close();
  }
}

async function main() {
  const accountsFile = readAccounts();
  const target: Target = args.pglite
    ? { kind: 'pglite', dir: path.resolve(args.pglite) }
    : args['database-url']
      ? { kind: 'postgres', databaseUrl: args['database-url'] }
      : accountsFile.target;
  const { accounts, writers, password } = accountsFile;
  console.log(
    `Mixed load: ${describeTarget(target)}, ${int(accountsFile.counts.tickets ?? 0)} tickets; ${CONNECTIONS} connections, ${DURATION} s`,
  );
  console.log(`Mix per 100 requests: ${WEIGHTS.map(([kind, weight]) => `${kind} ${weight}`).join(', ')}`);
  console.log(`Machine: ${machineLine()}\nStart: ${uptimeLine()}`);

  const ids = await loadIds(
    target,
    accounts.manager.landlordId,
    writers.manager.landlordId,
    writers.contractor.id,
  );
  if (ids.tickets.length === 0 || ids.units.length === 0 || ids.routed.length === 0) {
    throw new Error(
      'The bench database has no tickets for the bench accounts: run npm run bench:seed again.',
    );
  }
  const { child, port } = await startServerProcess(target, args['pool-size']);
  const base = `http://127.0.0.1:${port}`;
  try {
    const readers: { session: Session; id: number }[] = [];
    for (const who of ['manager', 'tenant', 'contractor', 'superAdmin'] as const) {
      readers.push({ session: await signIn(base, accounts[who].email, password), id: accounts[who].id });
    }
    const manager = readers[0].session;
    const writerManager = await signIn(base, writers.manager.email, password);
    const writerContractor = await signIn(base, writers.contractor.email, password);
    const visitors: Session[] = [];
    while (visitors.length < CONNECTIONS * 2) visitors.push(await visitorSession(base));

    const tomorrow = Math.floor(Date.now() / 86_400_000) * 86_400 + 86_400 + 15 * 3600;
    const counters = new Map<Kind, number>();
    const next = (kind: Kind) => {
      const n = counters.get(kind) ?? 0;
      counters.set(kind, n + 1);
      return n;
    };
    const headersOf = (session: Session) => ({
      'content-type': 'application/json',
      cookie: session.cookie,
      [CSRF_HEADER]: session.csrf,
    });

    /** One request of a kind: method, path, session, body. */
    const build = (kind: Kind, n: number): AutocannonRequest & { visitor?: Session } => {
      const reader = readers[n % readers.length];
      switch (kind) {
        case 'poll':
          return {
            method: 'GET',
            path: `/api/users/${reader.id}/notification-history`,
            headers: headersOf(reader.session),
          };
        case 'list':
          return { method: 'GET', path: '/api/tickets?page=1', headers: headersOf(reader.session) };
        case 'detail':
          return {
            method: 'GET',
            path: `/api/tickets/${ids.tickets[n % ids.tickets.length]}/`,
            headers: headersOf(manager),
          };
        case 'search': {
          // Managers and contractors search their own tickets (the super admin's search is in bench:http).
          const who = n % 2 === 0 ? readers[0] : readers[2];
          const term = ['leak', 'heat', 'door', 'Maple'][Math.floor(n / 2) % 4];
          return { method: 'GET', path: `/api/tickets?search=${term}`, headers: headersOf(who.session) };
        }
        case 'status':
          return {
            method: 'PATCH',
            path: `/api/tickets/${ids.routed[n % ids.routed.length]}`,
            headers: headersOf(writerContractor),
            // Each visit of a ticket flips it between Scheduled and In Progress: every change is a real one.
            body: JSON.stringify({
              status: 1 + (Math.floor(n / ids.routed.length) % 2),
              _nonce: randomBytes(8).toString('base64url'),
            }),
          };
        case 'create':
          return {
            method: 'POST',
            path: '/api/tickets',
            headers: headersOf(writerManager),
            body: JSON.stringify({
              _nonce: randomBytes(8).toString('base64url'),
              unit_id: ids.units[n % ids.units.length],
              category_id: ids.categories[n % ids.categories.length],
              title: 'Leaking radiator valve',
              description: 'Water drips from the valve in the living room.\nPlease call first.',
              priority: n % 7 === 0 ? 1 : 0,
              contact_details: {
                first_name: 'Jane',
                last_name: 'Morrison',
                email: 'jane@example.com',
                phone_number: '780 555 0101',
              },
              availability: [{ start: tomorrow, end: tomorrow + 7200 }],
            }),
          };
        case 'sign-in': {
          // Sign-in replaces the session it came with: take a visitor session, put back the signed-in one.
          const visitor = visitors.shift() ?? manager;
          return {
            method: 'POST',
            path: '/api/login',
            headers: headersOf(visitor),
            body: JSON.stringify({ email: writers.manager.email, password }),
            visitor,
          };
        }
      }
    };

    const times = new Map<Kind, number[]>(WEIGHTS.map(([kind]) => [kind, []]));
    const failures = new Map<Kind, number>();
    const firstFailure = new Map<Kind, string>();
    let scheduled = 0;
    const request: AutocannonRequest = {
      setupRequest: (_req, context) => {
        const kind = SCHEDULE[scheduled++ % SCHEDULE.length];
        const { visitor, ...built } = build(kind, next(kind));
        context.kind = kind;
        context.visitor = visitor;
        context.t0 = performance.now();
        return built;
      },
      onResponse: (status, body, context, headers) => {
        const kind = context.kind as Kind;
        times.get(kind)?.push(performance.now() - (context.t0 as number));
        if (status < 200 || status >= 300) {
          failures.set(kind, (failures.get(kind) ?? 0) + 1);
          if (!firstFailure.has(kind)) firstFailure.set(kind, `${status} ${body.slice(0, 200)}`);
        }
        const visitor = context.visitor as Session | undefined;
        if (visitor) {
          const cookie = sessionCookieOf(headers['set-cookie'] ?? headers['Set-Cookie']);
          visitors.push(cookie ? { cookie, csrf: visitor.csrf } : visitor);
        }
      },
    };

    const samples: MemorySample[] = [await sampleMemory(child, 0)];
    console.log(`\n${'t s'.padStart(5)}  ${'RSS MB'.padStart(8)}  ${'heap MB'.padStart(8)}  req so far`);
    const printSample = (sample: MemorySample) => {
      const done = [...times.values()].reduce((sum, list) => sum + list.length, 0);
      console.log(
        `${sample.at.toFixed(0).padStart(5)}  ${mb(sample.rss).padStart(8)}  ${mb(sample.heapUsed).padStart(8)}  ${int(done)}`,
      );
    };
    printSample(samples[0]);
    const started = performance.now();
    let sampling = Promise.resolve();
    const timer = setInterval(() => {
      sampling = sampling.then(async () => {
        const sample = await sampleMemory(child, (performance.now() - started) / 1000);
        samples.push(sample);
        printSample(sample);
      });
    }, SAMPLE * 1000);
    const result = await autocannon({
      url: base,
      connections: CONNECTIONS,
      duration: DURATION,
      timeout: 10,
      requests: [request],
    });
    clearInterval(timer);
    await sampling;
    const last = await sampleMemory(child, (performance.now() - started) / 1000);
    samples.push(last);
    printSample(last);

    // Report
    const all = [...times.values()].flat();
    const overall = summarize(all);
    const rows = [['kind', 'requests', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'non-2xx']];
    for (const [kind] of WEIGHTS) {
      const s = summarize(times.get(kind) ?? []);
      rows.push([
        kind,
        int(s.count),
        (s.count / result.duration).toFixed(1),
        ms(s.p50),
        ms(s.p95),
        ms(s.p99),
        ms(s.max),
        int(failures.get(kind) ?? 0),
      ]);
    }
    rows.push([
      'all',
      int(overall.count),
      (overall.count / result.duration).toFixed(1),
      ms(overall.p50),
      ms(overall.p95),
      ms(overall.p99),
      ms(overall.max),
      int(result.non2xx),
    ]);
    console.log(`\n${table(rows)}`);
    console.log(
      `autocannon: ${int(result.requests.total)} requests in ${result.duration.toFixed(1)} s, ` +
        `${result.errors} errors (${result.timeouts} timeouts), ${result.non2xx} non-2xx; ` +
        `latency p50 ${result.latency.p50} ms, p97.5 ${result.latency.p97_5} ms, p99 ${result.latency.p99} ms`,
    );
    for (const [kind, text] of firstFailure) console.log(`  first ${kind} failure: ${text}`);

    // Memory over the second half: from the sample nearest the middle of the run to the last one.
    const middle = samples.reduce((best, s) =>
      Math.abs(s.at - DURATION / 2) < Math.abs(best.at - DURATION / 2) ? s : best,
    );
    const heapGrowth = (last.heapUsed - middle.heapUsed) / MB;
    const rssGrowth = (last.rss - middle.rss) / MB;
    const verdicts = [
      result.errors === 0 && result.non2xx === 0 ? 'no errors: ok' : 'errors: FAIL',
      `heap ${heapGrowth >= 0 ? '+' : ''}${heapGrowth.toFixed(1)} MB (bound ${MAX_HEAP_MB}): ${heapGrowth < MAX_HEAP_MB ? 'ok' : 'FAIL'}`,
      `RSS ${rssGrowth >= 0 ? '+' : ''}${rssGrowth.toFixed(1)} MB (bound ${MAX_RSS_MB}): ${rssGrowth < MAX_RSS_MB ? 'ok' : 'FAIL'}`,
    ];
    const pass =
      result.errors === 0 && result.non2xx === 0 && heapGrowth < MAX_HEAP_MB && rssGrowth < MAX_RSS_MB;
    console.log(
      `\nMemory from t=${middle.at.toFixed(0)} s to t=${last.at.toFixed(0)} s (after GC): ${verdicts.join('; ')}`,
    );
    console.log(`End: ${uptimeLine()}`);
    console.log(pass ? 'PASS' : 'FAIL');
    if (!pass) process.exitCode = 1;
  } finally {
    await stopServerProcess(child);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
