/** Small pure helpers shared by server and web (SPEC.md sections 3, 4, 5, 7, 9). */
import {
  type AssignmentState,
  FIRST_CLOSED_STATUS,
  NONCE_LENGTH,
  type SignoffState,
  TEMPORARY_EMAIL_DOMAIN,
  VISIBLE_ID_DIGITS,
} from './constants';
import { DEFAULT_LANGUAGE, type Language } from './languages';
import { type Dictionary, en } from './messages';

/** Ticket visible id: zero-padded to 3 digits below 1000 (7 -> "007", 1234 -> "1234"). */
export function visibleId(id: number): string {
  return String(id).padStart(VISIBLE_ID_DIGITS, '0');
}

/** Status slug: lower-case, spaces to hyphens ("In Progress" -> "in-progress"). */
export function statusSlug(text: string): string {
  return text.trim().toLowerCase().replace(/\s+/g, '-');
}

/** Text of a status index in a dictionary's language (SPEC.md's English by default), or '' when it is not in the list. */
export function statusText(status: number, words: Dictionary = en): string {
  return words.tickets.statusNames[status] ?? '';
}

/** Text of an assignment's state ("Waiting for an answer", "Accepted", "Declined"). */
export function assignmentStateText(state: AssignmentState, words: Dictionary = en): string {
  return words.ticketScreens.assignment.states[state];
}

/** Text of a sign-off's state ("Waiting for the tenant", "Confirmed", "Reopened", "No longer asked"). */
export function signoffStateText(state: SignoffState, words: Dictionary = en): string {
  return words.ticketScreens.signoff.states[state];
}

/** How many ratings and their average, to two decimals (null when there are none), from their count and sum. */
export function ratingSummary(count: number, sum: number): { count: number; average: number | null } {
  return { count, average: count > 0 ? Math.round((sum / count) * 100) / 100 : null };
}

/** Text of a priority index in a dictionary's language (SPEC.md's English by default), or '' when it is not in the list. */
export function priorityText(priority: number, words: Dictionary = en): string {
  return words.tickets.priorityNames[priority] ?? '';
}

/** Completed and Cancelled (index 3 and up) are the closed states (DESIGN.md). */
export function isClosedStatus(status: number): boolean {
  return status >= FIRST_CLOSED_STATUS;
}

const NONCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Bytes at or above this are skipped so every character is equally likely (62 * 4 = 248). */
const NONCE_BYTE_LIMIT = 256 - (256 % NONCE_ALPHABET.length);

/** A fresh alphanumeric nonce for the hidden _nonce field (SPEC.md section 4); works in browsers and Node 20. */
export function generateNonce(length: number = NONCE_LENGTH): string {
  let nonce = '';
  while (nonce.length < length) {
    const bytes = globalThis.crypto.getRandomValues(new Uint8Array(length * 2));
    for (const byte of bytes) {
      if (byte < NONCE_BYTE_LIMIT && nonce.length < length)
        nonce += NONCE_ALPHABET[byte % NONCE_ALPHABET.length];
    }
  }
  return nonce;
}

/** Whether a value looks like a nonce this app generates (10 alphanumeric characters). */
export function isNonce(value: unknown): value is string {
  return typeof value === 'string' && new RegExp(`^[A-Za-z0-9]{${NONCE_LENGTH}}$`).test(value);
}

/** Temporary accounts carry a placeholder email on a fixed marker domain (DESIGN.md). */
export function isTemporaryEmail(email: string): boolean {
  return email.trim().toLowerCase().endsWith(`@${TEMPORARY_EMAIL_DOMAIN}`);
}

/** The screen where a temporary account is activated (SPEC.md section 2: signing in with a username lands here). */
export function activationPath(username: string): string {
  return `/user-activation/${encodeURIComponent(username)}`;
}

/** The placeholder email of a temporary account. */
export function temporaryEmailFor(username: string): string {
  return `${username.trim().toLowerCase()}@${TEMPORARY_EMAIL_DOMAIN}`;
}

