/**
 * The storage of uploads (issue 27, docs/decisions/0039): one contract kept by the local folder and by an S3 bucket
 * (a real S3-protocol server, s3rver, started here on 127.0.0.1 and reached through the AWS SDK); the S3_* settings;
 * the CLI's copy of the uploads folder into the bucket; and the app on object storage, still serving each file only
 * to those allowed.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { main as cli } from '../src/cli';
import { loadConfig } from '../src/config';
import { ticketImages, users } from '../src/db/schema';
import { copyFiles, type SizedStorage } from '../src/lib/copy-files';
import { openFileStorage } from '../src/lib/open-storage';
import { sweepOrphanFiles } from '../src/lib/orphan-files';
import { S3FileStorage, type S3StorageOptions } from '../src/lib/s3-storage';
import { type FileStorage, LocalFileStorage } from '../src/lib/storage';
import { createTestApp, type TestApp } from './helpers/app';
import { startS3Server, type TestS3Server } from './helpers/s3-server';
import {
  clientFor,
  createWorld,
  file,
  jpegWithGps,
  ticketForm,
  type World,
} from './helpers/ticket-factories';

/** Buckets of the server: one per part of this file, so no part sees another's objects. */
const BUCKETS = { contract: 'mend-contract', copy: 'mend-copy', app: 'mend-app' };

let s3: TestS3Server;
const folders: string[] = [];

beforeAll(async () => {
  s3 = await startS3Server(Object.values(BUCKETS));
});
afterAll(async () => {
  await s3?.close();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function tempFolder(name: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), `mend-test-${name}-`));
  folders.push(folder);
  return folder;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The bytes stored under `key`, or null. */
async function contentOf(storage: FileStorage, key: string): Promise<Buffer | null> {
  const stored = await storage.get(key);
  if (!stored) return null;
  const data = await readAll(stored.stream);
  expect(stored.size).toBe(data.length);
  return data;
}

