#!/usr/bin/env node
/**
 * `npm test`: every check, in order, stopping at the first failure.
 *   typecheck → lint → unit + API tests on PGlite → API tests on PostgreSQL (when one answers)
 *   → fault tests (real server processes on a private PostgreSQL cluster, Linux with initdb installed)
 *   → build the web app → browser tests in Debian's Chromium (installed when missing).
 * Set MEND_SKIP_E2E=1 to skip the browser tests, MEND_SKIP_FAULTS=1 the fault tests, while iterating.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const started = Date.now();
const results = [];
const totals = { passed: 0, failed: 0, skipped: 0 };
const reports = mkdtempSync(path.join(tmpdir(), 'mend-test-reports-'));
let reportCount = 0;

/** Vitest arguments that also write a JSON report, whose counts the summary adds up. */
function vitestArgs(...args) {
  const file = path.join(reports, `report-${++reportCount}.json`);
  return ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`];
}

function countReports() {
  for (let i = 1; i <= reportCount; i++) {
    try {
      const report = JSON.parse(readFileSync(path.join(reports, `report-${i}.json`), 'utf8'));
      totals.passed += report.numPassedTests;
      totals.failed += report.numFailedTests;
      totals.skipped += report.numPendingTests + report.numTodoTests;
    } catch {
      // a run that died before writing its report already failed the command
    }
  }
}

function run(title, command, args, env = {}) {
  const t0 = Date.now();
  console.log(`\n=== ${title} ===\n$ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  results.push(`${result.status === 0 ? 'ok  ' : 'FAIL'} ${title} (${seconds} s)`);
  if (result.status !== 0) finish(1);
}

function finish(code) {
  countReports();
  rmSync(reports, { recursive: true, force: true });
  console.log(`\n=== summary (${((Date.now() - started) / 1000).toFixed(0)} s) ===\n${results.join('\n')}`);
  console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  process.exit(code !== 0 || totals.failed > 0 || totals.passed === 0 ? 1 : 0);
}

function postgresAnswers(host = '127.0.0.1', port = 5432) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 1500 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** A PostgreSQL installation's initdb (Debian layout), for the fault tests' private cluster. */
function findInitdb() {
  const root = '/usr/lib/postgresql';
  if (process.platform !== 'linux' || !existsSync(root)) return null;
  const found = readdirSync(root)
    .map((version) => path.join(root, version, 'bin', 'initdb'))
    .filter((file) => existsSync(file));
  return found[0] ?? null;
}

function ensureChromium() {
  if (existsSync('/usr/bin/chromium')) return;
  console.log(
    '\nDebian Chromium is missing: installing it (apt-get install -y chromium) for the browser tests.',
  );
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const update = spawnSync(
    sudo[0] ?? 'apt-get',
    [...sudo.slice(1), ...(sudo.length ? ['apt-get'] : []), 'update'],
    {
      stdio: 'inherit',
    },
  );
  const install = spawnSync(
    sudo[0] ?? 'apt-get',
    [...(sudo.length ? ['apt-get'] : []), 'install', '-y', '--no-install-recommends', 'chromium'],
    { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } },
  );
  if (update.status !== 0 || install.status !== 0 || !existsSync('/usr/bin/chromium')) {
    console.error('Could not install Chromium; the browser tests need /usr/bin/chromium.');
    finish(1);
  }
}

run('typecheck', 'npm', ['run', '--silent', 'typecheck']);
run('lint and format (Biome)', 'npx', ['biome', 'check', '.']);
run('unit and API tests (PGlite)', 'npx', vitestArgs());

const databaseUrl = process.env.MEND_TEST_PG_URL ?? process.env.DATABASE_URL;
if (databaseUrl || (await postgresAnswers())) {
  run('API tests (PostgreSQL)', 'npx', vitestArgs('--project', '@mend/server'), {
    MEND_TEST_DB: 'postgres',
    ...(databaseUrl ? { MEND_TEST_PG_URL: databaseUrl } : {}),
  });
} else {
  results.push('skip API tests (PostgreSQL): no server at 127.0.0.1:5432 and no DATABASE_URL');
}

if (process.env.MEND_SKIP_FAULTS === '1') {
  results.push('skip fault tests (MEND_SKIP_FAULTS=1)');
} else if (findInitdb()) {
  run(
    'fault tests (private PostgreSQL cluster)',
    'npx',
    vitestArgs('--config', 'apps/server/test/faults/vitest.config.ts'),
  );
} else {
  results.push('skip fault tests: needs Linux and /usr/lib/postgresql/*/bin/initdb');
}

if (process.env.MEND_SKIP_E2E === '1') {
  results.push('skip browser tests (MEND_SKIP_E2E=1)');
} else {
  ensureChromium();
  run('build the web app', 'npm', ['run', '--silent', 'build']);
  run('browser tests (Playwright + Chromium)', 'npx', [
    'vitest',
    'run',
    '--config',
    'apps/web/e2e/vitest.config.ts',
  ]);
}
finish(0);
