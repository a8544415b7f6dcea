/** Editing, status changes (single and batch), deletes (single and batch): logs, notifications, outbox, routes. */
import path from 'node:path';
import { en } from '@mend/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  notifications,
  outboxMessages,
  ticketAvailability,
  ticketLog,
  ticketRecipients,
  tickets,
} from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers/app';
import {
  clientFor,
  createWorld,
  file,
  filesUnder,
  insertTicket,
  pngImage,
  ticketForm,
  type World,
} from './helpers/ticket-factories';

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
});
afterAll(() => t.close());

/** A ticket made through the API by the north manager on the north unit (tenant Jane), plumbing. */
async function managerTicket(overrides: Record<string, unknown> = {}) {
  const client = await clientFor(t, w.north.manager);
  const response = await client.post(
    '/api/tickets',
    ticketForm({ unit_id: w.north.unit.id, category_id: w.plumbing.id, ...overrides }),
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const editForm = (overrides: Record<string, unknown> = {}) =>
  ticketForm({ _method: 'PATCH', unit_id: w.north.unit.id, category_id: w.plumbing.id, ...overrides });

async function logOf(ticketId: number) {
  return t.db.select().from(ticketLog).where(eq(ticketLog.ticketId, ticketId)).orderBy(asc(ticketLog.id));
}

async function notified(ticketId: number, title?: string) {
  const rows = await t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.ticketId, ticketId), title ? eq(notifications.title, title) : undefined))
    .orderBy(asc(notifications.userId));
  return rows;
}

describe('PATCH /api/tickets/{id} (the edit form)', () => {
  it('logs the changed fields in one entry, and nothing when nothing changed', async () => {
    const ticket = await managerTicket();
    const client = await clientFor(t, w.north.manager);
    const changed = await client.post(ticket.path, editForm({ title: 'Faucet drips faster', priority: 1 }));
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      title: 'Faucet drips faster',
      priority: 1,
      priority_text: 'High',
    });
    const log = await logOf(ticket.id);
    expect(log.at(-1)).toMatchObject({
      action: 'updated',
      description: 'Title, Priority updated',
      data: { fields: ['title', 'priority'] },
      userId: w.north.manager.id,
    });
    const same = await client.post(ticket.path, editForm({ title: 'Faucet drips faster', priority: 1 }));
    expect(same.statusCode).toBe(200);
    expect(await logOf(ticket.id)).toHaveLength(log.length);
  });

  it('logs contact details, availability and details (meta) changes by name', async () => {
    const ticket = await managerTicket();
    const client = await clientFor(t, w.north.manager);
    const response = await client.post(
      ticket.path,
      editForm({
        contact_details: {
          first_name: 'Janet',
          last_name: 'Morrison',
          email: 'jane@example.test',
          phone_number: '780 555 0101',
        },
        'availability[0][start]': ticket.availability[0].start + 3600,
        'availability[0][end]': ticket.availability[0].end + 3600,
        meta: { Parking: 'Visitor stall 3' },
        description: 'Drips all night.\r\nPlease fix.',
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().log[0].description).toBe('Contact details, Availability, Details updated');
    expect(response.json().meta).toEqual({ Parking: 'Visitor stall 3' });
    // Without `meta`, an edit keeps the details.
    const again = await client.post(
      ticket.path,
      editForm({
        contact_details: {
          first_name: 'Janet',
          last_name: 'Morrison',
          email: 'jane@example.test',
          phone_number: '780 555 0101',
        },
        'availability[0][start]': ticket.availability[0].start + 3600,
        'availability[0][end]': ticket.availability[0].end + 3600,
      }),
    );
    expect(again.json().meta).toEqual({ Parking: 'Visitor stall 3' });
  });

  it('an older ticket saves with its past availability unchanged; a new past range is refused', async () => {
    const ticket = await managerTicket();
    const tenDays = sql`interval '10 days'`;
    await t.db
      .update(ticketAvailability)
      .set({
        startsAt: sql`${ticketAvailability.startsAt} - ${tenDays}`,
        endsAt: sql`${ticketAvailability.endsAt} - ${tenDays}`,
      })
      .where(eq(ticketAvailability.ticketId, ticket.id));
    const old = (await (await clientFor(t, w.north.manager)).get(ticket.path)).json().availability[0];
    const client = await clientFor(t, w.north.manager);
    const kept = await client.post(
      ticket.path,
      editForm({
        title: 'Still dripping',
        'availability[0][start]': old.start,
        'availability[0][end]': old.end,
      }),
    );
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().log[0].description).toBe('Title updated');
    const moved = await client.post(
      ticket.path,
      editForm({ 'availability[0][start]': old.start + 900, 'availability[0][end]': old.end }),
    );
    expect(moved.statusCode).toBe(422);
    expect(moved.json().errors['availability.0']).toEqual([en.validation.availabilityStartTooEarly]);
  });

  it('a manager sets the status in the form; a tenant’s status field is ignored', async () => {
    const ticket = await managerTicket();
    const manager = await clientFor(t, w.north.manager);
    const byManager = await manager.post(ticket.path, editForm({ status: 2 }));
    expect(byManager.json()).toMatchObject({ status: 2, status_text: 'In Progress' });
    expect(byManager.json().log[0]).toMatchObject({
      action: 'status_changed',
      description: 'Status changed from Open to In Progress',
    });
    const tenant = await clientFor(t, w.north.tenant);
    const byTenant = await tenant.post(ticket.path, editForm({ status: 4, title: 'Tenant edit' }));
    expect(byTenant.statusCode, byTenant.body).toBe(200);
    expect(byTenant.json()).toMatchObject({ status: 2, title: 'Tenant edit' });
  });

  it('only the super admin moves a ticket to another unit; the new property’s contractors receive it', async () => {
    const ticket = await managerTicket();
    const manager = await clientFor(t, w.north.manager);
    const ignored = await manager.post(ticket.path, editForm({ unit_id: w.north.unit2.id }));
    expect(ignored.json().unit_id).toBe(w.north.unit.id);

    const admin = await clientFor(t, w.admin);
    const moved = await admin.post(ticket.path, editForm({ unit_id: w.north.unit2.id }));
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      unit_id: w.north.unit2.id,
      property_id: w.north.property2.id,
      property_name: 'North Gardens',
      tenant: { id: w.north.tenant2.id },
    });
    expect(
      moved
        .json()
        .log.slice(0, 2)
        .map((e: { description: string }) => e.description),
    ).toEqual(['Ticket sent to Paolo Plumber', 'Unit updated']);
    const recipients = await t.db
      .select()
      .from(ticketRecipients)
      .where(eq(ticketRecipients.ticketId, ticket.id));
    expect(recipients.map((r) => r.userId).sort((a, b) => a - b)).toEqual(
      [w.north.manager.id, w.north.plumber.id, w.north.plumber2.id].sort((a, b) => a - b),
    );
    expect((await notified(ticket.id, en.tickets.notifications.newTicket)).map((n) => n.userId)).toEqual(
      [w.north.plumber.id, w.north.plumber2.id].sort((a, b) => a - b),
    );
  });

  it('a new category routes the ticket to that category’s contractors', async () => {
    const ticket = await managerTicket();
    const client = await clientFor(t, w.north.manager);
    const response = await client.post(ticket.path, editForm({ category_id: w.electrical.id }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().categories).toEqual([{ id: w.electrical.id, title: 'Electrical' }]);
    expect(
      response
        .json()
        .log.slice(0, 2)
        .map((e: { description: string }) => e.description),
    ).toEqual(['Ticket sent to Priya Electrician', 'Category updated']);
  });
});

