/**
 * A visit of the assigned contractor (issue 25 section 3) in a real browser against the real server with demo data,
 * its outbox delivering to the test SMTP server (global-setup.ts):
 * - Jane Morrison (tenant, Riverside Commons) raises a plumbing ticket, available tomorrow 4:00 to 6:00 PM at the
 *   property; the Northwind manager assigns Marco Rossi, the plumber, through the API;
 * - on a 390 px phone, Marco accepts the job in the ticket's details and books the tenant's window ("Use this
 *   time", Book): the visit is booked at once, the ticket Scheduled, and Jane's email "Visit booked" arrives;
 * - the manager finds the visit on the calendar's week and opens its ticket from it; the super admin, on a phone,
 *   chooses Northwind on the calendar first, and finds it there too (the landlord kept in the address);
 * - Marco books another time, outside the window: it waits for the tenant, and shows on his phone's calendar
 *   list; Jane, on her phone, confirms it: booked.
 * Nothing runs wider than the phone's 390 px on the way.
 */
import { addDays, en, STATUS, TICKET_STATUSES, type WallClockRange, zonedToday } from '@mend/shared';
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appReady,
  assign,
  DEMO,
  janeRaisesPlumbingTicket,
  launchBrowser,
  marcoOn,
  newPhonePage,
  onDesktop,
  overflow,
  signIn,
  waitForMail,
} from './browser';

const A = en.ticketScreens.assignment;
const V = en.ticketScreens.visit;
const FORM = en.ticketScreens.form;
const ADMIN = DEMO.admin;
const MANAGER = DEMO.manager;
const TENANT = DEMO.tenant;
const PLUMBER = DEMO.plumber;
const PLUMBER_NAME = 'Marco Rossi';
const PROPERTY_ZONE = 'America/Edmonton';
const LANDLORD = 'Northwind Property Group';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** Picks a time in one of the visit form's selects (its list opens in a portal, outside the form). */
async function pick(scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await scope.page().getByRole('option', { name: option, exact: true }).click();
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

    // The super admin's calendar asks for a landlord first; Northwind's week holds the visit, and a reload keeps it.
    const admin = await newPhonePage(browser);
    await signIn(admin, ADMIN);
    await admin.goto(`/calendar?view=week&date=${tomorrow}`);
    await appReady(admin);
    await admin.locator('[data-calendar-choose-landlord]').waitFor();
    const landlord = admin.getByRole('combobox', { name: en.screens.fields.landlord, exact: true });
    await landlord.fill('Northwind');
    await admin.getByRole('option', { name: LANDLORD, exact: true }).click();
    const adminListed = admin
      .locator('[data-calendar-view="list"] [data-calendar-visit]')
      .filter({ hasText: ticket.title })
      .first();
    await adminListed.waitFor();
    expect(new URL(admin.url()).searchParams.get('landlord_id')).toMatch(/^\d+$/);
    expect(await overflow(admin)).toBeLessThanOrEqual(0);
    await admin.reload();
    await appReady(admin);
    await adminListed.waitFor();
    await expect.poll(() => landlord.inputValue()).toBe(LANDLORD);

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

    for (const page of [jane, manager, admin, phone, janePhone]) await page.context().close();
  });
});
