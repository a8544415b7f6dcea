/**
 * CSV text of the list exports (issue 27): RFC 4180 as papaparse writes it (a cell is quoted when it holds a comma,
 * a quote, a line break or edge spaces; quotes are doubled; CRLF ends each line), with formulas neutralised and a
 * byte order mark in front of the file.
 */
import Papa from 'papaparse';

/**
 * Starts a UTF-8 file: Excel reads a CSV without it in the machine's legacy code page, and "Hélène" becomes
 * "HÃ©lÃ¨ne". Other readers (LibreOffice, Numbers, papaparse, Python's utf-8-sig) skip it.
 */
export const CSV_BOM = '\uFEFF';

/** RFC 4180's line break, which every spreadsheet reads. */
export const CSV_NEWLINE = '\r\n';

/**
 * Cells a spreadsheet would read as a formula (OWASP "CSV Injection"): starting with =, +, -, @, a tab or a carriage
 * return. Such a cell gets a leading apostrophe, which shows the text as written instead of running it
 * (`=HYPERLINK(...)` stays a title, not a link to click). Written here rather than papaparse's own default, whose
 * pattern must match the whole cell on one line and so lets `=A1\nmore` through.
 */
export const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell: text, a number (written as it is, never neutralised: `-5` is a number), or nothing (empty). */
export type CsvCell = string | number | null | undefined;

/** Rows as CSV lines, each ended by CSV_NEWLINE ('' for no rows): a file is its header's lines, then its rows'. */
export function csvLines(rows: readonly (readonly CsvCell[])[]): string {
  if (rows.length === 0) return '';
  const text = Papa.unparse(rows as CsvCell[][], {
    newline: CSV_NEWLINE,
    escapeFormulae: FORMULA_START,
  });
  return text + CSV_NEWLINE;
}
