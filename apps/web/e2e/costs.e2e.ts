/**
 * An estimate over the approval limit, approved by the owner's link (issue 26 section 3), in a real browser against
 * the real server with demo data, its outbox delivering to the test SMTP server (global-setup.ts):
 * - set up through the API: the Northwind manager lists an owner in the landlord's settings; Jane Morrison raises a
 *   plumbing ticket, the manager assigns Marco Rossi (the plumber), who accepts;
 * - Marco sends an estimate above the 500.00 CAD limit from the ticket's "Costs" section (lines, tax, live total);
 * - the manager sees the ticket "Awaiting owner approval" in its details and in the list, with its cost;
 * - the owner's email arrives; the owner opens its link signed out on a 390 px phone and approves;
 * - the manager and Marco see the estimate approved.
 * A second journey drives the manager's other decisions: Marco, on a 390 px phone, sends an estimate within the
 * limit, which the manager declines with a reason Marco then reads; Marco sends the invoice with its PDF, which the
 * manager downloads and marks paid. A third has the manager, on a 390 px phone, list an owner who reads French in the
 * landlord's form; that owner's approval email arrives in French, and its link opens the estimate in French.
 */
import { en, format, fr, LANGUAGE_NAMES, moneyText } from '@mend/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  appReady,
  assign,
  type CaughtMail,
  DEMO,
  janeRaisesPlumbingTicket,
  launchBrowser,
  marcoOn,
  newPhonePage,
  onDesktop,
  overflow,
  saveScreen,
  signIn,
  waitForMail,
} from './browser';

const C = en.costScreens;
const stamp = Date.now().toString(36);
const OWNER = { name: 'Helen Ortiz', email: `helen-${stamp}@owners.test` };

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** A multipart POST (or PATCH through `_method`) with the page's session and anti-forgery token; answers the JSON. */
function send<T>(
  page: Page,
  url: string,
  fields: Record<string, string | string[]>,
  method = 'POST',
): Promise<T> {
  return page.evaluate(
    async ({ url, fields, method }) => {
      const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) {
        if (Array.isArray(value)) for (const item of value) form.append(name, item);
        else form.append(name, value);
      }
      if (method !== 'POST') form.append('_method', method);
      form.append('_nonce', `${Date.now()}-${Math.random().toString(36).slice(2)}`);
      const answer = await fetch(url, {
        method: 'POST',
        body: form,
        headers: { Accept: 'application/json', 'x-csrf-token': token },
      });
      const body = await answer.text();
      if (!answer.ok) throw new Error(`${url}: ${answer.status} ${body}`);
      return JSON.parse(body);
    },
    { url, fields, method },
  ) as Promise<T>;
}

interface LandlordRecord {
  id: number;
  name: string;
  description: string | null;
  user_ids: number[];
  currency: string;
  approval_limit_cents: number;
  owners: { id: number; name: string; email: string; phone_number: string | null; language: string }[];
}

/** The manager lists the owner in its landlord's settings (keeping any listed already). */
async function addOwner(manager: Page): Promise<LandlordRecord> {
  const current = await api<{ landlord: { id: number } | null }>(manager, '/api/landlords/current');
  const id = current.landlord?.id;
  if (!id) throw new Error('the manager has no landlord');
  const landlord = await api<LandlordRecord>(manager, `/api/landlords/${id}`);
  const owners = [
    ...landlord.owners.map((owner) => ({
      id: owner.id,
      name: owner.name,
      email: owner.email,
      phone_number: owner.phone_number ?? '',
    })),
    { name: OWNER.name, email: OWNER.email, phone_number: '' },
  ];
  await send(
    manager,
    `/api/landlords/${id}`,
    {
      name: landlord.name,
      description: landlord.description ?? '',
      'users[]': landlord.user_ids.map(String),
      owners: JSON.stringify(owners),
    },
    'PATCH',
  );
  return api<LandlordRecord>(manager, `/api/landlords/${id}`);
}

