/**
 * The outbox worker: delivers `outbox_messages` rows through the transport of their channel.
 *
 * - Claim: inside a transaction, `SELECT ... FOR UPDATE SKIP LOCKED` picks due rows (pending and due, or
 *   stuck in 'sending' for longer than `staleAfterMs`) and flips them to 'sending' with `locked_at` and one
 *   more attempt. Workers in other processes skip rows another one holds, and once the claim commits the
 *   rows no longer match, so no two workers send the same row. (On PGlite, with its single connection,
 *   transactions simply take turns; the same code is correct there.)
 * - Send, outside any transaction (a slow mail server must not hold locks), then record the outcome only if
 *   the row is still ours (`status = 'sending' AND locked_at = ours`): 'sent' with `sent_at`; or back to
 *   'pending' with exponential backoff and `last_error`; or 'failed' after `maxAttempts` (or at once for a
 *   permanent refusal), where it stays, visible in the Outbox view, until a super admin retries it.
 * - A channel with no transport is never claimed: its rows stay 'pending', with `last_error` saying
 *   delivery is not configured, and go out once it is.
 * Delivery is at least once: a process that dies after sending but before recording it sends that row
 * again once the claim goes stale. Dying in that window is rare; a message lost without trace is worse.
 */
import { en } from '@mend/shared';
import { and, asc, eq, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { OUTBOX_CHANNELS, type OutboxChannel, type OutboxMessageRow, outboxMessages } from '../../db/schema';
import { PollLoop } from '../poll-loop';
import { PermanentDeliveryError, type Transport } from './transport';

export type Transports = Partial<Record<OutboxChannel, Transport>>;

interface Logger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface OutboxWorkerOptions {
  db: Db;
  transports: Transports;
  log?: Logger;
  /** Wait between looks when there was nothing (more) to do. */
  pollMs?: number;
  /** Rows claimed per look. */
  batchSize?: number;
  /** Attempts before a row stays 'failed'. */
  maxAttempts?: number;
  /** First retry after this long, doubling each time, at most `backoffMaxMs`. */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** A row 'sending' for longer than this was claimed by a worker that died: claim it again. */
  staleAfterMs?: number;
  /** The clock (tests move it forward to reach a retry). */
  now?: () => Date;
}

export interface RunResult {
  claimed: number;
  sent: number;
  /** Failed this time, to be tried again later. */
  retried: number;
  /** Failed for good. */
  failed: number;
}

export const OUTBOX_DEFAULTS = {
  pollMs: 2000,
  batchSize: 10,
  maxAttempts: 6,
  backoffBaseMs: 30_000,
  backoffMaxMs: 60 * 60 * 1000,
  staleAfterMs: 5 * 60 * 1000,
};

const silent: Logger = { info() {}, warn() {}, error() {} };

/** last_error is shown in the Outbox view; keep it readable. */
const errorText = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 1000) || 'unknown error';

export class OutboxWorker {
  readonly transports: Transports;
  private readonly db: Db;
  private readonly log: Logger;
  private readonly settings: typeof OUTBOX_DEFAULTS;
  private readonly now: () => Date;
  private readonly polling: PollLoop;

  constructor(options: OutboxWorkerOptions) {
    this.db = options.db;
    this.transports = options.transports;
    this.log = options.log ?? silent;
    this.now = options.now ?? (() => new Date());
    this.settings = {
      pollMs: options.pollMs ?? OUTBOX_DEFAULTS.pollMs,
      batchSize: options.batchSize ?? OUTBOX_DEFAULTS.batchSize,
      maxAttempts: options.maxAttempts ?? OUTBOX_DEFAULTS.maxAttempts,
      backoffBaseMs: options.backoffBaseMs ?? OUTBOX_DEFAULTS.backoffBaseMs,
      backoffMaxMs: options.backoffMaxMs ?? OUTBOX_DEFAULTS.backoffMaxMs,
      staleAfterMs: options.staleAfterMs ?? OUTBOX_DEFAULTS.staleAfterMs,
    };
    this.polling = new PollLoop(async () => {
      try {
        // A full batch means there may be more waiting: go again at once.
        return (await this.runOnce()).claimed >= this.settings.batchSize;
      } catch (error) {
        this.log.error({ err: error }, 'outbox worker run failed');
        return false;
      }
    }, this.settings.pollMs);
  }

  /** The channels this worker can deliver. */
  get channels(): OutboxChannel[] {
    return OUTBOX_CHANNELS.filter((channel) => this.transports[channel] !== undefined);
  }

  get isRunning(): boolean {
    return this.polling.isRunning;
  }

  /** Delay before the retry that follows attempt number `attempts` (1-based). */
  backoffMs(attempts: number): number {
    const { backoffBaseMs, backoffMaxMs } = this.settings;
    return Math.min(backoffBaseMs * 2 ** Math.max(0, attempts - 1), backoffMaxMs);
  }

