/**
 * Messages in their reader's language (issue 28 §3): every person is told in the language it chose (users.language),
 * English when it chose none. One change that tells people of both languages writes each its own: the in-app
 * notification, the email (its subject, its text, its HTML's `lang`), the SMS and the voice message, with the ticket's
 * status and priority names and its times in that language.
 */
import { en, format, fr, visibleId } from '@mend/shared';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type NotificationRow,
  notifications,
  type OutboxMessageRow,
  outboxMessages,
  ticketAssignments,
  users,
} from '../src/db/schema';
import { momentText } from '../src/modules/tickets/time-zones';
import { createTestApp, type TestApp } from './helpers/app';
import {
  ALL_CHANNELS,
  clientFor,
  createWorld,
  ticketForm,
  type World,
  wholePropertyForm,
} from './helpers/ticket-factories';

const APP_URL = 'http://mend-languages.test';
let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp({ env: { APP_URL, MAIL_RATE_LIMIT: '1000' } });
  w = await createWorld(t.db);
  // The north manager and plumber read French; the tenant chose nothing (English), and hears of every channel too.
  for (const person of [w.north.manager, w.north.plumber])
    await t.db.update(users).set({ language: 'fr' }).where(eq(users.id, person.id));
  await t.db.update(users).set({ notificationOptions: ALL_CHANNELS }).where(eq(users.id, w.north.tenant.id));
});
afterAll(() => t.close());

async function told(ticketId: number, userId: number, kind: string) {
  const inApp: NotificationRow[] = await t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.ticketId, ticketId), eq(notifications.userId, userId)))
    .orderBy(asc(notifications.id));
  const outbox: OutboxMessageRow[] = (
    await t.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.userId, userId), eq(outboxMessages.kind, kind)))
      .orderBy(asc(outboxMessages.id))
  ).filter((row) => (row.payload as { ticket_id?: number }).ticket_id === ticketId);
  const channel = (name: string) => outbox.find((row) => row.channel === name);
  return { inApp, email: channel('email'), sms: channel('sms'), voice: channel('voice') };
}

async function tenantTicket(title: string) {
  const tenant = await clientFor(t, w.north.tenant);
  const response = await tenant.post(
    '/api/tickets',
    ticketForm({ title, unit_id: w.north.unit.id, category_id: w.plumbing.id }),
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; visible_id: string };
}

describe('a new ticket', () => {
  it('is told to each recipient in its own language, in every channel', async () => {
    const ticket = await tenantTicket('Fuite sous l’évier');
    const vars = {
      visible_id: visibleId(ticket.id),
      title: 'Fuite sous l’évier',
      property: w.north.property.name,
      unit: w.north.unit.name,
    };
    for (const person of [w.north.manager, w.north.plumber]) {
      const { inApp, email, sms, voice } = await told(ticket.id, person.id, 'ticket.created');
      expect(inApp.map((row) => [row.title, row.subtitle])).toEqual([
        [fr.tickets.notifications.newTicket, format(fr.tickets.notifications.where, vars, 'fr-CA')],
      ]);
      expect(email?.subject).toBe(format(fr.tickets.outbox.createdSubject, vars, 'fr-CA'));
      expect(email?.bodyHtml).toContain('<html lang="fr-CA">');
      expect(email?.bodyText).toContain(fr.mail.ticket.createdIntro);
      expect(email?.bodyText).toContain(`${fr.mail.ticket.priority}: ${fr.tickets.priorityNames[0]}`);
      expect(email?.bodyText).toContain(fr.mail.signature);
      expect(email?.bodyText).not.toContain(en.mail.signature);
      expect(sms?.bodyText).toBe(
        format(fr.tickets.outbox.createdSms, { ...vars, link: `${APP_URL}/tickets/${ticket.id}` }, 'fr-CA'),
      );
      expect(voice?.bodyText).toBe(
        format(fr.tickets.outbox.createdVoice, { ...vars, id: ticket.id }, 'fr-CA'),
      );
    }
  });
});

