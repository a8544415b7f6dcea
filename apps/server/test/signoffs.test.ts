/**
 * The tenant's sign-off of a completed ticket (issue 25): asked when the ticket becomes Completed (whoever completes
 * it, one ticket or a batch), answered in the app or by the signed link of its email, signed out: confirmed with a
 * rating (the contractor told, the managers alerted at 2 stars or fewer) or reopened with a reason (In Progress, the
 * contractor and the managers told); withdrawn when staff move the ticket on first. The averages kept for the
 * contractor's record and the dashboard equal the ratings counted. Every refusal leaves nothing written.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  contractorRatings,
  landlordRatings,
  outboxMessages,
  ticketAssignments,
  ticketLog,
  ticketSignoffs,
  tickets,
  users,
} from '../src/db/schema';
import { createTestApp, type TestApp, type TestClient } from './helpers/app';
import { snapshot } from './helpers/endpoints';
import {
  ALL_CHANNELS,
  acceptJob,
  clientFor,
  createContractor,
  createWorld,
  insertTicket,
  type World,
} from './helpers/ticket-factories';

const DAY = 24 * 60 * 60 * 1000;
let offset = 0;
const clock = () => new Date(Date.now() + offset);
let t: TestApp;
let w: World;
let manager: TestClient;
let plumber: TestClient;
let tenant: TestClient;
let neighbour: TestClient;
let admin: TestClient;

beforeAll(async () => {
  t = await createTestApp({ now: clock });
  w = await createWorld(t.db);
  await t.db.update(users).set({ notificationOptions: ALL_CHANNELS }).where(eq(users.id, w.north.tenant.id));
  manager = await clientFor(t, w.north.manager);
  plumber = await clientFor(t, w.north.plumber);
  tenant = await clientFor(t, w.north.tenant);
  neighbour = await clientFor(t, w.north.tenant2);
  admin = await clientFor(t, w.admin);
});
afterAll(() => t.close());

let ticketId: number;
beforeEach(async () => {
  offset = 0;
  ticketId = await acceptedTicket();
});

/** A ticket of north's tenant whose job north's plumber accepted, In Progress. */
async function acceptedTicket(): Promise<number> {
  const ticket = await insertTicket(t.db, {
    unit: w.north.unit,
    tenant: w.north.tenant,
    category: w.plumbing,
    status: 2,
    recipients: [w.north.plumber, w.north.manager],
  });
  await acceptJob(t.db, ticket, w.north.plumber.id, w.north.manager.id);
  return ticket.id;
}

const setStatus = (client: TestClient, status: number, id = ticketId) =>
  client.send('PATCH', `/api/tickets/${id}`, { status });
const answer = (
  client: TestClient,
  action: 'confirm' | 'reopen',
  body: Record<string, unknown>,
  id = ticketId,
) => client.post(`/api/tickets/${id}/signoff/${action}`, body);
const logOf = async (id = ticketId) =>
  (await t.db.select().from(ticketLog).where(eq(ticketLog.ticketId, id)).orderBy(asc(ticketLog.id))).map(
    (line) => line.action,
  );
const outboxOf = (userId: number, kind: string, id = ticketId) =>
  t.db
    .select()
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.userId, userId),
        eq(outboxMessages.kind, kind),
        sql`${outboxMessages.payload}->>'ticket_id' = ${String(id)}`,
      ),
    )
    .orderBy(asc(outboxMessages.id));
const signoffsOf = (id = ticketId) =>
  t.db.select().from(ticketSignoffs).where(eq(ticketSignoffs.ticketId, id)).orderBy(asc(ticketSignoffs.id));

/** The sign-off link of the newest email asking the tenant. */
async function linkTokenOf(id = ticketId): Promise<string> {
  const emails = (await outboxOf(w.north.tenant.id, 'ticket.signoff_asked', id)).filter(
    (row) => row.channel === 'email',
  );
  const text = emails[emails.length - 1]?.bodyText ?? '';
  const match = /\/signoff\/([^\s]+)/.exec(text);
  if (!match) throw new Error(`no sign-off link in ${text}`);
  return match[1];
}

