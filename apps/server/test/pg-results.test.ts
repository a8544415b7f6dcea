/**
 * pg's array-mode results skip the empty row object of its object row mode (db/pg-results.ts): the rows they parse
 * are the same, and object-mode results still get their rows as objects.
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { leanArrayResults } from '../src/db/pg-results';

const INT4 = 23;
const TEXT = 25;
const fields = [
  { name: 'id', dataTypeID: INT4, format: 'text' as const },
  { name: 'name', dataTypeID: TEXT, format: 'text' as const },
];

type TestResult = {
  addFields(fields: unknown[]): void;
  parseRow(raw: unknown[]): unknown;
  _prebuiltEmptyResultObject: unknown;
};
const ResultClass = (pg as unknown as { Result: new (rowMode?: string) => TestResult }).Result;

describe('leanArrayResults', () => {
  it('builds no empty row object for an array result, and parses its rows as before', () => {
    leanArrayResults();
    leanArrayResults();
    const result = new ResultClass('array');
    result.addFields(fields);
    expect(result._prebuiltEmptyResultObject).toBeNull();
    expect(result.parseRow(['7', 'Birch'])).toEqual([7, 'Birch']);
    expect(result.parseRow([null, 'x'])).toEqual([null, 'x']);
  });

  it('leaves object results to pg', () => {
    leanArrayResults();
    const result = new ResultClass();
    result.addFields(fields);
    expect(result.parseRow(['7', 'Birch'])).toEqual({ id: 7, name: 'Birch' });
  });
});
