/**
 * The tenant's sign-off (issue 25 section 4) when the repair did not hold, in a real browser against the real server
 * with demo data, its outbox delivering to the test SMTP server (global-setup.ts):
 * - Jane Morrison (tenant, Riverside Commons) raises a plumbing ticket; Marco Rossi, the plumber it is routed to,
 *   completes it;
 * - on her 390 px phone, Jane is asked whether the repair is done in the ticket's details: she reopens it, saying
 *   what still needs fixing (the button waits for the reason); the ticket is In Progress again, the section shows
 *   why, and the manager is told by email;
 * - the link of the email that asked her now says the ticket was reopened, and why.
 */
import { en, STATUS, TICKET_STATUSES } from '@mend/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  appReady,
  DEMO,
  janeRaisesPlumbingTicket,
  launchBrowser,
  newPhonePage,
  onDesktop,
  overflow,
  saveScreen,
  signIn,
  waitForMail,
} from './browser';

const SO = en.ticketScreens.signoff;
const MANAGER = DEMO.manager;
const TENANT = DEMO.tenant;
const PLUMBER = DEMO.plumber;
const REASON = 'The tap still drips at night, and the cupboard under the sink is wet again.';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** PATCH tickets/{id} with a status alone, as the status dropdown sends it, on `page` signed in. */
async function setStatus(page: Page, ticketId: number, status: number): Promise<void> {
  await page.evaluate(
    async ({ ticketId, status }) => {
      const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
      const form = new FormData();
      form.append('status', String(status));
      form.append('_method', 'PATCH');
      form.append('_nonce', `${Date.now()}-${Math.random().toString(36).slice(2)}`);
      const answer = await fetch(`/api/tickets/${ticketId}`, {
        method: 'POST',
        body: form,
        headers: { Accept: 'application/json', 'x-csrf-token': token },
      });
      if (!answer.ok) throw new Error(`${answer.status} ${await answer.text()}`);
    },
    { ticketId, status },
  );
}

describe('a tenant reopens a completed ticket', () => {
  it('reopens it from the details on a phone with the reason, back to In Progress', {
    timeout: 150_000,
  }, async () => {
    const jane = await newPhonePage(browser);
    await signIn(jane, TENANT);
    await appReady(jane);
    const ticket = await janeRaisesPlumbingTicket(jane, `Tap dripping again ${Date.now().toString(36)}`);
    const { visible_id: number } = await api<{ visible_id: string }>(jane, `/api/tickets/${ticket.id}`);

    // The plumber it was routed to completes it.
    const marco = await onDesktop(browser, PLUMBER);
    await appReady(marco);
    await setStatus(marco, ticket.id, STATUS.completed);

    // Jane is asked on her phone: she reopens it, saying why.
    await jane.goto(`/tickets/${ticket.id}`);
    await appReady(jane);
    const details = jane.getByRole('dialog', { name: en.titles.ticketDetails });
    await details.getByRole('heading', { name: SO.title, exact: true }).waitFor();
    await details.getByText(SO.question).waitFor();
    expect(await overflow(jane)).toBeLessThanOrEqual(0);
    await saveScreen(jane, 'signoff-1-tenant-asked', details.locator('[data-signoff-question]'));
    await details.getByRole('button', { name: SO.reopen }).click();
    const reopen = details.getByRole('form', { name: SO.reopen });
    const send = reopen.getByRole('button', { name: SO.reopenSend });
    expect(await send.isDisabled()).toBe(true);
    await reopen.getByRole('textbox', { name: SO.reason }).fill(REASON);
    expect(await overflow(jane)).toBeLessThanOrEqual(0);
    await saveScreen(jane, 'signoff-2-tenant-reopens', reopen);
    await send.click();
    const reopened = details.locator('[data-signoff-state="reopened"]');
    await reopened.waitFor();
    expect(await reopened.textContent()).toContain(REASON);
    await expect
      .poll(async () => (await details.locator('[data-status]').first().textContent())?.trim())
      .toBe(TICKET_STATUSES[STATUS.inProgress]);
    expect(await details.getByRole('button', { name: SO.confirm }).count()).toBe(0);
    expect(await overflow(jane)).toBeLessThanOrEqual(0);
    await saveScreen(jane, 'signoff-3-tenant-reopened', reopened);

    // The manager is told, with the reason.
    const told = await waitForMail(MANAGER, new RegExp(`^Ticket #${number} reopened by the tenant`));
    expect(told.text).toContain('The tap still drips at night');

    // The email that asked Jane now leads to the answer she gave.
    const asked = await waitForMail(TENANT, new RegExp(`^Ticket #${number} is completed`));
    const link = /(https?:\/\/\S+\/signoff\/[^\s"<>]+)/.exec(asked.text)?.[1];
    expect(link, asked.text).toBeTruthy();
    const signedOut = await newPhonePage(browser);
    await signedOut.goto(new URL(link as string).pathname);
    await appReady(signedOut);
    await signedOut.getByText(SO.linkReopened).waitFor();
    await signedOut.getByText(REASON, { exact: false }).waitFor();
    expect(await signedOut.getByRole('button', { name: SO.confirm }).count()).toBe(0);
    expect(await overflow(signedOut)).toBeLessThanOrEqual(0);
    await saveScreen(signedOut, 'signoff-4-link-reopened');

    for (const page of [jane, marco, signedOut]) await page.context().close();
  });
});
