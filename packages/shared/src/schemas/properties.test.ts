import { describe, expect, it } from 'vitest';
import { en } from '../messages';
import { landlordSchema, propertySchema, unitSchema } from './properties';
import { errorsOf, parsed } from './test-helpers';

const v = en.validation;
const maps = 'https://www.google.com/maps/place/Edmonton';

describe('unitSchema', () => {
  const valid = {
    name: 'Unit 4B',
    description: 'Two bedrooms',
    gmaps_url: maps,
    postal_code: 'T5J 0N3',
    address: '10 Main St',
    property_id: '3',
  };

  it('accepts a complete form and parses the property id', () => {
    expect(parsed(unitSchema, valid)).toEqual({ ...valid, property_id: 3 });
  });

  it('the map link is optional', () => {
    expect(parsed(unitSchema, { ...valid, gmaps_url: '' }).gmaps_url).toBe('');
  });

  it.each([
    ['name', '', v.unitName],
    ['description', ' ', v.unitDescription],
    ['description', 'd'.repeat(10_001), v.unitDescription],
    ['gmaps_url', 'https://evil.com/maps', v.gmapsUrl],
    ['gmaps_url', 'javascript:alert(1)', v.gmapsUrl],
    ['postal_code', '', v.postalZip],
    ['address', '', v.addressCapital],
    ['property_id', '', v.property],
    ['property_id', 'x', v.property],
    ['property_id', undefined, v.property],
  ])('%s %j -> its message', (field, value, message) => {
    expect(errorsOf(unitSchema, { ...valid, [field]: value })).toEqual({ [field]: [message] });
  });

  it('uses the SPEC wording for units', () => {
    expect(v.unitName).toBe('Please enter the name of the Property');
    expect(v.unitDescription).toBe('Please enter a description for the Property');
  });
});

describe('propertySchema', () => {
  const valid = {
    name: 'Maple Court',
    description: 'Twelve units',
    gmaps_url: maps,
    country: 'Canada',
    province: 'Alberta',
    city: 'Edmonton',
    postal_code: 'T5J 0N3',
    address: '10 Main St',
    landlord_id: '2',
  };

  it('accepts a complete form', () => {
    expect(parsed(propertySchema, valid)).toEqual({ ...valid, landlord_id: 2 });
  });

  it.each([
    ['name', '', v.propertyName],
    ['description', '', v.propertyDescription],
    ['gmaps_url', 'not a url', v.gmapsUrl],
    ['country', '', v.country],
    ['province', '', v.province],
    ['city', '', v.cityCapital],
    ['postal_code', '', v.postalZip],
    ['address', '', v.addressCapital],
    ['landlord_id', '', v.landlordSelect],
    ['landlord_id', 'abc', v.landlordSelect],
  ])('%s %j -> its message', (field, value, message) => {
    expect(errorsOf(propertySchema, { ...valid, [field]: value })).toEqual({ [field]: [message] });
  });

  it('accepts only a listed country, and only a province of that country', () => {
    expect(errorsOf(propertySchema, { ...valid, country: 'Narnia', province: 'Lantern Waste' })).toEqual({
      country: [v.country],
    });
    expect(errorsOf(propertySchema, { ...valid, province: 'Lantern Waste' })).toEqual({
      province: [v.province],
    });
    expect(errorsOf(propertySchema, { ...valid, province: 'California' })).toEqual({
      province: [v.province],
    });
    expect(errorsOf(propertySchema, { ...valid, country: 'United States' })).toEqual({
      province: [v.province],
    });
  });

  it('reads a typed country or province in any letter case, or its code, as the listed name', () => {
    const typed = parsed(propertySchema, { ...valid, country: 'canada', province: 'ab' });
    expect([typed.country, typed.province]).toEqual(['Canada', 'Alberta']);
    const coded = parsed(propertySchema, { ...valid, country: 'US', province: 'wa' });
    expect([coded.country, coded.province]).toEqual(['United States', 'Washington']);
  });
});

describe('landlordSchema', () => {
  const valid = { name: 'Lee Holdings', description: 'Edmonton landlord', users: ['4', '5'] };

  it('accepts a complete form', () => {
    expect(parsed(landlordSchema, valid)).toEqual({ ...valid, users: [4, 5] });
  });

  it('users may be empty', () => {
    expect(parsed(landlordSchema, { ...valid, users: undefined }).users).toEqual([]);
  });

  it.each([
    ['name', '', v.landlordName],
    ['description', '', v.landlordDescription],
    ['users', ['4', 'x'], v.users],
  ])('%s %j -> its message', (field, value, message) => {
    expect(errorsOf(landlordSchema, { ...valid, [field]: value })).toEqual({ [field]: [message] });
  });
});
