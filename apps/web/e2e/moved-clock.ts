/**
 * A second real server for the tests that move the clock (journey.e2e.ts): moved-clock-server.ts (the server as
 * main.ts starts it, its clock the real one plus an offset) with its own throw-away database and demo data, its own
 * test SMTP server, and its due-work worker (reminders) looking every 250 ms. global-setup.ts's server is left as it
 * is. Point the browser helpers at it with `setOwnServer` (browser.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, setOwnServer } from './browser';
import { freePort, repoRoot, serverEnv, startMailCatcher, waitForHealth } from './global-setup';

export interface MovedClockServer {
  baseUrl: string;
  /** GET it for every email this server has sent so far. */
  mailboxUrl: string;
  /** The server's clock now. */
  now(): Promise<Date>;
  /** Moves the server's clock forward to `moment` (it then runs on from there). */
  moveClockTo(moment: Date): Promise<void>;
  stop(): Promise<void>;
}

async function clock(url: string, offsetMs?: number): Promise<{ offset_ms: number; now: string }> {
  const response = await fetch(
    url,
    offsetMs === undefined
      ? {}
      : {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ offset_ms: offsetMs }),
        },
  );
  if (!response.ok) throw new Error(`the clock refused: ${response.status} ${await response.text()}`);
  return (await response.json()) as { offset_ms: number; now: string };
}

export async function startMovedClockServer(): Promise<MovedClockServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mend-e2e-clock-'));
  const catcher = await startMailCatcher();
  const port = await freePort();
  const controlPort = await freePort();
  const controlUrl = `http://127.0.0.1:${controlPort}/`;
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  const child: ChildProcess = spawn(
    path.join(repoRoot, 'node_modules/.bin/tsx'),
    ['apps/web/e2e/moved-clock-server.ts'],
    {
      cwd: repoRoot,
      env: {
        ...serverEnv(port, dataDir, catcher.smtpPort),
        CLOCK_CONTROL_PORT: String(controlPort),
        DUE_WORK_WORKER: 'on',
        DUE_WORK_POLL_MS: '250',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (chunk) => {
    log += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    log += chunk;
  });
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => {
      if (child.exitCode !== null) resolve(null);
      child.once('exit', resolve);
      setTimeout(resolve, 5000);
    });
    await catcher.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, child, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    baseUrl,
    mailboxUrl: catcher.mailboxUrl,
    now: async () => new Date((await clock(controlUrl)).now),
    moveClockTo: async (moment) => {
      await clock(controlUrl, Math.max(0, moment.getTime() - Date.now()));
    },
    stop,
  };
}

/**
 * A test file's own moved-clock server and a browser: started before its tests, with browser.ts's page helpers
 * pointed at the server (`setOwnServer`), and stopped after them. Read `server` and `browser` inside the tests.
 */
export function movedClockSuite(): { readonly server: MovedClockServer; readonly browser: Browser } {
  const suite = {} as { server: MovedClockServer; browser: Browser };
  beforeAll(async () => {
    suite.server = await startMovedClockServer();
    setOwnServer(suite.server);
    suite.browser = await launchBrowser();
  });
  afterAll(async () => {
    await suite.browser?.close();
    setOwnServer(null);
    await suite.server?.stop();
  });
  return suite;
}
