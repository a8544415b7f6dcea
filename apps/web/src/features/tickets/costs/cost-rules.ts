/**
 * A ticket's estimates and invoices without React (issue 26): their addresses, the send form's values (line rows with
 * their amounts as typed, in the currency's units) and the body they are sent as (whole cents, the lines as JSON text
 * like any nested value the shared schemas read), the live totals, the reason a decline asks for, and the form's
 * check (the shared costSchema on
 * that body, so its messages land on the same paths the server's do: `lines.0.amount_cents`, `tax_cents`,
 * `total_cents`).
 */
import {
  type ApiTicketCost,
  COST_LINE_KINDS,
  type CostLineKind,
  costDeclineSchema,
  costSchema,
  MONEY_MAX_CENTS,
} from '@mend/shared';
import type { ParsingSchema } from '../../../components/forms/zod-errors';
import { money, t } from '../../../lib/translations';
import { centsFromAmount } from '../../landlords/money';
import type { ReasonSettings } from '../ReasonForm';

export type CostKind = ApiTicketCost['kind'];

/** POST tickets/{id}/estimates or …/invoices. */
export const submitPath = (ticketId: number, kind: CostKind) => `tickets/${ticketId}/${kind}s`;

/** POST tickets/{id}/costs/{costId}/approve, …/decline, …/paid. */
export const decidePath = (ticketId: number, costId: number, action: 'approve' | 'decline' | 'paid') =>
  `tickets/${ticketId}/costs/${costId}/${action}`;

/**
 * Declining an estimate: its reason's form and check, POSTed to `url` (the ticket's, by staff in its details, or the
 * owner's signed link). Its longest reason is costDeclineSchema's.
 */
export const costDeclineReason = (url: string): ReasonSettings => ({
  url,
  schema: costDeclineSchema,
  label: t.costScreens.declineTitle,
  reasonLabel: t.costScreens.reason,
  description: t.costScreens.declineHint,
  required: true,
  maxLength: 1000,
  submitLabel: t.costScreens.decline,
});

/** GET approval-links/{token}, or POST …/approve and …/decline. */
export const approvalLinkPath = (token: string, action?: 'approve' | 'decline') =>
  `approval-links/${encodeURIComponent(token)}${action ? `/${action}` : ''}`;

export const approvalLinkKey = (token: string) => ['approval-links', token] as const;

/** A line of the send form: its fields as typed (`amount_cents` holds units, "120.50"), and a stable key for React. */
export interface CostLineRow {
  key: string;
  kind: CostLineKind | '';
  description: string;
  amount_cents: string;
}

export interface CostFormValues extends Record<string, unknown> {
  currency: string;
  lines: CostLineRow[];
  /** In units, as typed; blank is no tax. */
  tax_cents: string;
  note: string;
  attachment: File | null;
}

let rowCounter = 0;

/** A new line (labour first: most lines are). */
export function newCostLine(kind: CostLineKind = COST_LINE_KINDS[0]): CostLineRow {
  rowCounter += 1;
  return { key: `cost-line-${rowCounter}`, kind, description: '', amount_cents: '' };
}

export function emptyCostForm(currency: string): CostFormValues {
  return { currency, lines: [newCostLine()], tax_cents: '', note: '', attachment: null };
}

/** The tax in cents: blank is none; null when it is not an amount. */
function taxCents(text: string): number | null {
  return text.trim() === '' ? 0 : centsFromAmount(text);
}

/**
 * The live totals in cents: each part null while any amount it adds up is not one (blank or invalid); `total` also
 * null above MONEY_MAX_CENTS, which no estimate may be.
 */
export function costTotals(values: Pick<CostFormValues, 'lines' | 'tax_cents'>): {
  subtotal: number | null;
  tax: number | null;
  total: number | null;
} {
  const amounts = values.lines.map((line) => centsFromAmount(line.amount_cents));
  const subtotal = amounts.every((cents) => cents !== null)
    ? amounts.reduce<number>((sum, cents) => sum + (cents ?? 0), 0)
    : null;
  const tax = taxCents(values.tax_cents);
  const total = subtotal !== null && tax !== null ? subtotal + tax : null;
  return { subtotal, tax, total: total !== null && total <= MONEY_MAX_CENTS ? total : null };
}

/** A total as the form shows it: money, or a dash while it cannot be worked out. */
export function totalText(cents: number | null, currency: string): string {
  return cents === null ? '—' : money(cents, currency);
}

/**
 * The values as sent: the lines as JSON text with whole cents, the tax in cents, the total the lines make (the server
 * checks it), the note and the file. An amount that is not one is sent as it was typed, so the schema (here and on
 * the server) names it on its own line; the total is then left out.
 */
export function costBody(values: CostFormValues): Record<string, unknown> {
  const lines = values.lines.map((line) => ({
    kind: line.kind,
    description: line.description,
    amount_cents: centsFromAmount(line.amount_cents) ?? (line.amount_cents.trim() || null),
  }));
  const tax = taxCents(values.tax_cents);
  const { total } = costTotals(values);
  return {
    currency: values.currency,
    lines: JSON.stringify(lines),
    tax_cents: tax ?? (values.tax_cents.trim() || 'invalid'),
    ...(total !== null && { total_cents: total }),
    note: values.note,
    attachment: values.attachment,
  };
}

/** The send form's check: the shared schema on the values as they are sent (see the header). */
export const costFormSchema: ParsingSchema = {
  safeParse(values) {
    const { attachment: _file, ...body } = costBody(values as CostFormValues);
    return costSchema.safeParse(body);
  },
};

/** The colour of a cost's state tag. */
export function costStateColor(state: ApiTicketCost['state']): string {
  switch (state) {
    case 'approved':
    case 'paid':
      return 'teal';
    case 'declined':
      return 'red';
    case 'awaiting_owner':
      return 'orange';
    default:
      return 'blue';
  }
}

/** Today's date where the browser is, "YYYY-MM-DD": the payment date the form starts with. */
export function todayDate(now: Date = new Date()): string {
  const pad = (part: number) => String(part).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Whether a ticket's estimates include one waiting for its owner. */
export const awaitsOwner = (items: readonly Pick<ApiTicketCost, 'state'>[]) =>
  items.some((item) => item.state === 'awaiting_owner');
