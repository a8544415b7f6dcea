/**
 * npm run bench:lighthouse -- [--runs 3] [--pages /login,/tickets] [--presets mobile,desktop] [--port 4811]
 *                             [--skip-build] [--lighthouse lighthouse@12.8.2] [--reports DIR] [--cpu-slowdown N]
 *                             [--returning] [--server-render off]
 *
 * Lighthouse (performance and accessibility) on the production build with demo data, as SPEC'd for the login
 * and tickets pages. Builds the web app (unless --skip-build), starts the app as its own process on an empty
 * embedded database in a temporary folder (demo data), signs the demo manager in for every page but /login
 * (the session cookie in a new browser profile per run), then runs Lighthouse --runs times per page and
 * preset with Debian's Chromium. Prints each run and, per page and preset, the median and range of each
 * figure against the target (score ≥ 95).
 *
 * Lighthouse is not a dependency of the project (it would double `npm ci`): it is run with `npx --yes`, which
 * fetches it from the npm registry into npm's cache the first time. 12.x because 13.x needs Node ≥ 22.19.
 * Lighthouse's own scores move by up to a third between runs on a shared 2-core machine: read the ranges.
 * --reports DIR keeps each run's JSON report there (its long tasks, main-thread breakdown and trace details).
 * --cpu-slowdown N sets how many times slower than this machine the CPU is simulated (Lighthouse's default: 4
 * for mobile, 1 for desktop): 8 on a fast machine approximates mobile on one half as fast.
 * --returning: the signed-in profile also holds the window's width the app reported on an earlier visit
 * (VIEWPORT_COOKIE, the preset's width), so that the server renders /tickets for desktop too; without it only
 * the mobile preset's phone user agent gets the server's render (ADR 0015). --server-render off: the app
 * sends every page without it (MEND_SERVER_RENDER=off), to measure what it earns (ADR 0028).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { VIEWPORT_COOKIE } from '@mend/shared';
import { chromium } from 'playwright-core';
import { DEMO_PASSWORD } from '../apps/server/src/db/demo-seed';
import { machineLine, percentile, REPO_ROOT, SERVER_NODE_FLAGS, signIn, table, uptimeLine } from './lib';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    pages: { type: 'string', default: '/login,/tickets' },
    presets: { type: 'string', default: 'mobile,desktop' },
    port: { type: 'string', default: '4811' },
    'skip-build': { type: 'boolean', default: false },
    lighthouse: { type: 'string', default: 'lighthouse@12.8.2' },
    chrome: { type: 'string', default: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
    reports: { type: 'string' },
    'cpu-slowdown': { type: 'string' },
    returning: { type: 'boolean', default: false },
    'server-render': { type: 'string', default: 'on' },
  },
});
if (!['on', 'off'].includes(args['server-render'])) throw new Error('--server-render must be on or off');

const TARGET_SCORE = 95;
/** Lighthouse's simulated CPU slowdown when given (its own default otherwise: 4 for mobile, 1 for desktop). */
const cpuSlowdown = args['cpu-slowdown'] === undefined ? null : Number(args['cpu-slowdown']);
if (cpuSlowdown !== null && !(cpuSlowdown >= 1)) throw new Error('--cpu-slowdown must be a number ≥ 1');
/** The demo account whose session opens the signed-in pages. */
const SIGNED_IN_AS = 'manager@northwind.test';
const CHROME_FLAGS =
  '--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run';
/** The window's width of each of Lighthouse's presets (its screen emulation), as the app reports it. */
const PRESET_WIDTHS: Record<string, number> = { mobile: 412, desktop: 1350 };

interface Run {
  page: string;
  preset: string;
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  benchmarkIndex: number;
}

const runs = Number(args.runs);
const pages = args.pages.split(',').filter(Boolean);
const presets = args.presets.split(',').filter(Boolean);
const base = `http://127.0.0.1:${args.port}`;

