import { en } from '@mend/shared';
import { describe, expect, it } from 'vitest';
import { schemaErrors } from '../../../components/forms/zod-errors';
import { dueFieldError, dueFormSchema, dueFormValues, duePath, duePayload } from './due-form';

const V = en.validation;
const ZONE = 'America/Edmonton';
const DUE = {
  respond_by: { date: '2026-11-22', time: '16:00' },
  resolve_by: { date: '2026-11-28', time: '16:37' },
};

describe('the change of due times', () => {
  it('goes to the ticket’s due times', () => {
    expect(duePath(7)).toBe('tickets/7/due');
  });

  it('starts from the ticket’s due times and sends each as a date and a time at the property', () => {
    const values = dueFormValues(DUE);
    expect(values).toEqual({
      respondDate: '2026-11-22',
      respondTime: '16:00',
      resolveDate: '2026-11-28',
      resolveTime: '16:37',
    });
    expect(duePayload(values)).toEqual(DUE);
    expect(duePayload({ ...values, respondDate: null, resolveTime: ' 09:15 ' })).toEqual({
      respond_by: { date: '', time: '16:00' },
      resolve_by: { date: '2026-11-28', time: '09:15' },
    });
  });

  it('is checked with the shared schema: both times whole, the response not after the resolution', () => {
    const schema = dueFormSchema(ZONE);
    const values = dueFormValues(DUE);
    expect(schemaErrors(schema, values)).toEqual({});
    // Either may be in the past (a manager correcting the record).
    expect(schemaErrors(schema, { ...values, respondDate: '2020-01-01', resolveDate: '2020-01-02' })).toEqual(
      {},
    );
    expect(schemaErrors(schema, { ...values, respondDate: null })).toEqual({ respond_by: V.dueTime });
    expect(schemaErrors(schema, { ...values, resolveTime: '' })).toEqual({ resolve_by: V.dueTime });
    expect(schemaErrors(schema, { ...values, respondDate: '2026-11-29' })).toEqual({
      respond_by: V.dueOrder,
    });
    // The same moment for both is allowed.
    expect(schemaErrors(schema, { ...values, respondDate: '2026-11-28', respondTime: '16:37' })).toEqual({});
  });

  it('shows each due time’s error, its own or its date’s or time’s from the server', () => {
    expect(dueFieldError({ respond_by: V.dueOrder }, 'respond_by')).toBe(V.dueOrder);
    expect(dueFieldError({ respond_by: V.dueOrder }, 'resolve_by')).toBeNull();
    expect(dueFieldError({ 'resolve_by.date': V.dueTime }, 'resolve_by')).toBe(V.dueTime);
    expect(dueFieldError({ respondDate: 'x', resolve_by: null }, 'respond_by')).toBeNull();
  });
});
