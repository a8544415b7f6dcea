/**
 * The values of the ticket form (TicketForm.tsx), no React: what it edits (the ranges as keyed rows), the
 * place a ticket is on as the unit picker shows it (a unit, or for staff a whole property: issue 26), and the
 * values a new or an edited ticket starts with. The request body they make is ticketPayload's
 * (ticket-payload.ts).
 */
import type { UseFormReturnType } from '@mantine/form';
import type { ApiProperty, ApiTicket, ApiUnit, ApiUser } from '@mend/shared';
import { format, t } from '../../lib/translations';
import { type RangeRow, rangeRow } from './AvailabilityFields';
import { rangeFromWallClock } from './availability-ranges';
import type { TicketFormValues } from './ticket-payload';

const S = t.ticketScreens.form;

/** The values the form edits: ticketPayload's, the availability ranges keyed for React. */
export type TicketFormFields = Omit<TicketFormValues, 'availability'> & { availability: RangeRow[] };

/** The form as its sections get it. */
export type TicketFormApi = UseFormReturnType<TicketFormFields>;

/** One choice of the unit picker: a unit, or (staff, issue 26) a whole property. */
export interface UnitChoice {
  /** The picker's value: the unit's id (`12`), or WHOLE_PROPERTY's prefix and the property's id (`property:7`). */
  value: string;
  label: string;
  /** The IANA zone of the unit's property: the availability is entered in it. */
  timeZone: string;
}

/** Where the work is, as the form holds it: a unit (`property_id` blank), or a whole property (`unit_id` blank). */
export type PlaceFields = Pick<TicketFormFields, 'unit_id' | 'property_id'>;

/** The unit picker's value of a whole property: this prefix and the property's id. */
const WHOLE_PROPERTY = 'property:';

/** The picker's value of the whole property `propertyId`. */
export const wholePropertyValue = (propertyId: number | string): string => `${WHOLE_PROPERTY}${propertyId}`;

/** The picker's value of what the form holds: the unit's id, the whole property's value, or '' when none. */
export function placeValue({ unit_id, property_id }: PlaceFields): string {
  if (unit_id) return unit_id;
  return property_id ? wholePropertyValue(property_id) : '';
}

/** What the form holds for the picker's `value`: a unit's id, or no unit and the whole property's id. */
export function placeFields(value: string | null): PlaceFields {
  if (!value) return { unit_id: '', property_id: '' };
  if (value.startsWith(WHOLE_PROPERTY))
    return { unit_id: '', property_id: value.slice(WHOLE_PROPERTY.length) };
  return { unit_id: value, property_id: '' };
}

/** The form holds a whole property (no unit): any category may be picked (issue 26). */
export const isWholeProperty = ({ unit_id, property_id }: PlaceFields): boolean => !unit_id && !!property_id;

/** Where an edited ticket is, as the form holds it. */
export function ticketPlaceFields(ticket: Pick<ApiTicket, 'unit_id' | 'property_id'>): PlaceFields {
  return ticket.unit_id === null
    ? { unit_id: '', property_id: String(ticket.property_id) }
    : { unit_id: String(ticket.unit_id), property_id: '' };
}

/** A unit as the picker lists it: "101 · Riverside Commons". */
export const unitOptionLabel = (unit: string, property: string): string =>
  format(S.unitOption, { unit, property });

/** The whole property as the picker lists it: "Whole property · Riverside Commons", in its zone. */
export function wholePropertyChoice(property: { id: number; name: string; time_zone: string }): UnitChoice {
  return {
    value: wholePropertyValue(property.id),
    label: unitOptionLabel(t.schedules.wholeProperty, property.name),
    timeZone: property.time_zone,
  };
}

/**
 * The text the properties are searched with for the whole-property choices: what is typed, or nothing (every
 * property) while what is typed is the start of "Whole property" itself.
 */
export function wholePropertySearch(search: string): string {
  const typed = search.trim().toLocaleLowerCase();
  return typed && t.schedules.wholeProperty.toLocaleLowerCase().startsWith(typed) ? '' : search.trim();
}

/** The place an edited ticket is on, as the unit picker lists it; its zone is the ticket's availability's. */
export function ticketUnitChoice(ticket: ApiTicket): UnitChoice {
  const whole = ticket.unit_id === null;
  return {
    value: placeValue(ticketPlaceFields(ticket)),
    label: unitOptionLabel(whole ? t.schedules.wholeProperty : ticket.unit.name, ticket.property_name),
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
      ...ticketPlaceFields(ticket),
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
    ...placeFields(unit?.value ?? null),
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

/** The choices of one property in the unit picker: its name, then its whole property (staff) and its units. */
export interface PlaceGroup {
  group: string;
  items: UnitChoice[];
}

/** A unit as the picker gets it (GET units). */
type PickedUnit = Pick<ApiUnit, 'id' | 'name' | 'property_id' | 'property' | 'time_zone'>;
/** A property as the picker gets it (GET properties). */
type PickedProperty = Pick<ApiProperty, 'id' | 'name' | 'time_zone'>;

/**
 * The unit picker's choices, by property (by name): each property's whole-property choice first (the
 * `properties` given: staff's, issue 26), then its units in the order the server listed them. The chosen place
 * stays listed, first, whatever is searched.
 */
export function placeOptions(
  units: readonly PickedUnit[],
  properties: readonly PickedProperty[],
  chosen: UnitChoice | null,
): (UnitChoice | PlaceGroup)[] {
  // Keyed by name: the picker tells its groups apart by their names (two properties may share one).
  const groups = new Map<string, { whole: UnitChoice[]; units: UnitChoice[] }>();
  const groupOf = (name: string) => {
    let group = groups.get(name);
    if (!group) {
      group = { whole: [], units: [] };
      groups.set(name, group);
    }
    return group;
  };
  for (const property of properties) groupOf(property.name).whole.push(wholePropertyChoice(property));
  for (const unit of units) {
    const property = unit.property?.name ?? '';
    groupOf(property).units.push({
      value: String(unit.id),
      label: unitOptionLabel(unit.name, property),
      timeZone: unit.time_zone,
    });
  }
  const options: (UnitChoice | PlaceGroup)[] = [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, group]) => ({ group: name, items: [...group.whole, ...group.units] }));
  const listed = options.some((option) =>
    'group' in option ? option.items.some((item) => item.value === chosen?.value) : false,
  );
  if (chosen && !listed) options.unshift(chosen);
  return options;
}

/** Every choice of `options`, out of their groups. */
export const placeChoices = (options: readonly (UnitChoice | PlaceGroup)[]): UnitChoice[] =>
  options.flatMap((option) => ('group' in option ? option.items : [option]));
