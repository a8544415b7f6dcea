/**
 * Who hears about a ticket's assignment (issue 25), written in the change's own transaction through `notify`
 * (tickets/routing.ts: an in-app notification and, per each person's options, an email / SMS / voice message):
 * - assigned: the contractor, with the signed link that accepts or declines the job without signing in;
 * - unassigned (or replaced by another): the contractor that held it;
 * - accepted or declined: the landlord's managers and whoever assigned it;
 * - not answered in time (the assignment worker): the same people, once.
 * Nobody is told of their own action. Each person is told in its own language.
 */
import { linkPagePath, type Words } from '@mend/shared';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { type TicketAssignmentRow, users } from '../../db/schema';
import { ticketNoticeEmail } from '../../lib/mail/templates';
import type { MessagingContext } from '../../lib/outbox/context';
import { signTicketLinkToken, TICKET_LINK_TTL_DAYS } from '../../lib/tokens';
import { managersOf, notify, type Person, personColumns, ticketVars } from '../tickets/routing';
import { momentText } from '../tickets/time-zones';
import { displayName } from '../users/serialize';

/** What an assignment's messages say about its ticket. */
export interface AssignedTicket {
  id: number;
  title: string;
  propertyName: string;
  unitName: string | null;
  landlordId: number;
  timeZone: string;
}

/** The page of the signed link that answers an assignment (the web's /assignment/{token}). */
export function answerLink(messaging: MessagingContext, assignment: TicketAssignmentRow): string {
  const token = signTicketLinkToken(messaging.secret, 'assignment', {
    ticketId: assignment.ticketId,
    userId: assignment.contractorId,
    issuedAt: assignment.assignedAt,
  });
  return `${messaging.appUrl}${linkPagePath('assignment', token)}`;
}

const varsOf = (messaging: MessagingContext, ticket: AssignedTicket, w: Words) =>
  ticketVars(messaging.appUrl, ticket, w);

async function person(tx: Tx, id: number): Promise<Person[]> {
  return tx.select(personColumns).from(users).where(eq(users.id, id));
}

/** The landlord's managers and whoever assigned the job (a super admin), but not `exceptId`. */
async function staffOf(
  tx: Tx,
  ticket: AssignedTicket,
  assignedBy: number | null,
  exceptId: number | null,
): Promise<Person[]> {
  const people = await managersOf(tx, ticket.landlordId);
  if (assignedBy !== null && !people.some((p) => p.id === assignedBy)) {
    const extra = await tx
      .select(personColumns)
      .from(users)
      .where(inArray(users.id, [assignedBy]))
      .orderBy(asc(users.id));
    people.push(...extra);
  }
  return people.filter((p) => p.id !== exceptId);
}

/** The assignment texts and the ticket email texts of a language. */
const textsOf = (w: Words) => ({ a: w.t.tickets.assignment, mt: w.t.mail.ticket });

/** Tells the contractor that a job is assigned to it, with the link that answers it. */
export async function notifyAssigned(
  tx: Tx,
  messaging: MessagingContext,
  ticket: AssignedTicket,
  assignment: TicketAssignmentRow,
): Promise<void> {
  const link = answerLink(messaging, assignment);
  await notify(tx, messaging, await person(tx, assignment.contractorId), ticket, (w) => {
    const vars = varsOf(messaging, ticket, w);
    const { a, mt } = textsOf(w);
    const due = momentText(assignment.respondBy, ticket.timeZone, w.language);
    return {
      notification: {
        title: w.format(a.notifications.assigned, vars),
        description: w.format(a.notifications.assignedDescription, { title: ticket.title, due }),
      },
      message: {
        kind: 'ticket.assigned',
        email: (contractor, unsubscribeUrl) =>
          ticketNoticeEmail(
            w,
            vars,
            {
              subject: w.format(a.outbox.assignedSubject, vars),
              intro: mt.assignedIntro,
              facts: [[mt.answerBy, due]],
              action: { label: mt.answerAction, url: link },
              notes: [w.format(mt.answerNote, { days: TICKET_LINK_TTL_DAYS.assignment })],
            },
            displayName(contractor),
            unsubscribeUrl,
          ),
        sms: w.format(a.outbox.assignedSms, { ...vars, due, answer_link: link }),
        voice: w.format(a.outbox.assignedVoice, vars),
      },
    };
  });
}

