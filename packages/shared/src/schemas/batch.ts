/** Batch create of users from CSV text (SPEC.md section 5, super admin only). */
import Papa from 'papaparse';
import { z } from 'zod';
import { BATCH_MAX_ROWS } from '../constants';
import { en, format } from '../messages';
import { hasUnit, managesLandlord, ROLES } from '../roles';
import {
  country,
  email,
  form,
  optionalId,
  optionalPassword,
  phone,
  province,
  role,
  text,
  whenValid,
  withPlace,
} from './common';

const v = en.validation;

/** SPEC.md column order, used when the text has no header line. */
export const BATCH_COLUMNS = [
  'email',
  'role',
  'first_name',
  'last_name',
  'company_name',
  'phone_number',
  'address_1',
  'address_2',
  'country',
  'province',
  'city',
  'postal_code',
  'landlord_id',
  'property_id',
  'unit_id',
  'password',
] as const;
export type BatchColumn = (typeof BATCH_COLUMNS)[number];

/**
 * One CSV row. Only role and names are required: an empty email makes a temporary account, an
 * empty password is generated. A manager (role 1) needs its landlord, a tenant (role 2) its unit.
 */
export const batchRowSchema = withPlace(
  form({
    email: email(v.validEmail, true),
    role: role(v.role, ROLES),
    first_name: text(v.firstName),
    last_name: text(v.lastName),
    company_name: text(v.company, { optional: true }),
    phone_number: phone(v.phone, true),
    address_1: text(v.address, { optional: true }),
    address_2: text(v.address, { optional: true }),
    country: country(true),
    province: province(true),
    city: text(v.city, { optional: true }),
    postal_code: text(v.postal, { optional: true }),
    landlord_id: optionalId(v.landlord),
    property_id: optionalId(v.property),
    unit_id: optionalId(v.unit),
    password: optionalPassword(v.validPassword),
  })
    .refine((row) => !managesLandlord(row.role) || row.landlord_id !== null, {
      error: v.landlord,
      path: ['landlord_id'],
      when: whenValid('role', 'landlord_id'),
    })
    .refine((row) => !hasUnit(row.role) || row.unit_id !== null, {
      error: v.unit,
      path: ['unit_id'],
      when: whenValid('role', 'unit_id'),
    }),
);
export type BatchRow = z.infer<typeof batchRowSchema>;

/**
 * RFC 4180 CSV, read by papaparse: commas, double quotes ("" inside quotes is a quote), line breaks inside
 * quotes. Line ends may be LF, CRLF or CR, mixed (a file pasted together from several): they are made LF
 * first, since papaparse takes one kind per text. Returns every record (blank ones too, so numbering follows
 * the text), or null when a quote is never closed.
 */
export function parseCsv(input: string): string[][] | null {
  const result = Papa.parse<string[]>(input.replace(/\r\n?/g, '\n'), {
    delimiter: ',',
    newline: '\n',
    quoteChar: '"',
    skipEmptyLines: false,
  });
  if (result.errors.some((error) => error.code === 'MissingQuotes')) return null;
  return result.data;
}

export interface BatchParseResult {
  rows: BatchRow[];
  /** Ready-to-show messages: 'row 3, email: Please enter a valid email'. */
  errors: string[];
}

const isBlankRecord = (cells: string[]) => cells.every((cell) => cell.trim() === '');

/**
 * Reads the batch CSV. A first line naming columns (it contains "email" or "role") is a header
 * and may order or omit columns; otherwise cells follow BATCH_COLUMNS. Rows are numbered as
 * records in the text (a header is row 1); blank lines are skipped.
 */
export function parseUsersCsv(textValue: string): BatchParseResult {
  const records = parseCsv(textValue);
  const numbered = (records ?? [])
    .map((cells, i) => ({ row: i + 1, cells }))
    .filter((record) => !isBlankRecord(record.cells));
  if (numbered.length === 0) return { rows: [], errors: [v.usersCsv] };

  const first = numbered[0].cells.map((cell) => cell.trim().toLowerCase());
  const hasHeader = first.includes('email') || first.includes('role');
  const columns = hasHeader ? first : [...BATCH_COLUMNS];
  const unknown = columns.filter((column) => !(BATCH_COLUMNS as readonly string[]).includes(column));
  if (unknown.length > 0) {
    return { rows: [], errors: unknown.map((column) => format(v.csvUnknownColumn, { column })) };
  }
  const data = hasHeader ? numbered.slice(1) : numbered;
  if (data.length === 0) return { rows: [], errors: [v.usersCsv] };
  if (data.length > BATCH_MAX_ROWS)
    return { rows: [], errors: [format(v.csvTooManyRows, { max: BATCH_MAX_ROWS })] };

  const rows: BatchRow[] = [];
  const errors: string[] = [];
  for (const { row, cells } of data) {
    // Extra empty cells (a trailing comma) are harmless; extra values are not.
    if (cells.slice(columns.length).some((cell) => cell.trim() !== '')) {
      errors.push(format(v.csvTooManyColumns, { row, max: columns.length }));
      continue;
    }
    const values = Object.fromEntries(columns.map((column, i) => [column, cells[i] ?? '']));
    const result = batchRowSchema.safeParse(values);
    if (result.success) rows.push(result.data);
    else {
      for (const issue of result.error.issues) {
        errors.push(format(v.csvRow, { row, field: issue.path.join('.'), message: issue.message }));
      }
    }
  }
  return { rows, errors };
}

/** The batch form: `users` is the CSV text; the parsed value is the list of rows. */
export const batchCreateSchema = form({
  users: z.preprocess(
    (value) => (typeof value === 'string' ? value : ''),
    z.string().transform((csv, ctx) => {
      const { rows, errors } = parseUsersCsv(csv);
      for (const message of errors) ctx.issues.push({ code: 'custom', message, input: csv });
      return errors.length > 0 ? z.NEVER : rows;
    }),
  ),
});
export type BatchCreateValues = z.infer<typeof batchCreateSchema>;
