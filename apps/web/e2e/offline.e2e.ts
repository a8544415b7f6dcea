/**
 * The installed app and tickets written offline (issue 28 §2, ADR 0044), against the real server and its built
 * web app, in Debian's Chromium:
 * - Chrome's own installability check finds nothing missing (what Lighthouse's PWA category used to report);
 * - on a 390 px phone the service worker takes control; offline, the app still opens (a reload gets the
 *   worker's offline page), the tenant writes a ticket with a photo, and the list shows it waiting to send;
 * - back online it is sent once: the first send's answer is lost after the server acted, and the copy sent again
 *   with the same `_nonce` gets the server's remembered answer, so exactly one ticket exists;
 * - signing out empties what the device kept.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { en } from '@mend/shared';
import { type Browser, chromium, type Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  appReady,
  baseUrl,
  DEMO,
  DEMO_PASSWORD,
  launchBrowser,
  newPhonePage,
  overflow,
  saveScreen,
} from './browser';

const S = en.ticketScreens;
const FORM = S.form;
const O = en.offline;
const stamp = Date.now().toString(36);

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** What the app keeps in its IndexedDB store (lib/offline/device.ts), by key; empty when there is no store. */
function deviceStore(page: Page): Promise<Record<string, unknown>> {
  return page.evaluate(async () => {
    // Never open (and so create) the database when the app has not: idb-keyval would then find no store in it.
    if (!(await indexedDB.databases()).some((database) => database.name === 'mend')) return {};
    return new Promise<Record<string, unknown>>((resolve, reject) => {
      const open = indexedDB.open('mend');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('device')) {
          db.close();
          resolve({});
          return;
        }
        const store = db.transaction('device').objectStore('device');
        const keys = store.getAllKeys();
        const values = store.getAll();
        values.onsuccess = () => {
          const out: Record<string, unknown> = {};
          keys.result.forEach((key, index) => {
            const value = values.result[index];
            // Files do not cross into the test: their count and sizes do.
            out[String(key)] =
              String(key) === 'ticket-drafts'
                ? (value as { nonce: string; body: { title: string; images?: File[] } }[]).map((draft) => ({
                    nonce: draft.nonce,
                    title: draft.body.title,
                    photos: (draft.body.images ?? []).map((file) => file.size),
                  }))
                : value;
          });
          db.close();
          resolve(out);
        };
      };
    });
  });
}

/** The tickets the signed-in user sees whose title is `title` (GET /api/tickets with a search). */
async function ticketsTitled(page: Page, title: string): Promise<number> {
  const list = await api<{ data: { title: string }[] }>(
    page,
    `/api/tickets?search=${encodeURIComponent(title)}&per_page=50`,
  );
  return list.data.filter((ticket) => ticket.title === title).length;
}

async function signedInPhone(email: string): Promise<Page> {
  const page = await newPhonePage(browser);
  await page.goto('/login');
  await page.getByRole('textbox', { name: en.auth.emailOrUsername }).fill(email);
  await page.getByLabel(en.auth.password, { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: en.auth.signIn }).tap();
  await page.waitForURL((url) => url.pathname !== '/login');
  if (new URL(page.url()).pathname !== '/tickets') await page.goto('/tickets');
  await appReady(page);
  return page;
}

/** Waits until a service worker controls the page (it registers once the page has loaded and is idle). */
async function controlled(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null), { timeout: 20_000 })
    .toBe('activated');
}

/** A small photo, as a phone's camera roll would give (a JPEG). */
function photo(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .jpeg()
    .toBuffer();
}

/** Writes a Plumbing ticket titled `title` with one photo in the create panel, and sends the form. */
async function writeTicket(page: Page, title: string): Promise<void> {
  await page.getByRole('button', { name: S.createButton }).tap();
  await page.waitForURL('**/tickets/create');
  const form = page.getByRole('dialog', { name: en.titles.createTicket });
  await form.getByRole('textbox', { name: FORM.title, exact: true }).fill(title);
  await form.getByRole('textbox', { name: FORM.description }).fill('The kitchen tap drips all night long.');
  await form.getByRole('combobox', { name: FORM.category, exact: true }).tap();
  await page.getByRole('option', { name: 'Plumbing', exact: true }).tap();
  await form
    .locator('input[type="file"]:not([capture])')
    .setInputFiles({ name: 'tap.jpg', mimeType: 'image/jpeg', buffer: await photo() });
  await form.getByRole('img', { name: 'tap.jpg' }).waitFor();
  await form.getByRole('button', { name: en.buttons.create }).tap();
}

/** The "Waiting to send" section's entry for `title`. */
const waiting = (page: Page, title: string) =>
  page.getByRole('region', { name: O.waitingTitle }).getByRole('listitem').filter({ hasText: title });

