/** Debian's Chromium driven by playwright-core (never a downloaded browser). */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { en, fr, type WallClockRange } from '@mend/shared';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const DEMO_PASSWORD = 'password';

/** The demo accounts the journeys sign in as (apps/server/src/db/demo-seed.ts). */
export const DEMO = {
  admin: 'admin@mend.test',
  manager: 'manager@northwind.test',
  tenant: 'tenant@northwind.test',
  plumber: 'plumber@northwind.test',
} as const;

/** A server of the test file's own (journey.e2e.ts's, whose clock it moves); null: global-setup.ts's. */
let ownServer: { baseUrl: string; mailboxUrl: string } | null = null;

/** Points this file's helpers (pages, sign-in, caught emails) at `server` instead of global-setup.ts's. */
export function setOwnServer(server: { baseUrl: string; mailboxUrl: string } | null): void {
  ownServer = server;
}

export const baseUrl = () => ownServer?.baseUrl ?? inject('baseUrl');

export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
}

/** Every email the app has sent during this run (caught by the test SMTP server). */
export async function caughtMails(): Promise<CaughtMail[]> {
  const response = await fetch(ownServer?.mailboxUrl ?? inject('mailboxUrl'));
  return (await response.json()) as CaughtMail[];
}

/** Waits for the first email to `address` whose subject matches, and answers it. */
export async function waitForMail(address: string, subject: RegExp, timeoutMs = 20_000): Promise<CaughtMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = (await caughtMails()).find(
      (mail) => mail.to.includes(address.toLowerCase()) && subject.test(mail.subject),
    );
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no email to ${address} with a subject like ${subject} within ${timeoutMs} ms`);
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

export async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 1440, height: 900 } });
  return context.newPage();
}

/**
 * Waits until the app has taken the page over: a page the server rendered shows before the app's code
 * has loaded, and does not answer clicks until then. (The toasts' container mounts once hydration is done.)
 */
export async function appReady(page: Page): Promise<void> {
  await page.locator('.mantine-Notifications-root').first().waitFor({ state: 'attached' });
}

/** A phone's user agent (the server renders a signed-in screen for it with the phone's layout, ADR 0015). */
export const PHONE_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';

/** A phone 390 px wide with touch, in the demo properties' time zone. */
export async function newPhonePage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    userAgent: PHONE_USER_AGENT,
    timezoneId: 'America/Edmonton',
  });
  return context.newPage();
}

/** How far the page runs wider than its window (0 when it does not): a phone's screen must never scroll sideways. */
export function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** The errors and warnings the page logs and throws from now on. */
export function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/**
 * Saves the screen as `name`.png in the folder MEND_E2E_SCREENSHOTS names, when it is set (to look at a screen the
 * test went through): the whole page, or with a `target` the window once it is scrolled into view (a section down a
 * side panel, a card down a long page).
 */
export async function saveScreen(page: Page, name: string, target?: Locator): Promise<void> {
  const folder = process.env.MEND_E2E_SCREENSHOTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  await target?.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await page.screenshot({ path: path.join(folder, `${name}.png`), fullPage: !target });
}

/** Holds the app's entry script back until `release()`: a page rendered by the server must stand on its own meanwhile. */
export async function holdEntryScript(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/index-*.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Signs in from the login page with the demo password, and waits to leave it. `language`: the login page's (the
 * window's locale picks it, ADR 0047), whose labels it finds the fields by.
 */
export async function signIn(page: Page, email: string, language: 'en' | 'fr' = 'en'): Promise<void> {
  const { auth } = { en, fr }[language];
  await page.goto('/login');
  await page.getByRole('textbox', { name: auth.emailOrUsername }).fill(email);
  await page.getByLabel(auth.password, { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: auth.signIn }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

/** A desktop window (1440 px) in the demo properties' time zone, signed in as `email`. */
export async function onDesktop(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: 1440, height: 900 },
    timezoneId: 'America/Edmonton',
  });
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

/** GET from the app's JSON API with the page's session. */
export function api<T>(page: Page, url: string): Promise<T> {
  return page.evaluate(async (address) => {
    const answer = await fetch(address, { headers: { Accept: 'application/json' } });
    return answer.json();
  }, url) as Promise<T>;
}

/** A ticket raised through the API: its id and title. */
export interface RaisedTicket {
  id: number;
  title: string;
}

/**
 * Jane Morrison (tenant, Riverside Commons: one of Marco Rossi's properties, the plumber) raises a plumbing ticket
 * through the API, on `page` signed in as her. Its availability: `window`, wall-clock dates and times at the
 * property, when given; else tomorrow (UTC) from 16:00 to 18:00 UTC.
 */
export async function janeRaisesPlumbingTicket(
  page: Page,
  title: string,
  window?: WallClockRange,
): Promise<RaisedTicket> {
  const categories = await api<{ data: { id: number; title: string }[] }>(
    page,
    '/api/categories?per_page=100',
  );
  const plumbing = categories.data.find((category) => category.title === 'Plumbing');
  if (!plumbing) throw new Error('no Plumbing category in the demo data');
  const tomorrow = Math.floor(Date.now() / 1000 / 86400) * 86400 + 86400 + 16 * 3600;
  const availability: Record<string, string> = window
    ? {
        'availability[0][start_date]': window.start_date,
        'availability[0][start_time]': window.start_time,
        'availability[0][end_date]': window.end_date,
        'availability[0][end_time]': window.end_time,
      }
    : { 'availability[0][start]': String(tomorrow), 'availability[0][end]': String(tomorrow + 2 * 3600) };
  return page.evaluate(
    async ({ title, category, availability }) => {
      const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
      const form = new FormData();
      const fields: Record<string, string> = {
        'contact_details[first_name]': 'Jane',
        'contact_details[last_name]': 'Morrison',
        'contact_details[email]': 'tenant@northwind.test',
        'contact_details[phone_number]': '780 555 0101',
        title,
        description: 'Water under the sink since this morning.',
        category_id: String(category),
        priority: '0',
        ...availability,
      };
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      const answer = await fetch('/api/tickets', {
        method: 'POST',
        body: form,
        headers: { Accept: 'application/json', 'x-csrf-token': token },
      });
      const ticket = await answer.json();
      if (answer.status !== 201) throw new Error(JSON.stringify(ticket));
      return { id: ticket.id as number, title: ticket.title as string };
    },
    { title, category: plumbing.id, availability },
  );
}

/** Marco Rossi (the Northwind plumber) as ticket `ticketId`'s assignable contractors offer him, to `page` (staff). */
export async function marcoOn(page: Page, ticketId: number): Promise<number> {
  const offered = await api<{ data: { id: number; name: string }[] }>(
    page,
    `/api/tickets/${ticketId}/assignable-contractors`,
  );
  const marco = offered.data.find((row) => row.name === 'Marco Rossi');
  if (!marco) throw new Error(`Marco is not offered: ${JSON.stringify(offered.data)}`);
  return marco.id;
}

/** PUT tickets/{id}/assignment as the app sends it (POST with `_method`), with the page's anti-forgery token. */
export async function assign(page: Page, ticketId: number, contractorId: number): Promise<void> {
  await page.evaluate(
    async ({ ticketId, contractorId }) => {
      const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
      const form = new FormData();
      form.append('contractor_id', String(contractorId));
      form.append('_method', 'PUT');
      form.append('_nonce', `${Date.now()}-${Math.random().toString(36).slice(2)}`);
      const answer = await fetch(`/api/tickets/${ticketId}/assignment`, {
        method: 'POST',
        body: form,
        headers: { Accept: 'application/json', 'x-csrf-token': token },
      });
      if (!answer.ok) throw new Error(`${answer.status} ${await answer.text()}`);
    },
    { ticketId, contractorId },
  );
}

/** Picks `date` (YYYY-MM-DD) in a form's date picker: its calendar names each day "17 March 2027". */
export async function pickDate(scope: Locator, label: string, date: string): Promise<void> {
  const [year, month, day] = date.split('-').map(Number);
  const monthName = new Date(Date.UTC(year, month - 1, day)).toLocaleString('en-US', {
    month: 'long',
    timeZone: 'UTC',
  });
  await scope.getByRole('button', { name: label, exact: true }).click();
  const page = scope.page();
  const next = page.locator('[data-direction="next"]').first();
  await next.waitFor();
  const dayButton = page.getByRole('button', { name: `${day} ${monthName} ${year}`, exact: true });
  // A day of the next month that this month's weeks do not show: one month on.
  if ((await dayButton.count()) === 0) await next.click();
  await dayButton.click();
}
