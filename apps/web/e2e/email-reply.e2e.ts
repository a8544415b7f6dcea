/**
 * A reply by email (issue 25's second journey, ADR 0030) in a real browser against the real server with demo data,
 * its outbox delivering to the test SMTP server and its own SMTP listener taking replies (global-setup.ts):
 * - the Northwind manager posts a comment for everyone on a ticket of Jane Morrison's (tenant, Riverside Commons);
 * - the email about it reaches Jane, with a signed reply address as its Reply-To and a line saying she may reply;
 * - Jane answers it as a mail program does, over real SMTP (nodemailer): her answer, then the quoted email;
 * - the manager, reloading the ticket, sees her answer in the conversation as her comment, without the quote;
 *   so does Jane on a 390 px phone, as her own comment, with nothing scrolling sideways.
 */
import { en, visibleId } from '@mend/shared';
import nodemailer from 'nodemailer';
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, type CaughtMail, caughtMails, launchBrowser, newPhonePage, onDesktop, signIn } from './browser';
import { comment, composer, openTicket } from './conversation-helpers';

const C = en.screens.comments;
const TENANT = 'tenant@northwind.test';
const TENANT_NAME = 'Jane Morrison';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** A header of a caught email (folded lines joined), from its header block only. */
function headerOf(mail: CaughtMail, name: string): string | null {
  const head = mail.text.split(/\r?\n\r?\n/, 1)[0].replace(/\r?\n[ \t]+/g, ' ');
  const line = new RegExp(`^${name}:[ \\t]*(.*)$`, 'im').exec(head);
  return line ? line[1].trim() : null;
}

/** The bare address of an address header ("Name <a@b>" or "a@b"). */
function addressIn(value: string): string {
  return (/<([^>]+)>/.exec(value)?.[1] ?? value).trim();
}

