/**
 * Batch create (POST users/batch/tenants): the whole CSV is checked first and then written in one
 * transaction, or nothing is written at all. Times the big imports and prints them.
 */
import {
  BATCH_COLUMNS,
  BATCH_MAX_ROWS,
  type BatchRow,
  en,
  format,
  TEMPORARY_EMAIL_DOMAIN,
} from '@mend/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractorProperties, tenantUnits, type UnitRow, users } from '../src/db/schema';
import { AppError } from '../src/lib/errors';
import { batchRowNumbers, importUsers } from '../src/modules/users/batch';
import { createTestApp, type TestApp, type TestClient } from './helpers/app';
import { createUnit } from './helpers/factories';
import { testDatabaseKind } from './helpers/test-db';
import { createWorld, signedIn, type World } from './helpers/user-factories';

const v = en.validation;
const rowError = (row: number, field: string, message: string) => format(v.csvRow, { row, field, message });

let t: TestApp;
let w: World;
let admin: TestClient;
/** Units of landlord A that big imports spread tenants over. */
let unitsA: UnitRow[];
let batchNumber = 0;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
  admin = await signedIn(t, w.admin);
  unitsA = [w.a.unit, w.a.otherUnit];
  for (let i = 0; i < 18; i++) unitsA.push(await createUnit(t.db, w.a.property.id, `Batch unit ${i}`));
});
afterAll(() => t.close());

async function userCount(): Promise<number> {
  const [{ n }] = await t.db.select({ n: count() }).from(users);
  return n;
}

type Cells = Partial<Record<(typeof BATCH_COLUMNS)[number], string | number>>;

/** One CSV line in SPEC.md column order (no header). */
const line = (cells: Cells) => BATCH_COLUMNS.map((column) => String(cells[column] ?? '')).join(',');

/**
 * `n` tenant rows of landlord A: every third without an email (a temporary account), every tenth
 * with the same chosen password, the rest with generated ones.
 */
function tenantRows(n: number): Cells[] {
  const batch = ++batchNumber;
  return Array.from({ length: n }, (_, i) => ({
    email: i % 3 === 0 ? '' : `b${batch}-row${i + 1}@import.test`,
    role: 2,
    first_name: `First${i}`,
    last_name: `Batch${batch}`,
    company_name: i % 2 ? 'Acme' : '',
    phone_number: '780 555 0134',
    postal_code: 'T5J 0N3',
    unit_id: unitsA[i % unitsA.length].id,
    password: i % 10 === 0 ? 'Welcome 2026' : '',
  }));
}

/** Rows as the shared parser gives them, for calling the service without HTTP. */
function parsedRows(cells: Cells[]): BatchRow[] {
  return cells.map((c) => ({
    email: String(c.email ?? ''),
    role: Number(c.role) as BatchRow['role'],
    first_name: String(c.first_name),
    last_name: String(c.last_name),
    company_name: String(c.company_name ?? ''),
    phone_number: String(c.phone_number ?? ''),
    address_1: '',
    address_2: '',
    country: '',
    province: '',
    city: '',
    postal_code: String(c.postal_code ?? ''),
    landlord_id: c.landlord_id ? Number(c.landlord_id) : null,
    property_id: c.property_id ? Number(c.property_id) : null,
    unit_id: c.unit_id ? Number(c.unit_id) : null,
    password: String(c.password ?? ''),
  }));
}

