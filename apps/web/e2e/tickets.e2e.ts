/**
 * Ticket screens in a real browser against the real server with demo data:
 * - a tenant (Jane Morrison, Riverside Commons unit 101) raises a Plumbing ticket with a photo and an
 *   availability range and sees the "Ticket Created" dialog; the Northwind plumber (Riverside Commons,
 *   Plumbing: so a recipient) finds it in its list, sees the photo, marks it Completed from the footer;
 *   the tenant then sees Completed and a closed date;
 * - a manager marks two tickets with "Mark As..." and cancels a third change, which is rolled back.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { en, format } from '@mend/shared';
import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appReady, baseUrl, DEMO_PASSWORD, launchBrowser } from './browser';

const S = en.ticketScreens;
const FORM = S.form;

let browser: Browser;
let photoDir: string;
let photoPath: string;

beforeAll(async () => {
  browser = await launchBrowser();
  // A small real PNG: a "leak" drawn on a wall.
  photoDir = mkdtempSync(path.join(tmpdir(), 'mend-e2e-photo-'));
  photoPath = path.join(photoDir, 'leak-under-sink.png');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360">
    <rect width="480" height="360" fill="#d9d4c7"/>
    <rect x="60" y="200" width="360" height="120" rx="8" fill="#8a6f4d"/>
    <rect x="200" y="40" width="30" height="170" fill="#9aa3ad"/>
    <ellipse cx="215" cy="300" rx="120" ry="22" fill="#5b8fd1" opacity="0.8"/>
    <circle cx="215" cy="230" r="10" fill="#5b8fd1"/>
  </svg>`;
  writeFileSync(photoPath, await sharp(Buffer.from(svg)).png().toBuffer());
});

afterAll(async () => {
  await browser?.close();
  if (photoDir) rmSync(photoDir, { recursive: true, force: true });
});

/** A signed-in page; the browser clock is in the demo properties' time zone (Edmonton). */
async function signedIn(email: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: 1440, height: 900 },
    timezoneId: 'America/Edmonton',
  });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByRole('textbox', { name: en.auth.emailOrUsername }).fill(email);
  await page.getByLabel(en.auth.password, { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: en.auth.signIn }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
  await page.goto('/tickets');
  await listLoaded(page);
  return page;
}

function panel(page: Page, title: string): Locator {
  return page.getByRole('dialog', { name: title });
}

async function pick(scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await scope.page().getByRole('option', { name: option, exact: true }).click();
}

async function listLoaded(page: Page): Promise<void> {
  await page.getByRole('table').waitFor();
  await appReady(page);
  await expect.poll(() => page.getByText(en.loadingTexts.tickets).count()).toBe(0);
}

async function toast(page: Page, title: string): Promise<void> {
  await page.locator('.mantine-Notification-root').filter({ hasText: title }).first().waitFor();
}

function row(page: Page, title: string): Locator {
  return page.getByRole('row').filter({ hasText: title });
}

async function rowStatus(page: Page, title: string): Promise<string> {
  return ((await row(page, title).locator('[data-status]').textContent()) ?? '').trim();
}

/** The value of a label/value pair in the details panel. */
function field(details: Locator, label: string): Locator {
  return details.locator(`dt:text-is("${label}") + dd`);
}

function ticketId(page: Page): number {
  const match = /\/tickets\/(\d+)$/.exec(new URL(page.url()).pathname);
  if (!match) throw new Error(`not a ticket: ${page.url()}`);
  return Number(match[1]);
}

const stamp = Date.now().toString(36);
const title = `Pipe leaking under the sink ${stamp}`;

