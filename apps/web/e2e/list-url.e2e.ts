/**
 * A list's page, sort, search and filters in the URL (issue 24, section 5), in a real browser: a sorted
 * second page survives a reload, Back steps through the pages and sorts, typing a search replaces the
 * history entry instead of adding one per keystroke, the side panel keeps the list's query string, a bad
 * value reads as the default, and a phone's cards follow the same address.
 */
import { en, format } from '@mend/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appReady, DEMO_PASSWORD, launchBrowser, newPage, newPhonePage } from './browser';

const S = en.ticketScreens;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function signIn(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: en.auth.emailOrUsername }).fill('admin@mend.test');
  await page.getByLabel(en.auth.password, { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: en.auth.signIn }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

/** The address's path and query, e.g. '/tickets?page=2'. */
function here(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

async function listLoaded(page: Page): Promise<void> {
  await page.getByRole('table').waitFor();
  await appReady(page);
  await expect.poll(() => page.getByText(en.loadingTexts.tickets).count()).toBe(0);
}

/** The titles of the rows shown, once the table is not fetching. */
async function titles(page: Page): Promise<string[]> {
  await expect.poll(() => page.locator('main table[aria-busy]').count()).toBe(0);
  return page
    .locator('main tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => (row.querySelector('td p[title]')?.getAttribute('title') ?? '').trim()),
    );
}

/** The rows shown once they are no longer `previous`. */
async function rowsOtherThan(page: Page, previous: string[]): Promise<string[]> {
  await expect.poll(() => titles(page)).not.toEqual(previous);
  return titles(page);
}

const pageButton = (page: Page, number: number) =>
  page.getByRole('button', { name: format(en.screens.page, { page: number }), exact: true });
const header = (page: Page, name: string) => page.getByRole('columnheader', { name });

async function currentPage(page: Page): Promise<string | null> {
  return page.locator('main nav button[aria-current="page"]').textContent();
}

describe('the tickets list in the URL', () => {
  it('keeps a sorted second page through a reload, and Back steps through pages and sorts', async () => {
    const page = await newPage(browser);
    await signIn(page);
    const total = (await (await page.request.get('/api/tickets?per_page=1')).json()).meta.total as number;
    expect(total).toBeGreaterThan(20);

    await page.goto('/tickets');
    await listLoaded(page);
    expect(here(page)).toBe('/tickets');
    expect(await header(page, S.columns.createdDate).getAttribute('aria-sort')).toBe('descending');

    // Sort by title, then the second page: each a history entry. The address changes before the rows do (the
    // table shows the last rows until the next arrive), so each read waits for rows other than the last.
    const opened = await titles(page);
    await header(page, S.columns.title).getByRole('button').click();
    await page.waitForURL('**/tickets?sort=title&order=asc');
    const firstPage = await rowsOtherThan(page, opened);
    await pageButton(page, 2).click();
    await page.waitForURL('**/tickets?page=2&sort=title&order=asc');
    const secondPage = await rowsOtherThan(page, firstPage);
    expect(secondPage).toHaveLength(10);

    // A reload finds the same page and sort.
    await page.reload();
    await listLoaded(page);
    expect(here(page)).toBe('/tickets?page=2&sort=title&order=asc');
    expect(await currentPage(page)).toBe('2');
    expect(await header(page, S.columns.title).getAttribute('aria-sort')).toBe('ascending');
    await expect.poll(() => titles(page)).toEqual(secondPage);

    // Back: the first page of the sort, then the list as it opened. The address changes as Back is taken, the pager
    // and headers when the screen has read it: each is waited for.
    await page.goBack();
    await page.waitForURL('**/tickets?sort=title&order=asc');
    await expect.poll(() => currentPage(page)).toBe('1');
    await expect.poll(() => titles(page)).toEqual(firstPage);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/tickets' && url.search === '');
    await expect.poll(() => header(page, S.columns.createdDate).getAttribute('aria-sort')).toBe('descending');
    await expect.poll(() => header(page, S.columns.title).getAttribute('aria-sort')).toBeNull();

    // Forward again, then a search typed key by key: one entry replaced, from page 1.
    await page.goForward();
    await page.goForward();
    await page.waitForURL('**/tickets?page=2&sort=title&order=asc');
    const search = page.getByRole('searchbox', { name: S.searchPlaceholder });
    await search.pressSequentially('leak', { delay: 60 });
    await page.waitForURL('**/tickets?sort=title&order=asc&search=leak');
    expect(await search.inputValue()).toBe('leak');
    await page.goBack();
    await page.waitForURL('**/tickets?sort=title&order=asc');
    await expect.poll(() => search.inputValue()).toBe('');
    await page.goForward();
    await page.waitForURL('**/tickets?sort=title&order=asc&search=leak');
    await expect.poll(() => search.inputValue()).toBe('leak');
    await page.context().close();
  });

  it('keeps the query string as the side panel opens and closes, and reads bad values as defaults', async () => {
    const page = await newPage(browser);
    await signIn(page);
    await page.goto('/tickets?page=2&sort=title&order=asc');
    await listLoaded(page);
    const [title] = await titles(page);

    await page.locator('main tbody tr').first().click();
    await page.getByRole('dialog', { name: en.titles.ticketDetails }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/tickets\/\d+$/);
    expect(new URL(page.url()).search).toBe('?page=2&sort=title&order=asc');
    await page.keyboard.press('Escape');
    await page.waitForURL('**/tickets?page=2&sort=title&order=asc');
    // The panel slides out after the address changes; a select opened meanwhile lost its choice (once in CI).
    await page.getByRole('dialog', { name: en.titles.ticketDetails }).waitFor({ state: 'hidden' });
    expect((await titles(page))[0]).toBe(title);

    // A filter is a history entry too, and starts again at page 1.
    await page.getByRole('combobox', { name: S.filters.status, exact: true }).click();
    await page.getByRole('option', { name: 'Open', exact: true }).click();
    await page.waitForURL('**/tickets?sort=title&order=asc&status=0');
    await page.goBack();
    await page.waitForURL('**/tickets?page=2&sort=title&order=asc');

    // Unreadable values: page 1, the default sort.
    await page.goto('/tickets?page=abc&sort=password&order=sideways');
    await listLoaded(page);
    expect(await currentPage(page)).toBe('1');
    expect(await header(page, S.columns.createdDate).getAttribute('aria-sort')).toBe('descending');
    await page.context().close();
  });

  it("shows a phone the address's page and sort as cards", async () => {
    const page = await newPhonePage(browser);
    await signIn(page);
    await page.goto('/tickets?page=2&sort=title&order=asc');
    await page.locator('main ul li').first().waitFor();
    await appReady(page);
    expect(await page.locator('main table').count()).toBe(0);
    expect(await currentPage(page)).toBe('2');
    await page.getByRole('button', { name: en.screens.phoneList.filters }).tap();
    expect(await page.getByRole('combobox', { name: en.screens.phoneList.sortBy }).inputValue()).toBe(
      S.columns.title,
    );
    await pageButton(page, 3).tap();
    await page.waitForURL('**/tickets?page=3&sort=title&order=asc');
    await page.context().close();
  });

  it("downloads the list's CSV export for the address's search, sort and filter, every row and no page", async () => {
    const page = await newPage(browser);
    await signIn(page);
    await page.goto('/tickets?page=2&sort=title&order=desc&search=leak&status=0');
    await listLoaded(page);
    const link = page.getByRole('link', { name: en.exports.button });
    const href = await link.getAttribute('href');
    expect(href).toBe('/api/tickets/export.csv?status=0&sort=title&order=desc&search=leak');
    const download = page.waitForEvent('download');
    await link.click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^tickets-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = (await (await page.request.get(href ?? '')).body()).toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const rows = text.slice(1).trimEnd().split('\r\n');
    const listed = await (
      await page.request.get('/api/tickets?status=0&sort=title&order=desc&search=leak&per_page=100')
    ).json();
    expect(rows.length - 1).toBe(listed.meta.total);
    await page.context().close();
  });
});
