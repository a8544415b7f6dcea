/**
 * The values of the ticket form (TicketForm.tsx), no React: what it edits (the ranges as keyed rows), the
 * unit a ticket is on as the unit picker shows it, and the values a new or an edited ticket starts with.
 * The request body they make is ticketPayload's (ticket-payload.ts).
 */
import type { UseFormReturnType } from '@mantine/form';
import { type ApiTicket, type ApiUser, format } from '@mend/shared';
import { t } from '../../lib/translations';
import { type RangeRow, rangeRow } from './AvailabilityFields';
import { rangeFromWallClock } from './availability-ranges';
import type { TicketFormValues } from './ticket-payload';

const S = t.ticketScreens.form;

/** The values the form edits: ticketPayload's, the availability ranges keyed for React. */
export type TicketFormFields = Omit<TicketFormValues, 'availability'> & { availability: RangeRow[] };

/** The form as its sections get it. */
export type TicketFormApi = UseFormReturnType<TicketFormFields>;

export interface UnitChoice {
  value: string;
  label: string;
  /** The IANA zone of the unit's property: the availability is entered in it. */
  timeZone: string;
}

/** The unit an edited ticket is on, as the unit picker lists it; its zone is the ticket's availability's. */
export function ticketUnitChoice(ticket: ApiTicket): UnitChoice {
  return {
    value: String(ticket.unit_id),
    label: format(S.unitOption, { unit: ticket.unit.name, property: ticket.property_name }),
    timeZone: ticket.availability_time_zone,
  };
}

/**
 * The values the form starts with: the ticket's on edit (one default range when it has none); on create the
 * signed-in user's contact details (a temporary user's email left blank), the given unit (a tenant's own)
 * and one default range in `timeZone`.
 */
export function initialTicketValues(
  ticket: ApiTicket | null,
  user: ApiUser,
  unit: UnitChoice | null,
  timeZone: string,
): TicketFormFields {
  if (ticket)
    return {
      contact_details: { ...ticket.contact_details },
      unit_id: String(ticket.unit_id),
      title: ticket.title,
      description: ticket.description,
      category_id: ticket.category_ids[0] ? String(ticket.category_ids[0]) : '',
      priority: String(ticket.priority),
      status: String(ticket.status),
      availability: ticket.availability_ranges.length
        ? ticket.availability_ranges.map((range) => rangeRow(rangeFromWallClock(range)))
        : [rangeRow(timeZone)],
      images: [],
      remove_images: [],
    };
  return {
    contact_details: {
      first_name: user.first_name,
      last_name: user.last_name,
      email: user.is_temporary ? '' : user.email,
      phone_number: user.phone_number,
    },
    unit_id: unit?.value ?? '',
    title: '',
    description: '',
    category_id: '',
    priority: '0',
    status: '0',
    availability: [rangeRow(timeZone)],
    images: [],
    remove_images: [],
  };
}
