/** A ticket's estimates and invoices as its answers show them (issue 26). */
import {
  type Actor,
  type ApiTicketCost,
  type ApiTicketCosts,
  type ApiTicketCostTotals,
  type AssignmentState,
  can,
  DEFAULT_CURRENCY,
  en,
  moneyText,
} from '@mend/shared';
import { displayName, toSeconds } from '../users/serialize';
import type { JsonCost, JsonCostFlags, JsonLandlordMoney } from './queries';

/** `/api/tickets/{ticket}/costs/{cost}/attachment` */
export const costAttachmentPath = (ticketId: number, costId: number) =>
  `/api/tickets/${ticketId}/costs/${costId}/attachment`;

/** Whether an estimate of the ticket waits for an owner (never told to a tenant). */
export const awaitingOwner = (viewer: Actor, flags: JsonCostFlags | null): boolean =>
  can(viewer, 'cost.view') && flags?.awaiting === true;

/** The lists' cost columns: staff only, null when the ticket has neither an estimate nor an invoice. */
export function serializeCostTotals(viewer: Actor, flags: JsonCostFlags | null): ApiTicketCostTotals | null {
  if (!can(viewer, 'cost.viewTotals') || !flags || (flags.estimate === null && flags.invoice === null))
    return null;
  return {
    currency: flags.currency ?? DEFAULT_CURRENCY,
    estimate_cents: flags.estimate,
    invoice_cents: flags.invoice,
  };
}

function serializeCost(cost: JsonCost, ticketId: number, mayDecide: boolean): ApiTicketCost {
  return {
    id: cost.id,
    kind: cost.kind,
    kind_text: en.costs.kinds[cost.kind],
    state: cost.state,
    state_text: en.costs.states[cost.state],
    contractor:
      cost.contractorId !== null && cost.contractor
        ? { id: cost.contractorId, name: displayName(cost.contractor) }
        : null,
    currency: cost.currency,
    lines: cost.lines.map((line) => ({
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
    attachment: cost.attachmentKey
      ? {
          url: costAttachmentPath(ticketId, cost.id),
          name: cost.attachmentName ?? '',
          mime_type: cost.attachmentMime ?? '',
        }
      : null,
    decided_by: cost.decidedByName,
    decided_at_timestamp: cost.decidedAt ? toSeconds(new Date(cost.decidedAt)) : null,
    decline_reason: cost.declineReason,
    paid_on: cost.paidOn,
    created_at_timestamp: toSeconds(new Date(cost.createdAt)),
    can: {
      approve: mayDecide && cost.state === 'pending',
      decline: mayDecide && cost.state === 'pending',
      mark_paid: mayDecide && cost.state === 'unpaid',
    },
  };
}

/**
 * The detail's money: null for the tenant; a contractor sees its own estimates and invoices (not the landlord's limit)
 * and may send one once it accepted the job; staff of the landlord decide.
 */
export function serializeCosts(
  viewer: Actor,
  ticket: {
    id: number;
    landlordId: number | null;
    costs: JsonCost[];
    money: JsonLandlordMoney | null;
    assignment: { contractorId: number; state: AssignmentState } | null;
  },
): ApiTicketCosts | null {
  if (!can(viewer, 'cost.view')) return null;
  const staff = can(viewer, 'cost.viewTotals');
  const mayDecide = can(viewer, 'cost.decide', { landlordId: ticket.landlordId });
  const items = staff ? ticket.costs : ticket.costs.filter((cost) => cost.contractorId === viewer.id);
  return {
    currency: ticket.money?.currency ?? DEFAULT_CURRENCY,
    approval_limit_cents: staff ? (ticket.money?.approvalLimitCents ?? null) : null,
    items: items.map((cost) => serializeCost(cost, ticket.id, mayDecide)),
    can_submit: can(viewer, 'cost.submit', {
      contractorId: ticket.assignment?.contractorId ?? null,
      assignmentState: ticket.assignment?.state ?? null,
    }),
  };
}