/** The link of an owner's email, opened signed out on a 390 px phone (an English browser) at its ticket's estimate. */
async function openOwnerLink(mail: CaughtMail, ticketTitle: string): Promise<Page> {
  const link = /(https?:\/\/\S+\/approvals\/[^\s)>\]]+)/.exec(mail.text)?.[1];
  expect(link, mail.text).toBeTruthy();
  const phone = await newPhonePage(browser);
  await phone.goto(new URL(link as string).pathname);
  await appReady(phone);
  await phone.getByRole('heading', { name: ticketTitle }).waitFor();
  return phone;
}

/** The ticket's details panel, opened at /tickets/{id}. */
async function openDetails(page: Page, ticketId: number) {
  await page.goto(`/tickets/${ticketId}`);
  await appReady(page);
  const details = page.getByRole('dialog', { name: en.titles.ticketDetails });
  await details.getByRole('heading', { name: C.title }).waitFor();
  return details;
}

describe('an estimate over the limit approved by the owner’s link', () => {
  it('is sent by the plumber, flagged for the manager, and approved by the owner signed out', async () => {
    const manager = await onDesktop(browser, DEMO.manager);
    await appReady(manager);
    const landlord = await addOwner(manager);
    expect(landlord.owners.map((owner) => owner.email)).toContain(OWNER.email);
    expect(landlord.currency).toBe('CAD');
    expect(landlord.approval_limit_cents).toBe(50_000);

    const tenant = await onDesktop(browser, DEMO.tenant);
    await appReady(tenant);
    const ticket = await janeRaisesPlumbingTicket(tenant, `Water heater leaking at the base ${stamp}`);
    await assign(manager, ticket.id, await marcoOn(manager, ticket.id));

    const plumber = await onDesktop(browser, DEMO.plumber);
    await appReady(plumber);
    await send(plumber, `/api/tickets/${ticket.id}/assignment/accept`, {});

    // Marco sends the estimate from the ticket's Costs: 450.00 labour, 120.50 parts, 28.53 tax = 599.03.
    let details = await openDetails(plumber, ticket.id);
    await details.getByRole('button', { name: C.sendEstimate }).click();
    const form = details.getByRole('form', { name: C.sendEstimate });
    const first = form.getByRole('group', { name: 'Line 1' });
    await first.getByLabel(C.lineDescription).fill('Replace the water heater drain valve');
    await first.getByLabel('Amount (CAD)').fill('450');
    await form.getByRole('button', { name: C.addLine }).click();
    const second = form.getByRole('group', { name: 'Line 2' });
    await second.getByLabel(C.lineKind).selectOption('parts');
    await second.getByLabel(C.lineDescription).fill('Drain valve');
    await second.getByLabel('Amount (CAD)').fill('120.50');
    await form.getByLabel('Tax (CAD)').fill('28.53');
    await form.getByLabel(C.note).fill('Parts in stock.');
    const total = moneyText(59_903, 'CAD');
    await expect(form.locator('[data-cost-form-total]').textContent()).resolves.toBe(total);
    await form.getByRole('button', { name: C.sendEstimate }).click();
    const sent = details.locator('[data-cost-kind="estimate"][data-cost-item-state="awaiting_owner"]');
    await sent.waitFor();
    await expect(sent.locator('[data-cost-total]').textContent()).resolves.toBe(total);
    await expect(sent.locator('[data-cost-line]').count()).resolves.toBe(2);
    await saveScreen(plumber, 'costs-sent', sent);

    // The manager sees it waiting for the owner, in the details and the list.
    details = await openDetails(manager, ticket.id);
    await details.locator('[data-awaiting-owner-flag]').getByText(en.costs.awaitingOwner).waitFor();
    await details.locator('[data-cost-item-state="awaiting_owner"]').waitFor();
    await manager.goto('/tickets');
    await appReady(manager);
    const row = manager.getByRole('row').filter({ hasText: ticket.title });
    await row.locator('[data-awaiting-owner-tag]').waitFor();
    await expect(row.locator('[data-cost-totals]').textContent()).resolves.toContain(total);

    // The owner's email, with the link that answers signed out.
    const mail = await waitForMail(OWNER.email, /Approval needed/);
    const phone = await openOwnerLink(mail, ticket.title);
    await phone.getByText(total).first().waitFor();
    expect(await overflow(phone)).toBeLessThanOrEqual(0);
    await saveScreen(phone, 'costs-owner-page');
    await phone.getByRole('button', { name: C.approve }).click();
    await phone.getByText(en.costs.owner.approved).waitFor();
    await expect(phone.getByRole('button', { name: C.approve }).count()).resolves.toBe(0);
    expect(await overflow(phone)).toBeLessThanOrEqual(0);

    // The manager and Marco see it approved.
    details = await openDetails(manager, ticket.id);
    const approved = details.locator('[data-cost-kind="estimate"][data-cost-item-state="approved"]');
    await approved.waitFor();
    await expect(approved.locator('[data-cost-decided-by]').textContent()).resolves.toContain(OWNER.name);
    await expect(details.locator('[data-awaiting-owner-flag]').count()).resolves.toBe(0);
    await saveScreen(manager, 'costs-approved', approved);
    details = await openDetails(plumber, ticket.id);
    await details.locator('[data-cost-kind="estimate"][data-cost-item-state="approved"]').waitFor();

    // The manager's dashboard counts the money (issue 26), at 390 px too.
    await manager.goto('/');
    await appReady(manager);
    const money = manager.locator('[data-money-cards]');
    await money.getByText(en.dashboard.openApprovals).waitFor();
    // The demo's paid invoices fill the spend table.
    await money.getByRole('table', { name: en.dashboard.spend }).waitFor();
    const managerPhone = await newPhonePage(browser);
    await signIn(managerPhone, DEMO.manager);
    await managerPhone.goto('/');
    await appReady(managerPhone);
    await managerPhone.locator('[data-money-cards]').getByText(en.dashboard.awaitingOwner).waitFor();
    expect(await overflow(managerPhone)).toBeLessThanOrEqual(0);
    await saveScreen(managerPhone, 'costs-dashboard-phone');

    for (const page of [manager, tenant, plumber, phone, managerPhone]) await page.context().close();
  });
});

