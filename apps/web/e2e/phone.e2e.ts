/**
 * Mend on a phone (issue 23, section 2), 390x844 with touch and a phone's user agent, against the real
 * server with demo data:
 * - a tenant (Jane Morrison, Riverside Commons) raises a Plumbing ticket with a 4 MB camera photo (4000x3000,
 *   EXIF orientation "rotate 90°"), which the browser scales down upright before the upload, and finds it in
 *   the list; the Northwind plumber (Riverside Commons, Plumbing) opens it and changes its status;
 * - every list of every role is cards in the screen's width: nothing scrolls sideways, the search stays and
 *   the sort and filters fold away; a phone's page rendered by the server is taken over as it is;
 * - every form is one column; the ticket details' footer is one line.
 * - the calendar's Previous, Today and Next show whole beside a long week's title.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { en, format, TICKET_IMAGE_MAX_BYTES, TICKET_IMAGE_MAX_PIXELS } from '@mend/shared';
import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appReady,
  collectProblems,
  DEMO_PASSWORD,
  holdEntryScript,
  launchBrowser,
  newPhonePage,
} from './browser';

const S = en.ticketScreens;
const FORM = S.form;
const P = en.screens.phoneList;
const F = en.screens.fields;
const PHONE_WIDTH = 390;

let browser: Browser;
let photoDir: string;
let photoPath: string;
const PHOTO_NAME = 'IMG_20261124_081500.jpg';

/**
 * A camera-sized photo: 4000x3000 pixels of colour gradients with grain (so that it really weighs about
 * 4 MB), stored sideways with the EXIF orientation that says "turn it 90° clockwise", as phones do.
 */
async function cameraPhoto(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const raw = Buffer.alloc(width * height * 3);
  let seed = 7;
  const grain = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return (seed / 0x7fffffff - 0.5) * 40;
  };
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const n = grain();
      raw[i] = Math.max(0, Math.min(255, 90 + (x / width) * 120 + n));
      raw[i + 1] = Math.max(0, Math.min(255, 140 + (y / height) * 80 + n));
      raw[i + 2] = Math.max(0, Math.min(255, 200 - (x / width) * 100 + n));
    }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 88 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

beforeAll(async () => {
  browser = await launchBrowser();
  photoDir = mkdtempSync(path.join(tmpdir(), 'mend-e2e-phone-'));
  photoPath = path.join(photoDir, PHOTO_NAME);
  const photo = await cameraPhoto();
  expect(photo.length).toBeGreaterThan(3_500_000);
  writeFileSync(photoPath, photo);
});

afterAll(async () => {
  await browser?.close();
  if (photoDir) rmSync(photoDir, { recursive: true, force: true });
});

async function signedIn(email: string, at = '/tickets'): Promise<Page> {
  const page = await newPhonePage(browser);
  await page.goto('/login');
  await page.getByRole('textbox', { name: en.auth.emailOrUsername }).fill(email);
  await page.getByLabel(en.auth.password, { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: en.auth.signIn }).tap();
  await page.waitForURL((url) => url.pathname !== '/login');
  if (new URL(page.url()).pathname !== at) await page.goto(at);
  await appReady(page);
  return page;
}

/** Waits for a list screen's first page: its cards, or its message when it has none. */
async function listLoaded(page: Page): Promise<void> {
  await page.locator('main ul li, main [class*="message"]').first().waitFor();
  await appReady(page);
  await expect.poll(() => page.locator('main [role="status"]').count()).toBe(0);
}

function card(page: Page, title: string): Locator {
  return page.getByRole('listitem').filter({ hasText: title });
}

/**
 * What would make the screen scroll sideways: the page wider than the window, a box reaching past its right
 * edge, or a sideways scroller with something to scroll (the tables' scroll containers).
 */