/** SPEC.md section 5 email pattern: something, @, something, dot, something (no spaces, one @). */
export function isEmailShaped(text: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text.trim());
}

/**
 * Where to send the browser after sign-in (SPEC.md section 7, login_redirect): a same-origin
 * path with its query and hash, else "/". Refuses API paths, other origins, protocol-relative
 * and backslash tricks, control characters and non-http schemes such as javascript:.
 */
export function safeRedirect(candidate: unknown, origin: string): string {
  if (typeof candidate !== 'string') return '/';
  const text = candidate.trim();
  // Browsers treat "\" as "/" and drop tabs and newlines, which turns "/\evil.com" into "//evil.com".
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we refuse here.
  if (text === '' || /[\\\u0000-\u001f\u007f]/.test(text) || text.startsWith('//')) return '/';
  let base: URL;
  let url: URL;
  try {
    base = new URL(origin);
    url = new URL(text, base);
  } catch {
    return '/';
  }
  if (url.origin !== base.origin || (url.protocol !== 'http:' && url.protocol !== 'https:')) return '/';
  const path = `${url.pathname}${url.search}${url.hash}`;
  // "/.//evil.com" resolves to the path "//evil.com", which would be protocol-relative again.
  if (path.startsWith('//')) return '/';
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.pathname).toLowerCase();
  } catch {
    return '/';
  }
  // The API is never a page to land on; the trailing "/" also catches a bare "/api".
  if (text.toLowerCase().includes('/api/') || `${decoded}/`.includes('/api/')) return '/';
  return path;
}

/** A http(s) link to Google Maps: google.<tld>/maps, maps.google.<tld>, goo.gl/maps or maps.app.goo.gl. */
export function isGoogleMapsUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  const host = url.hostname.toLowerCase();
  // Google's own domains only: google.com, google.ca, google.co.uk, google.com.au ...
  const googleDomain = /^(www\.|maps\.)?google\.(com|[a-z]{2}|co\.[a-z]{2}|com\.[a-z]{2})$/.test(host);
  return (
    (googleDomain && (host.startsWith('maps.') || url.pathname.startsWith('/maps'))) ||
    (host === 'goo.gl' && url.pathname.startsWith('/maps')) ||
    host === 'maps.app.goo.gl'
  );
}

/**
 * JSON for a single-quoted HTML attribute (the page root's dictionary and current user). JSON's double quotes
 * stay as they are: written as &quot; (thousands of them in the dictionary) they made the browser's parsing of
 * the page about ten times slower. `&`, `'`, `<` and `>` can only occur inside JSON strings, where \u escapes
 * mean the same, so the value holds nothing that could end the attribute or start a character reference.
 * The server writes the page with it; the app compares the dictionary it reads with its own copy written so.
 */
export function jsonAttributeValue(value: unknown): string {
  return JSON.stringify(value).replace(
    /[&'<>]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * The unit a ticket or schedule is on, or "Whole property" in the reader's words (`t`) for work on the whole property
 * (issue 26), which has no unit: the server carries its unit's name as null until a message or page names it.
 */
export const unitNameOrWhole = (unitName: string | null | undefined, t: Dictionary = en): string =>
  unitName ?? t.schedules.wholeProperty;

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** Where each language writes money as Canadians do ("$1,234.50" and "1 234,50 $" for CAD). */
const MONEY_LOCALES: Readonly<Record<Language, string>> = { en: 'en-CA', fr: 'fr-CA' };

/** Whole cents as money in `currency` ("$1,234.50" for CAD), for texts and messages (issue 26), in a language. */
export function moneyText(cents: number, currency: string, language: Language = DEFAULT_LANGUAGE): string {
  const key = `${language} ${currency}`;
  let formatter = moneyFormats.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(MONEY_LOCALES[language], { style: 'currency', currency });
    moneyFormats.set(key, formatter);
  }
  return formatter.format(cents / 100);
}
