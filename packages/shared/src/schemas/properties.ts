/** Unit, property and landlord forms (SPEC.md section 5). The avatar file is checked by uploads.ts. */
import { z } from 'zod';
import { ASSIGNMENT_RESPONSE_HOURS_MAX, ASSIGNMENT_RESPONSE_HOURS_MIN } from '../constants';
import { en, format } from '../messages';
import {
  country,
  form,
  gmapsUrl,
  id,
  idList,
  longText,
  province,
  text,
  timeZone,
  wholeNumber,
  withPlace,
} from './common';

const v = en.validation;

/** Unit (SPEC.md keeps the "...Property" wording for the unit's name and description). */
export const unitSchema = form({
  name: text(v.unitName),
  description: longText(v.unitDescription),
  gmaps_url: gmapsUrl(),
  postal_code: text(v.postalZip),
  address: text(v.addressCapital),
  property_id: id(v.property),
});
export type UnitValues = z.infer<typeof unitSchema>;

/**
 * Property. A manager's new property is fixed to its own landlord: the web sends that id and the
 * server checks it with can(actor, 'property.create', { landlordId }).
 */
export const propertySchema = withPlace(
  form({
    name: text(v.propertyName),
    description: longText(v.propertyDescription),
    gmaps_url: gmapsUrl(),
    country: country(),
    province: province(),
    city: text(v.cityCapital),
    postal_code: text(v.postalZip),
    address: text(v.addressCapital),
    // Optional for API clients of before (ADR 0029): a new property without one takes DEFAULT_TIME_ZONE, an
    // update without one keeps its zone.
    time_zone: timeZone().optional(),
    landlord_id: id(v.landlordSelect),
  }),
);
export type PropertyValues = z.infer<typeof propertySchema>;

const responseHoursMessage = format(v.assignmentResponseHours, {
  min: ASSIGNMENT_RESPONSE_HOURS_MIN,
  max: ASSIGNMENT_RESPONSE_HOURS_MAX,
});

/**
 * Landlord: `users` is the multi-select of its users' ids (may be empty). `assignment_response_hours`: how long an
 * assigned contractor has to answer before the managers are alerted (issue 25); optional for API clients of before
 * (a new landlord takes ASSIGNMENT_RESPONSE_HOURS_DEFAULT, an update without it keeps its value).
 */
export const landlordSchema = form({
  name: text(v.landlordName),
  description: longText(v.landlordDescription),
  users: idList(v.users),
  assignment_response_hours: z.preprocess(
    (value) => (value === undefined || value === null || value === '' ? undefined : wholeNumber(value)),
    z
      .number({ error: responseHoursMessage })
      .int({ error: responseHoursMessage })
      .min(ASSIGNMENT_RESPONSE_HOURS_MIN, { error: responseHoursMessage })
      .max(ASSIGNMENT_RESPONSE_HOURS_MAX, { error: responseHoursMessage })
      .optional(),
  ),
});
export type LandlordValues = z.infer<typeof landlordSchema>;