/** A minimal well-formed PDF: the invoice's attachment. */
const INVOICE_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

describe('the manager declines an estimate, then marks the invoice with its PDF paid', () => {
  it('shows Marco the reason on his phone, and the manager the invoice file and its payment', async () => {
    const manager = await onDesktop(browser, DEMO.manager);
    await appReady(manager);
    const tenant = await onDesktop(browser, DEMO.tenant);
    await appReady(tenant);
    const ticket = await janeRaisesPlumbingTicket(tenant, `Kitchen tap dripping ${stamp}`);
    await assign(manager, ticket.id, await marcoOn(manager, ticket.id));
    const plumber = await newPhonePage(browser);
    await signIn(plumber, DEMO.plumber);
    await appReady(plumber);
    await send(plumber, `/api/tickets/${ticket.id}/assignment/accept`, {});

    // Marco, on his phone, sends an estimate within the limit: 180.00 labour and 9.00 tax.
    let details = await openDetails(plumber, ticket.id);
    await details.getByRole('button', { name: C.sendEstimate }).click();
    let form = details.getByRole('form', { name: C.sendEstimate });
    await form
      .getByRole('group', { name: 'Line 1' })
      .getByLabel(C.lineDescription)
      .fill('Replace the cartridge');
    await form.getByRole('group', { name: 'Line 1' }).getByLabel('Amount (CAD)').fill('180');
    await form.getByLabel('Tax (CAD)').fill('9');
    expect(await overflow(plumber)).toBeLessThanOrEqual(0);
    await form.getByRole('button', { name: C.sendEstimate }).click();
    await details.locator('[data-cost-kind="estimate"][data-cost-item-state="pending"]').waitFor();

    // The manager declines it, with the reason.
    const reason = 'Please quote the cartridge from our usual supplier.';
    details = await openDetails(manager, ticket.id);
    const pending = details.locator('[data-cost-kind="estimate"][data-cost-item-state="pending"]');
    await expect(pending.locator('[data-cost-total]').textContent()).resolves.toBe(moneyText(18_900, 'CAD'));
    await pending.getByRole('button', { name: C.decline }).click();
    const declineForm = manager.getByRole('form', { name: C.declineTitle });
    await declineForm.getByLabel(C.reason).fill(reason);
    await declineForm.getByRole('button', { name: C.decline }).click();
    const declined = details.locator('[data-cost-kind="estimate"][data-cost-item-state="declined"]');
    await declined.getByText(format(C.declinedBecause, { reason })).waitFor();
    await expect(declined.getByRole('button', { name: C.approve }).count()).resolves.toBe(0);

    // Marco reads why, then sends the invoice with its PDF.
    details = await openDetails(plumber, ticket.id);
    await details
      .locator('[data-cost-kind="estimate"][data-cost-item-state="declined"]')
      .getByText(format(C.declinedBecause, { reason }))
      .waitFor();
    await details.getByRole('button', { name: C.sendInvoice }).click();
    form = details.getByRole('form', { name: C.sendInvoice });
    await form
      .getByRole('group', { name: 'Line 1' })
      .getByLabel(C.lineDescription)
      .fill('Cartridge and labour');
    await form.getByRole('group', { name: 'Line 1' }).getByLabel('Amount (CAD)').fill('150');
    await form.getByLabel('Tax (CAD)').fill('7.50');
    const fileName = `invoice-${stamp}.pdf`;
    await form
      .locator('input[type="file"]')
      .setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: INVOICE_PDF });
    await form.getByText(fileName).waitFor();
    expect(await overflow(plumber)).toBeLessThanOrEqual(0);
    await form.getByRole('button', { name: C.sendInvoice }).click();
    const unpaid = details.locator('[data-cost-kind="invoice"][data-cost-item-state="unpaid"]');
    await unpaid.getByRole('link', { name: fileName }).waitFor();
    expect(await overflow(plumber)).toBeLessThanOrEqual(0);
    await saveScreen(plumber, 'costs-invoice-phone', unpaid);

    // The manager opens the file, then marks the invoice paid on the day the form offers.
    details = await openDetails(manager, ticket.id);
    const invoice = details.locator('[data-cost-kind="invoice"]');
    const href = await invoice.getByRole('link', { name: fileName }).getAttribute('href');
    const download = await manager.evaluate(async (url) => {
      const answer = await fetch(url as string);
      return {
        status: answer.status,
        type: answer.headers.get('content-type'),
        bytes: (await answer.text()).length,
      };
    }, href);
    expect(download).toEqual({ status: 200, type: 'application/pdf', bytes: INVOICE_PDF.length });
    await invoice.getByRole('button', { name: C.markPaid }).click();
    const paidForm = manager.getByRole('form', { name: C.markPaidTitle });
    await expect(paidForm.getByLabel(C.paidOnLabel).inputValue()).resolves.toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await paidForm.getByRole('button', { name: C.markPaid }).click();
    const paid = details.locator('[data-cost-kind="invoice"][data-cost-item-state="paid"]');
    await paid.waitFor();
    await expect(paid.locator('[data-cost-decided-by]').textContent()).resolves.toMatch(
      /^Paid on .+ · Decided by /,
    );
    await expect(paid.getByRole('button', { name: C.markPaid }).count()).resolves.toBe(0);
    await saveScreen(manager, 'costs-paid', paid);

    // Marco sees it paid too.
    details = await openDetails(plumber, ticket.id);
    await details.locator('[data-cost-kind="invoice"][data-cost-item-state="paid"]').waitFor();

    for (const page of [manager, tenant, plumber]) await page.context().close();
  });
});

