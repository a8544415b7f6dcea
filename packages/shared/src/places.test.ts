import { describe, expect, it } from 'vitest';
import { COUNTRY_NAMES, PROVINCES, provincesFor } from './places';

describe('country and province choices', () => {
  it('puts United States and Canada first, then the rest by name, once each', () => {
    expect(COUNTRY_NAMES.slice(0, 2)).toEqual(['United States', 'Canada']);
    const rest = COUNTRY_NAMES.slice(2);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'en')));
    expect(new Set(COUNTRY_NAMES).size).toBe(COUNTRY_NAMES.length);
    expect(COUNTRY_NAMES).toContain('United Kingdom');
    expect(COUNTRY_NAMES.length).toBeGreaterThan(200);
  });

  it('lists provinces for Canada and states for the United States', () => {
    expect(PROVINCES.Canada).toHaveLength(13);
    expect(provincesFor('Canada')).toContain('Alberta');
    expect(provincesFor('United States')).toHaveLength(51);
    expect(provincesFor('France')).toBeNull();
  });
});
