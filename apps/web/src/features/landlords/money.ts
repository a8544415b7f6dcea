/**
 * A landlord's money settings (issue 26) without React: its currency (CURRENCIES), the estimate total above which an
 * owner approves (whole cents, entered in the currency's units: "500.00"), and its owner contacts, as the form holds
 * them (text, rows with a key for React) and sends them (whole cents, the owners as JSON text like any nested value
 * the shared schemas read), and as the details show them. Every currency of CURRENCIES has 100 cents to the unit.
 */
import {
  APPROVAL_LIMIT_DEFAULT_CENTS,
  type ApiLandlordOwner,
  type Currency,
  DEFAULT_CURRENCY,
  DEFAULT_LANGUAGE,
  type LandlordOwnerValues,
  landlordSchema,
  MONEY_MAX_CENTS,
} from '@mend/shared';
import type { FormValues } from '../../components/forms/form-values';
import type { ParsingSchema } from '../../components/forms/zod-errors';

/** An owner's row of the form: its fields as text (`id` '' for a new owner), and a stable key for React. */
export type OwnerRow = FormValues<LandlordOwnerValues> & { key: string };

/** The money fields of the landlord form; `approval_limit_cents` holds the amount as typed, in units ("500.00"). */
export type MoneyFormValues = {
  currency: string;
  approval_limit_cents: string;
  owners: OwnerRow[];
};

/** An amount in units: whole units, then at most two decimals ("500", "500.", "12.5", "0.99"). */
const AMOUNT = /^(\d+)(?:\.(\d{0,2}))?$/;

/**
 * Whole cents of an amount typed in the currency's units ("500" → 50000, "12.5" → 1250), worked out on the digits so
 * it is exact; null when it is not such an amount (blank, negative, more than two decimals, not a number) or is
 * above MONEY_MAX_CENTS.
 */
export function centsFromAmount(text: string): number | null {
  const match = AMOUNT.exec(text.trim());
  if (!match) return null;
  const [, units, decimals = ''] = match;
  // Beyond the maximum's digits (leading zeros aside) it is too much, and Number would lose digits.
  const significant = units.replace(/^0+(?=\d)/, '');
  if (significant.length > String(MONEY_MAX_CENTS).length) return null;
  const cents = Number(significant) * 100 + Number(decimals.padEnd(2, '0'));
  return cents <= MONEY_MAX_CENTS ? cents : null;
}

/** Whole cents as the input shows them: units and two decimals (50000 → "500.00"), without grouping. */
export function amountFromCents(cents: number): string {
  const whole = Math.trunc(cents / 100);
  return `${whole}.${String(cents - whole * 100).padStart(2, '0')}`;
}

let rowCounter = 0;
const rowKey = () => `owner-${++rowCounter}`;

/** A new, empty owner row. */
export function newOwnerRow(): OwnerRow {
  return { key: rowKey(), id: '', name: '', email: '', phone_number: '', language: DEFAULT_LANGUAGE };
}

/** The form's money values: the landlord's own, a new landlord's the defaults and no owners. */
export function moneyFormValues(
  landlord: { currency: Currency; approval_limit_cents: number; owners: readonly ApiLandlordOwner[] } | null,
): MoneyFormValues {
  return {
    currency: landlord?.currency ?? DEFAULT_CURRENCY,
    approval_limit_cents: amountFromCents(landlord?.approval_limit_cents ?? APPROVAL_LIMIT_DEFAULT_CENTS),
    owners: (landlord?.owners ?? []).map((owner) => ({
      key: rowKey(),
      id: String(owner.id),
      name: owner.name,
      email: owner.email,
      phone_number: owner.phone_number ?? '',
      language: owner.language,
    })),
  };
}

/** The owners as sent: JSON text of their fields, an existing owner's with its `id` (so it keeps its row). */
export function ownersBody(rows: readonly OwnerRow[]): string {
  return JSON.stringify(
    rows.map(({ key: _key, id, ...owner }) => (id === '' ? owner : { id: Number(id), ...owner })),
  );
}

/**
 * The money values as sent: the limit in whole cents, the owners as JSON text. An amount that is not one is left out
 * (the form does not send it: its check refuses it first).
 */
export function moneyBody(values: MoneyFormValues): Record<string, unknown> {
  const cents = centsFromAmount(values.approval_limit_cents);
  return {
    currency: values.currency,
    ...(cents !== null && { approval_limit_cents: cents }),
    owners: ownersBody(values.owners),
  };
}

/**
 * The landlord form's check: the shared schema on the values as they are sent, so the limit typed in units is checked
 * in cents with the schema's own message (and a blank one, which the schema would read as "keep", is refused: the
 * field always shows the limit in force).
 */
export const landlordFormSchema: ParsingSchema = {
  safeParse(values) {
    if (typeof values !== 'object' || values === null) return landlordSchema.safeParse(values);
    const held = values as Partial<MoneyFormValues>;
    const cents =
      typeof held.approval_limit_cents === 'string' ? centsFromAmount(held.approval_limit_cents) : null;
    return landlordSchema.safeParse({
      ...values,
      // Not whole cents: the schema's message for the field.
      approval_limit_cents: cents ?? 'invalid',
    });
  },
};

/**
 * The message for the owners list as a whole, from the form's errors: those about the list (too many, not a list) or
 * a row's that no input shows (its `id`, or the row itself), joined by commas; the rows' name, email and phone errors
 * show on their inputs.
 */
export function ownersListError(errors: Record<string, unknown>): string | null {
  const messages: string[] = [];
  for (const [path, message] of Object.entries(errors)) {
    if (
      /^owners(\.\d+(\.id)?)?$/.test(path) &&
      typeof message === 'string' &&
      message &&
      !messages.includes(message)
    )
      messages.push(message);
  }
  return messages.length > 0 ? messages.join(', ') : null;
}
