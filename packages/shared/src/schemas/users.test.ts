import { describe, expect, expectTypeOf, it } from 'vitest';
import type { NotificationOptions } from '../api';
import { en } from '../messages';
import { errorsOf, parsed } from './test-helpers';
import {
  emailChangeSchema,
  notificationOptionsSchema,
  passwordChangeSchema,
  profileInfoSchema,
  userCreateSchema,
  userFormSchema,
  userUpdateSchema,
} from './users';

const v = en.validation;

const person = {
  first_name: 'Ann',
  last_name: 'Lee',
  company_name: 'Lee Holdings',
  phone_number: '780 555 0134',
  address_1: '10 Main St',
  address_2: '',
  country: 'Canada',
  province: 'Alberta',
  city: 'Edmonton',
  postal: 'T5J 0N3',
};

/** Fields every user form has, with the message each gives when empty. */
const personMessages = {
  first_name: v.firstName,
  last_name: v.lastName,
  company_name: v.company,
  phone_number: v.phone,
  country: v.country,
  province: v.province,
  city: v.city,
  postal: v.postal,
};

describe('userFormSchema: fields common to users, tenants and contractors', () => {
  const forms = [
    ['users', 'create', { ...person, email: 'ann@example.com', role: '1', landlord_id: '3' }],
    ['users', 'update', { ...person, email: 'ann@example.com', landlord_id: '3' }],
    ['tenants', 'create', { ...person, email: 'ann@example.com', unit_id: '4' }],
    ['tenants', 'update', { ...person, email: 'ann@example.com', unit_id: '4' }],
    [
      'contractors',
      'create',
      { ...person, email: 'ann@example.com', property_ids: ['1'], category_ids: ['2'] },
    ],
    ['contractors', 'update', { ...person, email: 'ann@example.com' }],
  ] as const;

  describe.each(forms)('%s %s', (type, mode, valid) => {
    const schema = userFormSchema(type, mode);

    it('accepts a complete form', () => {
      expect(errorsOf(schema, valid)).toEqual({});
    });

    it.each(Object.entries(personMessages))('%s empty -> its message', (field, message) => {
      expect(errorsOf(schema, { ...valid, [field]: '  ' })).toEqual({ [field]: [message] });
      expect(errorsOf(schema, { ...valid, [field]: undefined })).toEqual({ [field]: [message] });
    });

    it('phone_number needs 10 digits -> "Please enter a valid phone number"', () => {
      expect(errorsOf(schema, { ...valid, phone_number: '555-0134' })).toEqual({ phone_number: [v.phone] });
    });

    it('email must be email-shaped -> "Please enter a valid email"', () => {
      expect(errorsOf(schema, { ...valid, email: 'ann@example' })).toEqual({ email: [v.validEmail] });
    });

    it('address_2 is optional', () => {
      expect(errorsOf(schema, { ...valid, address_2: undefined })).toEqual({});
    });

    it('a name longer than 255 characters -> the same message', () => {
      expect(errorsOf(schema, { ...valid, first_name: 'a'.repeat(256) })).toEqual({
        first_name: [v.firstName],
      });
    });
  });
});

describe('userFormSchema: create only / update only', () => {
  const createUser = { ...person, email: 'ann@example.com', role: '1', landlord_id: '3' };

  it('email may be empty on create (temporary account) but not on update', () => {
    expect(parsed(userCreateSchema('users'), { ...createUser, email: '' }).email).toBe('');
    expect(errorsOf(userUpdateSchema('users'), { ...createUser, email: '' })).toEqual({
      email: [v.validEmail],
    });
  });

  it('address_1 is required on update only -> "Please enter a valid address"', () => {
    expect(errorsOf(userCreateSchema('users'), { ...createUser, address_1: '' })).toEqual({});
    expect(errorsOf(userUpdateSchema('users'), { ...createUser, address_1: '' })).toEqual({
      address_1: [v.address],
    });
  });

  it('trims text and parses ids', () => {
    expect(
      parsed(userCreateSchema('users'), { ...createUser, first_name: '  Ann ', landlord_id: ' 3 ' }),
    ).toEqual({
      ...person,
      email: 'ann@example.com',
      role: 1,
      landlord_id: 3,
      password: '',
      password_confirmation: '',
    });
  });

  it('drops fields that do not belong to the form', () => {
    const value = parsed(userUpdateSchema('users'), {
      ...createUser,
      role: '0',
      password: 'x',
      _nonce: 'abc',
    });
    expect(value).not.toHaveProperty('role');
    expect(value).not.toHaveProperty('password');
    expect(value).not.toHaveProperty('_nonce');
  });
});

