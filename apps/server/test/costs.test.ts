/**
 * Estimates, invoices and the owner's approval (issue 26 section 3): the contractor that accepted the job sends an
 * estimate and an invoice with line items, tax and an attached PDF; staff approve an estimate within the landlord's
 * limit and mark invoices paid; above the limit the owners approve from a signed link without an account, reminded at
 * 24 and 72 hours, once each; the flag and the cost columns of the lists; and the hostile input the issue names:
 * negative or absurd amounts, too many lines, another currency, a replayed or tampered link, a contractor not on the
 * job. Every refusal writes nothing.
 */
import {
  type ApiDashboardMoney,
  DASHBOARD_TARGET_MONTHS,
  DASHBOARD_TOP_PROPERTIES,
  en,
  format,
  fr,
  LOCALES,
  moneyText,
  OWNER_REMINDER_HOURS,
} from '@mend/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { landlordOwners, landlords, outboxMessages, ticketCosts, ticketLog } from '../src/db/schema';
import { remindOwners } from '../src/modules/costs/reminders';
import { createTestApp, type TestApp, type TestClient } from './helpers/app';
import { snapshot } from './helpers/endpoints';
import { type TicketActor, ticketActors } from './helpers/ticket-actors';
import { acceptJob, createWorld, file, insertTicket, pdfFile, type World } from './helpers/ticket-factories';

const HOUR = 3_600_000;
const START = new Date('2027-03-01T16:00:00Z');
let clock = START;
let t: TestApp;
let w: World;
let clients: Record<TicketActor, TestClient>;
let ticketId: number;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  w = await createWorld(t.db);
  ({ clients } = await ticketActors(t, w));
  await t.db
    .update(landlords)
    .set({ currency: 'CAD', approvalLimitCents: 50_000 })
    .where(eq(landlords.id, w.north.landlord.id));
  await t.db.insert(landlordOwners).values([
    { landlordId: w.north.landlord.id, name: 'Helen Ortiz', email: 'helen@owners.test', position: 0 },
    // Raj reads French: his emails are written in it.
    {
      landlordId: w.north.landlord.id,
      name: 'Raj Patel',
      email: 'raj@owners.test',
      position: 1,
      language: 'fr',
    },
  ]);
});
afterAll(() => t.close());
beforeEach(async () => {
  clock = START;
  const ticket = await insertTicket(t.db, {
    unit: w.north.unit,
    tenant: w.north.tenant,
    category: w.plumbing,
    recipients: [w.north.plumber, w.north.manager],
  });
  await acceptJob(t.db, ticket, w.north.plumber.id, w.north.manager.id);
  ticketId = ticket.id;
});

const estimate = (values: Record<string, unknown> = {}) => ({
  currency: 'CAD',
  lines: JSON.stringify([
    { kind: 'labour', description: 'Two hours', amount_cents: 24_000 },
    { kind: 'parts', description: 'Cartridge', amount_cents: 6_000 },
  ]),
  tax_cents: 1_500,
  note: 'Parts in stock.',
  ...values,
});

async function send(kind: 'estimates' | 'invoices', values: Record<string, unknown> = {}) {
  const response = await clients.contractor.post(`/api/tickets/${ticketId}/${kind}`, estimate(values));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.costs.items[0] as { id: number; state: string; total_cents: number };
}

const outboxOf = (kind: string) =>
  t.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.kind, kind))
    .then((rows) => rows.filter((row) => (row.payload as { ticket_id?: number }).ticket_id === ticketId));

/** The owners' links of this ticket's estimate, from their emails. */
async function ownerLinks(): Promise<Record<string, string>> {
  const mails = await outboxOf('cost.owner_approval');
  return Object.fromEntries(
    mails.map((mail) => [mail.recipient, /\/approvals\/([A-Za-z0-9._-]+)/.exec(mail.bodyText)?.[1] ?? '']),
  );
}

