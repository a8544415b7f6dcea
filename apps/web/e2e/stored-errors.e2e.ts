/**
 * A form that loads stored values which break a rule says so at once: a contractor imported without a
 * company, phone or address (batch create asks only for names) opens its Account Info and sees every
 * missing field's message before touching anything, so a Save that stays inactive after a phone change is
 * explained; the super admin's edit form of the same user says the same.
 */
import { en } from '@mend/shared';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appReady, DEMO_PASSWORD, launchBrowser, newPage } from './browser';

const v = en.validation;
const F = en.screens.fields;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function signedIn(login: string, password = DEMO_PASSWORD): Promise<Page> {
  const page = await newPage(browser);
  await page.goto('/login');
  await page.getByRole('textbox', { name: en.auth.emailOrUsername }).fill(login);
  await page.getByLabel(en.auth.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: en.auth.signIn }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
  await appReady(page);
  return page;
}

/** The message under a text field ('' when it shows none): Mantine gives it the id `{input id}-error`. */
async function fieldError(scope: Locator, label: string): Promise<string> {
  const input = scope.getByRole('textbox', { name: label, exact: true });
  const id = await input.getAttribute('id');
  const error = scope.page().locator(`[id="${id}-error"]`);
  return (await error.count()) > 0 ? ((await error.textContent()) ?? '') : '';
}

/** POST users/batch/tenants as the signed-in super admin; answers the created users. */
async function batchCreate(page: Page, csv: string): Promise<{ id: number; email: string }[]> {
  return page.evaluate(async (users) => {
    const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
    const body = new FormData();
    body.set('users', users);
    const response = await fetch('/api/users/batch/tenants', {
      method: 'POST',
      body,
      headers: { Accept: 'application/json', 'x-csrf-token': token },
    });
    if (!response.ok) throw new Error(`batch create: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { data: { id: number; email: string }[] }).data;
  }, csv);
}

describe('stored values that break a rule', () => {
  it('show their errors as the form opens, on the profile and on the edit form', {
    timeout: 90_000,
  }, async () => {
    const admin = await signedIn('admin@mend.test');
    const landlordId = await admin.evaluate(async () => {
      const response = await fetch('/api/landlords?search=Northwind', {
        headers: { Accept: 'application/json' },
      });
      return ((await response.json()) as { data: { id: number }[] }).data[0].id;
    });
    const email = `imported.${Date.now().toString(36)}@example.com`;
    const password = 'an imported password';
    const [created] = await batchCreate(
      admin,
      `email,role,first_name,last_name,landlord_id,password\n${email},3,Ida,Imported,${landlordId},${password}`,
    );

    // The user's own Account Info: the missing company, phone and address are named at once.
    const user = await signedIn(email, password);
    await user.goto(`/users/${created.id}/info`);
    const info = user.getByRole('form', { name: en.titles.accountInfo });
    await info.getByRole('textbox', { name: F.firstName }).waitFor();
    await expect.poll(() => fieldError(info, F.companyName)).toBe(v.company);
    expect(await fieldError(info, F.phoneNumber)).toBe(v.phone);
    expect(await fieldError(info, F.address1)).toBe(v.address);
    expect(await fieldError(info, F.city)).toBe(v.city);
    // The first name is fine: no message.
    expect(await fieldError(info, F.firstName)).toBe('');
    // Changing the phone alone leaves Save inactive, and the reason stays on screen.
    await info.getByRole('textbox', { name: F.phoneNumber }).fill('780 555 0199');
    const save = info.getByRole('button', { name: en.accountScreens.profile.save });
    expect(await save.isDisabled()).toBe(true);
    expect(await fieldError(info, F.companyName)).toBe(v.company);
    await user.context().close();

    // The super admin's edit form of the same contractor says the same.
    await admin.goto(`/contractors/${created.id}/edit`);
    const edit = admin.getByRole('dialog', { name: 'Edit Contractor' });
    await edit.getByRole('textbox', { name: F.firstName }).waitFor();
    await expect.poll(() => fieldError(edit, F.companyName)).toBe(v.company);
    expect(await fieldError(edit, F.phoneNumber)).toBe(v.phone);
    await admin.context().close();
  });
});