/** Waits for the first email to `address` whose text holds `needle` (the outbox worker delivers it). */
async function mailHolding(address: string, needle: string, timeoutMs = 30_000): Promise<CaughtMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = (await caughtMails()).find(
      (mail) => mail.to.includes(address) && mail.text.includes(needle),
    );
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no email to ${address} holding "${needle}" within ${timeoutMs} ms`);
}

/** What would make the details scroll sideways on a phone: boxes reaching past the window's right edge. */
function sidewaysOverflow(details: Locator): Promise<string[]> {
  return details.evaluate((root) => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    if (document.documentElement.scrollWidth > width)
      found.push(`the page is ${document.documentElement.scrollWidth} px wide`);
    for (const element of root.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.width > 0 && box.right > width + 1)
        found.push(`${element.tagName.toLowerCase()}.${element.className}`.slice(0, 80));
    }
    return found;
  });
}

const stamp = Date.now().toString(36);
const question = `Could you let us in on Thursday at 10 to look at the sink? (${stamp})`;
const answer = `Thursday at 10 works for me.\nThe key is with the concierge if I am out. (${stamp})`;

/** Jane's reply as a mail program writes it: her answer, then the email she answers, quoted. */
function replyText(notification: CaughtMail): string {
  return [
    answer,
    '',
    `On Thu, Nov 26, 2026 at 9:14 AM Mend <no-reply@mend.test> wrote:`,
    '',
    `> ${notification.subject}`,
    '>',
    '> Olivia Bennett commented on a maintenance ticket.',
    '>',
    `> ${question}`,
    '>',
    `> ${en.mail.ticket.replyNoteComment}`,
    '',
  ].join('\n');
}

describe('a reply by email', () => {
  it("becomes the tenant's comment in the manager's conversation, without the quoted email", {
    timeout: 120_000,
  }, async () => {
    // A ticket of Jane's, as her list gives it, and who she is.
    const tenant = await newPhonePage(browser);
    await signIn(tenant, TENANT);
    const id = (await api<{ data: { id: number }[] }>(tenant, '/api/tickets?per_page=1')).data[0].id;
    const tenantId = (await api<{ user: { id: number } }>(tenant, '/api/users/current')).user.id;

    // The manager asks her something, for everyone on the ticket.
    const manager = await onDesktop(browser, 'manager@northwind.test');
    let details = await openTicket(manager, id);
    const form = composer(details);
    await form.locator('label').filter({ hasText: C.visibilities.everyone }).click();
    await form.getByRole('textbox', { name: C.label }).fill(question);
    await form.getByRole('button', { name: C.post, exact: true }).click();
    await comment(details, question).waitFor();

    // The email about it reaches Jane: its Reply-To is her signed reply address, and it says she may reply.
    const notification = await mailHolding(TENANT, question);
    expect(notification.subject).toContain(`#${visibleId(id)}`);
    expect(notification.text).toContain(en.mail.ticket.replyNoteComment);
    const replyTo = addressIn(headerOf(notification, 'Reply-To') ?? '');
    const domain = inject('inboundMailDomain');
    expect(replyTo).toMatch(new RegExp(`^reply\\+[0-9a-z.]+@${domain.replace(/\./g, '\\.')}$`));
    expect(replyTo.split('@')[0].length).toBeLessThanOrEqual(64);
    const messageId = headerOf(notification, 'Message-ID');

    // She answers it from her mail program: real SMTP to the app's listener, the quoted email under her answer.
    const mailer = nodemailer.createTransport({
      host: '127.0.0.1',
      port: inject('inboundSmtpPort'),
      secure: false,
      ignoreTLS: true,
      logger: false,
    });
    try {
      const sent = await mailer.sendMail({
        from: `${TENANT_NAME} <${TENANT}>`,
        to: replyTo,
        subject: `Re: ${notification.subject}`,
        text: replyText(notification),
        ...(messageId && { inReplyTo: messageId, references: [messageId] }),
      });
      expect(sent.accepted).toEqual([replyTo]);
      expect(sent.response).toMatch(/^250 /);
    } finally {
      mailer.close();
    }

    // The manager, reloading the ticket, sees her answer as her comment: her words only, for everyone.
    details = await openTicket(manager, id);
    const reply = comment(details, 'Thursday at 10 works for me.');
    await reply.waitFor();
    expect(await reply.count()).toBe(1);
    expect(await reply.locator('p').innerText()).toBe(answer);
    await reply.getByText(TENANT_NAME, { exact: true }).waitFor();
    expect(await reply.locator('[data-visibility-badge]').count()).toBe(0);
    expect(await reply.getByRole('button', { name: C.edit, exact: true }).count()).toBe(0);
    // Nothing of the quoted email reached the conversation: the question shows once, as the manager's.
    expect(await comment(details, question).count()).toBe(1);
    expect(await details.locator('[data-comment]').filter({ hasText: 'wrote:' }).count()).toBe(0);
    const comments = (
      await api<{
        data: { body: string; visibility: string; author: { id: number; name: string } | null }[];
      }>(manager, `/api/tickets/${id}/comments`)
    ).data;
    const fromMail = comments.filter((entry) => entry.body.includes(stamp) && entry.author?.id === tenantId);
    expect(fromMail).toEqual([
      expect.objectContaining({
        body: answer,
        visibility: 'everyone',
        author: expect.objectContaining({ name: TENANT_NAME }),
      }),
    ]);
    await manager.context().close();

    // Jane, on her 390 px phone, finds it in the ticket's conversation as her own comment.
    const tenantDetails = await openTicket(tenant, id);
    const hers = comment(tenantDetails, 'Thursday at 10 works for me.');
    await hers.waitFor();
    expect(await hers.locator('p').innerText()).toBe(answer);
    await hers.getByText(TENANT_NAME, { exact: true }).waitFor();
    await hers.getByRole('button', { name: C.edit, exact: true }).waitFor();
    expect(await sidewaysOverflow(tenantDetails)).toEqual([]);
    await tenant.context().close();
  });
});
