/**
 * Accounts, notifications and messaging in a real browser against the real server with demo data:
 * a temporary account activates itself and signs in with its new email; a tenant writes to support
 * and the super admin reads it; the bell count drops when a notified ticket is opened; the profile
 * tabs save; a forgotten password is reset from the emailed link (caught by the test SMTP server)
 * and the email shows in the super admin's Outbox; email verification; unsubscribe links answer.
 */
import { en, format, visibleId } from '@mend/shared';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest';
import {
  baseUrl,
  type CaughtMail,
  caughtMails,
  DEMO_PASSWORD,
  janeRaisesPlumbingTicket,
  launchBrowser,
  newPage,
  waitForMail,
} from './browser';

const A = en.accountScreens;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const stamp = Date.now().toString(36);

async function signIn(page: Page, identifier: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByRole('textbox', { name: en.auth.emailOrUsername }).fill(identifier);
  await page.getByLabel(en.auth.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: en.auth.signIn }).click();
}

/** Waits for the signed-in layout (the landing page itself may be the dashboard or the ticket list). */
async function landed(page: Page): Promise<void> {
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.getByRole('navigation', { name: en.nav.mainLabel }).waitFor();
}

async function signedIn(email: string): Promise<Page> {
  const page = await newPage(browser);
  await page.goto('/login');
  await signIn(page, email);
  await landed(page);
  return page;
}

/**
 * The email to `address` with a subject like `subject`. When the test SMTP server has caught nothing at
 * all, the server is not delivering (vitest sets NODE_ENV=test, which turns the outbox worker off
 * unless global-setup.ts passes OUTBOX_WORKER=on): the rest of the test is skipped with that reason.
 */
async function mailOrSkip(context: TestContext, address: string, subject: string): Promise<CaughtMail> {
  try {
    return await waitForMail(address, new RegExp(subject));
  } catch (error) {
    if ((await caughtMails()).length === 0)
      context.skip('no email delivered: e2e/global-setup.ts must start the server with OUTBOX_WORKER=on');
    throw error;
  }
}

/** The first link to this app in an email's text that starts with `path`. */
function linkIn(text: string, path: string): string {
  const escaped = `${baseUrl()}${path}`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}[^\\s"<>]*`).exec(text);
  if (!match) throw new Error(`no ${path} link in the email`);
  return match[0];
}

/** A password field by the start of its label (labels of required fields end with an asterisk). */
function passwordField(scope: Page | Locator, label: string): Locator {
  return scope.getByLabel(new RegExp(`^${label}`));
}

async function toast(page: Page, title: string): Promise<Locator> {
  const found = page.locator('.mantine-Notification-root').filter({ hasText: title }).first();
  await found.waitFor();
  return found;
}

async function currentUserId(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const response = await fetch('/api/users/current', { headers: { Accept: 'application/json' } });
    return ((await response.json()) as { user: { id: number } }).user.id;
  });
}

interface HistoryItem {
  id: number;
  viewed: boolean;
  ticket_id: number | null;
  description: string;
}

async function notificationHistory(page: Page, userId: number): Promise<HistoryItem[]> {
  return page.evaluate(async (id) => {
    const response = await fetch(`/api/users/${id}/notification-history`, {
      headers: { Accept: 'application/json' },
    });
    return ((await response.json()) as { data: HistoryItem[] }).data;
  }, userId);
}

function bell(page: Page): Locator {
  return page.getByRole('button', { name: en.nav.notifications, exact: true });
}

async function bellCount(page: Page): Promise<number> {
  return Number((await bell(page).getAttribute('data-count')) ?? '0');
}

/**
 * The bell against the server once the `opened` tickets were opened: how many of the server's unviewed
 * notifications are about them (none, once opening marked them viewed) and how far the bell's count is from the
 * server's. Compared with the server, not with a count taken earlier: other notifications may arrive meanwhile (a
 * tenant raises a ticket, a worker alerts).
 */
async function bellAgainstServer(page: Page, userId: number, opened: readonly number[]) {
  const unviewed = (await notificationHistory(page, userId)).filter((item) => !item.viewed);
  return {
    aboutOpened: unviewed.filter((item) => item.ticket_id !== null && opened.includes(item.ticket_id)).length,
    bellAboveServer: (await bellCount(page)) - unviewed.length,
  };
}