describe('the installed app', () => {
  it('passes Chrome’s installability check: manifest, icons, service worker', async () => {
    // A profile of its own on disk: the browser's other contexts are private ones, which Chrome never installs from.
    const profile = mkdtempSync(path.join(tmpdir(), 'mend-e2e-install-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-quic'],
      baseURL: baseUrl(),
      viewport: { width: 390, height: 844 },
    });
    try {
      const page = await context.newPage();
      await page.goto('/login');
      await appReady(page);
      await controlled(page);
      const cdp = await context.newCDPSession(page);
      const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
      expect(new URL(manifest.url).pathname).toBe('/manifest.webmanifest');
      expect(manifest.errors).toEqual([]);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: { errorId: string }[];
      };
      expect(installabilityErrors).toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});

describe('a tenant on a phone without a connection', () => {
  it('writes a ticket with a photo offline; back online it is sent exactly once, a lost answer included', {
    timeout: 120_000,
  }, async () => {
    const page = await signedInPhone(DEMO.tenant);
    const context = page.context();
    await controlled(page);
    // The form's data is kept on the device a few seconds after start-up (for a tenant).
    await expect
      .poll(
        async () => {
          const kept = (await deviceStore(page)).queries as { queries: { key: string[] }[] } | undefined;
          return (kept?.queries ?? []).map((query) => query.key.slice(0, 2).join('/')).sort();
        },
        { timeout: 20_000 },
      )
      .toEqual(expect.arrayContaining(['units/categories', 'units/own', 'users/current']));

    await context.setOffline(true);
    await page.reload();
    // The worker's offline page: the app opens as the tenant kept on the device.
    expect(await page.locator('#root[data-offline-shell]').count()).toBe(1);
    await appReady(page);
    await page.getByText(O.offlineNotice).waitFor();

    const title = `Dripping tap ${stamp}`;
    await writeTicket(page, title);
    await page.getByText(O.keptText).waitFor();
    await page.waitForURL((url) => url.pathname === '/tickets');
    await waiting(page, title).getByText(O.waiting).waitFor();
    expect(await waiting(page, title).textContent()).toContain('1 photo');
    expect(await overflow(page)).toBe(0);
    await saveScreen(page, 'offline-waiting-to-send');
    const [kept] = (await deviceStore(page))['ticket-drafts'] as {
      nonce: string;
      title: string;
      photos: number[];
    }[];
    expect(kept.title).toBe(title);
    expect(kept.photos).toHaveLength(1);
    expect(kept.photos[0]).toBeGreaterThan(0);

    // Back online, the first send reaches the server, which creates the ticket, but its answer is lost.
    const sentNonces: string[] = [];
    let answersLost = 0;
    await context.route('**/api/tickets', async (route) => {
      const request = route.request();
      if (request.method() !== 'POST') return route.fallback();
      sentNonces.push(
        /name="_nonce"\r\n\r\n([^\r]+)/.exec(request.postDataBuffer()?.toString('latin1') ?? '')?.[1] ?? '',
      );
      if (answersLost > 0) return route.fallback();
      answersLost++;
      await route.fetch();
      await route.abort('connectionreset');
    });
    await context.setOffline(false);
    await expect.poll(() => sentNonces.length, { timeout: 20_000 }).toBe(1);
    await expect.poll(() => ticketsTitled(page, title)).toBe(1);
    // Still on the device: no answer said it was created.
    await waiting(page, title).waitFor();

    // The next try (the browser online again) sends the same submission; the server answers with its first answer.
    await context.setOffline(true);
    await context.setOffline(false);
    await page.getByText(O.sentTitle).waitFor({ timeout: 20_000 });
    await waiting(page, title).waitFor({ state: 'detached' });
    expect(sentNonces).toEqual([kept.nonce, kept.nonce]);
    expect(await ticketsTitled(page, title)).toBe(1);
    expect((await deviceStore(page))['ticket-drafts']).toEqual([]);
    // The list shows the one ticket.
    await expect.poll(() => page.getByRole('listitem').filter({ hasText: title }).count()).toBe(1);
    await context.unroute('**/api/tickets');
    await context.close();
  });

  it('signing out empties what the device kept, tickets waiting to send included', async () => {
    const page = await signedInPhone(DEMO.tenant);
    const context = page.context();
    await controlled(page);
    // The server cannot be reached for tickets: what is written stays waiting.
    await context.route('**/api/tickets', (route) =>
      route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.fallback(),
    );
    const title = `Loose handle ${stamp}`;
    await writeTicket(page, title);
    await waiting(page, title).getByText(O.waiting).waitFor();
    expect(Object.keys(await deviceStore(page))).toContain('ticket-drafts');

    await page.getByRole('button', { name: en.nav.accountMenu }).tap();
    await page.getByRole('menuitem', { name: en.auth.logOut }).tap();
    await page.waitForURL('**/login');
    await appReady(page);
    expect(await deviceStore(page)).toEqual({});
    await context.close();
  });
});
