/**
 * Batch create (POST users/batch/tenants, super admin only): CSV text in, every row checked before
 * anything is written, then all rows in one transaction with bulk inserts.
 *
 * Errors answer 422 `{ message, errors: { users: ['row 7, email: Please enter a valid email', ...] } }`:
 * first every row's fields (the shared parser), then, once the fields are fine, what needs the
 * database (landlord, property and unit ids that exist and fit together, emails taken by earlier
 * rows or by existing users). Rows are numbered as records of the text, a header line being row 1.
 */
import {
  type BatchCreateUsersResponse,
  type BatchRow,
  batchCreateSchema,
  can,
  en,
  format,
  hasUnit,
  isTemporaryEmail,
  parseCsv,
  temporaryEmailFor,
  worksOnProperties,
} from '@mend/shared';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/client';
import {
  contractorProperties,
  landlords,
  type NewUserRow,
  properties,
  tenantUnits,
  type UserRow,
  units,
  users,
} from '../../db/schema';
import type { Actor } from '../../lib/actor';
import type { ServiceContext } from '../../lib/context';
import { forbidden, validationFailed } from '../../lib/errors';
import { passwordsFor, uniqueUsernames, violatedConstraint } from './accounts';
import { toRecords } from './service';

const v = en.validation;
/** Rows per INSERT statement: well under PostgreSQL's 65,535 bind parameters (about 20 per user). */
const INSERT_CHUNK = 500;

/**
 * The text's record number of every data row, in the order the shared parser returns rows (its
 * numbering: records of the text from 1, blank records skipped, a header line counted as row 1).
 */
export function batchRowNumbers(text: string): number[] {
  const numbered = (parseCsv(text) ?? [])
    .map((cells, i) => ({ row: i + 1, cells }))
    .filter((record) => record.cells.some((cell) => cell.trim() !== ''));
  const first = numbered[0]?.cells.map((cell) => cell.trim().toLowerCase()) ?? [];
  const hasHeader = first.includes('email') || first.includes('role');
  return (hasHeader ? numbered.slice(1) : numbered).map((record) => record.row);
}

export interface ImportResult {
  users: UserRow[];
  /** Generated passwords by user id (rows without a password), answered once. */
  generated: Map<number, string>;
}

/** The landlord a row ends up with and the problems of its ids, checked against what exists. */
async function checkRows(db: Db, rows: BatchRow[], rowNumbers: number[]): Promise<(number | null)[]> {
  const ids = (pick: (row: BatchRow) => number | null) => [
    ...new Set(rows.map(pick).filter((id): id is number => id !== null)),
  ];
  const landlordIds = ids((row) => row.landlord_id);
  const propertyIds = ids((row) => row.property_id);
  const unitIds = ids((row) => row.unit_id);
  const emails = [...new Set(rows.map((row) => row.email.toLowerCase()).filter((email) => email !== ''))];
  const [landlordRows, propertyRows, unitRows, takenRows] = await Promise.all([
    landlordIds.length
      ? db.select({ id: landlords.id }).from(landlords).where(inArray(landlords.id, landlordIds))
      : [],
    propertyIds.length
      ? db
          .select({ id: properties.id, landlordId: properties.landlordId })
          .from(properties)
          .where(inArray(properties.id, propertyIds))
      : [],
    unitIds.length
      ? db
          .select({ id: units.id, propertyId: units.propertyId, landlordId: properties.landlordId })
          .from(units)
          .innerJoin(properties, eq(properties.id, units.propertyId))
          .where(inArray(units.id, unitIds))
      : [],
    emails.length ? db.select({ email: users.email }).from(users).where(inArray(users.email, emails)) : [],
  ]);
  const knownLandlords = new Set(landlordRows.map((row) => row.id));
  const propertyById = new Map(propertyRows.map((row) => [row.id, row]));
  const unitById = new Map(unitRows.map((row) => [row.id, row]));
  const taken = new Set(takenRows.map((row) => row.email));

  const errors: string[] = [];
  const seen = new Set<string>();
  const landlordOfRow = rows.map((row, i) => {
    const n = rowNumbers[i] ?? i + 1;
    const fail = (field: string, message: string) =>
      errors.push(format(v.csvRow, { row: n, field, message }));
    const email = row.email.toLowerCase();
    if (email !== '') {
      if (isTemporaryEmail(email)) fail('email', en.people.reservedEmail);
      else if (taken.has(email) || seen.has(email)) fail('email', en.people.emailTaken);
      seen.add(email);
    }
    const landlordKnown = row.landlord_id === null || knownLandlords.has(row.landlord_id);
    if (!landlordKnown) fail('landlord_id', v.landlord);
    const property = row.property_id === null ? undefined : propertyById.get(row.property_id);
    const unit = row.unit_id === null ? undefined : unitById.get(row.unit_id);
    if (row.property_id !== null && !property) fail('property_id', v.property);
    if (row.unit_id !== null && !unit) fail('unit_id', v.unit);
    // A blank landlord follows the unit, else the property.
    const landlordId = row.landlord_id ?? unit?.landlordId ?? property?.landlordId ?? null;
    if (landlordKnown && property && property.landlordId !== landlordId) fail('property_id', v.property);
    if (
      unit &&
      ((landlordKnown && unit.landlordId !== landlordId) || (property && unit.propertyId !== property.id))
    )
      fail('unit_id', v.unit);
    return landlordId;
  });
  if (errors.length > 0) throw validationFailed({ users: errors });
  return landlordOfRow;
}

