/**
 * Availability is entered, stored and shown in the property's time zone (DESIGN.md "Time"), whatever the
 * browser's: a tenant of Riverside Commons (Edmonton) whose browser runs on Tokyo time enters 8:00 to
 * 11:00 AM, and the details, the edit form and the stored moments all say 8:00 to 11:00 AM in Edmonton.
 */
import { en, zonedDateTime } from '@mend/shared';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appReady, baseUrl, DEMO_PASSWORD, launchBrowser } from './browser';

const S = en.ticketScreens;
const FORM = S.form;
const PROPERTY_ZONE = 'America/Edmonton';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function signedIn(email: string, timezoneId: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: 1440, height: 900 },
    timezoneId,
  });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByRole('textbox', { name: en.auth.emailOrUsername }).fill(email);
  await page.getByLabel(en.auth.password, { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: en.auth.signIn }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
  await appReady(page);
  return page;
}

async function pick(scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await scope.page().getByRole('option', { name: option, exact: true }).click();
}

function field(details: Locator, label: string): Locator {
  return details.locator(`dt:text-is("${label}") + dd`);
}

describe('availability in the property’s time zone', () => {
  it('8:00 to 11:00 AM entered on a Tokyo browser reads 8:00 to 11:00 AM in Edmonton', {
    timeout: 90_000,
  }, async () => {
    const page = await signedIn('tenant@northwind.test', 'Asia/Tokyo');
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('Asia/Tokyo');
    await page.goto('/tickets/create');
    const form = page.getByRole('dialog', { name: en.titles.createTicket });
    await form.getByRole('textbox', { name: FORM.title, exact: true }).waitFor();
    // The form says which zone its times are in.
    await form.getByText('Times in Mountain Time (Edmonton)').waitFor();

    const title = `Furnace check ${Date.now().toString(36)}`;
    await form.getByRole('textbox', { name: FORM.title, exact: true }).fill(title);
    await form.getByRole('textbox', { name: FORM.description }).fill('The furnace rattles at night.');
    await pick(form, FORM.category, 'Plumbing');
    await pick(form, FORM.startTime, '8:00 AM');
    await pick(form, FORM.endTime, '11:00 AM');
    await form.getByRole('button', { name: en.buttons.create }).click();
    const dialog = page.getByRole('dialog', { name: en.toasts.ticketCreatedTitle });
    await dialog.getByRole('button', { name: en.buttons.gotIt }).click();
    await page.waitForURL(/\/tickets\/\d+$/);
    const id = Number(/\/tickets\/(\d+)$/.exec(page.url())?.[1]);

    // The details: 8:00 to 11:00 AM, in Mountain Time.
    const details = page.getByRole('dialog', { name: en.titles.ticketDetails });
    await details.getByRole('heading', { name: title }).waitFor();
    const availability = field(details, S.fields.availability);
    expect(await availability.textContent()).toMatch(/, 8:00 AM – (\w{3}, \w{3} \d{1,2}, )?11:00 AM/);
    expect(await availability.textContent()).toContain('Times in Mountain Time (Edmonton)');

    // What was stored: 8:00 and 11:00 on the property's clock.
    const stored = await page.evaluate(async (ticket) => {
      const answer = await fetch(`/api/tickets/${ticket}`, { headers: { Accept: 'application/json' } });
      return ((await answer.json()) as { availability: { start: number; end: number }[] }).availability;
    }, id);
    expect(zonedDateTime(stored[0].start, PROPERTY_ZONE).time).toBe('08:00');
    expect(zonedDateTime(stored[0].end, PROPERTY_ZONE).time).toBe('11:00');

    // The edit form shows the same times back.
    await details.getByRole('button', { name: en.buttons.edit }).click();
    const edit = page.getByRole('dialog', { name: en.titles.editTicket });
    const startTime = edit.getByRole('combobox', { name: FORM.startTime, exact: true });
    await startTime.waitFor();
    expect(await startTime.inputValue()).toBe('8:00 AM');
    expect(await edit.getByRole('combobox', { name: FORM.endTime, exact: true }).inputValue()).toBe(
      '11:00 AM',
    );
    await page.context().close();
  });
});
