/**
 * A ticket of a whole property (issue 26), in a real browser against the real server with demo data:
 * - the Northwind manager picks "Whole property · Riverside Commons" in the ticket form's unit picker (found by
 *   typing "whole"), a Roofing category (which Riverside's units do not offer: a whole property offers every one),
 *   and creates it; the details say "Whole property" at the property's address, the list says it under the
 *   property, and its edit form starts on the same place (fixed for a manager) and saves;
 * - on a phone (390 px) its card reads "Riverside Commons · Whole property", nothing scrolls sideways, and its
 *   details say the same;
 * - the super admin (who alone may move a ticket on edit) moves it to unit 101 and back to the whole property.
 */
import { en } from '@mend/shared';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  appReady,
  DEMO,
  launchBrowser,
  newPhonePage,
  onDesktop,
  overflow,
  saveScreen,
  signIn,
} from './browser';

const S = en.ticketScreens;
const FORM = S.form;
const WHOLE = en.schedules.wholeProperty;
const PROPERTY = 'Riverside Commons';
const ADDRESS = '10150 100 St NW';
const CHOICE = `${WHOLE} · ${PROPERTY}`;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

function panel(page: Page, title: string): Locator {
  return page.getByRole('dialog', { name: title });
}

async function pick(scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await scope.page().getByRole('option', { name: option, exact: true }).click();
}

/** The value of a label/value pair in the details panel. */
function field(details: Locator, label: string): Locator {
  return details.locator(`dt:text-is("${label}") + dd`);
}

async function listLoaded(page: Page): Promise<void> {
  await appReady(page);
  await expect.poll(() => page.getByText(en.loadingTexts.tickets).count()).toBe(0);
}

interface StoredTicket {
  unit_id: number | null;
  property_id: number;
  property_name: string;
  title: string;
  unit: { id: number | null; name: string; address: string };
  categories: { title: string }[];
}

const title = `Roof membrane lifting over the stairwell ${Date.now().toString(36)}`;
let ticketId = 0;

