/**
 * The real server as a child process: `node --import tsx apps/server/src/main.ts`, one Node process (no
 * tsx wrapper in between), so SIGKILL reaches the process that holds the database connections.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './cluster';

export const repoRoot = fileURLToPath(new URL('../../../../..', import.meta.url));

export const APP_SECRET = 'faults-test-secret-shared-by-every-process';

export interface ServerOptions {
  databaseUrl: string;
  smtpUrl: string;
  /** Same port again (a restarted process); a free one when omitted. */
  port?: number;
  /** A data folder kept after exit (uploads survive a restart); a throw-away one when omitted. */
  dataDir?: string;
  env?: Record<string, string>;
}

export interface ServerProcess {
  name: string;
  port: number;
  baseUrl: string;
  child: ChildProcess;
  output(): string;
  /** Resolves when the process has exited (code or signal). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGKILL, then wait for the exit. */
  kill(): Promise<void>;
  /** SIGTERM (graceful), SIGKILL after 5 s. */
  stop(): Promise<void>;
}

/** Every server process this test file started, running or not (their output is printed on a failure). */
export const startedServers = new Set<ServerProcess>();

export async function startServer(name: string, options: ServerOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), `mend-faults-${name}-`));
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: baseUrl,
      DATABASE_URL: options.databaseUrl,
      MEND_DATA_DIR: dataDir,
      MEND_DEMO: 'on',
      MEND_WEB_DIST: '/nonexistent-mend-web-dist',
      APP_SECRET,
      LOGIN_RATE_LIMIT: '10000',
      MAIL_RATE_LIMIT: '10000',
      LOG_LEVEL: 'warn',
      // Vitest sets NODE_ENV=test, which turns the outbox worker off: these run as in development.
      NODE_ENV: 'development',
      OUTBOX_WORKER: 'on',
      OUTBOX_POLL_MS: '100',
      SMTP_URL: options.smtpUrl,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    log += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    log += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
      resolve({ code, signal });
    });
  });
  const server: ServerProcess = {
    name,
    port,
    baseUrl,
    child,
    output: () => log,
    exited,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
  startedServers.add(server);
  try {
    await waitForHealth(server);
  } catch (error) {
    await server.kill();
    throw error;
  }
  return server;
}

async function waitForHealth(server: ServerProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) {
      throw new Error(`${server.name} exited early (${server.child.exitCode}):\n${server.output()}`);
    }
    try {
      const response = await fetch(`${server.baseUrl}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${server.name} did not answer /healthz in time:\n${server.output()}`);
}
