/**
 * A monthly schedule creating its ticket, the clock moved (issue 26, "Standards": a browser journey), in a real
 * browser against a server of its own whose clock the test moves (moved-clock.ts: demo data, its due-work worker
 * looking every 250 ms):
 * - the Northwind manager creates, through the form, a monthly schedule at Riverside Commons (whole property) on the
 *   day of the month some ten days ahead, its tickets created 7 days before each date: the details say
 *   "Every month on day N" and the next date; no ticket yet;
 * - the clock moves to 5 days before that date: the worker creates its one ticket (and only one);
 * - the details list it under "Tickets created"; it opens the ticket, whose activity log says the schedule created it;
 * - on the manager's 390 px phone the schedules list shows its card, and nothing runs wider than the phone.
 */
import { en, format } from '@mend/shared';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, appReady, DEMO, newPhonePage, onDesktop, overflow, saveScreen, signIn } from './browser';
import { movedClockSuite } from './moved-clock';

const S = en.schedules.screens;
const F = S.fields;
const DAY_MS = 86_400_000;
const ZONE = 'America/Edmonton';

const suite = movedClockSuite();

interface ScheduleNow {
  id: number;
  title: string;
  next_on: string | null;
  next_on_text: string;
  rule_text: string;
  occurrences: { occurs_on: string; ticket_id: number | null; visible_id: string | null }[];
}

/** The date (YYYY-MM-DD) at the demo properties of `moment`. */
function dateAt(moment: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
    .format(moment)
    .slice(0, 10);
}

/** Picks `option` in the form's select named `label`, typing `search` first in a searched one. */
async function choose(form: Locator, label: string, option: string, search?: string): Promise<void> {
  // A required field's name ends with its asterisk.
  const box = form.getByRole('combobox', { name: new RegExp(`^${label}( \\*)?$`) });
  await box.click();
  if (search !== undefined) await box.fill(search);
  await form.page().getByRole('option', { name: option, exact: true }).click();
}

let title = '';

describe('a monthly schedule creating its ticket, clock moved', () => {
  it('creates the ticket of its next date once the date is within its lead days, and only once', {
    timeout: 180_000,
  }, async () => {
    title = `Test the boiler ${Date.now()}`;
    // The date some ten days ahead whose day of the month the form offers (1 to 28).
    const now = await suite.server.now();
    let ahead = 10;
    while (Number(dateAt(new Date(now.getTime() + ahead * DAY_MS)).slice(8, 10)) > 28) ahead += 1;
    const target = dateAt(new Date(now.getTime() + ahead * DAY_MS));
    const day = Number(target.slice(8, 10));

    const manager = await onDesktop(suite.browser, DEMO.manager);
    await manager.clock.setFixedTime(now);
    await manager.goto('/schedules');
    await appReady(manager);
    await manager.getByRole('button', { name: S.createButton }).click();
    const form = manager.locator('form').filter({ has: manager.locator('input[name="title"]') });
    await form.waitFor();
    await choose(form, F.property, 'Riverside Commons', 'Riverside');
    await form.locator('input[name="title"]').fill(title);
    await form.locator('textarea[name="description"]').fill('Yearly service visit of the boiler room.');
    await choose(form, F.category, 'Plumbing', 'Plumb');
    // Months, every 1 and 7 days ahead are the form's defaults.
    expect(await form.locator('input[name="interval"]').inputValue()).toBe('1');
    expect(await form.getByRole('combobox', { name: F.frequency, exact: true }).inputValue()).toBe(
      S.frequencies.monthly,
    );
    expect(await form.locator('input[name="lead_days"]').inputValue()).toBe('7');
    await choose(form, F.monthDay, String(day));
    await form.getByRole('button', { name: en.buttons.create, exact: true }).click();
    await manager.waitForURL(/\/schedules\/\d+$/, { timeout: 15_000 });
    const id = Number(new URL(manager.url()).pathname.split('/').pop());

    const created = await api<ScheduleNow>(manager, `/api/schedules/${id}`);
    expect(created.title).toBe(title);
    expect(created.next_on).toBe(target);
    expect(created.rule_text).toBe(`Every month on day ${day}`);
    await expect.poll(() => manager.getByText(created.rule_text, { exact: true }).count()).toBeGreaterThan(0);
    await expect.poll(() => manager.getByText(created.next_on_text).count()).toBeGreaterThan(0);
    await expect.poll(() => manager.getByText(S.noOccurrences).count()).toBeGreaterThan(0);
    await saveScreen(manager, 'schedules-details');
    // Ten days ahead is more than its 7 days: no ticket yet.
    expect(created.occurrences).toEqual([]);

    // Five days before the date: the worker creates its ticket.
    await suite.server.moveClockTo(new Date(now.getTime() + (ahead - 5) * DAY_MS));
    await expect
      .poll(async () => (await api<ScheduleNow>(manager, `/api/schedules/${id}`)).occurrences.length, {
        timeout: 20_000,
        interval: 250,
      })
      .toBe(1);
    // A few more rounds of the worker create no second one.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const after = await api<ScheduleNow>(manager, `/api/schedules/${id}`);
    expect(after.occurrences).toHaveLength(1);
    const [occurrence] = after.occurrences;
    expect(occurrence.occurs_on).toBe(target);
    expect(occurrence.ticket_id).not.toBeNull();
    expect(after.next_on).not.toBe(target);

    await manager.reload();
    await appReady(manager);
    const list = manager.getByRole('list', { name: S.occurrences });
    const link = list.getByRole('link', { name: new RegExp(`#${occurrence.visible_id}$`) });
    await link.waitFor({ timeout: 15_000 });
    await saveScreen(manager, 'schedules-occurrences', list);
    await link.click();
    await manager.waitForURL((url) => url.pathname === `/tickets/${occurrence.ticket_id}`);
    await appReady(manager);
    await expect.poll(() => manager.getByText(title, { exact: true }).count()).toBeGreaterThan(0);
    const line = format(en.schedules.log.created, { title, date: '' }).trim();
    await expect
      .poll(() => manager.locator('[data-log-entry]').filter({ hasText: line }).count(), { timeout: 10_000 })
      .toBe(1);
    const ticket = await api<{ title: string; log: { description: string }[] }>(
      manager,
      `/api/tickets/${occurrence.ticket_id}`,
    );
    expect(ticket.title).toBe(title);
    expect(ticket.log.filter((entry) => entry.description.startsWith(line))).toHaveLength(1);
    await saveScreen(manager, 'schedules-ticket');
    await manager.context().close();
  });

  it('shows the schedule’s card on the manager’s phone, and nothing runs wider than it', {
    timeout: 90_000,
  }, async () => {
    const phone = await newPhonePage(suite.browser);
    await phone.clock.setFixedTime(await suite.server.now());
    await signIn(phone, DEMO.manager);
    await phone.goto('/schedules');
    await appReady(phone);
    await expect
      .poll(() => phone.getByText(title, { exact: true }).count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    expect(await overflow(phone)).toBe(0);
    await saveScreen(phone, 'schedules-phone-list');
    await phone.context().close();
  });
});
