import { en, ticketSchema } from '@mend/shared';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { schemaErrors } from '../../components/forms/zod-errors';
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