describe('a ticket of a whole property', () => {
  it('is created by a manager, and reads "Whole property" in the details, the list and the edit form', {
    timeout: 120_000,
  }, async () => {
    const page = await onDesktop(browser, DEMO.manager);
    await page.goto('/tickets/create');
    const form = panel(page, en.titles.createTicket);
    await form.getByRole('textbox', { name: FORM.title, exact: true }).waitFor();
    await appReady(page);

    // Typing the start of "Whole property" lists every property's whole-property choice.
    const unit = form.getByRole('combobox', { name: FORM.unit, exact: true });
    await unit.click();
    await unit.fill('whole');
    await page.getByRole('option', { name: CHOICE, exact: true }).waitFor();
    await saveScreen(page, 'whole-property-picker');
    await page.getByRole('option', { name: CHOICE, exact: true }).click();
    expect(await unit.inputValue()).toBe(CHOICE);

    await form.getByRole('textbox', { name: FORM.title, exact: true }).fill(title);
    await form
      .getByRole('textbox', { name: FORM.description })
      .fill('The roof membrane is lifting at the parapet above the north stairwell.');
    // Roofing: not offered on Riverside's units, offered on the whole property.
    await pick(form, FORM.category, 'Roofing');
    await pick(form, FORM.startTime, '8:00 AM');
    await pick(form, FORM.endTime, '11:00 AM');
    await form.getByRole('button', { name: en.buttons.create }).click();
    const dialog = page.getByRole('dialog', { name: en.toasts.ticketCreatedTitle });
    await dialog.getByRole('button', { name: en.buttons.gotIt }).click();
    await page.waitForURL(/\/tickets\/\d+$/);
    ticketId = Number(/\/tickets\/(\d+)$/.exec(new URL(page.url()).pathname)?.[1]);

    // Stored with no unit, on the property.
    const stored = await api<StoredTicket>(page, `/api/tickets/${ticketId}`);
    expect(stored).toMatchObject({
      unit_id: null,
      property_name: PROPERTY,
      unit: { id: null, name: WHOLE, address: ADDRESS },
      categories: [{ title: 'Roofing' }],
    });

    // The details: the property heads them, the place is the whole property at its address.
    const details = panel(page, en.titles.ticketDetails);
    await details.getByRole('heading', { name: title }).waitFor();
    await details.getByText(`#${String(ticketId).padStart(3, '0')} · ${WHOLE}`, { exact: true }).waitFor();
    expect(await field(details, S.fields.unit).textContent()).toBe(WHOLE);
    expect(await field(details, S.fields.address).textContent()).toBe(ADDRESS);
    expect(await field(details, S.fields.category).textContent()).toBe('Roofing');
    await saveScreen(page, 'whole-property-details');

    // The edit form starts on the same place (a manager may not move it) and saves.
    await details.getByRole('button', { name: en.buttons.edit }).click();
    const edit = panel(page, en.titles.editTicket);
    const fixed = edit.getByRole('combobox', { name: FORM.unit, exact: true });
    await fixed.waitFor();
    expect(await fixed.inputValue()).toBe(CHOICE);
    expect(await fixed.isDisabled()).toBe(true);
    await expect
      .poll(() => edit.getByRole('combobox', { name: FORM.category, exact: true }).inputValue())
      .toBe('Roofing');
    await edit.getByRole('textbox', { name: FORM.title, exact: true }).fill(`${title} (checked)`);
    await edit.getByRole('button', { name: en.buttons.save }).click();
    await page.waitForURL(`**/tickets/${ticketId}`);
    await details.getByRole('heading', { name: `${title} (checked)` }).waitFor();
    expect(await api<StoredTicket>(page, `/api/tickets/${ticketId}`)).toMatchObject({
      unit_id: null,
      property_id: stored.property_id,
      title: `${title} (checked)`,
    });

    // The list: "Whole property" under the property.
    await page.goto('/tickets');
    await listLoaded(page);
    const row = page.getByRole('row').filter({ hasText: title });
    await row.waitFor();
    expect(await row.textContent()).toContain(`${PROPERTY}${WHOLE}`);
    await saveScreen(page, 'whole-property-list');
    await page.context().close();
  });

  it('reads "Riverside Commons · Whole property" on a phone’s card and details', {
    timeout: 60_000,
  }, async () => {
    expect(ticketId).toBeGreaterThan(0);
    const page = await newPhonePage(browser);
    await signIn(page, DEMO.manager);
    await page.goto('/tickets');
    await listLoaded(page);
    const card = page.getByRole('listitem').filter({ hasText: title });
    await card.waitFor();
    expect(await card.textContent()).toContain(`${PROPERTY} · ${WHOLE}`);
    expect(await overflow(page)).toBe(0);
    await saveScreen(page, 'whole-property-phone-list', card);

    await card.getByRole('link').tap();
    await page.waitForURL(`**/tickets/${ticketId}`);
    const details = panel(page, en.titles.ticketDetails);
    await details.getByRole('heading', { name: `${title} (checked)` }).waitFor();
    expect(await field(details, S.fields.unit).textContent()).toBe(WHOLE);
    expect(await field(details, S.fields.address).textContent()).toBe(ADDRESS);
    expect(await overflow(page)).toBe(0);
    await saveScreen(page, 'whole-property-phone-details');
    await page.context().close();
  });

  it('is moved by the super admin to a unit and back to the whole property', {
    timeout: 90_000,
  }, async () => {
    expect(ticketId).toBeGreaterThan(0);
    const page = await onDesktop(browser, DEMO.admin);

    /** Opens the edit form, picks `choice` after typing `search`, then `category`, and saves. */
    async function moveTo(search: string, choice: string, category: string): Promise<StoredTicket> {
      await page.goto(`/tickets/${ticketId}`);
      const details = panel(page, en.titles.ticketDetails);
      await details.getByRole('button', { name: en.buttons.edit }).click();
      const edit = panel(page, en.titles.editTicket);
      const unit = edit.getByRole('combobox', { name: FORM.unit, exact: true });
      await unit.waitFor();
      await appReady(page);
      expect(await unit.isDisabled()).toBe(false);
      await unit.click();
      await unit.fill(search);
      await page.getByRole('option', { name: choice, exact: true }).click();
      // Another place: the category is chosen again.
      expect(await edit.getByRole('combobox', { name: FORM.category, exact: true }).inputValue()).toBe('');
      await pick(edit, FORM.category, category);
      await edit.getByRole('button', { name: en.buttons.save }).click();
      await page.waitForURL(`**/tickets/${ticketId}`);
      await expect
        .poll(async () => (await api<StoredTicket>(page, `/api/tickets/${ticketId}`)).categories[0]?.title)
        .toBe(category);
      return api<StoredTicket>(page, `/api/tickets/${ticketId}`);
    }

    const onUnit = await moveTo('101', `101 · ${PROPERTY}`, 'Plumbing');
    expect(onUnit).toMatchObject({ unit: { name: '101' }, property_name: PROPERTY });
    expect(onUnit.unit_id).toEqual(expect.any(Number));
    await field(panel(page, en.titles.ticketDetails), S.fields.unit).filter({ hasText: '101' }).waitFor();

    const back = await moveTo('whole', CHOICE, 'Roofing');
    expect(back).toMatchObject({ unit_id: null, unit: { name: WHOLE }, property_name: PROPERTY });
    await field(panel(page, en.titles.ticketDetails), S.fields.unit).filter({ hasText: WHOLE }).waitFor();
    await page.context().close();
  });
});