const BELL_AGREES = { aboutOpened: 0, bellAboveServer: 0 };

describe('temporary account activation', () => {
  it('signs in with the username, activates with a new email and password, then signs in with them', async (context) => {
    const page = await newPage(browser);
    await page.goto('/login');
    await signIn(page, 'newtenant');
    await page.waitForURL('**/user-activation/newtenant');
    await page.getByRole('heading', { name: en.auth.activateAccount }).waitFor();
    await page.getByRole('link', { name: en.auth.backToLogin }).waitFor();

    const form = page.locator('form');
    const username = form.getByRole('textbox', { name: A.fields.username });
    expect(await username.inputValue()).toBe('newtenant');
    const activate = form.getByRole('button', { name: en.auth.activateAccount });
    expect(await activate.isDisabled()).toBe(true);

    const email = `newtenant.${stamp}@example.com`;
    const password = `Fresh-${stamp}-pass`;
    await form.getByRole('textbox', { name: A.fields.email, exact: true }).fill(email);
    // A mismatched confirmation is reported when the field is left.
    const confirmEmail = form.getByRole('textbox', { name: A.fields.emailConfirmation, exact: true });
    await confirmEmail.fill('someone.else@example.com');
    await confirmEmail.blur();
    await page.getByText(en.validation.emailDoesNotMatchActivation).waitFor();
    await confirmEmail.fill(email);
    await passwordField(form, A.fields.temporaryPassword).fill(DEMO_PASSWORD);
    await passwordField(form, A.fields.newPassword).fill(password);
    await passwordField(form, A.fields.newPasswordConfirmation).fill(`${password}x`);
    await passwordField(form, A.fields.newPasswordConfirmation).blur();
    await page.getByText(en.validation.passwordDoesNotMatchActivation).waitFor();
    await passwordField(form, A.fields.newPasswordConfirmation).fill(password);
    await activate.click();

    await page.getByRole('heading', { name: en.auth.accountActivated }).waitFor();
    await page.getByText(en.accounts.activated).waitFor();
    await page.getByRole('link', { name: en.auth.loginHere }).click();
    await page.waitForURL('**/login');

    await signIn(page, email, password);
    await landed(page);

    // The new address is not verified yet: the banner offers a fresh link, which verifies it.
    await page.getByText(en.banners.verifyEmail).waitFor();
    await page.getByRole('button', { name: en.banners.resend }).click();
    await page.getByText(en.toasts.verificationResent).waitFor();
    const mail = await mailOrSkip(context, email, en.mail.verification.subject);
    await page.goto(linkIn(mail.text, '/api/email/verify/'));
    await page.waitForURL('**/login?verified=1');
    await page.getByText(en.auth.emailVerified).waitFor();
    // Still signed in; the banner is gone for good.
    await page.goto(`/users/${await currentUserId(page)}/info`);
    await page.getByRole('tab', { name: en.titles.accountInfo, selected: true }).waitFor();
    expect(await page.getByText(en.banners.verifyEmail).count()).toBe(0);
    await page.context().close();
  });

  it('refuses a wrong temporary password with "Unable to Activate Account"', async () => {
    const page = await newPage(browser);
    await page.goto('/user-activation');
    const form = page.locator('form');
    await form.getByRole('textbox', { name: A.fields.username }).fill('nobody-here');
    await form.getByRole('textbox', { name: A.fields.email, exact: true }).fill('nobody@example.com');
    await form
      .getByRole('textbox', { name: A.fields.emailConfirmation, exact: true })
      .fill('nobody@example.com');
    await passwordField(form, A.fields.temporaryPassword).fill('wrong');
    await passwordField(form, A.fields.newPassword).fill('whatever-123');
    await passwordField(form, A.fields.newPasswordConfirmation).fill('whatever-123');
    await form.getByRole('button', { name: en.auth.activateAccount }).click();
    await page.getByRole('button', { name: en.buttonErrors.activate }).waitFor();
    await page.getByText(en.accounts.noTemporaryAccount).first().waitFor();
    await page.context().close();
  });
});

