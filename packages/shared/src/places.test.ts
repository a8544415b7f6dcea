import { describe, expect, it } from 'vitest';
import { COUNTRY_NAMES, listedCountry, listedProvince, provincesFor } from './places';

describe('country and province choices', () => {
  it('puts United States and Canada first, then the rest by name, once each', () => {
    expect(COUNTRY_NAMES.slice(0, 2)).toEqual(['United States', 'Canada']);
    const rest = COUNTRY_NAMES.slice(2);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'en')));
    expect(new Set(COUNTRY_NAMES).size).toBe(COUNTRY_NAMES.length);
    expect(COUNTRY_NAMES).toContain('United Kingdom');
    expect(COUNTRY_NAMES.length).toBeGreaterThan(200);
  });

  it('lists the provinces of the chosen country', () => {
    expect(provincesFor('Canada')).toHaveLength(13);
    expect(provincesFor('Canada')).toContain('Alberta');
    expect(provincesFor('United States')).toEqual(
      expect.arrayContaining(['California', 'Washington', 'District of Columbia']),
    );
    expect(provincesFor('France')?.length).toBeGreaterThan(0);
    expect(provincesFor('Atlantis')).toBeNull();
  });
});

describe('typed countries and provinces', () => {
  it('reads a name in any letter case or an ISO code as the listed name', () => {
    expect(listedCountry('canada')).toBe('Canada');
    expect(listedCountry(' CA ')).toBe('Canada');
    expect(listedCountry('us')).toBe('United States');
    expect(listedProvince('Canada', 'ab')).toBe('Alberta');
    expect(listedProvince('Canada', 'british columbia')).toBe('British Columbia');
    expect(listedProvince('United States', 'WA')).toBe('Washington');
  });

  it('reads nothing else: an unknown country, or a province of another country', () => {
    expect(listedCountry('Narnia')).toBeNull();
    expect(listedCountry('')).toBeNull();
    expect(listedProvince('Narnia', 'Lantern Waste')).toBeNull();
    expect(listedProvince('Canada', 'Lantern Waste')).toBeNull();
    expect(listedProvince('Canada', 'California')).toBeNull();
    expect(listedProvince('United States', 'Alberta')).toBeNull();
  });
});
