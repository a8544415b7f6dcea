/**
 * An owner approves or declines an estimate above its landlord's approval limit from a signed link, without an account
 * (issue 26, ADR 0036). Each owner contact of the landlord is emailed its own link when the estimate is sent and
 * reminded OWNER_REMINDER_HOURS later while it still waits (reminders.ts); the first answer decides. A link names the
 * estimate, the owner and the moment the owners were asked: a link of an owner no longer listed, of another estimate,
 * altered or expired answers nothing.
 */
import {
  APPROVAL_LINK_TTL_DAYS,
  type ApiApprovalLink,
  costDeclineSchema,
  dateText,
  en,
  fieldErrors,
  format,
  linkPagePath,
  moneyText,
  unitNameOrWhole,
  utcDateOf,
  visibleId,
  wordsOf,
} from '@mend/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import {
  landlordOwners,
  properties,
  type TicketCostRow,
  ticketCostLines,
  ticketCosts,
  tickets,
  units,
} from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import { AppError, notFound, validationFailed } from '../../lib/errors';
import { renderEmail } from '../../lib/mail/templates';
import type { MessagingContext } from '../../lib/outbox/context';
import { queueMessages } from '../../lib/outbox/messages';
import { signTicketLinkToken, verifyTicketLinkToken } from '../../lib/tokens';
import { managersOf } from '../tickets/routing';
import { type CostTicketFacts, recordDecision, tellOf } from './decisions';

const o = en.costs.owner;
const DAY_MS = 86_400_000;

/**
 * Emails every owner contact of the ticket's landlord, in its language, its link to the estimate (a reminder when
 * `reminder`), in the caller's transaction, through the outbox. Answers how many were asked.
 */
export async function askOwners(
  tx: Tx,
  messaging: MessagingContext,
  cost: Pick<TicketCostRow, 'id' | 'totalCents' | 'currency' | 'ownerAskedAt'>,
  ticket: CostTicketFacts,
  names: { contractorName: string; limitCents: number },
  reminder: boolean,
): Promise<number> {
  if (ticket.landlordId === null || cost.ownerAskedAt === null) return 0;
  const owners = await tx
    .select()
    .from(landlordOwners)
    .where(eq(landlordOwners.landlordId, ticket.landlordId))
    .orderBy(asc(landlordOwners.position), asc(landlordOwners.id));
  const expires = new Date(cost.ownerAskedAt.getTime() + APPROVAL_LINK_TTL_DAYS * DAY_MS);
  await queueMessages(
    tx,
    owners.map((owner) => {
      const token = signTicketLinkToken(messaging.secret, 'approval', {
        ticketId: cost.id,
        userId: owner.id,
        issuedAt: cost.ownerAskedAt as Date,
      });
      const w = wordsOf(owner.language);
      const texts = w.t.costs.owner;
      const vars = {
        total: moneyText(cost.totalCents, cost.currency, w.language),
        limit: moneyText(names.limitCents, cost.currency, w.language),
        contractor: names.contractorName,
        visible_id: visibleId(ticket.id),
        property: ticket.propertyName,
      };
      const email = renderEmail(
        {
          subject: w.format(reminder ? texts.reminderSubject : texts.subject, vars),
          name: owner.name,
          intro: [w.format(texts.intro, vars)],
          facts: [
            [w.t.mail.ticket.number, `#${vars.visible_id}: ${ticket.title}`],
            [w.t.mail.ticket.where, `${ticket.propertyName}, ${unitNameOrWhole(ticket.unitName, w.t)}`],
          ],
          action: { label: texts.action, url: `${messaging.appUrl}${linkPagePath('approval', token)}` },
          notes: [w.format(texts.expires, { date: dateText(utcDateOf(expires), w.language) })],
        },
        w,
      );
      return {
        kind: reminder ? 'cost.owner_reminder' : 'cost.owner_approval',
        channel: 'email' as const,
        userId: null,
        recipient: owner.email,
        subject: email.subject,
        bodyText: email.text,
        bodyHtml: email.html,
        // The link answers for the owner: blanked from the outbox once delivered.
        payload: { sensitive: true, cost_id: cost.id, ticket_id: ticket.id },
        status: 'pending' as const,
      };
    }),
  );
  if (owners.length === 0 && ticket.landlordId !== null) {
    // Nobody to ask: the managers are told, so they add an owner (its link then goes with the next reminder).
    await tellOf(
      tx,
      messaging,
      await managersOf(tx, ticket.landlordId),
      ticket,
      (w) => {
        const text = w.format(w.t.costs.notifications.awaitingOwner, {
          visible_id: visibleId(ticket.id),
          total: moneyText(cost.totalCents, cost.currency, w.language),
        });
        return { title: text, sms: text };
      },
      'cost.no_owner',
    );
  }
  return owners.length;
}

