/**
 * bench:http --markdown FILE: replaces the current table of docs/performance.md (between its
 * `<!-- bench:http table -->` and `<!-- /bench:http table -->` markers) with this run's figures, so the
 * document states the present and git keeps the history.
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

function factsLine(facts: RunFacts): string {
  return (
    `${facts.target}: ${int(facts.counts.tickets ?? 0)} tickets, ${int(facts.counts.users ?? 0)} users; ` +
    `${facts.connections} connections, ${facts.warmup} s warm-up then ${facts.duration} s per call, ` +
    `database pool ${facts.poolSize}; ${facts.machine}; ${new Date().toISOString().slice(0, 10)}.`
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
  const note = ` (${int(count)} calls measured again on ${new Date().toISOString().slice(0, 10)}, same machine and settings).`;
  return [first.replace(/\.$/, note), '', summary(merged), '', ...HEADER, ...merged].join('\n');
}

/** Writes the run's table into `file`, or with `merge` only its calls' lines into the table there (mergedTable). */
export function writeMarkdownTable(file: string, rows: MarkdownRow[], facts: RunFacts, merge = false): void {
  const text = readFileSync(file, 'utf8');
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${file} has no ${START} … ${END} markers`);
  const table = merge
    ? mergedTable(text.slice(start + START.length, end).trim(), rows, facts)
    : markdownTable(rows, facts);
  writeFileSync(file, `${text.slice(0, start + START.length)}\n${table}\n${text.slice(end)}`);
}