/**
 * Creates every row or none. Rows without an email become temporary accounts (generated username and
 * placeholder email); rows without a password get a generated one. A tenant row gets its unit, a
 * contractor row its property (a property or unit on other roles only places the user's landlord).
 */
export async function importUsers(
  db: Db,
  rows: BatchRow[],
  rowNumbers: number[] = [],
): Promise<ImportResult> {
  const landlordOfRow = await checkRows(db, rows, rowNumbers);
  // Hashing happens before the transaction, so no lock is held while it runs.
  const passwords = await passwordsFor(rows.map((row) => row.password));

  try {
    return await db.transaction(async (tx) => {
      const temporary = rows.filter((row) => row.email === '');
      const usernames = await uniqueUsernames(
        tx,
        temporary.map((row) => ({ firstName: row.first_name, lastName: row.last_name })),
      );
      let nextUsername = 0;
      const values: NewUserRow[] = rows.map((row, i) => {
        const username = row.email === '' ? usernames[nextUsername++] : null;
        return {
          role: row.role,
          email: username ? temporaryEmailFor(username) : row.email.toLowerCase(),
          username,
          passwordHash: passwords[i].hash,
          firstName: row.first_name,
          lastName: row.last_name,
          companyName: row.company_name,
          phoneNumber: row.phone_number,
          address1: row.address_1,
          address2: row.address_2,
          country: row.country,
          province: row.province,
          city: row.city,
          postal: row.postal_code,
          landlordId: landlordOfRow[i],
        };
      });

      const inserted: UserRow[] = [];
      for (let i = 0; i < values.length; i += INSERT_CHUNK) {
        inserted.push(
          ...(await tx
            .insert(users)
            .values(values.slice(i, i + INSERT_CHUNK))
            .returning()),
        );
      }
      // Emails are unique, so they pair each returned row with its CSV row whatever order RETURNING uses.
      const byEmail = new Map(inserted.map((user) => [user.email, user]));
      const created = values.map((value) => byEmail.get(value.email)!);

      const unitLinks = rows.flatMap((row, i) =>
        hasUnit(row.role) && row.unit_id !== null ? [{ userId: created[i].id, unitId: row.unit_id }] : [],
      );
      const propertyLinks = rows.flatMap((row, i) =>
        worksOnProperties(row.role) && row.property_id !== null
          ? [{ userId: created[i].id, propertyId: row.property_id }]
          : [],
      );
      for (let i = 0; i < unitLinks.length; i += INSERT_CHUNK)
        await tx.insert(tenantUnits).values(unitLinks.slice(i, i + INSERT_CHUNK));
      for (let i = 0; i < propertyLinks.length; i += INSERT_CHUNK)
        await tx.insert(contractorProperties).values(propertyLinks.slice(i, i + INSERT_CHUNK));

      const generated = new Map<number, string>();
      created.forEach((user, i) => {
        const password = passwords[i].generated;
        if (password) generated.set(user.id, password);
      });
      return { users: created, generated };
    });
  } catch (error) {
    // Another request took an email or username between the check and the insert.
    if (isUniqueViolation(error)) {
      const message = (violatedConstraint(error) ?? '').includes('username')
        ? en.people.usernameTaken
        : en.people.emailTaken;
      throw validationFailed({ users: [message] });
    }
    throw error;
  }
}

/** POST /users/batch/tenants. */
export async function batchCreateUsers(
  deps: ServiceContext,
  actor: Actor,
  body: unknown,
): Promise<BatchCreateUsersResponse> {
  if (!can(actor, 'user.batchCreate')) throw forbidden();
  // Field errors of every row: a ZodError, answered 422 { errors: { users: [...] } } by the error handler.
  // PostgreSQL text cannot hold NUL characters: drop them before the rows are read.
  const given = (body as { users?: unknown } | null)?.users;
  const text = typeof given === 'string' ? given.replaceAll('\u0000', '') : '';
  const { users: rows } = batchCreateSchema.parse({ users: text });
  const result = await importUsers(deps.db, rows, batchRowNumbers(text));
  const records = await toRecords(deps.db, actor, result.users);
  return {
    message: format(en.people.batchCreated, { count: records.length }),
    created: records.length,
    data: records.map((record) => {
      const password = result.generated.get(record.id);
      return password ? { ...record, generated_password: password } : record;
    }),
  };
}
