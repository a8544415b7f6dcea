import { describe, expect, it } from 'vitest';
import { en } from '../messages';
import { contactFormSchema } from './contact';
import { errorsOf, parsed } from './test-helpers';

const v = en.validation;

describe('contactFormSchema', () => {
  const meta = {
    first_name: 'Ann',
    last_name: 'Lee',
    company_name: 'Lee Co',
    email: 'ann@example.com',
    phone_number: '780 555 0134',
  };
  const valid = { meta, subject: 'Help', message: 'My tap leaks.' };

  it('accepts a complete form, meta as an object or JSON text', () => {
    expect(parsed(contactFormSchema, valid)).toEqual(valid);
    expect(parsed(contactFormSchema, { ...valid, meta: JSON.stringify(meta) })).toEqual(valid);
  });

  it('the phone may be empty', () => {
    expect(
      parsed(contactFormSchema, { ...valid, meta: { ...meta, phone_number: '' } }).meta.phone_number,
    ).toBe('');
  });

  it.each([
    ['first_name', '', v.firstName],
    ['last_name', '', v.lastName],
    ['company_name', '', v.company],
    ['email', 'ann', v.validEmail],
    ['email', '', v.validEmail],
    ['phone_number', '555-0134', v.phone],
  ])('meta.%s %j -> its message', (field, value, message) => {
    expect(errorsOf(contactFormSchema, { ...valid, meta: { ...meta, [field]: value } })).toEqual({
      [`meta.${field}`]: [message],
    });
  });

  it.each([
    ['subject', '', v.subject],
    ['message', ' ', v.message],
    ['message', undefined, v.message],
  ])('%s %j -> its message', (field, value, message) => {
    expect(errorsOf(contactFormSchema, { ...valid, [field]: value })).toEqual({ [field]: [message] });
  });
});
