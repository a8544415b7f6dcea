/**
 * npm run bench:live -- [--streams 1000] [--changes 60] [--every 500] [--database-url URL | --pglite DIR]
 *
 * Live updates (issue 28 §1, ADR 0046) at scale: --streams open event streams (GET /api/live) on one app process
 * (bench/serve.ts, forked), five to a session, the sessions spread over the bench accounts of bench:seed. Then the
 * writer contractor flips --changes of its routed tickets between Scheduled and In Progress, one every --every ms; each
 * change should reach the streams of those who see that ticket (the super admin, the writer landlord's manager and
 * the contractor) and no other. Prints the server's memory (after a full GC) before and with the streams open, its
 * CPU while they idle and while the changes go out, and the delay from each change's answer (the change committed)
 * to its event on every stream that should get it: percentiles, deliveries missing, and deliveries to a stream
 * outside the ticket's audience (must be none).
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CSRF_HEADER } from '@mend/shared';
import { DEFAULT_POOL_SIZE } from '../apps/server/src/db/client';
import {
  type CpuSnapshot,
  cpuSnapshot,
  describeTarget,
  idQuery,
  int,
  machineLine,
  ms,
  readAccounts,
  type Session,
  sampleMemory,
  signIn,
  sleep,
  startServerProcess,
  stopServerProcess,
  summarize,
  type Target,
  TICKS_PER_SECOND,
  table,
} from './lib';

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    pglite: { type: 'string' },
    streams: { type: 'string', default: '1000' },
    'per-session': { type: 'string', default: '5' },
    changes: { type: 'string', default: '60' },
    every: { type: 'string', default: '500' },
    idle: { type: 'string', default: '10' },
    'pool-size': { type: 'string', default: String(DEFAULT_POOL_SIZE) },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (args.help) {
  console.log(`npm run bench:live -- [options]
  --streams N       event streams to open on the one app process, default 1000
  --per-session N   streams per signed-in session (a browser's tabs), default 5
  --changes N       ticket status changes to time, default 60
  --every MS        between two changes, default 500
  --idle S          seconds the streams stay open with nothing to tell, to read the idle CPU, default 10
  --database-url U  PostgreSQL (default: the database bench:seed filled)
  --pglite DIR      an embedded database folder instead`);
  process.exit(0);
}

const STREAMS = Number(args.streams);
const PER_SESSION = Number(args['per-session']);
const CHANGES = Number(args.changes);
const EVERY_MS = Number(args.every);
const IDLE_S = Number(args.idle);
const MB = 2 ** 20;

type Who = 'superAdmin' | 'manager' | 'tenant' | 'contractor' | 'writerManager' | 'writerContractor';
/** Who sees the writer contractor's routed tickets (the list scopes): everyone else must hear nothing of them. */
const AUDIENCE: ReadonlySet<Who> = new Set(['superAdmin', 'writerManager', 'writerContractor']);

/** One open stream: whose, and when each ticket id was told (first time, ms on this process's clock). */
interface Stream {
  who: Who;
  told: Map<number, number>;
  ready: Promise<void>;
  request: http.ClientRequest;
}

function openStream(base: string, who: Who, session: Session): Stream {
  const told = new Map<number, number>();
  let markReady: () => void = () => {};
  let failed: (error: Error) => void = () => {};
  const ready = new Promise<void>((resolve, reject) => {
    markReady = resolve;
    failed = reject;
  });
  const request = http.get(`${base}/api/live`, { headers: { cookie: session.cookie } }, (response) => {
    if (response.statusCode !== 200) {
      failed(new Error(`GET /api/live as ${who}: ${response.statusCode}`));
      return;
    }
    let buffer = '';
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      const at = performance.now();
      buffer += chunk;
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf('\n\n');
        if (block.includes('event: ready')) markReady();
        const data = /^event: tickets\ndata: (.*)$/m.exec(block);
        if (!data) continue;
        const { ids } = JSON.parse(data[1]) as { ids: number[] | null };
        for (const id of ids ?? []) if (!told.has(id)) told.set(id, at);
      }
    });
  });
  request.on('error', (error) => failed(error));
  return { who, told, ready, request };
}

