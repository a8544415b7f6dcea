/**
 * The orphan sweep: deletes stored files that no database row points at.
 *
 * Uploads are written before the transaction that records their key commits (the key needs the record's
 * id, and a rolled-back write removes its files again). A process that dies in between (SIGKILL, power
 * loss) leaves files nothing references, and `LocalFileStorage.put` may leave a `*.tmp` half-write. Both
 * are found by age: a file older than the grace period that no key column names is deleted. Temporary
 * files need no rule of their own: no row ever names one.
 *
 * Safe to run anywhere, any number of times: the database is only read, deleting a file twice is a no-op,
 * so two processes sweeping one folder at once do no harm.
 */
import { sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import {
  landlords,
  properties,
  ticketCommentFiles,
  ticketCosts,
  ticketImages,
  units,
  users,
} from '../db/schema';
import type { FileStorage } from './storage';

/**
 * A file younger than this is never swept: an upload in flight is written before its transaction commits,
 * so a young file without a row may be about to get one. An hour is far longer than any request.
 */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;

/** How often a running server sweeps (the first sweep runs at start). */
export const ORPHAN_SWEEP_EVERY_MS = 60 * 60 * 1000;

/** Keys looked up per query: one `= any($1)` per key column, never every key in the database at once. */
const LOOKUP_BATCH = 1000;

/**
 * Every column that holds a storage key. A new one MUST be added here, or the sweep deletes its files
 * (test/orphan-files.test.ts checks the schema for columns that look like one).
 */
export const STORAGE_KEY_COLUMNS: PgColumn[] = [
  users.avatar,
  landlords.avatar,
  properties.avatar,
  units.avatar,
  ticketImages.storageKey,
  ticketImages.thumbnailKey,
  ticketCommentFiles.storageKey,
  ticketCommentFiles.thumbnailKey,
  ticketCosts.attachmentKey,
];

export interface SweepOptions {
  graceMs?: number;
  now?: Date;
  batchSize?: number;
  /** Stops between batches (the server closing). */
  signal?: AbortSignal;
  log?: { info(object: object, message: string): void };
}

export interface SweepResult {
  /** Files listed. */
  scanned: number;
  deleted: number;
  /** Why nothing was looked at: the storage cannot list, or the database names no file at all. */
  skipped?: 'cannot-list' | 'no-stored-keys';
}

export async function sweepOrphanFiles(
  db: Db,
  storage: FileStorage,
  options: SweepOptions = {},
): Promise<SweepResult> {
  const result: SweepResult = { scanned: 0, deleted: 0 };
  if (!storage.list) return { ...result, skipped: 'cannot-list' };
  // A database that names no file at all is more likely the wrong (or a fresh) database than one whose
  // every file is an orphan: sweeping the uploads folder against it would empty the folder.
  if (!(await anyKeyStored(db))) return { ...result, skipped: 'no-stored-keys' };

  const cutoff = (options.now ?? new Date()).getTime() - (options.graceMs ?? ORPHAN_GRACE_MS);
  const batchSize = options.batchSize ?? LOOKUP_BATCH;
  let batch: string[] = [];
  const flush = async () => {
    const referenced = await referencedKeys(db, batch);
    for (const key of batch) {
      if (referenced.has(key)) continue;
      await storage.delete(key);
      result.deleted++;
      options.log?.info({ key }, 'deleted an orphaned stored file');
    }
    batch = [];
  };
  for await (const file of storage.list()) {
    if (options.signal?.aborted) break;
    result.scanned++;
    if (file.modifiedAt.getTime() > cutoff) continue;
    batch.push(file.key);
    if (batch.length >= batchSize) await flush();
  }
  if (batch.length > 0 && !options.signal?.aborted) await flush();
  return result;
}

/** The keys among `keys` that some row names (each branch can use an index on its column, if one exists). */
async function referencedKeys(db: Db, keys: string[]): Promise<Set<string>> {
  const candidates = sql`${sql.param(keys)}::text[]`;
  const branches = STORAGE_KEY_COLUMNS.map(
    (column) => sql`select ${column} as key from ${column.table} where ${column} = any(${candidates})`,
  );
  const found = await db.execute<{ key: string }>(sql.join(branches, sql` union all `));
  return new Set(found.rows.map((row) => row.key));
}

async function anyKeyStored(db: Db): Promise<boolean> {
  const branches = STORAGE_KEY_COLUMNS.map(
    (column) => sql`exists (select 1 from ${column.table} where ${column} is not null)`,
  );
  const found = await db.execute<{ found: boolean }>(sql`select ${sql.join(branches, sql` or `)} as found`);
  return found.rows[0]?.found === true;
}

interface Logger {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** Sweeps at start and then every `everyMs`, in the background, like the outbox worker (main.ts starts it). */
export class OrphanFileSweeper {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private abort = new AbortController();

  constructor(
    private readonly db: Db,
    private readonly storage: FileStorage,
    private readonly log: Logger,
    private readonly everyMs = ORPHAN_SWEEP_EVERY_MS,
  ) {}

  start(): void {
    if (this.timer) return;
    this.abort = new AbortController();
    this.timer = setInterval(() => this.runInBackground(), this.everyMs);
    this.timer.unref();
    this.runInBackground();
  }

  /** Stops the timer and the sweep in progress (between two batches), and waits for it. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.abort.abort();
    await this.running;
  }

  private runInBackground(): void {
    // A sweep slower than the interval is not started twice.
    if (this.running) return;
    this.running = this.runOnce().finally(() => {
      this.running = null;
    });
  }

  private async runOnce(): Promise<void> {
    try {
      const result = await sweepOrphanFiles(this.db, this.storage, {
        signal: this.abort.signal,
        log: this.log,
      });
      if (result.deleted > 0) this.log.info(result, 'orphaned stored files deleted');
    } catch (error) {
      this.log.error({ err: error }, 'orphan file sweep failed');
    }
  }
}