describe('a status change', () => {
  it('names the status in each reader’s language: French for the managers, English for the tenant', async () => {
    const ticket = await tenantTicket('Status in two languages');
    const plumber = await clientFor(t, w.north.plumber);
    const changed = await plumber.post(`/api/tickets/${ticket.id}`, { _method: 'PATCH', status: 2 });
    expect(changed.statusCode, changed.body).toBe(200);
    // The API's own texts stay SPEC.md's English.
    expect(changed.json().status_text).toBe('In Progress');

    const manager = await told(ticket.id, w.north.manager.id, 'ticket.status_changed');
    expect(manager.inApp.at(-1)?.title).toBe(fr.tickets.notifications.statusUpdated);
    expect(manager.email?.subject).toBe(
      format(fr.tickets.outbox.statusSubject, { visible_id: ticket.visible_id, status: 'En cours' }, 'fr-CA'),
    );
    expect(manager.email?.bodyText).toContain(
      format(fr.mail.ticket.statusChange, { from: 'Ouverte', to: 'En cours' }, 'fr-CA'),
    );
    expect(manager.sms?.bodyText).toContain('En cours');

    const tenant = await told(ticket.id, w.north.tenant.id, 'ticket.status_changed');
    expect(tenant.inApp.at(-1)?.title).toBe(en.tickets.notifications.statusUpdated);
    expect(tenant.email?.subject).toBe(`Ticket #${ticket.visible_id} is now In Progress`);
    expect(tenant.email?.bodyHtml).toContain('<html lang="en">');
    expect(tenant.sms?.bodyText).toContain('In Progress');
  });
});

describe('an assignment', () => {
  it('tells a French contractor its answer-by time as Canadian French writes it', async () => {
    const ticket = await tenantTicket('Assigned in French');
    const admin = await clientFor(t, w.admin);
    const assigned = await admin.send('PUT', `/api/tickets/${ticket.id}/assignment`, {
      contractor_id: w.north.plumber.id,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const { email, inApp } = await told(ticket.id, w.north.plumber.id, 'ticket.assigned');
    const [assignment] = await t.db
      .select()
      .from(ticketAssignments)
      .where(eq(ticketAssignments.ticketId, ticket.id));
    const due = momentText(assignment!.respondBy, w.north.property.timeZone, 'fr');
    expect(due).toMatch(/ h \d\d$/);
    expect(email?.bodyText).toContain(`${fr.mail.ticket.answerBy}: ${due}`);
    expect(inApp.at(-1)?.title).toBe(
      format(fr.tickets.assignment.notifications.assigned, { visible_id: ticket.visible_id }, 'fr-CA'),
    );
  });
});

describe('an account email', () => {
  it('is written in the language its user chose', async () => {
    const client = await t.client();
    const response = await client.post('/api/password/email', { email: w.north.manager.email });
    expect(response.statusCode, response.body).toBe(200);
    const [email] = await t.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.userId, w.north.manager.id), eq(outboxMessages.kind, 'password_reset')));
    expect(email?.subject).toBe(fr.mail.reset.subject);
    expect(email?.bodyText).toContain(format(fr.mail.reset.expiry, { minutes: 60 }, 'fr-CA'));
  });
});

describe('a ticket of the whole property', () => {
  it('names its place in each reader’s language, in every channel', async () => {
    const admin = await clientFor(t, w.admin);
    const created = await admin.post(
      '/api/tickets',
      wholePropertyForm(w.north.property.id, w.plumbing.id, 'Chaudière en panne'),
    );
    expect(created.statusCode, created.body).toBe(201);
    const ticket = created.json() as { id: number };
    const where = format(
      fr.tickets.notifications.where,
      { property: w.north.property.name, unit: fr.schedules.wholeProperty },
      'fr-CA',
    );
    for (const person of [w.north.manager, w.north.plumber]) {
      const { inApp, email, sms } = await told(ticket.id, person.id, 'ticket.created');
      expect(inApp.map((row) => row.subtitle)).toEqual([where]);
      expect(email?.bodyText).toContain(fr.schedules.wholeProperty);
      for (const text of [email?.bodyText, email?.subject, sms?.bodyText])
        expect(text).not.toContain(en.schedules.wholeProperty);
    }
  });
});