describe('contact form', () => {
  it('a tenant writes to support and the super admin reads it in Contact Form', async () => {
    const subject = `Hallway light out ${stamp}`;
    const message = `The light outside my door has been out since Monday.\nThanks! (${stamp})`;

    const tenant = await signedIn('tenant@northwind.test');
    await tenant.getByRole('button', { name: en.nav.accountMenu }).click();
    await tenant.getByRole('menuitem', { name: en.nav.settings }).click();
    await tenant.waitForURL(/\/users\/\d+\/info$/);
    await tenant.getByRole('tab', { name: en.titles.contact }).click();
    await tenant.waitForURL(/\/users\/\d+\/contact$/);
    await tenant.getByText(en.contact.officeHours).waitFor();
    const form = tenant.getByRole('form', { name: A.contactForm.title });
    // The sender's details are filled in; the button waits for a subject and a message.
    expect(await form.getByRole('textbox', { name: en.screens.fields.email }).inputValue()).toBe(
      'tenant@northwind.test',
    );
    const send = form.getByRole('button', { name: A.contactForm.send });
    expect(await send.isDisabled()).toBe(true);
    const subjectField = form.getByRole('textbox', { name: A.fields.subject });
    await subjectField.fill(' ');
    await subjectField.blur();
    await tenant.getByText(en.validation.subject).waitFor();
    await subjectField.fill(subject);
    await form.getByRole('textbox', { name: A.fields.message }).fill(message);
    await send.click();
    const sent = await toast(tenant, en.toasts.sentTitle);
    expect(await sent.textContent()).toContain(en.toasts.sent);
    await expect.poll(() => subjectField.inputValue()).toBe('');
    await tenant.context().close();

    const admin = await signedIn('admin@mend.test');
    await admin.getByRole('link', { name: en.nav.contactForm }).click();
    await admin.waitForURL('**/contact');
    await admin.getByRole('table', { name: A.contactList.title }).waitFor();
    await admin.getByRole('searchbox').fill(stamp);
    // The search applies after its pause, and the details' address keeps it: `/contact/7?search=...`.
    await admin.waitForURL(/[?&]search=/);
    const row = admin.getByRole('row').filter({ hasText: subject });
    await row.waitFor();
    await row.click();
    await admin.waitForURL(/\/contact\/\d+\?/);
    const details = admin.getByRole('dialog', { name: en.titles.contactDetails });
    await details.getByText(subject).waitFor();
    await details.getByText(`Thanks! (${stamp})`).waitFor();
    await details.getByRole('link', { name: 'tenant@northwind.test' }).waitFor();
    await admin.context().close();

    // The super admin's email about it ends with an unsubscribe link (its token holds dots): opened signed
    // out, it turns support emails off.
    const mail = await waitForMail('admin@mend.test', new RegExp(stamp));
    const link = /https?:\/\/\S+\/unsubscribe\/[\w.-]+/.exec(mail.text)?.[0];
    expect(link, mail.text).toMatch(/\/unsubscribe\/\d+\.mail\.support\./);
    const visitor = await newPage(browser);
    await visitor.goto(link as string);
    await visitor.getByRole('heading', { name: en.titles.unsubscribe }).waitFor();
    await visitor
      .getByText(format(en.accounts.unsubscribed, { topic: en.accounts.unsubscribeTopics.support }))
      .waitFor();
    await visitor.context().close();
  });
});

