/**
 * Estimates and invoices of a ticket (issue 26, ADR 0036). The contractor that accepted the job sends an estimate
 * before the work and an invoice after it: line items, tax, a total in whole cents of its landlord's currency, and one
 * attached PDF or image (checked and stored as ticket files are). An estimate within the landlord's approval limit
 * waits for a manager; above it, for an owner (owner-links.ts), and the ticket shows the flag. Staff of the landlord
 * approve or decline an estimate within the limit and mark invoices paid with a date. Every step writes its log line
 * and tells whom it concerns, in one transaction; every refusal writes nothing.
 */
import {
  APPROVAL_LIMIT_DEFAULT_CENTS,
  type ApiTicket,
  type CostKind,
  can,
  costDeclineSchema,
  costPaidSchema,
  costSchema,
  DEFAULT_CURRENCY,
  dateText,
  en,
  fieldErrors,
  format,
  moneyText,
  TICKET_IMAGE_MAX_FILES,
  visibleId,
} from '@mend/shared';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import {
  landlords,
  properties,
  type TicketCostRow,
  ticketCostLines,
  ticketCosts,
  ticketLog,
} from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import { AppError, type FieldErrors, forbidden, notFound, validationFailed } from '../../lib/errors';
import type { UploadedFile } from '../../lib/form-body';
import type { PrivateFile } from '../../lib/private-files';
import { forgetPortfolioSpend } from '../dashboard/money';
import { discardFiles, keysOf, prepareTicketFiles, storeTicketFiles } from '../tickets/files';
import { findTicketRow, type TicketJoinedRow } from '../tickets/queries';
import { absoluteLink, managersOf } from '../tickets/routing';
import { answerWithTicket, type Viewer } from '../tickets/service';
import { personOf, recordDecision, tellOf, ticketFactsOf } from './decisions';
import { askOwners } from './owner-links';

const c = en.costs;
const conflict = (message: string) => new AppError(409, message);

/** The form field of the attached file. */
export const COST_ATTACHMENT_FIELD = 'attachment';

/** The landlord's currency and approval limit (a property without a landlord: the defaults). */
async function moneyOf(ctx: ServiceContext, propertyId: number) {
  const [row] = await ctx.db
    .select({ currency: landlords.currency, limit: landlords.approvalLimitCents })
    .from(properties)
    .leftJoin(landlords, eq(landlords.id, properties.landlordId))
    .where(eq(properties.id, propertyId));
  return { currency: row?.currency ?? DEFAULT_CURRENCY, limit: row?.limit ?? APPROVAL_LIMIT_DEFAULT_CENTS };
}

/**
 * POST tickets/{id}/estimates and …/invoices: the contractor that accepted the job sends one. Above the landlord's
 * approval limit an estimate waits for the owners, who are sent their links in the same transaction.
 */
