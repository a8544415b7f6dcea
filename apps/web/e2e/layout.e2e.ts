/**
 * The signed-in layout: the header and sidebar show the signed-in person, as Settings does, and the
 * landlord as the landlord; confirmation dialogs have a title; Escape closes the notifications; on a phone,
 * toasts show below the header.
 */
import { en } from '@mend/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appReady, baseUrl, DEMO_PASSWORD, launchBrowser } from './browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function signedIn(email: string, viewport = { width: 1440, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport, hasTouch: viewport.width < 500 });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByRole('textbox', { name: en.auth.emailOrUsername }).fill(email);
  await page.getByLabel(en.auth.password, { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: en.auth.signIn }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
  await appReady(page);
  return page;
}

describe('one person, one avatar', () => {
  it('the header and sidebar show the manager as Settings does; the landlord shows as the landlord', async () => {
    // Olivia Bennett's company is her landlord's name, Northwind Property Group.
    const page = await signedIn('manager@northwind.test');
    const header = page.locator('header');
    const accountMenu = header.getByRole('button', { name: en.nav.accountMenu });
    await accountMenu.waitFor();
    expect(await accountMenu.locator('.mantine-Avatar-placeholder').innerText()).toBe('OB');
    const navigation = page.getByRole('navigation', { name: en.nav.mainLabel });
    expect(await navigation.locator('.mantine-Avatar-placeholder').first().innerText()).toBe('OB');
    await navigation.getByText('Olivia Bennett').waitFor();
    // The landlord, as the landlord.
    await navigation.getByText(en.nav.managedBy).waitFor();
    await navigation.getByText('Northwind Property Group').waitFor();

    // Settings shows the same person.
    await accountMenu.click();
    await page.getByRole('menuitem', { name: en.nav.settings, exact: true }).click();
    await page.waitForURL(/\/users\/\d+\/info$/);
    const picture = page.getByRole('complementary', { name: en.accountScreens.profile.avatarLabel });
    await picture.waitFor();
    expect(await picture.locator('.mantine-Avatar-placeholder').innerText()).toBe('OB');
    await page.context().close();
  }, 60_000);
});

describe('confirmation dialogs', () => {
  it('open with a title, never an empty title bar', async () => {
    const page = await signedIn('manager@northwind.test');
    // Closing a create panel that was typed in asks first.
    await page.goto('/units/create');
    const form = page.getByRole('dialog', { name: 'Create New Unit' });
    await form.getByRole('textbox', { name: en.screens.fields.name, exact: true }).fill('Suite 99');
    await form.getByRole('button', { name: en.buttons.close }).click();
    const question = page.getByRole('dialog', { name: en.confirm.titles.closePanel });
    await question.getByText(en.confirm.closePanel).waitFor();
    expect(await question.locator('.mantine-Modal-title').innerText()).toBe(en.confirm.titles.closePanel);
    await question.getByRole('button', { name: en.confirm.no, exact: true }).click();
    await expect.poll(() => question.count()).toBe(0);

    // Deleting asks too; "No, keep it" keeps it.
    await page.goto('/units');
    // The first unit's row (rows of records can be focused; the loading row cannot).
    await page.getByRole('table').locator('tbody tr[tabindex="0"]').first().click();
    await page.waitForURL(/\/units\/\d+$/);
    await page
      .getByRole('dialog', { name: 'Unit Details' })
      .getByRole('button', { name: en.buttons.delete })
      .click();
    const remove = page.getByRole('dialog', { name: 'Delete unit' });
    await remove.getByRole('button', { name: en.confirm.noKeep }).waitFor();
    expect(await remove.locator('.mantine-Modal-title').innerText()).toBe('Delete unit');
    await remove.getByRole('button', { name: en.confirm.noKeep }).click();
    await page.context().close();
  }, 60_000);
});

describe('the notifications bell', () => {
  it('closes on Escape', async () => {
    const page = await signedIn('manager@northwind.test');
    const bell = page.getByRole('button', { name: en.nav.notifications, exact: true });
    await bell.click();
    const dropdown = page.getByRole('dialog', { name: en.nav.notifications });
    await dropdown.waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => dropdown.count()).toBe(0);
    // Focus is back on the bell, and it opens again.
    expect(await bell.evaluate((button) => button === document.activeElement)).toBe(true);
    await bell.click();
    await dropdown.waitFor();
    await page.context().close();
  }, 60_000);
});

describe('toasts on a phone', () => {
  it('show below the header, not over it', async () => {
    const page = await signedIn('plumber@northwind.test', { width: 390, height: 844 });
    const ticket = await page.evaluate(async () => {
      const response = await fetch('/api/tickets', { headers: { Accept: 'application/json' } });
      return ((await response.json()) as { data: { id: number; status: number }[] }).data.find(
        (row) => row.status < 3,
      );
    });
    if (!ticket) throw new Error('the plumber has no open ticket');
    await page.goto(`/tickets/${ticket.id}`);
    const details = page.getByRole('dialog', { name: en.titles.ticketDetails });
    // A status change, then "No": the "Cancelled" toast, and nothing changed.
    await details.getByRole('combobox', { name: en.ticketScreens.changeStatus }).click();
    await page.getByRole('option', { name: 'Cancelled', exact: true }).click();
    await page.getByRole('button', { name: en.confirm.no, exact: true }).click();
    const toast = page.locator('.mantine-Notification-root').filter({ hasText: en.toasts.cancelledTitle });
    await toast.waitFor();
    const header = await page.locator('header').first().boundingBox();
    const box = await toast.boundingBox();
    expect(header && box && box.y >= header.y + header.height).toBe(true);
    await page.context().close();
  }, 60_000);
});