describe('notifications bell', () => {
  it('drops the count when a notified ticket is opened, from the bell and from the ticket list', async () => {
    const page = await signedIn('manager@northwind.test');
    const userId = await currentUserId(page);
    const unviewed = (await notificationHistory(page, userId)).filter(
      (item) => !item.viewed && item.ticket_id !== null,
    );
    const tickets = [...new Set(unviewed.map((item) => item.ticket_id as number))];
    expect(tickets.length).toBeGreaterThanOrEqual(2);
    await expect.poll(() => bellAgainstServer(page, userId, [])).toEqual(BELL_AGREES);

    // From the bell: the notification is marked viewed and its ticket opens.
    const first = unviewed.find((item) => item.ticket_id === tickets[0]) as HistoryItem;
    await bell(page).click();
    const dropdown = page.getByRole('dialog', { name: en.nav.notifications });
    await dropdown.getByRole('link', { name: en.nav.manage }).waitFor();
    await dropdown.getByRole('button').filter({ hasText: first.description }).first().click();
    await page.waitForURL(`**/tickets/${tickets[0]}`);
    await expect.poll(() => bellAgainstServer(page, userId, [tickets[0]])).toEqual(BELL_AGREES);

    // Meanwhile a tenant raises a ticket: the manager's notification of it joins the bell, and opening another
    // ticket still takes away only that ticket's.
    const tenant = await signedIn('tenant@northwind.test');
    const raised = await janeRaisesPlumbingTicket(tenant, `Bell meanwhile ${Date.now()}`);
    await tenant.context().close();

    // From the ticket list: opening the ticket (the server marks its notifications viewed) refreshes the bell.
    // By its visible id: the notification's words may be those of other tickets the earlier tests wrote.
    const second = `#${visibleId(tickets[1])}`;
    await page.goto('/tickets');
    await page.getByRole('table').waitFor();
    await page.getByRole('searchbox').fill(second);
    // The search reaching the address means the app has taken the page over: a row clicked before does nothing.
    await page.waitForURL((url) => url.searchParams.get('search') === second);
    await page
      .getByRole('row')
      .filter({ hasText: new RegExp(`${second}(?!\\d)`) })
      .click();
    // The list's search stays in the address (issue 24): the panel's path, whatever the query string.
    await page.waitForURL((url) => url.pathname === `/tickets/${tickets[1]}`);
    await expect.poll(() => bellAgainstServer(page, userId, tickets.slice(0, 2))).toEqual(BELL_AGREES);
    const history = await notificationHistory(page, userId);
    expect(history.some((item) => item.ticket_id === raised.id && !item.viewed)).toBe(true);

    // Manage leads to the notification options (the side panel closed first: it covers the header).
    await page
      .getByRole('dialog', { name: en.titles.ticketDetails })
      .getByRole('button', { name: en.buttons.close })
      .click();
    await page.waitForURL((url) => url.pathname === '/tickets');
    await bell(page).click();
    await dropdown.getByRole('link', { name: en.nav.manage }).click();
    await page.waitForURL(`**/users/${userId}/notifications`);
    await page.getByRole('tab', { name: en.titles.notifications, selected: true }).waitFor();
    await page.context().close();
  });
});

describe('profile', () => {
  it('saves the account info and the notification options, and shows "Not You" on another profile', async () => {
    const page = await signedIn('plumber@northwind.test');
    const userId = await currentUserId(page);
    await page.goto(`/users/${userId}/info`);
    const info = page.getByRole('form', { name: en.titles.accountInfo });
    const city = info.getByRole('textbox', { name: en.screens.fields.city, exact: true });
    await city.waitFor();
    await city.fill(`Edmonton ${stamp}`);
    await info.getByRole('button', { name: A.profile.save }).click();
    expect(await (await toast(page, en.toasts.savedTitle)).textContent()).toContain(en.toasts.saved);
    await page.reload();
    await expect.poll(() => city.inputValue()).toBe(`Edmonton ${stamp}`);

    // Notifications: a text-message flag needs a valid number.
    await page.getByRole('tab', { name: en.titles.notifications }).click();
    await page.waitForURL(`**/users/${userId}/notifications`);
    const options = page.getByRole('form', { name: en.titles.notifications });
    const number = options.getByRole('textbox', { name: A.notificationOptions.smsNumber });
    await number.fill('12');
    await number.blur();
    await page.getByText(en.validation.phone).waitFor();
    await number.fill('780 555 0177');
    await options
      .getByRole('group', { name: A.notificationOptions.sms })
      .getByRole('switch', { name: A.notificationOptions.tickets })
      .click();
    await options.getByRole('button', { name: A.profile.save }).click();
    await toast(page, en.toasts.savedTitle);
    await page.reload();
    await expect.poll(() => number.inputValue()).toBe('780 555 0177');
    await page.context().close();

    const admin = await signedIn('admin@mend.test');
    await admin.goto(`/users/${userId}/security`);
    await admin.getByText(en.titles.notYou, { exact: true }).waitFor();
    // The avatar can be changed on the info tab only.
    expect(await admin.getByRole('button', { name: A.profile.changeAvatar }).count()).toBe(0);
    await admin.getByRole('tab', { name: en.titles.accountInfo }).click();
    await admin.getByRole('button', { name: A.profile.changeAvatar }).waitFor();
    await admin.context().close();
  });
});