describe('an estimate within the limit', () => {
  it('is sent by the contractor, shown to staff and to it, approved by the manager, and the contractor told', async () => {
    const cost = await send('estimates');
    expect(cost).toMatchObject({ state: 'pending', total_cents: 31_500 });
    const manager = (await clients.manager.get(`/api/tickets/${ticketId}`)).json();
    expect(manager.costs).toMatchObject({
      currency: 'CAD',
      approval_limit_cents: 50_000,
      can_submit: false,
      items: [
        {
          kind: 'estimate',
          state: 'pending',
          subtotal_cents: 30_000,
          tax_cents: 1_500,
          total_text: '$315.00',
          lines: [
            { kind: 'labour', description: 'Two hours', amount_cents: 24_000 },
            { kind: 'parts', description: 'Cartridge', amount_cents: 6_000 },
          ],
          can: { approve: true, decline: true, mark_paid: false },
        },
      ],
    });
    expect(manager.cost_totals).toEqual({ currency: 'CAD', estimate_cents: 31_500, invoice_cents: null });
    const contractor = (await clients.contractor.get(`/api/tickets/${ticketId}`)).json();
    expect(contractor.costs).toMatchObject({
      approval_limit_cents: null,
      can_submit: true,
      items: [{ id: cost.id }],
    });
    expect(contractor.cost_totals).toBeNull();
    const tenant = (await clients.tenant.get(`/api/tickets/${ticketId}`)).json();
    expect(tenant).toMatchObject({ costs: null, cost_totals: null, awaiting_owner: false });
    expect(tenant.log.map((line: { action: string }) => line.action)).not.toContain('estimate_submitted');
    expect(await outboxOf('cost.submitted')).not.toEqual([]);

    const approved = await clients.manager.post(`/api/tickets/${ticketId}/costs/${cost.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.costs.items[0]).toMatchObject({
      state: 'approved',
      decided_by: 'Olivia Manager',
    });
    expect((await outboxOf('cost.decided')).map((row) => row.userId)).toContain(w.north.plumber.id);
    // Decided once: again is a conflict.
    const again = await clients.manager.post(`/api/tickets/${ticketId}/costs/${cost.id}/decline`, {
      reason: 'No',
    });
    expect(again.statusCode).toBe(409);
  });

  it('is declined with a reason, which the manager must give', async () => {
    const cost = await send('estimates');
    const noReason = await clients.manager.post(`/api/tickets/${ticketId}/costs/${cost.id}/decline`, {});
    expect(noReason.statusCode).toBe(422);
    const declined = await clients.manager.post(`/api/tickets/${ticketId}/costs/${cost.id}/decline`, {
      reason: 'Too dear',
    });
    expect(declined.json().data.costs.items[0]).toMatchObject({
      state: 'declined',
      decline_reason: 'Too dear',
    });
  });
});

describe('an estimate above the limit', () => {
  const big = () => ({
    lines: JSON.stringify([{ kind: 'labour', description: 'New boiler', amount_cents: 450_000 }]),
    tax_cents: 22_500,
  });

  it('waits for an owner, who approves it from the link; a replay, a tampered or stale link does nothing', async () => {
    const cost = await send('estimates', big());
    expect(cost.state).toBe('awaiting_owner');
    const listed = (await clients.manager.get('/api/tickets'))
      .json()
      .data.find((row: { id: number }) => row.id === ticketId);
    expect(listed.awaiting_owner).toBe(true);
    const tenantRow = (await clients.tenant.get('/api/tickets'))
      .json()
      .data.find((row: { id: number }) => row.id === ticketId);
    expect(tenantRow.awaiting_owner).toBe(false);
    const refused = await clients.manager.post(`/api/tickets/${ticketId}/costs/${cost.id}/approve`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(en.costs.needsOwner);

    const links = await ownerLinks();
    expect(Object.keys(links).sort()).toEqual(['helen@owners.test', 'raj@owners.test']);
    const guest = await t.client();
    const shown = await guest.get(`/api/approval-links/${links['helen@owners.test']}`);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toMatchObject({
      owner_name: 'Helen Ortiz',
      total_text: '$4,725.00',
      can_answer: true,
    });
    expect(JSON.stringify(shown.json())).not.toMatch(/tenant|@northwind|Jane/i);

    // Tampered: one character of the signature changed.
    const token = links['helen@owners.test'];
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const before = await snapshot(t.db);
    expect((await guest.post(`/api/approval-links/${tampered}/approve`)).statusCode).toBe(400);
    expect(await snapshot(t.db)).toEqual(before);

    const approved = await guest.post(`/api/approval-links/${token}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({
      message: en.costs.owner.approved,
      data: { state: 'approved', decided_by: 'Helen Ortiz', can_answer: false },
    });
    expect((await outboxOf('cost.decided')).map((row) => row.userId)).toContain(w.north.plumber.id);
    const log = await t.db.select().from(ticketLog).where(eq(ticketLog.ticketId, ticketId));
    expect(log.map((line) => line.description)).toContain('Estimate of $4,725.00 approved by Helen Ortiz');
    // Replayed, or Raj's link once decided: a conflict, nothing written.
    const replayed = await guest.post(`/api/approval-links/${token}/decline`, { reason: 'Changed my mind' });
    expect(replayed.statusCode).toBe(409);
    expect((await guest.post(`/api/approval-links/${links['raj@owners.test']}/approve`)).statusCode).toBe(
      409,
    );
    expect((await clients.manager.get(`/api/tickets/${ticketId}`)).json().awaiting_owner).toBe(false);
  });

  it('writes each owner its email and reminders in the owner’s language, money and dates too', async () => {
    await send('estimates', big());
    clock = new Date(START.getTime() + OWNER_REMINDER_HOURS[0] * HOUR);
    await t.app.dueWork.runOnce();
    const property = w.north.property.name;
    for (const kind of ['cost.owner_approval', 'cost.owner_reminder']) {
      const mails = Object.fromEntries((await outboxOf(kind)).map((mail) => [mail.recipient, mail]));
      const first = kind === 'cost.owner_approval';
      const helen = mails['helen@owners.test'];
      const raj = mails['raj@owners.test'];
      expect(helen?.subject).toBe(
        format(first ? en.costs.owner.subject : en.costs.owner.reminderSubject, {
          total: '$4,725.00',
          property,
        }),
      );
      expect(helen?.bodyText).toContain('above the approval limit of $500.00');
      expect(helen?.bodyText).toContain(en.costs.owner.action);
      const total = moneyText(472_500, 'CAD', 'fr');
      expect(raj?.subject).toBe(
        format(
          first ? fr.costs.owner.subject : fr.costs.owner.reminderSubject,
          { total, property },
          LOCALES.fr,
        ),
      );
      expect(raj?.bodyText).toContain(`au-delà du seuil d’approbation de ${moneyText(50_000, 'CAD', 'fr')}`);
      expect(raj?.bodyText).toContain(`${fr.costs.owner.action}: `);
      expect(raj?.bodyText).toContain(fr.mail.signature);
      expect(raj?.bodyText).not.toContain(en.mail.signature);
      expect(raj?.bodyHtml).toContain('<html lang="fr-CA">');
    }
  });

  it('reminds the owners at 24 and 72 hours, once each, and its links expire', async () => {
    await send('estimates', big());
    const [first, second] = OWNER_REMINDER_HOURS;
    clock = new Date(START.getTime() + (first - 1) * HOUR);
    await t.app.dueWork.runOnce();
    expect(await outboxOf('cost.owner_reminder')).toHaveLength(0);
    clock = new Date(START.getTime() + first * HOUR);
    await Promise.all([1, 2, 3].map(() => remindOwners(t.db, t.app.messaging, clock, 20)));
    expect(await outboxOf('cost.owner_reminder')).toHaveLength(2);
    clock = new Date(START.getTime() + second * HOUR);
    await t.app.dueWork.runOnce();
    await t.app.dueWork.runOnce();
    expect(await outboxOf('cost.owner_reminder')).toHaveLength(4);
    clock = new Date(START.getTime() + 10 * 24 * HOUR);
    await t.app.dueWork.runOnce();
    expect(await outboxOf('cost.owner_reminder')).toHaveLength(4);
    // Past its days the link answers that it expired.
    clock = new Date(START.getTime() + 15 * 24 * HOUR);
    const links = await ownerLinks();
    const expired = await (await t.client()).get(`/api/approval-links/${links['raj@owners.test']}`);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(en.costs.owner.linkExpired);
  });

  it('a link of an owner no longer listed answers nothing', async () => {
    await send('estimates', big());
    const links = await ownerLinks();
    await t.db.delete(landlordOwners).where(eq(landlordOwners.email, 'raj@owners.test'));
    const gone = await (await t.client()).post(`/api/approval-links/${links['raj@owners.test']}/approve`);
    expect(gone.statusCode).toBe(400);
    await t.db.insert(landlordOwners).values({
      landlordId: w.north.landlord.id,
      name: 'Raj Patel',
      email: 'raj@owners.test',
      position: 1,
      language: 'fr',
    });
  });
});

describe('an invoice', () => {
  it('is sent with a PDF, read by staff, and marked paid on a date once', async () => {
    const response = await clients.contractor.post(
      `/api/tickets/${ticketId}/invoices`,
      estimate({ attachment: file(pdfFile(), 'invoice-42.pdf', 'application/pdf') }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const invoice = response.json().data.costs.items[0];
    expect(invoice).toMatchObject({
      kind: 'invoice',
      state: 'unpaid',
      attachment: { name: 'invoice-42.pdf' },
    });
    const download = await clients.manager.get(invoice.attachment.url);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect((await clients.unroutedContractor.get(invoice.attachment.url)).statusCode).toBe(404);
    expect((await clients.tenant.get(invoice.attachment.url)).statusCode).toBe(404);

    for (const paidOn of ['2027-02-30', 'soon', '']) {
      const badDate = await clients.manager.post(`/api/tickets/${ticketId}/costs/${invoice.id}/paid`, {
        paid_on: paidOn,
      });
      expect(badDate.statusCode, `${paidOn}: ${badDate.body}`).toBe(422);
      expect(badDate.json().errors.paid_on).toEqual([en.validation.paidOn]);
    }
    const paid = await clients.manager.post(`/api/tickets/${ticketId}/costs/${invoice.id}/paid`, {
      paid_on: '2027-03-05',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data.costs.items[0]).toMatchObject({ state: 'paid', paid_on: '2027-03-05' });
    expect(paid.json().data.cost_totals).toMatchObject({ invoice_cents: 31_500 });
    const again = await clients.manager.post(`/api/tickets/${ticketId}/costs/${invoice.id}/paid`, {
      paid_on: '2027-03-06',
    });
    expect(again.statusCode).toBe(409);
    // An invoice is not approved; an estimate is not paid.
    expect(
      (await clients.manager.post(`/api/tickets/${ticketId}/costs/${invoice.id}/approve`)).statusCode,
    ).toBe(404);
  });
});

describe('the dashboard', () => {
  it('shows staff the spend per property per month and the open approvals; nobody else', async () => {
    const before = (await clients.manager.get('/api/dashboard?time_zone=America/Edmonton')).json().money;
    await send('estimates');
    await send('estimates', {
      lines: JSON.stringify([{ kind: 'labour', description: 'New boiler', amount_cents: 450_000 }]),
    });
    const invoice = await send('invoices');
    await clients.manager.post(`/api/tickets/${ticketId}/costs/${invoice.id}/paid`, {
      paid_on: '2027-03-01',
    });
    const money = (await clients.manager.get('/api/dashboard?time_zone=America/Edmonton')).json().money;
    expect(money.open_approvals).toBe(before.open_approvals + 2);
    expect(money.awaiting_owner).toBe(before.awaiting_owner + 1);
    const property = money.spend.find(
      (row: { property_id: number }) => row.property_id === w.north.property.id,
    );
    expect(property.currency).toBe('CAD');
    expect(property.months.at(-1)).toEqual({ month: '2027-03', cents: expect.any(Number) });
    expect(property.months.at(-1).cents).toBeGreaterThanOrEqual(31_500);
    const other = (await clients.otherManager.get('/api/dashboard?time_zone=America/Edmonton')).json().money;
    expect(other.spend.map((row: { property_id: number }) => row.property_id)).not.toContain(
      w.north.property.id,
    );
    for (const actor of ['tenant', 'contractor'] as const)
      expect((await clients[actor].get('/api/dashboard?time_zone=America/Edmonton')).json().money).toBeNull();
  });

  it("ranks the portfolio's top spenders for the super admin, kept until a payment is marked here", async () => {
    const money = async (): Promise<ApiDashboardMoney> =>
      (await clients.admin.get('/api/dashboard?time_zone=America/Edmonton')).json().money;
    const invoice = await send('invoices');
    await clients.manager.post(`/api/tickets/${ticketId}/costs/${invoice.id}/paid`, {
      paid_on: '2027-02-10',
    });
    const before = await money();
    const months = before.spend[0]?.months.map((item) => item.month) ?? [];
    expect(months).toHaveLength(DASHBOARD_TARGET_MONTHS);
    // The ranking is the paid invoices added up per property since the first month, most first.
    const counted = await t.db.execute<{ property_id: number; cents: number }>(
      sql`select t.property_id, sum(c.total_cents)::int as cents from ticket_costs c
          join tickets t on t.id = c.ticket_id join properties p on p.id = t.property_id
          where c.state = 'paid' and c.paid_on >= ${`${months[0]}-01`}::date
          group by t.property_id, p.name order by cents desc, p.name limit ${DASHBOARD_TOP_PROPERTIES}`,
    );
    expect(before.spend.map((row) => [row.property_id, row.total_cents])).toEqual(
      counted.rows.map((row) => [row.property_id, row.cents]),
    );
    for (const row of before.spend)
      expect(row.months.reduce((total, item) => total + item.cents, 0)).toBe(row.total_cents);

    // A payment written by another process (straight into the database here) is not read at once…
    const south = await insertTicket(t.db, { unit: w.south.unit, title: 'South boiler' });
    await t.db.insert(ticketCosts).values({
      ticketId: south.id,
      kind: 'invoice',
      currency: 'CAD',
      subtotalCents: 9_000_000,
      taxCents: 0,
      totalCents: 9_000_000,
      state: 'paid',
      paidOn: '2027-02-20',
    });
    expect((await money()).spend).toEqual(before.spend);
    // …until this process marks one paid, which reads the ranking again.
    const next = await send('invoices');
    await clients.manager.post(`/api/tickets/${ticketId}/costs/${next.id}/paid`, { paid_on: '2027-02-21' });
    const after = await money();
    expect(after.spend[0]).toMatchObject({ property_id: w.south.property.id, total_cents: 9_000_000 });
    expect(after.spend[0].months.find((item) => item.month === '2027-02')?.cents).toBe(9_000_000);
  });
  it("ranks a manager's top spenders as its landlord's paid invoices add up, month by month", async () => {
    const paid = (ticket: number, totalCents: number, paidOn: string, state = 'paid') =>
      t.db.insert(ticketCosts).values({
        ticketId: ticket,
        kind: 'invoice',
        currency: 'CAD',
        subtotalCents: totalCents,
        taxCents: 0,
        totalCents,
        state: state as 'paid',
        paidOn: state === 'paid' ? paidOn : null,
      });
    await paid(ticketId, 120_000, '2027-01-15');
    await paid(ticketId, 30_000, '2027-03-02');
    await paid(ticketId, 700_000, '2026-01-02'); // before the dashboard's months
    await paid(ticketId, 500_000, '2027-03-02', 'unpaid'); // not paid yet
    // The test before paid another landlord's invoices, which this landlord's ranking leaves out.
    const money: ApiDashboardMoney = (
      await clients.manager.get('/api/dashboard?time_zone=America/Edmonton')
    ).json().money;
    const months = money.spend[0]?.months.map((item) => item.month) ?? [];
    expect(months).toHaveLength(DASHBOARD_TARGET_MONTHS);
    const counted = await t.db.execute<{ property_id: number; month: string; cents: number }>(
      sql`select t.property_id, to_char(c.paid_on, 'YYYY-MM') as month, sum(c.total_cents)::int as cents
          from ticket_costs c join tickets t on t.id = c.ticket_id join properties p on p.id = t.property_id
          where c.state = 'paid' and c.paid_on >= ${`${months[0]}-01`}::date and p.landlord_id = ${w.north.landlord.id}
          group by t.property_id, month`,
    );
    const expected = new Map<number, Map<string, number>>();
    for (const row of counted.rows)
      expected.set(row.property_id, (expected.get(row.property_id) ?? new Map()).set(row.month, row.cents));
    expect(money.spend.map((row) => row.property_id).sort()).toEqual([...expected.keys()].sort());
    for (const row of money.spend) {
      for (const item of row.months)
        expect(item.cents).toBe(expected.get(row.property_id)?.get(item.month) ?? 0);
      expect(row.total_cents).toBe(row.months.reduce((total, item) => total + item.cents, 0));
    }
    const totals = money.spend.map((row) => row.total_cents);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    const north = money.spend.find((row) => row.property_id === w.north.property.id);
    expect(north?.months.find((item) => item.month === '2027-01')?.cents).toBeGreaterThanOrEqual(120_000);
  });
});

describe('hostile input', () => {
  const lines = (count: number, amount = 100) =>
    JSON.stringify(
      Array.from({ length: count }, (_, i) => ({
        kind: 'other',
        description: `Line ${i}`,
        amount_cents: amount,
      })),
    );

  it.each([
    ['a negative amount', { lines: lines(1, -100) }, 'lines.0.amount_cents'],
    ['an absurd amount', { lines: lines(1, 100_000_001) }, 'lines.0.amount_cents'],
    ['an absurd total', { lines: lines(2, 60_000_000) }, 'total_cents'],
    [
      'a fractional amount',
      { lines: JSON.stringify([{ kind: 'other', description: 'x', amount_cents: 10.5 }]) },
      'lines.0.amount_cents',
    ],
    ['too many lines', { lines: lines(31) }, 'lines'],
    ['no lines', { lines: '[]' }, 'lines'],
    [
      'an unknown line kind',
      { lines: JSON.stringify([{ kind: 'bribe', description: 'x', amount_cents: 1 }]) },
      'lines.0.kind',
    ],
    ['a total that does not add up', { total_cents: 1 }, 'total_cents'],
    ['another currency', { currency: 'USD' }, 'currency'],
    ['an unknown currency', { currency: 'XXX' }, 'currency'],
    [
      'a text file attached',
      { attachment: file(Buffer.from('hello'), 'note.txt', 'text/plain') },
      'attachment',
    ],
  ])('refuses %s (422) and writes nothing', async (_name, values, field) => {
    const before = await snapshot(t.db);
    const response = await clients.contractor.post(`/api/tickets/${ticketId}/estimates`, estimate(values));
    expect(response.statusCode, response.body).toBe(422);
    expect(Object.keys(response.json().errors)).toContain(field);
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('refuses a contractor not on the job, a tenant and a manager sending one, and strangers deciding', async () => {
    for (const actor of ['unroutedContractor', 'otherContractor', 'tenant', 'manager', 'admin'] as const) {
      const response = await clients[actor].post(`/api/tickets/${ticketId}/estimates`, estimate());
      expect([403, 404], `${actor}: ${response.body}`).toContain(response.statusCode);
    }
    const cost = await send('estimates');
    for (const actor of [
      'otherManager',
      'landlordlessManager',
      'tenant',
      'contractor',
      'otherContractor',
    ] as const) {
      const response = await clients[actor].post(`/api/tickets/${ticketId}/costs/${cost.id}/approve`);
      expect([403, 404], `${actor}: ${response.body}`).toContain(response.statusCode);
    }
    const [row] = await t.db
      .select()
      .from(ticketCosts)
      .where(and(eq(ticketCosts.id, cost.id), inArray(ticketCosts.state, ['pending'])));
    expect(row).toBeDefined();
  });
});