async function listed(storage: FileStorage, prefix = ''): Promise<string[]> {
  const keys: string[] = [];
  for await (const entry of storage.list?.() ?? []) if (entry.key.startsWith(prefix)) keys.push(entry.key);
  return keys.sort();
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

const UNSAFE_KEYS = [
  '../escape.webp',
  '/etc/passwd',
  'a//b.webp',
  'a/../../b.webp',
  '.hidden',
  'with space.png',
  '',
];

interface Backend {
  name: string;
  open(options?: S3StorageOptions): SizedStorage;
}

const backends: Backend[] = [
  {
    name: 'local folder',
    open: () => new LocalFileStorage(tempFolder('uploads')),
  },
  {
    name: 'S3 bucket',
    open: (options) => new S3FileStorage(s3.config(BUCKETS.contract), options),
  },
];

describe.each(backends)('the storage contract: $name', ({ open }) => {
  let storage: SizedStorage;
  let counter = 0;
  /** A folder of keys no other test writes in. */
  const fresh = () => `tests/${++counter}-${randomBytes(4).toString('hex')}`;

  beforeAll(() => {
    storage = open();
  });
  afterAll(() => storage.close?.());

  it('answers what was put, with its size, and replaces it on a second put', async () => {
    const key = `${fresh()}/note.pdf`;
    await storage.put(key, Buffer.from('first version'));
    expect((await contentOf(storage, key))?.toString()).toBe('first version');
    expect(await storage.size(key)).toBe('first version'.length);

    await storage.put(key, Buffer.from('second'));
    expect((await contentOf(storage, key))?.toString()).toBe('second');
    expect(await storage.size(key)).toBe(6);
  });

  it('answers null for a key it does not hold, never an error', async () => {
    const key = `${fresh()}/nothing-here.webp`;
    expect(await storage.get(key)).toBeNull();
    expect(await storage.size(key)).toBeNull();
  });

  it('deletes, and deleting again (or what was never stored) is no error', async () => {
    const folder = fresh();
    await storage.put(`${folder}/gone.webp`, Buffer.from('x'));
    await storage.put(`${folder}/kept.webp`, Buffer.from('y'));
    await storage.delete(`${folder}/gone.webp`);
    expect(await storage.get(`${folder}/gone.webp`)).toBeNull();
    await expect(storage.delete(`${folder}/gone.webp`)).resolves.toBeUndefined();
    await expect(storage.delete(`${folder}/never.webp`)).resolves.toBeUndefined();
    expect((await contentOf(storage, `${folder}/kept.webp`))?.toString()).toBe('y');
  });

  it('refuses unsafe keys: put and delete throw, get and size find nothing', async () => {
    for (const key of UNSAFE_KEYS) {
      await expect(storage.put(key, Buffer.from('x')), key).rejects.toThrow(/unsafe storage key/);
      await expect(storage.delete(key), key).rejects.toThrow(/unsafe storage key/);
      expect(await storage.get(key), key).toBeNull();
      expect(await storage.size(key), key).toBeNull();
    }
  });

  it('keeps a large binary file byte for byte', async () => {
    // Every byte value, then 4 MB of noise: larger than one network packet or read chunk by far.
    const data = Buffer.concat([
      Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
      randomBytes(4 * 1024 * 1024),
    ]);
    const key = `${fresh()}/large.webp`;
    await storage.put(key, data);
    const stored = await storage.get(key);
    expect(stored?.size).toBe(data.length);
    const read = await readAll(stored!.stream);
    expect(read.length).toBe(data.length);
    expect(sha256(read)).toBe(sha256(data));
  });

  it('lists every file with its modification time, and no longer a deleted one', async () => {
    const folder = fresh();
    const keys = [`${folder}/a.webp`, `${folder}/deep/b.png`, `${folder}/deep/er/c.pdf`];
    const before = Date.now();
    for (const key of keys) await storage.put(key, Buffer.from(key));
    const entries: { key: string; modifiedAt: Date }[] = [];
    for await (const entry of storage.list?.() ?? []) if (entry.key.startsWith(folder)) entries.push(entry);
    expect(entries.map((entry) => entry.key).sort()).toEqual(keys);
    for (const entry of entries) {
      expect(entry.modifiedAt).toBeInstanceOf(Date);
      // Some servers keep times to the second.
      expect(entry.modifiedAt.getTime()).toBeGreaterThanOrEqual(before - 2000);
      expect(entry.modifiedAt.getTime()).toBeLessThanOrEqual(Date.now() + 2000);
    }
    await storage.delete(keys[1]);
    expect(await listed(storage, folder)).toEqual([keys[0], keys[2]]);
  });

  it('lists past one page', async () => {
    const paged = open({ pageSize: 2 });
    try {
      const folder = fresh();
      const keys = Array.from({ length: 7 }, (_, i) => `${folder}/file-${i}.webp`);
      for (const key of keys) await paged.put(key, Buffer.from('x'));
      expect(await listed(paged, folder)).toEqual(keys);
    } finally {
      paged.close?.();
    }
  });
});

describe('the S3 bucket', () => {
  it('leaves objects with unsafe keys (or folder markers) put there by other tools out of its listing', async () => {
    const raw = new S3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    try {
      for (const Key of ['odd/Not Safe!.txt', 'odd/folder/', 'odd/fine.webp']) {
        await raw.send(new PutObjectCommand({ Bucket: BUCKETS.contract, Key, Body: 'x' }));
      }
    } finally {
      raw.destroy();
    }
    const storage = new S3FileStorage(s3.config(BUCKETS.contract));
    expect(await listed(storage, 'odd/')).toEqual(['odd/fine.webp']);
    storage.close();
  });

  it('throws on a real failure (unknown keys, unknown bucket) rather than calling the file missing', async () => {
    const wrongKeys = new S3FileStorage({ ...s3.config(BUCKETS.contract), accessKeyId: 'NOT-OURS' });
    await expect(wrongKeys.get('tests/any.webp')).rejects.toThrow();
    await expect(wrongKeys.put('tests/any.webp', Buffer.from('x'))).rejects.toThrow();
    wrongKeys.close();
    const noBucket = new S3FileStorage(s3.config('no-such-bucket'));
    await expect(noBucket.get('tests/any.webp')).rejects.toThrow();
    await expect(noBucket.put('tests/any.webp', Buffer.from('x'))).rejects.toThrow();
    noBucket.close();
  });
});

describe('S3 settings', () => {
  const bucketEnv = { S3_BUCKET: 'mend-files', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };

  it('are off by default: uploads stay in the data folder', async () => {
    const config = loadConfig({ MEND_DATA_DIR: '/srv/mend' });
    expect(config.s3).toBeNull();
    expect(await openFileStorage(config)).toBeInstanceOf(LocalFileStorage);
    expect(loadConfig({ S3_BUCKET: '', S3_ENDPOINT: '' }).s3).toBeNull();
  });

  it('need a bucket and both keys, naming what is missing', () => {
    expect(() => loadConfig({ S3_BUCKET: 'mend-files' })).toThrow(
      /S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are not set/,
    );
    expect(() => loadConfig({ ...bucketEnv, S3_SECRET_ACCESS_KEY: '' })).toThrow(
      /S3_SECRET_ACCESS_KEY is not set/,
    );
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_BUCKET, S3_ACCESS_KEY_ID/);
    expect(() => loadConfig({ S3_FORCE_PATH_STYLE: 'on' })).toThrow(/S3_BUCKET/);
  });

  it('refuse bad values by name', () => {
    expect(() => loadConfig({ ...bucketEnv, S3_ENDPOINT: 'ftp://files' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ ...bucketEnv, S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ ...bucketEnv, S3_BUCKET: 'Has_Capitals' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ ...bucketEnv, S3_FORCE_PATH_STYLE: 'sometimes' })).toThrow(
      /S3_FORCE_PATH_STYLE/,
    );
  });

  it('default to AWS S3 in us-east-1, addressed by host; path style with an endpoint of its own', async () => {
    expect(loadConfig(bucketEnv).s3).toEqual({
      endpoint: undefined,
      region: 'us-east-1',
      bucket: 'mend-files',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: false,
    });
    const own = loadConfig({
      ...bucketEnv,
      S3_ENDPOINT: 'https://s3.example.test/',
      S3_REGION: 'eu-central-1',
    }).s3;
    expect(own).toMatchObject({
      endpoint: 'https://s3.example.test',
      region: 'eu-central-1',
      forcePathStyle: true,
    });
    const virtualHosts = loadConfig({
      ...bucketEnv,
      S3_ENDPOINT: 'https://s3.example.test',
      S3_FORCE_PATH_STYLE: 'off',
    }).s3;
    expect(virtualHosts?.forcePathStyle).toBe(false);
    const storage = await openFileStorage({ dataDir: '/srv/mend', s3: own });
    expect(storage).toBeInstanceOf(S3FileStorage);
    storage.close?.();
  });
});

