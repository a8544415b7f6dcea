/**
 * Who hears about a completed ticket's sign-off (issue 25), written in the change's own transaction through `notify`
 * (tickets/routing.ts: an in-app notification and, per each person's options, an email / SMS / voice message):
 * - asked (the ticket became Completed): the tenant, with the signed link that answers without signing in;
 * - reopened by the tenant: the contractor that holds the job and the landlord's managers, with the reason;
 * - confirmed and rated: the contractor whose work it rates; at LOW_RATING_MAX or below, the managers too (an alert).
 * Nobody is told of their own action. Each person is told in its own language.
 */
import { LOW_RATING_MAX, linkPagePath, RATING_MAX, type Words } from '@mend/shared';
import { asc, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { type TicketSignoffRow, users } from '../../db/schema';
import { ticketNoticeEmail } from '../../lib/mail/templates';
import type { MessagingContext } from '../../lib/outbox/context';
import { signTicketLinkToken, TICKET_LINK_TTL_DAYS } from '../../lib/tokens';
import { managersOf, notify, type Person, personColumns, ticketVars } from '../tickets/routing';
import { displayName } from '../users/serialize';

/** What a sign-off's messages say about its ticket. */
export interface SignedOffTicket {
  id: number;
  title: string;
  propertyName: string;
  unitName: string | null;
  landlordId: number;
}

/** The sign-off texts and the ticket email texts of a language. */
const textsOf = (w: Words) => ({ s: w.t.tickets.signoff, mt: w.t.mail.ticket });

/** The page of the signed link where the tenant answers (the web's /signoff/{token}). */
export function signoffLink(
  messaging: MessagingContext,
  signoff: TicketSignoffRow & { tenantId: number },
): string {
  const token = signTicketLinkToken(messaging.secret, 'signoff', {
    ticketId: signoff.ticketId,
    userId: signoff.tenantId,
    issuedAt: signoff.askedAt,
  });
  return `${messaging.appUrl}${linkPagePath('signoff', token)}`;
}

function varsOf(messaging: MessagingContext, ticket: SignedOffTicket, w: Words) {
  return { ...ticketVars(messaging.appUrl, ticket, w), max: RATING_MAX };
}

async function peopleById(tx: Tx, ids: (number | null)[]): Promise<Person[]> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return [];
  return tx.select(personColumns).from(users).where(inArray(users.id, wanted)).orderBy(asc(users.id));
}

/** `people` without the one who acted, each once. */
function others(people: Person[], actorId: number | null): Person[] {
  const seen = new Set<number>(actorId === null ? [] : [actorId]);
  return people.filter((person) => !seen.has(person.id) && seen.add(person.id));
}

/** Asks the tenant whether the repair is done, with the link that answers. */
export async function notifySignoffAsked(
  tx: Tx,
  messaging: MessagingContext,
  ticket: SignedOffTicket,
  signoff: TicketSignoffRow & { tenantId: number },
  actorId: number | null,
): Promise<void> {
  const link = signoffLink(messaging, signoff);
  const audience = others(await peopleById(tx, [signoff.tenantId]), actorId);
  await notify(tx, messaging, audience, ticket, (w) => {
    const { s, mt } = textsOf(w);
    const vars = varsOf(messaging, ticket, w);
    return {
      notification: {
        title: w.format(s.notifications.asked, vars),
        description: w.format(s.notifications.askedDescription, vars),
      },
      message: {
        kind: 'ticket.signoff_asked',
        email: (tenant, unsubscribeUrl) =>
          ticketNoticeEmail(
            w,
            vars,
            {
              subject: w.format(s.outbox.askedSubject, vars),
              intro: mt.signoffIntro,
              facts: [],
              action: { label: mt.signoffAction, url: link },
              notes: [w.format(mt.signoffNote, { days: TICKET_LINK_TTL_DAYS.signoff })],
            },
            displayName(tenant),
            unsubscribeUrl,
          ),
        sms: w.format(s.outbox.askedSms, { ...vars, signoff_link: link }),
        voice: w.format(s.outbox.askedVoice, vars),
      },
    };
  });
}

/** Tells the contractor that holds the job and the managers that the tenant reopened the ticket, and why. */
export async function notifyReopened(
  tx: Tx,
  messaging: MessagingContext,
  ticket: SignedOffTicket,
  signoff: TicketSignoffRow,
  contractorId: number | null,
): Promise<void> {
  const people = [...(await peopleById(tx, [contractorId])), ...(await managersOf(tx, ticket.landlordId))];
  await notify(tx, messaging, others(people, signoff.tenantId), ticket, (w) => {
    const { s, mt } = textsOf(w);
    const vars = { ...varsOf(messaging, ticket, w), reason: signoff.reopenReason };
    return {
      notification: {
        title: w.format(s.notifications.reopened, vars),
        description: w.format(s.notifications.reopenedDescription, vars),
      },
      message: {
        kind: 'ticket.reopened',
        email: (person, unsubscribeUrl) =>
          ticketNoticeEmail(
            w,
            vars,
            {
              subject: w.format(s.outbox.reopenedSubject, vars),
              intro: mt.reopenedIntro,
              facts: [[mt.reopenReason, '']],
              quote: signoff.reopenReason,
              action: { label: mt.open, url: vars.link },
            },
            displayName(person),
            unsubscribeUrl,
          ),
        sms: w.format(s.outbox.reopenedSms, vars),
        voice: w.format(s.outbox.reopenedVoice, vars),
      },
    };
  });
}

/** Tells the contractor its rating; a low one alerts the managers too. */
export async function notifyRated(
  tx: Tx,
  messaging: MessagingContext,
  ticket: SignedOffTicket,
  signoff: TicketSignoffRow & { rating: number },
): Promise<void> {
  const low = signoff.rating <= LOW_RATING_MAX;
  const people = [
    ...(await peopleById(tx, [signoff.contractorId])),
    ...(low ? await managersOf(tx, ticket.landlordId) : []),
  ];
  await notify(tx, messaging, others(people, signoff.tenantId), ticket, (w) => {
    const { s, mt } = textsOf(w);
    const vars = { ...varsOf(messaging, ticket, w), rating: signoff.rating, comment: signoff.comment };
    const comment: [string, string][] = signoff.comment ? [[mt.ratingComment, '']] : [];
    return {
      notification: {
        title: w.format(low ? s.notifications.lowRating : s.notifications.rated, vars),
        description: w.format(
          signoff.comment ? s.notifications.ratedWithComment : s.notifications.ratedDescription,
          vars,
        ),
      },
      message: {
        kind: low ? 'ticket.rated_low' : 'ticket.rated',
        email: (person, unsubscribeUrl) =>
          ticketNoticeEmail(
            w,
            vars,
            {
              subject: w.format(s.outbox.ratedSubject, vars),
              intro: low ? mt.lowRatedIntro : mt.ratedIntro,
              facts: [[mt.rating, w.format(w.t.ticketScreens.signoff.stars, vars)], ...comment],
              quote: signoff.comment || undefined,
              action: { label: mt.open, url: vars.link },
            },
            displayName(person),
            unsubscribeUrl,
          ),
        sms: w.format(s.outbox.ratedSms, vars),
        voice: w.format(s.outbox.ratedVoice, vars),
      },
    };
  });
}