/** What the trigger keeps, and the same figures counted from the sign-offs. */
async function totals() {
  const kept = {
    contractor: await t.db
      .select({ ratings: contractorRatings.ratings, sum: contractorRatings.ratingSum })
      .from(contractorRatings)
      .where(eq(contractorRatings.contractorId, w.north.plumber.id)),
    landlord: await t.db
      .select({ ratings: landlordRatings.ratings, sum: landlordRatings.ratingSum })
      .from(landlordRatings)
      .where(eq(landlordRatings.landlordId, w.north.landlord.id)),
  };
  const counted = async (where: ReturnType<typeof eq>) => {
    const [row] = await t.db
      .select({ ratings: sql<number>`count(*)::int`, sum: sql<number>`coalesce(sum(rating), 0)::int` })
      .from(ticketSignoffs)
      .where(and(where, sql`rating is not null`));
    return row;
  };
  return {
    kept: { contractor: kept.contractor[0] ?? { ratings: 0, sum: 0 }, landlord: kept.landlord[0] },
    counted: {
      contractor: await counted(eq(ticketSignoffs.contractorId, w.north.plumber.id)),
      landlord: await counted(eq(ticketSignoffs.landlordId, w.north.landlord.id)),
    },
  };
}

describe('asking the tenant', () => {
  it('asks when the ticket is completed: the row, the log, one message with the link instead of the status one', async () => {
    const response = await setStatus(plumber, 3);
    expect(response.statusCode, response.body).toBe(200);
    const [signoff] = await signoffsOf();
    expect(signoff).toMatchObject({
      state: 'asked',
      tenantId: w.north.tenant.id,
      contractorId: w.north.plumber.id,
      landlordId: w.north.landlord.id,
      rating: null,
    });
    expect(await logOf()).toEqual(expect.arrayContaining(['status_changed', 'signoff_asked']));
    const asked = await outboxOf(w.north.tenant.id, 'ticket.signoff_asked');
    expect(asked.map((row) => row.channel).sort()).toEqual(['email', 'sms', 'voice']);
    expect(asked.find((row) => row.channel === 'sms')?.bodyText).toMatch(/\/signoff\/\S+/);
    expect(asked.find((row) => row.channel === 'email')?.bodyHtml).toContain('/signoff/');
    // The question tells the tenant of the completion: no second message about the status.
    expect(await outboxOf(w.north.tenant.id, 'ticket.status_changed')).toEqual([]);
    const seen = (await tenant.get(`/api/tickets/${ticketId}`)).json();
    expect(seen.can.sign_off).toBe(true);
    expect(seen.signoff).toMatchObject({
      state: 'asked',
      state_text: 'Waiting for the tenant',
      tenant: { id: w.north.tenant.id, name: 'Jane Tenant' },
      contractor: { id: w.north.plumber.id, name: 'Marco Plumber' },
      rating: null,
    });
    for (const client of [manager, plumber, admin])
      expect((await client.get(`/api/tickets/${ticketId}`)).json().can.sign_off).toBe(false);
  });

  it('asks each tenant of a batch completion; a ticket without a tenant asks nobody', async () => {
    const other = await acceptedTicket();
    const lone = await insertTicket(t.db, { unit: w.north.unit, category: w.plumbing, status: 2 });
    const response = await manager.send('PATCH', '/api/tickets/batch/status', {
      tickets: [ticketId, other, lone.id],
      status: 3,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await signoffsOf()).toHaveLength(1);
    expect(await signoffsOf(other)).toHaveLength(1);
    expect(await signoffsOf(lone.id)).toEqual([]);
    expect((await manager.get(`/api/tickets/${lone.id}`)).json().signoff).toBeNull();
  });

  it('asks the tenant that completed its own ticket without telling it so', async () => {
    expect((await setStatus(tenant, 3)).statusCode).toBe(200);
    expect(await signoffsOf()).toHaveLength(1);
    expect(await outboxOf(w.north.tenant.id, 'ticket.signoff_asked')).toEqual([]);
    expect((await tenant.get(`/api/tickets/${ticketId}`)).json().can.sign_off).toBe(true);
  });

  it('is withdrawn when staff reopen or cancel the ticket first; its link and its buttons no longer answer', async () => {
    await setStatus(manager, 3);
    const token = await linkTokenOf();
    expect((await setStatus(manager, 4)).statusCode).toBe(200);
    expect((await signoffsOf()).map((row) => row.state)).toEqual(['withdrawn']);
    const before = await snapshot(t.db);
    const inApp = await answer(tenant, 'confirm', { rating: 5 });
    expect(inApp.statusCode).toBe(409);
    expect(inApp.json().message).toBe('This ticket is not waiting for your confirmation.');
    const byLink = await (await t.client()).post(`/api/signoff-links/${token}/confirm`, { rating: 5 });
    expect(byLink.statusCode).toBe(409);
    expect(byLink.json().message).toBe('This ticket is no longer waiting for your confirmation.');
    expect(await snapshot(t.db)).toEqual(before);
    // Completed again: asked anew, with a new link.
    await setStatus(manager, 3);
    expect((await signoffsOf()).map((row) => row.state)).toEqual(['withdrawn', 'asked']);
    expect(await linkTokenOf()).not.toBe(token);
  });
});

describe('the tenant confirms and rates', () => {
  it('confirms in the app: the rating shows on the ticket, the contractor is told, the averages count it', async () => {
    await setStatus(plumber, 3);
    offset = 2 * 60 * 60 * 1000;
    // The clock runs on (real time plus the offset): the answer is stamped between these two seconds.
    const sentAt = Math.floor(clock().getTime() / 1000);
    const response = await answer(tenant, 'confirm', {
      rating: '5',
      comment: '  Quick and tidy.\r\nThanks! ',
    });
    const answeredBy = Math.floor(clock().getTime() / 1000);
    expect(response.statusCode, response.body).toBe(200);
    const { message, data } = response.json();
    expect(message).toBe('Thank you! The repair is confirmed.');
    expect(data.can.sign_off).toBe(false);
    expect(data.signoff).toMatchObject({
      state: 'confirmed',
      rating: 5,
      comment: 'Quick and tidy.\nThanks!',
    });
    expect(data.signoff.answered_at_timestamp).toBeGreaterThanOrEqual(sentAt);
    expect(data.signoff.answered_at_timestamp).toBeLessThanOrEqual(answeredBy);
    expect(data.status).toBe(3);
    expect(await logOf()).toContain('signoff_confirmed');
    expect(await outboxOf(w.north.plumber.id, 'ticket.rated')).not.toEqual([]);
    expect(await outboxOf(w.north.manager.id, 'ticket.rated')).toEqual([]);
    expect(await outboxOf(w.north.manager.id, 'ticket.rated_low')).toEqual([]);
    // Everyone on the ticket reads the rating.
    for (const client of [manager, plumber, admin])
      expect((await client.get(`/api/tickets/${ticketId}`)).json().signoff).toMatchObject({ rating: 5 });
    const again = await answer(tenant, 'reopen', { reason: 'Changed my mind' });
    expect(again.statusCode).toBe(409);
    const { kept, counted } = await totals();
    expect(kept).toEqual(counted);
    const record = (await manager.get(`/api/contractors/${w.north.plumber.id}`)).json();
    expect(record.rating).toEqual({ count: counted.contractor.ratings, average: expect.any(Number) });
  });

  it('a rating of 2 or less alerts the managers', async () => {
    await setStatus(plumber, 3);
    const response = await answer(tenant, 'confirm', { rating: 2, comment: 'Still drips a little.' });
    expect(response.statusCode, response.body).toBe(200);
    const alerts = await outboxOf(w.north.manager.id, 'ticket.rated_low');
    expect(alerts.map((row) => row.channel)).toContain('email');
    expect(alerts.find((row) => row.channel === 'email')?.bodyText).toContain('Still drips a little.');
    expect(await outboxOf(w.north.plumber.id, 'ticket.rated_low')).not.toEqual([]);
  });

  it('refuses a missing or out-of-range rating and an over-long comment, writing nothing', async () => {
    await setStatus(plumber, 3);
    const before = await snapshot(t.db);
    for (const rating of [undefined, '', '0', '6', '4.5', 'five', '-1', '1e0']) {
      const response = await answer(tenant, 'confirm', rating === undefined ? {} : { rating });
      expect(response.statusCode, `rating ${rating}: ${response.body}`).toBe(422);
      expect(response.json().errors).toEqual({ rating: ['Please rate the repair from 1 to 5 stars'] });
    }
    const long = await answer(tenant, 'confirm', { rating: 4, comment: 'x'.repeat(1001) });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toEqual({ comment: ['Please keep it to 1000 characters or fewer'] });
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('is the tenant’s alone: staff and the contractor are refused, another tenant does not see the ticket', async () => {
    await setStatus(plumber, 3);
    const before = await snapshot(t.db);
    for (const client of [manager, admin, plumber]) {
      const response = await answer(client, 'confirm', { rating: 5 });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('Only the ticket’s tenant can confirm the repair.');
    }
    expect((await answer(neighbour, 'confirm', { rating: 5 })).statusCode).toBe(404);
    expect(await snapshot(t.db)).toEqual(before);
  });
});

describe('the tenant reopens', () => {
  it('goes back to In Progress with the reason; the contractor and the managers are told; completing asks anew', async () => {
    await setStatus(plumber, 3);
    const before = await snapshot(t.db);
    const empty = await answer(tenant, 'reopen', { reason: '  ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ reason: ['Please say what still needs fixing'] });
    expect(await snapshot(t.db)).toEqual(before);
    const response = await answer(tenant, 'reopen', { reason: 'The tap still leaks.' });
    expect(response.statusCode, response.body).toBe(200);
    const { message, data } = response.json();
    expect(message).toBe('The ticket is reopened; the contractor and the managers have been told.');
    expect(data).toMatchObject({ status: 2, status_text: 'In Progress', closed_at: null });
    expect(data.signoff).toMatchObject({ state: 'reopened', reopen_reason: 'The tap still leaks.' });
    const [row] = await t.db.select().from(tickets).where(eq(tickets.id, ticketId));
    expect(row.closedAt).toBeNull();
    expect(await logOf()).toEqual(expect.arrayContaining(['signoff_reopened', 'status_changed']));
    for (const person of [w.north.plumber, w.north.manager]) {
      const told = await outboxOf(person.id, 'ticket.reopened');
      expect(told.find((line) => line.channel === 'email')?.bodyText).toContain('The tap still leaks.');
    }
    expect(await outboxOf(w.north.tenant.id, 'ticket.reopened')).toEqual([]);
    await setStatus(plumber, 3);
    expect((await signoffsOf()).map((signoff) => signoff.state)).toEqual(['reopened', 'asked']);
    const details = (await tenant.get(`/api/tickets/${ticketId}`)).json();
    expect(details.signoffs.map((signoff: { state: string }) => signoff.state)).toEqual([
      'asked',
      'reopened',
    ]);
  });
});

describe('the signed link, signed out', () => {
  it('shows the question and answers it once', async () => {
    await setStatus(plumber, 3);
    const token = await linkTokenOf();
    const guest = await t.client();
    const shown = await guest.get(`/api/signoff-links/${token}`);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toMatchObject({
      ticket_id: ticketId,
      tenant_name: 'Jane Tenant',
      contractor_name: 'Marco Plumber',
      state: 'asked',
      rating: null,
    });
    const before = await snapshot(t.db);
    const bad = await guest.post(`/api/signoff-links/${token}/confirm`, { rating: 9 });
    expect(bad.statusCode).toBe(422);
    expect(await snapshot(t.db)).toEqual(before);
    const confirmed = await guest.post(`/api/signoff-links/${token}/confirm`, { rating: 4 });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({
      message: 'Thank you! The repair is confirmed.',
      data: { state: 'confirmed', rating: 4 },
    });
    const [line] = await t.db
      .select()
      .from(ticketLog)
      .where(and(eq(ticketLog.ticketId, ticketId), eq(ticketLog.action, 'signoff_confirmed')));
    // Logged as the tenant it names.
    expect(line.userId).toBe(w.north.tenant.id);
    const twice = await guest.post(`/api/signoff-links/${token}/reopen`, { reason: 'No' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This repair has already been answered.');
  });

  it('reopens from the link', async () => {
    await setStatus(plumber, 3);
    const token = await linkTokenOf();
    const reopened = await (await t.client()).post(`/api/signoff-links/${token}/reopen`, {
      reason: 'Water under the sink again',
    });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json().data).toMatchObject({ state: 'reopened' });
    const [row] = await t.db.select().from(tickets).where(eq(tickets.id, ticketId));
    expect(row.status).toBe(2);
  });

  it('refuses a forged, altered or expired link before reading anything, and an older one once asked anew', async () => {
    await setStatus(plumber, 3);
    const token = await linkTokenOf();
    const guest = await t.client();
    const altered = token.replace(/^[0-9a-z]+/, (id) => (Number.parseInt(id, 36) + 1).toString(36));
    const assignmentShaped = `${token.slice(0, -2)}AA`;
    for (const wrong of [altered, assignmentShaped, 'abc', `${token}x`]) {
      const response = await guest.get(`/api/signoff-links/${wrong}`);
      expect(response.statusCode, wrong).toBe(400);
      expect(response.json().message).toBe(
        'This link is not valid or has expired. Please sign in to Mend to answer.',
      );
    }
    offset = 31 * DAY;
    expect((await guest.get(`/api/signoff-links/${token}`)).statusCode).toBe(400);
    offset = 0;
    await answer(tenant, 'reopen', { reason: 'Not fixed' });
    await setStatus(plumber, 3);
    const old = await guest.post(`/api/signoff-links/${token}/confirm`, { rating: 5 });
    expect(old.statusCode).toBe(409);
  });
});

describe('two answers at once', () => {
  it('one wins, the other is refused; the ticket is in one state', async () => {
    await setStatus(plumber, 3);
    const token = await linkTokenOf();
    const guest = await t.client();
    const [inApp, byLink] = await Promise.all([
      answer(tenant, 'confirm', { rating: 5 }),
      guest.post(`/api/signoff-links/${token}/reopen`, { reason: 'Still leaking' }),
    ]);
    expect([inApp.statusCode, byLink.statusCode].sort()).toEqual([200, 409]);
    const [signoff] = await signoffsOf();
    const [row] = await t.db.select().from(tickets).where(eq(tickets.id, ticketId));
    expect(row.status).toBe(signoff.state === 'confirmed' ? 3 : 2);
  });
});

describe('the averages', () => {
  it('follow every rating: given, its ticket deleted, its contractor deleted', async () => {
    const rate = async (rating: number) => {
      const id = await acceptedTicket();
      await setStatus(plumber, 3, id);
      expect((await answer(tenant, 'confirm', { rating }, id)).statusCode).toBe(200);
      return id;
    };
    await rate(3);
    const deleted = await rate(1);
    let figures = await totals();
    expect(figures.kept).toEqual(figures.counted);
    expect((await manager.send('DELETE', `/api/tickets/${deleted}`)).statusCode).toBe(200);
    figures = await totals();
    expect(figures.kept).toEqual(figures.counted);
    const dashboard = (await manager.get('/api/dashboard')).json();
    expect(dashboard.ratings).toEqual({
      count: figures.counted.landlord.ratings,
      average: Math.round((figures.counted.landlord.sum / figures.counted.landlord.ratings) * 100) / 100,
    });
    expect((await plumber.get('/api/dashboard')).json().ratings.count).toBe(
      figures.counted.contractor.ratings,
    );
    expect((await tenant.get('/api/dashboard')).json().ratings).toBeNull();
    const portfolio = (await admin.get('/api/dashboard')).json().ratings;
    expect(portfolio.count).toBeGreaterThanOrEqual(figures.counted.landlord.ratings);
    // The contractor's record: staff and itself; another contractor and tenants never.
    expect((await plumber.get(`/api/users/${w.north.plumber.id}`)).json().rating.count).toBe(
      figures.counted.contractor.ratings,
    );
    expect((await manager.get(`/api/contractors/${w.north.electrician.id}`)).json().rating).toEqual({
      count: 0,
      average: null,
    });
    expect((await manager.get(`/api/tenants/${w.north.tenant.id}`)).json().rating).toBeNull();

    // A deleted contractor's ratings stay the landlord's; its own row goes with it.
    const leaving = await createContractor(t.db, w.north.landlord.id, ['Lee', 'Leaving'], [], []);
    const id = await acceptedTicket();
    await t.db
      .update(ticketAssignments)
      .set({ contractorId: leaving.id })
      .where(eq(ticketAssignments.ticketId, id));
    await setStatus(manager, 3, id);
    expect((await answer(tenant, 'confirm', { rating: 5 }, id)).statusCode).toBe(200);
    const landlordBefore = (await totals()).kept.landlord;
    expect((await manager.send('DELETE', `/api/contractors/${leaving.id}`)).statusCode).toBe(200);
    expect(
      await t.db.select().from(contractorRatings).where(eq(contractorRatings.contractorId, leaving.id)),
    ).toEqual([]);
    figures = await totals();
    expect(figures.kept.landlord).toEqual(landlordBefore);
    expect(figures.kept).toEqual(figures.counted);
  });
});
