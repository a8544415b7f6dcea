/**
 * A real SMTP server (the `smtp-server` package) in its own Node process on 127.0.0.1 and a free port,
 * for delivery tests: the app's nodemailer transport talks SMTP to it over TCP, and every message it
 * accepts comes back to the test (over the child's IPC channel) with its envelope and its parsed MIME.
 * `failNext(n)` answers the next n messages with a temporary failure (451); `rejectRecipient(address)`
 * refuses an address for good (550).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ReceivedMail {
  /** Envelope sender and recipients. */
  from: string;
  to: string[];
  /** Headers, lower-case names, decoded (RFC 2047 words) and unfolded. */
  headers: Record<string, string>;
  subject: string;
  text: string;
  html: string;
  raw: string;
}

export interface TestSmtpServer {
  /** smtp://127.0.0.1:PORT */
  url: string;
  messages: ReceivedMail[];
  /** Waits until at least `count` messages have arrived (throws after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  failNext(count: number): Promise<void>;
  rejectRecipient(address: string): Promise<void>;
  close(): Promise<void>;
}

/** The child process: plain JavaScript, resolved from apps/server so it finds smtp-server. */
const CHILD = `
import { SMTPServer } from 'smtp-server';
let failNext = 0;
const rejected = new Set();
const server = new SMTPServer({
  secure: false,
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  banner: 'Mend test SMTP',
  onRcptTo(address, session, callback) {
    if (rejected.has(address.address.toLowerCase())) {
      const error = new Error('Mailbox unavailable');
      error.responseCode = 550;
      return callback(error);
    }
    callback();
  },
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      if (failNext > 0) {
        failNext--;
        const error = new Error('Try again later');
        error.responseCode = 451;
        return callback(error);
      }
      process.send({
        type: 'mail',
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((r) => r.address),
        raw: Buffer.concat(chunks).toString('utf8'),
      });
      callback();
    });
  },
});
server.listen(0, '127.0.0.1', () => process.send({ type: 'ready', port: server.server.address().port }));
process.on('message', (message) => {
  if (message.type === 'fail') failNext += message.count;
  if (message.type === 'reject') rejected.add(message.address.toLowerCase());
  if (message.type === 'close') server.close(() => process.exit(0));
  if (message.type !== 'close') process.send({ type: 'ack', id: message.id });
});
process.on('disconnect', () => process.exit(0));
`;

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const child: ChildProcess = spawn(process.execPath, ['--input-type=module', '-e', CHILD], {
    cwd: serverDir,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const messages: ReceivedMail[] = [];
  const acks = new Map<number, () => void>();
  let nextId = 0;
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('SMTP server did not start')), 15_000);
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`SMTP server exited (${code})`)));
    child.on('message', (message: { type: string; port?: number; id?: number } & Partial<RawMail>) => {
      if (message.type === 'ready') {
        clearTimeout(timer);
        resolve(message.port!);
      } else if (message.type === 'mail') {
        messages.push(parseMail(message as RawMail));
      } else if (message.type === 'ack') {
        acks.get(message.id!)?.();
        acks.delete(message.id!);
      }
    });
  });
  child.removeAllListeners('exit');

  const command = (message: Record<string, unknown>) =>
    new Promise<void>((resolve) => {
      const id = ++nextId;
      acks.set(id, resolve);
      child.send({ ...message, id });
    });

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitFor(count, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (messages.length < count) {
        if (Date.now() > until) throw new Error(`expected ${count} emails, got ${messages.length}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return messages;
    },
    failNext: (count) => command({ type: 'fail', count }),
    rejectRecipient: (address) => command({ type: 'reject', address }),
    async close() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send({ type: 'close' });
      const timer = setTimeout(() => child.kill(), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

interface RawMail {
  from: string;
  to: string[];
  raw: string;
}

// ---------------------------------------------------------------------------------------------------------
// A small MIME reader: enough for what nodemailer writes (multipart/alternative, quoted-printable/base64).

function splitHead(block: string): { headers: Record<string, string>; body: string } {
  const at = block.search(/\r?\n\r?\n/);
  const head = at < 0 ? block : block.slice(0, at);
  const body = at < 0 ? '' : block.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset, encoding: string, text: string) =>
    encoding.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replaceAll('_', ' ')),
  );
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const input = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < input.length; i++) {
    if (input[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(input.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(input.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(input[i], 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(headers: Record<string, string>, body: string): string {
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

/** The text and HTML parts of a (possibly nested) multipart message. */
function collectParts(
  headers: Record<string, string>,
  body: string,
  into: { text: string; html: string },
): void {
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    const pieces = body.split(`--${boundary}`).slice(1);
    for (const piece of pieces) {
      if (piece.startsWith('--')) break;
      const part = splitHead(piece.replace(/^\r?\n/, ''));
      collectParts(part.headers, part.body.replace(/\r?\n$/, ''), into);
    }
    return;
  }
  const decoded = decodeBody(headers, body).replace(/\r\n/g, '\n');
  if (type.toLowerCase().startsWith('text/html')) into.html += decoded;
  else into.text += decoded;
}

export function parseMail(mail: RawMail): ReceivedMail {
  const { headers, body } = splitHead(mail.raw);
  const parts = { text: '', html: '' };
  collectParts(headers, body, parts);
  return { from: mail.from, to: mail.to, headers, subject: headers.subject ?? '', ...parts, raw: mail.raw };
}

/** The first link in a text that starts with `prefix`. */
export function linkIn(text: string, prefix: string): string | null {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`${escaped}[^\\s<>"']*`).exec(text)?.[0] ?? null;
}