describe('PATCH {ticket path} with the status only', () => {
  it('logs the change, sets and clears closed_at, and notifies the tenant, the creator and (for a contractor) the managers', async () => {
    const ticket = await managerTicket({ title: 'Status ticket' });
    const plumber = await clientFor(t, w.north.plumber);
    const scheduled = await plumber.post(ticket.path, { _method: 'PATCH', status: 1, _nonce: 'Status0001' });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(scheduled.json()).toMatchObject({
      status: 1,
      status_text: 'Scheduled',
      closed_at: null,
      title: 'Status ticket',
    });
    expect(scheduled.json().log[0]).toMatchObject({
      action: 'status_changed',
      description: 'Status changed from Open to Scheduled',
      user: { id: w.north.plumber.id, name: 'Marco Plumber' },
    });
    const [entry] = (await logOf(ticket.id)).filter((e) => e.action === 'status_changed');
    expect(entry.data).toEqual({ from: 0, to: 1 });

    // Tenant Jane and creator/manager Olivia; not the plumber who made the change.
    const statusNotes = await notified(ticket.id, en.tickets.notifications.statusUpdated);
    expect(statusNotes.map((n) => n.userId)).toEqual(
      [w.north.manager.id, w.north.tenant.id].sort((a, b) => a - b),
    );
    expect(statusNotes[0].description).toBe('Status ticket: Status changed from Open to Scheduled');
    const outbox = await t.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.kind, 'ticket.status_changed'));
    const forTicket = outbox.filter((row) => (row.payload as { ticket_id: number }).ticket_id === ticket.id);
    expect(forTicket.map((row) => [row.userId, row.channel]).sort()).toEqual(
      [
        [w.north.manager.id, 'email'],
        [w.north.manager.id, 'sms'],
        [w.north.manager.id, 'voice'],
      ].sort(),
    );
    expect(forTicket.find((row) => row.channel === 'email')?.subject).toBe(
      `Ticket #${ticket.visible_id} is now Scheduled`,
    );

    const completed = await plumber.post(ticket.path, { _method: 'PATCH', status: 3 });
    expect(completed.json().closed_at).not.toBeNull();
    const [closedRow] = await t.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(closedRow.closedAt?.toISOString()).toBe(completed.json().closed_at);

    const reopened = await (await clientFor(t, w.north.tenant)).post(ticket.path, {
      _method: 'PATCH',
      status: 1,
    });
    expect(reopened.json()).toMatchObject({ status: 1, closed_at: null });
    const [openRow] = await t.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(openRow.closedAt).toBeNull();
    // A change by the tenant is not sent to the managers unless one created the ticket (Olivia did).
    const last = (await notified(ticket.id, en.tickets.notifications.statusUpdated)).filter((n) =>
      n.description.endsWith('from Completed to Scheduled'),
    );
    expect(last.map((n) => n.userId)).toEqual([w.north.manager.id]);
  });

  it('the same status again changes nothing; a bad status answers the SPEC message', async () => {
    const ticket = await managerTicket();
    const client = await clientFor(t, w.north.manager);
    const before = await logOf(ticket.id);
    expect((await client.post(ticket.path, { _method: 'PATCH', status: 0 })).statusCode).toBe(200);
    expect(await logOf(ticket.id)).toHaveLength(before.length);
    const bad = await client.post(ticket.path, { _method: 'PATCH', status: 7 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ status: [en.validation.status] });
  });

  it('works as a real PATCH with a JSON body too', async () => {
    const ticket = await managerTicket();
    const client = await clientFor(t, w.north.manager);
    const response = await client.send('PATCH', ticket.path, { status: 2 }, { json: true });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().status_text).toBe('In Progress');
  });
});