describe('userFormSchema: role (create only)', () => {
  const base = { ...person, email: 'ann@example.com', landlord_id: '3' };

  it('defaults to 1 for users, 2 for tenants, 3 for contractors when absent', () => {
    expect(parsed(userCreateSchema('users'), base).role).toBe(1);
    expect(parsed(userCreateSchema('tenants'), { ...base, unit_id: '4' }).role).toBe(2);
    expect(
      parsed(userCreateSchema('contractors'), { ...base, property_ids: '1', category_ids: '2' }).role,
    ).toBe(3);
  });

  it.each([[''], ['x'], ['4'], ['-1'], ['1.5']])('%j -> "Please select a role"', (role) => {
    expect(errorsOf(userCreateSchema('users'), { ...base, role })).toEqual({ role: [v.role] });
  });

  it('accepts only the roles the actor may assign', () => {
    const schema = userCreateSchema('users', { roles: [2, 3] });
    expect(errorsOf(schema, { ...base, role: '1' })).toEqual({ role: [v.role] });
    expect(errorsOf(schema, { ...base, role: '3' })).toEqual({});
    // The default (1 for users) is checked too.
    expect(errorsOf(schema, base)).toEqual({ role: [v.role] });
  });
});

describe('userFormSchema: landlord_id', () => {
  const base = { ...person, email: 'ann@example.com' };

  it('is required on the users form unless the user is a super admin -> "Please select a landlord"', () => {
    expect(errorsOf(userCreateSchema('users'), { ...base, role: '1' })).toEqual({
      landlord_id: [v.landlord],
    });
    expect(errorsOf(userCreateSchema('users'), { ...base, role: '1', landlord_id: '' })).toEqual({
      landlord_id: [v.landlord],
    });
    expect(parsed(userCreateSchema('users'), { ...base, role: '0' }).landlord_id).toBeNull();
  });

  it('on update, follows the edited user role given in options (required when unknown)', () => {
    expect(errorsOf(userUpdateSchema('users'), base)).toEqual({ landlord_id: [v.landlord] });
    expect(errorsOf(userUpdateSchema('users', { role: 1 }), base)).toEqual({ landlord_id: [v.landlord] });
    expect(errorsOf(userUpdateSchema('users', { role: 0 }), base)).toEqual({});
  });

  it('garbage -> "Please select a landlord"', () => {
    expect(errorsOf(userCreateSchema('users'), { ...base, role: '1', landlord_id: 'abc' })).toEqual({
      landlord_id: [v.landlord],
    });
    expect(errorsOf(userCreateSchema('tenants'), { ...base, unit_id: '4', landlord_id: '0' })).toEqual({
      landlord_id: [v.landlord],
    });
  });

  it('is optional for tenants and contractors', () => {
    expect(parsed(userUpdateSchema('tenants'), { ...base, unit_id: '4' }).landlord_id).toBeNull();
    expect(parsed(userUpdateSchema('contractors'), { ...base, landlord_id: '7' }).landlord_id).toBe(7);
  });
});

describe('userFormSchema: tenant unit_id', () => {
  const base = { ...person, email: 'ann@example.com' };

  it('parses the unit id', () => {
    expect(parsed(userCreateSchema('tenants'), { ...base, unit_id: '4' }).unit_id).toBe(4);
    expect(parsed(userUpdateSchema('tenants'), { ...base, unit_id: 4 }).unit_id).toBe(4);
  });

  it.each([[undefined], [''], ['4 5'], ['four'], ['0']])('%j -> "Please select a unit"', (unit_id) => {
    expect(errorsOf(userCreateSchema('tenants'), { ...base, unit_id })).toEqual({ unit_id: [v.unit] });
    expect(errorsOf(userUpdateSchema('tenants'), { ...base, unit_id })).toEqual({ unit_id: [v.unit] });
  });

  it('is not part of the other forms', () => {
    expect(parsed(userUpdateSchema('contractors'), { ...base, unit_id: '4' })).not.toHaveProperty('unit_id');
  });
});

