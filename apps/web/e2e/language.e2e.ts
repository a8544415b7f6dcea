/**
 * French (issue 28 §3) in a real browser against the real server:
 * - a browser set to Canadian French gets the sign-in page in French before anyone signs in, and its user (who has
 *   chosen nothing) the app in French after;
 * - Sophie Lavoie (a tenant no other browser test signs in as: the choice she leaves stored, English, cannot change
 *   another file's pages, which follow their browser's language), on a 390 px phone in an English browser, chooses
 *   Français in her profile: the app loads again in French, dates included, and nothing runs wider than the phone;
 *   she goes back to English;
 * - on a phone in a French browser, each role's main screens and a ticket's details fit the phone's width;
 * - what the server and the shared schemas say in English reaches a French user in French (ADR 0048): the schema's
 *   and the server's sign-in refusals, the tickets list's statuses, a record form's validation messages.
 */
import { en, format, fr } from '@mend/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  appReady,
  baseUrl,
  DEMO,
  DEMO_PASSWORD,
  launchBrowser,
  newPhonePage,
  overflow,
  PHONE_USER_AGENT,
  saveScreen,
  signIn,
} from './browser';

let browser: Browser;

/** The demo tenant who chooses a language in her profile here, and no other test signs in as. */
const PROFILE_CHOOSER = 'sophie.lavoie@mail.test';

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const htmlLang = (page: Page) => page.locator('html').getAttribute('lang');

/** PATCH the signed-in user's language from the page (its session and anti-forgery token). */
function chooseLanguage(page: Page, userId: number, language: 'en' | 'fr') {
  return page.evaluate(
    async ({ userId, language }) => {
      const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
      const answer = await fetch(`/api/users/${userId}/language`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', Accept: 'application/json', 'x-csrf-token': token },
        body: JSON.stringify({ language }),
      });
      if (answer.status !== 200) throw new Error(await answer.text());
    },
    { userId, language },
  );
}

