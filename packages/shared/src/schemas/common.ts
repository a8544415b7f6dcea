/**
 * Building blocks of the form schemas. Values arrive from multipart forms as strings, so every
 * field accepts strings, trims them (never passwords) and fails with exactly one SPEC.md message:
 * each field is one type plus one check, so "empty", "too long" and "wrong shape" never stack up.
 */
import { z } from 'zod';
import {
  MAX_ID_LIST_LENGTH,
  MAX_LONG_TEXT_LENGTH,
  MAX_PASSWORD_LENGTH,
  MAX_TEXT_LENGTH,
  MAX_URL_LENGTH,
} from '../constants';
import { isEmailShaped, isGoogleMapsUrl } from '../helpers';
import { en, format } from '../messages';
import { isValidPhone } from '../phone';
import { listedCountry, listedProvince, provincesFor } from '../places';
import { isRole, ROLES, type Role } from '../roles';
import { canonicalTimeZone, isTimeZone } from '../time-zones';

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** Strings are trimmed, numbers become text, absent values become '' (so they get the field's message). */
function toText(value: unknown): unknown {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return value ?? '';
}

interface TextOptions {
  /** '' is accepted (and kept as ''). */
  optional?: boolean;
  max?: number;
  /** Extra shape check on a non-empty value. */
  test?: (text: string) => boolean;
}

/** A trimmed text field; every failure gives `message`. */
export function text(message: string, { optional = false, max = MAX_TEXT_LENGTH, test }: TextOptions = {}) {
  return z.preprocess(
    toText,
    z
      .string({ error: message })
      .refine((value) => (value === '' ? optional : value.length <= max && (test?.(value) ?? true)), {
        error: message,
      }),
  );
}

/** Text that never fails (hidden or free fields): trimmed, '' when absent or not text. */
export const anyText = () =>
  z.preprocess((value) => (typeof value === 'string' ? value.trim() : ''), z.string());

/**
 * A reason or remark typed in a textarea (declining a job, refusing a visit, reopening a ticket): trimmed, line breaks
 * kept as \n. `required` fails an empty one with `message`; too long fails with `tooLong`.
 */
export function remark({ max, tooLong, required }: { max: number; tooLong: string; required?: string }) {
  return z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().replace(/\r\n?/g, '\n') : (value ?? '')),
    z
      .string({ error: required ?? tooLong })
      .min(required ? 1 : 0, { error: required })
      .max(max, { error: tooLong }),
  );
}

/** A required long text (descriptions, messages). */
export const longText = (message: string) => text(message, { max: MAX_LONG_TEXT_LENGTH });

/** Email: something, @, something, dot, something (SPEC.md section 5). */
export const email = (message: string, optional = false) => text(message, { optional, test: isEmailShaped });

/** Phone: at least 10 digits (SPEC.md section 5). */
export const phone = (message: string, optional = false) => text(message, { optional, test: isValidPhone });

/** Optional Google Maps link: empty is fine, anything else must be a maps URL (it is shown as a link). */
export const gmapsUrl = () =>
  text(en.validation.gmapsUrl, { optional: true, max: MAX_URL_LENGTH, test: isGoogleMapsUrl });

/** A password: required, never trimmed (spaces may be part of it), but not only spaces. */
export function password(message: string) {
  return z.preprocess(
    (value) => value ?? '',
    z
      .string({ error: message })
      .refine((value) => value.trim() !== '' && value.length <= MAX_PASSWORD_LENGTH, { error: message }),
  );
}

/** An optional password: '' when absent; otherwise kept as typed. */
export function optionalPassword(message: string) {
  return z.preprocess(
    (value) => value ?? '',
    z.string({ error: message }).refine((value) => value.length <= MAX_PASSWORD_LENGTH, { error: message }),
  );
}

/** A calendar date "YYYY-MM-DD" that exists (not "2027-02-30"); never throws, whatever the text. */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const moment = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(moment.getTime()) && moment.toISOString().startsWith(value);
}

/** A whole number from a number or a digits-only string ("5", " 5 "); NaN for anything else ("5 6", "1e3", "-1"). */
export function wholeNumber(value: unknown): number {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : NaN;
  if (typeof value === 'string' && /^\d+$/.test(value.trim())) return Number(value.trim());
  return NaN;
}

/** A positive record id, or undefined (which then fails with the field's message). */
function parseId(value: unknown): number | undefined {
  const number = wholeNumber(value);
  return Number.isSafeInteger(number) && number > 0 ? number : undefined;
}

/** A required record id ("5" or 5). */
export const id = (message: string) => z.preprocess(parseId, z.number({ error: message }));

/** An optional record id: blank gives null. */
export const optionalId = (message: string) =>
  z.preprocess((value) => (isBlank(value) ? null : parseId(value)), z.number({ error: message }).nullable());

