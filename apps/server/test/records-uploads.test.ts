/**
 * Logos and pictures of landlords, properties and units: re-encoded to WebP without metadata, stored
 * only once the whole form passed, replaced and removed with their record, served by the uploads route
 * (logos to anyone, property and unit pictures to signed-in users only).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { en } from '@mend/shared';
import type { PgTable } from 'drizzle-orm/pg-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { landlords, properties, units } from '../src/db/schema';
import { createTestApp, type TestApp, type TestClient } from './helpers/app';
import { createLandlord, createProperty, createUser } from './helpers/factories';
import {
  imageFile,
  jpegWithExif,
  keyOf,
  pngWithExif,
  signedIn,
  storedFiles,
} from './helpers/records-factories';

let t: TestApp;
let admin: TestClient;
let guest: TestClient;
let landlordA: number;
let propertyA: number;
/** A user of another landlord, which a new landlord may not take. */
let takenUser: number;

beforeAll(async () => {
  t = await createTestApp();
  landlordA = (await createLandlord(t.db, 'Logo Landlord')).id;
  const landlordB = (await createLandlord(t.db, 'Other Landlord')).id;
  propertyA = (await createProperty(t.db, landlordA, 'Picture House')).id;
  takenUser = (await createUser(t.db, { role: 2, landlordId: landlordB })).id;
  await createUser(t.db, { role: 0, email: 'admin@example.test' });
  admin = await signedIn(t, 'admin@example.test');
  guest = await t.client();
});
afterAll(() => t.close());

interface Entity {
  entity: string;
  url: string;
  table: PgTable;
  folder: (id: number) => string;
  /** Logos are public (login screen); pictures need a signed-in user. */
  isPublic: boolean;
  form: () => Record<string, unknown>;
  /** A form that passes zod but names a record that cannot be used (found out inside the transaction). */
  foreignForm: () => Record<string, unknown>;
}

const ENTITIES: Entity[] = [
  {
    entity: 'landlord',
    url: '/api/landlords',
    table: landlords,
    folder: (id) => `logos/landlords/${id}/`,
    isPublic: true,
    form: () => ({ name: 'Pictured Landlord', description: 'With a logo' }),
    foreignForm: () => ({ ...ENTITIES[0].form(), users: [takenUser] }),
  },
  {
    entity: 'property',
    url: '/api/properties',
    table: properties,
    folder: (id) => `avatars/properties/${id}/`,
    isPublic: false,
    form: () => ({
      name: 'Pictured Property',
      description: 'With a picture',
      country: 'Canada',
      province: 'Alberta',
      city: 'Edmonton',
      postal_code: 'T5J 0N3',
      address: '1 Main St',
      landlord_id: landlordA,
    }),
    foreignForm: () => ({ ...ENTITIES[1].form(), landlord_id: 999_999 }),
  },
  {
    entity: 'unit',
    url: '/api/units',
    table: units,
    folder: (id) => `avatars/units/${id}/`,
    isPublic: false,
    form: () => ({
      name: 'Pictured Unit',
      description: 'With a picture',
      postal_code: 'T5J 0N3',
      address: '1 Main St',
      property_id: propertyA,
    }),
    foreignForm: () => ({ ...ENTITIES[2].form(), property_id: 999_999 }),
  },
];

const rowCount = async (table: PgTable) => (await t.db.select().from(table)).length;
const storedBytes = (key: string) => readFileSync(path.join(t.uploadsDir, key));

function withFiles(fields: Record<string, unknown>, files: File[], field = 'avatar'): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  for (const file of files) form.append(field, file, file.name);
  return form;
}

