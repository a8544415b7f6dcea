/**
 * The printable work order as a PDF (issue 27, ADR 0041): GET tickets/{id}/work-order.pdf answers whoever may read the
 * ticket's details, and only them (the same refusal as the details), with a valid PDF on A4 or Letter whose text is
 * the details as that viewer sees them: the address, the booked visit, the comments it may read (never a staff-only
 * one for the contractor, only those for everyone for the tenant), the costs only for those the details show them,
 * and the photos, read from storage. A long conversation and many photos flow onto more pages, no text off the page.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { en, format, fr, moneyText, PAPER_POINTS, statusText, workOrderMoment } from '@mend/shared';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { properties, ticketComments, ticketImages, users } from '../src/db/schema';
import { availabilityText } from '../src/modules/tickets/time-zones';
import type { TestApp, TestClient } from './helpers/app';
import { createTestApp } from './helpers/app';
import { createEndpointWorld, type EndpointWorld } from './helpers/endpoints';
import { TICKET_ACTORS, type TicketActor, ticketActors } from './helpers/ticket-actors';
import { clientFor, file, jpegWithGps, pngImage, ticketForm } from './helpers/ticket-factories';

let t: TestApp;
let w: EndpointWorld;
let clients: Record<TicketActor, TestClient>;
/** The ticket of landlord A (north): photo, booked visit, an estimate, and a comment of each visibility. */
let ticketId: number;

const STAFF_NOTE = 'Staffonly: the owner disputes the last bill';
const CONTRACTOR_NOTE = 'Contractornote: bring the 3/8 cartridge';
const EVERYONE_NOTE = 'North the tap still drips';

const url = (id: number, query = '') => `/api/tickets/${id}/work-order.pdf${query}`;

interface ReadPdf {
  pages: { width: number; height: number }[];
  text: string;
  /** Text pieces that reach outside their page (none in a sound layout). */
  offPage: string[];
  images: number;
}

/** The PDF's pages, text and pictures, as a PDF reader (pdf.js) sees them. */
async function readPdf(response: LightMyRequestResponse): Promise<ReadPdf> {
  const data = new Uint8Array(response.rawPayload);
  const pdf = await getDocument({ data, verbosity: 0 }).promise;
  const result: ReadPdf = { pages: [], text: '', offPage: [], images: 0 };
  const { OPS } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  for (let number = 1; number <= pdf.numPages; number++) {
    const page = await pdf.getPage(number);
    const [, , width, height] = page.view;
    result.pages.push({ width, height });
    const content = await page.getTextContent();
    for (const item of content.items) {
      if (!('str' in item)) continue;
      result.text += `${item.str}${item.hasEOL ? '\n' : ' '}`;
      const [x, y] = [item.transform[4], item.transform[5]];
      if (item.str.trim() && (x < 0 || x + item.width > width + 0.5 || y < 0 || y > height))
        result.offPage.push(item.str);
    }
    const operators = await page.getOperatorList();
    result.images += operators.fnArray.filter((op) => op === OPS.paintImageXObject).length;
  }
  await pdf.destroy();
  return result;
}

/** Text as pdf.js reads it: whitespace runs as one space (lines wrap where the page says). */
const flat = (text: string) => text.replace(/\s+/g, ' ');

beforeAll(async () => {
  t = await createTestApp();
  w = await createEndpointWorld(t);
  ({ clients } = await ticketActors(t, { ...w, north: w.a, south: w.b }));
  ticketId = w.a.ticket;
  const post = (client: TestClient, body: string, visibility: string) =>
    client.post(`/api/tickets/${ticketId}/comments`, { body, visibility });
  expect((await post(clients.manager, STAFF_NOTE, 'staff')).statusCode).toBe(201);
  expect((await post(clients.contractor, CONTRACTOR_NOTE, 'contractor')).statusCode).toBe(201);
});
afterAll(() => t.close());

