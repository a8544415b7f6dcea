/**
 * Who hears about a visit (issue 25), written in the change's own transaction through `notify` (tickets/routing.ts):
 * - booked: the tenant and the landlord's managers;
 * - proposed outside the tenant's windows: the tenant (to confirm or refuse) and the managers;
 * - confirmed or refused by the tenant: the contractor and the managers;
 * - cancelled: the tenant, the contractor and the managers;
 * - reminded, 24 hours and 1 hour before (the due-work worker): the tenant and the contractor, by their reminder
 *   options (`topic: 'reminders'`).
 * Nobody is told of their own action. Each person is told in its own language, the visit's times too.
 */
import type { Words } from '@mend/shared';
import { asc, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema';
import { ticketNoticeEmail } from '../../lib/mail/templates';
import type { MessagingContext } from '../../lib/outbox/context';
import { managersOf, notify, type Person, personColumns, ticketVars } from '../tickets/routing';
import { displayName } from '../users/serialize';
import { visitText } from './serialize';

/** What a visit's messages say about its ticket and the visit. */
export interface VisitedTicket {
  id: number;
  title: string;
  propertyName: string;
  unitName: string | null;
  landlordId: number;
  tenantId: number | null;
}

export interface VisitNews {
  /** The visit's times, written at the property's zone in each reader's language. */
  visit: { startsAt: Date; endsAt: Date };
  zone: string;
  contractorId: number | null;
  contractorName: string;
}

export type VisitEvent = 'booked' | 'proposed' | 'confirmed' | 'refused' | 'cancelled';

/** The visit texts and the ticket email texts of a language. */
const textsOf = (w: Words) => ({ v: w.t.tickets.visits, mt: w.t.mail.ticket });

async function peopleById(tx: Tx, ids: (number | null)[]): Promise<Person[]> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return [];
  return tx.select(personColumns).from(users).where(inArray(users.id, wanted)).orderBy(asc(users.id));
}

/** Who hears of an event: the tenant, the contractor and/or the managers, never the one who acted. */
async function audienceOf(
  tx: Tx,
  ticket: VisitedTicket,
  news: VisitNews,
  event: VisitEvent,
  actorId: number | null,
): Promise<Person[]> {
  const tenant = event === 'confirmed' || event === 'refused' ? [] : [ticket.tenantId];
  const contractor = event === 'booked' || event === 'proposed' ? [] : [news.contractorId];
  const people = [
    ...(await peopleById(tx, [...tenant, ...contractor])),
    ...(await managersOf(tx, ticket.landlordId)),
  ];
  const seen = new Set<number>(actorId === null ? [] : [actorId]);
  return people.filter((person) => !seen.has(person.id) && seen.add(person.id));
}

/** What a message about the visit fills in, in a language. */
function varsOf(messaging: MessagingContext, ticket: VisitedTicket, news: VisitNews, w: Words) {
  return {
    ...ticketVars(messaging.appUrl, ticket, w),
    time: visitText(news.visit, news.zone, w.language),
    name: news.contractorName,
  };
}

export async function notifyVisit(
  tx: Tx,
  messaging: MessagingContext,
  ticket: VisitedTicket,
  news: VisitNews,
  event: VisitEvent,
  actorId: number | null,
): Promise<void> {
  const audience = await audienceOf(tx, ticket, news, event, actorId);
  await notify(tx, messaging, audience, ticket, (w) => {
    const { v, mt } = textsOf(w);
    const vars = varsOf(messaging, ticket, news, w);
    const o = v.outbox;
    const answer =
      event === 'confirmed' || event === 'refused' || event === 'cancelled' ? o.answers[event] : '';
    const texts =
      event === 'booked'
        ? { subject: o.bookedSubject, intro: mt.bookedIntro, sms: o.bookedSms, voice: o.bookedVoice }
        : event === 'proposed'
          ? {
              subject: o.proposedSubject,
              intro: mt.proposedIntro,
              sms: o.proposedSms,
              voice: o.proposedVoice,
            }
          : {
              subject: o.answeredSubject,
              intro: mt.answeredIntro,
              sms: o.answeredSms,
              voice: o.answeredVoice,
            };
    const all = { ...vars, answer };
    return {
      notification: {
        title: w.format(v.notifications[event], vars),
        description:
          event === 'proposed'
            ? w.format(v.notifications.proposedDescription, vars)
            : w.format(v.notifications.when, vars),
      },
      message: {
        kind: `ticket.visit_${event}`,
        email: (person, unsubscribeUrl) =>
          ticketNoticeEmail(
            w,
            vars,
            {
              subject: w.format(texts.subject, all),
              intro: w.format(texts.intro, all),
              facts: [
                [mt.visitWhen, vars.time],
                [mt.visitBy, news.contractorName],
              ],
              action: { label: mt.open, url: vars.link },
            },
            displayName(person),
            unsubscribeUrl,
          ),
        sms: w.format(texts.sms, all),
        voice: w.format(texts.voice, all),
      },
    };
  });
}

/** The reminder of a booked visit, to the tenant and the contractor, by their reminder options. */
export async function notifyReminder(
  tx: Tx,
  messaging: MessagingContext,
  ticket: VisitedTicket,
  news: VisitNews,
  hoursBefore: number,
): Promise<void> {
  const audience = await peopleById(tx, [ticket.tenantId, news.contractorId]);
  await notify(tx, messaging, audience, ticket, (w) => {
    const { v, mt } = textsOf(w);
    const vars = varsOf(messaging, ticket, news, w);
    return {
      notification: {
        title: w.format(hoursBefore > 1 ? v.notifications.reminder : v.notifications.reminderSoon, vars),
        description: w.format(v.notifications.when, vars),
      },
      message: {
        kind: 'ticket.visit_reminder',
        topic: 'reminders',
        email: (person, unsubscribeUrl) =>
          ticketNoticeEmail(
            w,
            vars,
            {
              subject: w.format(v.outbox.reminderSubject, vars),
              intro: mt.reminderIntro,
              facts: [
                [mt.visitWhen, vars.time],
                [mt.visitBy, news.contractorName],
              ],
              action: { label: mt.open, url: vars.link },
              notes: [mt.reminderUnsubscribe],
            },
            displayName(person),
            unsubscribeUrl,
          ),
        sms: w.format(v.outbox.reminderSms, vars),
        voice: '',
        payload: { hours_before: hoursBefore },
      },
    };
  });
}
