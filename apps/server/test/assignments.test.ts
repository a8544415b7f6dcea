/**
 * One assigned contractor per ticket (issue 25): assign, reassign, unassign; the contractor's answer in the app and by
 * the signed link of its email; the managers alerted once when nobody answered in time (the due-work worker, on the
 * app's clock); the lists' "Assigned to" filter and a contractor's assigned jobs first. Every refusal leaves nothing
 * written.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  landlords,
  notifications,
  outboxMessages,
  ticketAssignments,
  ticketLog,
  tickets,
  users,
} from '../src/db/schema';
import { alertUnansweredAssignments } from '../src/modules/assignments/alerts';
import { createTestApp, type TestApp, type TestClient } from './helpers/app';
import { snapshot } from './helpers/endpoints';
import { statementRecorder } from './helpers/statements';
import {
  clientFor,
  createContractor,
  createWorld,
  insertTicket,
  type World,
} from './helpers/ticket-factories';

const HOUR = 60 * 60 * 1000;
let clock = new Date('2026-03-02T15:00:00Z');
let t: TestApp;
let w: World;
let manager: TestClient;
let plumber: TestClient;
let electrician: TestClient;
let tenant: TestClient;
let admin: TestClient;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  w = await createWorld(t.db);
  manager = await clientFor(t, w.north.manager);
  plumber = await clientFor(t, w.north.plumber);
  electrician = await clientFor(t, w.north.electrician);
  tenant = await clientFor(t, w.north.tenant);
  admin = await clientFor(t, w.admin);
});
afterAll(() => t.close());

let ticketId: number;
beforeEach(async () => {
  clock = new Date('2026-03-02T15:00:00Z');
  const ticket = await insertTicket(t.db, {
    unit: w.north.unit,
    tenant: w.north.tenant,
    category: w.plumbing,
    recipients: [w.north.plumber, w.north.manager],
  });
  ticketId = ticket.id;
});

const url = (suffix = '') => `/api/tickets/${ticketId}/assignment${suffix}`;
const assignTo = (client: TestClient, contractorId: number, id = ticketId) =>
  client.send('PUT', `/api/tickets/${id}/assignment`, { contractor_id: contractorId });
const logOf = async (id = ticketId) =>
  (await t.db.select().from(ticketLog).where(eq(ticketLog.ticketId, id))).map((line) => line.action);
const outboxOf = (userId: number, kind: string) =>
  t.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.userId, userId), eq(outboxMessages.kind, kind)))
    .orderBy(asc(outboxMessages.id));
/** The answer link of the newest assignment email to the plumber. */
async function linkTokenOf(userId: number): Promise<string> {
  const emails = (await outboxOf(userId, 'ticket.assigned')).filter((row) => row.channel === 'email');
  const text = emails[emails.length - 1].bodyText;
  const match = /\/assignment\/([^\s]+)/.exec(text);
  if (!match) throw new Error(`no answer link in ${text}`);
  return match[1];
}