/** Tells a contractor that a job it held is no longer its own. */
export async function notifyUnassigned(
  tx: Tx,
  messaging: MessagingContext,
  ticket: AssignedTicket,
  contractorId: number,
): Promise<void> {
  await notify(tx, messaging, await person(tx, contractorId), ticket, (w) => {
    const vars = varsOf(messaging, ticket, w);
    const { a, mt } = textsOf(w);
    return {
      notification: { title: w.format(a.notifications.unassigned, vars), description: ticket.title },
      message: {
        kind: 'ticket.unassigned',
        email: (contractor, unsubscribeUrl) =>
          ticketNoticeEmail(
            w,
            vars,
            {
              subject: w.format(a.outbox.unassignedSubject, vars),
              intro: mt.unassignedIntro,
              facts: [],
              action: { label: mt.open, url: vars.link },
            },
            displayName(contractor),
            unsubscribeUrl,
          ),
        sms: w.format(a.outbox.unassignedSms, vars),
        voice: w.format(a.outbox.unassignedVoice, vars),
      },
    };
  });
}

/** Tells the managers (and whoever assigned it) that the contractor accepted or declined the job. */
export async function notifyAnswered(
  tx: Tx,
  messaging: MessagingContext,
  ticket: AssignedTicket,
  assignment: TicketAssignmentRow,
  contractorName: string,
): Promise<void> {
  const accepted = assignment.state === 'accepted';
  const audience = await staffOf(tx, ticket, assignment.assignedBy, assignment.contractorId);
  await notify(tx, messaging, audience, ticket, (w) => {
    const { a, mt } = textsOf(w);
    const answer = accepted ? a.outbox.answers.accepted : a.outbox.answers.declined;
    const vars = { ...varsOf(messaging, ticket, w), name: contractorName, answer };
    return {
      notification: {
        title: w.format(accepted ? a.notifications.accepted : a.notifications.declined, vars),
        description: accepted
          ? ticket.title
          : w.format(a.notifications.declinedDescription, {
              title: ticket.title,
              reason: assignment.declineReason,
            }),
      },
      message: {
        kind: accepted ? 'ticket.assignment_accepted' : 'ticket.assignment_declined',
        email: (manager, unsubscribeUrl) =>
          ticketNoticeEmail(
            w,
            vars,
            {
              subject: w.format(a.outbox.answeredSubject, vars),
              intro: w.format(accepted ? mt.acceptedIntro : mt.declinedIntro, vars),
              facts: accepted ? [] : [[mt.declineReason, '']],
              quote: accepted ? undefined : assignment.declineReason,
              action: { label: mt.open, url: vars.link },
            },
            displayName(manager),
            unsubscribeUrl,
          ),
        sms: w.format(a.outbox.answeredSms, vars),
        voice: w.format(a.outbox.answeredVoice, vars),
      },
    };
  });
}

/** Tells the managers (and whoever assigned it) that the contractor has not answered within the landlord's hours. */
export async function notifyUnanswered(
  tx: Tx,
  messaging: MessagingContext,
  ticket: AssignedTicket,
  assignment: TicketAssignmentRow,
  contractorName: string,
  hours: number,
): Promise<void> {
  await notify(tx, messaging, await staffOf(tx, ticket, assignment.assignedBy, null), ticket, (w) => {
    const vars = { ...varsOf(messaging, ticket, w), name: contractorName, hours };
    const { a, mt } = textsOf(w);
    return {
      notification: {
        title: w.format(a.notifications.unanswered, vars),
        description: w.format(a.notifications.unansweredDescription, vars),
      },
      message: {
        kind: 'ticket.assignment_unanswered',
        email: (manager, unsubscribeUrl) =>
          ticketNoticeEmail(
            w,
            vars,
            {
              subject: w.format(a.outbox.unansweredSubject, vars),
              intro: w.format(mt.unansweredIntro, vars),
              facts: [[mt.assignedTo, contractorName]],
              action: { label: mt.open, url: vars.link },
            },
            displayName(manager),
            unsubscribeUrl,
          ),
        sms: w.format(a.outbox.unansweredSms, vars),
        voice: w.format(a.outbox.unansweredVoice, vars),
      },
    };
  });
}
