/** The ticket form's messages (SPEC.md section 5) and its files: limits, types, re-encoding, storage, serving. */
import path from 'node:path';
import { addDays, en, startOfZonedDay, zonedSeconds, zonedToday } from '@mend/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketImages, tickets } from '../src/db/schema';
import { createTicket } from '../src/modules/tickets/service';
import { createTestApp, type TestApp } from './helpers/app';
import {
  clientFor,
  createWorld,
  file,
  filesUnder,
  gifImage,
  jpegWithGps,
  pdfFile,
  pngImage,
  ticketForm,
  tomorrowRange,
  type World,
} from './helpers/ticket-factories';

const v = en.validation;

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
});
afterAll(() => t.close());

const ticketFiles = () => filesUnder(path.join(t.uploadsDir, 'tickets'));
const ticketCount = async () => (await t.db.select({ id: tickets.id }).from(tickets)).length;

/** The admin's form for the north unit, plumbing. */
const form = (overrides: Record<string, unknown> = {}) =>
  ticketForm({ unit_id: w.north.unit.id, category_id: w.plumbing.id, ...overrides });

/** A JPEG's EXIF block holds a GPS sub-directory when tag 0x8825 is present (either byte order). */
const hasGpsTag = (exif: Buffer) =>
  exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));

