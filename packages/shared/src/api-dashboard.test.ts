import { describe, expect, it } from 'vitest';
import { isTimeZone } from './api-dashboard';

describe('isTimeZone', () => {
  it('accepts IANA zones, again when it has kept them, and refuses anything else', () => {
    for (let round = 0; round < 2; round++) {
      expect(isTimeZone('America/Edmonton')).toBe(true);
      expect(isTimeZone('UTC')).toBe(true);
      expect(isTimeZone('Narnia/Lantern_Waste')).toBe(false);
      expect(isTimeZone('')).toBe(false);
      expect(isTimeZone(`America/${'x'.repeat(64)}`)).toBe(false);
    }
  });

  it('still answers for spellings past the ones it keeps', () => {
    // Zone names are case-insensitive: many spellings of one zone are all zones, kept or not.
    const spellings = Array.from({ length: 1100 }, (_, n) =>
      [...'america/edmonton'].map((c, i) => ((n >> i) & 1 ? c.toUpperCase() : c)).join(''),
    );
    for (const spelling of spellings) expect(isTimeZone(spelling)).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
  });
});
