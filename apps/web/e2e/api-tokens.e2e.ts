/**
 * Personal API tokens in a real browser on a 390 px phone (issue 27): the demo tenant makes a token in the profile's
 * Security tab, reads its secret once, a script (plain fetch from the test, no cookie) uses it as the tenant, the list
 * then shows its last use, and revoking it stops the script at once.
 */
import { en, format } from '@mend/shared';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, baseUrl, DEMO, launchBrowser, newPhonePage, overflow, saveScreen, signIn } from './browser';

const T = en.accountScreens.apiTokens;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** What a script gets from the API with `token` and nothing else. */
async function asScript(token: string): Promise<{ status: number; userId: number | null }> {
  const answer = await fetch(`${baseUrl()}/api/users/current`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const body = answer.ok ? ((await answer.json()) as { user: { id: number } }) : null;
  return { status: answer.status, userId: body?.user.id ?? null };
}

describe('API tokens on a phone', () => {
  it('the tenant makes a token, a script uses it, the list shows its use, revoking it stops the script', async () => {
    const page = await newPhonePage(browser);
    await signIn(page, DEMO.tenant);
    const me = (await api<{ user: { id: number } }>(page, '/api/users/current')).user.id;
    await page.goto(`/users/${me}/security`);

    const name = `Phone script ${Date.now().toString(36)}`;
    await page.getByRole('heading', { name: T.title }).scrollIntoViewIfNeeded();
    // A required field's name ends with its asterisk.
    await page.getByRole('textbox', { name: new RegExp(`^${T.name}( \\*)?$`) }).fill(name);
    await page.getByRole('combobox', { name: T.lifetime }).click();
    await page.getByRole('option', { name: T.noExpiry, exact: true }).click();
    await page.getByRole('button', { name: T.create }).click();

    const dialog = page.getByRole('dialog', { name: T.newTitle });
    await dialog.waitFor();
    const token = (await dialog.getByTestId('new-api-token').innerText()).trim();
    expect(token).toMatch(/^mend_pat_[A-Za-z0-9_-]{43}$/);
    expect(await overflow(page)).toBe(0);
    await saveScreen(page, 'api-token-created');
    await dialog.getByRole('button', { name: T.done }).click();
    await dialog.waitFor({ state: 'hidden' });

    const row = page.getByRole('listitem', { name });
    await expect.poll(() => row.getByText(T.neverExpires, { exact: false }).count()).toBe(1);
    expect(await row.getByText(T.neverUsed).count()).toBe(1);
    // The secret is never shown again.
    expect(await page.getByText(token).count()).toBe(0);

    expect(await asScript(token)).toEqual({ status: 200, userId: me });
    await page.reload();
    // Polled until the reloaded list shows the row (an empty page has no "Never used" either).
    const lastUsed = format(T.lastUsedAt, { date: '' }).trim();
    await expect.poll(() => row.getByText(lastUsed, { exact: false }).count()).toBe(1);
    expect(await row.getByText(T.neverUsed).count()).toBe(0);
    expect(await overflow(page)).toBe(0);
    await saveScreen(page, 'api-token-listed', row);

    await row.getByRole('button', { name: T.revoke }).click();
    await page.getByRole('dialog', { name: T.revokeTitle }).getByRole('button', { name: T.revoke }).click();
    await row.waitFor({ state: 'detached' });
    expect((await asScript(token)).status).toBe(401);
    await page.context().close();
  });
});
