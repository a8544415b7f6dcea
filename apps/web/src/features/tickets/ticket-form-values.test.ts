import { type ApiTicket, type ApiUser, en } from '@mend/shared';
import { describe, expect, it } from 'vitest';
import {
  initialTicketValues,
  isWholeProperty,
  placeChoices,
  placeFields,
  placeOptions,
  placeValue,
  ticketUnitChoice,
  wholePropertySearch,
  wholePropertyValue,
} from './ticket-form-values';

const user = {
  first_name: 'Ann',
  last_name: 'Lee',
  email: 'ann@example.com',
  phone_number: '+15551234567',
  is_temporary: false,
} as ApiUser;

const ticket = {
  id: 7,
  unit_id: 3,
  property_id: 9,
  unit: { name: 'Unit 3' },
  property_name: 'Elm Court',
  availability_time_zone: 'America/Chicago',
  contact_details: { first_name: 'Bo', last_name: 'Ray', email: 'bo@example.com', phone_number: '+1555' },
  title: 'Leak',
  description: 'Under the sink',
  category_ids: [5],
  priority: 2,
  status: 1,
  availability_ranges: [],
} as unknown as ApiTicket;

describe('initial ticket values', () => {
  it('starts a new ticket with the user as contact, the given unit and one default range', () => {
    const values = initialTicketValues(null, user, { value: '3', label: 'Unit 3', timeZone: 'UTC' }, 'UTC');
    expect(values).toMatchObject({
      contact_details: { first_name: 'Ann', last_name: 'Lee', email: 'ann@example.com' },
      unit_id: '3',
      property_id: '',
      title: '',
      category_id: '',
      priority: '0',
      status: '0',
      images: [],
      remove_images: [],
    });
    expect(values.availability).toHaveLength(1);
  });

  it("leaves a temporary user's email blank and the unit unpicked without one", () => {
    const values = initialTicketValues(null, { ...user, is_temporary: true }, null, 'UTC');
    expect(values.contact_details.email).toBe('');
    expect(values.unit_id).toBe('');
  });

  it("starts an edit with the ticket's values, one default range when it has none", () => {
    const values = initialTicketValues(ticket, user, null, 'America/Chicago');
    expect(values).toMatchObject({
      contact_details: { first_name: 'Bo', email: 'bo@example.com' },
      unit_id: '3',
      property_id: '',
      title: 'Leak',
      category_id: '5',
      priority: '2',
      status: '1',
    });
    expect(values.availability).toHaveLength(1);
  });

  it("lists an edited ticket's unit with its property, in its availability's zone", () => {
    expect(ticketUnitChoice(ticket)).toEqual({
      value: '3',
      label: expect.stringContaining('Unit 3'),
      timeZone: 'America/Chicago',
    });
  });
});

/** The same ticket on the whole property Elm Court (issue 26), as the server answers it. */
const wholeTicket = {
  ...ticket,
  unit_id: null,
  unit: { id: null, name: 'Whole property' },
} as unknown as ApiTicket;

describe('a whole property (issue 26)', () => {
  it('is held as no unit and the property, and picked as its own value', () => {
    expect(placeFields(wholePropertyValue(9))).toEqual({ unit_id: '', property_id: '9' });
    expect(placeFields('3')).toEqual({ unit_id: '3', property_id: '' });
    expect(placeFields(null)).toEqual({ unit_id: '', property_id: '' });
    for (const value of ['3', wholePropertyValue(9), '']) expect(placeValue(placeFields(value))).toBe(value);
    expect(isWholeProperty(placeFields(wholePropertyValue(9)))).toBe(true);
    expect(isWholeProperty(placeFields('3'))).toBe(false);
    expect(isWholeProperty(placeFields(''))).toBe(false);
  });

  it('starts the edit of a whole-property ticket on its property (never "null")', () => {
    const values = initialTicketValues(wholeTicket, user, null, 'America/Chicago');
    expect(values).toMatchObject({ unit_id: '', property_id: '9' });
    expect(ticketUnitChoice(wholeTicket)).toEqual({
      value: wholePropertyValue(9),
      label: `${en.schedules.wholeProperty} · Elm Court`,
      timeZone: 'America/Chicago',
    });
  });

  it('starts a new ticket on a whole property given as its choice', () => {
    const chosen = { value: wholePropertyValue(9), label: 'Whole property · Elm Court', timeZone: 'UTC' };
    expect(initialTicketValues(null, user, chosen, 'UTC')).toMatchObject({ unit_id: '', property_id: '9' });
  });

  it('searches every property while what is typed starts "Whole property"', () => {
    expect(wholePropertySearch('')).toBe('');
    expect(wholePropertySearch('who')).toBe('');
    expect(wholePropertySearch(' Whole Prop')).toBe('');
    expect(wholePropertySearch('Elm ')).toBe('Elm');
    expect(wholePropertySearch('wholesale')).toBe('wholesale');
  });
});

describe('the unit picker’s choices', () => {
  const unit = (id: number, name: string, propertyId: number, property: string) => ({
    id,
    name,
    property_id: propertyId,
    property: { id: propertyId, name: property, landlord_id: 1 },
    time_zone: 'America/Edmonton',
  });
  const elm = { id: 9, name: 'Elm Court', time_zone: 'America/Chicago' };
  const ash = { id: 4, name: 'Ash House', time_zone: 'America/Edmonton' };

  it('groups them by property, its whole property first, then its units as listed', () => {
    const options = placeOptions(
      [unit(3, 'Unit 3', 9, 'Elm Court'), unit(1, '101', 4, 'Ash House'), unit(2, 'Unit 1', 9, 'Elm Court')],
      [elm, ash],
      null,
    );
    expect(options).toEqual([
      {
        group: 'Ash House',
        items: [
          { value: 'property:4', label: 'Whole property · Ash House', timeZone: 'America/Edmonton' },
          { value: '1', label: '101 · Ash House', timeZone: 'America/Edmonton' },
        ],
      },
      {
        group: 'Elm Court',
        items: [
          { value: 'property:9', label: 'Whole property · Elm Court', timeZone: 'America/Chicago' },
          { value: '3', label: 'Unit 3 · Elm Court', timeZone: 'America/Edmonton' },
          { value: '2', label: 'Unit 1 · Elm Court', timeZone: 'America/Edmonton' },
        ],
      },
    ]);
    expect(placeChoices(options).map((choice) => choice.value)).toEqual([
      'property:4',
      '1',
      'property:9',
      '3',
      '2',
    ]);
  });

  it('offers units only without properties (no whole-property right), and keeps the chosen place listed', () => {
    const chosen = ticketUnitChoice(wholeTicket);
    const options = placeOptions([unit(1, '101', 4, 'Ash House')], [], chosen);
    expect(options).toEqual([
      chosen,
      { group: 'Ash House', items: [{ value: '1', label: '101 · Ash House', timeZone: 'America/Edmonton' }] },
    ]);
    // Listed already: not twice.
    expect(placeChoices(placeOptions([], [elm], chosen))).toHaveLength(1);
  });
});
