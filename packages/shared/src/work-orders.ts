/**
 * The printable work order of a ticket (issue 27): its paper sizes, the paper a property prints on by default, its
 * address and file name, and how it writes a moment. One home for what the server's PDF and the web's print view
 * must agree on (ADR 0041).
 */
import { listedCountry } from './places';

/** The papers a work order is made for. */
export const PAPER_SIZES = ['letter', 'a4'] as const;
export type PaperSize = (typeof PAPER_SIZES)[number];

/** Page sizes in PDF points (1/72 inch): ISO 216 A4 (210 × 297 mm) and US Letter (8.5 × 11 in). */
export const PAPER_POINTS: Record<PaperSize, { width: number; height: number }> = {
  a4: { width: 595.28, height: 841.89 },
  letter: { width: 612, height: 792 },
};

/**
 * The countries whose offices print on Letter (ISO codes): North America and the few others that kept it. Everywhere
 * else prints on A4.
 */
const LETTER_COUNTRY_CODES = 'US CA MX PH CL CO VE GT CR PA DO SV PR BZ'.split(' ');
const LETTER_COUNTRIES = new Set(LETTER_COUNTRY_CODES.map((code) => listedCountry(code)));

/** Without a country to go by: Letter, the paper of the portfolio Mend was made for (Canadian). */
export const DEFAULT_PAPER: PaperSize = 'letter';

/** The paper a work order prints on where the property is: Letter in North America, A4 elsewhere. */
export function paperForCountry(country: string | null | undefined): PaperSize {
  const listed = country ? listedCountry(country) : null;
  if (!listed) return DEFAULT_PAPER;
  return LETTER_COUNTRIES.has(listed) ? 'letter' : 'a4';
}

/** The PDF download of a ticket's work order, under /api/. */
export const workOrderPdfPath = (ticketId: number, paper?: PaperSize) =>
  `/api/tickets/${ticketId}/work-order.pdf${paper ? `?paper=${paper}` : ''}`;

/** The print view of a ticket's work order in the web app; `print` asks it to open the print dialog once loaded. */
export const workOrderPrintPath = (ticketId: number, print = false) =>
  `/tickets/${ticketId}/print${print ? '?print=1' : ''}`;

/** `work-order-42.pdf`. */
export const workOrderFileName = (ticketId: number) => `work-order-${ticketId}.pdf`;

const momentFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * "Nov 23, 2026, 8:00 AM" at `zone` (the property's): a paper is read later and elsewhere, so its moments carry their
 * year and are the property's clock, as every time about a property is (ADR 0029). In English (the server's PDF)
 * unless `locale` is another language's ("23 nov. 2026, 8 h 00" in fr-CA, with its own clock).
 */
export function workOrderMoment(seconds: number, zone: string, locale = 'en-US'): string {
  const key = `${locale} ${zone}`;
  let format = momentFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      timeZone: zone,
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      // English's 12-hour clock; other languages their own.
      ...(locale.startsWith('en') ? { hour12: true } : {}),
    });
    // Zones are the properties' (a few hundred at most); the cap only guards against a runaway.
    if (momentFormats.size < 1000) momentFormats.set(key, format);
  }
  // ICU puts a narrow no-break space before AM/PM, which fonts without it print as a box.
  return format.format(new Date(seconds * 1000)).replace(/[\u202f\u00a0\u2009]/g, ' ');
}
