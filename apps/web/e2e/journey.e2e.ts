/**
 * The whole journey of a repair (issue 25, "Standards": the browser journey), in a real browser against a server of
 * its own whose clock the test moves (moved-clock.ts: demo data, its outbox delivering to its own test SMTP server,
 * its due-work worker looking every 250 ms):
 * - Jane Morrison (tenant, Riverside Commons), on a 390 px phone, raises a plumbing ticket, available the day after
 *   tomorrow from 4:00 to 6:00 PM at the property, and switches on her reminder emails;
 * - the Northwind manager assigns Marco Rossi, the plumber, from the ticket's details;
 * - Marco accepts from the email's link on his phone, signed out, then signs in and books Jane's window: Jane gets
 *   "Visit booked";
 * - the clock moves to a little under 24 hours before the visit: the reminder reaches Jane, and the activity log says
 *   it was sent;
 * - Marco completes the ticket; Jane gets "is the repair done?" and, from its link on her phone without signing in,
 *   confirms the repair and rates it 5 stars;
 * - the manager sees the rating on the ticket, and the plumber's average with it on his record ("5.0 of 5", "1 rating"
 *   on data without ratings; the demo data's own ratings counted too) and on the dashboard.
 * Nothing runs wider than the phone on the way. With MEND_E2E_SCREENSHOTS set to a folder, the screens are saved there.
 */
import { addDays, en, format, STATUS, TICKET_STATUSES, zonedSeconds, zonedToday } from '@mend/shared';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  api,
  appReady,
  DEMO,
  newPhonePage,
  onDesktop,
  overflow,
  pickDate,
  saveScreen,
  signIn,
  waitForMail,
} from './browser';
import { movedClockSuite } from './moved-clock';

const S = en.ticketScreens;
const FORM = S.form;
const A = S.assignment;
const V = S.visit;
const SO = S.signoff;
const MANAGER = DEMO.manager;
const TENANT = DEMO.tenant;
const TENANT_NAME = 'Jane Morrison';
const PLUMBER = DEMO.plumber;
const PLUMBER_NAME = 'Marco Rossi';
const PROPERTY_ZONE = 'America/Edmonton';
const HOUR_MS = 3_600_000;

const suite = movedClockSuite();

/** Picks an option of one of a form's selects (its list opens in a portal, outside the form). */
async function pick(scope: Locator, label: string, option: string | RegExp): Promise<void> {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await scope.page().getByRole('option', { name: option, exact: true }).click();
}

/** Jane's own email reminders on (they are off in the demo data): PATCH users/{id}/notifications. */
async function switchOnReminderEmails(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const headers = { Accept: 'application/json' };
    const current = await (await fetch('/api/users/current', { headers })).json();
    const user = current.user ?? current;
    const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
    const form = new FormData();
    const options = user.notification_options as Record<string, Record<string, unknown>>;
    for (const [channel, values] of Object.entries(options))
      for (const [name, value] of Object.entries(values))
        form.append(
          `notification_options[${channel}][${name}]`,
          typeof value === 'boolean' ? (value ? '1' : '0') : String(value ?? ''),
        );
    form.set('notification_options[mail][reminders]', '1');
    form.append('_method', 'PATCH');
    form.append('_nonce', `${Date.now()}-${Math.random().toString(36).slice(2)}`);
    const answer = await fetch(`/api/users/${user.id}/notifications`, {
      method: 'POST',
      body: form,
      headers: { ...headers, 'x-csrf-token': token },
    });
    if (!answer.ok) throw new Error(`${answer.status} ${await answer.text()}`);
  });
}

/** The link of an email that leads to `page` ("assignment", "signoff"), as a path on this server. */
function linkIn(text: string, page: string): string {
  const link = new RegExp(`(https?://\\S+/${page}/[^\\s"<>]+)`).exec(text)?.[1];
  expect(link, text).toBeTruthy();
  return new URL(link as string).pathname;
}

interface RatingSummary {
  count: number;
  average: number | null;
}

