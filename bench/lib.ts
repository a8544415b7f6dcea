/**
 * Helpers shared by the benchmarks: paths, the accounts file written by seed.ts and read by http.ts,
 * database names and connections, load average, and plain-text tables.
 */
import { type ChildProcess, execFileSync, fork } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { CSRF_HEADER, SESSION_COOKIE } from '@mend/shared';
import pg from 'pg';

export const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = path.resolve(BENCH_DIR, '..');
export const ACCOUNTS_FILE = path.join(BENCH_DIR, '.accounts.json');
export const RESULTS_DIR = path.join(BENCH_DIR, 'results');
export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/mend_bench';

export type Target = { kind: 'postgres'; databaseUrl: string } | { kind: 'pglite'; dir: string };

export interface BenchAccount {
  id: number;
  email: string;
}

/** What seed.ts leaves for http.ts: where the data is, its size, and one account per role. */
export interface AccountsFile {
  seededAt: string;
  scale: 'full' | 'small';
  target: Target;
  password: string;
  counts: Record<string, number>;
  accounts: {
    superAdmin: BenchAccount;
    manager: BenchAccount & { landlordId: number };
    tenant: BenchAccount & { unitId: number };
    contractor: BenchAccount & { landlordId: number; categoryIds: number[] };
  };
  /**
   * The write benchmarks (create, status change) act as these (another landlord), so that the accounts
   * the read benchmarks use keep the seeded data however often the benchmark runs.
   */
  writers: {
    manager: BenchAccount & { landlordId: number };
    contractor: BenchAccount & { landlordId: number; categoryIds: number[] };
  };
}

export function readAccounts(): AccountsFile {
  if (!existsSync(ACCOUNTS_FILE)) {
    throw new Error(`${path.relative(REPO_ROOT, ACCOUNTS_FILE)} is missing: run npm run bench:seed first.`);
  }
  return JSON.parse(readFileSync(ACCOUNTS_FILE, 'utf8')) as AccountsFile;
}

export function sameTarget(a: Target, b: Target): boolean {
  if (a.kind === 'postgres' && b.kind === 'postgres')
    return databaseName(a.databaseUrl) === databaseName(b.databaseUrl);
  if (a.kind === 'pglite' && b.kind === 'pglite') return path.resolve(a.dir) === path.resolve(b.dir);
  return false;
}

export function describeTarget(target: Target): string {
  return target.kind === 'postgres'
    ? `PostgreSQL ${redact(target.databaseUrl)}`
    : `PGlite (embedded) ${path.resolve(target.dir)}`;
}

// ---------------------------------------------------------------------------------------------------------
// PostgreSQL databases

export function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
}

/** The same server, the maintenance database `postgres` (to create and drop the bench database). */
export function maintenanceUrl(url: string): string {
  const parsed = new URL(url);
  parsed.pathname = '/postgres';
  return parsed.toString();
}

export function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

/** Benchmarks only ever create or drop a database whose name says it is one (never `test`, `postgres` ...). */
export function assertBenchDatabase(url: string): string {
  const name = databaseName(url);
  if (!/^[a-z0-9_]+$/.test(name) || !name.includes('bench')) {
    throw new Error(`Refusing to touch database "${name}": its name must contain "bench" (e.g. mend_bench).`);
  }
  const host = new URL(url).hostname;
  if (host !== '127.0.0.1' && host !== 'localhost' && host !== '::1') {
    throw new Error(`Refusing to use ${host}: benchmarks only talk to a local PostgreSQL.`);
  }
  return name;
}

export async function dropPostgresDatabase(url: string): Promise<void> {
  const name = assertBenchDatabase(url);
  const admin = new pg.Client({ connectionString: maintenanceUrl(url) });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await admin.end();
  }
}

/** A PGlite folder we may delete: it does not exist, is empty, or holds a PostgreSQL data directory. */
export function isDisposablePgliteDir(dir: string): boolean {
  if (!existsSync(dir)) return true;
  if (existsSync(path.join(dir, 'PG_VERSION'))) return true;
  return readdirSync(dir).length === 0;
}

// ---------------------------------------------------------------------------------------------------------
// Machine load and formatting

export function load1(): number {
  return os.loadavg()[0];
}

export function uptimeLine(): string {
  try {
    return execFileSync('uptime', { encoding: 'utf8' }).trim();
  } catch {
    const [a, b, c] = os.loadavg();
    return `load average: ${a.toFixed(2)}, ${b.toFixed(2)}, ${c.toFixed(2)}`;
  }
}

export function machineLine(): string {
  const cpus = os.cpus();
  return `${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB RAM, Node ${process.version}`;
}

export const int = (n: number) => Math.round(n).toLocaleString('en-US');
export const ms = (n: number | undefined) =>
  n === undefined || Number.isNaN(n) ? '-' : n >= 100 ? n.toFixed(0) : n.toFixed(1);
export const seconds = (startedAt: number) => (performance.now() - startedAt) / 1000;

