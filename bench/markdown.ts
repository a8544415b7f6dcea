/**
 * bench:http --markdown FILE: writes this run's figures, so the documents state the present and git keeps the
 * history. Every call's line goes to the table of FILE's sibling `<name>-calls.md` (docs/performance-calls.md),
 * and one line per endpoint, summed up from that table, to FILE's (docs/performance.md); each table sits between
 * its file's `<!-- bench:http table -->` and `<!-- /bench:http table -->` markers.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { int, ms } from './lib';

export interface MarkdownRow {
  route: string;
  role: string;
  variant: string;
  concurrency: number;
  rps: number;
  p50: number;
  p95: number;
  sqlP50?: number;
  target?: number;
  verdict: string;
}

export interface RunFacts {
  target: string;
  counts: Record<string, number>;
  connections: number;
  duration: number;
  warmup: number;
  poolSize: number;
  /** App processes that took the load (`--server-process`, `--processes`); 0: the app inside the bench's process. */
  appProcesses: number;
  machine: string;
}

const START = '<!-- bench:http table -->';
const END = '<!-- /bench:http table -->';

const ROLE_NAMES: Record<string, string> = {
  superAdmin: 'super admin',
  manager: 'manager',
  tenant: 'tenant',
  contractor: 'contractor',
};

const HEADER = [
  '| endpoint | role | call | req/s | p50 ms | p95 ms | SQL p50 ms | API/SQL | target p95 | result |',
  '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
];

function tableLine(row: MarkdownRow, facts: RunFacts): string {
  return [
    `\`${row.route}\``,
    ROLE_NAMES[row.role] ?? row.role,
    row.variant.replaceAll('|', '\\|'),
    row.concurrency === facts.connections ? int(row.rps) : `${int(row.rps)} (one at a time)`,
    ms(row.p50),
    ms(row.p95),
    row.sqlP50 === undefined ? '-' : ms(row.sqlP50),
    row.sqlP50 === undefined ? '-' : `${(row.p50 / row.sqlP50).toFixed(2)}×`,
    row.target === undefined ? '-' : `< ${row.target}`,
    row.verdict,
  ]
    .join(' | ')
    .replace(/^/, '| ')
    .replace(/$/, ' |');
}

/** A table line's call (endpoint, role, call), its p95 and its result. */
function cellsOf(line: string) {
  const cells = line
    .replace(/^\| | \|$/g, '')
    .split(/ (?<!\\)\| /)
    .map((cell) => cell.trim());
  return { key: cells.slice(0, 3).join(' | '), p95: Number(cells[5].replaceAll(',', '')), cells };
}

function summary(lines: string[]): string {
  const parsed = lines.map(cellsOf);
  const passed = parsed.filter((row) => row.cells[9] === 'PASS').length;
  const worst = [...parsed].sort((a, b) => b.p95 - a.p95)[0];
  return (
    `${passed} of ${lines.length} calls meet their target.` +
    (worst
      ? ` Slowest p95: ${worst.cells[5]} ms (${worst.cells[0].replaceAll('`', '')}, ${worst.cells[2]}, ${worst.cells[1]}).`
      : '')
  );
}

/** Where the app that took the load ran, as the facts line says it (and a merge compares). */
function appPlace(processes: number): string {
  if (processes === 0) return 'the app inside the bench’s process';
  return processes === 1 ? 'the app in its own process' : `the app in ${processes} processes of its own`;
}

function factsLine(facts: RunFacts): string {
  return (
    `${facts.target}: ${int(facts.counts.tickets ?? 0)} tickets, ${int(facts.counts.users ?? 0)} users; ` +
    `${appPlace(facts.appProcesses)}, ${facts.connections} connections, ${facts.warmup} s warm-up then ` +
    `${facts.duration} s per call, database pool ${facts.poolSize}; ${facts.machine}; ` +
    `${new Date().toISOString().slice(0, 10)}.`
  );
}

export function markdownTable(rows: MarkdownRow[], facts: RunFacts): string {
  const lines = rows.map((row) => tableLine(row, facts));
  return [factsLine(facts), '', summary(lines), '', ...HEADER, ...lines].join('\n');
}

/**
 * The table of `existing` (a table written by markdownTable) with the lines of the calls measured again replaced
 * by `rows`, in place (a call the table lacks is added at the end); the summary is counted again and the first
 * line says how many calls were measured later.
 */