  /** Polls in the background until `stop()`. */
  start(): void {
    this.polling.start();
  }

  /** Stops polling and waits for the run in progress. */
  stop(): Promise<void> {
    return this.polling.stop();
  }

  /** Stops and closes the transports' connections. */
  async close(): Promise<void> {
    await this.stop();
    await Promise.all(Object.values(this.transports).map((transport) => transport?.close?.()));
  }

  /** One look: flag unconfigured channels, claim a batch, deliver it. */
  async runOnce(): Promise<RunResult> {
    await this.flagUnconfigured();
    const rows = await this.claim();
    const result: RunResult = { claimed: rows.length, sent: 0, retried: 0, failed: 0 };
    for (const row of rows) {
      const outcome = await this.deliver(row);
      result[outcome]++;
    }
    return result;
  }

  /** Runs until nothing is due (at most `maxRuns` looks): tests and command-line use. */
  async drain(maxRuns = 100): Promise<RunResult> {
    const total: RunResult = { claimed: 0, sent: 0, retried: 0, failed: 0 };
    for (let run = 0; run < maxRuns; run++) {
      const result = await this.runOnce();
      for (const key of Object.keys(total) as Array<keyof RunResult>) total[key] += result[key];
      if (result.claimed === 0) break;
    }
    return total;
  }

  /** Pending rows of a channel without transport say why they wait (written once, not on every look). */
  private async flagUnconfigured(): Promise<void> {
    for (const channel of OUTBOX_CHANNELS) {
      if (this.transports[channel]) continue;
      const reason = en.accounts.notConfigured[channel];
      await this.db
        .update(outboxMessages)
        .set({ lastError: reason })
        .where(
          and(
            eq(outboxMessages.status, 'pending'),
            eq(outboxMessages.channel, channel),
            or(isNull(outboxMessages.lastError), ne(outboxMessages.lastError, reason)),
          ),
        );
    }
  }

  private async claim(): Promise<OutboxMessageRow[]> {
    const channels = this.channels;
    if (channels.length === 0) return [];
    const now = this.now();
    const staleBefore = new Date(now.getTime() - this.settings.staleAfterMs);
    return this.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: outboxMessages.id })
        .from(outboxMessages)
        .where(
          and(
            inArray(outboxMessages.channel, channels),
            or(
              and(eq(outboxMessages.status, 'pending'), lte(outboxMessages.nextAttemptAt, now)),
              and(eq(outboxMessages.status, 'sending'), lt(outboxMessages.lockedAt, staleBefore)),
            ),
          ),
        )
        .orderBy(asc(outboxMessages.nextAttemptAt), asc(outboxMessages.id))
        .limit(this.settings.batchSize)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(outboxMessages)
        .set({ status: 'sending', lockedAt: now, attempts: sql`${outboxMessages.attempts} + 1` })
        .where(
          inArray(
            outboxMessages.id,
            due.map((row) => row.id),
          ),
        )
        .returning();
    });
  }

  private async deliver(row: OutboxMessageRow): Promise<'sent' | 'retried' | 'failed'> {
    const ours = and(
      eq(outboxMessages.id, row.id),
      eq(outboxMessages.status, 'sending'),
      eq(outboxMessages.lockedAt, row.lockedAt!),
    );
    const transport = this.transports[row.channel]!;
    // A claim that went stale this many times keeps killing its worker: stop trying.
    if (row.attempts > this.settings.maxAttempts) {
      await this.db
        .update(outboxMessages)
        .set({ status: 'failed', lockedAt: null, lastError: en.accounts.deliveryInterrupted })
        .where(ours);
      return 'failed';
    }
    try {
      await transport.send(row);
    } catch (error) {
      const permanent = error instanceof PermanentDeliveryError;
      const giveUp = permanent || row.attempts >= this.settings.maxAttempts;
      const next = new Date(this.now().getTime() + this.backoffMs(row.attempts));
      await this.db
        .update(outboxMessages)
        .set({
          status: giveUp ? 'failed' : 'pending',
          lockedAt: null,
          lastError: errorText(error),
          nextAttemptAt: giveUp ? row.nextAttemptAt : next,
        })
        .where(ours);
      this.log.warn(
        { err: error, outboxId: row.id, channel: row.channel, attempts: row.attempts },
        giveUp ? 'outbox message failed for good' : 'outbox message failed; will retry',
      );
      return giveUp ? 'failed' : 'retried';
    }
    // A one-time link is not kept once it has been delivered.
    const sensitive = (row.payload as { sensitive?: unknown }).sensitive === true;
    await this.db
      .update(outboxMessages)
      .set({
        status: 'sent',
        sentAt: this.now(),
        lockedAt: null,
        lastError: null,
        ...(sensitive && { bodyText: '', bodyHtml: '' }),
      })
      .where(ours);
    return 'sent';
  }
}