/** A plain-text table: first row is the header; numbers-looking cells are right-aligned. */
export function table(rows: string[][]): string {
  const widths = rows[0].map((_, col) => Math.max(...rows.map((row) => (row[col] ?? '').length)));
  const numeric = /^[-+]?[\d,.]+( ?[a-zA-Z%×]*)?$|^-$/;
  const line = (row: string[]) =>
    row
      .map((cell, col) =>
        numeric.test(cell) && col > 0 ? cell.padStart(widths[col]) : cell.padEnd(widths[col]),
      )
      .join('  ')
      .trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [line(rows[0]), rule, ...rows.slice(1).map(line)].join('\n');
}

/** Exact percentile of a sample (nearest-rank). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

export interface LatencySummary {
  count: number;
  mean: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function summarize(samples: number[]): LatencySummary {
  const sorted = [...samples].sort((a, b) => a - b);
  const sum = sorted.reduce((total, value) => total + value, 0);
  return {
    count: sorted.length,
    mean: sorted.length > 0 ? sum / sorted.length : Number.NaN,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
  };
}

// ---------------------------------------------------------------------------------------------------------
// CPU used by other processes (other engineers' tests share this machine)

/** Clock ticks per second of /proc (USER_HZ, 100 on Linux). */
export const TICKS_PER_SECOND = 100;

export interface CpuSnapshot {
  at: number;
  /** Busy ticks of the whole machine. */
  busy: number;
  /** Busy ticks of this process and of the database server processes serving the bench database. */
  ours: Map<number, number>;
}

function readTicks(pid: number | 'self'): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** `databaseName`: count PostgreSQL backends whose process title names it (`postgres: user db host ...`) as ours. */
export function cpuSnapshot(databaseName: string | null): CpuSnapshot {
  const ours = new Map<number, number>([[process.pid, readTicks('self')]]);
  for (const pid of appPids) ours.set(pid, readTicks(pid));
  if (databaseName) {
    // Backends name the database in their title; parallel workers name the backend they work for.
    const workers: [number, number][] = [];
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
        if (!title.startsWith('postgres: ')) continue;
        const words = title.trim().split(/\s+/);
        const leader = /parallel worker for PID (\d+)/.exec(title);
        if (leader) workers.push([Number(entry), Number(leader[1])]);
        else if (words.includes(databaseName)) ours.set(Number(entry), readTicks(Number(entry)));
      } catch {
        // the process ended
      }
    }
    for (const [pid, leader] of workers) if (ours.has(leader)) ours.set(pid, readTicks(pid));
  }
  let busy = 0;
  try {
    const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
    const [user, nice, system, , , irq, softirq, steal] = values.map(Number);
    busy = user + nice + system + irq + softirq + (steal || 0);
  } catch {
    busy = 0;
  }
  return { at: performance.now(), busy, ours };
}

/**
 * Share (0-100 %) of the whole machine used by other processes between two snapshots; `ourOtherMs` is CPU
 * of ours that the snapshots do not see (a load generator in its own process, wrk).
 */
export function externalCpu(before: CpuSnapshot, after: CpuSnapshot, ourOtherMs = 0): number {
  const capacity = ((after.at - before.at) / 1000) * TICKS_PER_SECOND * os.cpus().length;
  if (capacity <= 0) return 0;
  let ours = (ourOtherMs * TICKS_PER_SECOND) / 1000;
  for (const [pid, ticks] of after.ours) ours += ticks - (before.ours.get(pid) ?? 0);
  const external = Math.max(0, after.busy - before.busy - ours);
  return Math.min(100, (external / capacity) * 100);
}

export const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/** Waits (at most `limitSeconds`) until other processes use less than `threshold` % of the machine over 2 s. */
export async function waitForQuiet(
  databaseName: string | null,
  threshold: number,
  limitSeconds: number,
): Promise<number> {
  const deadline = performance.now() + limitSeconds * 1000;
  for (;;) {
    const before = cpuSnapshot(databaseName);
    await sleep(2000);
    const busy = externalCpu(before, cpuSnapshot(databaseName));
    if (busy < threshold || performance.now() > deadline) return busy;
  }
}

/** CPU milliseconds this process and the bench database's server processes used between two snapshots. */
export function ourCpu(before: CpuSnapshot, after: CpuSnapshot): { appMs: number; dbMs: number } {
  let appMs = 0;
  let dbMs = 0;
  for (const [pid, ticks] of after.ours) {
    const used = ((ticks - (before.ours.get(pid) ?? 0)) * 1000) / TICKS_PER_SECOND;
    if (pid === process.pid || appPids.has(pid)) appMs += used;
    else dbMs += used;
  }
  return { appMs, dbMs };
}

// ---------------------------------------------------------------------------------------------------------
// Sessions

export interface Session {
  cookie: string;
  csrf: string;
}

export function sessionCookieOf(setCookie: string[] | string | undefined): string | undefined {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  for (const line of list) {
    const first = line.split(';')[0].trim();
    if (first.startsWith(`${SESSION_COOKIE}=`)) return first;
  }
  return undefined;
}

export async function visitorSession(base: string): Promise<Session> {
  const response = await fetch(`${base}/refresh-csrf`);
  const cookie = sessionCookieOf(response.headers.getSetCookie());
  const { token } = (await response.json()) as { token: string };
  if (!cookie || !token) throw new Error('GET /refresh-csrf gave no session cookie or token');
  return { cookie, csrf: token };
}

