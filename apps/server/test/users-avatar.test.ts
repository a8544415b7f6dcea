/** User avatars: PATCH users/{id}/avatar and the avatar field of the user form. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { en } from '@mend/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type UserRow, users } from '../src/db/schema';
import { createTestApp, type TestApp, type TestClient } from './helpers/app';
import { createTenant } from './helpers/factories';
import { createWorld, freshEmail, personFields, signedIn, type World } from './helpers/user-factories';

let t: TestApp;
let w: World;
let admin: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
  admin = await signedIn(t, w.admin);
});
afterAll(() => t.close());

/** A real JPEG with EXIF metadata (location data lives there), `size` pixels square. */
async function jpeg(size = 64): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background: '#c0ffee' } })
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-exif-marker' } } })
    .jpeg()
    .toBuffer();
}

const file = (data: Buffer, name = 'photo.jpg', type = 'image/jpeg') =>
  new File([new Uint8Array(data)], name, { type });

/** Every stored file below the uploads folder, relative to it. */
function storedFiles(): string[] {
  if (!existsSync(t.uploadsDir)) return [];
  return (readdirSync(t.uploadsDir, { recursive: true }) as string[])
    .filter((entry) => entry.includes('.'))
    .map((entry) => entry.split(path.sep).join('/'));
}

async function freshTenant(): Promise<UserRow> {
  return createTenant(t.db, w.a.unit, w.a.landlord.id);
}

describe('PATCH users/{id}/avatar', () => {
  it('re-encodes the image as WebP under avatars/users/{id}/, without metadata, and answers the user', async () => {
    const tenant = await freshTenant();
    const response = await admin.send('PATCH', `/api/users/${tenant.id}/avatar/`, {
      avatar: file(await jpeg(900)),
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.message).toBe(en.people.avatarUpdated);
    expect(body.data.id).toBe(tenant.id);
    expect(body.data.avatar).toMatch(new RegExp(`^/uploads/avatars/users/${tenant.id}/[0-9a-f]{32}\\.webp$`));

    const key = body.data.avatar.replace('/uploads/', '');
    const stored = readFileSync(path.join(t.uploadsDir, key));
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(512);
    expect(meta.exif).toBeUndefined();
    expect(stored.includes(Buffer.from('secret-exif-marker'))).toBe(false);

    // Served to signed-in users.
    const served = await admin.get(body.data.avatar);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it('deletes the old file once the new one is saved', async () => {
    const tenant = await freshTenant();
    const first = (
      await admin.send('PATCH', `/api/users/${tenant.id}/avatar`, { avatar: file(await jpeg()) })
    )
      .json()
      .data.avatar.replace('/uploads/', '');
    const second = (
      await admin.send('PATCH', `/api/users/${tenant.id}/avatar`, { avatar: file(await jpeg()) })
    )
      .json()
      .data.avatar.replace('/uploads/', '');
    expect(second).not.toBe(first);
    expect(existsSync(path.join(t.uploadsDir, first))).toBe(false);
    expect(existsSync(path.join(t.uploadsDir, second))).toBe(true);
  });

  describe('refusals store nothing', () => {
    it.each([
      [
        'File too big',
        async () => ({ avatar: file(Buffer.concat([await jpeg(), Buffer.alloc(1_000_000)])) }),
        en.errors.fileTooBig,
      ],
      [
        'Too many files',
        async () => {
          const form = new FormData();
          form.append('avatar', file(await jpeg()));
          form.append('avatar', file(await jpeg()));
          return form;
        },
        en.errors.tooManyFiles,
      ],
      [
        'wrong bytes behind an image name',
        async () => ({ avatar: file(Buffer.from('<svg onload="alert(1)"></svg>'), 'evil.png', 'image/png') }),
        en.errors.fileType,
      ],
      [
        'a PDF (accepted for attachments, not as an avatar)',
        async () => ({
          avatar: file(Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'), 'doc.pdf', 'application/pdf'),
        }),
        en.errors.fileType,
      ],
    ])('%s', async (_name, body, message) => {
      const tenant = await freshTenant();
      const before = storedFiles();
      const payload = await body();
      const response = await admin.send('PATCH', `/api/users/${tenant.id}/avatar`, payload);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ avatar: [message] });
      expect(storedFiles()).toEqual(before);
      const [row] = await t.db.select().from(users).where(eq(users.id, tenant.id));
      expect(row.avatar).toBeNull();
    });

    it('no file at all → "Please choose an image to upload."', async () => {
      const tenant = await freshTenant();
      const response = await admin.send('PATCH', `/api/users/${tenant.id}/avatar`, {});
      expect(response.json().errors).toEqual({ avatar: [en.people.avatarRequired] });
    });
  });

  it('every user may change its own avatar', async () => {
    for (const user of [w.a.tenant, w.a.contractor, w.a.manager]) {
      const client = await signedIn(t, user);
      const response = await client.post(`/api/users/${user.id}/avatar`, {
        _method: 'PATCH',
        avatar: file(await jpeg()),
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data.avatar).toContain(`/avatars/users/${user.id}/`);
    }
  });
});

describe('avatar in the user form', () => {
  it('is stored with a new user', async () => {
    const response = await admin.post('/api/tenants', {
      ...personFields(),
      email: freshEmail(),
      unit_id: w.a.unit.id,
      avatar: file(await jpeg()),
    });
    expect(response.statusCode, response.body).toBe(201);
    const { id, avatar } = response.json().data;
    expect(avatar).toMatch(new RegExp(`^/uploads/avatars/users/${id}/.+\\.webp$`));
    expect(existsSync(path.join(t.uploadsDir, avatar.replace('/uploads/', '')))).toBe(true);
  });

  it('is reported with the other field errors, and nothing is stored when the form fails', async () => {
    const before = storedFiles();
    const response = await admin.post('/api/tenants', {
      ...personFields({ first_name: '' }),
      email: freshEmail(),
      unit_id: w.a.unit.id,
      avatar: file(Buffer.from('not an image at all'), 'x.jpg'),
    });
    expect(response.json().errors).toEqual({
      first_name: [en.validation.firstName],
      avatar: [en.errors.fileType],
    });
    // A good image with a form the database refuses (email taken): still nothing stored.
    const taken = await admin.post('/api/tenants', {
      ...personFields(),
      email: w.a.tenant.email,
      unit_id: w.a.unit.id,
      avatar: file(await jpeg()),
    });
    expect(taken.json().errors).toEqual({ email: [en.people.emailTaken] });
    expect(storedFiles()).toEqual(before);
  });

  it('replaces the avatar on update and removes the old file', async () => {
    const created = (
      await admin.post('/api/tenants', {
        ...personFields(),
        email: freshEmail(),
        unit_id: w.a.unit.id,
        avatar: file(await jpeg()),
      })
    ).json().data;
    const updated = await admin.send('PATCH', `/api/tenants/${created.id}`, {
      ...personFields(),
      email: created.email,
      unit_id: w.a.unit.id,
      avatar: file(await jpeg(100)),
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data.avatar).not.toBe(created.avatar);
    expect(existsSync(path.join(t.uploadsDir, created.avatar.replace('/uploads/', '')))).toBe(false);
    // Deleting the user removes its file too.
    const key = updated.json().data.avatar.replace('/uploads/', '');
    expect((await admin.send('DELETE', `/api/users/${created.id}`)).statusCode).toBe(200);
    expect(existsSync(path.join(t.uploadsDir, key))).toBe(false);
  });
});