describe('an owner who reads French', () => {
  it('is listed from the landlord form on a phone and emailed the estimate in French', async () => {
    const manager = await newPhonePage(browser);
    await signIn(manager, DEMO.manager);
    const current = await api<{ landlord: { id: number } | null }>(manager, '/api/landlords/current');
    const landlordId = current.landlord?.id;
    const owner = { name: 'Rémi Gagnon', email: `remi-${stamp}@owners.test` };
    await manager.goto(`/landlords/${landlordId}/edit`);
    await appReady(manager);
    const M = en.screens.money;
    await manager.getByRole('button', { name: M.addOwner }).click();
    const row = manager.locator('[data-owner-row]').last();
    // Mantine's asterisk is part of a required field's label: each input by its field's name instead.
    await row.locator('input[name$=".name"]').fill(owner.name);
    await row.locator('input[name$=".email"]').fill(owner.email);
    // A new owner's emails start in the default language.
    await expect(row.getByRole('combobox', { name: M.ownerLanguage }).inputValue()).resolves.toBe(
      LANGUAGE_NAMES.en,
    );
    await row.getByRole('combobox', { name: M.ownerLanguage }).click();
    await manager.getByRole('option', { name: LANGUAGE_NAMES.fr, exact: true }).click();
    expect(await overflow(manager)).toBeLessThanOrEqual(0);
    await saveScreen(manager, 'costs-owner-language-phone', row);
    await manager.getByRole('button', { name: en.buttons.save }).click();
    await manager.getByText(en.toasts.landlordUpdated).waitFor();

    // The details name the language of its emails; the record holds it.
    await manager.goto(`/landlords/${landlordId}`);
    await appReady(manager);
    const listed = manager.locator('[data-owner]').filter({ hasText: owner.name });
    await expect(listed.locator('[data-owner-language]').textContent()).resolves.toBe(
      `(${LANGUAGE_NAMES.fr})`,
    );
    expect(await overflow(manager)).toBeLessThanOrEqual(0);
    const record = await api<LandlordRecord>(manager, `/api/landlords/${landlordId}`);
    expect(record.owners.find((entry) => entry.email === owner.email)?.language).toBe('fr');

    // An estimate above the limit: the owner's email is in French, its link and amounts too.
    const tenant = await onDesktop(browser, DEMO.tenant);
    await appReady(tenant);
    const ticket = await janeRaisesPlumbingTicket(tenant, `Boiler pressure falling ${stamp}`);
    await assign(manager, ticket.id, await marcoOn(manager, ticket.id));
    const plumber = await onDesktop(browser, DEMO.plumber);
    await appReady(plumber);
    await send(plumber, `/api/tickets/${ticket.id}/assignment/accept`, {});
    await send(plumber, `/api/tickets/${ticket.id}/estimates`, {
      currency: 'CAD',
      lines: JSON.stringify([{ kind: 'labour', description: 'New boiler', amount_cents: 450_000 }]),
      tax_cents: '22500',
    });
    const mail = await waitForMail(owner.email, /^Approbation requise/);
    expect(mail.subject).toContain(moneyText(472_500, 'CAD', 'fr'));
    expect(mail.text).toContain(fr.costs.owner.action);
    expect(mail.text).toContain(fr.mail.signature);

    // Its link opens the estimate in French on an English phone: the page follows the owner, as its email did.
    const phone = await openOwnerLink(mail, ticket.title);
    await phone.getByRole('button', { name: fr.costScreens.approve }).waitFor();
    expect(await overflow(phone)).toBeLessThanOrEqual(0);
    await saveScreen(phone, 'costs-owner-page-french');

    for (const page of [manager, tenant, plumber, phone]) await page.context().close();
  });
});
