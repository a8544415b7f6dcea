/** Unit, property and landlord forms (SPEC.md section 5). The avatar file is checked by uploads.ts. */
import { z } from 'zod';
import {
  ASSIGNMENT_RESPONSE_HOURS_MAX,
  ASSIGNMENT_RESPONSE_HOURS_MIN,
  CURRENCIES,
  LANDLORD_OWNERS_MAX,
  MONEY_MAX_CENTS,
  TARGET_FIELDS,
  TARGET_HOURS_MAX,
  TARGET_HOURS_MIN,
  type TargetField,
} from '../constants';
import { LANGUAGES } from '../languages';
import { en, format } from '../messages';
import {
  country,
  email,
  form,
  gmapsUrl,
  id,
  idList,
  longText,
  nested,
  optionalId,
  parseJson,
  phone,
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

/** Optional whole hours from `min` to `max`: blank or absent is undefined (an update keeps the stored value). */
function optionalHours(min: number, max: number, template: string) {
  const message = format(template, { min, max });
  return z.preprocess(
    (value) => (value === undefined || value === null || value === '' ? undefined : wholeNumber(value)),
    z
      .number({ error: message })
      .int({ error: message })
      .min(min, { error: message })
      .max(max, { error: message })
      .optional(),
  );
}

const targetHours = () => optionalHours(TARGET_HOURS_MIN, TARGET_HOURS_MAX, v.targetHours);

/** A landlord's targets as the form and the API name them (TARGET_FIELDS), each optional. */
export type TargetValues = Partial<Record<TargetField, number>>;

/**
 * The first priority (by index) whose response target is longer than its resolution target, or null. Asked of the
 * form's values and, on an update that sends only some of them, of those merged with the stored ones.
 */
export function targetOutOfOrder(values: TargetValues): number | null {
  const index = TARGET_FIELDS.findIndex(({ response, resolution }) => {
    const respond = values[response];
    const resolve = values[resolution];
    return respond !== undefined && resolve !== undefined && respond > resolve;
  });
  return index === -1 ? null : index;
}

/**
 * One owner contact of a landlord (issue 26): `id` keeps an existing one (its pending approval links stay good); its
 * `language` is that of its approval emails.
 */
export const landlordOwnerSchema = nested({
  id: optionalId(v.ownerName).optional(),
  name: text(v.ownerName),
  email: email(v.validEmail),
  phone_number: phone(v.phone, true),
  // Absent: a new owner's is DEFAULT_LANGUAGE, an existing owner keeps its own.
  language: z.enum(LANGUAGES, { error: v.language }).optional(),
});
export type LandlordOwnerValues = z.infer<typeof landlordOwnerSchema>;

/** The owners as an array (or its JSON text); absent keeps the stored ones. */
const owners = z.preprocess(
  (value) => (value === undefined ? undefined : parseJson(value === '' ? [] : value)),
  z
    .array(landlordOwnerSchema, { error: v.ownerName })
    .max(LANDLORD_OWNERS_MAX, { error: format(v.tooManyOwners, { max: LANDLORD_OWNERS_MAX }) })
    .optional(),
);

/** Whole cents from 0 to MONEY_MAX_CENTS; blank or absent is undefined (an update keeps the stored value). */
export function optionalCents(message: string) {
  return z.preprocess(
    (value) => (value === undefined || value === null || value === '' ? undefined : wholeNumber(value)),
    z
      .number({ error: message })
      .int({ error: message })
      .min(0, { error: message })
      .max(MONEY_MAX_CENTS, { error: message })
      .optional(),
  );
}

/**
 * Landlord: `users` is the multi-select of its users' ids (may be empty). `assignment_response_hours`: how long an
 * assigned contractor has to answer before the managers are alerted (issue 25); the four `*_hours` of TARGET_FIELDS:
 * its response and resolution targets per priority (issue 26). Each is optional for API clients of before (a new
 * landlord takes the defaults, ASSIGNMENT_RESPONSE_HOURS_DEFAULT and TARGET_HOURS_DEFAULT; an update without one keeps
 * its value). A response target longer than its resolution target is refused on the response field.
 */
export const landlordSchema = form({
  name: text(v.landlordName),
  description: longText(v.landlordDescription),
  users: idList(v.users),
  assignment_response_hours: optionalHours(
    ASSIGNMENT_RESPONSE_HOURS_MIN,
    ASSIGNMENT_RESPONSE_HOURS_MAX,
    v.assignmentResponseHours,
  ),
  normal_response_hours: targetHours(),
  normal_resolution_hours: targetHours(),
  high_response_hours: targetHours(),
  high_resolution_hours: targetHours(),
  // Issue 26: its money. Each optional like the targets (absent keeps the stored value; a new landlord takes
  // DEFAULT_CURRENCY and APPROVAL_LIMIT_DEFAULT_CENTS, and no owners).
  currency: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.enum(CURRENCIES, { error: v.currency }).optional(),
  ),
  approval_limit_cents: optionalCents(format(v.approvalLimit, { max: MONEY_MAX_CENTS / 100 })),
  owners,
}).superRefine((values, ctx) => {
  const index = targetOutOfOrder(values);
  if (index === null) return;
  ctx.addIssue({ code: 'custom', message: v.targetOrder, path: [TARGET_FIELDS[index].response] });
});
export type LandlordValues = z.infer<typeof landlordSchema>;
