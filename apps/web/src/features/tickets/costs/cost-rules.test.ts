import { en } from '@mend/shared';
import { describe, expect, it } from 'vitest';
import { schemaErrors } from '../../../components/forms/zod-errors';
import {
  approvalLinkPath,
  awaitsOwner,
  type CostFormValues,
  costBody,
  costFormSchema,
  costTotals,
  decidePath,
  emptyCostForm,
  newCostLine,
  submitPath,
  todayDate,
  totalText,
} from './cost-rules';

function values(lines: [string, string][], tax = '', currency = 'CAD'): CostFormValues {
  return {
    ...emptyCostForm(currency),
    lines: lines.map(([description, amount]) => ({ ...newCostLine(), description, amount_cents: amount })),
    tax_cents: tax,
  };
}

describe('costTotals', () => {
  it('adds the lines and the tax exactly, in cents', () => {
    expect(
      costTotals(
        values(
          [
            ['Labour', '0.10'],
            ['Parts', '0.20'],
          ],
          '0.05',
        ),
      ),
    ).toEqual({
      subtotal: 30,
      tax: 5,
      total: 35,
    });
    expect(
      costTotals(
        values([
          ['Labour', '450'],
          ['Parts', '120.5'],
        ]),
      ),
    ).toEqual({
      subtotal: 57_050,
      tax: 0,
      total: 57_050,
    });
  });

  it('has no subtotal or total while an amount is blank or not one', () => {
    expect(
      costTotals(
        values([
          ['Labour', '450'],
          ['Parts', ''],
        ]),
      ),
    ).toMatchObject({
      subtotal: null,
      total: null,
    });
    expect(costTotals(values([['Labour', '1.234']]))).toMatchObject({ subtotal: null });
    expect(costTotals(values([['Labour', '10']], 'x'))).toEqual({ subtotal: 1000, tax: null, total: null });
  });

  it('has no total above the maximum', () => {
    expect(
      costTotals(
        values([
          ['A', '1000000'],
          ['B', '0.01'],
        ]),
      ).total,
    ).toBeNull();
  });
});

describe('costBody', () => {
  it('sends the lines as JSON text in whole cents, the tax and the total', () => {
    const body = costBody({ ...values([['Replace trap', '560.25']], '28.01'), note: 'Tomorrow' });
    expect(body).toMatchObject({ currency: 'CAD', tax_cents: 2801, total_cents: 58_826, note: 'Tomorrow' });
    expect(JSON.parse(body.lines as string)).toEqual([
      { kind: 'labour', description: 'Replace trap', amount_cents: 56_025 },
    ]);
    expect(body.attachment).toBeNull();
  });

  it('sends an amount that is not one as typed, without a total', () => {
    const body = costBody(values([['Trap', '12,50']]));
    expect(JSON.parse(body.lines as string)[0].amount_cents).toBe('12,50');
    expect(body).not.toHaveProperty('total_cents');
  });
});

describe('costFormSchema', () => {
  it('accepts a filled form', () => {
    expect(schemaErrors(costFormSchema, values([['Trap', '12.50']], '1'))).toEqual({});
  });

  it('puts the shared messages on the line fields, as the server names them', () => {
    const errors = schemaErrors(
      costFormSchema,
      values([
        ['Trap', '12.50'],
        ['', 'abc'],
      ]),
    );
    expect(errors['lines.1.description']).toBe(en.validation.costLineDescription);
    expect(errors['lines.1.amount_cents']).toMatch(/amount/);
    expect(errors).not.toHaveProperty('lines.0.amount_cents');
  });

  it('refuses a form without lines', () => {
    expect(schemaErrors(costFormSchema, { ...emptyCostForm('CAD'), lines: [] }).lines).toBe(
      en.validation.costLines,
    );
  });
});

describe('addresses and small helpers', () => {
  it('names the API addresses', () => {
    expect(submitPath(7, 'estimate')).toBe('tickets/7/estimates');
    expect(submitPath(7, 'invoice')).toBe('tickets/7/invoices');
    expect(decidePath(7, 3, 'paid')).toBe('tickets/7/costs/3/paid');
    expect(approvalLinkPath('a.b', 'approve')).toBe('approval-links/a.b/approve');
    expect(approvalLinkPath('a/b')).toBe('approval-links/a%2Fb');
  });

  it('shows totals as money, a dash when unknown', () => {
    expect(totalText(123_450, 'CAD')).toBe('$1,234.50');
    expect(totalText(null, 'CAD')).toBe('—');
  });

  it('reads today and the owner flag', () => {
    expect(todayDate(new Date(2027, 2, 5, 23, 30))).toBe('2027-03-05');
    expect(awaitsOwner([{ state: 'approved' }, { state: 'awaiting_owner' }])).toBe(true);
    expect(awaitsOwner([{ state: 'pending' }])).toBe(false);
  });
});
