/** Phone numbers: SPEC.md section 5 validity rule, section 9 display format, E.164 for SMS and voice. */
import { type CountryCode, type PhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js';

/** Fewest digits SPEC.md accepts, and the most E.164 allows. */
export const PHONE_MIN_DIGITS = 10;
export const PHONE_MAX_DIGITS = 15;

/**
 * SPEC.md section 5: "at least 10 digits or spaces". Digits may be separated by spaces, dashes,
 * dots and parentheses, with one optional leading "+"; at most 15 digits (E.164).
 */
export function isValidPhone(text: string): boolean {
  const trimmed = text.trim();
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return false;
  const digits = trimmed.replace(/\D/g, '').length;
  return digits >= PHONE_MIN_DIGITS && digits <= PHONE_MAX_DIGITS;
}

function parse(text: string, defaultCountry: CountryCode): PhoneNumber | undefined {
  if (!isValidPhone(text)) return undefined;
  return parsePhoneNumberFromString(text.trim(), defaultCountry);
}

/**
 * SPEC.md section 9 display format "+country (area) number": "+1 (780) 555-0134" for North
 * American numbers, "+44 (20) 7946 0958" elsewhere (area = first group of the international
 * format). Anything libphonenumber does not recognise as a real number is shown as typed.
 */
export function formatPhoneDisplay(text: string, defaultCountry: CountryCode = 'US'): string {
  const phone = parse(text, defaultCountry);
  if (!phone?.isValid()) return text.trim();
  // The national format of the North American plan is already "(780) 555-0134".
  if (phone.countryCallingCode === '1') return `+1 ${phone.formatNational()}`;
  const [country, area, ...rest] = phone.formatInternational().split(' ');
  return rest.length === 0 ? `${country} ${area}` : `${country} (${area}) ${rest.join(' ')}`;
}

/** E.164 form ("+17805550134") for SMS and voice delivery, or null when the number cannot be dialled. */
export function toE164(text: string, defaultCountry: CountryCode = 'US'): string | null {
  const phone = parse(text, defaultCountry);
  return phone?.isPossible() ? phone.number : null;
}
