/**
 * A server process SIGKILLed in the middle of a users batch import or a ticket create leaves no partial
 * records: the transaction dies with the connection. Two ways of landing in the middle:
 * - as it happens: the kill follows the first `insert into "users"` seen in pg_stat_activity;
 * - deterministically: the test holds a SHARE lock on a table the transaction writes last (tenant_units,
 *   ticket_log), waits until the server's backend is blocked on it having written the earlier tables
 *   (pg_locks shows its row-exclusive locks on them), kills the process, then lets go of the lock.
 * After each kill the server is started again and the same request succeeds whole. The image files a killed
 * ticket create had already stored are left without rows; the orphan sweep (`cli sweep-files`) removes
 * them once older than its grace period, and keeps the files of committed tickets.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toFormData } from '../helpers/app';
import { filesUnder, jpegWithGps, ticketForm } from '../helpers/ticket-factories';
import type { HttpAnswer } from './helpers/http';
import { repoRoot, type ServerProcess } from './helpers/server';
import { binDir, createWorld, eventually, skipReason, TENANT, type World } from './helpers/world';

if (!binDir) console.warn(skipReason);

const ROWS = 2000;

describe.skipIf(!binDir)('SIGKILL in the middle of a write', () => {
  let w: World;
  let app: ServerProcess;
  let port: number;
  let dataDir: string;
  let unitIds: number[];

  beforeAll(async () => {
    w = await createWorld();
    dataDir = mkdtempSync(path.join(tmpdir(), 'mend-faults-sigkill-data-'));
    app = await w.start('sigkill', { dataDir });
    port = app.port;
    unitIds = (await w.pool.query<{ id: number }>('select id from units order by id')).rows.map((r) => r.id);
  });
  afterAll(async () => {
    await w?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** The same server again: same port, same data folder (uploads), same database. */
  async function restart(): Promise<void> {
    app = await w.start('sigkill', { port, dataDir });
  }

  function batchCsv(tag: string): string {
    const lines = ['email,role,first_name,last_name,unit_id,password'];
    for (let i = 0; i < ROWS; i++) {
      lines.push(`${tag}-${i}@import.test,2,First${i},${tag},${unitIds[i % unitIds.length]},Welcome 2026`);
    }
    return lines.join('\n');
  }

  /** Sends a request whose answer may never come (the process dies): resolves to the answer or the error. */
  function inFlight(send: () => Promise<HttpAnswer>): Promise<HttpAnswer | Error> {
    return send().catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
  }

  /** The database's backends other than the test's own, on the app's database. */
  const appBackends = () =>
    w.scalar(
      `select count(*) from pg_stat_activity where datname = 'mend' and pid <> pg_backend_pid()
         and backend_type = 'client backend' and application_name <> 'mend-faults-test'`,
    );

  /** Waits until the killed process's connections are gone (their transactions rolled back). */
  async function waitForBackendsGone(): Promise<void> {
    await eventually(async () => (await appBackends()) === 0, 15_000, 'the killed process’s backends to end');
  }

  const usersTagged = (tag: string) => w.scalar('select count(*) from users where last_name = $1', [tag]);
  const linksTagged = (tag: string) =>
    w.scalar(
      'select count(*) from tenant_units tu join users u on u.id = tu.user_id where u.last_name = $1',
      [tag],
    );

  /** Row-exclusive locks (rows written) the backend `pid` holds, by table name. */
  async function tablesWrittenBy(pid: number): Promise<string[]> {
    const result = await w.pool.query<{ relname: string }>(
      `select c.relname from pg_locks l join pg_class c on c.oid = l.relation
        where l.pid = $1 and l.mode = 'RowExclusiveLock' and l.granted and c.relkind = 'r'`,
      [pid],
    );
    return result.rows.map((row) => row.relname).sort();
  }

  /** Holds `lock table <table> in share mode` on a connection of its own until released. */
  async function holdShareLock(table: string): Promise<{ release(): Promise<void> }> {
    const client: pg.PoolClient = await w.pool.connect();
    await client.query('begin');
    await client.query(`lock table ${table} in share mode`);
    return {
      async release() {
        await client.query('rollback').catch(() => {});
        client.release();
      },
    };
  }

  /** The backend blocked on a lock while running an insert into `table`. */
  async function blockedInsertInto(table: string): Promise<number> {
    return eventually(
      async () => {
        const result = await w.pool.query<{ pid: number }>(
          `select pid from pg_stat_activity
            where datname = 'mend' and wait_event_type = 'Lock' and query ilike $1`,
          [`insert into "${table}"%`],
        );
        return result.rows[0]?.pid ?? null;
      },
      30_000,
      `a backend blocked inserting into ${table}`,
      20,
    );
  }

  it('a batch import killed as its inserts run is all or nothing, and imports whole after a restart', async () => {
    const admin = await w.signIn(app);
    const usersBefore = await w.scalar('select count(*) from users');
    const linksBefore = await w.scalar('select count(*) from tenant_units');
    const tag = 'KilledLive';
    const request = inFlight(() => admin.post('/api/users/batch/tenants', { users: batchCsv(tag) }, 60_000));
    // Kill at the first sight of the users insert running (or at the answer, if it comes first).
    let answered: HttpAnswer | Error | null = null;
    void request.then((value) => {
      answered = value;
    });
    const seen = await eventually(
      async () => {
        if (answered) return 'answered';
        const result = await w.pool.query(
          `select 1 from pg_stat_activity where datname = 'mend' and state = 'active' and query ilike $1`,
          ['insert into "users"%'],
        );
        return result.rowCount ? 'inserting' : null;
      },
      30_000,
      'the batch insert to start',
      5,
    );
    await app.kill();
    const outcome = await request;
    console.log(
      `[faults] batch import killed (${seen}); request: ${outcome instanceof Error ? outcome.message : outcome.status}`,
    );
    await waitForBackendsGone();

    const created = await usersTagged(tag);
    expect([0, ROWS]).toContain(created);
    expect(await w.scalar('select count(*) from users')).toBe(usersBefore + created);
    expect(await linksTagged(tag)).toBe(created);
    expect(await w.scalar('select count(*) from tenant_units')).toBe(linksBefore + created);

    await restart();
    if (created === 0) {
      const again = await (await w.signIn(app)).post(
        '/api/users/batch/tenants',
        { users: batchCsv(tag) },
        60_000,
      );
      expect(again.status, again.text.slice(0, 500)).toBe(201);
      expect(again.body).toMatchObject({ created: ROWS });
    }
    expect(await usersTagged(tag)).toBe(ROWS);
    expect(await linksTagged(tag)).toBe(ROWS);
  });

  it('a batch import killed after writing its users but before its unit links leaves no user behind', async () => {
    const admin = await w.signIn(app);
    const usersBefore = await w.scalar('select count(*) from users');
    const linksBefore = await w.scalar('select count(*) from tenant_units');
    const tag = 'KilledLocked';
    const lock = await holdShareLock('tenant_units');
    let request: Promise<HttpAnswer | Error> | null = null;
    try {
      request = inFlight(() => admin.post('/api/users/batch/tenants', { users: batchCsv(tag) }, 60_000));
      const pid = await blockedInsertInto('tenant_units');
      // All its users are written (uncommitted) in that transaction.
      expect(await tablesWrittenBy(pid)).toContain('users');
      await app.kill();
    } finally {
      await lock.release();
    }
    expect(await request).toBeInstanceOf(Error);
    await waitForBackendsGone();

    expect(await usersTagged(tag)).toBe(0);
    expect(await w.scalar('select count(*) from users')).toBe(usersBefore);
    expect(await w.scalar('select count(*) from tenant_units')).toBe(linksBefore);

    await restart();
    const again = await (await w.signIn(app)).post(
      '/api/users/batch/tenants',
      { users: batchCsv(tag) },
      60_000,
    );
    expect(again.status, again.text.slice(0, 500)).toBe(201);
    expect(await usersTagged(tag)).toBe(ROWS);
    expect(await w.scalar('select count(*) from users')).toBe(usersBefore + ROWS);
    expect(await w.scalar('select count(*) from tenant_units')).toBe(linksBefore + ROWS);
  });

  /** Row counts of every table a ticket create writes. */
  async function ticketCounts(): Promise<Record<string, number>> {
    const tables = [
      'tickets',
      'ticket_categories',
      'ticket_availability',
      'ticket_images',
      'ticket_log',
      'ticket_recipients',
      'notifications',
      'outbox_messages',
    ];
    const counts: Record<string, number> = {};
    for (const table of tables) counts[table] = await w.scalar(`select count(*) from ${table}`);
    return counts;
  }

  /** Tickets missing what a created ticket always has: its category, its 'created' log line. */
  const incompleteTickets = () =>
    w.scalar(
      `select count(*) from tickets t
        where not exists (select 1 from ticket_categories c where c.ticket_id = t.id)
           or not exists (select 1 from ticket_log l where l.ticket_id = t.id)`,
    );

  async function ticketBody(): Promise<FormData> {
    const tenantId = await w.scalar('select id from users where email = $1', [TENANT.email]);
    const categoryId = await w.scalar(
      `select coalesce(
         (select uc.category_id from unit_categories uc join tenant_units tu on tu.unit_id = uc.unit_id
           where tu.user_id = $1 order by uc.category_id limit 1),
         (select id from categories order by id limit 1))`,
      [tenantId],
    );
    const image = new Uint8Array(await jpegWithGps(1600, 1200));
    return toFormData(
      ticketForm({
        title: 'Killed while saving',
        category_id: categoryId,
        images: [
          new File([image], 'one.jpg', { type: 'image/jpeg' }),
          new File([image], 'two.jpg', { type: 'image/jpeg' }),
        ],
      }),
    );
  }

  it('a ticket create killed after writing the ticket and its images leaves no ticket rows behind', async () => {
    const tenant = await w.signIn(app, TENANT);
    const before = await ticketCounts();
    expect(await incompleteTickets()).toBe(0);
    const lock = await holdShareLock('ticket_log');
    let request: Promise<HttpAnswer | Error> | null = null;
    let ticketId = 0;
    try {
      const body = await ticketBody();
      request = inFlight(() => tenant.post('/api/tickets', body, 60_000));
      const pid = await blockedInsertInto('ticket_log');
      expect(await tablesWrittenBy(pid)).toEqual(
        expect.arrayContaining(['ticket_availability', 'ticket_categories', 'ticket_images', 'tickets']),
      );
      ticketId = await w.scalar('select last_value from tickets_id_seq');
      await app.kill();
    } finally {
      await lock.release();
    }
    expect(await request).toBeInstanceOf(Error);
    await waitForBackendsGone();

    expect(await ticketCounts()).toEqual(before);
    expect(await w.scalar('select count(*) from tickets where id = $1', [ticketId])).toBe(0);
    expect(await incompleteTickets()).toBe(0);
    // The image files were stored before the transaction could commit (by design): the kill leaves them
    // without rows (two images, each with a thumbnail).
    const uploads = path.join(dataDir, 'uploads');
    const orphanFolder = path.join(uploads, 'tickets', String(ticketId));
    const orphans = filesUnder(orphanFolder);
    console.log(`[faults] files left in uploads/tickets/${ticketId} by the killed create: ${orphans.length}`);
    expect(orphans.length).toBe(4);

    await restart();
    const client = await w.signIn(app, TENANT);
    const created = await client.post('/api/tickets', await ticketBody(), 60_000);
    expect(created.status, created.text.slice(0, 500)).toBe(201);
    const id = (created.body as { id: number }).id;
    const after = await ticketCounts();
    expect(after.tickets).toBe(before.tickets + 1);
    expect(after.ticket_images).toBe(before.ticket_images + 2);
    expect(after.ticket_categories).toBe(before.ticket_categories + 1);
    expect(await w.scalar('select count(*) from ticket_log where ticket_id = $1', [id])).toBeGreaterThan(0);
    expect(
      await w.scalar('select count(*) from ticket_recipients where ticket_id = $1', [id]),
    ).toBeGreaterThan(0);
    expect(await incompleteTickets()).toBe(0);

    // Still there: the restarted server sweeps at start, but only files older than the grace period.
    expect(filesUnder(orphanFolder)).toEqual(orphans);
    // An hour and more later (every file moved back two hours), a sweep removes the orphans only.
    const committed = await w.pool.query<{ storage_key: string; thumbnail_key: string | null }>(
      'select storage_key, thumbnail_key from ticket_images where ticket_id = $1',
      [id],
    );
    const committedKeys = committed.rows.flatMap((row) =>
      row.thumbnail_key ? [row.storage_key, row.thumbnail_key] : [row.storage_key],
    );
    expect(committedKeys).toHaveLength(4);
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    for (const file of filesUnder(uploads)) utimesSync(path.join(uploads, file), twoHoursAgo, twoHoursAgo);
    const swept = await sweepFiles();
    console.log(`[faults] ${swept.trim()}`);
    expect(filesUnder(orphanFolder)).toEqual([]);
    expect(committedKeys.filter((key) => !existsSync(path.join(uploads, key)))).toEqual([]);
    expect(swept).toContain('4 orphans deleted');
  });

  /** `npm run cli -- sweep-files` against this world's database and the server's data folder. */
  async function sweepFiles(): Promise<string> {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/cli.ts', 'sweep-files'],
      { cwd: repoRoot, env: { ...process.env, DATABASE_URL: w.databaseUrl, MEND_DATA_DIR: dataDir } },
    );
    return stdout;
  }
});