/** An average as the screens show it: "4.5 of 5", with one decimal. */
const averageText = (average: number) => `${average.toFixed(1)} of 5`;

/** The average of `before`'s ratings and one more of `rating` stars. */
function withRating(before: RatingSummary, rating: number): number {
  return ((before.average ?? 0) * before.count + rating) / (before.count + 1);
}

interface TicketNow {
  id: number;
  visible_id: string;
  status: number;
  assignment: { id: number; state: string } | null;
  visit: { start: number; state: string } | null;
  log: { description: string }[];
}

describe('the journey of a repair, from the tenant’s phone to the contractor’s rating', () => {
  it('raises, assigns, accepts, books, reminds (clock moved), completes, confirms with 5 stars, and averages', {
    timeout: 300_000,
  }, async () => {
    const day = addDays(zonedToday(PROPERTY_ZONE), 2);
    const title = `Kitchen tap leaking ${Date.now().toString(36)}`;

    // Jane, on her phone, raises the ticket in the app: the day after tomorrow, 4:00 to 6:00 PM at the property.
    const jane = await newPhonePage(suite.browser);
    await signIn(jane, TENANT);
    await appReady(jane);
    await switchOnReminderEmails(jane);
    await jane.goto('/tickets');
    await appReady(jane);
    await jane.getByRole('button', { name: S.createButton }).click();
    const create = jane.getByRole('dialog', { name: en.titles.createTicket });
    await create.getByRole('textbox', { name: FORM.title, exact: true }).fill(title);
    await create
      .getByRole('textbox', { name: FORM.description })
      .fill('The kitchen tap drips all night, and water pools under the sink.');
    await pick(create, FORM.category, 'Plumbing');
    await pickDate(create, FORM.startDate, day);
    await pick(create, FORM.startTime, '4:00 PM');
    await pick(create, FORM.endTime, '6:00 PM');
    await saveScreen(jane, 'journey-1-tenant-raises');
    expect(await overflow(jane)).toBeLessThanOrEqual(0);
    await create.getByRole('button', { name: en.buttons.create }).click();
    await jane
      .getByRole('dialog', { name: en.toasts.ticketCreatedTitle })
      .getByRole('button', { name: en.buttons.gotIt })
      .click();
    await jane.waitForURL(/\/tickets\/\d+$/);
    const id = Number(/\/tickets\/(\d+)$/.exec(new URL(jane.url()).pathname)?.[1]);
    const raised = await api<TicketNow>(jane, `/api/tickets/${id}`);
    const number = raised.visible_id;

    // The manager assigns the plumber from the ticket's details.
    const manager = await onDesktop(suite.browser, MANAGER);
    await manager.goto(`/tickets/${id}`);
    await appReady(manager);
    const managerDetails = manager.getByRole('dialog', { name: en.titles.ticketDetails });
    const assign = managerDetails.getByRole('form', { name: A.assign });
    await pick(assign, A.contractor, new RegExp(`^${PLUMBER_NAME}`));
    await assign.getByRole('button', { name: A.assign }).click();
    await managerDetails.locator('[data-assignment-state="pending"]').waitFor();
    // The plumber's ratings so far (the demo data's), and the landlord's.
    const plumberId = (await api<TicketNow>(manager, `/api/tickets/${id}`)).assignment?.id ?? 0;
    expect(plumberId).toBeGreaterThan(0);
    const plumberBefore = (await api<{ rating: RatingSummary }>(manager, `/api/contractors/${plumberId}`))
      .rating;
    const landlordBefore = (await api<{ ratings: RatingSummary }>(manager, '/api/dashboard')).ratings;

    // The plumber accepts from the email's link, on his phone, signed out.
    const assigned = await waitForMail(PLUMBER, new RegExp(`^Ticket #${number} assigned to you`));
    const marco = await newPhonePage(suite.browser);
    await marco.goto(linkIn(assigned.text, 'assignment'));
    await appReady(marco);
    await marco.getByRole('heading', { name: title }).waitFor();
    await marco.getByRole('button', { name: A.accept }).click();
    await marco.getByText(A.linkAccepted).waitFor();

    // Signed in, he books one of Jane's windows; Jane is told.
    await signIn(marco, PLUMBER);
    await marco.goto(`/tickets/${id}`);
    await appReady(marco);
    const marcoDetails = marco.getByRole('dialog', { name: en.titles.ticketDetails });
    const book = marcoDetails.getByRole('form', { name: V.book });
    await book.getByRole('button', { name: V.pickWindow }).first().click();
    await book.getByText(V.inWindow).waitFor();
    await book.getByRole('button', { name: V.save, exact: true }).click();
    await marcoDetails.locator('[data-visit-state="booked"]').waitFor();
    expect(await overflow(marco)).toBeLessThanOrEqual(0);
    // (Its subject holds an en dash, so it comes as an encoded word: "Visit_booked_…".)
    await waitForMail(TENANT, new RegExp(`Visit[ _]booked[ _]for[ _]ticket[ _]#${number}`));

    // The clock moves to 23 hours 50 minutes before the visit: the day-before reminder goes out.
    const booked = await api<TicketNow>(marco, `/api/tickets/${id}`);
    const start = booked.visit?.start ?? 0;
    expect(start).toBe(zonedSeconds(day, '16:00', PROPERTY_ZONE));
    expect(start * 1000 - Date.now()).toBeGreaterThan(24 * HOUR_MS);
    const moved = new Date(start * 1000 - 24 * HOUR_MS + 10 * 60_000);
    await suite.server.moveClockTo(moved);
    expect(Math.abs((await suite.server.now()).getTime() - moved.getTime())).toBeLessThan(60_000);
    await waitForMail(TENANT, new RegExp(`Reminder:[ _]visit[ _]for[ _]ticket[ _]#${number}`), 30_000);
    const reminded = await api<TicketNow>(marco, `/api/tickets/${id}`);
    expect(reminded.log.map((entry) => entry.description)).toContain(
      format(en.tickets.visits.log.reminded, { hours: 24 }),
    );

    // The plumber completes the ticket from its details' footer.
    await marco.reload();
    await appReady(marco);
    await pick(marcoDetails, S.changeStatus, TICKET_STATUSES[STATUS.completed]);
    await marco.getByRole('button', { name: en.confirm.yesUpdate }).click();
    await expect
      .poll(async () => (await marcoDetails.locator('[data-status]').first().textContent())?.trim())
      .toBe(TICKET_STATUSES[STATUS.completed]);
    await marcoDetails.locator('[data-signoff-state="asked"]').waitFor();
    await saveScreen(
      marco,
      'journey-2-contractor-waits-for-signoff',
      marcoDetails.locator('[data-signoff-state="asked"]'),
    );

    // Jane gets the question, and answers it from the email's link on her phone, signed out: 5 stars.
    const asked = await waitForMail(TENANT, new RegExp(`^Ticket #${number} is completed`));
    const link = await newPhonePage(suite.browser);
    await link.goto(linkIn(asked.text, 'signoff'));
    await appReady(link);
    await link.getByRole('heading', { name: SO.linkTitle }).waitFor();
    await link.getByRole('heading', { name: title }).waitFor();
    await link.getByText(PLUMBER_NAME).waitFor();
    expect(await overflow(link)).toBeLessThanOrEqual(0);
    await saveScreen(link, 'journey-3-signoff-link');
    await link.getByRole('button', { name: SO.confirm }).click();
    const rate = link.getByRole('form', { name: SO.confirm });
    const send = rate.getByRole('button', { name: SO.send });
    // No star chosen yet: nothing to send.
    expect(await send.isDisabled()).toBe(true);
    const stars = rate.getByRole('radiogroup', { name: 'Rate the repair from 1 to 5 stars' });
    // A tap on the fifth star (the radio button it is the label of).
    const fifth = await stars.getByRole('radio', { name: '5 of 5 stars' }).getAttribute('id');
    await rate.locator(`label[for="${fifth}"]`).click();
    expect(await stars.getByRole('radio', { name: '5 of 5 stars' }).isChecked()).toBe(true);
    await rate.getByRole('textbox', { name: SO.comment }).fill('Quick and tidy, thank you!');
    expect(await overflow(link)).toBeLessThanOrEqual(0);
    await saveScreen(link, 'journey-4-signoff-rating');
    await send.click();
    await link.getByText(SO.linkConfirmed).waitFor();
    await link.getByText('Quick and tidy, thank you!').waitFor();
    expect(await overflow(link)).toBeLessThanOrEqual(0);
    await saveScreen(link, 'journey-5-signoff-confirmed');

    // In the app, Jane's phone shows it confirmed, and the ticket stays Completed.
    await jane.goto(`/tickets/${id}`);
    await appReady(jane);
    const janeDetails = jane.getByRole('dialog', { name: en.titles.ticketDetails });
    const confirmed = janeDetails.locator('[data-signoff-state="confirmed"]');
    await confirmed.waitFor();
    expect(await confirmed.textContent()).toContain(`Rated 5 of 5 by ${TENANT_NAME}`);
    expect(await janeDetails.getByRole('button', { name: SO.confirm }).count()).toBe(0);
    expect(await overflow(jane)).toBeLessThanOrEqual(0);
    await saveScreen(jane, 'journey-6-tenant-details-confirmed', confirmed);

    // The manager sees the rating on the ticket, and the plumber's average on his record and on the dashboard.
    await manager.reload();
    await appReady(manager);
    await managerDetails.locator('[data-signoff-rating="5"]').waitFor();
    const plumberAfter = (await api<{ rating: RatingSummary }>(manager, `/api/contractors/${plumberId}`))
      .rating;
    expect(plumberAfter.count).toBe(plumberBefore.count + 1);
    expect(plumberAfter.average).toBeCloseTo(withRating(plumberBefore, 5), 1);
    const plumberAverage = averageText(plumberAfter.average ?? 0);
    if (plumberBefore.count === 0) expect(plumberAverage).toBe('5.0 of 5');
    await manager.goto(`/contractors/${plumberId}`);
    await appReady(manager);
    const average = manager.locator('[data-user-rating]');
    await average.waitFor();
    expect(await average.textContent()).toContain(plumberAverage);
    expect(await average.textContent()).toContain(format(S.rating.count, { count: plumberAfter.count }));
    expect(await average.getByRole('img', { name: plumberAverage }).count()).toBe(1);
    await saveScreen(manager, 'journey-7-contractor-record');
    await manager.goto('/');
    await appReady(manager);
    const card = manager
      .getByText(en.dashboard.averageRating, { exact: true })
      .locator('xpath=ancestor::div[contains(@class, "mantine-Paper-root")][1]');
    const landlordAfter = (await api<{ ratings: RatingSummary }>(manager, '/api/dashboard')).ratings;
    expect(landlordAfter.count).toBe(landlordBefore.count + 1);
    await card.getByText(averageText(landlordAfter.average ?? 0)).waitFor();
    await saveScreen(manager, 'journey-8-dashboard', card);
    await card.getByText(format(en.dashboard.ratingsCount, { count: landlordAfter.count })).waitFor();

    // On the manager's phone too: the record and the dashboard in the phone's width.
    const managerPhone = await newPhonePage(suite.browser);
    await signIn(managerPhone, MANAGER);
    await managerPhone.goto(`/contractors/${plumberId}`);
    await appReady(managerPhone);
    await managerPhone.locator('[data-user-rating]').waitFor();
    expect(await overflow(managerPhone)).toBeLessThanOrEqual(0);
    await saveScreen(managerPhone, 'journey-9-contractor-record-phone');
    await managerPhone.goto('/');
    await appReady(managerPhone);
    const phoneCard = managerPhone.getByText(en.dashboard.averageRating, { exact: true });
    await phoneCard.waitFor();
    expect(await overflow(managerPhone)).toBeLessThanOrEqual(0);
    await saveScreen(managerPhone, 'journey-10-dashboard-phone', phoneCard);

    for (const page of [jane, manager, marco, link, managerPhone]) await page.context().close();
  });
});