describe('the PDF', () => {
  it('is a PDF attachment named after the ticket, on Letter for a Canadian property by default', async () => {
    const response = await clients.manager.get(url(ticketId));
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="work-order-${ticketId}.pdf"`);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = await readPdf(response);
    expect(pdf.pages.length).toBeGreaterThan(0);
    for (const page of pdf.pages) expect(page).toEqual(PAPER_POINTS.letter);
  });

  it.each([
    ['a4', { width: 595.28, height: 841.89 }],
    ['letter', { width: 612, height: 792 }],
    ['A4', { width: 595.28, height: 841.89 }],
    [' Letter ', { width: 612, height: 792 }],
  ] as const)('is made on %j paper', async (paper, size) => {
    const response = await clients.manager.get(url(ticketId, `?paper=${encodeURIComponent(paper)}`));
    expect(response.statusCode).toBe(200);
    const pdf = await readPdf(response);
    for (const page of pdf.pages) expect(page).toEqual(size);
  });

  it('reads an unknown paper as none given (the property’s), never an error', async () => {
    for (const query of [
      '?paper=legal',
      '?paper=',
      '?paper=a4&paper=letter',
      '?paper[x]=1',
      `?paper=${'a'.repeat(5000)}`,
    ]) {
      const response = await clients.manager.get(url(ticketId, query));
      expect(response.statusCode, query).toBe(200);
      for (const page of (await readPdf(response)).pages) expect(page, query).toEqual(PAPER_POINTS.letter);
    }
  });

  it('prints on A4 by default for a property outside North America', async () => {
    await t.db.update(properties).set({ country: 'France' }).where(eq(properties.id, w.a.property.id));
    try {
      const pdf = await readPdf(await clients.manager.get(url(ticketId)));
      for (const page of pdf.pages) expect(page).toEqual(PAPER_POINTS.a4);
    } finally {
      await t.db.update(properties).set({ country: 'CA' }).where(eq(properties.id, w.a.property.id));
    }
  });

  it('holds the address, access and contact, availability, the booked visit, the photo, comments and costs', async () => {
    const details = (await clients.manager.get(`/api/tickets/${ticketId}`)).json();
    const pdf = await readPdf(await clients.manager.get(url(ticketId, '?paper=a4')));
    const text = flat(pdf.text);
    expect(text).toContain(format(en.workOrders.heading, { id: details.visible_id }));
    expect(text).toContain(details.title);
    expect(text).toContain(details.unit.address);
    expect(text).toContain(details.unit.postal_code);
    expect(text).toContain(details.property_name);
    expect(text).toContain(details.contact_details.email);
    expect(text).toContain(details.availability_strings[0]);
    expect(details.visit.state).toBe('booked');
    expect(text).toContain(details.visit.text);
    for (const section of Object.values(en.workOrders.sections)) expect(text).toContain(section);
    expect(text).toContain(EVERYONE_NOTE);
    expect(text).toContain(CONTRACTOR_NOTE);
    expect(text).toContain(STAFF_NOTE);
    expect(text).toContain('Replace the cartridge');
    expect(text).toContain(details.costs.items[0].total_text);
    // The comment's time in the property's zone, as the print view writes it.
    const zone = details.availability_time_zone;
    const comments = (await clients.manager.get(`/api/tickets/${ticketId}/comments`)).json().data;
    expect(text).toContain(workOrderMoment(comments[0].created_at_timestamp, zone));
    // The ticket's photo, embedded.
    expect(pdf.images).toBe(1);
    expect(pdf.offPage).toEqual([]);
  });

  it('is written in the language of the user’s pages: a French browser’s, then the user’s own choice', async () => {
    const details = (await clients.manager.get(`/api/tickets/${ticketId}`)).json();
    const zone = details.availability_time_zone;
    const french = flat(
      (await readPdf(await clients.manager.get(url(ticketId), { 'accept-language': 'fr-CA' }))).text,
    );
    expect(french).toContain(format(fr.workOrders.heading, { id: details.visible_id }, 'fr-CA'));
    for (const section of Object.values(fr.workOrders.sections)) expect(french).toContain(section);
    expect(french).toContain(statusText(details.status, fr));
    expect(french).toContain(fr.ticketScreens.visit.states.booked);
    expect(french).toContain(availabilityText(details.availability[0], zone, 'fr'));
    expect(french).toContain(
      moneyText(details.costs.items[0].total_cents, details.costs.items[0].currency, 'fr').replace(
        /\s/g,
        ' ',
      ),
    );
    expect(french).not.toContain(en.workOrders.sections.problem);
    // The user's own choice wins over its browser's.
    await t.db.update(users).set({ language: 'en' }).where(eq(users.id, w.a.manager.id));
    const english = flat(
      (await readPdf(await clients.manager.get(url(ticketId), { 'accept-language': 'fr-CA' }))).text,
    );
    await t.db.update(users).set({ language: null }).where(eq(users.id, w.a.manager.id));
    expect(english).toContain(en.workOrders.sections.problem);
  });
});

describe('what each viewer’s PDF holds', () => {
  it('the contractor’s: its comments and everyone’s, never a staff-only one; its own estimate', async () => {
    const response = await clients.contractor.get(url(ticketId));
    expect(response.statusCode).toBe(200);
    const text = flat((await readPdf(response)).text);
    expect(text).toContain(EVERYONE_NOTE);
    expect(text).toContain(CONTRACTOR_NOTE);
    expect(text).not.toContain(STAFF_NOTE);
    expect(text).not.toContain('Staffonly');
    expect(text).toContain('Replace the cartridge');
  });

  it('the tenant’s: comments for everyone only, and no costs, as its details show none', async () => {
    const details = (await clients.tenant.get(`/api/tickets/${ticketId}`)).json();
    expect(details.costs).toBeNull();
    const response = await clients.tenant.get(url(ticketId));
    expect(response.statusCode).toBe(200);
    const text = flat((await readPdf(response)).text);
    expect(text).toContain(EVERYONE_NOTE);
    expect(text).toContain(details.unit.address);
    expect(text).not.toContain(CONTRACTOR_NOTE);
    expect(text).not.toContain(STAFF_NOTE);
    expect(text).not.toContain(en.workOrders.sections.costs);
    expect(text).not.toContain('Replace the cartridge');
    expect(text).not.toContain('$');
  });
});

describe('who may have it: exactly who may read the ticket’s details', () => {
  // In the order of TICKET_ACTORS: admin, manager, other landlord's manager, manager without a landlord, the tenant,
  // a neighbour (another unit of the landlord), another landlord's tenant, the contractor it was routed to and that
  // holds it, a contractor of the landlord it was not routed to, another landlord's contractor, a visitor.
  const expected = [200, 200, 404, 404, 200, 404, 404, 200, 404, 404, 401];

  it.each(TICKET_ACTORS.map((actor, index) => ({ actor, status: expected[index] })))(
    '$actor → $status, as for the details',
    async ({ actor, status }) => {
      const details = await clients[actor].get(`/api/tickets/${ticketId}`);
      const response = await clients[actor].get(url(ticketId, '?paper=a4'));
      expect(response.statusCode, response.body.slice(0, 200)).toBe(status);
      expect(details.statusCode).toBe(status);
      if (status !== 200) {
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        expect(response.json()).toEqual(details.json());
        for (const text of [EVERYONE_NOTE, STAFF_NOTE, 'North leaking tap'])
          expect(response.body).not.toContain(text);
      }
    },
  );

  it('a ticket that does not exist, or an unreadable id, is a 404', async () => {
    for (const id of ['999999', '0', 'abc', '1e3', '-1', '99999999999'])
      expect((await clients.admin.get(`/api/tickets/${id}/work-order.pdf`)).statusCode, id).toBe(404);
  });

  it('another landlord’s ticket is refused to landlord A’s people, as its details are', async () => {
    for (const actor of ['manager', 'tenant', 'contractor'] as const) {
      const response = await clients[actor].get(url(w.b.ticket));
      expect(response.statusCode, actor).toBe(404);
      expect(response.body).not.toContain('South');
    }
  });
});

describe('a long ticket', () => {
  let longId: number;
  const LONG_WORD = 'x'.repeat(3000);

  beforeAll(async () => {
    const tenant = await clientFor(t, w.a.tenant);
    const photos = [
      file(await pngImage(1600, 1200), 'wide.png', 'image/png'),
      file(await jpegWithGps(600, 1600), 'tall.jpg', 'image/jpeg'),
      file(await pngImage(1200, 1200), 'square.png', 'image/png'),
      file(await jpegWithGps(1600, 900), 'landscape.jpg', 'image/jpeg'),
      file(await pngImage(800, 1400), 'portrait.png', 'image/png'),
    ];
    const created = await tenant.post(
      '/api/tickets',
      ticketForm({
        title: 'Long work order',
        category_id: w.plumbing.id,
        description: `${'The water comes through the ceiling. '.repeat(80)}\n${LONG_WORD}`,
        images: photos,
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    longId = created.json().id;
    const rows = Array.from({ length: 260 }, (_, index) => ({
      ticketId: longId,
      userId: w.a.tenant.id,
      body: `Comment ${index + 1}. ${'More detail about the leak and when it happens. '.repeat(index % 7)}`,
      visibility: 'everyone' as const,
      createdAt: new Date(Date.now() - (300 - index) * 60_000),
    }));
    await t.db.insert(ticketComments).values(rows);
  });

  it('flows onto more pages: every comment and photo, no text off a page, each page the paper’s', async () => {
    for (const paper of ['a4', 'letter'] as const) {
      const pdf = await readPdf(await clients.manager.get(url(longId, `?paper=${paper}`)));
      expect(pdf.pages.length, paper).toBeGreaterThan(5);
      for (const page of pdf.pages) expect(page).toEqual(PAPER_POINTS[paper]);
      const text = flat(pdf.text);
      // The whole thread (more than one page of the screen's, and than one read of the service's).
      for (const n of [1, 2, 130, 259, 260])
        expect(text, `${paper}: comment ${n}`).toContain(`Comment ${n}.`);
      expect(pdf.images, paper).toBe(5);
      expect(pdf.offPage, paper).toEqual([]);
      // The long word is cut over lines, none of it lost.
      expect(pdf.text.replace(/[^x]/g, '').length).toBeGreaterThanOrEqual(LONG_WORD.length);
      expect(text).toContain(
        format(en.workOrders.pageOf, { page: pdf.pages.length, pages: pdf.pages.length }),
      );
    }
  });

  it('names a photo the storage no longer has, instead of failing', async () => {
    const [image] = await t.db
      .select({ key: ticketImages.storageKey, name: ticketImages.originalName })
      .from(ticketImages)
      .where(eq(ticketImages.ticketId, longId))
      .limit(1);
    rmSync(path.join(t.uploadsDir, image.key));
    const response = await clients.manager.get(url(longId));
    expect(response.statusCode).toBe(200);
    const pdf = await readPdf(response);
    expect(pdf.images).toBe(4);
    expect(flat(pdf.text)).toContain(format(en.workOrders.photoMissing, { name: image.name }));
  });
});