function run(command: string, commandArgs: string[]): void {
  const result = spawnSync(command, commandArgs, { cwd: REPO_ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${commandArgs.join(' ')} failed (${result.status})`);
}

async function waitForPage(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The app exited (${child.exitCode}) before answering`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer within 120 s`);
}

/** Lighthouse now and then fails to record its trace (NO_NAVSTART): such a run is made again, this often. */
const ATTEMPTS_PER_RUN = 3;

/**
 * A new browser profile whose cookie jar holds `cookie` (the signed-in session), as a browser that signed in
 * has it, and with `width` the width the app reported (VIEWPORT_COOKIE) on an earlier visit. Not Lighthouse's
 * --extra-headers: once the page sets a cookie of its own (the app reports the window's width), the browser
 * sends its jar instead of that header, and the app's requests went without the session. A new profile per
 * run: each run is a first visit apart from these cookies.
 */
async function profileWithCookie(cookie: string, dir: string, width: number | null): Promise<string> {
  const [name, ...value] = cookie.split('=');
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: args.chrome,
    args: CHROME_FLAGS.split(' '),
  });
  // With an expiry: a session cookie would not be kept when the browser closes.
  const expires = Math.floor(Date.now() / 1000) + 3600;
  const jar = (cookieName: string, cookieValue: string) => ({
    name: cookieName,
    value: cookieValue,
    domain: '127.0.0.1',
    path: '/',
    expires,
  });
  await context.addCookies([
    jar(name, value.join('=')),
    ...(width === null ? [] : [jar(VIEWPORT_COOKIE, String(width))]),
  ]);
  await context.close();
  return dir;
}

/** One Lighthouse run; null when Lighthouse itself failed (it prints why), which is worth another try. */
function lighthouse(page: string, preset: string, profile: string | null, output: string): Run | null {
  const lighthouseArgs = [
    '--yes',
    args.lighthouse,
    `${base}${page}`,
    '--only-categories=performance,accessibility',
    '--output=json',
    `--output-path=${output}`,
    '--quiet',
    // A --user-data-dir after chrome-launcher's own replaces it.
    `--chrome-flags=${CHROME_FLAGS}${profile ? ` --user-data-dir=${profile}` : ''}`,
    ...(preset === 'desktop' ? ['--preset=desktop'] : []),
    ...(cpuSlowdown !== null ? [`--throttling.cpuSlowdownMultiplier=${cpuSlowdown}`] : []),
  ];
  const result = spawnSync('npx', lighthouseArgs, {
    cwd: tmpdir(),
    env: { ...process.env, CHROME_PATH: args.chrome },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) return null;
  const report = JSON.parse(readFileSync(output, 'utf8'));
  // A stale cookie would measure the redirect to /login instead of the page asked for.
  if (new URL(report.finalDisplayedUrl).pathname !== page)
    throw new Error(`Lighthouse measured ${report.finalDisplayedUrl} instead of ${page}`);
  const audit = (id: string) => Number(report.audits[id]?.numericValue ?? Number.NaN);
  return {
    page,
    preset,
    performance: Math.round(report.categories.performance.score * 100),
    accessibility: Math.round(report.categories.accessibility.score * 100),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    benchmarkIndex: Math.round(report.environment?.benchmarkIndex ?? 0),
  };
}

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`;
const millis = (value: number) => `${Math.round(value)} ms`;
const spread = (values: number[], show: (value: number) => string) => {
  const low = Math.min(...values);
  const high = Math.max(...values);
  return low === high ? show(low) : `${show(median(values))} (${show(low)}–${show(high)})`;
};

/**
 * Chrome's installability check of /login (ADR 0044), as its "Install app" offer decides: none of its errors, once
 * the service worker controls the page. In a profile on disk (Chrome installs nothing from a private one).
 */
async function installabilityErrors(): Promise<string> {
  const dir = mkdtempSync(path.join(dataDir, 'install-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: args.chrome,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    const page = await context.newPage();
    await page.goto(`${base}/login`);
    // A function, not a string: the app's Content-Security-Policy forbids the eval a string would need. Its
    // browser's types are its own, as this file is checked without the DOM's.
    type InPage = { navigator: { serviceWorker: { controller: { state: string } | null } } };
    await page.waitForFunction(
      () => (globalThis as unknown as InPage).navigator.serviceWorker.controller?.state === 'activated',
      null,
      { timeout: 30_000 },
    );
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors: errors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    return errors.length === 0 ? 'yes' : `no (${errors.map((error) => error.errorId).join(', ')})`;
  } finally {
    await context.close();
  }
}

console.log(`Lighthouse (${args.lighthouse}), ${runs} run(s) per page and preset`);
if (cpuSlowdown !== null) console.log(`CPU simulated ${cpuSlowdown}× slower than this machine`);
if (args.returning) console.log('A returning visitor: the profile holds the width the app reported');
if (args['server-render'] === 'off') console.log('The server render of signed-in screens switched off');
console.log(machineLine());
console.log(`Start: ${uptimeLine()}\n`);

if (!args['skip-build']) run('npm', ['run', 'build', '-w', '@mend/web']);
if (args.reports) mkdirSync(args.reports, { recursive: true });

const dataDir = mkdtempSync(path.join(tmpdir(), 'mend-lighthouse-'));
// The embedded database, new and empty: the app fills it with the demo data as it starts.
const { DATABASE_URL: _unused, ...environment } = process.env;
// Started as apps/server's start script starts it (its node flags too).
const app = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', 'src/main.ts'], {
  cwd: path.join(REPO_ROOT, 'apps/server'),
  env: {
    ...environment,
    MEND_DATA_DIR: dataDir,
    PORT: args.port,
    HOST: '127.0.0.1',
    ...(args['server-render'] === 'off' ? { MEND_SERVER_RENDER: 'off' } : {}),
  },
  stdio: 'ignore',
});
const results: Run[] = [];
let installability = 'not checked';
try {
  await waitForPage(`${base}/login`, app);
  installability = await installabilityErrors();
  const session = await signIn(base, SIGNED_IN_AS, DEMO_PASSWORD);
  for (const page of pages) {
    for (const preset of presets) {
      for (let index = 0; index < runs; index++) {
        const report = path.join(dataDir, `report-${results.length}.json`);
        const profile = () =>
          page === '/login'
            ? null
            : profileWithCookie(
                session.cookie,
                mkdtempSync(path.join(dataDir, 'profile-')),
                args.returning ? (PRESET_WIDTHS[preset] ?? null) : null,
              );
        let result = lighthouse(page, preset, await profile(), report);
        for (let attempt = 1; !result; attempt++) {
          if (attempt === ATTEMPTS_PER_RUN)
            throw new Error(`Lighthouse failed ${ATTEMPTS_PER_RUN} times on ${page} (${preset})`);
          console.log(`${page} ${preset} #${index + 1}: Lighthouse failed, running it again`);
          result = lighthouse(page, preset, await profile(), report);
        }
        results.push(result);
        if (args.reports) {
          const name = `${page.replace(/\W+/g, '') || 'root'}-${preset}-${index + 1}.json`;
          copyFileSync(report, path.join(args.reports, name));
        }
        console.log(
          `${page} ${preset} #${index + 1}: performance ${result.performance}, accessibility ${result.accessibility}, ` +
            `FCP ${seconds(result.fcp)}, LCP ${seconds(result.lcp)}, TBT ${millis(result.tbt)}, ` +
            `CLS ${result.cls.toFixed(3)}, benchmark index ${result.benchmarkIndex}`,
        );
      }
    }
  }
} finally {
  app.kill('SIGTERM');
  await new Promise((resolve) => app.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}

const rows = pages.flatMap((page) =>
  presets.map((preset) => {
    const own = results.filter((result) => result.page === page && result.preset === preset);
    const pick = (key: keyof Run) => own.map((result) => Number(result[key]));
    const met = median(pick('performance')) >= TARGET_SCORE && median(pick('accessibility')) >= TARGET_SCORE;
    return [
      page,
      preset,
      spread(pick('performance'), String),
      spread(pick('accessibility'), String),
      spread(pick('fcp'), seconds),
      spread(pick('lcp'), seconds),
      spread(pick('tbt'), millis),
      spread(pick('cls'), (value) => value.toFixed(3)),
      met ? 'met' : 'missed',
    ];
  }),
);
console.log(
  `\nMedian (and range) of ${runs} run(s); target: performance and accessibility ≥ ${TARGET_SCORE}\n`,
);
console.log(
  table([['page', 'preset', 'performance', 'accessibility', 'FCP', 'LCP', 'TBT', 'CLS', 'target'], ...rows]),
);
console.log(`\nInstallable (Chrome's own check, Lighthouse 12 has no PWA category): ${installability}`);
console.log(`\nEnd: ${uptimeLine()}`);
