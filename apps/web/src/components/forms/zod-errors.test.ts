import { categorySchema, en, landlordSchema, propertySchema, unitSchema, userFormSchema } from '@mend/shared';
import { describe, expect, it } from 'vitest';
import {
  formErrorLines,
  issuesToFormErrors,
  schemaErrors,
  serverFieldErrors,
  zodValidate,
} from './zod-errors';

const v = en.validation;

describe('issuesToFormErrors', () => {
  it('keys errors by dotted path and keeps the first message of a field', () => {
    expect(
      issuesToFormErrors([
        { path: ['name'], message: 'first' },
        { path: ['name'], message: 'second' },
        { path: ['attributes', 0, 'label'], message: 'label' },
        { path: [], message: 'whole form' },
      ]),
    ).toEqual({ name: 'first', 'attributes.0.label': 'label', _form: 'whole form' });
  });

  it('gives no errors for no issues', () => {
    expect(issuesToFormErrors([])).toEqual({});
  });
});

describe('schemaErrors with the shared schemas (SPEC.md section 5 texts)', () => {
  it('unit: every empty required field gets its message; an empty map link is fine', () => {
    const errors = schemaErrors(unitSchema, {
      name: '',
      description: ' ',
      gmaps_url: '',
      postal_code: '',
      address: '',
      property_id: '',
    });
    expect(errors).toEqual({
      name: v.unitName,
      description: v.unitDescription,
      postal_code: v.postalZip,
      address: v.addressCapital,
      property_id: v.property,
    });
  });

  it('unit: a valid form has no errors, a bad map link one', () => {
    const valid = {
      name: '101',
      description: 'One bedroom',
      gmaps_url: '',
      postal_code: 'T5J 0P6',
      address: '10150 100 St NW',
      property_id: '3',
    };
    expect(schemaErrors(unitSchema, valid)).toEqual({});
    expect(schemaErrors(unitSchema, { ...valid, gmaps_url: 'https://example.com' })).toEqual({
      gmaps_url: v.gmapsUrl,
    });
  });

  it('property and landlord use their own wording', () => {
    const property = schemaErrors(propertySchema, {});
    expect(property.name).toBe(v.propertyName);
    expect(property.city).toBe(v.cityCapital);
    expect(property.landlord_id).toBe(v.landlordSelect);
    expect(schemaErrors(landlordSchema, { name: 'x', description: 'y', users: ['1', '2'] })).toEqual({});
    expect(schemaErrors(landlordSchema, { name: '', description: '', users: [] })).toEqual({
      name: v.landlordName,
      description: v.landlordDescription,
    });
  });

  it('category attributes are reported per row', () => {
    const errors = schemaErrors(categorySchema, {
      title: 'Plumbing',
      description: 'Leaks',
      attributes: [
        { label: 'Fee', format: 'currency', value: '95' },
        { label: ' ', format: '', value: '' },
      ],
    });
    expect(errors).toEqual({ 'attributes.1.label': v.categoryAttributeLabel });
  });

  it('user create form: password confirmation and tenant unit', () => {
    const schema = userFormSchema('tenants', 'create', { roles: [2, 3] });
    const errors = schemaErrors(schema, {
      email: '',
      first_name: 'Ann',
      last_name: 'Lee',
      company_name: 'Ann Lee',
      phone_number: '780 555 0101',
      address_1: '',
      address_2: '',
      country: 'Canada',
      province: 'Alberta',
      city: 'Edmonton',
      postal: 'T5J 0P6',
      role: '2',
      landlord_id: '1',
      unit_id: '',
      password: 'secret',
      password_confirmation: 'other',
    });
    expect(errors).toEqual({ unit_id: v.unit, password_confirmation: v.passwordDoesNotMatch });
  });

  it('zodValidate makes a Mantine validate function', () => {
    const validate = zodValidate<Record<string, string>>(landlordSchema);
    expect(validate({ name: 'A', description: 'B' })).toEqual({});
    expect(validate({ name: '', description: 'B' })).toEqual({ name: v.landlordName });
  });
});

describe('server errors', () => {
  it('maps 422 field errors onto form paths, joining several messages with commas', () => {
    expect(
      serverFieldErrors(
        { email: ['This email is already in use.'], users: ['a', 'b'], 'attributes[0][label]': ['x'] },
        { users: 'user_ids' },
      ),
    ).toEqual({ email: 'This email is already in use.', user_ids: 'a, b', 'attributes.0.label': 'x' });
    expect(serverFieldErrors(undefined)).toEqual({});
  });

  it('lists the messages of a form error once each', () => {
    expect(formErrorLines({ name: ['a'], city: ['b', 'c'], other: ['a'] })).toEqual(['a', 'b, c']);
    expect(formErrorLines(undefined)).toEqual([]);
  });
});
