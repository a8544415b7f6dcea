/**
 * Stored script strings never come back as markup. Records of every kind are saved through the API with
 * HTML/script payloads in every free-text field; then:
 * - the JSON API returns each payload exactly as data (application/json, nosniff), never altered into markup;
 * - every HTML response (the web app's page for any route, query or odd path) carries no record data at all,
 *   so nothing stored can ever be rendered by the server as HTML (the SPA renders text);
 * - the HTML emails written to the outbox about those records escape every payload;
 * - a file with a hostile name is served with a sanitised name, as its real type, with nosniff.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { NotificationOptions } from '@mend/shared';
import { inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../src/db/schema';
import { createTestApp, type TestApp, type TestClient } from './helpers/app';
import { clientFor, createPerson, file, pngImage, ticketForm } from './helpers/ticket-factories';

const MARKER = 'mendxss';
const PAYLOADS = [
  `<script>alert("${MARKER}")</script>`,
  `"><img src=x onerror=alert('${MARKER}')>`,
  `</textarea><svg onload=alert(1)>${MARKER}`,
  `<a href="javascript:alert(1)">${MARKER}</a>`,
  `{{constructor.constructor('alert(1)')()}} \${alert(1)} ${MARKER}`,
];
let payloadIndex = 0;
/** A payload for one field, with the field's name in it (so a leak names its source). */
const xss = (field: string) => `${PAYLOADS[payloadIndex++ % PAYLOADS.length]} ${field}`;

const EVERYTHING: NotificationOptions = {
  mail: { tickets: true, reminders: false, support: true },
  sms: { phone_number: '', tickets: false, reminders: false, support: false },
  phone: { phone_number: '', tickets: false },
};

let t: TestApp;
let dist: string;
let admin: TestClient;
/** Record API paths and the payloads each must answer, field by field. */
const saved: Array<{ url: string; fields: Record<string, string> }> = [];
let ticketId: number;
let imageUrl: string;
const recipients: number[] = [];

/** The id of a created record (answered as the record, or as `{ message, data }`). */
async function created(response: LightMyRequestResponse): Promise<{ id: number }> {
  expect(response.statusCode, response.body).toBe(201);
  const body = response.json();
  return { ...body, id: body.data?.id ?? body.id };
}

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'mend-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><meta name="csrf-token" content="__MEND_CSRF__" /></head>' +
      '<body><div id="root" data-translations="__MEND_TRANSLATIONS__"></div><script src="/assets/app.js"></script></body></html>',
  );
  writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log("mend")');
  t = await createTestApp({ env: { MEND_WEB_DIST: dist } });
  const root = await createPerson(t.db, 0, null, 'Root', 'Admin');
  const otherAdmin = await createPerson(t.db, 0, null, 'Other', 'Admin', { notificationOptions: EVERYTHING });
  recipients.push(otherAdmin.id);
  admin = await clientFor(t, root);

  const landlordFields = { name: xss('landlord.name'), description: xss('landlord.description') };
  const landlord = await created(await admin.post('/api/landlords', landlordFields));
  saved.push({ url: `/api/landlords/${landlord.id}`, fields: landlordFields });
  const manager = await createPerson(t.db, 1, landlord.id, 'Mina', 'Manager', {
    notificationOptions: EVERYTHING,
  });
  recipients.push(manager.id);

  const propertyFields = {
    name: xss('property.name'),
    description: xss('property.description'),
    city: xss('property.city'),
    postal_code: xss('property.postal_code'),
    address: xss('property.address'),
  };
  const property = await created(
    await admin.post('/api/properties', {
      ...propertyFields,
      gmaps_url: '',
      country: 'CA',
      province: 'AB',
      landlord_id: landlord.id,
    }),
  );
  saved.push({ url: `/api/properties/${property.id}`, fields: propertyFields });

  const unitFields = {
    name: xss('unit.name'),
    description: xss('unit.description'),
    postal_code: xss('unit.postal_code'),
    address: xss('unit.address'),
  };
  const unit = await created(
    await admin.post('/api/units', { ...unitFields, gmaps_url: '', property_id: property.id }),
  );
  saved.push({ url: `/api/units/${unit.id}`, fields: unitFields });

  const categoryFields = { title: xss('category.title'), description: xss('category.description') };
  const category = await created(await admin.post('/api/categories', categoryFields));
  saved.push({ url: `/api/categories/${category.id}`, fields: categoryFields });

  const tenantFields = {
    first_name: xss('tenant.first_name'),
    last_name: xss('tenant.last_name'),
    company_name: xss('tenant.company_name'),
    address_1: xss('tenant.address_1'),
    address_2: xss('tenant.address_2'),
    city: xss('tenant.city'),
    postal: xss('tenant.postal'),
  };
  const tenant = await created(
    await admin.post('/api/tenants', {
      ...tenantFields,
      email: 'xss.tenant@example.test',
      phone_number: '780 555 0134',
      country: 'Canada',
      province: 'Alberta',
      landlord_id: landlord.id,
      unit_id: unit.id,
      password: 'tenant password 1',
      password_confirmation: 'tenant password 1',
    }),
  );
  saved.push({ url: `/api/tenants/${tenant.id}`, fields: tenantFields });

  const ticketFields = { title: xss('ticket.title'), description: xss('ticket.description') };
  const ticket = await created(
    await admin.post(
      '/api/tickets',
      ticketForm({
        ...ticketFields,
        contact_details: {
          first_name: xss('ticket.contact.first_name'),
          last_name: xss('ticket.contact.last_name'),
          email: 'contact@example.test',
          phone_number: '780 555 0101',
        },
        meta: JSON.stringify({ [xss('meta.key')]: xss('meta.value') }),
        unit_id: unit.id,
        category_id: category.id,
        images: [file(await pngImage(), `"><script>alert('${MARKER}')</script>.png`, 'image/png')],
      }),
    ),
  );
  ticketId = ticket.id;
  imageUrl = (ticket as unknown as { images: string[] }).images[0];
  saved.push({ url: `/api/tickets/${ticket.id}`, fields: ticketFields });

  const contactFields = { subject: xss('contact.subject'), message: xss('contact.message') };
  // The contact form reaches the super admins: the manager sends it.
  const contact = await created(
    await (await clientFor(t, manager)).post('/api/contact', {
      ...contactFields,
      meta: {
        first_name: xss('contact.first_name'),
        last_name: xss('contact.last_name'),
        company_name: xss('contact.company'),
        email: 'sender@example.test',
        phone_number: '',
      },
    }),
  );
  saved.push({ url: `/api/contact/${contact.id}`, fields: contactFields });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the JSON API answers stored script strings as data', () => {
  it('every record gives back every payload exactly, as JSON that browsers will not sniff', async () => {
    expect(saved.length).toBe(7);
    for (const { url, fields } of saved) {
      const response = await admin.get(url);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      const body = response.json();
      const record = body.data && !body.id ? body.data : body;
      for (const [field, payload] of Object.entries(fields))
        expect(record[field], `${url} ${field}`).toBe(payload);
    }
  });

  it('lists and searches answer the payloads as data too', async () => {
    for (const list of ['tickets', 'units', 'properties', 'landlords', 'categories', 'tenants', 'contact']) {
      const response = await admin.get(`/api/${list}?search=${MARKER}`);
      expect(response.statusCode, list).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.body, list).toContain(MARKER);
    }
  });
});

