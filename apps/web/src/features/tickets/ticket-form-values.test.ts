import type { ApiTicket, ApiUser } from '@mend/shared';
import { describe, expect, it } from 'vitest';
import { initialTicketValues, ticketUnitChoice } from './ticket-form-values';

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
