/**
 * Who hears about a ticket (DESIGN.md "Who receives a ticket"), written in the ticket's own transaction:
 * - created (or moved to another property or category): the contractors linked to the property whose
 *   categories include the ticket's category, plus the managers of the property's landlord. They become
 *   recipients (which is what lets a contractor see the ticket), get an in-app notification and, per their
 *   notification options, an email / SMS / voice message in the outbox;
 * - status changed: the tenant and the creator; when a contractor changed it, the landlord's managers too.
 * Nobody is notified of their own action. Each person is told in its own language (issue 28): a message is composed once
 * per language among its audience.
 */
import {
  en,
  format,
  type Language,
  type NotificationOptions,
  PRIORITY,
  priorityText,
  ROLE,
  type Role,
  statusText,
  unitNameOrWhole,
  visibleId,
  type Words,
  wordsOf,
  worksOnProperties,
} from '@mend/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import {
  contractorCategories,
  contractorProperties,
  type NewNotificationRow,
  notifications,
  ticketLog,
  ticketRecipients,
  users,
} from '../../db/schema';
import { type RenderedEmail, ticketCreatedEmail, ticketStatusEmail } from '../../lib/mail/templates';
import { type MessagingContext, messagingFor } from '../../lib/outbox/context';
import { type NotificationTopic, notificationRows, queueMessages } from '../../lib/outbox/messages';
import { roleIn } from '../../lib/scopes';
import { displayName } from '../users/serialize';
import { ticketLink } from './links';

/** What a message about a ticket needs to say. */
export interface TicketFacts {
  id: number;
  title: string;
  description: string;
  priority: number;
  propertyId: number;
  propertyName: string;
  landlordId: number;
  /** Null: the ticket is on the whole property (`unitNameOrWhole` names it in each reader's words). */
  unitName: string | null;
  categoryId: number;
  categoryTitle: string;
  tenantId: number | null;
  createdBy: number | null;
  createdAt: Date;
}

/** Who acts: id and the name written into the log. */
export interface Author {
  id: number;
  role: Role;
  name: string;
}

/** Who hears about a ticket, as `notify` reads them. */
export const personColumns = {
  id: users.id,
  role: users.role,
  firstName: users.firstName,
  lastName: users.lastName,
  companyName: users.companyName,
  email: users.email,
  notificationOptions: users.notificationOptions,
  language: users.language,
};
export type Person = {
  id: number;
  role: number;
  firstName: string;
  lastName: string;
  companyName: string;
  email: string;
  notificationOptions: NotificationOptions;
  language: Language | null;
};

/** Matching contractors of the property (by id), then the landlord's managers (by id). */
async function recipientsFor(tx: Tx, ticket: TicketFacts): Promise<Person[]> {
  const contractors = await tx
    .select(personColumns)
    .from(users)
    .innerJoin(
      contractorProperties,
      and(eq(contractorProperties.userId, users.id), eq(contractorProperties.propertyId, ticket.propertyId)),
    )
    .innerJoin(
      contractorCategories,
      and(eq(contractorCategories.userId, users.id), eq(contractorCategories.categoryId, ticket.categoryId)),
    )
    .where(roleIn(ROLE.contractor))
    .orderBy(asc(users.id));
  const managers = await managersOf(tx, ticket.landlordId);
  return [...contractors, ...managers];
}

export function managersOf(tx: Tx, landlordId: number): Promise<Person[]> {
  return tx
    .select(personColumns)
    .from(users)
    .where(and(roleIn(ROLE.manager), eq(users.landlordId, landlordId)))
    .orderBy(asc(users.id));
}

/** The absolute link of a ticket in messages that leave the app. */
export const absoluteLink = (appUrl: string, ticketId: number) => `${appUrl}${ticketLink(ticketId)}`;

/**
 * What every message about a ticket fills in, in the reader's words `w`: its ids, title, place and link (their `{…}`
 * in the dictionaries).
 */
