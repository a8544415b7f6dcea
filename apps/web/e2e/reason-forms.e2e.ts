/**
 * The reasons of issue 25 written in a ticket's details (ReasonForm.tsx, which the sign-off's reopening shares:
 * signoff.e2e.ts), in a real browser against the real server with demo data, on the plumber's 390 px phone:
 * - Marco Rossi declines a job assigned to him: the dialog asks for the reason (Decline waits for it), and the manager
 *   sees it declined with that reason;
 * - on another job he accepts and books, he cancels the visit: the dialog asks first, the reason may stay empty, and
 *   the visit goes to the earlier visits, cancelled.
 */
import { en } from '@mend/shared';
import type { Browser, Locator, Page } from 'playwright-core';
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
  saveScreen,
  signIn,
} from './browser';

const A = en.ticketScreens.assignment;
const V = en.ticketScreens.visit;
const MANAGER = DEMO.manager;
const TENANT = DEMO.tenant;
const PLUMBER = DEMO.plumber;
const REASON = 'No one free for a week: the pump specialist is away.';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** Ticket `id`'s details on `page`, once its title shows. */
async function openDetails(page: Page, id: number, title: string): Promise<Locator> {
  await page.goto(`/tickets/${id}`);
  await appReady(page);
  const details = page.getByRole('dialog', { name: en.titles.ticketDetails });
  await details.getByRole('heading', { name: title }).waitFor();
  return details;
}

describe('reasons in a ticket’s details', () => {
  it('declines a job with its reason, and cancels a visit without one, on a phone', {
    timeout: 150_000,
  }, async () => {
    const jane = await onDesktop(browser, TENANT);
    await appReady(jane);
    const stamp = Date.now().toString(36);
    const declined = await janeRaisesPlumbingTicket(jane, `Sump pump humming ${stamp}`);
    const visited = await janeRaisesPlumbingTicket(jane, `Shower valve stiff ${stamp}`);
    const manager = await onDesktop(browser, MANAGER);
    await appReady(manager);
    const marcoId = await marcoOn(manager, declined.id);
    await assign(manager, declined.id, marcoId);
    await assign(manager, visited.id, marcoId);

    // Marco declines the first job: the reason is required.
    const marco = await newPhonePage(browser);
    await signIn(marco, PLUMBER);
    let details = await openDetails(marco, declined.id, declined.title);
    await details.getByRole('button', { name: A.decline, exact: true }).click();
    const decline = marco.getByRole('form', { name: A.declineTitle });
    const send = decline.getByRole('button', { name: A.decline, exact: true });
    expect(await send.isDisabled()).toBe(true);
    await decline.getByRole('textbox', { name: A.reason }).fill(REASON);
    expect(await send.isDisabled()).toBe(false);
    expect(await overflow(marco)).toBeLessThanOrEqual(0);
    await saveScreen(marco, 'reason-1-decline');
    await send.click();
    await decline.waitFor({ state: 'detached' });

    // The manager sees it declined, and why.
    const managerDetails = await openDetails(manager, declined.id, declined.title);
    const state = managerDetails.locator('[data-assignment-state="declined"]');
    await state.waitFor();
    expect(await state.textContent()).toContain(REASON);

    // The second job: accepted and booked in the tenant's window, then cancelled without a reason.
    details = await openDetails(marco, visited.id, visited.title);
    await details.getByRole('button', { name: A.accept, exact: true }).click();
    const book = details.getByRole('form', { name: V.book });
    await book.getByRole('button', { name: V.pickWindow }).first().click();
    await book.getByRole('button', { name: V.save, exact: true }).click();
    await details.locator('[data-visit-state="booked"]').waitFor();
    await details.getByRole('button', { name: V.cancel, exact: true }).click();
    const cancel = marco.getByRole('form', { name: V.cancelTitle });
    await cancel.getByText(/^Cancel the visit on /).waitFor();
    expect(await cancel.getByRole('textbox', { name: V.reason }).inputValue()).toBe('');
    expect(await overflow(marco)).toBeLessThanOrEqual(0);
    await saveScreen(marco, 'reason-2-cancel-visit');
    await cancel.getByRole('button', { name: V.cancel, exact: true }).click();
    await cancel.waitFor({ state: 'detached' });
    await details.locator('[data-visit-history="cancelled"]').waitFor();
    expect(await details.locator('[data-visit-state="booked"]').count()).toBe(0);

    for (const page of [jane, manager, marco]) await page.context().close();
  });
});
