/**
 * A visit of the assigned contractor (issue 25 section 3) in a real browser against the real server with demo data,
 * its outbox delivering to the test SMTP server (global-setup.ts):
 * - Jane Morrison (tenant, Riverside Commons) raises a plumbing ticket, available tomorrow 4:00 to 6:00 PM at the
 *   property; the Northwind manager assigns Marco Rossi, the plumber, through the API;
 * - on a 390 px phone, Marco accepts the job in the ticket's details and books the tenant's window ("Use this
 *   time", Book): the visit is booked at once, the ticket Scheduled, and Jane's email "Visit booked" arrives;
 * - the manager finds the visit on the calendar's week and opens its ticket from it;
 * - Marco books another time, outside the window: it waits for the tenant, and shows on his phone's calendar
 *   list; Jane, on her phone, confirms it: booked.
 * Nothing runs wider than the phone's 390 px on the way.
 */
import { addDays, en, STATUS, TICKET_STATUSES, type WallClockRange, zonedToday } from '@mend/shared';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  appReady,
  janeRaisesPlumbingTicket,
  launchBrowser,
  newPhonePage,
  onDesktop,
  signIn,
  waitForMail,
} from './browser';

const A = en.ticketScreens.assignment;
const V = en.ticketScreens.visit;
const FORM = en.ticketScreens.form;
const MANAGER = 'manager@northwind.test';
const TENANT = 'tenant@northwind.test';
const PLUMBER = 'plumber@northwind.test';
const PLUMBER_NAME = 'Marco Rossi';
const PROPERTY_ZONE = 'America/Edmonton';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** Marco as the ticket's assignable contractors offer him. */
async function marcoOn(page: Page, ticketId: number): Promise<number> {
  const offered = await api<{ data: { id: number; name: string }[] }>(
    page,
    `/api/tickets/${ticketId}/assignable-contractors`,
  );
  const marco = offered.data.find((row) => row.name === PLUMBER_NAME);
  if (!marco) throw new Error(`Marco is not offered: ${JSON.stringify(offered.data)}`);
  return marco.id;
}