export const ticketVars = (
  appUrl: string,
  ticket: Pick<TicketFacts, 'id' | 'title' | 'propertyName' | 'unitName'>,
  w: Pick<Words, 't'>,
) => ({
  id: ticket.id,
  visible_id: visibleId(ticket.id),
  title: ticket.title,
  property: ticket.propertyName,
  unit: unitNameOrWhole(ticket.unitName, w.t),
  link: absoluteLink(appUrl, ticket.id),
});

export interface Message {
  kind: string;
  /** Which of the person's notification options decide the channels: `tickets` unless said (visit reminders). */
  topic?: NotificationTopic;
  /** The email for one recipient, with its unsubscribe link (lib/mail/templates.ts). */
  email: (person: Person, unsubscribeUrl: string) => RenderedEmail;
  sms: string;
  voice: string;
  /**
   * More of the outbox rows' payload beside `ticket_id`. A `comment_id` (comments/notify.ts) names the comment the
   * message reports: a reply to its email answers that comment.
   */
  payload?: Record<string, unknown>;
}

/** What one language's people are told: the in-app notification and the message of the other channels. */
export interface Notice {
  notification: { title: string; description: string };
  message: Message;
}

/** The comment a message reports, if any (its payload's `comment_id`). */
const commentOf = (message: Message): number | null => {
  const id = message.payload?.comment_id;
  return typeof id === 'number' && Number.isInteger(id) ? id : null;
};

/**
 * Tells `people` about a ticket, in the caller's transaction: an in-app notification each and, per each person's
 * notification options, an email / SMS / voice message in the outbox. The caller chooses who (never the author).
 * `compose` writes what they are told in one language's words; it is called once per language among `people`.
 * With inbound mail on, each email's Reply-To is the person's own reply address for the ticket (issue 25).
 */
export async function notify(
  tx: Tx,
  messaging: MessagingContext,
  people: Person[],
  ticket: Pick<TicketFacts, 'id' | 'propertyName' | 'unitName'>,
  compose: (w: Words) => Notice,
): Promise<void> {
  if (people.length === 0) return;
  const composed = new Map<Words, Notice & { subtitle: string }>();
  const noticeFor = (person: Person) => {
    const w = wordsOf(person.language);
    let notice = composed.get(w);
    if (!notice) {
      const where = { property: ticket.propertyName, unit: unitNameOrWhole(ticket.unitName, w.t) };
      notice = { ...compose(w), subtitle: w.format(w.t.tickets.notifications.where, where) };
      composed.set(w, notice);
    }
    return notice;
  };
  const rows: NewNotificationRow[] = people.map((person) => {
    const { notification, subtitle } = noticeFor(person);
    return {
      userId: person.id,
      ticketId: ticket.id,
      link: ticketLink(ticket.id),
      title: notification.title,
      subtitle,
      description: notification.description,
    };
  });
  await tx.insert(notifications).values(rows);
  // Email, SMS and voice per each person's notification options (lib/outbox/messages.ts).
  const outbox = people.flatMap((person) => {
    const { message } = noticeFor(person);
    return notificationRows(messaging, person, message.topic ?? 'tickets', {
      kind: message.kind,
      email: (unsubscribeUrl) => message.email(person, unsubscribeUrl),
      sms: message.sms,
      voice: message.voice,
      payload: { ...message.payload, ticket_id: ticket.id },
      replyFor: { ticketId: ticket.id, commentId: commentOf(message) },
    });
  });
  await queueMessages(tx, outbox);
}

/**
 * Routes a ticket to its recipients and tells those who did not have it yet. Used on create, and on edit
 * when the ticket moved to another property or category (earlier recipients keep it).
 */
