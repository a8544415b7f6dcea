/**
 * Country and province choices for address forms (SPEC.md section 2: United States and Canada
 * first; province choices depend on the country), from the country-region-data package.
 * Values are English names, stored as shown.
 */
import { allCountries } from 'country-region-data';

const FIRST_COUNTRIES = ['United States', 'Canada'];

/** United States and Canada first, then every other country by name. */
export const COUNTRY_NAMES: readonly string[] = [
  ...FIRST_COUNTRIES,
  ...allCountries
    .map(([name]) => name as string)
    .filter((name) => !FIRST_COUNTRIES.includes(name))
    .sort((a, b) => a.localeCompare(b, 'en')),
];

const REGIONS_BY_COUNTRY = new Map<string, readonly string[]>(
  allCountries.map(([name, , regions]) => [name as string, regions.map(([region]) => region as string)]),
);

/** The province (state, region) names of a country, or null when it has none listed (free text). */
export function provincesFor(country: string): readonly string[] | null {
  const regions = REGIONS_BY_COUNTRY.get(country);
  return regions && regions.length > 0 ? regions : null;
}