describe('POST users/batch/tenants', () => {
  it('creates every row of a CSV with a header: tenants, contractors, managers and temporary accounts', async () => {
    const csv = [
      'email,role,first_name,last_name,company_name,phone_number,landlord_id,property_id,unit_id,password',
      `Tina@Import.test,2,Tina,Tenant,,,,,${w.a.unit.id},tenant pass`,
      `,3,Carl,Contractor,Fixers,780 555 0199,,${w.b.property.id},,`,
      `mona@import.test,1,Mona,Manager,,,${w.b.landlord.id},,,`,
      '',
      `,2,"Quote, Jr.","O""Brien",,,,,${w.a.otherUnit.id},`,
    ].join('\r\n');
    const response = await admin.post('/api/users/batch/tenants', { users: csv });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ message: '4 users have been created.', created: 4 });
    const [tina, carl, mona, quote] = body.data;
    expect(tina).toMatchObject({
      email: 'tina@import.test',
      role: 2,
      landlord_id: w.a.landlord.id,
      unit_id: w.a.unit.id,
      is_temporary: false,
    });
    expect(tina).not.toHaveProperty('generated_password');
    expect(carl).toMatchObject({
      role: 3,
      username: 'carlcontractor',
      email: '',
      is_temporary: true,
      landlord_id: w.b.landlord.id,
      property_ids: [w.b.property.id],
      company_name: 'Fixers',
    });
    expect(carl.generated_password).toMatch(/^[\w-]{16}$/);
    expect(mona).toMatchObject({ role: 1, landlord_id: w.b.landlord.id, role_name: 'Manager' });
    expect(quote).toMatchObject({
      first_name: 'Quote, Jr.',
      last_name: 'O"Brien',
      username: 'quotejrobrien',
    });
    expect(response.body).not.toContain('$argon2');

    // Chosen and generated passwords both sign in.
    expect((await (await t.client()).login('tina@import.test', 'tenant pass')).statusCode).toBe(200);
    // The generated password is the one activation asks for; until then the account gets no session.
    const temporary = await (await t.client()).login('carlcontractor', carl.generated_password);
    expect(temporary.statusCode).toBe(403);
    expect(temporary.json().redirect).toBe('/user-activation/carlcontractor');
  });

  it('refuses empty text and a CSV with unknown columns', async () => {
    const empty = await admin.post('/api/users/batch/tenants', { users: ' \n ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ users: [v.usersCsv] });
    const unknown = await admin.post('/api/users/batch/tenants', { users: 'email,role,nickname\na@b.c,3,x' });
    expect(unknown.json().errors).toEqual({ users: [format(v.csvUnknownColumn, { column: 'nickname' })] });
  });

  it('reports every row field problem as "row N, field: message" and creates nothing', async () => {
    const before = await userCount();
    const csv = [
      line({ role: 3, first_name: 'Ok', last_name: 'Row' }),
      line({ email: 'not-an-email', role: 3, first_name: 'Bad', last_name: 'Email' }),
      line({ role: 7, first_name: '', last_name: 'Nameless' }),
      line({ role: 2, first_name: 'No', last_name: 'Unit' }),
    ].join('\n');
    const response = await admin.post('/api/users/batch/tenants', { users: csv });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 'validation_failed',
      message: en.errors.validation,
      errors: {
        users: [
          rowError(2, 'email', v.validEmail),
          rowError(3, 'role', v.role),
          rowError(3, 'first_name', v.firstName),
          rowError(4, 'unit_id', v.unit),
        ],
      },
    });
    expect(await userCount()).toBe(before);
  });

  it('checks ids and emails against the database and each other, numbering rows after the header', async () => {
    const before = await userCount();
    const csv = [
      'email,role,first_name,last_name,landlord_id,property_id,unit_id',
      `dup@import.test,2,Dup,One,,,${w.a.unit.id}`,
      `DUP@import.test,2,Dup,Two,,,${w.a.unit.id}`,
      `${w.b.tenant.email},2,Taken,Email,,,${w.b.unit.id}`,
      ',2,Unknown,Unit,,,999999',
      `,2,Foreign,Unit,${w.a.landlord.id},,${w.b.unit.id}`,
      `,3,Foreign,Property,${w.a.landlord.id},${w.b.property.id},`,
      `,1,Unknown,Landlord,999999,,`,
      `,2,Wrong,Property,,${w.a.otherProperty.id},${w.a.unit.id}`,
      `x@${TEMPORARY_EMAIL_DOMAIN},3,Reserved,Email,,,`,
    ].join('\n');
    const response = await admin.post('/api/users/batch/tenants', { users: csv });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      users: [
        rowError(3, 'email', en.people.emailTaken),
        rowError(4, 'email', en.people.emailTaken),
        rowError(5, 'unit_id', v.unit),
        rowError(6, 'unit_id', v.unit),
        rowError(7, 'property_id', v.property),
        rowError(8, 'landlord_id', v.landlord),
        rowError(9, 'unit_id', v.unit),
        rowError(10, 'email', en.people.reservedEmail),
      ],
    });
    expect(await userCount()).toBe(before);
  });

  it(`refuses more than ${BATCH_MAX_ROWS} rows`, async () => {
    const csv = tenantRows(BATCH_MAX_ROWS + 1)
      .map(line)
      .join('\n');
    const response = await admin.post('/api/users/batch/tenants', { users: csv });
    expect(response.json().errors).toEqual({ users: [format(v.csvTooManyRows, { max: BATCH_MAX_ROWS })] });
  });

  /** The largest batch the shared parser accepts (BATCH_MAX_ROWS), up to 1,000. */
  const FULL = Math.min(1000, BATCH_MAX_ROWS);
  const BAD_ROW = Math.round(FULL * 0.9);

  it(`imports ${FULL} rows over HTTP in one go, well under a minute`, async () => {
    const before = await userCount();
    const cells = tenantRows(FULL);
    const started = performance.now();
    const response = await admin.post('/api/users/batch/tenants', { users: cells.map(line).join('\n') });
    const ms = Math.round(performance.now() - started);
    console.log(`[batch] POST users/batch/tenants: ${FULL} rows in ${ms} ms on ${testDatabaseKind()}`);
    expect(response.statusCode, response.body.slice(0, 500)).toBe(201);
    expect(response.json().created).toBe(FULL);
    expect(await userCount()).toBe(before + FULL);
    expect(ms).toBeLessThan(30_000);
    const links = await t.db.select({ n: count() }).from(tenantUnits);
    expect(links[0].n).toBeGreaterThanOrEqual(FULL);
  }, 60_000);

  it(`a bad row ${BAD_ROW} of ${FULL} creates nothing and is reported by number`, async () => {
    const before = await userCount();
    const cells = tenantRows(FULL);
    cells[BAD_ROW - 1] = { ...cells[BAD_ROW - 1], email: 'broken@' };
    const response = await admin.post('/api/users/batch/tenants', { users: cells.map(line).join('\n') });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ users: [rowError(BAD_ROW, 'email', v.validEmail)] });
    expect(await userCount()).toBe(before);
  }, 60_000);
});