export async function routeTicket(
  tx: Tx,
  appUrl: string,
  ticket: TicketFacts,
  /** Null: Mend itself (a schedule's ticket, issue 26), which everyone is told of. */
  author: Author | null,
): Promise<void> {
  const everyone = await recipientsFor(tx, ticket);
  if (everyone.length === 0) return;
  const already = new Set(
    (
      await tx
        .select({ userId: ticketRecipients.userId })
        .from(ticketRecipients)
        .where(eq(ticketRecipients.ticketId, ticket.id))
    ).map((row) => row.userId),
  );
  // A contractor that saw the ticket only because it was assigned (issue 25) is now one the routing chose: it keeps
  // the ticket when it is unassigned.
  const nowRouted = everyone.filter((person) => already.has(person.id)).map((person) => person.id);
  if (nowRouted.length > 0)
    await tx
      .update(ticketRecipients)
      .set({ routed: true })
      .where(
        and(
          eq(ticketRecipients.ticketId, ticket.id),
          inArray(ticketRecipients.userId, nowRouted),
          eq(ticketRecipients.routed, false),
        ),
      );
  const fresh = everyone.filter((person) => !already.has(person.id));
  if (fresh.length === 0) return;
  await tx
    .insert(ticketRecipients)
    .values(
      fresh.map((person) => ({
        ticketId: ticket.id,
        userId: person.id,
        ticketCreatedAt: ticket.createdAt,
      })),
    )
    .onConflictDoNothing();
  await tx.insert(ticketLog).values({
    ticketId: ticket.id,
    userId: author?.id ?? null,
    action: 'routed',
    description: format(en.tickets.log.routed, { names: fresh.map(displayName).join(', ') }),
    data: { recipients: fresh.map((person) => person.id) },
  });
  await notify(
    tx,
    messagingFor(appUrl),
    fresh.filter((person) => person.id !== author?.id),
    ticket,
    (w) => {
      const vars = {
        ...ticketVars(appUrl, ticket, w),
        description: ticket.description,
        category: ticket.categoryTitle,
        priority: priorityText(ticket.priority, w.t),
      };
      const n = w.t.tickets.notifications;
      return {
        notification: {
          title: ticket.priority === PRIORITY.high ? n.newHighPriorityTicket : n.newTicket,
          description: ticket.title,
        },
        message: {
          kind: 'ticket.created',
          email: (person, unsubscribeUrl) => ticketCreatedEmail(w, vars, displayName(person), unsubscribeUrl),
          sms: w.format(w.t.tickets.outbox.createdSms, vars),
          voice: w.format(w.t.tickets.outbox.createdVoice, vars),
        },
      };
    },
  );
}

/**
 * Tells the tenant and the creator (and, for a contractor's change, the managers) about a status change; not those in
 * `told`, whom another message of the change tells already.
 */
export async function notifyStatusChange(
  tx: Tx,
  appUrl: string,
  ticket: TicketFacts,
  author: Author,
  from: number,
  to: number,
  told: number[] = [],
): Promise<void> {
  const ids = [ticket.tenantId, ticket.createdBy].filter((id): id is number => id !== null);
  const people: Person[] =
    ids.length > 0
      ? await tx.select(personColumns).from(users).where(inArray(users.id, ids)).orderBy(asc(users.id))
      : [];
  if (worksOnProperties(author.role)) people.push(...(await managersOf(tx, ticket.landlordId)));
  const seen = new Set<number>([author.id, ...told]);
  const audience = people.filter((person) => !seen.has(person.id) && seen.add(person.id));
  await notify(tx, messagingFor(appUrl), audience, ticket, (w) => {
    const vars = {
      ...ticketVars(appUrl, ticket, w),
      from: statusText(from, w.t),
      to: statusText(to, w.t),
      status: statusText(to, w.t),
      name: author.name,
    };
    const change = { from: vars.from, to: vars.to, by: author.name };
    return {
      notification: {
        title: w.t.tickets.notifications.statusUpdated,
        description: w.format(w.t.tickets.notifications.statusDescription, vars),
      },
      message: {
        kind: 'ticket.status_changed',
        email: (person, unsubscribeUrl) =>
          ticketStatusEmail(w, vars, change, displayName(person), unsubscribeUrl),
        sms: w.format(w.t.tickets.outbox.statusSms, vars),
        voice: w.format(w.t.tickets.outbox.statusVoice, vars),
      },
    };
  });
}