export async function signIn(base: string, email: string, password: string): Promise<Session> {
  const visitor = await visitorSession(base);
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: visitor.cookie, [CSRF_HEADER]: visitor.csrf },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200)
    throw new Error(`Sign-in of ${email} failed: ${response.status} ${await response.text()}`);
  const cookie = sessionCookieOf(response.headers.getSetCookie());
  if (!cookie) throw new Error(`Sign-in of ${email} set no session cookie`);
  return { cookie, csrf: visitor.csrf };
}

// ---------------------------------------------------------------------------------------------------------
// The app as its own process (bench/serve.ts)

/** Processes whose CPU counts as the app's in cpuSnapshot/ourCpu, besides this one (a forked server). */
const appPids = new Set<number>();

/**
 * Node's flags, read from apps/server's start script (`node <flags> --import tsx src/main.ts`), so that the apps
 * the benches start (the forked one, Lighthouse's) run as `npm start` runs them. Today one flag: young objects
 * get 32 MB semi-spaces (V8's default tops out at 16 MB), fewer scavenges per request. Alternated on a 2-core
 * machine: detail p95 24.3–24.8 against 25.8–26.5 ms, poll 1,455–1,532 against 1,280–1,391 req/s.
 */
export const SERVER_NODE_FLAGS = startScriptNodeFlags();

function startScriptNodeFlags(): string[] {
  const manifest = JSON.parse(readFileSync(path.join(REPO_ROOT, 'apps/server/package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const words = manifest.scripts.start.trim().split(/\s+/);
  const imports = words.indexOf('--import');
  if (words[0] !== 'node' || imports < 0) {
    throw new Error(
      `apps/server's start script no longer reads "node <flags> --import tsx …": ${manifest.scripts.start}`,
    );
  }
  return words.slice(1, imports);
}

/** Forks bench/serve.ts against `target` (with --expose-gc, and `env` besides) and resolves once it listens. */
export function startServerProcess(
  target: Target,
  poolSize: string | number | undefined,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; port: number }> {
  const child = fork(path.join(BENCH_DIR, 'serve.ts'), [], {
    // BENCH_SERVER_NODE_ARGS adds node flags to the server alone, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
    execArgv: [
      ...SERVER_NODE_FLAGS,
      '--import',
      'tsx',
      '--expose-gc',
      ...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
    ],
    env: {
      ...process.env,
      ...(target.kind === 'postgres'
        ? { BENCH_DATABASE_URL: target.databaseUrl, BENCH_POOL_SIZE: String(poolSize ?? '') }
        : { BENCH_PGLITE: target.dir }),
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  if (child.pid) appPids.add(child.pid);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The server did not start within 120 s')), 120_000);
    child.once('exit', (code) => reject(new Error(`The server exited (${code}) before listening`)));
    child.on('message', (message: { type: string; port?: number }) => {
      if (message.type === 'port') {
        clearTimeout(timer);
        resolve({ child, port: Number(message.port) });
      }
    });
  });
}

/** Asks the forked server how many database requests it has under way (checked out or waiting). */
export function serverBusy(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    const onMessage = (message: { type: string; busy?: number }) => {
      if (message.type !== 'busy') return;
      child.off('message', onMessage);
      resolve(Number(message.busy) || 0);
    };
    child.on('message', onMessage);
    child.send({ type: 'busy' });
  });
}

/** Stops the forked server (SIGKILL after 15 s). */
export async function stopServerProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.send({ type: 'stop' });
  await new Promise<void>((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => resolve(clearTimeout(kill)));
  });
  if (child.pid) appPids.delete(child.pid);
}

/** The forked server's memory after a full GC (bench/serve.ts), at `at` seconds into a run. */
export interface MemorySample {
  at: number;
  rss: number;
  heapUsed: number;
}

/** Asks the forked server for its memory after a full GC. */
export function sampleMemory(child: ChildProcess, at: number): Promise<MemorySample> {
  return new Promise((resolve) => {
    const onMessage = (message: { type: string; memory?: NodeJS.MemoryUsage }) => {
      if (message.type !== 'memory' || !message.memory) return;
      child.off('message', onMessage);
      resolve({ at, rss: message.memory.rss, heapUsed: message.memory.heapUsed });
    };
    child.on('message', onMessage);
    child.send({ type: 'memory' });
  });
}

/** A connection to the bench database for reading ids before the server starts: `query` answers column `id`. */
export async function idQuery(target: Target) {
  if (target.kind === 'postgres') {
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    return {
      query: async (text: string, values: unknown[]) =>
        (await client.query(text, values)).rows.map((row) => Number(row.id)),
      close: () => client.end(),
    };
  }
  const db = await PGlite.create(target.dir, { extensions: { pg_trgm } });
  return {
    query: async (text: string, values: unknown[]) =>
      (await db.query<{ id: number }>(text, values)).rows.map((row) => Number(row.id)),
    close: () => db.close(),
  };
}