describe('userFormSchema: contractor properties and categories', () => {
  const base = { ...person, email: 'ann@example.com' };

  it('accept arrays, single values and comma lists', () => {
    const value = parsed(userCreateSchema('contractors'), {
      ...base,
      property_ids: ['1', '2', '2'],
      category_ids: '3,4',
    });
    expect(value.property_ids).toEqual([1, 2]);
    expect(value.category_ids).toEqual([3, 4]);
  });

  it('are required on create -> "Please select a property" / "Please select a category"', () => {
    expect(errorsOf(userCreateSchema('contractors'), base)).toEqual({
      property_ids: [v.property],
      category_ids: [v.category],
    });
    expect(
      errorsOf(userCreateSchema('contractors'), { ...base, property_ids: [], category_ids: [''] }),
    ).toEqual({
      property_ids: [v.property],
      category_ids: [v.category],
    });
  });

  it('may be empty on edit', () => {
    const value = parsed(userUpdateSchema('contractors'), base);
    expect(value.property_ids).toEqual([]);
    expect(value.category_ids).toEqual([]);
  });

  it('garbage entries fail', () => {
    expect(
      errorsOf(userUpdateSchema('contractors'), { ...base, property_ids: ['1', 'x'], category_ids: [{}] }),
    ).toEqual({
      property_ids: [v.property],
      category_ids: [v.category],
    });
  });
});

describe('userFormSchema: password on create', () => {
  const base = { ...person, email: 'ann@example.com', role: '1', landlord_id: '3' };

  it('may be left empty (the server generates one)', () => {
    expect(parsed(userCreateSchema('users'), base).password).toBe('');
  });

  it('confirmation must match -> "Password does not match"', () => {
    expect(
      errorsOf(userCreateSchema('users'), { ...base, password: 'secret', password_confirmation: 'secrets' }),
    ).toEqual({ password_confirmation: [v.passwordDoesNotMatch] });
    expect(errorsOf(userCreateSchema('users'), { ...base, password: 'secret' })).toEqual({
      password_confirmation: [v.passwordDoesNotMatch],
    });
  });

  it('is checked even while another field fails', () => {
    expect(
      errorsOf(userCreateSchema('tenants'), {
        ...base,
        unit_id: '',
        password: 'a',
        password_confirmation: 'b',
      }),
    ).toEqual({ unit_id: [v.unit], password_confirmation: [v.passwordDoesNotMatch] });
  });

  it('keeps passwords untrimmed', () => {
    expect(
      parsed(userCreateSchema('users'), { ...base, password: ' secret ', password_confirmation: ' secret ' })
        .password,
    ).toBe(' secret ');
  });
});

describe('profileInfoSchema', () => {
  it('accepts the info tab', () => {
    expect(parsed(profileInfoSchema, person)).toEqual(person);
  });

  it.each(Object.entries({ ...personMessages, address_1: v.address }))(
    '%s empty -> its message',
    (field, message) => {
      expect(errorsOf(profileInfoSchema, { ...person, [field]: '' })).toEqual({ [field]: [message] });
    },
  );

  it('address_2 is optional', () => {
    expect(parsed(profileInfoSchema, { ...person, address_2: undefined }).address_2).toBe('');
  });

  it('phone must be valid', () => {
    expect(errorsOf(profileInfoSchema, { ...person, phone_number: '12345' })).toEqual({
      phone_number: [v.phone],
    });
  });

  it('country and province must be listed, the province one of the country', () => {
    expect(errorsOf(profileInfoSchema, { ...person, country: 'Narnia', province: 'Lantern Waste' })).toEqual({
      country: [v.country],
    });
    expect(errorsOf(profileInfoSchema, { ...person, province: 'Lantern Waste' })).toEqual({
      province: [v.province],
    });
  });
});

describe('userFormSchema: country and province', () => {
  it('refuses a country that is not listed and a province of another country, on create and edit', () => {
    for (const schema of [userFormSchema('tenants', 'create'), userFormSchema('tenants', 'update')]) {
      const values = { ...person, email: 'a@b.co', unit_id: '4' };
      expect(errorsOf(schema, { ...values, country: 'Narnia' })).toMatchObject({ country: [v.country] });
      expect(errorsOf(schema, { ...values, province: 'Ontario', country: 'United States' })).toMatchObject({
        province: [v.province],
      });
    }
  });
});

