/** The orphan sweep: stored files no row names are deleted once older than the grace period, nothing else. */
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, getTableColumns, getTableName, isTable } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as schema from '../src/db/schema';
import { landlords, properties, ticketImages, units, users } from '../src/db/schema';
import { ORPHAN_GRACE_MS, STORAGE_KEY_COLUMNS, sweepOrphanFiles } from '../src/lib/orphan-files';
import { LocalFileStorage } from '../src/lib/storage';
import { createTestApp, type TestApp } from './helpers/app';
import {
  clientFor,
  createWorld,
  file,
  jpegWithGps,
  ticketForm,
  type World,
} from './helpers/ticket-factories';

const HOUR = 60 * 60 * 1000;

let t: TestApp;
let w: World;
/** Keys the database names: a ticket image and its thumbnail, and a user's avatar (real uploads). */
let ticketKeys: string[];
let avatarKey: string;
let orphanCounter = 0;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
  const tenant = await clientFor(t, w.north.tenant);
  const created = await tenant.post(
    '/api/tickets',
    ticketForm({
      category_id: w.plumbing.id,
      images: [file(await jpegWithGps(), 'leak.jpg', 'image/jpeg')],
    }),
  );
  expect(created.statusCode, created.body).toBe(201);
  const [image] = await t.db.select().from(ticketImages).where(eq(ticketImages.ticketId, created.json().id));
  expect(image.thumbnailKey).not.toBeNull();
  ticketKeys = [image.storageKey, image.thumbnailKey!];

  const admin = await clientFor(t, w.admin);
  const avatar = await admin.send('PATCH', `/api/users/${w.north.tenant.id}/avatar`, {
    avatar: file(await jpegWithGps(), 'me.jpg', 'image/jpeg'),
  });
  expect(avatar.statusCode, avatar.body).toBe(200);
  const [user] = await t.db.select().from(users).where(eq(users.id, w.north.tenant.id));
  avatarKey = user.avatar!;
});
afterAll(() => t?.close());

const fullPath = (key: string) => path.join(t.uploadsDir, key);
const stored = (key: string) => existsSync(fullPath(key));

/** Moves a file's modification time `ageMs` into the past. */
function age(key: string, ageMs: number): void {
  const when = new Date(Date.now() - ageMs);
  utimesSync(fullPath(key), when, when);
}

/** Writes a file no row names, `ageMs` old. */
function orphan(ageMs: number, key = `tickets/999999/orphan-${++orphanCounter}.webp`): string {
  mkdirSync(path.dirname(fullPath(key)), { recursive: true });
  writeFileSync(fullPath(key), 'not referenced');
  age(key, ageMs);
  return key;
}

const sweep = (options: Parameters<typeof sweepOrphanFiles>[2] = {}) =>
  sweepOrphanFiles(t.db, t.app.storage, options);