describe('a tenant raises a ticket, the plumber completes it', () => {
  it('creates with a photo and availability, routes to the plumber, and closes', {
    timeout: 120_000,
  }, async () => {
    // The tenant raises the ticket.
    const tenant = await signedIn('tenant@northwind.test');
    await tenant.getByRole('button', { name: S.createButton }).click();
    await tenant.waitForURL('**/tickets/create');
    const form = panel(tenant, en.titles.createTicket);
    const firstName = form.getByRole('textbox', { name: FORM.firstName, exact: true });
    await firstName.waitFor();
    // Contact details come from the signed-in tenant; tenants do not pick a unit.
    expect(await firstName.inputValue()).toBe('Jane');
    expect(await form.getByRole('textbox', { name: FORM.lastName, exact: true }).inputValue()).toBe(
      'Morrison',
    );
    expect(await form.getByRole('combobox', { name: FORM.unit }).count()).toBe(0);
    const create = form.getByRole('button', { name: en.buttons.create });
    expect(await create.isDisabled()).toBe(true);

    await form.getByRole('textbox', { name: FORM.title, exact: true }).fill(title);
    await form
      .getByRole('textbox', { name: FORM.description })
      .fill('Water drips from the trap under the kitchen sink.\nThe cabinet floor is soaked.');
    await pick(form, FORM.category, 'Plumbing');
    await form.locator('input[type="file"]').setInputFiles(photoPath);
    await form.getByRole('img', { name: 'leak-under-sink.png' }).waitFor();

    // Availability: an end before the start is set to the start, with the warning. (The default range is
    // one day's, starting after midnight: an end at midnight is always before it.)
    const startTime = form.getByRole('combobox', { name: FORM.startTime, exact: true });
    const endTime = form.getByRole('combobox', { name: FORM.endTime, exact: true });
    await pick(form, FORM.endTime, '12:00 AM');
    await form.getByText(en.validation.availabilityEndBeforeStart).waitFor();
    expect(await endTime.inputValue()).toBe(await startTime.inputValue());
    await pick(form, FORM.startTime, '10:00 AM');
    await pick(form, FORM.endTime, '11:30 AM');

    await create.click();
    const dialog = tenant.getByRole('dialog', { name: en.toasts.ticketCreatedTitle });
    await dialog.getByText(en.toasts.ticketCreated).waitFor();
    await dialog.getByRole('button', { name: en.buttons.gotIt }).click();
    await tenant.waitForURL(/\/tickets\/\d+$/);
    const id = ticketId(tenant);
    const details = panel(tenant, en.titles.ticketDetails);
    await details.getByRole('heading', { name: title }).waitFor();
    // The range went out as wall-clock times at the property: 10:00 to 11:30 there.
    const sent = await tenant.evaluate(async (ticket) => {
      const answer = await fetch(`/api/tickets/${ticket}`, { headers: { Accept: 'application/json' } });
      return ((await answer.json()) as { availability_ranges: unknown[] }).availability_ranges;
    }, id);
    expect(sent).toEqual([
      {
        start_date: expect.any(String),
        start_time: '10:00',
        end_date: expect.any(String),
        end_time: '11:30',
      },
    ]);
    expect(await field(details, S.fields.availability).textContent()).toMatch(/10:00 AM – 11:30 AM/);
    // An open ticket shows no closing date (SPEC.md section 4), not "Closed: Open".
    expect(await field(details, S.fields.closed).count()).toBe(0);

    // The plumber finds it in its list and sees the photo.
    const plumber = await signedIn('plumber@northwind.test');
    expect(await plumber.getByRole('button', { name: S.createButton }).count()).toBe(0);
    await row(plumber, title).click();
    await plumber.waitForURL(`**/tickets/${id}`);
    const plumberDetails = panel(plumber, en.titles.ticketDetails);
    const thumbnail = plumberDetails.getByRole('button', {
      name: format(S.photo, { index: 1, count: 1, name: 'leak-under-sink.png' }),
    });
    await thumbnail.waitFor();
    await expect
      .poll(() =>
        thumbnail.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
      )
      .toBeGreaterThan(0);
    // The lightbox shows the full image; Escape closes it and keeps the panel open.
    await thumbnail.click();
    const full = plumber.getByRole('img', { name: 'leak-under-sink.png' });
    await full.waitFor();
    await expect.poll(() => full.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await plumber.keyboard.press('Escape');
    await expect.poll(() => full.count()).toBe(0);
    expect(new URL(plumber.url()).pathname).toBe(`/tickets/${id}`);

    // Completed from the footer's status dropdown, after the question.
    await pick(plumberDetails, S.changeStatus, 'Completed');
    await plumber.getByText(format(en.confirm.updateStatus, { title, status: 'Completed' })).waitFor();
    await plumber.getByRole('button', { name: en.confirm.yesUpdate }).click();
    await toast(plumber, en.toasts.ticketUpdated);
    await plumberDetails.getByText('Status changed from Open to Completed').waitFor();
    await plumber.context().close();

    // The tenant sees Completed and a closed date.
    await tenant.goto('/tickets');
    await listLoaded(tenant);
    await expect.poll(() => rowStatus(tenant, title)).toBe('Completed');
    await row(tenant, title).click();
    await tenant.waitForURL(`**/tickets/${id}`);
    await details.getByRole('heading', { name: title }).waitFor();
    await expect
      .poll(async () => (await field(details, S.fields.closed).textContent()) ?? '')
      .toMatch(/\d{4}/);
    await details.getByText('Status changed from Open to Completed').waitFor();
    await tenant.context().close();
  });
});

describe('a manager changes statuses in bulk', () => {
  it('marks two tickets, then cancels a third change and sees it rolled back', {
    timeout: 90_000,
  }, async () => {
    const page = await signedIn('manager@northwind.test');

    // Two open tickets, through the Status filter.
    await pick(page.locator('body'), S.filters.status, 'Open');
    await listLoaded(page);
    // The previous page's rows stay on screen until the filtered answer arrives: wait until every row is open.
    await expect
      .poll(async () => ({
        open: await page.locator('tbody [data-status="open"]').count(),
        other: await page.locator('tbody [data-status]:not([data-status="open"])').count(),
      }))
      .toEqual({ open: expect.any(Number), other: 0 });
    await expect.poll(() => page.locator('tbody [data-status="open"]').count()).toBeGreaterThan(1);
    const rows = page.locator('tbody tr');
    const titles = await Promise.all(
      [0, 1].map(async (i) => ((await rows.nth(i).locator('td').nth(1).innerText()) ?? '').trim()),
    );
    for (const name of titles) await row(page, name).getByRole('checkbox').check();
    await page.getByText(format(en.screens.selected, { count: 2 })).waitFor();

    await page.getByRole('button', { name: en.buttons.markAs }).click();
    await page.getByRole('menuitem', { name: 'In Progress' }).click();
    await page
      .getByText(
        format(en.confirm.updateStatus, {
          title: format(S.selectedTickets, { count: 2 }),
          status: 'In Progress',
        }),
      )
      .waitFor();
    // Shown at once, before the answer.
    for (const name of titles) expect(await rowStatus(page, name)).toBe('In Progress');
    await page.getByRole('button', { name: en.confirm.yesUpdate }).click();
    await toast(page, en.toasts.statusesUpdated);

    await pick(page.locator('body'), S.filters.status, S.filters.allTickets);
    await listLoaded(page);
    for (const name of titles) await expect.poll(() => rowStatus(page, name)).toBe('In Progress');

    // A third change, cancelled: the status comes back.
    const third = titles[0];
    await row(page, third).getByRole('checkbox').check();
    await page.getByRole('button', { name: en.buttons.markAs }).click();
    await page.getByRole('menuitem', { name: 'Cancelled' }).click();
    await page.getByText(format(en.confirm.updateStatus, { title: third, status: 'Cancelled' })).waitFor();
    expect(await rowStatus(page, third)).toBe('Cancelled');
    await page.getByRole('button', { name: en.confirm.no, exact: true }).click();
    await toast(page, en.toasts.cancelledTitle);
    await expect.poll(() => rowStatus(page, third)).toBe('In Progress');
    await page.context().close();
  });
});
