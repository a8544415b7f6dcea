/**
 * A keyboard-only journey (issue 28, section 4): no click, no tap, no fill. Jane Morrison (tenant) signs in and
 * raises a Plumbing ticket: title, description, category, back up once to add to the description, another start
 * date and times for her availability, Create, the "Ticket Created" dialog. Then Olivia Bennett (manager) signs in,
 * finds it with the list's search, opens it from its row, edits it and sets its status to In Progress. Only Tab,
 * Shift+Tab, Enter, Space, arrow keys, Ctrl+End and typing; at each step it checks, the focus is where it should
 * be and shows (Mantine's focus ring, the app's outline, or an input's border in the primary colour). And the skip
 * link that leads a keyboard past the header and the sidebar to the screen.
 */
import { en } from '@mend/shared';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, appReady, baseUrl, DEMO, DEMO_PASSWORD, launchBrowser } from './browser';

const S = en.ticketScreens;
const FORM = S.form;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Whether `target` has the focus (false while it is not on the page). */
function focused(target: Locator): Promise<boolean> {
  return target
    .evaluate((element) => element === document.activeElement, undefined, { timeout: 1000 })
    .catch(() => false);
}

/** Presses Tab (Shift+Tab with `back`) until `target` has the focus: it must be reached within `max` presses. */
async function tabTo(target: Locator, { back = false, max = 40 } = {}): Promise<void> {
  await target.waitFor();
  const page = target.page();
  for (let presses = 0; presses <= max; presses++) {
    if (await focused(target)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${target} is not reached with ${max} presses of ${back ? 'Shift+Tab' : 'Tab'}`);
}

/** What shows the focused element: Mantine's focus ring or the app's outline, or an input's border in the primary colour. */
function focusIndicator(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!(element instanceof HTMLElement) || element === document.body) return 'nothing is focused';
    if (!element.matches(':focus-visible')) return `${element.tagName} is focused, but not :focus-visible`;
    const style = getComputedStyle(element);
    if (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 1) return 'outline';
    const probe = document.createElement('span');
    probe.style.color = 'var(--mantine-primary-color-filled)';
    document.body.append(probe);
    const primary = getComputedStyle(probe).color;
    probe.remove();
    if (style.borderTopColor === primary && style.borderBottomColor === primary) return 'border';
    return `${element.tagName} shows no focus (outline ${style.outlineStyle}, border ${style.borderTopColor})`;
  });
}

/** The focus is on `target` and shows (an input's border changes colour in a short transition: polled). */
async function expectVisibleFocus(target: Locator): Promise<void> {
  expect(await focused(target), `${target} has the focus`).toBe(true);
  await expect.poll(() => focusIndicator(target.page()), { timeout: 2000 }).toMatch(/^(outline|border)$/);
}

/**
 * With a select focused: opens its options (Arrow Down, or Space), moves to `option` with Arrow Down, and chooses it
 * (Enter).
 */
async function chooseOption(
  page: Page,
  option: string,
  open: 'ArrowDown' | 'Space' = 'ArrowDown',
): Promise<void> {
  const highlighted = page.locator('[role="option"][data-combobox-selected]');
  await page.keyboard.press(open);
  await page.locator('[role="listbox"]').waitFor();
  // Mantine finishes opening in a timeout (it points its keyboard selection at the chosen option): an arrow pressed
  // before it would be overridden, as no person types that fast.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)));
  for (let presses = 0; presses < 100; presses++) {
    if ((await highlighted.count()) > 0 && (await highlighted.first().innerText()).trim() === option) {
      await page.keyboard.press('Enter');
      await expect.poll(() => page.locator('[role="listbox"]').count()).toBe(0);
      return;
    }
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`no option "${option}" reached with Arrow Down`);
}

/** Signs in from the login page with the keyboard: the email, Tab, the password, Enter. */
async function signInByKeyboard(email: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: 1440, height: 900 },
    timezoneId: 'America/Edmonton',
  });
  const page = await context.newPage();
  await page.goto('/login');
  await appReady(page);
  const emailInput = page.getByRole('textbox', { name: en.auth.emailOrUsername });
  await tabTo(emailInput);
  await expectVisibleFocus(emailInput);
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  expect(await focused(page.getByLabel(en.auth.password, { exact: true }))).toBe(true);
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await page.waitForURL('**/tickets');
  await page.getByRole('table').waitFor();
  await appReady(page);
  await expect.poll(() => page.getByText(en.loadingTexts.tickets).count()).toBe(0);
  return page;
}

/** The focus is in `panel` (it moved there as the panel opened). */
async function expectFocusIn(panel: Locator): Promise<void> {
  await expect
    .poll(() => panel.evaluate((element) => element.contains(document.activeElement)), { timeout: 5000 })
    .toBe(true);
}

interface SentTicket {
  id: number;
  title: string;
  description: string;
  status: number;
  status_text: string;
  categories: { title: string }[];
  availability_ranges: { start_date: string; start_time: string; end_date: string; end_time: string }[];
}

const title = `Kitchen tap drips all night ${Date.now().toString(36)}`;

describe('keyboard only', () => {
  it('a tenant raises a ticket, and a manager changes its status', { timeout: 120_000 }, async () => {
    // The tenant signs in and opens the create form from the list.
    const tenant = await signInByKeyboard(DEMO.tenant);
    const create = tenant.getByRole('button', { name: S.createButton });
    await tabTo(create);
    await expectVisibleFocus(create);
    await tenant.keyboard.press('Enter');
    await tenant.waitForURL('**/tickets/create');
    const form = tenant.getByRole('dialog', { name: en.titles.createTicket });
    // The panel takes the focus: its fields are the next Tab stops, not the list behind it.
    await expectFocusIn(form);
    // It does not say it is modal: the list beside it stays usable, and a screen reader must not hide it.
    expect(await form.getAttribute('aria-modal')).toBeNull();

    // The problem: title, description, category.
    const titleInput = form.getByRole('textbox', { name: FORM.title, exact: true });
    await tabTo(titleInput, { max: 10 });
    await expectVisibleFocus(titleInput);
    await tenant.keyboard.type(title);
    await tenant.keyboard.press('Tab');
    const description = form.getByRole('textbox', { name: FORM.description });
    await expectVisibleFocus(description);
    await tenant.keyboard.type('Water drips from the kitchen tap.');
    await tenant.keyboard.press('Enter');
    await tenant.keyboard.type('It keeps us awake.');
    await tenant.keyboard.press('Tab');
    const category = form.getByRole('combobox', { name: FORM.category, exact: true });
    await expectVisibleFocus(category);
    await chooseOption(tenant, 'Plumbing');
    expect(await category.inputValue()).toBe('Plumbing');
    // Back up to the description (Shift+Tab) to add to its end (Ctrl+End).
    await tabTo(description, { back: true, max: 3 });
    await tenant.keyboard.press('Control+End');
    await tenant.keyboard.type(' Since Monday.');

    // Availability: the next day in the start date's calendar (arrow keys, Enter), then the times.
    const startDate = form.getByRole('button', { name: FORM.startDate, exact: true });
    await tabTo(startDate, { max: 10 });
    await expectVisibleFocus(startDate);
    const defaultStart = (await startDate.innerText()).trim();
    await tenant.keyboard.press('Enter');
    // The calendar opens with the focus on its chosen day.
    await expect
      .poll(() => tenant.evaluate(() => document.activeElement?.closest('.mantine-Popover-dropdown') != null))
      .toBe(true);
    await tenant.keyboard.press('ArrowRight');
    await tenant.keyboard.press('Enter');
    await expect.poll(async () => (await startDate.innerText()).trim()).not.toBe(defaultStart);
    // The calendar closes back on its field.
    await expect.poll(() => focused(startDate)).toBe(true);
    const startTime = form.getByRole('combobox', { name: FORM.startTime, exact: true });
    await tabTo(startTime, { max: 3 });
    await expectVisibleFocus(startTime);
    await chooseOption(tenant, '10:00 AM');
    const endTime = form.getByRole('combobox', { name: FORM.endTime, exact: true });
    await tabTo(endTime, { max: 3 });
    await chooseOption(tenant, '11:30 AM');

    // Create, then the "Ticket Created" dialog's button.
    const submit = form.getByRole('button', { name: en.buttons.create });
    await tabTo(submit, { max: 10 });
    await expectVisibleFocus(submit);
    await tenant.keyboard.press('Enter');
    const created = tenant.getByRole('dialog', { name: en.toasts.ticketCreatedTitle });
    // A real modal (the page behind it waits for its answer) says so.
    expect(await created.getAttribute('aria-modal')).toBe('true');
    const gotIt = created.getByRole('button', { name: en.buttons.gotIt });
    await tabTo(gotIt, { max: 5 });
    await expectVisibleFocus(gotIt);
    await tenant.keyboard.press('Enter');
    await tenant.waitForURL(/\/tickets\/\d+$/);
    const id = Number(/\/tickets\/(\d+)$/.exec(new URL(tenant.url()).pathname)?.[1]);
    const details = tenant.getByRole('dialog', { name: en.titles.ticketDetails });
    await details.getByRole('heading', { name: title }).waitFor();

    // What was sent: the title, Plumbing, and the times chosen.
    const sent = await api<SentTicket>(tenant, `/api/tickets/${id}`);
    expect(sent.title).toBe(title);
    expect(sent.description).toBe('Water drips from the kitchen tap.\nIt keeps us awake. Since Monday.');
    expect(sent.categories.map((one) => one.title)).toEqual(['Plumbing']);
    expect(sent.availability_ranges).toEqual([
      expect.objectContaining({ start_time: '10:00', end_time: '11:30' }),
    ]);
    expect(sent.status_text).toBe('Open');
    await tenant.context().close();

    // The manager finds it with the search (the list's address keeps it), opens it from its row, and edits it.
    const manager = await signInByKeyboard(DEMO.manager);
    const search = manager.getByRole('searchbox', { name: S.searchPlaceholder });
    await tabTo(search);
    await expectVisibleFocus(search);
    await manager.keyboard.type(title);
    const row = manager.locator('main tbody tr[tabindex="0"]').filter({ hasText: title });
    await expect.poll(() => manager.locator('main tbody tr[tabindex="0"]').count()).toBe(1);
    await row.waitFor();
    await tabTo(row);
    await expectVisibleFocus(row);
    await manager.keyboard.press('Enter');
    await manager.waitForURL((url) => url.pathname === `/tickets/${id}`);
    const managerDetails = manager.getByRole('dialog', { name: en.titles.ticketDetails });
    await managerDetails.getByRole('heading', { name: title }).waitFor();
    await expectFocusIn(managerDetails);
    const edit = managerDetails.getByRole('button', { name: en.buttons.edit });
    await tabTo(edit, { max: 60 });
    await expectVisibleFocus(edit);
    await manager.keyboard.press('Enter');
    await manager.waitForURL((url) => url.pathname === `/tickets/${id}/edit`);
    const editForm = manager.getByRole('dialog', { name: en.titles.editTicket });
    await expectFocusIn(editForm);

    // The status, then Save (Shift+Tab would go back up the form: the status sits above the photos and times).
    const status = editForm.getByRole('combobox', { name: FORM.status, exact: true });
    await tabTo(status);
    await expectVisibleFocus(status);
    await chooseOption(manager, 'In Progress', 'Space');
    expect(await status.inputValue()).toBe('In Progress');
    const save = editForm.getByRole('button', { name: en.buttons.save });
    await tabTo(save);
    await expectVisibleFocus(save);
    await manager.keyboard.press('Enter');
    await manager.waitForURL((url) => url.pathname === `/tickets/${id}`);
    await expect
      .poll(async () => (await api<SentTicket>(manager, `/api/tickets/${id}`)).status_text)
      .toBe('In Progress');
    await managerDetails.getByText('Status changed from Open to In Progress').waitFor();
    await manager.context().close();
  });

  it('the skip link: the first Tab stop, shown on focus, leads past the header and sidebar', async () => {
    const page = await signInByKeyboard(DEMO.manager);
    // A screen loaded anew: the focus starts at the top of the page.
    await page.goto('/tickets');
    await appReady(page);
    const skip = page.getByRole('link', { name: en.nav.skipToContent });
    const onScreen = () =>
      skip.evaluate((element) => {
        const box = element.getBoundingClientRect();
        return box.bottom > 0 && box.right > 0 && box.top < window.innerHeight;
      });
    expect(await onScreen(), 'hidden until focused').toBe(false);
    await page.keyboard.press('Tab');
    await expectVisibleFocus(skip);
    await expect.poll(onScreen).toBe(true);
    await page.keyboard.press('Enter');
    const main = page.locator('main');
    await expect.poll(() => focused(main)).toBe(true);
    // The address is the screen's still (the list's state lives there).
    expect(new URL(page.url()).hash).toBe('');
    expect(await onScreen(), 'hidden again').toBe(false);
    // The next Tab stop is on the screen, not in the header or the sidebar.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.querySelector('main')?.contains(document.activeElement))).toBe(
      true,
    );
    await page.context().close();
  });
});