describe('assigning', () => {
  it('assigns a routed contractor: the answer, the log, its notification, email and SMS with the link', async () => {
    const response = await assignTo(manager, w.north.plumber.id);
    expect(response.statusCode, response.body).toBe(200);
    const { message, data } = response.json();
    expect(message).toBe('Ticket assigned to Marco Plumber.');
    expect(data.assignment).toMatchObject({
      id: w.north.plumber.id,
      name: 'Marco Plumber',
      state: 'pending',
      state_text: 'Waiting for an answer',
      assigned_at_timestamp: clock.getTime() / 1000,
      respond_by_timestamp: clock.getTime() / 1000 + 48 * 3600,
      answered_at_timestamp: null,
    });
    expect(data.assignee).toEqual({
      id: w.north.plumber.id,
      name: 'Marco Plumber',
      state: 'pending',
      state_text: 'Waiting for an answer',
    });
    expect(await logOf()).toContain('assigned');
    const [notification] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, w.north.plumber.id), eq(notifications.ticketId, ticketId)));
    expect(notification.title).toMatch(/assigned to you/);
    const sent = await outboxOf(w.north.plumber.id, 'ticket.assigned');
    expect(sent.map((row) => row.channel).sort()).toEqual(['email', 'sms', 'voice']);
    const email = sent.find((row) => row.channel === 'email')!;
    expect(email.bodyText).toContain('Accept or decline');
    expect(email.bodyHtml).toContain('/assignment/');
    expect(sent.find((row) => row.channel === 'sms')!.bodyText).toMatch(/\/assignment\/\S+/);
    // The contractor sees who holds its job, and that it may answer.
    const seen = (await plumber.get(`/api/tickets/${ticketId}`)).json();
    expect(seen.can).toMatchObject({ assign: false, answer_assignment: true });
  });

  it('offers the matched contractors first, then the landlord’s others; never another landlord’s', async () => {
    const answer = (await manager.get(`/api/tickets/${ticketId}/assignable-contractors`)).json();
    const ids = answer.data.map((row: { id: number }) => row.id);
    expect(answer.data[0]).toMatchObject({ id: w.north.plumber.id, matched: true });
    expect(ids).toEqual(expect.arrayContaining([w.north.electrician.id, w.north.plumber2.id]));
    expect(ids).not.toContain(w.south.plumber.id);
    expect(answer.data.filter((row: { matched: boolean }) => row.matched)).toHaveLength(1);
  });

  it('reads the landlord’s contractors alone, not every person of the landlord', async () => {
    // A landlord's tenants are most of its people: read and dropped one by one, they made the call four times slower
    // at full scale (bench:http --surface).
    const recorder = statementRecorder(t.db);
    const statements = await recorder.during(async () => {
      expect((await manager.get(`/api/tickets/${ticketId}/assignable-contractors`)).statusCode).toBe(200);
    });
    const [offered] = statements.filter((statement) => statement.text.includes('"ticket_recipients"'));
    expect(offered.text).toMatch(/"landlord_id" = \$\d+ and "users"\."role" = 3 union/);
  });

  it('lets a contractor the routing did not choose see the job while it holds it', async () => {
    expect((await electrician.get(`/api/tickets/${ticketId}`)).statusCode).toBe(404);
    expect((await assignTo(manager, w.north.electrician.id)).statusCode).toBe(200);
    expect((await electrician.get(`/api/tickets/${ticketId}`)).statusCode).toBe(200);
    const unassigned = await manager.send('DELETE', url());
    expect(unassigned.statusCode, unassigned.body).toBe(200);
    expect(unassigned.json().data.assignment).toBeNull();
    expect((await electrician.get(`/api/tickets/${ticketId}`)).statusCode).toBe(404);
    expect(await logOf()).toEqual(expect.arrayContaining(['assigned', 'unassigned']));
  });

  it('keeps the ticket of a routed contractor that is unassigned', async () => {
    await assignTo(manager, w.north.plumber.id);
    await manager.send('DELETE', url());
    expect((await plumber.get(`/api/tickets/${ticketId}`)).statusCode).toBe(200);
  });

  it('reassigns: the contractor before is told, an older link no longer answers', async () => {
    await assignTo(manager, w.north.plumber.id);
    const oldToken = await linkTokenOf(w.north.plumber.id);
    const response = await assignTo(admin, w.north.electrician.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(await logOf()).toContain('reassigned');
    expect(await outboxOf(w.north.plumber.id, 'ticket.unassigned')).not.toHaveLength(0);
    const guest = await t.client();
    const stale = await guest.get(`/api/assignment-links/${oldToken}`);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('This job is no longer assigned to you.');
  });

  it('refuses the same contractor twice, a contractor of another landlord, a tenant and a closed ticket', async () => {
    await assignTo(manager, w.north.plumber.id);
    const before = await snapshot(t.db);
    const again = await assignTo(manager, w.north.plumber.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Marco Plumber is already assigned to this ticket.');
    for (const id of [w.south.plumber.id, w.north.tenant.id, w.north.manager.id, 999_999]) {
      const refused = await assignTo(manager, id);
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json().errors).toEqual({
        contractor_id: ['Please choose a contractor of this landlord'],
      });
    }
    for (const value of ['', 'abc', '-1', '1.5']) {
      const refused = await manager.send('PUT', url(), { contractor_id: value });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors.contractor_id).toEqual(['Please choose a contractor']);
    }
    expect(await snapshot(t.db)).toEqual(before);
    const closed = await insertTicket(t.db, { unit: w.north.unit, category: w.plumbing, status: 3 });
    const onClosed = await assignTo(manager, w.north.plumber.id, closed.id);
    expect(onClosed.statusCode).toBe(409);
    expect((await manager.get(`/api/tickets/${closed.id}`)).json().can.assign).toBe(false);
    expect((await manager.get(`/api/tickets/${ticketId}`)).json().can.assign).toBe(true);
  });

  it('refuses unassigning a ticket nobody holds', async () => {
    const response = await manager.send('DELETE', url());
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Nobody is assigned to this ticket.');
  });

  it('gives the contractor the landlord’s hours to answer', async () => {
    await t.db
      .update(landlords)
      .set({ assignmentResponseHours: 4 })
      .where(eq(landlords.id, w.north.landlord.id));
    const { data } = (await assignTo(manager, w.north.plumber.id)).json();
    expect(data.assignment.respond_by_timestamp).toBe(clock.getTime() / 1000 + 4 * 3600);
    await t.db
      .update(landlords)
      .set({ assignmentResponseHours: 48 })
      .where(eq(landlords.id, w.north.landlord.id));
  });
});