export async function submitCost(
  ctx: ServiceContext,
  viewer: Viewer,
  ticketId: number,
  kind: CostKind,
  body: unknown,
  uploads: UploadedFile[],
  now: Date,
): Promise<{ message: string; data: ApiTicket | null }> {
  const row = await findTicketRow(ctx.db, viewer, ticketId);
  if (!row) throw notFound();
  const assignment = row.assignment;
  if (
    !can(viewer, 'cost.submit', {
      contractorId: assignment?.contractorId ?? null,
      assignmentState: assignment?.state ?? null,
    })
  )
    throw forbidden(c.notAssigned);
  const money = await moneyOf(ctx, row.ticket.propertyId);
  const parsed = costSchema.safeParse(body ?? {});
  const errors: FieldErrors = parsed.success ? {} : fieldErrors(parsed.error);
  if (parsed.success && parsed.data.currency !== money.currency)
    errors.currency = [format(en.validation.costCurrency, { currency: money.currency })];
  // One file at most: the ticket files' checks (type, size), with room left for only one.
  const files = await prepareTicketFiles(uploads, TICKET_IMAGE_MAX_FILES - 1, {
    field: COST_ATTACHMENT_FIELD,
    convert: Object.keys(errors).length === 0,
  });
  if (files.problem) errors[COST_ATTACHMENT_FIELD] = [files.problem];
  if (!parsed.success || Object.keys(errors).length > 0) throw validationFailed(errors);
  const values = parsed.data;
  const state =
    kind === 'invoice' ? 'unpaid' : values.total_cents > money.limit ? 'awaiting_owner' : 'pending';
  const stored = await storeTicketFiles(
    ctx.storage,
    ctx.log,
    ticketId,
    files.prepared.map((file) => ({ ...file, thumbnail: null })),
  );
  const [attachment] = stored;
  const contractorName = viewer.name;
  const total = moneyText(values.total_cents, money.currency);
  const ticket = ticketFactsOf(row);
  try {
    await ctx.db.transaction(async (tx) => {
      const [cost] = await tx
        .insert(ticketCosts)
        .values({
          ticketId,
          kind,
          contractorId: viewer.id,
          currency: money.currency,
          subtotalCents: values.subtotal_cents,
          taxCents: values.tax_cents,
          totalCents: values.total_cents,
          note: values.note.replace(/\r\n?/g, '\n'),
          attachmentKey: attachment?.storageKey ?? null,
          attachmentMime: attachment?.mimeType ?? null,
          attachmentName: attachment?.originalName ?? null,
          state,
          ownerAskedAt: state === 'awaiting_owner' ? now : null,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await tx.insert(ticketCostLines).values(
        values.lines.map((line, position) => ({
          costId: cost.id,
          position,
          kind: line.kind,
          description: line.description,
          amountCents: line.amount_cents,
        })),
      );
      await tx.insert(ticketLog).values({
        ticketId,
        userId: viewer.id,
        action: `${kind}_submitted`,
        description: format(c.log[kind], { total, name: contractorName }),
        data: { cost_id: cost.id, visibility: 'contractor' },
        createdAt: now,
      });
      const managers = ticket.landlordId === null ? [] : await managersOf(tx, ticket.landlordId);
      const link = absoluteLink(ctx.messaging.appUrl, ticketId);
      await tellOf(
        tx,
        ctx.messaging,
        managers,
        ticket,
        (w) => {
          const vars = {
            kind: w.t.costs.kinds[kind],
            total: moneyText(cost.totalCents, cost.currency, w.language),
            visible_id: visibleId(ticketId),
            title: ticket.title,
          };
          return {
            title: w.format(w.t.costs.notifications.submitted, vars),
            sms: w.format(w.t.costs.outbox.submittedSms, { ...vars, link }),
          };
        },
        'cost.submitted',
      );
      if (state === 'awaiting_owner') {
        const limit = moneyText(money.limit, money.currency);
        await tx.insert(ticketLog).values({
          ticketId,
          userId: null,
          action: 'estimate_awaiting_owner',
          description: format(c.log.awaitingOwner, { total, limit }),
          data: { cost_id: cost.id, visibility: 'contractor' },
          createdAt: now,
        });
        await askOwners(tx, ctx.messaging, cost, ticket, { contractorName, limitCents: money.limit }, false);
      }
    });
  } catch (error) {
    await discardFiles(ctx.storage, ctx.log, keysOf(stored));
    throw error;
  }
  return answerWithTicket(ctx.db, viewer, ticketId, c.submitted[kind]);
}

/** A cost of a ticket the viewer sees, locked for the transaction. */
async function lockedCost(tx: Tx, ticketId: number, costId: number): Promise<TicketCostRow> {
  const [cost] = await tx
    .select()
    .from(ticketCosts)
    .where(and(eq(ticketCosts.id, costId), eq(ticketCosts.ticketId, ticketId)))
    .for('update');
  if (!cost) throw notFound();
  return cost;
}

/** A ticket the viewer sees and may decide the money of (staff of its landlord). */
async function decidable(ctx: ServiceContext, viewer: Viewer, ticketId: number): Promise<TicketJoinedRow> {
  const row = await findTicketRow(ctx.db, viewer, ticketId);
  if (!row) throw notFound();
  if (!can(viewer, 'cost.decide', { landlordId: row.property.landlordId })) throw forbidden();
  return row;
}

/** POST tickets/{id}/costs/{costId}/approve and …/decline: staff decide an estimate within the approval limit. */
export async function decideEstimate(
  ctx: ServiceContext,
  viewer: Viewer,
  ticketId: number,
  costId: number,
  approved: boolean,
  body: unknown,
  now: Date,
): Promise<{ message: string; data: ApiTicket | null }> {
  const row = await decidable(ctx, viewer, ticketId);
  let reason = '';
  if (!approved) {
    const parsed = costDeclineSchema.safeParse(body ?? {});
    if (!parsed.success) throw validationFailed(fieldErrors(parsed.error));
    reason = parsed.data.reason;
  }
  await ctx.db.transaction(async (tx) => {
    const cost = await lockedCost(tx, ticketId, costId);
    if (cost.kind !== 'estimate') throw notFound();
    if (cost.state === 'awaiting_owner') throw conflict(c.needsOwner);
    if (cost.state !== 'pending') throw conflict(c.alreadyDecided);
    await recordDecision(
      tx,
      ctx.messaging,
      cost,
      ticketFactsOf(row),
      { approved, reason, by: { userId: viewer.id, ownerId: null, name: viewer.name } },
      now,
    );
  });
  return answerWithTicket(ctx.db, viewer, ticketId, approved ? c.approved : c.declined);
}

/** POST tickets/{id}/costs/{costId}/paid: staff mark an invoice paid on a date; its contractor is told. */
export async function markPaid(
  ctx: ServiceContext,
  viewer: Viewer,
  ticketId: number,
  costId: number,
  body: unknown,
  now: Date,
): Promise<{ message: string; data: ApiTicket | null }> {
  const row = await decidable(ctx, viewer, ticketId);
  const parsed = costPaidSchema.safeParse(body ?? {});
  if (!parsed.success) throw validationFailed(fieldErrors(parsed.error));
  const paidOn = parsed.data.paid_on;
  await ctx.db.transaction(async (tx) => {
    const cost = await lockedCost(tx, ticketId, costId);
    if (cost.kind !== 'invoice') throw notFound();
    if (cost.state !== 'unpaid') throw conflict(c.alreadyPaid);
    await tx
      .update(ticketCosts)
      .set({
        state: 'paid',
        paidOn,
        decidedBy: viewer.id,
        decidedByName: viewer.name,
        decidedAt: now,
        updatedAt: now,
      })
      .where(eq(ticketCosts.id, costId));
    await tx.insert(ticketLog).values({
      ticketId,
      userId: viewer.id,
      action: 'invoice_paid',
      description: format(c.log.paid, {
        total: moneyText(cost.totalCents, cost.currency),
        date: dateText(paidOn),
        name: viewer.name,
      }),
      data: { cost_id: cost.id, visibility: 'contractor' },
      createdAt: now,
    });
    await tellOf(
      tx,
      ctx.messaging,
      await personOf(tx, cost.contractorId),
      ticketFactsOf(row),
      (w) => {
        const text = w.format(w.t.costs.log.paid, {
          total: moneyText(cost.totalCents, cost.currency, w.language),
          date: dateText(paidOn, w.language),
          name: viewer.name,
        });
        return { title: text, sms: text };
      },
      'cost.paid',
    );
  });
  forgetPortfolioSpend(ctx.db);
  return answerWithTicket(ctx.db, viewer, ticketId, c.paid);
}

/** GET tickets/{id}/costs/{costId}/attachment: staff, or the contractor that sent it. */
export async function costAttachment(
  ctx: ServiceContext,
  viewer: Viewer,
  ticketId: number,
  costId: number,
): Promise<PrivateFile> {
  const row = await findTicketRow(ctx.db, viewer, ticketId);
  if (!row || !can(viewer, 'cost.view')) throw notFound();
  const [cost] = await ctx.db
    .select()
    .from(ticketCosts)
    .where(and(eq(ticketCosts.id, costId), eq(ticketCosts.ticketId, ticketId)));
  const mayRead = cost && (can(viewer, 'cost.viewTotals') || cost.contractorId === viewer.id);
  if (!cost || !mayRead || !cost.attachmentKey) throw notFound();
  return {
    key: cost.attachmentKey,
    name: cost.attachmentName ?? 'attachment',
    mimeType: cost.attachmentMime ?? '',
  };
}