async function main() {
  const accountsFile = readAccounts();
  const target: Target = args.pglite
    ? { kind: 'pglite', dir: path.resolve(args.pglite) }
    : args['database-url']
      ? { kind: 'postgres', databaseUrl: args['database-url'] }
      : accountsFile.target;
  const { accounts, writers, password } = accountsFile;
  console.log(`bench:live — ${machineLine()}`);
  console.log(
    `${describeTarget(target)}, ${int(accountsFile.counts.tickets ?? 0)} tickets; ${STREAMS} streams, ${PER_SESSION} a session; ${CHANGES} changes every ${EVERY_MS} ms`,
  );
  const { query, close } = await idQuery(target);
  // Tickets Scheduled or In Progress, each set to the other: every change is a real one (a status set again changes
  // nothing, and tells nobody), and the next run finds them as many.
  const routedOf = (statuses: string) =>
    query(
      `select r.ticket_id as id from ticket_recipients r join tickets t on t.id = r.ticket_id
       where r.user_id = $1 and t.status in (${statuses}) order by r.ticket_id desc limit $2`,
      [writers.contractor.id, CHANGES],
    );
  const routed = await routedOf('1, 2');
  const scheduled = new Set(await routedOf('1').finally(close));
  if (routed.length < CHANGES)
    throw new Error('Too few routed tickets for the writer contractor: seed again.');

  const { child, port } = await startServerProcess(target, args['pool-size']);
  /** CPU milliseconds of the server process alone (not this one, which reads the streams) between two snapshots. */
  const serverMs = (from: CpuSnapshot, to: CpuSnapshot) =>
    (((to.ours.get(child.pid ?? -1) ?? 0) - (from.ours.get(child.pid ?? -1) ?? 0)) * 1000) / TICKS_PER_SECOND;
  const base = `http://127.0.0.1:${port}`;
  const streams: Stream[] = [];
  try {
    const emails: Record<Who, string> = {
      superAdmin: accounts.superAdmin.email,
      manager: accounts.manager.email,
      tenant: accounts.tenant.email,
      contractor: accounts.contractor.email,
      writerManager: writers.manager.email,
      writerContractor: writers.contractor.email,
    };
    const whos = Object.keys(emails) as Who[];
    const before = await sampleMemory(child, 0);
    const writer = await signIn(base, writers.contractor.email, password);
    for (let index = 0; streams.length < STREAMS; index++) {
      const who = whos[index % whos.length]!;
      const session = await signIn(base, emails[who], password);
      for (let n = 0; n < PER_SESSION && streams.length < STREAMS; n++)
        streams.push(openStream(base, who, session));
    }
    await Promise.all(streams.map((stream) => stream.ready));
    const open = await sampleMemory(child, 0);

    await sleep(1000);
    const idleStart = cpuSnapshot(null);
    await sleep(IDLE_S * 1000);
    const idle = serverMs(idleStart, cpuSnapshot(null));

    // The changes: each ticket's status, from its answer (committed) to its events.
    const answered = new Map<number, number>();
    const changeStart = cpuSnapshot(null);
    const started = performance.now();
    for (let n = 0; n < CHANGES; n++) {
      const id = routed[n]!;
      const response = await fetch(`${base}/api/tickets/${id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', cookie: writer.cookie, [CSRF_HEADER]: writer.csrf },
        body: JSON.stringify({
          status: scheduled.has(id) ? 2 : 1,
          _nonce: randomBytes(8).toString('base64url'),
        }),
      });
      if (response.status !== 200)
        throw new Error(`PATCH ticket ${id}: ${response.status} ${await response.text()}`);
      answered.set(id, performance.now());
      await sleep(Math.max(0, started + (n + 1) * EVERY_MS - performance.now()));
    }
    await sleep(2000);
    const busy = serverMs(changeStart, cpuSnapshot(null));
    const busySeconds = (performance.now() - started) / 1000;

    const delays: number[] = [];
    let missing = 0;
    let outside = 0;
    for (const stream of streams) {
      for (const [id, at] of answered) {
        const told = stream.told.get(id);
        if (AUDIENCE.has(stream.who)) {
          if (told === undefined) missing++;
          else delays.push(Math.max(0, told - at));
        } else if (told !== undefined) outside++;
      }
    }
    const delay = summarize(delays);
    const cpu = (used: number, seconds: number) =>
      `${((used / (seconds * 1000)) * 100).toFixed(1)} % of a core`;
    console.log(
      table([
        ['', 'value'],
        ['server RSS, no streams', `${(before.rss / MB).toFixed(1)} MB`],
        [`server RSS, ${STREAMS} streams`, `${(open.rss / MB).toFixed(1)} MB`],
        [
          'heap (after GC), no streams → streams',
          `${(before.heapUsed / MB).toFixed(1)} → ${(open.heapUsed / MB).toFixed(1)} MB`,
        ],
        ['memory a stream (RSS)', `${((open.rss - before.rss) / STREAMS / 1024).toFixed(1)} KB`],
        [`CPU, ${STREAMS} streams idle (${IDLE_S} s)`, cpu(idle, IDLE_S)],
        [`CPU, ${CHANGES} changes told (${busySeconds.toFixed(0)} s)`, cpu(busy, busySeconds)],
        ['deliveries expected', int(delays.length + missing)],
        [
          'delay p50 / p95 / p99 / max',
          `${ms(delay.p50)} / ${ms(delay.p95)} / ${ms(delay.p99)} / ${ms(delay.max)} ms`,
        ],
        ['deliveries missing', int(missing)],
        ['deliveries outside the audience', int(outside)],
      ]),
    );
    const pass = missing === 0 && outside === 0 && delay.p95 < 1000;
    console.log(pass ? 'PASS: every change told to its audience alone, p95 under a second' : 'FAIL');
    process.exitCode = pass ? 0 : 1;
  } finally {
    for (const stream of streams) stream.request.destroy();
    await stopServerProcess(child);
  }
}

await main();
