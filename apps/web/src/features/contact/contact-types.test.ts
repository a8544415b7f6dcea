import type { ApiUser } from '@mend/shared';
import { describe, expect, it } from 'vitest';
import { contactPayload, contactValues, senderName } from './contact-types';

const user = {
  first_name: 'Ann',
  last_name: 'Lee',
  company_name: 'Lee Bakery',
  email: 'ann@example.com',
  phone_number: '780 555 0101',
} as ApiUser;

describe('contact form values', () => {
  it('start from the sender, with an empty subject and message', () => {
    expect(contactValues(user)).toEqual({
      meta: {
        first_name: 'Ann',
        last_name: 'Lee',
        company_name: 'Lee Bakery',
        email: 'ann@example.com',
        phone_number: '780 555 0101',
      },
      subject: '',
      message: '',
    });
  });

  it('use the name as the company of someone without one', () => {
    expect(contactValues({ ...user, company_name: '' }).meta.company_name).toBe('Ann Lee');
  });

  it('leave out the placeholder email of a temporary account', () => {
    expect(contactValues({ ...user, email: 'x@temporary.mend.invalid' }).meta.email).toBe('');
  });

  it('are sent trimmed, the sender under meta', () => {
    const values = contactValues(user);
    expect(
      contactPayload({
        ...values,
        meta: { ...values.meta, first_name: ' Ann ' },
        subject: ' Hi ',
        message: ' Text\n',
      }),
    ).toEqual({ meta: { ...values.meta, first_name: 'Ann' }, subject: 'Hi', message: 'Text' });
  });
});

describe('senderName', () => {
  it('is the name, else the company, else the email', () => {
    expect(senderName({ meta: { first_name: 'Ann', last_name: 'Lee' } })).toBe('Ann Lee');
    expect(senderName({ meta: { company_name: 'Lee Bakery', email: 'a@b.co' } })).toBe('Lee Bakery');
    expect(senderName({ meta: { email: 'a@b.co' } })).toBe('a@b.co');
    expect(senderName({ meta: null })).toBe('');
  });
});
