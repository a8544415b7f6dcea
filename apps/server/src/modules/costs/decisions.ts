/**
 * What every step of an estimate or invoice shares (issue 26): the ticket as its messages name it, telling people of a
 * step, and recording an estimate's decision — a manager's (service.ts) or an owner's (owner-links.ts).
 */
import { en, format, moneyText, visibleId, type Words } from '@mend/shared';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { type TicketCostRow, ticketCosts, ticketLog, users } from '../../db/schema';
import { ticketNoticeEmail } from '../../lib/mail/templates';
import type { MessagingContext } from '../../lib/outbox/context';
import type { TicketJoinedRow } from '../tickets/queries';
import { absoluteLink, notify, type Person, personColumns, ticketVars } from '../tickets/routing';
import { displayName } from '../users/serialize';
import { queueWebhookEvent } from '../webhooks/events';

const c = en.costs;

/** What messages about the ticket say of it. */
export const ticketFactsOf = (row: TicketJoinedRow) => ({
  id: row.ticket.id,
  title: row.ticket.title,
  propertyName: row.property.name,
  unitName: row.unit?.name ?? null,
  landlordId: row.property.landlordId,
});
export type CostTicketFacts = ReturnType<typeof ticketFactsOf>;

/** The contractor (or another user) as `notify` reads it. */
export async function personOf(tx: Tx, userId: number | null): Promise<Person[]> {
  if (userId === null) return [];
  return tx.select(personColumns).from(users).where(eq(users.id, userId));
}

/**
 * Tells `people` of a step of an estimate or invoice, in the app and by email / SMS as their options say, each in its
 * language: `words` gives the title and the SMS in a language's words.
 */
export async function tellOf(
  tx: Tx,
  messaging: MessagingContext,
  people: Person[],
  ticket: CostTicketFacts,
  words: (w: Words) => { title: string; sms: string },
  kind: string,
): Promise<void> {
  await notify(tx, messaging, people, ticket, (w) => {
    const facts = ticketVars(messaging.appUrl, ticket, w);
    const link = facts.link;
    const { title, sms } = words(w);
    const action = { label: w.t.mail.ticket.open, url: link };
    return {
      notification: { title, description: ticket.title },
      message: {
        kind,
        email: (person, unsubscribeUrl) =>
          ticketNoticeEmail(
            w,
            facts,
            { subject: title, intro: title, facts: [], action },
            displayName(person),
            unsubscribeUrl,
          ),
        sms,
        voice: title,
      },
    };
  });
}

/** Records an estimate's decision (a manager's or an owner's), its log line, and tells the contractor. */
export async function recordDecision(
  tx: Tx,
  messaging: MessagingContext,
  cost: TicketCostRow,
  ticket: CostTicketFacts,
  decision: {
    approved: boolean;
    reason: string;
    by: { userId: number | null; ownerId: number | null; name: string };
  },
  now: Date,
): Promise<void> {
  const state = decision.approved ? 'approved' : 'declined';
  await tx
    .update(ticketCosts)
    .set({
      state,
      decidedBy: decision.by.userId,
      decidedByOwnerId: decision.by.ownerId,
      decidedByName: decision.by.name,
      decidedAt: now,
      declineReason: decision.reason,
      updatedAt: now,
    })
    .where(eq(ticketCosts.id, cost.id));
  const total = moneyText(cost.totalCents, cost.currency);
  await tx.insert(ticketLog).values({
    ticketId: ticket.id,
    userId: decision.by.userId,
    action: decision.approved ? 'estimate_approved' : 'estimate_declined',
    description: decision.approved
      ? format(c.log.approved, { total, name: decision.by.name })
      : format(c.log.declined, { total, name: decision.by.name, reason: decision.reason }),
    data: { cost_id: cost.id, visibility: 'contractor' },
    createdAt: now,
  });
  const vars = { visible_id: visibleId(ticket.id), total, link: absoluteLink(messaging.appUrl, ticket.id) };
  await tellOf(
    tx,
    messaging,
    await personOf(tx, cost.contractorId),
    ticket,
    (w) => ({
      title: w.format(
        decision.approved ? w.t.costs.notifications.approved : w.t.costs.notifications.declined,
        vars,
      ),
      sms: w.format(w.t.costs.outbox.decidedSms, { ...vars, decision: w.t.costs.outbox.decisions[state] }),
    }),
    'cost.decided',
  );
  await queueWebhookEvent(
    tx,
    messaging.appUrl,
    'approval.decided',
    ticket.id,
    {
      approval: {
        cost_id: cost.id,
        kind: cost.kind,
        total_cents: cost.totalCents,
        currency: cost.currency,
        decision: state,
        reason: decision.reason,
        decided_by: decision.by.ownerId !== null ? 'owner' : 'staff',
        decided_by_name: decision.by.name,
      },
    },
    now,
  );
}
