/** Sign-in journeys in a real browser against the real server with demo data. */
import { en, VIEWPORT_COOKIE } from '@mend/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appReady, collectProblems, DEMO_PASSWORD, holdEntryScript, launchBrowser, newPage } from './browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function signIn(page: Page, identifier: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByRole('textbox', { name: en.auth.emailOrUsername }).fill(identifier);
  await page.getByLabel(en.auth.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: en.auth.signIn }).click();
}

/** The demo manager, signed in from the login page, with the tickets list shown. */
async function managerOnTickets(): Promise<Page> {
  const page = await newPage(browser);
  await page.goto('/login');
  await signIn(page, 'manager@northwind.test');
  await page.waitForURL('**/tickets');
  await page.locator('tbody tr').nth(1).waitFor();
  return page;
}

/** Removes the width the app reported (VIEWPORT_COOKIE): the server then does not render the screen. */
async function forgetViewport(page: Page): Promise<void> {
  await page.context().clearCookies({ name: VIEWPORT_COOKIE });
}

async function sidebarLinks(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: en.nav.mainLabel });
  await nav.getByRole('link').first().waitFor();
  return (await nav.getByRole('link').allInnerTexts()).map((text) => text.trim().split('\n')[0].trim());
}

const MENUS: Array<[string, string, string[]]> = [
  [
    'super admin',
    'admin@mend.test',
    [
      'Users',
      'Landlords',
      'Properties',
      'Units',
      'Tickets',
      'Calendar',
      'Schedules',
      'Categories',
      'Contact Form',
      'Settings',
    ],
  ],
  [
    'manager',
    'manager@northwind.test',
    [
      'Tickets',
      'Calendar',
      'Schedules',
      'Properties',
      'Units',
      'Contractors',
      'Tenants',
      'Settings',
      'Landlord Settings',
    ],
  ],
  ['tenant', 'tenant@northwind.test', ['My Tickets', 'Settings']],
  ['contractor', 'plumber@northwind.test', ['My Tickets', 'Calendar', 'Tenant List', 'Settings']],
];