describe('the contractor’s answer in the app', () => {
  it('accepts: the managers are told, a second answer is refused', async () => {
    await assignTo(manager, w.north.plumber.id);
    clock = new Date(clock.getTime() + HOUR);
    const response = await plumber.post(url('/accept'));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.assignment).toMatchObject({
      state: 'accepted',
      answered_at_timestamp: clock.getTime() / 1000,
    });
    expect(await outboxOf(w.north.manager.id, 'ticket.assignment_accepted')).not.toHaveLength(0);
    expect((await plumber.post(url('/accept'))).statusCode).toBe(409);
    expect((await plumber.post(url('/decline'), { reason: 'Changed my mind' })).statusCode).toBe(409);
    // The tenant now sees who is coming.
    expect((await tenant.get(`/api/tickets/${ticketId}`)).json().assignment).toMatchObject({
      state: 'accepted',
    });
  });

  it('declines with a reason, which the managers read and the tenant does not', async () => {
    await assignTo(manager, w.north.electrician.id);
    const before = await snapshot(t.db);
    const empty = await electrician.post(url('/decline'), { reason: '   ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ reason: ['Please give a reason'] });
    expect(await snapshot(t.db)).toEqual(before);
    const response = await electrician.post(url('/decline'), { reason: 'No electrician free this week' });
    expect(response.statusCode, response.body).toBe(200);
    // It saw the ticket only because it was assigned: no longer.
    expect(response.json().data).toBeNull();
    expect((await electrician.get(`/api/tickets/${ticketId}`)).statusCode).toBe(404);
    const seenByManager = (await manager.get(`/api/tickets/${ticketId}`)).json();
    expect(seenByManager.assignment).toMatchObject({
      state: 'declined',
      decline_reason: 'No electrician free this week',
    });
    expect(seenByManager.log.map((line: { action: string }) => line.action)).toContain('assignment_declined');
    const seenByTenant = (await tenant.get(`/api/tickets/${ticketId}`)).json();
    expect(seenByTenant.assignment).toBeNull();
    expect(JSON.stringify(seenByTenant)).not.toContain('No electrician free');
    const declined = await outboxOf(w.north.manager.id, 'ticket.assignment_declined');
    expect(declined.find((row) => row.channel === 'email')!.bodyText).toContain(
      'No electrician free this week',
    );
    // Declined is nobody's: the same contractor may be asked again.
    expect((await assignTo(manager, w.north.electrician.id)).statusCode).toBe(200);
  });

  it('refuses an answer from anyone but the assigned contractor', async () => {
    await assignTo(manager, w.north.electrician.id);
    expect((await plumber.post(url('/accept'))).statusCode).toBe(403);
    expect((await manager.post(url('/accept'))).statusCode).toBe(403);
    expect((await tenant.post(url('/accept'))).statusCode).toBe(403);
  });
});

describe('the signed link', () => {
  it('shows the job and accepts it signed out, once', async () => {
    await assignTo(manager, w.north.plumber.id);
    const token = await linkTokenOf(w.north.plumber.id);
    const guest = await t.client();
    const shown = await guest.get(`/api/assignment-links/${token}`);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toMatchObject({
      ticket_id: ticketId,
      contractor_name: 'Marco Plumber',
      state: 'pending',
    });
    const accepted = await guest.post(`/api/assignment-links/${token}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ message: 'You accepted this job.', data: { state: 'accepted' } });
    const replayed = await guest.post(`/api/assignment-links/${token}/accept`);
    expect(replayed.statusCode).toBe(409);
    expect(replayed.json().message).toBe('This job has already been answered.');
    const [line] = await t.db
      .select()
      .from(ticketLog)
      .where(and(eq(ticketLog.ticketId, ticketId), eq(ticketLog.action, 'assignment_accepted')));
    expect(line.userId).toBe(w.north.plumber.id);
  });

  it('declines with a reason signed out', async () => {
    await assignTo(manager, w.north.plumber.id);
    const token = await linkTokenOf(w.north.plumber.id);
    const guest = await t.client();
    expect((await guest.post(`/api/assignment-links/${token}/decline`, { reason: '' })).statusCode).toBe(422);
    const declined = await guest.post(`/api/assignment-links/${token}/decline`, { reason: 'On holiday' });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().data.state).toBe('declined');
  });

  it('refuses a tampered, forged or expired link without writing anything', async () => {
    await assignTo(manager, w.north.plumber.id);
    const token = await linkTokenOf(w.north.plumber.id);
    const guest = await t.client();
    const before = await snapshot(t.db);
    const [ticket, contractor, ...rest] = token.split('.');
    const tampered = [
      [ticket, w.north.electrician.id.toString(36), ...rest].join('.'),
      [(Number.parseInt(ticket, 36) + 1).toString(36), contractor, ...rest].join('.'),
      `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`,
      'garbage',
      `${token}.extra`,
    ];
    for (const bad of tampered) {
      for (const suffix of ['', '/accept']) {
        const response =
          suffix === ''
            ? await guest.get(`/api/assignment-links/${encodeURIComponent(bad)}`)
            : await guest.post(`/api/assignment-links/${encodeURIComponent(bad)}${suffix}`);
        expect(response.statusCode, `${bad}${suffix}`).toBe(400);
        expect(response.json().message).toBe(
          'This link is not valid or has expired. Please sign in to Mend to answer.',
        );
      }
    }
    clock = new Date(clock.getTime() + 46 * 24 * HOUR);
    expect((await guest.post(`/api/assignment-links/${token}/accept`)).statusCode).toBe(400);
    expect(await snapshot(t.db)).toEqual(before);
  });
});

describe('no answer in time', () => {
  /** The alerts about this test's ticket in a manager's outbox. */
  const alertsAbout = async (userId: number) =>
    (await outboxOf(userId, 'ticket.assignment_unanswered')).filter(
      (row) => (row.payload as { ticket_id?: number }).ticket_id === ticketId,
    );
  const pendingAlerts = () =>
    t.db
      .select()
      .from(ticketAssignments)
      .where(and(eq(ticketAssignments.ticketId, ticketId), sql`${ticketAssignments.alertedAt} is not null`));

  it('alerts the managers once, after the landlord’s hours, on the app’s clock', async () => {
    await assignTo(admin, w.north.plumber.id);
    clock = new Date(clock.getTime() + 47 * HOUR);
    await t.app.dueWork.runOnce();
    expect(await pendingAlerts()).toHaveLength(0);
    clock = new Date(clock.getTime() + 2 * HOUR);
    const done = await t.app.dueWork.runOnce();
    expect(done.assignment_alerts).toBeGreaterThanOrEqual(1);
    expect(await pendingAlerts()).toHaveLength(1);
    const alerted = await alertsAbout(w.north.manager.id);
    expect(alerted.filter((row) => row.channel === 'email')).toHaveLength(1);
    // The super admin who assigned it is told too.
    const [adminNotice] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, w.admin.id), eq(notifications.ticketId, ticketId)));
    expect(adminNotice.title).toMatch(/No answer from Marco Plumber/);
    expect(await logOf()).toContain('assignment_unanswered');
    clock = new Date(clock.getTime() + 24 * HOUR);
    await t.app.dueWork.runOnce();
    expect(await alertsAbout(w.north.manager.id)).toHaveLength(alerted.length);
  });

  it('does not alert about an answered assignment', async () => {
    await assignTo(manager, w.north.plumber.id);
    await plumber.post(url('/accept'));
    clock = new Date(clock.getTime() + 72 * HOUR);
    await t.app.dueWork.runOnce();
    expect(await pendingAlerts()).toHaveLength(0);
  });

  it('records nothing when the alert fails half-way, and alerts on the next look', async () => {
    await assignTo(manager, w.north.plumber.id);
    clock = new Date(clock.getTime() + 49 * HOUR);
    const broken = new Proxy(t.app.messaging, {
      get(target, property) {
        if (property === 'appUrl') throw new Error('the process died');
        return Reflect.get(target, property);
      },
    });
    await expect(alertUnansweredAssignments(t.db, broken, clock, 50)).rejects.toThrow('the process died');
    expect(await pendingAlerts()).toHaveLength(0);
    expect(await logOf()).not.toContain('assignment_unanswered');
    await t.app.dueWork.runOnce();
    expect(await pendingAlerts()).toHaveLength(1);
  });

  it('alerts once when two workers look at the same time', async () => {
    await assignTo(manager, w.north.plumber.id);
    clock = new Date(clock.getTime() + 49 * HOUR);
    await Promise.all([
      alertUnansweredAssignments(t.db, t.app.messaging, clock, 50),
      alertUnansweredAssignments(t.db, t.app.messaging, clock, 50),
      alertUnansweredAssignments(t.db, t.app.messaging, clock, 50),
    ]);
    const alerted = await alertsAbout(w.north.manager.id);
    expect(alerted.filter((row) => row.channel === 'email')).toHaveLength(1);
    expect(await logOf()).toEqual(expect.arrayContaining(['assignment_unanswered']));
    expect((await logOf()).filter((action) => action === 'assignment_unanswered')).toHaveLength(1);
  });
});

describe('lists', () => {
  it('filter by who is assigned, and show a contractor its assigned jobs first', async () => {
    const older = await insertTicket(t.db, {
      unit: w.north.unit,
      category: w.plumbing,
      recipients: [w.north.plumber, w.north.manager],
      createdAt: new Date('2020-01-01T00:00:00Z'),
    });
    await assignTo(manager, w.north.plumber.id, older.id);
    const mine = (await manager.get(`/api/tickets?assigned_to=${w.north.plumber.id}&per_page=100`)).json();
    const mineIds = mine.data.map((row: { id: number }) => row.id);
    expect(mineIds).toContain(older.id);
    expect(mineIds).not.toContain(ticketId);
    expect(mine.data.find((row: { id: number }) => row.id === older.id).assignee.name).toBe('Marco Plumber');
    const nobody = (await manager.get('/api/tickets?assigned_to=none&per_page=100')).json();
    const nobodyIds = nobody.data.map((row: { id: number }) => row.id);
    expect(nobodyIds).toContain(ticketId);
    expect(nobodyIds).not.toContain(older.id);
    type Row = { id: number; assignee: { id: number; state: string } | null };
    const holds = (row: Row) => row.assignee?.id === w.north.plumber.id && row.assignee.state !== 'declined';
    for (const path of [
      '/api/tickets?per_page=100',
      '/api/tickets?sort=title&order=asc&per_page=100',
      '/api/tickets?order=asc&per_page=100',
    ]) {
      const rows: Row[] = (await plumber.get(path)).json().data;
      const firstOther = rows.findIndex((row) => !holds(row));
      expect(firstOther, path).toBeGreaterThan(0);
      expect(rows.slice(firstOther).some(holds), path).toBe(false);
      expect(
        rows.slice(0, firstOther).map((row) => row.id),
        path,
      ).toContain(older.id);
    }
    // Unreadable filter values are no filter.
    const all = (await manager.get('/api/tickets?assigned_to=abc&per_page=100')).json();
    expect(all.data.map((row: { id: number }) => row.id)).toEqual(
      expect.arrayContaining([ticketId, older.id]),
    );
  });
});

describe('the ticket’s copy of who holds it', () => {
  const held = async (id = ticketId) =>
    (await t.db.select({ held: tickets.held }).from(tickets).where(eq(tickets.id, id)))[0]?.held;
  const nobodyIds = async () =>
    (await manager.get('/api/tickets?assigned_to=none&per_page=100'))
      .json()
      .data.map((row: { id: number }) => row.id);

  it('follows every change of the assignment, the “Nobody” list with it', async () => {
    expect(await held()).toBe(false);
    await assignTo(manager, w.north.electrician.id);
    expect(await held()).toBe(true);
    expect(await nobodyIds()).not.toContain(ticketId);
    await electrician.post(url('/decline'), { reason: 'Not my trade' });
    expect(await held()).toBe(false);
    expect(await nobodyIds()).toContain(ticketId);
    await assignTo(manager, w.north.plumber.id);
    expect(await held()).toBe(true);
    await manager.send('DELETE', url());
    expect(await held()).toBe(false);
  });

  it('goes with a deleted contractor, which unassigns it', async () => {
    const leaving = await createContractor(
      t.db,
      w.north.landlord.id,
      ['Lee', 'Leaving'],
      [w.north.property.id],
      [w.plumbing.id],
    );
    await assignTo(manager, leaving.id);
    expect(await held()).toBe(true);
    await t.db.delete(users).where(eq(users.id, leaving.id));
    expect(await held()).toBe(false);
  });
});

describe('the landlord’s hours', () => {
  it('are set on the landlord form, within 1 to 720', async () => {
    const path = `/api/landlords/${w.north.landlord.id}`;
    const form = {
      _method: 'PATCH',
      name: 'North Landlord',
      description: 'North',
      assignment_response_hours: 24,
    };
    const saved = await manager.post(path, form);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().assignment_response_hours).toBe(24);
    for (const bad of [0, 721, 'abc', 2.5]) {
      const refused = await manager.post(path, { ...form, assignment_response_hours: bad });
      expect(refused.statusCode, String(bad)).toBe(422);
      expect(refused.json().errors.assignment_response_hours).toEqual([
        'Please enter a whole number of hours from 1 to 720',
      ]);
    }
    const kept = await manager.post(path, { _method: 'PATCH', name: 'North Landlord', description: 'North' });
    expect(kept.json().assignment_response_hours).toBe(24);
    await t.db
      .update(landlords)
      .set({ assignmentResponseHours: 48 })
      .where(eq(landlords.id, w.north.landlord.id));
  });
});