function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()}.${element.className}`.slice(0, 80) +
      ` "${(element.textContent ?? '').trim().slice(0, 30)}"`;
    if (document.documentElement.scrollWidth > width)
      found.push(`the page is ${document.documentElement.scrollWidth} px wide`);
    // How far right an element shows: its box, cut by every ancestor that clips (a text cut off with "...").
    const shownRight = (element: Element) => {
      let right = element.getBoundingClientRect().right;
      for (let parent = element.parentElement; parent; parent = parent.parentElement)
        if (getComputedStyle(parent).overflowX !== 'visible')
          right = Math.min(right, parent.getBoundingClientRect().right);
      return right;
    };
    for (const element of document.querySelectorAll('main *')) {
      const box = element.getBoundingClientRect();
      if (box.width > 0 && shownRight(element) > width + 1)
        found.push(`${name(element)} reaches ${Math.round(box.right)}`);
      const style = getComputedStyle(element);
      if (
        (style.overflowX === 'auto' || style.overflowX === 'scroll') &&
        element.scrollWidth > element.clientWidth + 1
      )
        found.push(`${name(element)} scrolls sideways`);
    }
    return found;
  });
}

/** Badges (a status, a role) cut off with "...": each should show whole. */
function cutBadges(page: Page): Promise<string[]> {
  return page
    .locator('main .mantine-Badge-label')
    .evaluateAll((labels) =>
      labels
        .filter((label) => label.scrollWidth > label.clientWidth + 1)
        .map((label) => label.textContent ?? ''),
    );
}

/** The outbox's failure reasons on its first page that its cards cut off (each should show whole). */
async function cutReasons(page: Page): Promise<string[]> {
  const reasons = await page.evaluate(async () => {
    const answer = await fetch('/api/outbox', { headers: { Accept: 'application/json' } });
    const { data } = (await answer.json()) as { data: { last_error: string | null }[] };
    return [...new Set(data.map((message) => message.last_error).filter((reason) => reason !== null))];
  });
  const cut: string[] = [];
  for (const reason of reasons) {
    const whole = await page
      .locator('main li')
      .getByText(reason, { exact: true })
      .first()
      .evaluate((element) => {
        for (let box: Element | null = element; box && box.tagName !== 'LI'; box = box.parentElement)
          if (box.scrollWidth > box.clientWidth + 1) return false;
        return true;
      });
    if (!whole) cut.push(reason);
  }
  return cut;
}

/** Pairs of form fields side by side (sharing a line), and fields not wholly on the screen. */
function fieldsSideBySide(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) => {
    const fields = [...root.querySelectorAll('.mantine-InputWrapper-root')]
      .map((element) => ({
        label: (element.querySelector('label')?.textContent ?? element.textContent ?? '').trim().slice(0, 30),
        box: element.getBoundingClientRect(),
      }))
      .filter(({ box }) => box.width > 0 && box.height > 0);
    const found: string[] = [];
    fields.forEach((a, i) => {
      if (a.box.left < -1 || a.box.right > window.innerWidth + 1) found.push(`${a.label}: off the screen`);
      for (const b of fields.slice(i + 1))
        if (a.box.top < b.box.bottom - 1 && b.box.top < a.box.bottom - 1)
          found.push(`${a.label} | ${b.label}`);
    });
    if (fields.length === 0) found.push('no fields');
    return found;
  });
}

async function tapOption(scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label, exact: true }).tap();
  await scope.page().getByRole('option', { name: option, exact: true }).tap();
}

function panel(page: Page, title: string): Locator {
  return page.getByRole('dialog', { name: title });
}

const stamp = Date.now().toString(36);
const title = `Shower drain blocked ${stamp}`;

describe('a tenant raises a ticket with a camera photo on a phone, the plumber changes its status', () => {
  it('scales the photo down upright, lists the ticket, and lets the plumber work on it', {
    timeout: 150_000,
  }, async () => {
    const tenant = await signedIn('tenant@northwind.test');
    await listLoaded(tenant);
    expect(await sidewaysOverflow(tenant)).toEqual([]);

    await tenant.getByRole('button', { name: S.createButton }).tap();
    await tenant.waitForURL('**/tickets/create');
    const form = panel(tenant, en.titles.createTicket);
    await form.getByRole('textbox', { name: FORM.title, exact: true }).waitFor();
    expect(await fieldsSideBySide(form)).toEqual([]);
    await form.getByRole('textbox', { name: FORM.title, exact: true }).fill(title);
    await form
      .getByRole('textbox', { name: FORM.description })
      .fill('The shower drain is blocked; water stays in the tub for an hour.');
    await tapOption(form, FORM.category, 'Plumbing');

    // The camera is offered directly; its photo is scaled down before it joins the form.
    const camera = form.locator('input[type="file"][capture="environment"]');
    expect(await camera.getAttribute('aria-label')).toBe(FORM.takePhoto);
    await camera.setInputFiles(photoPath);
    await form.getByRole('img', { name: PHOTO_NAME }).waitFor({ timeout: 60_000 });
    expect(await form.getByText(en.errors.fileTooBig).count()).toBe(0);

    const sent: number[] = [];
    tenant.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/tickets')
        sent.push(request.postDataBuffer()?.length ?? 0);
    });
    await form.getByRole('button', { name: en.buttons.create }).tap();
    const dialog = tenant.getByRole('dialog', { name: en.toasts.ticketCreatedTitle });
    await dialog.getByRole('button', { name: en.buttons.gotIt }).tap();
    await tenant.waitForURL(/\/tickets\/\d+$/);
    const id = Number(/\/tickets\/(\d+)$/.exec(new URL(tenant.url()).pathname)?.[1]);
    // The whole form went in one request, the photo within the limit.
    expect(sent).toHaveLength(1);
    expect(sent[0]).toBeLessThan(TICKET_IMAGE_MAX_BYTES + 50_000);

    // Stored upright: the photo was turned as its EXIF orientation says before its metadata was dropped.
    const stored = await tenant.evaluate(async (ticket) => {
      const answer = await fetch(`/api/tickets/${ticket}`, { headers: { Accept: 'application/json' } });
      const { image_files } = (await answer.json()) as { image_files: { url: string; name: string }[] };
      const image = await createImageBitmap(await (await fetch(image_files[0].url)).blob());
      return {
        count: image_files.length,
        name: image_files[0].name,
        width: image.width,
        height: image.height,
      };
    }, id);
    expect(stored).toEqual({ count: 1, name: PHOTO_NAME, width: 1200, height: TICKET_IMAGE_MAX_PIXELS });

    // The details' footer (status, Delete, Edit) is one line.
    const details = panel(tenant, en.titles.ticketDetails);
    await details.getByRole('heading', { name: title }).waitFor();
    const footer = await Promise.all(
      [
        details.getByRole('combobox', { name: S.changeStatus }),
        details.getByRole('button', { name: en.buttons.delete }),
        details.getByRole('button', { name: en.buttons.edit }),
      ].map((control) => control.boundingBox()),
    );
    for (const box of footer) {
      expect(box).not.toBeNull();
      expect(
        Math.abs(
          (box?.y ?? 0) + (box?.height ?? 0) / 2 - ((footer[0]?.y ?? 0) + (footer[0]?.height ?? 0) / 2),
        ),
      ).toBeLessThan(2);
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE_WIDTH);
    }

    // Back in the list, the new ticket is a card: title, status, property and unit.
    await details.getByRole('button', { name: en.buttons.close }).tap();
    await tenant.waitForURL('**/tickets');
    await card(tenant, title).waitFor();
    expect(await card(tenant, title).locator('[data-status]').textContent()).toBe('Open');
    expect(await card(tenant, title).textContent()).toContain('Riverside Commons');
    expect(await sidewaysOverflow(tenant)).toEqual([]);
    await tenant.context().close();

    // The plumber opens it from its list and changes its status.
    const plumber = await signedIn('plumber@northwind.test');
    await listLoaded(plumber);
    expect(await sidewaysOverflow(plumber)).toEqual([]);
    await card(plumber, title).getByRole('link').tap();
    await plumber.waitForURL(`**/tickets/${id}`);
    const plumberDetails = panel(plumber, en.titles.ticketDetails);
    await plumberDetails.getByRole('heading', { name: title }).waitFor();
    const thumbnail = plumberDetails.getByRole('button', {
      name: format(S.photo, { index: 1, count: 1, name: PHOTO_NAME }),
    });
    await thumbnail.waitFor();
    await tapOption(plumberDetails, S.changeStatus, 'In Progress');
    await plumber.getByText(format(en.confirm.updateStatus, { title, status: 'In Progress' })).waitFor();
    await plumber.getByRole('button', { name: en.confirm.yesUpdate }).tap();
    await plumberDetails.getByText('Status changed from Open to In Progress').waitFor();
    await plumberDetails.getByRole('button', { name: en.buttons.close }).tap();
    await plumber.waitForURL('**/tickets');
    await expect
      .poll(async () => (await card(plumber, title).locator('[data-status]').textContent())?.trim())
      .toBe('In Progress');
    await plumber.context().close();
  });
});

const LISTS: Array<[string, string, string[]]> = [
  [
    'super admin',
    'admin@mend.test',
    [
      '/tickets',
      '/users',
      '/tenants',
      '/contractors',
      '/landlords',
      '/properties',
      '/units',
      '/categories',
      '/contact',
      '/outbox',
    ],
  ],
  ['manager', 'manager@northwind.test', ['/tickets', '/properties', '/units', '/contractors', '/tenants']],
  ['tenant', 'tenant@northwind.test', ['/tickets']],
  ['contractor', 'plumber@northwind.test', ['/tickets', '/units']],
];

/** The lists with a CSV export (issue 27). */
const EXPORTED = ['/tickets', '/users', '/tenants', '/contractors', '/properties', '/units', '/contact'];

describe('lists on a phone', () => {
  it.each(LISTS)(
    'are cards for a %s: nothing scrolls sideways, search kept, sort and filters folded',
    {
      timeout: 120_000,
    },
    async (_role, email, paths) => {
      const page = await signedIn(email, paths[0]);
      for (const list of paths) {
        if (new URL(page.url()).pathname !== list) await page.goto(list);
        await listLoaded(page);
        expect({ list, overflow: await sidewaysOverflow(page) }).toEqual({ list, overflow: [] });
        expect(await page.locator('main table').count(), list).toBe(0);
        expect({ list, cut: await cutBadges(page) }).toEqual({ list, cut: [] });
        if (list === '/outbox') expect(await cutReasons(page)).toEqual([]);
        expect(await page.locator('main input[type="search"]').isVisible(), list).toBe(true);
        // No selection on a phone.
        expect(await page.locator('main input[type="checkbox"]').count(), list).toBe(0);
        // The CSV export (issue 27): an icon beside the fold button, inside the screen's width.
        const exportLink = page.getByRole('link', { name: en.exports.button });
        if (EXPORTED.includes(list)) {
          const box = await exportLink.boundingBox();
          expect({ list, inside: box !== null && box.x >= 0 && box.x + box.width <= PHONE_WIDTH }).toEqual({
            list,
            inside: true,
          });
          expect(await exportLink.getAttribute('href'), list).toMatch(/\/export\.csv\?/);
        } else expect(await exportLink.count(), list).toBe(0);
        // The sort is folded away, behind the one button beside the search.
        expect(await page.getByRole('combobox', { name: P.sortBy }).count(), list).toBe(0);
        const fold = page.locator('main button[aria-controls]').first();
        await fold.tap();
        await page.getByRole('combobox', { name: P.sortBy }).waitFor();
        expect({ list, overflow: await sidewaysOverflow(page) }).toEqual({ list, overflow: [] });
      }
      await page.context().close();
    },
  );

  it('shows on the landlord and property cards how many properties, users and units each record has', async () => {
    // The list rows carry counts, the records the lists (ADR 0024): a card's numbers are its record's.
    const page = await signedIn('admin@mend.test', '/landlords');
    const label = (name: string, value: number) => format(P.labelled, { label: name, value });
    for (const [list, counts] of [
      [
        '/landlords',
        (record: { properties: unknown[]; users: unknown[] }) => [
          label(F.properties, record.properties.length),
          label(F.users, record.users.length),
        ],
      ],
      ['/properties', (record: { units: unknown[] }) => [label(F.units, record.units.length)]],
    ] as const) {
      if (new URL(page.url()).pathname !== list) await page.goto(list);
      await listLoaded(page);
      const { data } = await (await page.request.get(`/api${list}?per_page=3`)).json();
      for (const row of data as { name: string; path: string }[]) {
        const record = await (await page.request.get(row.path)).json();
        const card = page.locator('main ul li').filter({ hasText: row.name }).first();
        for (const text of counts(record))
          expect(await card.innerText(), `${list} ${row.name}`).toContain(text);
      }
    }
    await page.context().close();
  });

  it("shows the roles of a landlord's users whole in the manager's Landlord Settings", async () => {
    const page = await signedIn('manager@northwind.test', '/landlords');
    await page.getByRole('list', { name: en.screens.fields.users }).getByText('Contractor').first().waitFor();
    expect(await cutBadges(page)).toEqual([]);
    expect(await sidewaysOverflow(page)).toEqual([]);
    await page.context().close();
  });

  it('sorts the tickets from the folded sort: a field, then the other direction', async () => {
    const page = await signedIn('manager@northwind.test');
    await listLoaded(page);
    const asked: URLSearchParams[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/tickets') asked.push(url.searchParams);
    });
    await page.getByRole('button', { name: P.filters }).tap();
    // The filters fold out with the sort, in the screen's width.
    await page.getByRole('combobox', { name: S.filters.status }).waitFor();
    await page.getByRole('combobox', { name: S.filters.property }).waitFor();
    await tapOption(page.locator('main'), P.sortBy, S.columns.title);
    await expect
      .poll(() => asked.some((q) => q.get('sort') === 'title' && q.get('order') === 'asc'))
      .toBe(true);
    await page.getByRole('button', { name: P.descending }).tap();
    await expect
      .poll(() => asked.some((q) => q.get('sort') === 'title' && q.get('order') === 'desc'))
      .toBe(true);
    // A filter counts on the button that unfolds it.
    await tapOption(page.locator('main'), S.filters.status, 'Open');
    await page.getByRole('button', { name: format(P.filtersActive, { count: 1 }) }).waitFor();
    await page.context().close();
  });

  it('takes over the cards the server rendered for the phone, as they are', async () => {
    const page = await signedIn('tenant@northwind.test');
    await listLoaded(page);
    const problems = collectProblems(page);
    const release = await holdEntryScript(page);
    await page.reload();
    // Without the app's code: the list as cards.
    const first = page.getByRole('listitem').first();
    await first.waitFor();
    expect(await page.locator('main table').count()).toBe(0);
    await first.evaluate((element) => {
      (element as HTMLElement & { prerendered?: boolean }).prerendered = true;
    });
    release();
    await appReady(page);
    expect(
      await first.evaluate((element) => (element as HTMLElement & { prerendered?: boolean }).prerendered),
    ).toBe(true);
    await first.getByRole('link').tap();
    await page.waitForURL(/\/tickets\/\d+$/);
    await panel(page, en.titles.ticketDetails).waitFor();
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('opens the record of a card tapped before the app has loaded', async () => {
    const page = await signedIn('tenant@northwind.test');
    await listLoaded(page);
    const release = await holdEntryScript(page);
    await page.reload();
    // The server's cards, without the app's code: the card is a link the browser follows on its own.
    const first = page.getByRole('listitem').first();
    const address = await first.getByRole('link').getAttribute('href');
    expect(address).toMatch(/^\/tickets\/\d+$/);
    await first.getByRole('link').tap();
    await page.waitForURL((url) => url.pathname === address, { waitUntil: 'commit' });
    release();
    await appReady(page);
    await panel(page, en.titles.ticketDetails).waitFor();
    await page.context().close();
  });
});

describe('forms on a phone', () => {
  const ADMIN_FORMS: Array<[string, string]> = [
    ['/tickets/create', en.titles.createTicket],
    ['/users/create', format(en.screens.createTitle, { entity: en.screens.entities.user.one })],
    ['/landlords/create', en.titles.createLandlord],
    ['/properties/create', en.titles.createProperty],
    ['/units/create', format(en.screens.createTitle, { entity: en.screens.entities.unit.one })],
    ['/categories/create', en.titles.createCategory],
  ];

  it('are one column: the record forms', { timeout: 120_000 }, async () => {
    const page = await signedIn('admin@mend.test');
    for (const [url, heading] of ADMIN_FORMS) {
      await page.goto(url);
      const form = panel(page, heading);
      await form.locator('.mantine-InputWrapper-root').first().waitFor();
      if (url === '/categories/create')
        await form.getByRole('button', { name: en.screens.addAttribute }).tap();
      if (url === '/properties/create') await tapOption(form, en.screens.fields.country, 'Canada');
      expect({ url, sideBySide: await fieldsSideBySide(form) }).toEqual({ url, sideBySide: [] });
    }
    await page.context().close();
  });

  it('let the super admin find a landlord by typing, on a phone', async () => {
    // The picker searches the landlords on the server (the form does not carry them all): typing narrows it.
    const page = await signedIn('admin@mend.test', '/properties/create');
    const form = panel(page, en.titles.createProperty);
    const picker = form.getByRole('combobox', { name: en.screens.fields.landlord, exact: true });
    await picker.tap();
    await picker.fill('maple');
    await page.getByRole('option', { name: 'Maple Leaf Rentals', exact: true }).waitFor();
    await expect
      .poll(() => page.getByRole('option', { name: 'Northwind Property Group', exact: true }).count())
      .toBe(0);
    await page.getByRole('option', { name: 'Maple Leaf Rentals', exact: true }).tap();
    expect(await picker.inputValue()).toBe('Maple Leaf Rentals');
    expect(await sidewaysOverflow(page)).toEqual([]);
    await page.context().close();
  });

  it('are one column: the profile tabs and the contact form', { timeout: 90_000 }, async () => {
    const page = await signedIn('tenant@northwind.test');
    const id = await page.evaluate(
      async () =>
        (
          (await (await fetch('/api/users/current', { headers: { Accept: 'application/json' } })).json()) as {
            user: { id: number };
          }
        ).user.id,
    );
    for (const tab of ['info', 'security', 'notifications', 'contact']) {
      await page.goto(`/users/${id}/${tab}`);
      const main = page.locator('main');
      await main.locator('.mantine-InputWrapper-root').first().waitFor();
      expect({ tab, sideBySide: await fieldsSideBySide(main) }).toEqual({ tab, sideBySide: [] });
      expect({ tab, overflow: await sidewaysOverflow(page) }).toEqual({ tab, overflow: [] });
    }
    await page.context().close();
  });
});

describe('the calendar on a phone', () => {
  it('shows Previous, Today and Next whole beside a week’s long title', async () => {
    const page = await signedIn('plumber@northwind.test', '/calendar?view=week&date=2026-11-30');
    // A week across two months has the longest title ("Nov 30 – Dec 6, 2026"), which shrank "Today" to "Toda".
    await expect.poll(() => page.locator('[data-calendar-period]').textContent()).toMatch(/Nov.*Dec/);
    const cut = await page
      .locator('main .mantine-Button-label')
      .evaluateAll((labels) =>
        labels
          .filter((label) => label.scrollWidth > label.clientWidth + 1)
          .map((label) => label.textContent ?? ''),
      );
    expect(cut).toEqual([]);
    await page.getByRole('button', { name: en.calendarScreens.today, exact: true }).waitFor();
    expect(await sidewaysOverflow(page)).toEqual([]);
    await page.context().close();
  });
});
