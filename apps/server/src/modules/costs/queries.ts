/**
 * What a ticket's answers read of its estimates and invoices (issue 26), as JSON columns of the ticket's own row (one
 * statement per list page or detail, as the rest of it): the list's flags and totals, the detail's items with their
 * lines, and the landlord's currency and approval limit.
 */
import type { CostKind, CostLineKind, CostState, Currency } from '@mend/shared';
import { sql } from 'drizzle-orm';
import { properties, tickets } from '../../db/schema';

/** The lists' flags: an estimate waiting for an owner, the latest estimate (not declined) and invoice totals. */
export interface JsonCostFlags {
  awaiting: boolean | null;
  estimate: number | null;
  invoice: number | null;
  currency: Currency | null;
}

export const costFlagsJson = sql<JsonCostFlags>`(select json_build_object('awaiting', bool_or(c.state = 'awaiting_owner'), 'estimate', (array_agg(c.total_cents order by c.created_at desc, c.id desc) filter (where c.kind = 'estimate' and c.state <> 'declined'))[1], 'invoice', (array_agg(c.total_cents order by c.created_at desc, c.id desc) filter (where c.kind = 'invoice'))[1], 'currency', (array_agg(c.currency order by c.created_at desc, c.id desc))[1]) from ticket_costs c where c.ticket_id = ${tickets.id})`;

export interface JsonCost {
  id: number;
  kind: CostKind;
  contractorId: number | null;
  contractor: { firstName: string; lastName: string; companyName: string; email: string } | null;
  currency: Currency;
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  note: string;
  attachmentKey: string | null;
  attachmentMime: string | null;
  attachmentName: string | null;
  state: CostState;
  decidedByName: string;
  decidedAt: string | null;
  declineReason: string;
  paidOn: string | null;
  createdAt: string;
  lines: { kind: CostLineKind; description: string; amountCents: number }[];
}

/** The ticket's estimates and invoices, newest first, with their lines in order. */
export const costsJson = sql<
  JsonCost[]
>`(select coalesce(json_agg(json_build_object('id', c.id, 'kind', c.kind, 'contractorId', c.contractor_id, 'contractor', case when cu.id is null then null else json_build_object('firstName', cu.first_name, 'lastName', cu.last_name, 'companyName', cu.company_name, 'email', cu.email) end, 'currency', c.currency, 'subtotalCents', c.subtotal_cents, 'taxCents', c.tax_cents, 'totalCents', c.total_cents, 'note', c.note, 'attachmentKey', c.attachment_key, 'attachmentMime', c.attachment_mime, 'attachmentName', c.attachment_name, 'state', c.state, 'decidedByName', c.decided_by_name, 'decidedAt', c.decided_at, 'declineReason', c.decline_reason, 'paidOn', c.paid_on, 'createdAt', c.created_at, 'lines', (select coalesce(json_agg(json_build_object('kind', cl.kind, 'description', cl.description, 'amountCents', cl.amount_cents) order by cl.position), '[]'::json) from ticket_cost_lines cl where cl.cost_id = c.id)) order by c.created_at desc, c.id desc), '[]'::json) from ticket_costs c left join users cu on cu.id = c.contractor_id where c.ticket_id = ${tickets.id})`;

/** The landlord's currency and approval limit (null for a property without a landlord). */
export interface JsonLandlordMoney {
  currency: Currency;
  approvalLimitCents: number;
}

export const landlordMoneyJson = sql<JsonLandlordMoney | null>`(select json_build_object('currency', l.currency, 'approvalLimitCents', l.approval_limit_cents) from landlords l where l.id = ${properties.landlordId})`;
