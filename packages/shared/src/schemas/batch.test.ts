import { describe, expect, it } from 'vitest';
import { BATCH_MAX_ROWS } from '../constants';
import { en, format } from '../messages';
import { BATCH_COLUMNS, batchCreateSchema, batchRowSchema, parseCsv, parseUsersCsv } from './batch';
import { errorsOf, parsed } from './test-helpers';

const v = en.validation;
const rowError = (row: number, field: string, message: string) => format(v.csvRow, { row, field, message });

describe('parseCsv', () => {
  it('splits records and cells', () => {
    expect(parseCsv('a,b\nc,d')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });
  it('handles CRLF, quotes, escaped quotes, commas and line breaks inside quotes', () => {
    expect(parseCsv('"Lee, Ann","say ""hi"""\r\n"two\nlines",x')).toEqual([
      ['Lee, Ann', 'say "hi"'],
      ['two\nlines', 'x'],
    ]);
  });
  it('keeps blank records so numbering follows the text', () => {
    expect(parseCsv('a\n\nb')).toEqual([['a'], [''], ['b']]);
  });
  it('takes LF, CRLF and CR line ends mixed in one text', () => {
    expect(parseCsv('a,1\r\nb,2\nc,3\rd,4')).toEqual([
      ['a', '1'],
      ['b', '2'],
      ['c', '3'],
      ['d', '4'],
    ]);
  });
  it('keeps a quote inside an unquoted cell as text', () => {
    expect(parseCsv('O"Neil,x')).toEqual([['O"Neil', 'x']]);
  });
  it('returns null when a quote is never closed', () => {
    expect(parseCsv('"a,b\nc')).toBeNull();
  });
});

const row = {
  email: 'ann@example.com',
  role: '2',
  first_name: 'Ann',
  last_name: 'Lee',
  company_name: '',
  phone_number: '',
  address_1: '',
  address_2: '',
  country: '',
  province: '',
  city: '',
  postal_code: '',
  landlord_id: '',
  property_id: '',
  unit_id: '4',
  password: '',
};

describe('batchRowSchema', () => {
  it('parses a row; empty email and password are allowed (temporary account, generated password)', () => {
    expect(parsed(batchRowSchema, { ...row, email: '' })).toEqual({
      ...row,
      email: '',
      role: 2,
      landlord_id: null,
      property_id: null,
      unit_id: 4,
    });
  });

  it.each([
    ['email', 'ann@', v.validEmail],
    ['role', '', v.role],
    ['role', '5', v.role],
    ['first_name', '', v.firstName],
    ['last_name', '', v.lastName],
    ['phone_number', '555', v.phone],
    ['landlord_id', 'x', v.landlord],
    ['property_id', 'x', v.property],
    ['unit_id', 'x', v.unit],
    ['company_name', 'c'.repeat(256), v.company],
    ['address_1', 'a'.repeat(256), v.address],
    ['address_2', 'a'.repeat(256), v.address],
    ['country', 'a'.repeat(256), v.country],
    ['province', 'a'.repeat(256), v.province],
    ['city', 'a'.repeat(256), v.city],
    ['postal_code', 'a'.repeat(256), v.postal],
    ['password', 'p'.repeat(1025), v.validPassword],
  ])('%s %j -> its message', (field, value, message) => {
    expect(errorsOf(batchRowSchema, { ...row, [field]: value })).toEqual({ [field]: [message] });
  });

  it('country and province may be blank; given, they are listed and belong together', () => {
    expect(parsed(batchRowSchema, { ...row, country: 'ca', province: 'ON' })).toMatchObject({
      country: 'Canada',
      province: 'Ontario',
    });
    expect(errorsOf(batchRowSchema, { ...row, country: 'Canada' })).toEqual({});
    expect(errorsOf(batchRowSchema, { ...row, country: 'Narnia' })).toEqual({ country: [v.country] });
    expect(errorsOf(batchRowSchema, { ...row, country: 'Canada', province: 'Texas' })).toEqual({
      province: [v.province],
    });
    expect(errorsOf(batchRowSchema, { ...row, province: 'Ontario' })).toEqual({ province: [v.province] });
  });

  it('a manager (role 1) needs a landlord', () => {
    expect(errorsOf(batchRowSchema, { ...row, role: '1' })).toEqual({ landlord_id: [v.landlord] });
    expect(errorsOf(batchRowSchema, { ...row, role: '1', landlord_id: '3' })).toEqual({});
  });

  it('a tenant (role 2) needs a unit', () => {
    expect(errorsOf(batchRowSchema, { ...row, unit_id: '' })).toEqual({ unit_id: [v.unit] });
    expect(errorsOf(batchRowSchema, { ...row, role: '3', unit_id: '' })).toEqual({});
  });
});

describe('parseUsersCsv', () => {
  const line =
    'ann@example.com,2,Ann,Lee,Lee Co,780 555 0134,1 Main St,,Canada,Alberta,Edmonton,T5J 0N3,1,2,4,secret';

  it('reads rows in the SPEC column order when there is no header', () => {
    const { rows, errors } = parseUsersCsv(`${line}\n\n,3,Bob,Ray,,,,,,,,,,,,`);
    expect(errors).toEqual([]);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ email: 'ann@example.com', role: 2, unit_id: 4, password: 'secret' });
    expect(rows[1]).toMatchObject({ email: '', role: 3, first_name: 'Bob', unit_id: null });
  });

  it('reads a header line that orders or omits columns', () => {
    const { rows, errors } = parseUsersCsv('First_Name,last_name,role,email\nAnn,Lee,3,ann@example.com');
    expect(errors).toEqual([]);
    expect(rows[0]).toMatchObject({ first_name: 'Ann', last_name: 'Lee', role: 3, email: 'ann@example.com' });
  });

  it('numbers errors by the record in the text (header is row 1)', () => {
    const { rows, errors } = parseUsersCsv('email,role,first_name,last_name\nann@,2,Ann,Lee\n\nx@y.z,9,,Ray');
    expect(rows).toEqual([]);
    expect(errors).toEqual([
      rowError(2, 'email', v.validEmail),
      rowError(2, 'unit_id', v.unit),
      rowError(4, 'role', v.role),
      rowError(4, 'first_name', v.firstName),
    ]);
  });

  it('refuses unknown header columns', () => {
    expect(parseUsersCsv('email,role,nickname\na@b.c,3,x').errors).toEqual([
      format(v.csvUnknownColumn, { column: 'nickname' }),
    ]);
  });

  it('refuses extra values but not trailing empty cells', () => {
    expect(parseUsersCsv(`${line},extra`).errors).toEqual([
      format(v.csvTooManyColumns, { row: 1, max: BATCH_COLUMNS.length }),
    ]);
    expect(parseUsersCsv(`${line},,`).errors).toEqual([]);
  });

  it.each([[''], ['  \n \n'], ['email,role'], ['"unclosed,2,Ann,Lee']])(
    '%j -> "Please enter users in CSV format"',
    (text) => {
      expect(parseUsersCsv(text).errors).toEqual([v.usersCsv]);
    },
  );

  it(`refuses more than ${BATCH_MAX_ROWS} rows`, () => {
    const text = Array.from({ length: BATCH_MAX_ROWS + 1 }, () => ',3,Bob,Ray').join('\n');
    expect(parseUsersCsv(text).errors).toEqual([format(v.csvTooManyRows, { max: BATCH_MAX_ROWS })]);
  });
});

describe('batchCreateSchema', () => {
  it('turns the CSV text into rows', () => {
    const value = parsed(batchCreateSchema, { users: 'email,role,first_name,last_name\n,3,Bob,Ray' });
    expect(value.users).toHaveLength(1);
    expect(value.users[0]).toMatchObject({ email: '', role: 3, first_name: 'Bob' });
  });

  it.each([[undefined], [''], [42]])('users %j -> "Please enter users in CSV format"', (users) => {
    expect(errorsOf(batchCreateSchema, { users })).toEqual({ users: [v.usersCsv] });
  });

  it('lists every row error under users', () => {
    expect(errorsOf(batchCreateSchema, { users: ',2,Ann,Lee\nbad,3,Bob,Ray' })).toEqual({
      users: [rowError(1, 'unit_id', v.unit), rowError(2, 'email', v.validEmail)],
    });
  });
});