describe('importUsers (the service behind the route)', () => {
  it('imports 1,000 rows in one transaction, well under a minute', async () => {
    const before = await userCount();
    const cells = tenantRows(1000);
    // A few contractors with a property, to exercise both link tables.
    for (let i = 1; i < 1000; i += 100) {
      cells[i] = { ...cells[i], role: 3, unit_id: '', property_id: w.a.property.id };
    }
    const started = performance.now();
    const result = await importUsers(t.db, parsedRows(cells));
    const ms = Math.round(performance.now() - started);
    console.log(`[batch] importUsers: 1,000 rows in ${ms} ms on ${testDatabaseKind()}`);
    expect(result.users).toHaveLength(1000);
    expect(await userCount()).toBe(before + 1000);
    // Row order is kept; every row without a password got a generated one, the others share one hash.
    expect(result.users[5].email).toBe(String(cells[5].email));
    expect(result.generated.size).toBe(900);
    expect(result.users[0].passwordHash).toBe(result.users[10].passwordHash);
    const contractorLinks = await t.db
      .select()
      .from(contractorProperties)
      .where(eq(contractorProperties.userId, result.users[1].id));
    expect(contractorLinks).toEqual([{ userId: result.users[1].id, propertyId: w.a.property.id }]);
    const temporary = result.users.filter((user) => user.username !== null);
    expect(new Set(temporary.map((user) => user.username)).size).toBe(temporary.length);
    expect(ms).toBeLessThan(30_000);
  }, 60_000);

  it('a bad row 900 of 1,000 creates nothing and names row 900', async () => {
    const before = await userCount();
    const cells = tenantRows(1000);
    cells[899] = { ...cells[899], unit_id: w.b.unit.id, landlord_id: w.a.landlord.id };
    const error = await importUsers(
      t.db,
      parsedRows(cells),
      batchRowNumbers(cells.map(line).join('\n')),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).errors).toEqual({ users: [rowError(900, 'unit_id', v.unit)] });
    expect(await userCount()).toBe(before);
  }, 60_000);
});

describe('batchRowNumbers', () => {
  it('numbers rows like the shared parser: records of the text, header as row 1, blank lines skipped', () => {
    expect(batchRowNumbers('a@b.c,2,A,B\n\nc@d.e,2,C,D')).toEqual([1, 3]);
    expect(batchRowNumbers('email,role,first_name,last_name\n\n,3,"Multi\nLine",X\n,3,Y,Z')).toEqual([3, 4]);
  });
});