describe('npm run cli -- copy-files-to-s3', () => {
  let dataDir: string;
  let output: string[];
  let bucket: S3FileStorage;
  const FILES: Record<string, Buffer> = {
    'avatars/users/7/0123456789abcdef0123456789abcdef.webp': randomBytes(3000),
    'logos/landlords/2/fedcba9876543210fedcba9876543210.png': randomBytes(200),
    'tickets/5/11112222333344445555666677778888.pdf': randomBytes(150_000),
  };
  /** A half-write of a process that died: never copied. */
  const TEMPORARY = 'tickets/5/99990000999900009999000099990000.webp.4242.tmp';

  const write = (key: string, data: Buffer) => {
    const target = path.join(dataDir, 'uploads', key);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, data);
  };
  const run = async (...args: string[]) => {
    output = [];
    const code = await cli(['copy-files-to-s3', ...args]);
    return { code, summary: output.at(-1) ?? '' };
  };

  beforeAll(() => {
    dataDir = tempFolder('copy');
    for (const [key, data] of Object.entries(FILES)) write(key, data);
    write(TEMPORARY, Buffer.from('half'));
    bucket = new S3FileStorage(s3.config(BUCKETS.copy));
  });
  afterAll(() => bucket?.close());

  function useEnvironment(env: Record<string, string>) {
    vi.stubEnv('MEND_DATA_DIR', dataDir);
    for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
    vi.spyOn(console, 'log').mockImplementation((...parts: unknown[]) => {
      output.push(parts.join(' '));
    });
    vi.spyOn(console, 'error').mockImplementation((...parts: unknown[]) => {
      output.push(parts.join(' '));
    });
  }
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it('copies every file of the uploads folder into the bucket, then nothing on a second run', async () => {
    useEnvironment(s3.env(BUCKETS.copy));
    const first = await run();
    expect(first.code).toBe(0);
    expect(first.summary).toMatch(/^3 files copied \(0\.2 MB\), 0 already in the bucket, 0 failed\.$/);
    expect(await listed(bucket)).toEqual(Object.keys(FILES).sort());
    for (const [key, data] of Object.entries(FILES))
      expect(sha256((await contentOf(bucket, key))!)).toBe(sha256(data));

    const second = await run();
    expect(second.code).toBe(0);
    expect(second.summary).toMatch(/^0 files copied \(0\.0 MB\), 3 already in the bucket, 0 failed\.$/);
    // The folder is left as it was.
    for (const [key, data] of Object.entries(FILES)) {
      expect(readFileSync(path.join(dataDir, 'uploads', key)).equals(data)).toBe(true);
    }
  });

  it('copies a new file or one whose size differs; a dry run only counts', async () => {
    useEnvironment(s3.env(BUCKETS.copy));
    const added = 'avatars/units/3/aaaabbbbccccddddeeeeffff00001111.webp';
    write(added, randomBytes(500));
    const dry = await run('--dry-run');
    expect(dry.summary).toMatch(/^1 file to copy .*, 3 already in the bucket, 0 failed\.$/);
    expect(await bucket.size(added)).toBeNull();

    const changed = Object.keys(FILES)[0];
    write(changed, randomBytes(10));
    const third = await run();
    expect(third.code).toBe(0);
    expect(third.summary).toMatch(/^2 files copied .*, 2 already in the bucket, 0 failed\.$/);
    expect(await bucket.size(added)).toBe(500);
    expect(await bucket.size(changed)).toBe(10);
  });

  it('refuses to run without object storage configured, or against a bucket it cannot reach', async () => {
    useEnvironment({ S3_BUCKET: '', S3_ACCESS_KEY_ID: '', S3_SECRET_ACCESS_KEY: '', S3_ENDPOINT: '' });
    await expect(run()).rejects.toThrow(/Object storage is not configured/);
    useEnvironment(s3.env('no-such-bucket'));
    await expect(run()).rejects.toThrow(/bucket no-such-bucket .* cannot be listed/);
  });

  it('counts a file that fails and goes on with the others', async () => {
    const source = new LocalFileStorage(path.join(dataDir, 'uploads'));
    const written: string[] = [];
    const failing: SizedStorage = {
      put: async (key) => {
        if (key.startsWith('logos/')) throw new Error('refused');
        written.push(key);
      },
      get: async () => null,
      size: async () => null,
      delete: async () => {},
    };
    const failed: string[] = [];
    const result = await copyFiles(source, failing, {
      concurrency: 2,
      onFile: (key, outcome) => {
        if (outcome === 'failed') failed.push(key);
      },
    });
    expect(failed).toEqual(['logos/landlords/2/fedcba9876543210fedcba9876543210.png']);
    expect(result).toMatchObject({ copied: written.length, skipped: 0, failed: 1 });
    expect(written).not.toContain(TEMPORARY);
    expect(written.length).toBeGreaterThanOrEqual(3);
  });
});