describe('French', () => {
  it('is what a French browser gets, signed out and then signed in', async () => {
    const context = await browser.newContext({ baseURL: baseUrl(), locale: 'fr-CA' });
    const page = await context.newPage();
    await page.goto('/login');
    expect(await htmlLang(page)).toBe('fr-CA');
    await page.getByRole('textbox', { name: fr.auth.emailOrUsername }).fill(DEMO.plumber);
    await page.getByLabel(fr.auth.password, { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: fr.auth.signIn }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
    await appReady(page);
    expect(await htmlLang(page)).toBe('fr-CA');
    await page.getByRole('link', { name: fr.nav.tickets }).first().waitFor();
    await context.close();
  });

  it('is what the server and the schemas say, for a French user', async () => {
    const context = await browser.newContext({ baseURL: baseUrl(), locale: 'fr-CA' });
    const page = await context.newPage();
    await page.goto('/login');
    await appReady(page);
    // The shared schema's messages, on an empty sign-in form.
    await page.getByRole('button', { name: fr.auth.signIn }).click();
    await page.getByText(fr.validation.invalidEmail, { exact: true }).waitFor();
    // The server's refusal of a wrong password.
    await page.getByRole('textbox', { name: fr.auth.emailOrUsername }).fill(DEMO.manager);
    await page.getByLabel(fr.auth.password, { exact: true }).fill(`${DEMO_PASSWORD}-wrong`);
    await page.getByRole('button', { name: fr.auth.signIn }).click();
    await page.getByText(fr.auth.invalidCredentials).first().waitFor();
    await page.getByLabel(fr.auth.password, { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: fr.auth.signIn }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
    await appReady(page);

    // The tickets list names statuses by value, in French.
    await page.goto('/tickets');
    await appReady(page);
    const open = page.locator('[data-status="open"]').first();
    await open.waitFor();
    expect((await open.textContent())?.trim()).toBe(fr.tickets.statusNames[0]);
    expect(await page.getByText(en.tickets.statusNames[0], { exact: true }).count()).toBe(0);

    // A record form's field left empty (its Create waits for a valid form): the schema's message in French.
    await page.goto('/units/create');
    await appReady(page);
    const S = fr.screens;
    const unitForm = page.getByRole('dialog', {
      name: format(S.createTitle, { entity: S.entities.unit.one }),
    });
    const name = unitForm.getByRole('textbox', { name: S.fields.name });
    await name.fill('Logement');
    await name.fill('');
    await name.blur();
    await unitForm.getByText(fr.validation.unitName, { exact: true }).first().waitFor();
    expect(await page.getByText(en.validation.unitName, { exact: true }).count()).toBe(0);
    await context.close();
  });

  it('is chosen in the profile on a phone: the app loads again in it, then back in English', async () => {
    const page = await newPhonePage(browser);
    await signIn(page, PROFILE_CHOOSER);
    const { user } = await api<{ user: { id: number; language: string | null } }>(page, '/api/users/current');
    try {
      await page.goto(`/users/${user.id}/info`);
      await appReady(page);
      const P = en.accountScreens.profile;
      const form = page.getByRole('form', { name: P.languageTitle });
      await form.getByRole('combobox', { name: P.languageLabel, exact: true }).click();
      await page.getByRole('option', { name: 'Français' }).click();
      const reloaded = page.waitForEvent('load');
      await form.getByRole('button', { name: P.save }).click();
      await reloaded;
      await appReady(page);
      expect(await htmlLang(page)).toBe('fr-CA');
      await page.getByRole('form', { name: fr.accountScreens.profile.languageTitle }).waitFor();
      // "Member since" and its date, in French.
      await page.getByText(/^Membre depuis le \d{1,2} [a-zéû]+\.? \d{4}$/).waitFor();
      expect(await overflow(page)).toBe(0);
    } finally {
      await chooseLanguage(page, user.id, 'en');
    }
    await page.reload();
    await appReady(page);
    expect(await htmlLang(page)).toBe('en');
    await page.context().close();
  });

  it('runs no wider than a phone on each role’s screens, whose texts are longer in French', {
    timeout: 180_000,
  }, async () => {
    const screens: Record<keyof typeof DEMO, string[]> = {
      admin: ['/', '/tickets', '/calendar', '/schedules', '/landlords'],
      manager: ['/', '/tickets', '/calendar', '/schedules', '/contractors'],
      tenant: ['/', '/tickets', '/tickets/create'],
      plumber: ['/', '/tickets', '/calendar'],
    };
    for (const [role, paths] of Object.entries(screens) as [keyof typeof DEMO, string[]][]) {
      const context = await browser.newContext({
        baseURL: baseUrl(),
        locale: 'fr-CA',
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        userAgent: PHONE_USER_AGENT,
        timezoneId: 'America/Edmonton',
      });
      const page = await context.newPage();
      await page.goto('/login');
      await page.getByRole('textbox', { name: fr.auth.emailOrUsername }).fill(DEMO[role]);
      await page.getByLabel(fr.auth.password, { exact: true }).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: fr.auth.signIn }).click();
      await page.waitForURL((url) => url.pathname !== '/login');
      const tickets = await api<{ data: { id: number }[] }>(page, '/api/tickets');
      const first = tickets.data[0];
      for (const path of [...paths, ...(first ? [`/tickets/${first.id}`] : [])]) {
        await page.goto(path);
        await appReady(page);
        await page.waitForLoadState('networkidle');
        expect(await htmlLang(page), path).toBe('fr-CA');
        // Nothing the server names in English shows through, a whole property's schedule included.
        expect(await page.getByText(en.schedules.wholeProperty).count(), path).toBe(0);
        await saveScreen(page, `fr-phone-${role}${path.replaceAll('/', '-')}`);
        expect(await overflow(page), `${role} ${path}`).toBe(0);
      }
      await context.close();
    }
  });
});
