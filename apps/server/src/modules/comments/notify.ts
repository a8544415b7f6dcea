/**
 * Who hears about a new comment (issue 25), written in the comment's own transaction: the people on its ticket (its
 * tenant and creator, the contractors and managers it was routed to, the managers of its landlord), but only those who
 * may read it (its visibility, `comment.read`) and who still see the ticket (`visibleTickets`), never its author. Each
 * gets an in-app notification and, per their notification options, an email / SMS / voice message in the outbox
 * (`notify`, tickets/routing.ts).
 */
import { can } from '@mend/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { type TicketCommentRow, ticketRecipients, tickets, users } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import { ticketCommentEmail } from '../../lib/mail/templates';
import { visibleTickets } from '../tickets/queries';
import { type Author, managersOf, notify, personColumns, ticketVars } from '../tickets/routing';
import { displayName } from '../users/serialize';

/** What a comment's messages say about its ticket. */
export interface CommentedTicket {
  id: number;
  title: string;
  propertyName: string;
  unitName: string | null;
  landlordId: number;
  tenantId: number | null;
  createdBy: number | null;
}

/** A notification's description quotes this much of the comment (on one line). */
const EXCERPT_LENGTH = 140;

function excerpt(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > EXCERPT_LENGTH ? `${line.slice(0, EXCERPT_LENGTH - 1)}…` : line;
}

/** Everyone on the ticket, by id: its tenant and creator, its recipients, its landlord's managers. */
async function participantsOf(tx: Tx, ticket: CommentedTicket): Promise<Set<number>> {
  const ids = new Set<number>();
  for (const id of [ticket.tenantId, ticket.createdBy]) if (id !== null) ids.add(id);
  const routed = await tx
    .select({ userId: ticketRecipients.userId })
    .from(ticketRecipients)
    .where(eq(ticketRecipients.ticketId, ticket.id));
  for (const row of routed) ids.add(row.userId);
  for (const manager of await managersOf(tx, ticket.landlordId)) ids.add(manager.id);
  return ids;
}

async function seesTicket(tx: Tx, person: Parameters<typeof visibleTickets>[0], ticketId: number) {
  const [row] = await tx
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.id, ticketId), visibleTickets(person)))
    .limit(1);
  return row !== undefined;
}

export async function notifyComment(
  tx: Tx,
  ctx: Pick<ServiceContext, 'config' | 'messaging'>,
  ticket: CommentedTicket,
  author: Author,
  comment: Pick<TicketCommentRow, 'id' | 'body' | 'visibility'>,
): Promise<void> {
  const ids = await participantsOf(tx, ticket);
  ids.delete(author.id);
  if (ids.size === 0) return;
  const people = await tx
    .select({ ...personColumns, landlordId: users.landlordId })
    .from(users)
    .where(inArray(users.id, [...ids]))
    .orderBy(asc(users.id));
  const audience: typeof people = [];
  for (const person of people) {
    if (!can(person, 'comment.read', { visibility: comment.visibility })) continue;
    // A tenant who moved out, a creator who no longer sees the ticket: not on it any more.
    if (await seesTicket(tx, person, ticket.id)) audience.push(person);
  }
  if (audience.length === 0) return;
  const notice = { by: author.name, body: comment.body, visibility: comment.visibility };
  await notify(tx, ctx.messaging, audience, ticket, (w) => {
    const vars = { ...ticketVars(ctx.config.appUrl, ticket, w), name: author.name };
    return {
      notification: {
        title: w.format(w.t.tickets.notifications.newComment, vars),
        description: w.format(w.t.tickets.notifications.commentDescription, {
          name: author.name,
          excerpt: excerpt(comment.body),
        }),
      },
      message: {
        kind: 'ticket.commented',
        email: (person, unsubscribeUrl) =>
          ticketCommentEmail(w, vars, notice, displayName(person), unsubscribeUrl),
        sms: w.format(w.t.tickets.outbox.commentSms, vars),
        voice: w.format(w.t.tickets.outbox.commentVoice, vars),
        payload: { comment_id: comment.id },
      },
    };
  });
}