describe('ticket form messages', () => {
  it('an empty form answers every field with SPEC.md’s message', async () => {
    const client = await clientFor(t, w.admin);
    const response = await client.post('/api/tickets', {});
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 'validation_failed',
      message: en.errors.validation,
      errors: {
        'contact_details.first_name': [v.firstName],
        'contact_details.last_name': [v.lastName],
        'contact_details.email': [v.validEmail],
        'contact_details.phone_number': [v.phone],
        unit_id: [v.ticketUnit],
        title: [v.ticketTitle],
        description: [v.ticketDescription],
        category_id: [v.category],
        priority: [v.priority],
        availability: [v.availability],
      },
    });
  });

  it.each([
    [
      'contact email',
      { contact_details: { first_name: 'A', last_name: 'B', email: 'nope', phone_number: '780 555 0101' } },
      'contact_details.email',
      v.validEmail,
    ],
    [
      'contact phone',
      { contact_details: { first_name: 'A', last_name: 'B', email: 'a@b.test', phone_number: '12' } },
      'contact_details.phone_number',
      v.phone,
    ],
    ['blank title', { title: '   ' }, 'title', v.ticketTitle],
    ['blank description', { description: '' }, 'description', v.ticketDescription],
    ['unit with a space', { unit_id: '1 2' }, 'unit_id', v.ticketUnit],
    ['unknown unit', { unit_id: 999_999 }, 'unit_id', v.ticketUnit],
    ['category with whitespace', { category_id: ' ' }, 'category_id', v.category],
    ['priority out of range', { priority: 2 }, 'priority', v.priority],
    ['status out of range', { status: 9 }, 'status', v.status],
    ['blank status', { status: '' }, 'status', v.status],
    ['meta not a map', { meta: '[1,2]' }, 'meta', en.tickets.meta],
  ])('%s', async (_name, overrides, field, message) => {
    const client = await clientFor(t, w.admin);
    const response = await client.post('/api/tickets', form(overrides));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ [field]: [message] });
  });

  describe('availability', () => {
    const range = tomorrowRange(15);
    const yesterdayUtc = Math.floor(Date.now() / 86_400_000) * 86_400 - 86_400;

    it.each([
      ['end before start', { start: range.start, end: range.start - 900 }, v.availabilityEndBeforeStart],
      [
        'start before yesterday',
        { start: yesterdayUtc - 2 * 86_400, end: yesterdayUtc - 86_400 },
        v.availabilityStartTooEarly,
      ],
      ['not on 15-minute steps', { start: range.start + 60, end: range.end }, v.availabilityStep],
      ['missing end', { start: range.start }, v.availability],
    ])('%s', async (_name, value, message) => {
      const client = await clientFor(t, w.admin);
      const body: Record<string, unknown> = form();
      delete body['availability[0][start]'];
      delete body['availability[0][end]'];
      body['availability[0][start]'] = value.start;
      if ('end' in value) body['availability[0][end]'] = value.end;
      const response = await client.post('/api/tickets', body);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ 'availability.0': [message] });
    });

    it('the end may equal the start; several ranges are kept in order', async () => {
      const client = await clientFor(t, w.admin);
      const later = tomorrowRange(20, 2);
      const response = await client.post(
        '/api/tickets',
        form({
          'availability[0][start]': later.start,
          'availability[0][end]': later.end,
          'availability[1][start]': range.start,
          'availability[1][end]': range.start,
        }),
      );
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().availability).toEqual([{ start: range.start, end: range.start }, later]);
    });

    it('"not earlier than yesterday" is yesterday at the property (Edmonton), not in the earliest zone', async () => {
      const client = await clientFor(t, w.admin);
      const zone = 'America/Edmonton';
      const yesterday = startOfZonedDay(addDays(zonedToday(zone), -1), zone);
      const send = (start: number) => {
        const body: Record<string, unknown> = form();
        body['availability[0][start]'] = start;
        body['availability[0][end]'] = start + 3600;
        return client.post('/api/tickets', body);
      };
      // A quarter before yesterday began in Edmonton: after yesterday began at UTC-12, but still too early.
      const early = await send(yesterday - 900);
      expect(early.statusCode).toBe(422);
      expect(early.json().errors).toEqual({ 'availability.0': [v.availabilityStartTooEarly] });
      const first = await send(yesterday);
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json().availability_time_zone).toBe(zone);
    });

    it("reads the form's wall-clock ranges in the property's zone and gives them back as such", async () => {
      const client = await clientFor(t, w.admin);
      const zone = 'America/Edmonton';
      const tomorrow = addDays(zonedToday(zone), 1);
      const body: Record<string, unknown> = form();
      delete body['availability[0][start]'];
      delete body['availability[0][end]'];
      Object.assign(body, {
        'availability[0][start_date]': tomorrow,
        'availability[0][start_time]': '08:00',
        'availability[0][end_date]': tomorrow,
        'availability[0][end_time]': '11:00',
      });
      const response = await client.post('/api/tickets', body);
      expect(response.statusCode, response.body).toBe(201);
      const ticket = response.json();
      expect(ticket.availability).toEqual([
        { start: zonedSeconds(tomorrow, '08:00', zone), end: zonedSeconds(tomorrow, '11:00', zone) },
      ]);
      expect(ticket.availability_ranges).toEqual([
        { start_date: tomorrow, start_time: '08:00', end_date: tomorrow, end_time: '11:00' },
      ]);
      expect(ticket.availability_strings[0]).toMatch(/, 8:00 AM – 11:00 AM$/);
    });

    it('accepts the ranges as JSON text', async () => {
      const client = await clientFor(t, w.admin);
      const body: Record<string, unknown> = form({ availability: JSON.stringify([range]) });
      delete body['availability[0][start]'];
      delete body['availability[0][end]'];
      const response = await client.post('/api/tickets', body);
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().availability).toEqual([range]);
    });
  });

  it('field errors and file errors come in one answer', async () => {
    const client = await clientFor(t, w.admin);
    const response = await client.post(
      '/api/tickets',
      form({ title: '', images: [file(Buffer.from('plain text, not a picture'), 'a.jpg', 'image/jpeg')] }),
    );
    expect(response.json().errors).toEqual({ title: [v.ticketTitle], images: [en.errors.fileType] });
  });
});

