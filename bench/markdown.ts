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

export function markdownTable(rows: MarkdownRow[], facts: RunFacts): string {
  const passed = rows.filter((row) => row.verdict === 'PASS').length;
  const worst = [...rows].sort((a, b) => b.p95 - a.p95)[0];
  const lines = [
    `${facts.target}: ${int(facts.counts.tickets ?? 0)} tickets, ${int(facts.counts.users ?? 0)} users; ` +
      `${facts.connections} connections, ${facts.warmup} s warm-up then ${facts.duration} s per call, ` +
      `database pool ${facts.poolSize}; ${facts.machine}; ${new Date().toISOString().slice(0, 10)}.`,
    '',
    `${passed} of ${rows.length} calls meet their target.` +
      (worst
        ? ` Slowest p95: ${ms(worst.p95)} ms (${worst.route}, ${worst.variant}, ${ROLE_NAMES[worst.role] ?? worst.role}).`
        : ''),
    '',
    '| endpoint | role | call | req/s | p50 ms | p95 ms | SQL p50 ms | API/SQL | target p95 | result |',
    '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...rows.map((row) =>
      [
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
        .replace(/$/, ' |'),
    ),
  ];
  return lines.join('\n');
}

export function writeMarkdownTable(file: string, rows: MarkdownRow[], facts: RunFacts): void {
  const text = readFileSync(file, 'utf8');
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${file} has no ${START} … ${END} markers`);
  const table = markdownTable(rows, facts);
  writeFileSync(file, `${text.slice(0, start + START.length)}\n${table}\n${text.slice(end)}`);
}
