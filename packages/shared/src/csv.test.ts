import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvLines } from './csv';

describe('csvLines', () => {
  it('writes nothing for no rows, and ends every line with CRLF', () => {
    expect(csvLines([])).toBe('');
    expect(
      csvLines([
        ['a', 'b'],
        ['c', 'd'],
      ]),
    ).toBe('a,b\r\nc,d\r\n');
  });

  it('quotes commas, quotes and line breaks, and reads back as written', () => {
    const rows = [['Leak, kitchen', 'Say "hi"', 'two\nlines', ' edge ', 'Hélène Côté ✓']];
    const text = csvLines(rows);
    expect(text).toBe('"Leak, kitchen","Say ""hi""","two\nlines"," edge ",Hélène Côté ✓\r\n');
    expect(Papa.parse(text.trimEnd(), { newline: '\r\n' }).data).toEqual(rows);
  });

  it.each([
    ['=HYPERLINK("http://evil.example","click")', `"'=HYPERLINK(""http://evil.example"",""click"")"`],
    ['+1+1', `"'+1+1"`],
    ['-2+3', `"'-2+3"`],
    ['@SUM(A1:A2)', `"'@SUM(A1:A2)"`],
    ['\tcmd', `"'\tcmd"`],
    ['\rcmd', `"'\rcmd"`],
    // Papaparse's own default pattern misses a formula followed by a second line.
    ['=1+1\nmore', `"'=1+1\nmore"`],
  ])('neutralises a formula: %j', (cell, written) => {
    expect(csvLines([[cell]])).toBe(`${written}\r\n`);
  });

  it('leaves numbers, empty cells and text with a formula sign further in as they are', () => {
    expect(csvLines([[-5, 12.5, null, undefined, 'a=b', 'x-1', '']])).toBe('-5,12.5,,,a=b,x-1,\r\n');
  });

  it('is a UTF-8 file once the byte order mark leads it', () => {
    const bytes = Buffer.from(CSV_BOM + csvLines([['Hélène']]), 'utf8');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8')).toBe('Hélène\r\n');
  });
});