describe('password reset and outbox', () => {
  it('forgot password: the emailed link sets a new password, and the email shows in the Outbox', async (context) => {
    const address = 'hvac@northwind.test';
    const newPassword = `Reset-${stamp}-pass`;
    const page = await newPage(browser);
    await page.goto('/login');
    await page.getByRole('link', { name: en.auth.forgotPassword }).click();
    await page.waitForURL('**/password/reset');
    const email = page.getByRole('textbox', { name: A.fields.email });
    await email.fill('not-an-email');
    await email.blur();
    await page.getByText(en.validation.invalidEmail).waitFor();
    await email.fill(address);
    await page.getByRole('button', { name: A.forgot.submit }).click();
    await page.getByText(format(en.auth.resetRequestSent, { email: address })).waitFor();

    const mail = await mailOrSkip(context, address, en.mail.reset.subject);
    await page.goto(linkIn(mail.text, '/password/reset/'));
    await page.getByRole('heading', { name: en.auth.resetPassword }).waitFor();
    expect(await page.getByRole('textbox', { name: A.fields.email }).inputValue()).toBe(address);
    await passwordField(page, A.fields.newPassword).fill(newPassword);
    await passwordField(page, A.fields.newPasswordConfirmation).fill(`${newPassword}!`);
    await passwordField(page, A.fields.newPasswordConfirmation).blur();
    await page.getByText(en.validation.passwordDoesNotMatchActivation).waitFor();
    await passwordField(page, A.fields.newPasswordConfirmation).fill(newPassword);
    await page.getByRole('button', { name: A.reset.submit }).click();
    await page.waitForURL('**/login');
    await toast(page, en.accounts.passwordReset);
    await signIn(page, address, newPassword);
    await landed(page);
    await page.context().close();

    const admin = await signedIn('admin@mend.test');
    await admin.getByRole('button', { name: en.nav.accountMenu }).click();
    await admin.getByRole('menuitem', { name: A.outbox.menu }).click();
    await admin.waitForURL('**/outbox');
    await admin.getByRole('table', { name: A.outbox.title }).waitFor();
    await admin.getByRole('searchbox').fill(address);
    await admin
      .getByRole('row')
      .filter({ hasText: address })
      .filter({ hasText: 'Password reset' })
      .filter({ hasText: A.outbox.statuses.sent })
      .first()
      .waitFor();
    await admin.context().close();
  });

  it('the reset form reports a bad link', async () => {
    const page = await newPage(browser);
    await page.goto('/password/reset/not-a-real-token?email=tenant%40northwind.test');
    const email = page.getByRole('textbox', { name: A.fields.email });
    expect(await email.inputValue()).toBe('tenant@northwind.test');
    await passwordField(page, A.fields.newPassword).fill('another-pass-1');
    await passwordField(page, A.fields.newPasswordConfirmation).fill('another-pass-1');
    await page.getByRole('button', { name: A.reset.submit }).click();
    await page.getByText(en.accounts.resetTokenInvalid).first().waitFor();
    await page.getByRole('link', { name: A.reset.requestAgain }).waitFor();
    await page.getByRole('link', { name: en.auth.backToLogin }).waitFor();
    await page.context().close();
  });

  it('an unsubscribe link that is not genuine says so', async () => {
    const page = await newPage(browser);
    await page.goto('/unsubscribe/not-a-real-token');
    await page.getByRole('heading', { name: en.titles.unsubscribe }).waitFor();
    await page.getByText(en.accounts.unsubscribeInvalid).waitFor();
    await page.context().close();
  });
});