describe('the app on object storage', () => {
  let t: TestApp;
  let w: World;
  let bucket: S3FileStorage;
  let avatarUrl: string;
  let avatarKey: string;
  let imageUrl: string;
  let imageKey: string;
  let imageType: string;

  beforeAll(async () => {
    t = await createTestApp({ env: s3.env(BUCKETS.app) });
    expect(t.app.storage).toBeInstanceOf(S3FileStorage);
    bucket = t.app.storage as S3FileStorage;
    w = await createWorld(t.db);

    const admin = await clientFor(t, w.admin);
    const avatar = await admin.send('PATCH', `/api/users/${w.north.tenant.id}/avatar`, {
      avatar: file(await jpegWithGps(), 'me.jpg', 'image/jpeg'),
    });
    expect(avatar.statusCode, avatar.body).toBe(200);
    avatarUrl = avatar.json().data.avatar;
    const [user] = await t.db.select().from(users).where(eq(users.id, w.north.tenant.id));
    avatarKey = user.avatar!;

    const tenant = await clientFor(t, w.north.tenant);
    const created = await tenant.post(
      '/api/tickets',
      ticketForm({
        category_id: w.plumbing.id,
        images: [file(await jpegWithGps(), 'leak.jpg', 'image/jpeg')],
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const ticketId = created.json().id;
    const [image] = await t.db.select().from(ticketImages).where(eq(ticketImages.ticketId, ticketId));
    imageUrl = `/api/tickets/${ticketId}/images/${image.id}`;
    imageKey = image.storageKey;
    imageType = image.mimeType;
  });
  afterAll(() => t?.close());

  it('keeps uploads in the bucket, none in the data folder', async () => {
    expect(await bucket.size(avatarKey)).toBeGreaterThan(0);
    expect(await bucket.size(imageKey)).toBeGreaterThan(0);
    expect(existsSync(t.uploadsDir)).toBe(false);
  });

  it('serves an avatar through the app to users of its landlord, not to a stranger or a visitor', async () => {
    const manager = await clientFor(t, w.north.manager);
    const served = await manager.get(avatarUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.rawPayload.equals((await contentOf(bucket, avatarKey))!)).toBe(true);
    expect(Number(served.headers['content-length'])).toBe(served.rawPayload.length);

    const stranger = await clientFor(t, w.south.manager);
    expect((await stranger.get(avatarUrl)).statusCode).toBe(404);
    const visitor = await t.client();
    expect((await visitor.get(avatarUrl)).statusCode).toBe(401);
  });

  it('serves a ticket image to those who see the ticket, not to another landlord’s tenant', async () => {
    const tenant = await clientFor(t, w.north.tenant);
    const served = await tenant.get(imageUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe(imageType);
    expect(served.rawPayload.equals((await contentOf(bucket, imageKey))!)).toBe(true);

    const stranger = await clientFor(t, w.south.tenant);
    expect((await stranger.get(imageUrl)).statusCode).toBe(404);
  });

  it('answers 404 for a key the bucket does not hold', async () => {
    const admin = await clientFor(t, w.admin);
    const missing = avatarUrl.replace(/[0-9a-f]{32}\.webp$/, `${'0'.repeat(32)}.webp`);
    expect((await admin.get(missing)).statusCode).toBe(404);
  });

  it('deletes the old avatar from the bucket when it is replaced', async () => {
    const admin = await clientFor(t, w.admin);
    const replaced = await admin.send('PATCH', `/api/users/${w.north.tenant.id}/avatar`, {
      avatar: file(await jpegWithGps(), 'me-again.jpg', 'image/jpeg'),
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(await bucket.size(avatarKey)).toBeNull();
    const [user] = await t.db.select().from(users).where(eq(users.id, w.north.tenant.id));
    avatarKey = user.avatar!;
    avatarUrl = replaced.json().data.avatar;
    expect(await bucket.size(avatarKey)).toBeGreaterThan(0);
  });

  it('sweeps orphans from the bucket, keeping every file a row names', async () => {
    const orphan = 'tickets/999999/00000000000000000000000000000000.webp';
    await bucket.put(orphan, Buffer.from('nobody names me'));
    const later = new Date(Date.now() + 2 * 60 * 60 * 1000);
    const result = await sweepOrphanFiles(t.db, bucket, { now: later });
    expect(result.deleted).toBe(1);
    expect(await bucket.size(orphan)).toBeNull();
    expect(await bucket.size(avatarKey)).toBeGreaterThan(0);
    expect(await bucket.size(imageKey)).toBeGreaterThan(0);
  });
});