/** The estimate, its ticket and the owner a genuine, current link names. */
async function linked(ctx: ServiceContext, token: string, now: Date) {
  const check = verifyTicketLinkToken(ctx.messaging.secret, 'approval', token, now);
  if (!check.ok) throw new AppError(400, check.reason === 'expired' ? o.linkExpired : o.linkInvalid);
  const { claims } = check;
  const [found] = await ctx.db
    .select({
      cost: ticketCosts,
      ticketTitle: tickets.title,
      propertyName: properties.name,
      landlordId: properties.landlordId,
      unitName: units.name,
      owner: landlordOwners,
    })
    .from(ticketCosts)
    .innerJoin(tickets, eq(tickets.id, ticketCosts.ticketId))
    .innerJoin(properties, eq(properties.id, tickets.propertyId))
    .leftJoin(units, eq(units.id, tickets.unitId))
    .innerJoin(
      landlordOwners,
      and(eq(landlordOwners.id, claims.userId), eq(landlordOwners.landlordId, properties.landlordId)),
    )
    .where(eq(ticketCosts.id, claims.ticketId));
  const current =
    found !== undefined &&
    found.cost.kind === 'estimate' &&
    found.cost.ownerAskedAt !== null &&
    found.cost.ownerAskedAt.getTime() === claims.issuedAt.getTime();
  if (!found || !current) throw new AppError(400, o.linkInvalid);
  const ticket: CostTicketFacts = {
    id: found.cost.ticketId,
    title: found.ticketTitle,
    propertyName: found.propertyName,
    unitName: found.unitName,
    landlordId: found.landlordId,
  };
  return { cost: found.cost, owner: found.owner, ticket };
}

async function linkView(
  ctx: ServiceContext,
  cost: TicketCostRow,
  ticket: CostTicketFacts,
  ownerName: string,
) {
  const lines = await ctx.db
    .select()
    .from(ticketCostLines)
    .where(eq(ticketCostLines.costId, cost.id))
    .orderBy(asc(ticketCostLines.position));
  return {
    ticket: {
      visible_id: visibleId(ticket.id),
      title: ticket.title,
      property: ticket.propertyName,
      // An owner has no account and no language: its page and emails are in the default one.
      unit: unitNameOrWhole(ticket.unitName),
    },
    owner_name: ownerName,
    currency: cost.currency,
    lines: lines.map((line) => ({
      kind: line.kind,
      kind_text: en.costs.lineKinds[line.kind],
      description: line.description,
      amount_cents: line.amountCents,
    })),
    subtotal_cents: cost.subtotalCents,
    tax_cents: cost.taxCents,
    total_cents: cost.totalCents,
    total_text: moneyText(cost.totalCents, cost.currency),
    note: cost.note,
    state: cost.state,
    state_text: en.costs.states[cost.state],
    decided_by: cost.decidedByName,
    can_answer: cost.state === 'awaiting_owner',
  } satisfies ApiApprovalLink;
}

/** GET approval-links/{token}: the estimate an owner's link names, signed out. */
export async function showApprovalLink(
  ctx: ServiceContext,
  token: string,
  now: Date,
): Promise<ApiApprovalLink> {
  const { cost, owner, ticket } = await linked(ctx, token, now);
  return linkView(ctx, cost, ticket, owner.name);
}

/** POST approval-links/{token}/approve and …/decline: the owner decides; the contractor and managers are told. */
export async function answerApprovalLink(
  ctx: ServiceContext,
  token: string,
  approved: boolean,
  body: unknown,
  now: Date,
): Promise<{ message: string; data: ApiApprovalLink }> {
  const { cost: asked, owner, ticket } = await linked(ctx, token, now);
  let reason = '';
  if (!approved) {
    const parsed = costDeclineSchema.safeParse(body ?? {});
    if (!parsed.success) throw validationFailed(fieldErrors(parsed.error));
    reason = parsed.data.reason;
  }
  await ctx.db.transaction(async (tx) => {
    const [cost] = await tx.select().from(ticketCosts).where(eq(ticketCosts.id, asked.id)).for('update');
    if (!cost) throw notFound();
    if (cost.state !== 'awaiting_owner')
      throw new AppError(409, format(o.decided, { state: en.costs.states[cost.state].toLowerCase() }));
    await recordDecision(
      tx,
      ctx.messaging,
      cost,
      ticket,
      { approved, reason, by: { userId: null, ownerId: owner.id, name: owner.name } },
      now,
    );
    if (ticket.landlordId !== null) {
      await tellOf(
        tx,
        ctx.messaging,
        await managersOf(tx, ticket.landlordId),
        ticket,
        (w) => {
          const log = w.t.costs.log;
          const title = w.format(approved ? log.approved : log.declined, {
            total: moneyText(cost.totalCents, cost.currency, w.language),
            name: owner.name,
            reason,
          });
          return { title, sms: title };
        },
        'cost.owner_decided',
      );
    }
  });
  const { cost } = await linked(ctx, token, now);
  return { message: approved ? o.approved : o.declined, data: await linkView(ctx, cost, ticket, owner.name) };
}
