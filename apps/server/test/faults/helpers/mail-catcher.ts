/**
 * A real SMTP server (smtp-server) on a fixed port of 127.0.0.1 that can be taken down and brought back:
 * while it is down nothing listens on the port (connections are refused). It keeps every accepted
 * message's envelope recipients and Subject, across restarts.
 */
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  /** Envelope sender. */
  from: string;
  to: string[];
  subject: string;
  at: number;
}

export class MailCatcher {
  readonly messages: CaughtMail[] = [];
  private server: SMTPServer | null = null;

  constructor(readonly port: number) {}

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  get listening(): boolean {
    return this.server !== null;
  }

  async start(): Promise<void> {
    if (this.server) return;
    const server = new SMTPServer({
      secure: false,
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        let raw = '';
        stream.setEncoding('utf8');
        stream.on('data', (chunk: string) => {
          raw += chunk;
        });
        stream.on('end', () => {
          const head = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
          const subject = /^Subject: (.*)$/im.exec(head)?.[1]?.trim() ?? '';
          this.messages.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address.toLowerCase() : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            subject,
            at: Date.now(),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    // A client dropping its connection must not fail the test run.
    server.on('error', () => {});
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Messages to this address so far. */
  to(address: string): CaughtMail[] {
    const wanted = address.toLowerCase();
    return this.messages.filter((mail) => mail.to.includes(wanted));
  }

  /** Waits until `predicate` holds (polling), or throws after `timeoutMs` with `describe()`. */
  async waitUntil(predicate: () => boolean, timeoutMs: number, describe: () => string): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (!predicate()) {
      if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms: ${describe()}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