describe('GET /api/tickets/{id} marks notifications viewed', () => {
  it('only the viewer’s notifications about that ticket', async () => {
    const ticket = await managerTicket();
    const other = await managerTicket();
    const viewedOf = async (ticketId: number, userId: number) =>
      (await notified(ticketId)).filter((n) => n.userId === userId).map((n) => n.viewedAt !== null);
    expect(await viewedOf(ticket.id, w.north.plumber.id)).toEqual([false]);
    await (await clientFor(t, w.north.plumber)).get(ticket.path);
    expect(await viewedOf(ticket.id, w.north.plumber.id)).toEqual([true]);
    expect(await viewedOf(other.id, w.north.plumber.id)).toEqual([false]);
  });
});

describe('PATCH /api/tickets/batch/status', () => {
  it('changes the tickets the user may change, refuses the others without telling them apart', async () => {
    const n1 = await managerTicket();
    const n2 = await managerTicket();
    const south = await insertTicket(t.db, {
      unit: w.south.unit,
      tenant: w.south.tenant,
      category: w.plumbing,
    });
    const client = await clientFor(t, w.north.manager);
    const response = await client.send('PATCH', '/api/tickets/batch/status', {
      tickets: [n1.id, south.id, n2.id, 999_999],
      status: 3,
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.data.map((ticket: { id: number }) => ticket.id)).toEqual([n1.id, n2.id]);
    expect(
      body.data.every(
        (ticket: { status_text: string; closed_at: string | null }) =>
          ticket.status_text === 'Completed' && ticket.closed_at,
      ),
    ).toBe(true);
    expect(body.refused).toEqual([south.id, 999_999]);
    expect(body.message).toBe('2 ticket statuses updated. 2 of the selected tickets could not be changed.');
    const [southRow] = await t.db.select().from(tickets).where(eq(tickets.id, south.id));
    expect(southRow.status).toBe(0);
    for (const ticket of [n1, n2]) {
      const log = await logOf(ticket.id);
      expect(log.find((line) => line.action === 'status_changed')).toMatchObject({
        data: { from: 0, to: 3 },
      });
      // Completed: its tenant is asked to sign the repair off.
      expect(log.at(-1)).toMatchObject({ action: 'signoff_asked' });
    }
  });

  it('answers 403 when none of them may be changed, and changes nothing', async () => {
    const south = await insertTicket(t.db, {
      unit: w.south.unit,
      tenant: w.south.tenant,
      category: w.plumbing,
    });
    const client = await clientFor(t, w.north.tenant);
    const response = await client.post('/api/tickets/batch/status', {
      _method: 'PATCH',
      tickets: [south.id],
      status: 2,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(en.errors.statusUpdateFailed);
    expect((await t.db.select().from(tickets).where(eq(tickets.id, south.id)))[0].status).toBe(0);
  });

  it('is all or nothing when one ticket fails half-way', async () => {
    const good = await managerTicket();
    const bad = await managerTicket();
    // A database failure on the second ticket's update (a trigger stands in for any error).
    await t.db.execute(
      sql.raw(`create function mend_test_fail() returns trigger language plpgsql as $$
        begin raise exception 'boom'; end $$`),
    );
    await t.db.execute(
      sql.raw(`create trigger mend_test_fail before update on tickets for each row
        when (new.id = ${bad.id}) execute function mend_test_fail()`),
    );
    try {
      const before = await logOf(good.id);
      const client = await clientFor(t, w.north.manager);
      const response = await client.post('/api/tickets/batch/status', {
        _method: 'PATCH',
        tickets: [good.id, bad.id],
        status: 2,
      });
      expect(response.statusCode).toBe(500);
      const rows = await t.db
        .select()
        .from(tickets)
        .where(inArray(tickets.id, [good.id, bad.id]));
      expect(rows.map((row) => row.status)).toEqual([0, 0]);
      expect(await logOf(good.id)).toHaveLength(before.length);
      expect(await notified(good.id, en.tickets.notifications.statusUpdated)).toEqual([]);
    } finally {
      await t.db.execute(sql.raw('drop trigger mend_test_fail on tickets'));
      await t.db.execute(sql.raw('drop function mend_test_fail()'));
    }
  });

  it('validates its body', async () => {
    const client = await clientFor(t, w.north.manager);
    const response = await client.post('/api/tickets/batch/status', { _method: 'PATCH', status: 1 });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ tickets: [en.errors.statusUpdateFailed] });
  });
});

describe('DELETE {ticket path}', () => {
  it('deletes the ticket with its files; it is gone afterwards', async () => {
    const ticket = await managerTicket({ title: 'To delete', images: [file(await pngImage(), 'a.png')] });
    const folder = path.join(t.uploadsDir, 'tickets', String(ticket.id));
    expect(filesUnder(folder)).toHaveLength(2);
    const client = await clientFor(t, w.north.tenant);
    const response = await client.post(ticket.path, { _method: 'DELETE' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ id: ticket.id, message: 'Ticket "To delete" has been deleted.' });
    expect((await client.get(ticket.path)).statusCode).toBe(404);
    expect(filesUnder(folder)).toEqual([]);
    expect(await notified(ticket.id)).toEqual([]);
  });
});

describe('DELETE /api/tickets/batch', () => {
  it('is not taken for a ticket id (static paths win), with _method or a real DELETE', async () => {
    const a = await managerTicket();
    const b = await managerTicket();
    const client = await clientFor(t, w.north.manager);
    const overridden = await client.post('/api/tickets/batch', { _method: 'DELETE', tickets: [a.id] });
    expect(overridden.statusCode, overridden.body).toBe(200);
    expect(overridden.json()).toEqual({ data: [a.id], refused: [], message: '1 ticket deleted.' });
    const real = await client.send('DELETE', '/api/tickets/batch/', { tickets: [b.id] });
    expect(real.json().data).toEqual([b.id]);
    expect((await client.get('/api/tickets/batch')).statusCode).toBe(404);
  });

  it('deletes what the user may delete and refuses the rest', async () => {
    const own = await managerTicket({ images: [file(await pngImage(), 'a.png')] });
    const otherUnit = await insertTicket(t.db, {
      unit: w.north.unit2,
      tenant: w.north.tenant2,
      category: w.plumbing,
    });
    const client = await clientFor(t, w.north.tenant);
    const response = await client.post('/api/tickets/batch', {
      _method: 'DELETE',
      tickets: [own.id, otherUnit.id],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      data: [own.id],
      refused: [otherUnit.id],
      message: '1 ticket deleted. 1 of the selected tickets could not be changed.',
    });
    expect(filesUnder(path.join(t.uploadsDir, 'tickets', String(own.id)))).toEqual([]);
    expect(await t.db.select().from(tickets).where(eq(tickets.id, otherUnit.id))).toHaveLength(1);
  });

  it('a contractor may not delete; nothing deletable answers 403', async () => {
    const ticket = await managerTicket();
    const plumber = await clientFor(t, w.north.plumber);
    const byContractor = await plumber.post('/api/tickets/batch', {
      _method: 'DELETE',
      tickets: [ticket.id],
    });
    expect(byContractor.statusCode).toBe(403);
    const south = await clientFor(t, w.south.manager);
    const outside = await south.post('/api/tickets/batch', { _method: 'DELETE', tickets: [ticket.id] });
    expect(outside.statusCode).toBe(403);
    expect(outside.json().message).toBe(en.errors.batchDeleteFailed);
    expect(await t.db.select().from(tickets).where(eq(tickets.id, ticket.id))).toHaveLength(1);
    const empty = await south.post('/api/tickets/batch', { _method: 'DELETE' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ tickets: [en.errors.batchDeleteFailed] });
  });
});