describe('sweepOrphanFiles', () => {
  it('deletes an unreferenced file older than the grace period and keeps younger ones', async () => {
    const old = orphan(2 * HOUR);
    const fresh = orphan(0);
    const almost = orphan(ORPHAN_GRACE_MS - 5 * 60 * 1000);

    const result = await sweep();
    expect(stored(old)).toBe(false);
    expect(stored(fresh)).toBe(true);
    expect(stored(almost)).toBe(true);
    expect(result.deleted).toBeGreaterThanOrEqual(1);
    expect(result.scanned).toBeGreaterThanOrEqual(3 + ticketKeys.length + 1);
  });

  it.each([
    ['one lookup', undefined],
    ['lookups of two keys', 2],
  ])(
    'keeps old files a row names: ticket image, thumbnail, avatar, logo, pictures (%s)',
    async (_name, batchSize) => {
      // The other key columns, pointed at files written here.
      const logo = orphan(0, `logos/landlords/${w.north.landlord.id}/logo-${batchSize}.webp`);
      const propertyPicture = orphan(0, `avatars/properties/${w.north.property.id}/p-${batchSize}.webp`);
      const unitPicture = orphan(0, `avatars/units/${w.north.unit.id}/u-${batchSize}.webp`);
      await t.db.update(landlords).set({ avatar: logo }).where(eq(landlords.id, w.north.landlord.id));
      await t.db
        .update(properties)
        .set({ avatar: propertyPicture })
        .where(eq(properties.id, w.north.property.id));
      await t.db.update(units).set({ avatar: unitPicture }).where(eq(units.id, w.north.unit.id));
      const referenced = [...ticketKeys, avatarKey, logo, propertyPicture, unitPicture];
      for (const key of referenced) age(key, 2 * HOUR);
      // Unreferenced ones in the same folders, so the sweep demonstrably ran.
      const orphans = [
        orphan(2 * HOUR),
        orphan(2 * HOUR, `${path.dirname(avatarKey)}/gone-${batchSize}.webp`),
      ];

      await sweep({ batchSize });
      expect(referenced.filter((key) => !stored(key))).toEqual([]);
      expect(orphans.filter(stored)).toEqual([]);
    },
  );

  it('deletes old *.tmp leftovers of unfinished writes, not young ones', async () => {
    const old = orphan(2 * HOUR, `${avatarKey}.4242.tmp`);
    const young = orphan(0, `${avatarKey}.4243.tmp`);
    age(avatarKey, 2 * HOUR);

    await sweep();
    expect(stored(old)).toBe(false);
    expect(stored(young)).toBe(true);
    expect(stored(avatarKey)).toBe(true);
  });

  it('two sweeps at once (two processes) are harmless', async () => {
    const orphans = [orphan(2 * HOUR), orphan(2 * HOUR), orphan(2 * HOUR)];
    for (const key of ticketKeys) age(key, 2 * HOUR);
    await Promise.all([sweep({ batchSize: 1 }), sweep({ batchSize: 2 })]);
    expect(orphans.filter(stored)).toEqual([]);
    expect(ticketKeys.filter((key) => !stored(key))).toEqual([]);
  });

  it('handles a missing uploads folder, and skips a storage that cannot list', async () => {
    const missing = new LocalFileStorage(path.join(t.uploadsDir, 'no-such-folder'));
    expect(await sweepOrphanFiles(t.db, missing)).toEqual({ scanned: 0, deleted: 0 });
    const storage = t.app.storage;
    const noList = {
      put: (key: string, data: Buffer) => storage.put(key, data),
      get: (key: string) => storage.get(key),
      delete: (key: string) => storage.delete(key),
    };
    expect(await sweepOrphanFiles(t.db, noList)).toMatchObject({ skipped: 'cannot-list' });
  });

  it('never reaches outside the uploads folder through a symbolic link', async () => {
    const outside = mkdtempSync(path.join(tmpdir(), 'mend-outside-'));
    try {
      const secret = path.join(outside, 'secret.webp');
      writeFileSync(secret, 'not ours');
      const old = new Date(Date.now() - 2 * HOUR);
      utimesSync(secret, old, old);
      symlinkSync(outside, fullPath('tickets/linked-folder'));
      symlinkSync(secret, fullPath('tickets/linked-file.webp'));
      const control = orphan(2 * HOUR);

      await sweep();
      expect(existsSync(secret)).toBe(true);
      expect(stored(control)).toBe(false);
    } finally {
      rmSync(fullPath('tickets/linked-folder'), { force: true });
      rmSync(fullPath('tickets/linked-file.webp'), { force: true });
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('deletes nothing against a database that names no file at all (a wrong or fresh database)', async () => {
    const fresh = await createTestApp();
    try {
      const key = 'tickets/1/old.webp';
      mkdirSync(path.join(fresh.uploadsDir, 'tickets/1'), { recursive: true });
      writeFileSync(path.join(fresh.uploadsDir, key), 'x');
      const old = new Date(Date.now() - 2 * HOUR);
      utimesSync(path.join(fresh.uploadsDir, key), old, old);

      const result = await sweepOrphanFiles(fresh.db, fresh.app.storage);
      expect(result).toMatchObject({ skipped: 'no-stored-keys', deleted: 0 });
      expect(existsSync(path.join(fresh.uploadsDir, key))).toBe(true);
    } finally {
      await fresh.close();
    }
  });
});

describe('the server’s sweeper (app.orphanFiles)', () => {
  it('sweeps as soon as it starts, and stops on request', async () => {
    const old = orphan(2 * HOUR);
    t.app.orphanFiles.start();
    try {
      await vi.waitFor(() => expect(stored(old)).toBe(false), { timeout: 10_000, interval: 50 });
    } finally {
      await t.app.orphanFiles.stop();
    }
    expect(ticketKeys.every(stored)).toBe(true);
  });
});

describe('STORAGE_KEY_COLUMNS', () => {
  /** Columns whose name looks like a stored file's but which hold no storage key. */
  const NOT_STORAGE_KEYS = new Set([
    // A URL handed to the client as is (users/serialize.ts); nothing writes it today.
    'notifications.image',
  ]);

  it('lists every column of the schema that looks like it holds a storage key', () => {
    const name = (column: PgColumn) => `${getTableName(column.table)}.${column.name}`;
    const listed = new Set(STORAGE_KEY_COLUMNS.map(name));
    const lookAlikes = Object.values(schema)
      .flatMap((value) => (isTable(value) ? (Object.values(getTableColumns(value)) as PgColumn[]) : []))
      .filter((column) => column.dataType === 'string')
      .filter((column) => /avatar|logo|image|photo|picture|file|thumbnail|storage|_key$/i.test(column.name))
      .map(name)
      .filter((found) => !NOT_STORAGE_KEYS.has(found));
    expect(lookAlikes.sort()).toEqual([...listed].sort());
  });
});