describe('HTML responses never carry record data', () => {
  const PAGES = [
    '/',
    '/login',
    '/tickets',
    '/units',
    '/properties',
    '/landlords',
    '/categories',
    '/users',
    '/tenants',
    '/contractors',
    '/contact',
    '/profile',
    `/tickets?search=${encodeURIComponent(PAYLOADS[0])}`,
    `/login?login_redirect=${encodeURIComponent(`javascript:alert('${MARKER}')`)}`,
    `/${encodeURIComponent(PAYLOADS[0])}`,
    `/tickets/${encodeURIComponent(PAYLOADS[1])}`,
    `/password/reset/${encodeURIComponent(PAYLOADS[2])}?email=${encodeURIComponent(PAYLOADS[3])}`,
  ];

  async function expectPlainPage(url: string): Promise<void> {
    for (const client of [admin, await t.client()]) {
      const response = await client.get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body, url).not.toContain(MARKER);
      expect(response.body, url).not.toMatch(/<script>alert|onerror=|onload=|javascript:alert/i);
      // Defence in depth: inline scripts would not run even if something slipped through.
      expect(String(response.headers['content-security-policy'])).toMatch(/script-src 'self'/);
    }
  }

  it.each(PAGES)('%s', (page) => expectPlainPage(page));

  it('the pages of the records themselves (/tickets/5, /units/3, ...)', async () => {
    for (const { url } of saved) {
      await expectPlainPage(url.replace('/api', ''));
      await expectPlainPage(`${url.replace('/api', '')}/edit`);
    }
  });

  it('API errors are JSON, never an HTML page echoing the request', async () => {
    for (const url of [
      `/api/${encodeURIComponent(PAYLOADS[0])}`,
      `/api/tickets/${encodeURIComponent(PAYLOADS[1])}`,
      `/api/no-such-list?search=${encodeURIComponent(PAYLOADS[0])}`,
    ]) {
      const response = await admin.get(url);
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
      expect(response.body, url).not.toContain(MARKER);
    }
  });
});

describe('HTML emails about those records escape them', () => {
  it('the outbox HTML bodies carry the payloads escaped, never as markup', async () => {
    const rows = await t.db.select().from(outboxMessages).where(inArray(outboxMessages.userId, recipients));
    const html = rows.filter((row) => row.channel === 'email').map((row) => row.bodyHtml ?? '');
    // The manager's ticket email and the other admin's contact email.
    expect(html.length).toBeGreaterThanOrEqual(2);
    for (const body of html) {
      expect(body).toContain(MARKER);
      expect(body).not.toMatch(/<script>alert|<img src=x|<svg onload|<\/textarea>|href="javascript:/i);
      expect(body).toMatch(/&lt;(script|img|\/textarea|a href)/);
    }
  });
});

describe('files with hostile names', () => {
  it('are served as their real type with a sanitised name and nosniff', async () => {
    expect(imageUrl).toMatch(new RegExp(`^/api/tickets/${ticketId}/images/\\d+$`));
    const response = await admin.get(imageUrl);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\//);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-disposition']).toMatch(/^inline; filename="[\w.-]+"$/);
    expect(response.headers['content-disposition']).not.toContain('<');
  });

  it('an HTML page named .png is refused, whatever it claims to be', async () => {
    const response = await admin.post(`/api/tickets/${ticketId}`, {
      _method: 'PATCH',
      ...ticketForm({ unit_id: undefined }),
      images: [file(Buffer.from(`<html><script>alert('${MARKER}')</script></html>`), 'x.png', 'image/png')],
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(Object.keys(response.json().errors)).toContain('images');
  });
});