describe.each(ENTITIES)('$entity picture', ({ url, table, folder, isPublic, form, foreignForm }) => {
  it('stores a PNG re-encoded as WebP without EXIF/GPS, under its folder, and serves it', async () => {
    const png = await pngWithExif();
    expect((await sharp(png).metadata()).exif).toBeDefined();
    const response = await admin.post(url, withFiles(form(), [imageFile(png, 'photo.png', 'image/png')]));
    expect(response.statusCode, response.body).toBe(201);
    const { id, avatar } = response.json();
    const key = keyOf(avatar);
    expect(key.startsWith(folder(id))).toBe(true);
    expect(key).toMatch(/\.webp$/);
    const stored = storedBytes(key);
    const metadata = await sharp(stored).metadata();
    expect(metadata.format).toBe('webp');
    expect(metadata.exif).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    expect(stored.includes(Buffer.from('Secret Owner'))).toBe(false);

    const signedInFetch = await admin.get(avatar);
    expect(signedInFetch.statusCode).toBe(200);
    expect(signedInFetch.headers['content-type']).toBe('image/webp');
    const signedOutFetch = await guest.get(avatar);
    expect(signedOutFetch.statusCode).toBe(isPublic ? 200 : 401);
  });

  it('replaces the picture (a JPEG with GPS) and removes the old file after the update', async () => {
    const created = await admin.post(
      url,
      withFiles(form(), [imageFile(await pngWithExif(), 'a.png', 'image/png')]),
    );
    const { id, avatar: first, path: recordPath } = created.json();
    const jpeg = await jpegWithExif();
    const updated = await admin.send(
      'PATCH',
      recordPath,
      withFiles(form(), [imageFile(jpeg, 'b.jpg', 'image/jpeg')]),
    );
    expect(updated.statusCode, updated.body).toBe(200);
    const second = updated.json().avatar;
    expect(second).not.toBe(first);
    expect(storedFiles(t.uploadsDir)).toContain(keyOf(second));
    expect(storedFiles(t.uploadsDir)).not.toContain(keyOf(first));
    expect((await sharp(storedBytes(keyOf(second))).metadata()).exif).toBeUndefined();

    // An update without a file keeps the picture.
    const kept = await admin.send('PATCH', recordPath, form());
    expect(kept.json().avatar).toBe(second);

    const removed = await admin.send('DELETE', recordPath);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(storedFiles(t.uploadsDir).filter((file) => file.startsWith(folder(id)))).toEqual([]);
  });

  it.each([
    [
      'a 1,000,000-byte file',
      () => [imageFile(Buffer.alloc(1_000_000, 1), 'big.png', 'image/png')],
      en.errors.fileTooBig,
    ],
    [
      'two files',
      async () => [
        imageFile(await pngWithExif(), 'one.png', 'image/png'),
        imageFile(await pngWithExif(), 'two.png', 'image/png'),
      ],
      en.errors.tooManyFiles,
    ],
    [
      'a text file named .png',
      () => [imageFile(Buffer.from('just some text'), 'fake.png', 'image/png')],
      en.errors.fileType,
    ],
  ])('refuses %s with its message, storing nothing', async (_label, files, message) => {
    const before = storedFiles(t.uploadsDir);
    const rows = await rowCount(table);
    const response = await admin.post(url, withFiles(form(), await files()));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ avatar: [message] });
    expect(storedFiles(t.uploadsDir)).toEqual(before);
    expect(await rowCount(table)).toBe(rows);
  });

  it('stores nothing when another field fails, and reports both', async () => {
    const before = storedFiles(t.uploadsDir);
    const rows = await rowCount(table);
    const valid = await admin.post(
      url,
      withFiles({ ...form(), name: '' }, [imageFile(await pngWithExif(), 'ok.png', 'image/png')]),
    );
    expect(valid.statusCode).toBe(422);
    expect(Object.keys(valid.json().errors)).toEqual(['name']);
    const both = await admin.post(
      url,
      withFiles({ ...form(), name: '' }, [imageFile(Buffer.from('text'), 'x.png', 'image/png')]),
    );
    expect(both.json().errors).toMatchObject({ avatar: [en.errors.fileType], name: [expect.any(String)] });
    expect(storedFiles(t.uploadsDir)).toEqual(before);
    expect(await rowCount(table)).toBe(rows);
  });

  it('stores nothing when a referenced record cannot be used (checked inside the transaction)', async () => {
    const before = storedFiles(t.uploadsDir);
    const rows = await rowCount(table);
    const response = await admin.post(
      url,
      withFiles(foreignForm(), [imageFile(await pngWithExif(), 'ok.png', 'image/png')]),
    );
    expect(response.statusCode).toBe(422);
    expect(storedFiles(t.uploadsDir)).toEqual(before);
    expect(await rowCount(table)).toBe(rows);
  });

  it('keeps the old picture when an update with a bad file is refused', async () => {
    const created = await admin.post(
      url,
      withFiles(form(), [imageFile(await pngWithExif(), 'a.png', 'image/png')]),
    );
    const { avatar, path: recordPath } = created.json();
    const before = storedFiles(t.uploadsDir);
    const response = await admin.send(
      'PATCH',
      recordPath,
      withFiles({ ...form(), name: 'Renamed' }, [
        imageFile(Buffer.alloc(1_000_000, 1), 'big.png', 'image/png'),
      ]),
    );
    expect(response.statusCode).toBe(422);
    expect(storedFiles(t.uploadsDir)).toEqual(before);
    const after = (await admin.get(recordPath)).json();
    expect(after.avatar).toBe(avatar);
    expect(after.name).not.toBe('Renamed');
  });
});

describe('the public logo route', () => {
  it('answers the logo URL for the login screen, which loads signed out', async () => {
    const created = await admin.post(
      '/api/landlords',
      withFiles({ name: 'Login Logo', description: 'x' }, [
        imageFile(await pngWithExif(), 'l.png', 'image/png'),
      ]),
    );
    const { id, avatar } = created.json();
    const logo = await guest.get(`/api/landlords/${id}/logo`);
    expect(logo.json()).toEqual({ id, name: 'Login Logo', avatar });
    expect((await guest.get(avatar)).statusCode).toBe(200);
  });
});