describe('ticket images on create', () => {
  it.each([
    [
      'more than 5 files',
      async () => Promise.all([1, 2, 3, 4, 5, 6].map(async (i) => file(await pngImage(), `${i}.png`))),
      en.errors.tooManyFiles,
    ],
    [
      'a file over 1,000,000 bytes',
      async () => {
        const jpeg = await jpegWithGps();
        return [file(Buffer.concat([jpeg, Buffer.alloc(1_000_001 - jpeg.length)]), 'big.jpg', 'image/jpeg')];
      },
      en.errors.fileTooBig,
    ],
    [
      'bytes that are not an accepted type (whatever the name says)',
      async () => [file(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'x.png', 'image/png')],
      en.errors.fileType,
    ],
    [
      'a WebP (an image, but not an accepted type)',
      async () => [
        file(
          await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
            .webp()
            .toBuffer(),
          'x.webp',
        ),
      ],
      en.errors.fileType,
    ],
    [
      'bytes that start like a JPEG but do not decode',
      async () => [
        file(
          Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]),
          'x.jpg',
          'image/jpeg',
        ),
      ],
      en.errors.fileType,
    ],
  ])('%s is refused and nothing is stored', async (_name, makeFiles, message) => {
    const client = await clientFor(t, w.admin);
    const before = await ticketCount();
    const response = await client.post('/api/tickets', form({ images: await makeFiles() }));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ images: [message] });
    expect(await ticketCount()).toBe(before);
    expect(ticketFiles()).toEqual([]);
  });

  it('exactly 1,000,000 bytes is accepted', async () => {
    const client = await clientFor(t, w.admin);
    const pdf = pdfFile();
    const padded = Buffer.concat([pdf, Buffer.alloc(1_000_000 - pdf.length, 0x20)]);
    const response = await client.post('/api/tickets', form({ images: [file(padded, 'scan.pdf')] }));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().image_files[0]).toMatchObject({ mime_type: 'application/pdf', size: 1_000_000 });
  });

  it('re-encodes a JPEG without its EXIF and GPS data, makes a thumbnail and serves both privately', async () => {
    const original = await jpegWithGps(2400, 1200);
    const before = await sharp(original).metadata();
    expect(before.exif && hasGpsTag(before.exif)).toBe(true);
    const client = await clientFor(t, w.north.tenant);
    const response = await client.post(
      '/api/tickets',
      ticketForm({
        category_id: w.plumbing.id,
        images: [
          file(original, 'IMG_0001.JPG', 'image/jpeg'),
          file(await pngImage(), 'drawing.png'),
          file(await gifImage(), 'anim.gif'),
          file(pdfFile(), 'quote.pdf'),
        ],
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const ticket = response.json();
    expect(
      ticket.image_files.map((f: { mime_type: string; name: string; is_image: boolean }) => [
        f.mime_type,
        f.name,
        f.is_image,
      ]),
    ).toEqual([
      ['image/jpeg', 'IMG_0001.JPG', true],
      ['image/png', 'drawing.png', true],
      ['image/gif', 'anim.gif', true],
      ['application/pdf', 'quote.pdf', false],
    ]);
    const [jpeg, , , pdf] = ticket.image_files;
    expect(ticket.images[0]).toBe(`/api/tickets/${ticket.id}/images/${jpeg.id}`);
    expect(ticket.thumbnails[0]).toBe(`/api/tickets/${ticket.id}/images/${jpeg.id}/thumbnail`);
    expect(ticket.thumbnails[3]).toBeNull();
    expect(pdf.thumbnail_url).toBeNull();

    // Stored under tickets/{id}/ without metadata, at most 1600 px.
    const rows = await t.db.select().from(ticketImages).where(eq(ticketImages.ticketId, ticket.id));
    expect(rows.every((row) => row.storageKey.startsWith(`tickets/${ticket.id}/`))).toBe(true);
    const served = await client.get(ticket.images[0]);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toMatch(/^private/);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const stored = await sharp(served.rawPayload).metadata();
    expect(stored.exif).toBeUndefined();
    expect(stored.format).toBe('jpeg');
    expect([stored.width, stored.height]).toEqual([1600, 800]);

    const thumb = await client.get(ticket.thumbnails[0]);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    const thumbMeta = await sharp(thumb.rawPayload).metadata();
    expect([thumbMeta.width, thumbMeta.height]).toEqual([320, 160]);
    expect(thumbMeta.exif).toBeUndefined();

    const pdfServed = await client.get(pdf.url);
    expect(pdfServed.headers['content-type']).toBe('application/pdf');
    expect(pdfServed.rawPayload.equals(pdfFile())).toBe(true);
    expect((await client.get(`${pdf.url}/thumbnail`)).statusCode).toBe(404);

    // Ticket files are not served by the public uploads route.
    expect((await client.get(`/uploads/${rows[0].storageKey}`)).statusCode).toBe(404);
  });

  it('when the database write fails, the files already stored are removed again', async () => {
    const before = ticketFiles();
    const failingDb = Object.create(t.db, {
      transaction: {
        value: async () => {
          throw new Error('database went away');
        },
      },
    });
    const viewer = { id: w.admin.id, role: w.admin.role, landlordId: null, name: 'Avery Admin' };
    const storage = t.app.storage;
    const puts: string[] = [];
    const recording = {
      put: (key: string, data: Buffer) => {
        puts.push(key);
        return storage.put(key, data);
      },
      get: (key: string) => storage.get(key),
      delete: (key: string) => storage.delete(key),
    };
    await expect(
      createTicket(
        {
          db: failingDb,
          storage: recording,
          log: t.app.log,
          config: t.app.config,
          messaging: t.app.messaging,
          rateLimits: t.app.rateLimits,
        },
        viewer,
        {
          ...form(),
          'availability[0][start]': undefined,
          'availability[0][end]': undefined,
          availability: [tomorrowRange()],
        },
        [{ field: 'images[]', filename: 'a.png', declaredType: 'image/png', data: await pngImage() }],
      ),
    ).rejects.toThrow('database went away');
    // The image and its thumbnail were stored, then removed.
    expect(puts).toHaveLength(2);
    expect(ticketFiles()).toEqual(before);
  });
});

describe('ticket images on edit', () => {
  it('adds files up to 5 in all, removes the listed ones (rows and files), and logs both', async () => {
    const client = await clientFor(t, w.north.manager);
    const created = await client.post(
      '/api/tickets',
      ticketForm({
        unit_id: w.north.unit.id,
        category_id: w.plumbing.id,
        images: await Promise.all(
          [1, 2, 3, 4].map(async (i) => file(await pngImage(10 + i, 10), `${i}.png`)),
        ),
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const ticket = created.json();
    const edit = (overrides: Record<string, unknown>) =>
      ticketForm({ unit_id: w.north.unit.id, category_id: w.plumbing.id, _method: 'PATCH', ...overrides });

    const tooMany = await client.post(
      ticket.path,
      edit({ images: [file(await pngImage(), 'a.png'), file(await pngImage(), 'b.png')] }),
    );
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors).toEqual({ images: [en.errors.tooManyFiles] });
    expect(filesUnder(path.join(t.uploadsDir, 'tickets', String(ticket.id)))).toHaveLength(8);

    const [first, second] = ticket.image_files;
    const firstFiles = (await t.db.select().from(ticketImages).where(eq(ticketImages.id, first.id)))[0];
    const swapped = await client.post(
      ticket.path,
      edit({
        remove_images: [first.id, second.id],
        images: [
          file(await jpegWithGps(), 'new.jpg'),
          file(pdfFile(), 'new.pdf'),
          file(pdfFile(), 'new2.pdf'),
        ],
      }),
    );
    expect(swapped.statusCode, swapped.body).toBe(200);
    const after = swapped.json();
    expect(after.image_files).toHaveLength(5);
    expect(after.image_files.map((f: { name: string }) => f.name)).toEqual([
      '3.png',
      '4.png',
      'new.jpg',
      'new.pdf',
      'new2.pdf',
    ]);
    expect(after.log.slice(0, 2).map((entry: { description: string }) => entry.description)).toEqual([
      '2 files removed',
      '3 files added',
    ]);
    expect(await client.get(first.url).then((r) => r.statusCode)).toBe(404);
    const remaining = filesUnder(path.join(t.uploadsDir, 'tickets', String(ticket.id)));
    // Two PNGs and the JPEG with their thumbnails, and the two PDFs.
    expect(remaining).toHaveLength(2 * 2 + 2 + 2);
    expect(remaining.some((name) => firstFiles.storageKey.endsWith(name))).toBe(false);
  });
});