/** An index into a list of `count` options (status, priority): 0 .. count - 1. */
function parseIndex(value: unknown, count: number): number | undefined {
  const number = wholeNumber(value);
  return number >= 0 && number < count ? number : undefined;
}

export const index = (message: string, count: number) =>
  z.preprocess((value) => parseIndex(value, count), z.number({ error: message }));

/** A role number, limited to `allowed` (e.g. the actor's assignable roles); `fallback` fills an absent field. */
export const role = (message: string, allowed: readonly Role[], fallback?: Role) =>
  z.preprocess(
    (value) => parseIndex(value === undefined ? fallback : value, ROLES.length),
    z.custom<Role>((value) => isRole(value) && allowed.includes(value), { error: message }),
  );

/**
 * A list of ids: an array (repeated name[] entries), one value, or comma-separated text.
 * Blank entries are skipped and duplicates dropped; any other bad entry fails with `message`.
 * More than MAX_ID_LIST_LENGTH distinct ids fails: no screen selects that many at once.
 */
export function idList(message: string, { required = false } = {}) {
  return z.preprocess(
    (value) => {
      if (isBlank(value)) return [];
      const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [value];
      const ids = items.filter((item) => !isBlank(item)).map(parseId);
      return ids.every((item) => item !== undefined) ? [...new Set(ids)] : undefined;
    },
    z
      .array(z.number(), { error: message })
      .refine((ids) => !required || ids.length > 0, { error: message })
      .refine((ids) => ids.length <= MAX_ID_LIST_LENGTH, {
        error: format(en.validation.tooManyItems, { max: MAX_ID_LIST_LENGTH }),
      }),
  );
}

/** On/off flags from checkboxes: true/false, "1"/"0", "true"/"false", "on"/"off"; absent is off. */
export const flag = () =>
  z.preprocess(
    (value) => {
      if (isBlank(value)) return false;
      if (typeof value === 'boolean') return value;
      const word = String(value).trim().toLowerCase();
      if (['1', 'true', 'on', 'yes'].includes(word)) return true;
      if (['0', 'false', 'off', 'no'].includes(word)) return false;
      return value;
    },
    z.boolean({ error: en.validation.flag }),
  );

/** Objects may arrive as JSON text (SPEC.md section 7: "objects as JSON"); absent gives {}. */
export function parseJson(value: unknown): unknown {
  if (typeof value !== 'string') return value ?? {};
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/** A nested object (contact_details, meta, ...) that may arrive as JSON text; absent gives {} so each field reports. */
export const nested = <Shape extends z.core.$ZodLooseShape>(shape: Shape) =>
  z.preprocess(parseJson, z.object(shape, { error: en.errors.validation }));

/** The form body itself. */
export const form = <Shape extends z.core.$ZodLooseShape>(shape: Shape) =>
  z.object(shape, { error: en.errors.validation });

/** Runs a cross-field check only when its fields parsed cleanly, so a field never gets two messages. */
export function whenValid(...fields: string[]) {
  return (payload: z.core.ParsePayload): boolean =>
    typeof payload.value === 'object' &&
    payload.value !== null &&
    !payload.issues.some((issue) => fields.includes(String(issue.path?.[0])));
}

/** A country: one of the listed names (places.ts), which is what the forms offer. */
export const country = (optional = false) =>
  text(en.validation.country, { optional, test: (name) => listedCountry(name) === name });

/** An IANA time zone ("America/Edmonton"), kept by its canonical name whatever the case it came in. */
export const timeZone = () =>
  text(en.validation.timeZone, { test: isTimeZone }).transform((zone) => canonicalTimeZone(zone) ?? zone);

/** A province: checked against its country by `withPlace`. */
export const province = (optional = false) => text(en.validation.province, { optional });

/** Typed country and province (any letter case, ISO codes) read as their listed names. */
function listedPlace(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const body = value as Record<string, unknown>;
  const country = typeof body.country === 'string' ? listedCountry(body.country) : null;
  if (!country) return value;
  const province = typeof body.province === 'string' ? listedProvince(country, body.province) : null;
  return { ...body, country, ...(province && { province }) };
}

/**
 * A form with `country` and `province` fields: the province must be one of the country's (SPEC.md: "province
 * choices depend on the chosen country"), with the province's message. A blank optional province passes.
 */
export function withPlace<Values extends { country: string; province: string }>(schema: z.ZodType<Values>) {
  return z.preprocess(
    listedPlace,
    schema.refine(
      (values) =>
        values.province === '' || (provincesFor(values.country)?.includes(values.province) ?? false),
      { error: en.validation.province, path: ['province'], when: whenValid('country', 'province') },
    ),
  );
}
