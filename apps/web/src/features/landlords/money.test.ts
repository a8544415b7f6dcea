import {
  APPROVAL_LIMIT_DEFAULT_CENTS,
  CURRENCIES,
  DEFAULT_CURRENCY,
  en,
  format,
  LANDLORD_OWNERS_MAX,
  landlordSchema,
  MONEY_MAX_CENTS,
  moneyText,
} from '@mend/shared';
import { describe, expect, it } from 'vitest';
import { schemaErrors } from '../../components/forms/zod-errors';
import {
  amountFromCents,
  centsFromAmount,
  landlordFormSchema,
  moneyBody,
  moneyFormValues,
  newOwnerRow,
  ownersBody,
  ownersListError,
} from './money';
import { targetFormValues } from './targets';

const limitMessage = format(en.validation.approvalLimit, { max: MONEY_MAX_CENTS / 100 });

describe('an amount typed in units', () => {
  it('is whole cents, exactly', () => {
    expect(centsFromAmount('500')).toBe(50_000);
    expect(centsFromAmount('500.00')).toBe(50_000);
    expect(centsFromAmount('500.')).toBe(50_000);
    expect(centsFromAmount('12.5')).toBe(1250);
    expect(centsFromAmount('0.29')).toBe(29);
    expect(centsFromAmount('1.10')).toBe(110);
    expect(centsFromAmount(' 750.00 ')).toBe(75_000);
    expect(centsFromAmount('0')).toBe(0);
    expect(centsFromAmount('007.5')).toBe(750);
    // 4.35 * 100 is 434.99999999999994 in floating point: the digits are read, not multiplied.
    expect(centsFromAmount('4.35')).toBe(435);
  });

  it('is refused when not an amount of at most two decimals from 0 to the maximum', () => {
    for (const text of ['', '  ', '12.345', '-5', '-0.01', 'abc', '1,000', '1e3', '.5', '5..0', '+5'])
      expect(centsFromAmount(text), text).toBeNull();
    expect(centsFromAmount(String(MONEY_MAX_CENTS / 100))).toBe(MONEY_MAX_CENTS);
    expect(centsFromAmount(`${MONEY_MAX_CENTS / 100}.01`)).toBeNull();
    expect(centsFromAmount(String(MONEY_MAX_CENTS / 100 + 1))).toBeNull();
    expect(centsFromAmount('99999999999999999999999')).toBeNull();
  });

  it('comes back from whole cents as the input shows it', () => {
    expect(amountFromCents(50_000)).toBe('500.00');
    expect(amountFromCents(1250)).toBe('12.50');
    expect(amountFromCents(5)).toBe('0.05');
    expect(amountFromCents(0)).toBe('0.00');
    expect(amountFromCents(MONEY_MAX_CENTS)).toBe('1000000.00');
    for (const cents of [0, 1, 29, 435, 99_999, 12_345_678, MONEY_MAX_CENTS])
      expect(centsFromAmount(amountFromCents(cents))).toBe(cents);
  });

  it('shows as money in the landlord’s currency', () => {
    expect(moneyText(75_000, 'USD')).toBe('US$750.00');
    expect(moneyText(50_000, 'CAD')).toBe('$500.00');
    expect(moneyText(125_050, 'EUR')).toBe('€1,250.50');
    expect(moneyText(MONEY_MAX_CENTS, 'GBP')).toBe('£1,000,000.00');
    // A French page writes it as Canadian French does (no-break spaces).
    expect(moneyText(125_050, 'CAD', 'fr').replace(/\s/g, ' ')).toBe('1 250,50 $');
    // Every currency offered has cents (two decimals), which the conversion above assumes.
    for (const currency of CURRENCIES)
      expect(
        new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions()
          .maximumFractionDigits,
      ).toBe(2);
  });
});