describe('sign in', () => {
  it.each(MENUS)('a %s signs in and sees its own menu', async (_role, email, expected) => {
    const page = await newPage(browser);
    await page.goto('/login');
    await signIn(page, email);
    await page.waitForURL('**/tickets');
    expect(await sidebarLinks(page)).toEqual(expected);
    await page.context().close();
  });

  it('opens a signed-in page load at once: the page carries who is signed in, the list is fetched ahead once', async () => {
    // The screen shows once the user asked for after signing in has arrived: only then start counting.
    const page = await managerOnTickets();
    // A window whose width the server does not know (a first visit): the page is rendered in the browser.
    await forgetViewport(page);
    const asked: string[] = [];
    const listPages: string[] = [];
    const filterLists: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      // Neither the user nor the bell's list: both came with the page.
      if (url.pathname === '/api/users/current' || url.pathname.endsWith('/notification-history'))
        asked.push(url.pathname);
      if (url.pathname === '/api/tickets') listPages.push(url.search);
      if (url.pathname === '/api/tickets/statuses' || url.pathname === '/api/properties')
        filterLists.push(url.pathname);
    });
    // Chromium warns of a preload it could not use (a credentials mode that differs from the import's...).
    const preloadWarnings: string[] = [];
    page.on('console', (message) => {
      if (/preload/i.test(message.text())) preloadWarnings.push(message.text());
    });
    await page.reload();
    await page.getByRole('heading', { name: en.titles.myTickets }).waitFor();
    await page.locator('tbody tr').nth(1).waitFor();
    expect(await sidebarLinks(page)).toContain('Landlord Settings');
    expect(asked).toEqual([]);
    // The first page and the filters' lists are fetched ahead, at start-up, under the keys the screen
    // reads: each asked for once.
    await page.waitForLoadState('networkidle');
    expect(listPages).toHaveLength(1);
    expect(filterLists.sort()).toEqual(['/api/properties', '/api/tickets/statuses']);
    // The main layout's files are named in the page (the build's signed-in-preloads.json), and used.
    const preloaded = await page
      .locator('head link[rel="modulepreload"][fetchpriority="low"]')
      .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
    expect(preloaded.some((file) => /^\/assets\/MainLayout-[\w-]+\.js$/.test(file))).toBe(true);
    expect(preloadWarnings).toEqual([]);
    await page.context().close();
  });

  it('renders a signed-in page load once its first data has arrived: the screen never shows without its list', async () => {
    const page = await managerOnTickets();
    await forgetViewport(page);
    // The list's first page takes a while: the screen must wait for it rather than show empty first.
    await page.route('**/api/tickets?*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    await page.reload();
    await page.getByRole('heading', { name: en.titles.myTickets }).waitFor();
    expect(await page.locator('tbody tr').count()).toBeGreaterThan(1);
    await page.context().close();
  });

  it('shows a signed-in screen rendered by the server before the app has loaded, then takes it over as it is', async () => {
    const page = await managerOnTickets();
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === VIEWPORT_COOKIE)?.value).toBe('1440');
    const problems = collectProblems(page);
    const listPages: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/tickets') listPages.push(request.url());
    });
    const release = await holdEntryScript(page);
    await page.reload();
    // Without the app's code: the layout, the list and its rows, styled (the sidebar is beside the list).
    await page.getByRole('heading', { name: en.titles.myTickets }).waitFor();
    const rows = page.locator('tbody tr');
    expect(await rows.count()).toBeGreaterThan(1);
    expect(await sidebarLinks(page)).toContain('Landlord Settings');
    const sidebar = await page.getByRole('navigation', { name: en.nav.mainLabel }).boundingBox();
    const table = await page.locator('table').boundingBox();
    expect(sidebar && table && sidebar.x + sidebar.width <= table.x).toBe(true);
    const firstTitle = await rows.first().locator('td').nth(1).innerText();
    await rows.first().evaluate((element) => {
      (element as HTMLElement & { prerendered?: boolean }).prerendered = true;
    });

    release();
    await page.locator('.mantine-Notifications-root').first().waitFor({ state: 'attached' });
    // Hydrated, not rendered again, and from the page's data: the list was not asked for again.
    expect(
      await rows
        .first()
        .evaluate((element) => (element as HTMLElement & { prerendered?: boolean }).prerendered),
    ).toBe(true);
    expect(listPages).toEqual([]);
    // And it works: a row opens its ticket.
    await rows.first().getByText(firstTitle.trim()).click();
    await page.waitForURL(/\/tickets\/\d+$/);
    await page.getByRole('dialog', { name: en.titles.ticketDetails }).waitFor();
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('opens the record of a row clicked before the app has loaded', async () => {
    const page = await managerOnTickets();
    const release = await holdEntryScript(page);
    await page.reload();
    // The server's rows, without the app's code: a row's first cell is a link the browser follows on its own.
    const link = page.locator('tbody tr').first().getByRole('link');
    const address = await link.getAttribute('href');
    expect(address).toMatch(/^\/tickets\/\d+$/);
    await link.click();
    await page.waitForURL((url) => url.pathname === address, { waitUntil: 'commit' });
    release();
    await appReady(page);
    await page.getByRole('dialog', { name: en.titles.ticketDetails }).waitFor();
    await page.context().close();
  });

  it('opens a row in a new tab on a middle click, and leaves the list as it is', async () => {
    const page = await managerOnTickets();
    await appReady(page);
    const link = page.locator('tbody tr').first().getByRole('link');
    const address = await link.getAttribute('href');
    const [opened] = await Promise.all([
      page.context().waitForEvent('page'),
      link.click({ button: 'middle' }),
    ]);
    await opened.waitForURL((url) => url.pathname === address, { waitUntil: 'commit' });
    expect(new URL(page.url()).pathname).toBe('/tickets');
    expect(await page.getByRole('dialog', { name: en.titles.ticketDetails }).count()).toBe(0);
    await page.context().close();
  });

  it('searches a list the server rendered for what was typed before the app had loaded', async () => {
    const page = await managerOnTickets();
    const problems = collectProblems(page);
    const release = await holdEntryScript(page);
    await page.reload();
    const box = page.getByRole('searchbox');
    await box.fill('Leak');
    const shownBefore = await page.locator('tbody tr').count();

    release();
    await appReady(page);
    // The text stays in the box and becomes the list's search, as if typed a moment later.
    await page.waitForURL((url) => url.searchParams.get('search') === 'Leak');
    expect(await box.inputValue()).toBe('Leak');
    await expect.poll(() => page.locator('tbody tr').count()).toBeLessThan(shownBefore);
    for (const title of await page.locator('tbody tr td:nth-child(2)').allInnerTexts()) {
      expect(title.toLowerCase()).toContain('leak');
    }
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('shows the login page before the app has loaded, then takes it over as it is, keeping what was typed', async () => {
    const page = await newPage(browser);
    const problems = collectProblems(page);
    const release = await holdEntryScript(page);
    await page.goto('/login');
    const heading = page.getByRole('heading', { name: en.auth.signIn });
    await heading.waitFor();
    expect(await page.title()).toBe(`${en.auth.signIn} | Mend`);
    const button = page.getByRole('button', { name: en.auth.signIn });
    expect(await button.isDisabled()).toBe(true);
    await heading.evaluate((element) => {
      (element as HTMLElement & { prerendered?: boolean }).prerendered = true;
    });
    await page.getByRole('textbox', { name: en.auth.emailOrUsername }).fill('manager@northwind.test');

    release();
    await page.waitForFunction(
      () => !document.querySelector<HTMLButtonElement>('button[type=submit]')?.disabled,
    );
    // The toasts' containers mount once hydration is done (not during it, where they re-rendered at once).
    await page.locator('.mantine-Notifications-root').first().waitFor({ state: 'attached' });
    // Hydrated, not rendered again: the element the page came with is still the one shown.
    expect(
      await heading.evaluate((element) => (element as HTMLElement & { prerendered?: boolean }).prerendered),
    ).toBe(true);
    await page.getByLabel(en.auth.password, { exact: true }).fill(DEMO_PASSWORD);
    await button.click();
    await page.waitForURL('**/tickets');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('sends a signed-out deep link to sign-in, then back to the page asked for', async () => {
    const page = await newPage(browser);
    await page.goto('/units/3/edit');
    await page.waitForURL(/\/login\?redirect=/);
    await signIn(page, 'manager@northwind.test');
    await page.waitForURL('**/units/3/edit');
    expect(new URL(page.url()).pathname).toBe('/units/3/edit');
    await page.context().close();
  });

  it('shows the error for a wrong password and stays signed out', async () => {
    const page = await newPage(browser);
    await page.goto('/login');
    await signIn(page, 'manager@northwind.test', 'not-the-password');
    await expect
      .poll(() => page.getByRole('alert').first().textContent())
      .toContain(en.auth.invalidCredentials);
    await page.getByRole('button', { name: en.buttonErrors.signIn }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.context().close();
  });

  it('sends a non-email identifier to account activation', async () => {
    const page = await newPage(browser);
    await page.goto('/login');
    await signIn(page, 'newtenant');
    await page.waitForURL('**/user-activation/newtenant');
    await page.context().close();
  });

  it('logs out from the account menu and cannot come back without signing in', async () => {
    const page = await newPage(browser);
    await page.goto('/login');
    await signIn(page, 'tenant@northwind.test');
    await page.waitForURL('**/tickets');
    await page.getByRole('button', { name: en.nav.accountMenu }).click();
    await page.getByRole('menuitem', { name: en.auth.logOut }).click();
    await page.waitForURL('**/login');
    await page.goto('/tickets');
    await page.waitForURL(/\/login\?redirect=/);
    await page.context().close();
  });
});
