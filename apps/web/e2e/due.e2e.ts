/**
 * An overdue ticket escalating (issue 26, "Standards": a browser journey), in a real browser against a server of its
 * own whose clock the test moves (moved-clock.ts: demo data, its outbox delivering to its own test SMTP server, its
 * due-work worker looking every 250 ms):
 * - Jane Morrison (tenant) raises a plumbing ticket; nobody acts on it;
 * - the clock moves past its response target (24 hours for a Normal ticket of the demo landlord): the Northwind
 *   manager gets "Ticket #… is overdue" by email, and the bell says so;
 * - on the manager's desktop (its clock moved too), the tickets list filtered "Overdue" shows the ticket with its
 *   "Overdue" tag; its details say when the response was due and that the target was missed;
 * - the manager gives it until the resolution's day: the details say "On track" and the list filtered "Overdue" no
 *   longer holds it; the dashboard counts the overdue tickets;
 * - on the manager's 390 px phone the overdue list's card carries the tag, and nothing runs wider than the phone.
 */
import { en, visibleId } from '@mend/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  api,
  appReady,
  DEMO,
  janeRaisesPlumbingTicket,
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
const D = S.due;
const HOUR_MS = 3_600_000;

const suite = movedClockSuite();

interface DueNow {
  id: number;
  visible_id: string;
  due: {
    state: string | null;
    next: string | null;
    respond_by_text: string;
    resolve_by: { date: string; time: string };
  } | null;
  log: { action: string; description: string }[];
}

describe('an overdue ticket escalating', () => {
  it('alerts the manager once the response is late, shows it overdue, and the manager gives it more time', {
    timeout: 180_000,
  }, async () => {
    const title = `Leak under the basement stairs ${Date.now()}`;
    const tenant = await onDesktop(suite.browser, DEMO.tenant);
    const ticket = await janeRaisesPlumbingTicket(tenant, title);
    await tenant.context().close();

    // Nobody acts on it; a day and an hour later its response is late.
    const moved = new Date((await suite.server.now()).getTime() + 25 * HOUR_MS);
    await suite.server.moveClockTo(moved);
    // The subject names the ticket (a long one is folded: its number is enough); the text says which target.
    const mail = await waitForMail(DEMO.manager, new RegExp(`#${visibleId(ticket.id)} is overdue`), 30_000);
    expect(mail.text).toContain('missed its response target');

    const manager = await onDesktop(suite.browser, DEMO.manager);
    // The browser's clock is the server's: the list marks what is overdue by its own clock as time goes on.
    await manager.clock.setFixedTime(moved);
    await manager.goto('/tickets?due=overdue&per_page=100');
    await appReady(manager);
    // A long title is cut short in its cell: the row is found by the ticket's number.
    const row = manager.getByRole('row').filter({ hasText: `#${visibleId(ticket.id)}` });
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => row.locator('[data-due="overdue"]').count()).toBe(1);
    await saveScreen(manager, 'due-overdue-list');

    const before = await api<DueNow>(manager, `/api/tickets/${ticket.id}`);
    expect(before.due?.state).toBe('overdue');
    expect(before.log.map((entry) => entry.action)).toContain('response_breached');
    await manager.goto(`/tickets/${ticket.id}`);
    await appReady(manager);
    const section = manager.locator('[data-due-state]');
    await expect.poll(() => section.getAttribute('data-due-state')).toBe('overdue');
    await saveScreen(manager, 'due-details', section);
    await expect
      .poll(() => manager.getByText(/Response target missed/).count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    const current = await api<{ user: { id: number } }>(manager, '/api/users/current');
    const notifications = await api<{ data: { title: string }[] }>(
      manager,
      `/api/users/${current.user.id}/notification-history`,
    );
    expect(notifications.data.map((row) => row.title)).toContain(`Ticket #${before.visible_id} is overdue`);

    // More time: the response is now due on the resolution's day.
    await manager.getByRole('button', { name: D.change }).click();
    const form = manager.locator('[data-due-form]');
    await form.waitFor();
    const respond = form.locator('[data-due-field="respond_by"]');
    await pickDate(respond, D.date, before.due?.resolve_by.date ?? '');
    await form.getByRole('button', { name: D.save }).click();
    await form.waitFor({ state: 'detached' });
    await expect.poll(() => section.getAttribute('data-due-state')).toBe('later');
    const after = await api<DueNow>(manager, `/api/tickets/${ticket.id}`);
    expect(after.due?.state).toBe('later');
    expect(after.log.map((entry) => entry.action)).toContain('due_changed');
    const overdue = await api<{ data: { id: number }[] }>(manager, '/api/tickets?due=overdue&per_page=100');
    expect(overdue.data.map((row) => row.id)).not.toContain(ticket.id);

    await manager.goto('/');
    await appReady(manager);
    await expect.poll(() => manager.getByText(en.dashboard.overdueNow).count()).toBeGreaterThan(0);
    await saveScreen(manager, 'due-dashboard');
    await manager.context().close();
  });

  it('marks overdue tickets on the manager’s phone, and nothing runs wider than it', {
    timeout: 90_000,
  }, async () => {
    const phone: Page = await newPhonePage(suite.browser);
    await phone.clock.setFixedTime(await suite.server.now());
    await signIn(phone, DEMO.manager);
    await phone.goto('/tickets?due=overdue');
    await appReady(phone);
    await expect
      .poll(() => phone.locator('[data-due="overdue"]').count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    expect(await overflow(phone)).toBe(0);
    await saveScreen(phone, 'due-phone-list');
    await phone.context().close();
  });
});
