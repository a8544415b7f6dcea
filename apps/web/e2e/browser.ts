/** Debian's Chromium driven by playwright-core (never a downloaded browser). */
import { type Browser, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const DEMO_PASSWORD = 'password';

export const baseUrl = () => inject('baseUrl');

export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
}

/** Every email the app has sent during this run (caught by the test SMTP server). */
export async function caughtMails(): Promise<CaughtMail[]> {
  const response = await fetch(inject('mailboxUrl'));
  return (await response.json()) as CaughtMail[];
}

/** Waits for the first email to `address` whose subject matches, and answers it. */
export async function waitForMail(address: string, subject: RegExp, timeoutMs = 20_000): Promise<CaughtMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = (await caughtMails()).find(
      (mail) => mail.to.includes(address.toLowerCase()) && subject.test(mail.subject),
    );
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no email to ${address} with a subject like ${subject} within ${timeoutMs} ms`);
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

export async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 1440, height: 900 } });
  return context.newPage();
}

/**
 * Waits until the app has taken the page over: a page the server rendered shows before the app's code
 * has loaded, and does not answer clicks until then. (The toasts' container mounts once hydration is done.)
 */
export async function appReady(page: Page): Promise<void> {
  await page.locator('.mantine-Notifications-root').first().waitFor({ state: 'attached' });
}
