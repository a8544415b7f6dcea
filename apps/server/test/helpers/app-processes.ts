/**
 * Several real app processes on one database, as several servers run (ADR 0043): each is `node --import tsx
 * apps/server/src/main.ts`, the entry point `npm start` runs, on its own port of 127.0.0.1 with its own throw-away
 * data folder, and every one gets the same DATABASE_URL and the caller's shared variables (the S3_* bucket,
 * APP_SECRET, SMTP_URL...). `startAppProcesses` answers once every process answers /healthz.
 *
 * Stopping is reliable even when a test fails: `stop()` (for afterAll) ends each process with SIGTERM, then SIGKILL
 * after STOP_GRACE_MS, and deletes its data folder; a process still running when the test worker exits (a crash, a
 * timeout) is SIGKILLed by an exit hook, so none outlives its test file holding the database open.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../faults/helpers/cluster';

const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));

/** How long a process may take to shut down gracefully before it is killed. */
const STOP_GRACE_MS = 5000;
/** How long a process may take to migrate, start and answer /healthz (tsx compiles the app on start). */
const START_TIMEOUT_MS = 90_000;

export interface AppProcessesOptions {
  /** The one database every process serves. */
  databaseUrl: string;
  /** Variables every process gets, over the defaults below (the shared bucket, secret, mail server...). */
  env?: Record<string, string>;
  /** Variables of one process (0-based), over `env`: e.g. a MAIL_FROM per process, to tell their mail apart. */
  envOf?: (index: number) => Record<string, string>;
}

export interface AppProcess {
  /** 'A', 'B', ... */
  name: string;
  port: number;
  /** http://127.0.0.1:PORT */
  baseUrl: string;
  /** This process's own data folder (MEND_DATA_DIR), deleted when it stops. */
  dataDir: string;
  child: ChildProcess;
  /** Everything it printed (stdout and stderr), for failure messages. */
  output(): string;
  /** SIGTERM, SIGKILL after STOP_GRACE_MS; waits for the exit. */
  stop(): Promise<void>;
}

export interface AppProcesses {
  processes: AppProcess[];
  /** Every process's output, labelled: for a failing assertion's message. */
  outputs(): string;
  /** Stops every process (safe to call twice, and after a failed start). */
  stop(): Promise<void>;
}

/** Children not yet exited, killed when the test worker exits however it exits. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** Starts `count` processes on `options.databaseUrl`; throws (having stopped them all) if any fails to come up. */
export async function startAppProcesses(count: number, options: AppProcessesOptions): Promise<AppProcesses> {
  const started = await Promise.allSettled(
    Array.from({ length: count }, (_, index) => startOne(index, options)),
  );
  const processes = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const group: AppProcesses = {
    processes,
    outputs: () => processes.map((p) => `--- process ${p.name} ---\n${p.output()}`).join('\n'),
    stop: async () => {
      await Promise.all(processes.map((p) => p.stop()));
    },
  };
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await group.stop();
    throw failed.reason;
  }
  return group;
}

async function startOne(index: number, options: AppProcessesOptions): Promise<AppProcess> {
  const name = String.fromCharCode(65 + index);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), `mend-test-process-${name}-`));
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: options.databaseUrl,
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: baseUrl,
      MEND_DATA_DIR: dataDir,
      MEND_DEMO: 'off',
      MEND_WEB_DIST: '/nonexistent-mend-web-dist',
      // Every answer checked against its route's contract, as in the in-process tests.
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      ...options.env,
      ...options.envOf?.(index),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.stdout?.on('data', (chunk) => {
    log += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    log += chunk;
  });
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      running.delete(child);
      rmSync(dataDir, { recursive: true, force: true });
      resolve();
    });
  });
  const alive = () => child.exitCode === null && child.signalCode === null;
  const appProcess: AppProcess = {
    name,
    port,
    baseUrl,
    dataDir,
    child,
    output: () => log,
    async stop() {
      if (alive()) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      await exited;
      clearTimeout(timer);
    },
  };
  try {
    await waitForHealth(appProcess);
  } catch (error) {
    await appProcess.stop();
    throw error;
  }
  return appProcess;
}

async function waitForHealth(app: AppProcess): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (app.child.exitCode !== null || app.child.signalCode !== null) {
      throw new Error(
        `process ${app.name} exited before answering (${app.child.exitCode}):\n${app.output()}`,
      );
    }
    try {
      const response = await fetch(`${app.baseUrl}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    `process ${app.name} did not answer /healthz within ${START_TIMEOUT_MS} ms:\n${app.output()}`,
  );
}
