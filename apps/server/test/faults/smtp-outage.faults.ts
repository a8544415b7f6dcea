/**
 * The mail server is down: an email waits in the outbox (pending, its error recorded, neither lost nor
 * marked sent nor failed); once the mail server is back it is delivered, exactly once.
 *
 * The retry after a failed attempt is due 30 s later (OUTBOX_DEFAULTS.backoffBaseMs, which no setting
 * changes); rather than wait that long, the test moves the row's next_attempt_at to now, as the clock would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from './helpers/server';
import { binDir, createWorld, eventually, skipReason, sleep, type World } from './helpers/world';

if (!binDir) console.warn(skipReason);

interface OutboxRow {
  id: number;
  status: string;
  attempts: number;
  last_error: string | null;
  next_attempt_at: Date;
  sent_at: Date | null;
}

describe.skipIf(!binDir)('SMTP down, then back', () => {
  let w: World;
  let app: ServerProcess;

  beforeAll(async () => {
    // The catcher's port is chosen but nothing listens on it yet.
    w = await createWorld({ catcherUp: false });
    app = await w.start('smtp');
  });
  afterAll(() => w?.close());

  async function outboxRowsFor(recipient: string): Promise<OutboxRow[]> {
    const result = await w.pool.query<OutboxRow>(
      `select id, status, attempts, last_error, next_attempt_at, sent_at from outbox_messages
        where recipient = $1 and kind = 'password_reset' order by id`,
      [recipient],
    );
    return result.rows;
  }

  it('keeps the message waiting while the mail server is down and delivers it once when it is back', async () => {
    const recipients = ['manager@northwind.test', 'plumber@northwind.test', 'hvac@mapleleaf.test'];
    const admin = await w.signIn(app);
    for (const email of recipients) {
      const answer = await admin.post('/api/password/email', { email });
      expect(answer.status, answer.text).toBe(200);
    }

    // The worker tried (connection refused) and put each row back to wait, with the reason.
    for (const email of recipients) {
      const [row] = await eventually(
        async () => {
          const rows = await outboxRowsFor(email);
          return rows.length === 1 && rows[0].attempts >= 1 && rows[0].status === 'pending' ? rows : null;
        },
        15_000,
        `a failed attempt on the reset email to ${email}`,
      );
      expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);
      expect(row.sent_at).toBeNull();
      expect(row.next_attempt_at.getTime()).toBeGreaterThan(Date.now());
    }
    // Still waiting a while later: not lost, not sent, not failed for good.
    await sleep(1000);
    for (const email of recipients) {
      const rows = await outboxRowsFor(email);
      expect(rows).toHaveLength(1);
      expect(rows[0].status).toBe('pending');
      expect(rows[0].sent_at).toBeNull();
    }
    expect(w.catcher.messages).toHaveLength(0);

    // The mail server comes back; the retry falls due.
    await w.catcher.start();
    await w.pool.query(
      `update outbox_messages set next_attempt_at = now()
        where status = 'pending' and kind = 'password_reset' and recipient = any($1)`,
      [recipients],
    );
    await w.catcher.waitUntil(
      () => recipients.every((email) => w.catcher.to(email).length >= 1),
      15_000,
      () => `caught so far: ${JSON.stringify(w.catcher.messages)}`,
    );
    // A while later still exactly once each, and recorded as sent.
    await sleep(1500);
    for (const email of recipients) {
      const caught = w.catcher.to(email).filter((mail) => /reset/i.test(mail.subject));
      expect(caught, email).toHaveLength(1);
      const rows = await outboxRowsFor(email);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ status: 'sent', last_error: null });
      expect(rows[0].attempts).toBeGreaterThanOrEqual(2);
    }
    expect(app.child.exitCode).toBeNull();
  });
});