describe("a landlord's money in its form", () => {
  const owner = {
    id: 7,
    name: 'Olive Owner',
    email: 'olive@example.com',
    phone_number: '',
    language: 'fr' as const,
  };

  it("start a new landlord's form at the defaults, an edited one's at its own", () => {
    expect(moneyFormValues(null)).toEqual({
      currency: DEFAULT_CURRENCY,
      approval_limit_cents: amountFromCents(APPROVAL_LIMIT_DEFAULT_CENTS),
      owners: [],
    });
    const values = moneyFormValues({ currency: 'USD', approval_limit_cents: 75_000, owners: [owner] });
    expect(values).toMatchObject({
      currency: 'USD',
      approval_limit_cents: '750.00',
      owners: [
        { id: '7', name: 'Olive Owner', email: 'olive@example.com', phone_number: '', language: 'fr' },
      ],
    });
    expect(values.owners[0]?.key).toEqual(expect.any(String));
  });

  it('send the limit in whole cents and the owners as JSON text, existing ones with their id', () => {
    const values = moneyFormValues({ currency: 'USD', approval_limit_cents: 75_000, owners: [owner] });
    const added = {
      ...newOwnerRow(),
      name: 'Nia New',
      email: 'nia@example.com',
      phone_number: '403-555-0100',
    };
    const body = moneyBody({ ...values, approval_limit_cents: '12.5', owners: [...values.owners, added] });
    expect(body).toEqual({
      currency: 'USD',
      approval_limit_cents: 1250,
      owners: JSON.stringify([
        { id: 7, name: 'Olive Owner', email: 'olive@example.com', phone_number: '', language: 'fr' },
        { name: 'Nia New', email: 'nia@example.com', phone_number: '403-555-0100', language: 'en' },
      ]),
    });
    // What the server reads of it.
    const parsed = landlordSchema.parse({ name: 'Acme', description: 'Homes', users: [], ...body });
    expect(parsed.approval_limit_cents).toBe(1250);
    expect(parsed.owners).toEqual([
      { id: 7, name: 'Olive Owner', email: 'olive@example.com', phone_number: '', language: 'fr' },
      { name: 'Nia New', email: 'nia@example.com', phone_number: '403-555-0100', language: 'en' },
    ]);
    // No owners left: an empty list, which removes them all.
    expect(ownersBody([])).toBe('[]');
    expect(landlordSchema.parse({ name: 'A', description: 'B', users: [], owners: '[]' }).owners).toEqual([]);
  });

  it('are checked with the schema, the limit in cents with its message', () => {
    const values = {
      avatar: null,
      name: 'Acme',
      description: 'Homes',
      users: [],
      assignment_response_hours: '24',
      ...targetFormValues(null),
      ...moneyFormValues(null),
    };
    expect(schemaErrors(landlordFormSchema, values)).toEqual({});
    expect(schemaErrors(landlordFormSchema, { ...values, approval_limit_cents: '750' })).toEqual({});
    for (const text of ['12.345', '-1', '', `${MONEY_MAX_CENTS / 100 + 1}`])
      expect(schemaErrors(landlordFormSchema, { ...values, approval_limit_cents: text }), text).toEqual({
        approval_limit_cents: limitMessage,
      });
    expect(schemaErrors(landlordFormSchema, { ...values, currency: 'JPY' })).toEqual({
      currency: en.validation.currency,
    });
    const row = { ...newOwnerRow(), email: 'not-an-email' };
    expect(schemaErrors(landlordFormSchema, { ...values, owners: [row] })).toEqual({
      'owners.0.name': en.validation.ownerName,
      'owners.0.email': en.validation.validEmail,
    });
    const full = Array.from({ length: LANDLORD_OWNERS_MAX + 1 }, (_, index) => ({
      ...newOwnerRow(),
      name: `Owner ${index}`,
      email: `owner${index}@example.com`,
    }));
    expect(schemaErrors(landlordFormSchema, { ...values, owners: full })).toEqual({
      owners: format(en.validation.tooManyOwners, { max: LANDLORD_OWNERS_MAX }),
    });
  });

  it("put the list's own errors above its button, the rows' on their inputs", () => {
    expect(ownersListError({ 'owners.0.name': 'Name?', currency: 'No' })).toBeNull();
    expect(ownersListError({ owners: 'Too many' })).toBe('Too many');
    expect(ownersListError({ 'owners.1.id': 'Unknown owner' })).toBe('Unknown owner');
    expect(ownersListError({ 'owners.2': 'Not an owner' })).toBe('Not an owner');
    expect(
      ownersListError({ owners: 'Too many', 'owners.0.id': 'Unknown owner', 'owners.3.id': 'Too many' }),
    ).toBe('Too many, Unknown owner');
  });
});