export function mergedTable(existing: string, rows: MarkdownRow[], facts: RunFacts): string {
  // A call measured with the app in another place than the table's would not compare with its neighbours.
  const place = appPlace(facts.appProcesses);
  if (!existing.split('\n')[0].includes(`; ${place}, `))
    throw new Error(`--merge: the table was not taken with ${place}; run as it was (see its first line)`);
  const lines = existing.split('\n').filter((line) => line.startsWith('| `'));
  const fresh = new Map(rows.map((row) => [cellsOf(tableLine(row, facts)).key, tableLine(row, facts)]));
  const merged = lines.map((line) => {
    const key = cellsOf(line).key;
    const replacement = fresh.get(key);
    fresh.delete(key);
    return replacement ?? line;
  });
  merged.push(...fresh.values());
  // Earlier merges' calls are counted in too (a call merged twice counts twice).
  const earlier = existing.split('\n')[0].match(/ \((\d+) calls? measured again[^)]*\)\.$/);
  const first = existing.split('\n')[0].replace(/ \(\d+ calls? measured again[^)]*\)\.$/, '.');
  const count = rows.length + (earlier ? Number(earlier[1]) : 0);
  const note = ` (${int(count)} calls measured again on ${new Date().toISOString().slice(0, 10)}, same settings, on the machine of that run).`;
  return [first.replace(/\.$/, note), '', summary(merged), '', ...HEADER, ...merged].join('\n');
}

const ENDPOINT_HEADER = [
  '| endpoint | calls | meet target | slowest p95 ms | its call | highest API/SQL |',
  '| --- | ---: | ---: | ---: | --- | ---: |',
];

/**
 * One line per endpoint of a calls table (markdownTable): how many calls (roles × variants) were measured, how
 * many met their target, the slowest p95 and its call, the highest API/SQL ratio.
 */
export function endpointTable(callsTable: string): string {
  const lines = callsTable.split('\n').filter((line) => line.startsWith('| `'));
  const byEndpoint = new Map<string, ReturnType<typeof cellsOf>[]>();
  for (const line of lines) {
    const row = cellsOf(line);
    const endpoint = row.cells[0];
    byEndpoint.set(endpoint, [...(byEndpoint.get(endpoint) ?? []), row]);
  }
  const ratio = (row: ReturnType<typeof cellsOf>) => Number(row.cells[7].replace('×', '')) || 0;
  const body = [...byEndpoint].map(([endpoint, rows]) => {
    const slowest = [...rows].sort((a, b) => b.p95 - a.p95)[0];
    const highest = [...rows].sort((a, b) => ratio(b) - ratio(a))[0];
    const passed = rows.filter((row) => row.cells[9] === 'PASS').length;
    return `| ${endpoint} | ${rows.length} | ${passed} | ${slowest.cells[5]} | ${slowest.cells[2]}, ${slowest.cells[1]} | ${highest.cells[7]} |`;
  });
  const first = callsTable.split('\n')[0];
  return [first, '', summary(lines), '', ...ENDPOINT_HEADER, ...body].join('\n');
}

function tableOf(file: string, text: string): { before: string; table: string; after: string } {
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${file} has no ${START} … ${END} markers`);
  return {
    before: text.slice(0, start + START.length),
    table: text.slice(start + START.length, end).trim(),
    after: text.slice(end),
  };
}

function replaceTable(file: string, table: string): void {
  const { before, after } = tableOf(file, readFileSync(file, 'utf8'));
  writeFileSync(file, `${before}\n${table}\n${after}`);
}

/** The calls table beside a document: docs/performance.md → docs/performance-calls.md. */
export const callsFileOf = (file: string) => file.replace(/\.md$/, '-calls.md');

/**
 * Writes the run's calls into the calls table beside `file` (or with `merge` only its calls' lines, mergedTable),
 * then the endpoints' summary of the whole calls table into `file`.
 */
export function writeMarkdownTable(file: string, rows: MarkdownRow[], facts: RunFacts, merge = false): void {
  const callsFile = callsFileOf(file);
  const calls = merge
    ? mergedTable(tableOf(callsFile, readFileSync(callsFile, 'utf8')).table, rows, facts)
    : markdownTable(rows, facts);
  replaceTable(callsFile, calls);
  replaceTable(file, endpointTable(calls));
}
