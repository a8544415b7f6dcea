/**
 * Outbox rows, written in the same transaction as the change they report (so a message exists if and only
 * if the change committed). Notification rows honour the person's notification options:
 * - tickets: mail.tickets (email), sms.tickets + sms.phone_number (SMS), phone.tickets + phone.phone_number (voice);
 * - support: mail.support (email), sms.support + sms.phone_number (SMS);
 * - reminders (of a visit, issue 25): mail.reminders (email), sms.reminders + sms.phone_number (SMS); no voice.
 * Every notification email carries its unsubscribe link; with inbound mail on, an email about a ticket also carries
 * a signed reply address as its Reply-To, and says so (issue 25). Nothing is ever addressed to a temporary
 * account's placeholder email.
 */
import {
  isTemporaryEmail,
  type Language,
  linkPagePath,
  type NotificationOptions,
  type Words,
  wordsOf,
} from '@mend/shared';
import type { Db } from '../../db/client';
import { type NewOutboxMessageRow, outboxMessages } from '../../db/schema';
import { replyAddress } from '../inbound-mail/address';
import { type RenderedEmail, withNote } from '../mail/templates';
import { signUnsubscribeToken, type UnsubscribeKind } from '../tokens';
import type { MessagingContext } from './context';

export type NotificationTopic = 'tickets' | 'support' | 'reminders';

/** Who a notification goes to. */
export interface NotificationRecipient {
  id: number;
  email: string;
  notificationOptions: NotificationOptions;
  /** The language its messages are written in (issue 28); null: the default. */
  language: Language | null;
}

/** One notification, in every channel's words, written in its recipient's language. */
export interface NotificationContent {
  kind: string;
  /** Renders the email for this recipient, given its unsubscribe link. */
  email: (unsubscribeUrl: string) => RenderedEmail;
  sms: string;
  /** Read aloud by a call; topics without a voice option leave it out. */
  voice?: string;
  payload?: Record<string, unknown>;
  /** Reply-To of the email (the contact form's sender). */
  replyTo?: string;
  /**
   * The ticket (and the comment) an email is about. With inbound mail on (`context.inbound`), the email's Reply-To is
   * then the recipient's own signed reply address, and its text says a reply joins the ticket's conversation.
   */
  replyFor?: { ticketId: number; commentId: number | null };
}

/** The recipient's reply address and the email's note about it, when the email may be answered. */
function replyOf(
  context: MessagingContext,
  userId: number,
  about: NotificationContent['replyFor'],
  w: Words,
): { address: string; note: string } | null {
  if (!about || !context.inbound) return null;
  return {
    address: replyAddress(context.secret, context.inbound, { ...about, userId }),
    note: about.commentId === null ? w.t.mail.ticket.replyNote : w.t.mail.ticket.replyNoteComment,
  };
}

/** `${APP_URL}/unsubscribe/{token}`: the web page that posts the token to /api/unsubscribe/{token}. */
export function unsubscribeUrl(context: MessagingContext, userId: number, kind: UnsubscribeKind): string {
  return `${context.appUrl}${linkPagePath('unsubscribe', signUnsubscribeToken(context.secret, userId, kind))}`;
}

/** The channels a person's options turn on for a topic, as outbox rows; `content` is written in the person's language. */
export function notificationRows(
  context: MessagingContext,
  person: NotificationRecipient,
  topic: NotificationTopic,
  content: NotificationContent,
): NewOutboxMessageRow[] {
  const options = person.notificationOptions;
  const payload = content.payload ?? {};
  const base = { kind: content.kind, userId: person.id, status: 'pending' as const };
  const rows: NewOutboxMessageRow[] = [];

  const wantsMail = options.mail?.[topic];
  if (wantsMail && !isTemporaryEmail(person.email)) {
    const link = unsubscribeUrl(context, person.id, `mail.${topic}`);
    const w = wordsOf(person.language);
    const reply = replyOf(context, person.id, content.replyFor, w);
    const rendered = content.email(link);
    const email = reply ? withNote(rendered, reply.note, w) : rendered;
    const replyTo = reply?.address ?? content.replyTo;
    rows.push({
      ...base,
      channel: 'email',
      recipient: person.email,
      subject: email.subject,
      bodyText: email.text,
      bodyHtml: email.html,
      payload: { ...payload, unsubscribe_url: link, ...(replyTo && { reply_to: replyTo }) },
    });
  }

  const smsNumber = options.sms?.phone_number?.trim() ?? '';
  const wantsSms = options.sms?.[topic];
  if (wantsSms && smsNumber) {
    rows.push({ ...base, channel: 'sms', recipient: smsNumber, bodyText: content.sms, payload });
  }

  const voiceNumber = options.phone?.phone_number?.trim() ?? '';
  if (topic === 'tickets' && options.phone?.tickets && voiceNumber && content.voice) {
    rows.push({ ...base, channel: 'voice', recipient: voiceNumber, bodyText: content.voice, payload });
  }
  return rows;
}

/**
 * An email the user asked for (reset, verification): sent whatever the notification options say.
 * `sensitive` bodies hold a one-time link; the worker blanks them once delivered.
 */
export function accountEmailRow(
  userId: number,
  recipient: string,
  kind: string,
  email: RenderedEmail,
): NewOutboxMessageRow | null {
  if (isTemporaryEmail(recipient)) return null;
  return {
    kind,
    channel: 'email',
    userId,
    recipient,
    subject: email.subject,
    bodyText: email.text,
    bodyHtml: email.html,
    payload: { sensitive: true },
    status: 'pending',
  };
}

export async function queueMessages(db: Db, rows: Array<NewOutboxMessageRow | null>): Promise<void> {
  const present = rows.filter((row): row is NewOutboxMessageRow => row !== null);
  if (present.length > 0) await db.insert(outboxMessages).values(present);
}
