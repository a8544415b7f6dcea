/**
 * The Outbox shows each message's channel and the reason it is waiting whole, on a desktop and on a
 * phone: no "E…" badge and no reason cut after one line. A new HVAC ticket at Riverside Commons queues a
 * text message to Northwind's HVAC contractor (Ben Kowalski, who has them on in the demo data), which waits
 * because SMS is not configured here. A message is only shown: its row does not open.
 */
import { addDays, en, zonedToday } from '@mend/shared';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appReady, baseUrl, DEMO_PASSWORD, launchBrowser } from './browser';

const O = en.accountScreens.outbox;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function signedIn(email: string, width: number, height: number): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width, height } });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByRole('textbox', { name: en.auth.emailOrUsername }).fill(email);
  await page.getByLabel(en.auth.password, { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: en.auth.signIn }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
  await appReady(page);
  return page;
}

/** The tenant raises an HVAC ticket through the API: the HVAC contractor gets a text message about it. */
async function raiseTicket(page: Page): Promise<void> {
  const day = addDays(zonedToday('America/Edmonton'), 1);
  const status = await page.evaluate(async (date) => {
    const json = { headers: { Accept: 'application/json' } };
    const units = (await (await fetch('/api/units', json)).json()) as { data: { id: number }[] };
    const categories = (await (await fetch(`/api/units/${units.data[0].id}/categories`, json)).json()) as {
      data: { id: number; title: string }[];
    };
    const hvac = categories.data.find((category) => category.title === 'HVAC');
    const body = new FormData();
    for (const [name, value] of Object.entries({
      'contact_details[first_name]': 'Jane',
      'contact_details[last_name]': 'Morrison',
      'contact_details[email]': 'tenant@northwind.test',
      'contact_details[phone_number]': '780 555 0101',
      title: `Furnace short-cycles ${Date.now().toString(36)}`,
      description: 'It starts and stops every few minutes.',
      category_id: String(hvac?.id),
      priority: '0',
      'availability[0][start_date]': date,
      'availability[0][start_time]': '09:00',
      'availability[0][end_date]': date,
      'availability[0][end_time]': '10:00',
    }))
      body.set(name, value);
    const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
    const response = await fetch('/api/tickets', {
      method: 'POST',
      body,
      headers: { Accept: 'application/json', 'x-csrf-token': token },
    });
    return response.status;
  }, day);
  expect(status).toBe(201);
}

/** Whether an element shows all of its text: nothing cut off sideways or below. */
function shownWhole(element: Locator): Promise<boolean> {
  return element.evaluate(
    (node) => node.scrollWidth <= node.clientWidth + 1 && node.scrollHeight <= node.clientHeight + 1,
  );
}

/** A desktop lists messages as table rows, a phone as cards: the SMS message's row or card. */
async function checkOutbox(page: Page): Promise<void> {
  await page.goto('/outbox');
  await page.getByRole('heading', { name: O.title }).waitFor();
  const sms = page.locator('main tr, main li').filter({ hasText: en.accounts.notConfigured.sms }).first();
  await sms.waitFor();
  // Every badge of the page (channels on a desktop, statuses), whole.
  const badges = page.locator('main .mantine-Badge-label');
  await expect.poll(() => badges.count()).toBeGreaterThan(0);
  for (const badge of await badges.all()) expect(await shownWhole(badge), await badge.innerText()).toBe(true);
  await sms.getByText(O.channels.sms, { exact: true }).waitFor();
  // The reason the message waits, whole.
  const reason = sms.getByText(en.accounts.notConfigured.sms);
  expect(await reason.innerText()).toBe(en.accounts.notConfigured.sms);
  expect(await shownWhole(reason)).toBe(true);
  // A message does not open: its row is no Tab stop and does not look clickable, and nothing in it is a record's link.
  expect(await sms.getAttribute('tabindex')).toBeNull();
  expect(await sms.evaluate((node) => getComputedStyle(node).cursor)).not.toBe('pointer');
  expect(await sms.locator('a[href^="/outbox"]').count()).toBe(0);
}

describe('the outbox', () => {
  it('shows channels and reasons whole on a desktop and on a phone', async () => {
    const tenant = await signedIn('tenant@northwind.test', 1440, 900);
    await raiseTicket(tenant);
    await tenant.context().close();

    const desktop = await signedIn('admin@mend.test', 1440, 900);
    await checkOutbox(desktop);
    await desktop.context().close();

    const phone = await signedIn('admin@mend.test', 390, 844);
    await checkOutbox(phone);
    await phone.context().close();
  }, 120_000);
});