/** PUT tickets/{id}/assignment as the app sends it (POST with `_method`), with the page's anti-forgery token. */
async function assign(page: Page, ticketId: number, contractorId: number): Promise<void> {
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

/** Picks a time in one of the visit form's selects (its list opens in a portal, outside the form). */
async function pick(scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await scope.page().getByRole('option', { name: option, exact: true }).click();
}

/** How far the page runs wider than the window (0 when it does not). */
function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

describe('a visit booked inside the tenant’s windows, and the calendar', () => {
  it('books the tenant’s window, shows it on the calendar, then proposes another time the tenant confirms', {
    timeout: 180_000,
  }, async () => {
    // Tomorrow 4:00 to 6:00 PM at the property.
    const tomorrow = addDays(zonedToday(PROPERTY_ZONE), 1);
    const window: WallClockRange = {
      start_date: tomorrow,
      start_time: '16:00',
      end_date: tomorrow,
      end_time: '18:00',
    };
    const jane = await onDesktop(browser, TENANT);
    await appReady(jane);
    const ticket = await janeRaisesPlumbingTicket(
      jane,
      `Kitchen drain gurgling ${Date.now().toString(36)}`,
      window,
    );
    const manager = await onDesktop(browser, MANAGER);
    await appReady(manager);
    await assign(manager, ticket.id, await marcoOn(manager, ticket.id));

    // Marco, on his phone: accept first, then book the tenant's window.
    const phone = await newPhonePage(browser);
    await signIn(phone, PLUMBER);
    await phone.goto(`/tickets/${ticket.id}`);
    await appReady(phone);
    const details = phone.getByRole('dialog', { name: en.titles.ticketDetails });
    await details.getByRole('heading', { name: V.title, exact: true }).waitFor();
    await details.getByText(V.acceptFirst).waitFor();
    await details.getByRole('button', { name: A.accept, exact: true }).click();
    const book = details.getByRole('form', { name: V.book });
    await book.getByRole('button', { name: V.pickWindow }).first().click();
    expect(await book.getByRole('combobox', { name: FORM.startTime, exact: true }).inputValue()).toBe(
      '4:00 PM',
    );
    expect(await book.getByRole('combobox', { name: FORM.endTime, exact: true }).inputValue()).toBe(
      '6:00 PM',
    );
    await book.getByText(V.inWindow).waitFor();
    await book.getByRole('button', { name: V.save, exact: true }).click();
    const booked = details.locator('[data-visit-state="booked"]');
    await booked.waitFor();
    expect(await booked.textContent()).toContain(V.states.booked);
    expect(await booked.textContent()).toContain('4:00 PM');
    await expect(details.locator('[data-status]').first().textContent()).resolves.toBe(
      TICKET_STATUSES[STATUS.scheduled],
    );
    expect(await overflow(phone)).toBeLessThanOrEqual(0);

    // The tenant is told. (Its subject holds an en dash, so it comes as an encoded word: "Visit_booked_…".)
    await waitForMail(TENANT, /Visit[ _]booked/);

    // The manager finds it on the week's calendar, and opens its ticket from there.
    await manager.goto(`/calendar?view=week&date=${tomorrow}`);
    await appReady(manager);
    const onCalendar = manager.locator('[data-calendar-visit]').filter({ hasText: ticket.title }).first();
    await onCalendar.waitFor();
    expect(await onCalendar.textContent()).toContain(PLUMBER_NAME);
    await onCalendar.click();
    await manager.waitForURL((url) => url.pathname === `/tickets/${ticket.id}`);
    const managerDetails = manager.getByRole('dialog', { name: en.titles.ticketDetails });
    await managerDetails.getByRole('heading', { name: ticket.title }).waitFor();
    await managerDetails.locator('[data-visit-state="booked"]').waitFor();

    // Marco moves it to 7:00 to 8:00 AM, outside the tenant's window: it waits for the tenant.
    const again = details.getByRole('form', { name: V.rebook });
    await again.getByRole('button', { name: V.pickWindow }).first().click();
    await pick(again, FORM.startTime, '7:00 AM');
    await pick(again, FORM.endTime, '8:00 AM');
    await again.getByText(V.outsideWindow).waitFor();
    await again.getByRole('button', { name: V.save, exact: true }).click();
    const proposed = details.locator('[data-visit-state="proposed"]');
    await proposed.waitFor();
    expect(await proposed.textContent()).toContain(V.states.proposed);
    expect(await proposed.textContent()).toContain('7:00 AM');
    // The time first booked is history now.
    await details.getByRole('list', { name: V.history }).locator('li').first().waitFor();
    expect(await overflow(phone)).toBeLessThanOrEqual(0);

    // His phone's calendar lists the period's days: the visit is there, the page no wider than the phone.
    await phone.goto(`/calendar?view=week&date=${tomorrow}`);
    await appReady(phone);
    const listed = phone
      .locator('[data-calendar-view="list"] [data-calendar-visit]')
      .filter({ hasText: ticket.title })
      .first();
    await listed.waitFor();
    expect(await listed.textContent()).toContain(V.states.proposed);
    expect(await overflow(phone)).toBeLessThanOrEqual(0);

    // Jane, on her phone, confirms the time proposed.
    const janePhone = await newPhonePage(browser);
    await signIn(janePhone, TENANT);
    await janePhone.goto(`/tickets/${ticket.id}`);
    await appReady(janePhone);
    const janeDetails = janePhone.getByRole('dialog', { name: en.titles.ticketDetails });
    await janeDetails.getByText(V.proposedToTenant).waitFor();
    await janeDetails.getByRole('button', { name: V.confirm, exact: true }).click();
    const confirmed = janeDetails.locator('[data-visit-state="booked"]');
    await confirmed.waitFor();
    expect(await confirmed.textContent()).toContain('7:00 AM');
    expect(await overflow(janePhone)).toBeLessThanOrEqual(0);

    for (const page of [jane, manager, phone, janePhone]) await page.context().close();
  });
});
