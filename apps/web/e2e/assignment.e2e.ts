/**
 * One assigned contractor (issue 25 section 2) in a real browser against the real server with demo data, its outbox
 * delivering to the test SMTP server (global-setup.ts):
 * - Jane Morrison (tenant, Riverside Commons) raises a plumbing ticket; the Northwind manager opens it and assigns
 *   Marco Rossi, the plumber the routing matched, from the ticket's "Assigned contractor" section;
 * - the email about it reaches Marco with the button that answers it; on a 390 px phone, signed out, Marco opens
 *   it and accepts the job;
 * - the manager sees the job accepted, and finds it with the list's "Assigned to" filter, in its column;
 * - signed in on the phone, Marco's list shows the job among its first, assigned ones.
 */
import { en } from '@mend/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  appReady,
  baseUrl,
  DEMO,
  janeRaisesPlumbingTicket,
  launchBrowser,
  newPhonePage,
  overflow,
  signIn,
  waitForMail,
} from './browser';

const A = en.ticketScreens.assignment;
const MANAGER = DEMO.manager;
const TENANT = DEMO.tenant;
const PLUMBER = DEMO.plumber;
const PLUMBER_NAME = 'Marco Rossi';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** Marco as the ticket's assignable contractors offer him: matched by the routing. */
async function marcoOn(page: Page, ticketId: number): Promise<number> {
  const offered = await api<{ data: { id: number; name: string; matched: boolean }[] }>(
    page,
    `/api/tickets/${ticketId}/assignable-contractors`,
  );
  const marco = offered.data.find((row) => row.name === PLUMBER_NAME && row.matched);
  if (!marco) throw new Error(`Marco is not matched: ${JSON.stringify(offered.data)}`);
  return marco.id;
}

describe('assigning a contractor, who accepts from the email link', () => {
  it('assigns, accepts signed out on a phone, and shows who holds the job', async () => {
    const context = await browser.newContext({
      baseURL: baseUrl(),
      viewport: { width: 1440, height: 900 },
      timezoneId: 'America/Edmonton',
    });
    const tenant = await context.newPage();
    await signIn(tenant, TENANT);
    await appReady(tenant);
    const raised = await janeRaisesPlumbingTicket(tenant, 'Sink trap leaking under the bathroom vanity');
    const managerContext = await browser.newContext({
      baseURL: baseUrl(),
      viewport: { width: 1440, height: 900 },
      timezoneId: 'America/Edmonton',
    });
    const manager = await managerContext.newPage();
    await signIn(manager, MANAGER);
    const ticket = { ...raised, marco: await marcoOn(manager, raised.id) };

    await manager.goto(`/tickets/${ticket.id}`);
    await appReady(manager);
    const details = manager.getByRole('dialog', { name: en.titles.ticketDetails });
    await details.getByRole('heading', { name: A.title }).waitFor();
    const form = details.getByRole('form', { name: A.assign });
    await form.getByRole('combobox', { name: A.contractor }).click();
    await manager.getByRole('option', { name: new RegExp(`^${PLUMBER_NAME}`) }).click();
    await form.getByRole('button', { name: A.assign }).click();
    await details.locator('[data-assignment-state="pending"]').waitFor();
    await expect(details.getByText(PLUMBER_NAME).first().isVisible()).resolves.toBe(true);

    // The email reaches Marco, with the button that answers the job without signing in.
    // A long subject comes folded over two lines; the catcher keeps the first.
    const mail = await waitForMail(PLUMBER, /assigned to you: Sink trap/);
    const link = /(https?:\/\/\S+\/assignment\/\S+)/.exec(mail.text)?.[1];
    expect(link, mail.text).toBeTruthy();
    const phone = await newPhonePage(browser);
    await phone.goto(new URL(link as string).pathname);
    await appReady(phone);
    await phone.getByRole('heading', { name: ticket.title }).waitFor();
    await phone.getByRole('button', { name: A.accept }).click();
    await phone.getByText(A.linkAccepted).waitFor();
    expect(await overflow(phone)).toBeLessThanOrEqual(0);

    // The manager sees it accepted, and finds it by who holds it.
    await manager.reload();
    await appReady(manager);
    await details.locator('[data-assignment-state="accepted"]').waitFor();
    await manager.goto(`/tickets?assigned_to=${ticket.marco}`);
    await appReady(manager);
    const row = manager.getByRole('row').filter({ hasText: ticket.title });
    await row.waitFor();
    await expect(row.locator(`[data-assignee="${ticket.marco}"]`).first().textContent()).resolves.toContain(
      PLUMBER_NAME,
    );

    // Signed in, Marco's list shows the job among its assigned ones, first.
    await signIn(phone, PLUMBER);
    await phone.goto('/tickets');
    await appReady(phone);
    const card = phone.locator(`[data-assignee="${ticket.marco}"]`).first();
    await card.waitFor();
    const mine = await api<{ data: { id: number; assignee: { id: number } | null }[] }>(
      phone,
      '/api/tickets',
    );
    const position = mine.data.findIndex((row) => row.id === ticket.id);
    expect(position).toBeGreaterThanOrEqual(0);
    expect(mine.data.slice(0, position).every((row) => row.assignee?.id === ticket.marco)).toBe(true);
    await context.close();
    await managerContext.close();
    await phone.context().close();
  });
});
