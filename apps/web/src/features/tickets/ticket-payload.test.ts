import { type ApiTicket, type ApiUser, en, ticketSchema } from '@mend/shared';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { schemaErrors } from '../../components/forms/zod-errors';
import { initialTicketValues, placeFields, placeValue, wholePropertyValue } from './ticket-form-values';
import { photosError, type TicketFormValues, ticketPayload } from './ticket-payload';

describe('photos', () => {
  const png = { size: 50_000, type: 'image/png' };
  it('allows 5 files of 1 MB at most, counting the ones kept', () => {
    expect(photosError([png, png])).toBeNull();
    expect(photosError([png, png], 3)).toBeNull();
    expect(photosError([png, png], 4)).toBe(en.errors.tooManyFiles);
    expect(photosError([png, png, png, png, png, png])).toBe(en.errors.tooManyFiles);
    expect(photosError([{ size: 1_000_000, type: 'image/jpeg' }])).toBeNull();
    expect(photosError([{ size: 1_000_001, type: 'image/jpeg' }])).toBe(en.errors.fileTooBig);
    expect(photosError([{ size: 10, type: 'image/webp' }])).toBe(en.errors.fileType);
    expect(photosError([{ size: 10, type: 'application/pdf' }])).toBeNull();
  });
});

describe('the form body', () => {
  const today = dayjs().format('YYYY-MM-DD');
  const values: TicketFormValues = {
    contact_details: {
      first_name: 'Jane',
      last_name: 'Morrison',
      email: 'tenant@northwind.test',
      phone_number: '780 555 0101',
    },
    unit_id: '1',
    property_id: '',
    title: 'Leaking tap',
    description: 'Drips all night.',
    category_id: '2',
    priority: '0',
    status: '1',
    availability: [{ startDate: today, endDate: today, startTime: '08:00', endTime: '09:00' }],
    images: [],
    remove_images: [],
  };

  it('passes the shared schema and sends status only when allowed', () => {
    const body = ticketPayload(values, { includeStatus: false });
    expect(body.status).toBeUndefined();
    expect(body.images).toBeUndefined();
    expect(schemaErrors(ticketSchema(), body)).toEqual({});
    expect(ticketPayload(values, { includeStatus: true }).status).toBe('1');
  });

  it('reports the exact messages on the fields the form shows', () => {
    const body = ticketPayload(
      {
        ...values,
        contact_details: { ...values.contact_details, email: 'nope' },
        title: ' ',
        category_id: '',
        availability: [{ ...values.availability[0], endTime: null }],
      },
      { includeStatus: false },
    );
    expect(schemaErrors(ticketSchema(), body)).toEqual({
      'contact_details.email': en.validation.validEmail,
      title: en.validation.ticketTitle,
      category_id: en.validation.category,
      'availability.0': en.validation.availability,
    });
  });
});

describe('the place: a unit or the whole property (issue 26)', () => {
  const today = dayjs().format('YYYY-MM-DD');
  const base: TicketFormValues = {
    contact_details: {
      first_name: 'Sam',
      last_name: 'Carter',
      email: 'manager@northwind.test',
      phone_number: '780 555 0100',
    },
    unit_id: '',
    property_id: '',
    title: 'Roof leaks over the stairwell',
    description: 'Water on the top landing after rain.',
    category_id: '4',
    priority: '1',
    status: '0',
    availability: [{ startDate: today, endDate: today, startTime: '08:00', endTime: '09:00' }],
    images: [],
    remove_images: [],
  };
  const withPlace = (value: string): TicketFormValues => ({ ...base, ...placeFields(value) });

  it('sends a unit with no property', () => {
    const body = ticketPayload(withPlace('12'), { includeStatus: false });
    expect(body.unit_id).toBe('12');
    expect('property_id' in body).toBe(false);
    const parsed = ticketSchema().safeParse(body);
    expect(parsed.success && parsed.data).toMatchObject({ unit_id: 12 });
  });

  it('sends a whole property as no unit and the property, which the shared schema accepts', () => {
    const body = ticketPayload(withPlace(wholePropertyValue(7)), { includeStatus: false });
    expect(body).toMatchObject({ unit_id: '', property_id: '7' });
    expect(schemaErrors(ticketSchema(), body)).toEqual({});
    const parsed = ticketSchema().safeParse(body);
    expect(parsed.success && parsed.data).toMatchObject({ unit_id: null, property_id: 7 });
  });

  it('asks for the unit when neither is chosen', () => {
    const body = ticketPayload(withPlace(''), { includeStatus: false });
    expect(schemaErrors(ticketSchema(), body)).toEqual({ unit_id: en.validation.ticketUnit });
  });

  it('comes back from the saved ticket as the same choice (values → body → ticket → values)', () => {
    const user = { first_name: 'Sam', last_name: 'Carter', email: '', phone_number: '' } as ApiUser;
    for (const value of ['12', wholePropertyValue(7)]) {
      const parsed = ticketSchema().safeParse(ticketPayload(withPlace(value), { includeStatus: false }));
      if (!parsed.success) throw new Error(parsed.error.message);
      // What the server answers for it: unit_id null and its property for the whole property.
      const saved = {
        ...parsed.data,
        property_id: parsed.data.property_id ?? 3,
        unit: { name: parsed.data.unit_id === null ? en.schedules.wholeProperty : '101' },
        property_name: 'Riverside Commons',
        category_ids: [parsed.data.category_id],
        status: 0,
        availability_ranges: [],
        availability_time_zone: 'America/Edmonton',
      } as unknown as ApiTicket;
      const values = initialTicketValues(saved, user, null, 'America/Edmonton');
      expect(placeValue(values)).toBe(value);
      expect(ticketPayload(values, { includeStatus: false })).toMatchObject({
        unit_id: value === '12' ? '12' : '',
        category_id: '4',
        priority: '1',
      });
    }
  });
});
