/**
 * A contractor's estimate or invoice of a ticket (issue 26): line items (labour, parts, other) in whole cents, tax, the
 * landlord's currency, a note; one attached PDF or image beside them (`attachment`, checked like ticket images). The
 * total is computed; one sent must equal it. The server checks the currency against the landlord's.
 */
import { z } from 'zod';
import {
  COST_LINE_KINDS,
  COST_LINES_MAX,
  CURRENCIES,
  MAX_LONG_TEXT_LENGTH,
  MONEY_MAX_CENTS,
} from '../constants';
import { en, format } from '../messages';
import { form, isCalendarDate, nested, parseJson, text, wholeNumber } from './common';

const v = en.validation;
const amountMessage = format(v.amount, { max: MONEY_MAX_CENTS / 100 });

/** Whole cents from 0 to MONEY_MAX_CENTS. */
const cents = (message: string) =>
  z.preprocess(
    (value) => (value === undefined || value === null || value === '' ? undefined : wholeNumber(value)),
    z
      .number({ error: message })
      .int({ error: message })
      .min(0, { error: message })
      .max(MONEY_MAX_CENTS, { error: message }),
  );

export const costLineSchema = nested({
  kind: z.enum(COST_LINE_KINDS, { error: v.costLineKind }),
  description: text(v.costLineDescription),
  amount_cents: cents(amountMessage),
});

export const costSchema = form({
  currency: z.enum(CURRENCIES, { error: v.currency }),
  lines: z.preprocess(
    (value) => (value === undefined || value === '' ? [] : parseJson(value)),
    z
      .array(costLineSchema, { error: v.costLines })
      .min(1, { error: v.costLines })
      .max(COST_LINES_MAX, { error: format(v.tooManyCostLines, { max: COST_LINES_MAX }) }),
  ),
  tax_cents: cents(amountMessage).optional().default(0),
  /** Optional: when sent, it must be the lines' sum plus the tax. */
  total_cents: cents(amountMessage).optional(),
  note: text(v.costNote, { optional: true, max: MAX_LONG_TEXT_LENGTH }),
}).transform((values, ctx) => {
  const subtotal = values.lines.reduce((sum, line) => sum + line.amount_cents, 0);
  const total = subtotal + values.tax_cents;
  if (subtotal > MONEY_MAX_CENTS || total > MONEY_MAX_CENTS) {
    ctx.issues.push({
      code: 'custom',
      message: amountMessage,
      path: ['total_cents'],
      input: values.total_cents,
    });
    return z.NEVER;
  }
  if (values.total_cents !== undefined && values.total_cents !== total) {
    ctx.issues.push({
      code: 'custom',
      message: v.costTotal,
      path: ['total_cents'],
      input: values.total_cents,
    });
    return z.NEVER;
  }
  return { ...values, subtotal_cents: subtotal, total_cents: total };
});
export type CostValues = z.output<typeof costSchema>;

/** POST …/decline of an estimate: why (required). */
export const costDeclineSchema = form({
  reason: text(v.declineReason, { max: 1000 }),
});

/** POST …/paid of an invoice: the date it was paid, "YYYY-MM-DD". */
export const costPaidSchema = form({
  paid_on: z.string({ error: v.paidOn }).trim().refine(isCalendarDate, { error: v.paidOn }),
});