describe('emailChangeSchema', () => {
  const valid = {
    old_email: 'ann@example.com',
    email: 'ann@new.example',
    email_confirmation: 'ann@new.example',
  };

  it('accepts a complete form', () => {
    expect(parsed(emailChangeSchema, valid)).toEqual(valid);
  });
  it('old_email -> "Please enter a valid email"', () => {
    expect(errorsOf(emailChangeSchema, { ...valid, old_email: 'ann' })).toEqual({
      old_email: [v.validEmail],
    });
  });
  it('email -> "Please enter a valid email"', () => {
    expect(errorsOf(emailChangeSchema, { ...valid, email: '', email_confirmation: '' })).toEqual({
      email: [v.validEmail],
    });
  });
  it('confirmation -> "Email does not match"', () => {
    expect(errorsOf(emailChangeSchema, { ...valid, email_confirmation: 'ann@example.com' })).toEqual({
      email_confirmation: [v.emailDoesNotMatch],
    });
  });
});

describe('passwordChangeSchema', () => {
  const valid = { old_password: 'old', password: 'new one', password_confirmation: 'new one' };

  it('accepts a complete form', () => {
    expect(parsed(passwordChangeSchema, valid)).toEqual(valid);
  });
  it.each(['old_password', 'password', 'password_confirmation'])(
    '%s empty -> "Please enter a valid password"',
    (field) => {
      const input = { ...valid, [field]: '' };
      const errors = errorsOf(passwordChangeSchema, input);
      expect(errors[field]).toEqual([v.validPassword]);
    },
  );
  it('an empty new password gives one message, not a mismatch too', () => {
    expect(errorsOf(passwordChangeSchema, { ...valid, password: '' })).toEqual({
      password: [v.validPassword],
    });
  });
  it('confirmation -> "Password does not match"', () => {
    expect(errorsOf(passwordChangeSchema, { ...valid, password_confirmation: 'new  one' })).toEqual({
      password_confirmation: [v.passwordDoesNotMatch],
    });
  });
});

describe('notificationOptionsSchema', () => {
  const valid = {
    mail: { tickets: 'on', reminders: '0', support: 'true' },
    sms: { phone_number: '780 555 0134', tickets: '1', reminders: 'false', support: '' },
    phone: { phone_number: '', tickets: 'off' },
  };

  it('parses checkbox values into the NotificationOptions shape', () => {
    const value = parsed(notificationOptionsSchema, valid);
    expectTypeOf(value).toEqualTypeOf<NotificationOptions>();
    expect(value).toEqual({
      mail: { tickets: true, reminders: false, support: true },
      sms: { phone_number: '780 555 0134', tickets: true, reminders: false, support: false },
      phone: { phone_number: '', tickets: false },
    });
  });

  it('turns absent flags and channels off', () => {
    expect(parsed(notificationOptionsSchema, {})).toEqual({
      mail: { tickets: false, reminders: false, support: false },
      sms: { phone_number: '', tickets: false, reminders: false, support: false },
      phone: { phone_number: '', tickets: false },
    });
  });

  it('accepts channels as JSON text', () => {
    expect(parsed(notificationOptionsSchema, { mail: '{"tickets":true}' }).mail.tickets).toBe(true);
  });

  it('a number that is given must be valid -> "Please enter a valid phone number"', () => {
    expect(
      errorsOf(notificationOptionsSchema, { ...valid, sms: { ...valid.sms, phone_number: '555' } }),
    ).toEqual({
      'sms.phone_number': [v.phone],
    });
    expect(errorsOf(notificationOptionsSchema, { ...valid, phone: { phone_number: 'call me' } })).toEqual({
      'phone.phone_number': [v.phone],
    });
  });

  it('a channel that is on needs a number', () => {
    expect(errorsOf(notificationOptionsSchema, { ...valid, sms: { tickets: true } })).toEqual({
      'sms.phone_number': [v.phone],
    });
    expect(errorsOf(notificationOptionsSchema, { ...valid, phone: { tickets: 'on' } })).toEqual({
      'phone.phone_number': [v.phone],
    });
  });

  it('a flag that is not on/off -> "Please choose on or off"', () => {
    expect(errorsOf(notificationOptionsSchema, { ...valid, mail: { tickets: 'maybe' } })).toEqual({
      'mail.tickets': [v.flag],
    });
  });
});
