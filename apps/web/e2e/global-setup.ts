/**
 * Starts the real server on a free port with a throw-away embedded database and demo data, its outbox delivering
 * emails to a test SMTP server here, and replies by email on (its own SMTP listener on another free port).
 * journey.e2e.ts starts a second one the same way (moved-clock.ts), whose clock it moves.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** GET it for every email the app has sent so far: [{ to, subject, text }]. */
    mailboxUrl: string;
    /** The app's own SMTP listener of replies by email (ADR 0030), on 127.0.0.1. */
    inboundSmtpPort: number;
    /** The domain of the reply addresses in ticket emails' Reply-To (`reply+<token>@…`). */
    inboundMailDomain: string;
  }
}

/** Replies by email are on: ticket emails carry a signed Reply-To at this domain, and the app listens for them. */
const INBOUND_MAIL_DOMAIN = 'reply.mend.test';

export interface CaughtMail {
  to: string[];
  /** Decoded by mailparser: a subject with other than ASCII is sent as encoded words, folded over lines. */
  subject: string;
  /** The raw message with quoted-printable soft breaks and escapes undone, so links can be read whole. */
  text: string;
}

/** Undoes quoted-printable soft line breaks and =XX escapes, read as UTF-8 (enough to read links and texts). */
function readable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/(?:=[0-9A-F]{2})+/g, (run) => Buffer.from(run.replaceAll('=', ''), 'hex').toString('utf8'));
}

/** A real SMTP server that keeps what it receives, and a tiny HTTP endpoint that lists it. */
export async function startMailCatcher(): Promise<{
  smtpPort: number;
  mailboxUrl: string;
  stop(): Promise<void>;
}> {
  const mails: CaughtMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
      });
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw).then(
          (parsed) => {
            const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
            mails.push({ to, subject: parsed.subject ?? '', text: readable(raw.toString('utf8')) });
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  const smtpPort = await freePort();
  await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
  const mailbox = http.createServer((_request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(mails));
  });
  const mailboxPort = await freePort();
  await new Promise<void>((resolve) => mailbox.listen(mailboxPort, '127.0.0.1', resolve));
  return {
    smtpPort,
    mailboxUrl: `http://127.0.0.1:${mailboxPort}`,
    stop: async () => {
      await new Promise((resolve) => smtp.close(() => resolve(null)));
      await new Promise((resolve) => mailbox.close(() => resolve(null)));
    },
  };
}

export const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${output()}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not answer /healthz in time:\n${output()}`);
}

/** Waits until the app's inbound SMTP listener takes connections (it starts just after the HTTP server). */
async function waitForSmtp(port: number, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${output()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      // Its greeting answered with QUIT: a polite client, nothing for the app to log.
      socket.once('data', () => {
        socket.end('QUIT\r\n');
        resolve(true);
      });
      socket.on('error', () => resolve(false));
      socket.setTimeout(2000, () => {
        socket.destroy();
        resolve(false);
      });
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the inbound SMTP listener did not open port ${port} in time:\n${output()}`);
}

/**
 * The environment of a real server on 127.0.0.1:`port` with a throw-away embedded database (`dataDir`) and demo
 * data, its outbox delivering emails every 250 ms to the test SMTP server on `smtpPort`.
 */
export function serverEnv(port: number, dataDir: string, smtpPort: number): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${port}`,
    MEND_DATA_DIR: dataDir,
    MEND_DEMO: 'on',
    LOGIN_RATE_LIMIT: '1000',
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    // Vitest sets NODE_ENV=test, which would turn the outbox worker off: this server runs as in development.
    NODE_ENV: 'development',
    OUTBOX_WORKER: 'on',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    OUTBOX_POLL_MS: '250',
    // The webhooks journey's receiver listens on 127.0.0.1, as every test server does.
    WEBHOOKS_ALLOW_PRIVATE: 'on',
    // Off on this shared server: the demo data's overdue tickets would alert their managers at a moment no test
    // chooses, changing the bells the tests count. The journeys that need it start their own (moved-clock.ts).
    DUE_WORK_WORKER: 'off',
  };
}

export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mend-e2e-'));
  const catcher = await startMailCatcher();
  const port = await freePort();
  const inboundPort = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(path.join(repoRoot, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...serverEnv(port, dataDir, catcher.smtpPort),
      INBOUND_SMTP_HOST: '127.0.0.1',
      INBOUND_SMTP_PORT: String(inboundPort),
      INBOUND_MAIL_DOMAIN,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    log += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    log += chunk;
  });
  await waitForHealth(baseUrl, child, () => log);
  await waitForSmtp(inboundPort, child, () => log);
  project.provide('baseUrl', baseUrl);
  project.provide('mailboxUrl', catcher.mailboxUrl);
  project.provide('inboundSmtpPort', inboundPort);
  project.provide('inboundMailDomain', INBOUND_MAIL_DOMAIN);

  return async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => {
      if (child.exitCode !== null) resolve(null);
      child.once('exit', resolve);
      setTimeout(resolve, 5000);
    });
    await catcher.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
