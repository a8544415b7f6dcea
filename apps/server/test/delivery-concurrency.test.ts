/**
 * Two outbox workers at once never send a message twice. With MEND_TEST_DB=postgres they run on two
 * separate database handles (two connection pools, as two app processes would) against one throw-away
 * PostgreSQL database; on PGlite they share its single connection. A real SMTP server counts what arrives.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, migrateDatabase, openDatabase } from '../src/db/client';
import { outboxMessages } from '../src/db/schema';
import { SmtpEmailTransport } from '../src/lib/mail/smtp';
import { OutboxWorker } from '../src/lib/outbox/worker';
import { startSmtpServer, type TestSmtpServer } from './helpers/smtp-server';
import { testDatabaseKind } from './helpers/test-db';

const MESSAGES = 40;
const ADMIN_URL = process.env.MEND_TEST_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

let smtp: TestSmtpServer;
let first: DatabaseHandle;
let second: DatabaseHandle;
let dropDatabase: (() => Promise<void>) | null = null;

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  if (testDatabaseKind() === 'postgres') {
    const name = `mend_test_outbox_${Date.now()}_${randomBytes(4).toString('hex')}`;
    await admin((client) => client.query(`CREATE DATABASE "${name}"`));
    dropDatabase = async () => {
      await admin((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    };
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    first = await openDatabase({ databaseUrl: url.toString(), poolSize: 3 });
    second = await openDatabase({ databaseUrl: url.toString(), poolSize: 3 });
  } else {
    first = await openDatabase({ dataDir: 'memory://' });
    second = first;
  }
  await migrateDatabase(first);
});

afterAll(async () => {
  await smtp?.close();
  if (second && second !== first) await second.close();
  await first?.close();
  await dropDatabase?.();
});

describe('two workers on one database', () => {
  it(`deliver ${MESSAGES} messages exactly once between them`, async () => {
    await first.db.insert(outboxMessages).values(
      Array.from({ length: MESSAGES }, (_, i) => ({
        channel: 'email' as const,
        kind: 'test.bulk',
        recipient: `bulk${i}@example.test`,
        subject: `Bulk message ${i}`,
        bodyText: `Message number ${i}`,
      })),
    );
    const workerOn = (handle: DatabaseHandle) =>
      new OutboxWorker({
        db: handle.db,
        transports: { email: new SmtpEmailTransport(smtp.url, 'Mend <no-reply@mend.test>') },
        batchSize: 3,
      });
    const a = workerOn(first);
    const b = workerOn(second);
    try {
      const [resultA, resultB] = await Promise.all([a.drain(), b.drain()]);
      expect(resultA.sent + resultB.sent).toBe(MESSAGES);
      expect(resultA.claimed + resultB.claimed).toBe(MESSAGES);
      // Both took part (each claims a batch while the other is busy sending its own).
      expect(resultA.sent).toBeGreaterThan(0);
      expect(resultB.sent).toBeGreaterThan(0);
    } finally {
      await a.close();
      await b.close();
    }

    await smtp.waitFor(MESSAGES);
    // A moment for any duplicate to arrive, were there one.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const subjects = smtp.messages.map((mail) => mail.subject);
    expect(subjects).toHaveLength(MESSAGES);
    expect(new Set(subjects).size).toBe(MESSAGES);

    const rows = await first.db.select().from(outboxMessages);
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
  });
});
