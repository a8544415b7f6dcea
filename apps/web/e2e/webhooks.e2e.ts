/**
 * Webhooks in a real browser on a 390 px phone (issue 27): the demo manager adds a webhook in Landlord Settings for
 * "Ticket created", reads its secret once, a ticket raised by the tenant reaches the receiver (the server tests' receiver
 * on 127.0.0.1) signed with that secret, the delivery log shows it delivered with the receiver's answer, and
 * Redeliver sends it again with the same webhook-id. Nothing overflows the phone's width.
 */
import { en } from '@mend/shared';
import type { Browser } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookReceiver, type WebhookReceiver } from '../../server/test/helpers/webhook-receiver';
import {
  api,
  DEMO,
  janeRaisesPlumbingTicket,
  launchBrowser,
  newPhonePage,
  overflow,
  saveScreen,
  signIn,
} from './browser';

const S = en.webhooks.screen;
let browser: Browser;
let receiver: WebhookReceiver;
let receiverUrl = '';

beforeAll(async () => {
  browser = await launchBrowser();
  receiver = await startWebhookReceiver();
  receiver.answer = () => 202;
  receiverUrl = receiver.url;
});
afterAll(async () => {
  await browser?.close();
  await receiver?.close();
});

describe('webhooks on a phone', () => {
  it('the manager adds one, an event reaches it signed, the log shows it, and Redeliver sends it again', async () => {
    const page = await newPhonePage(browser);
    await signIn(page, DEMO.manager);
    const me = await api<{ user: { landlord_id: number } }>(page, '/api/users/current');
    await page.goto(`/landlords/${me.user.landlord_id}`);

    const description = `Phone receiver ${Date.now().toString(36)}`;
    await page.getByRole('button', { name: S.add }).click();
    const form = page.getByRole('dialog', { name: S.addTitle });
    await form.waitFor();
    await form.getByRole('textbox', { name: new RegExp(`^${S.url}( \\*)?$`) }).fill(receiverUrl);
    await form.getByRole('textbox', { name: S.description }).fill(description);
    await form.getByRole('checkbox', { name: en.webhooks.events['ticket.created'] }).check();
    expect(await overflow(page)).toBe(0);
    await saveScreen(page, 'webhook-form');
    await form.getByRole('button', { name: S.add }).click();

    const secretDialog = page.getByRole('dialog', { name: S.secretTitle });
    await secretDialog.waitFor();
    const secret = (await secretDialog.getByTestId('webhook-secret').innerText()).trim();
    expect(secret).toMatch(/^whsec_/);
    await secretDialog.getByRole('button', { name: S.done }).click();
    await secretDialog.waitFor({ state: 'hidden' });
    const row = page.locator('li[data-webhook]', { hasText: description });
    await row.waitFor();
    expect(await page.getByText(secret).count()).toBe(0);
    expect(await overflow(page)).toBe(0);
    await saveScreen(page, 'webhook-listed', row);

    // The tenant raises a ticket; the app's outbox worker posts it to the receiver.
    const tenant = await newPhonePage(browser);
    await signIn(tenant, DEMO.tenant);
    const ticket = await janeRaisesPlumbingTicket(tenant, `Webhook journey ${Date.now().toString(36)}`);
    await tenant.context().close();
    const ours = () =>
      receiver.received.filter(
        (one) => (JSON.parse(one.body) as { data: { ticket: { id: number } } }).data.ticket.id === ticket.id,
      );
    await expect.poll(() => ours().length, { timeout: 20_000 }).toBe(1);
    const [first] = ours();
    const verified = new Webhook(secret).verify(first.body, {
      'webhook-id': String(first.headers['webhook-id']),
      'webhook-timestamp': String(first.headers['webhook-timestamp']),
      'webhook-signature': String(first.headers['webhook-signature']),
    }) as { type: string; data: { ticket: { title: string } } };
    expect(verified.type).toBe('ticket.created');
    expect(verified.data.ticket.title).toBe(ticket.title);

    await row.getByRole('button', { name: S.deliveries }).click();
    const log = page.getByRole('dialog').filter({ has: page.getByRole('list', { name: S.deliveries }) });
    await log.waitFor();
    const delivery = log.locator('li[data-delivery]').first();
    await expect.poll(() => delivery.getByText(S.statuses.sent).count(), { timeout: 20_000 }).toBe(1);
    expect((await delivery.locator('[data-response]').innerText()).trim()).toBe('202');
    expect(await overflow(page)).toBe(0);
    await saveScreen(page, 'webhook-deliveries');

    await delivery.getByRole('button', { name: S.redeliver }).click();
    await expect.poll(() => ours().length, { timeout: 20_000 }).toBe(2);
    expect(ours()[1].headers['webhook-id']).toBe(first.headers['webhook-id']);
    await expect
      .poll(() => log.getByText(S.redelivery, { exact: false }).count(), { timeout: 20_000 })
      .toBeGreaterThan(0);

    // Removed, so the other journeys' tickets are not posted to a receiver that is gone.
    await page.keyboard.press('Escape');
    await row.getByRole('button', { name: S.remove }).click();
    await page.getByRole('dialog', { name: S.removeTitle }).getByRole('button', { name: S.remove }).click();
    await row.waitFor({ state: 'detached' });
    await page.context().close();
  });
});
