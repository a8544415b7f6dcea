/**
 * Country and province choices for address forms (SPEC.md section 2: United States and Canada
 * first; province choices depend on the country), from the country-region-data package.
 * Values are English names, stored as shown. The forms offer exactly these, and the server accepts
 * only these (schemas/common.ts `withPlace`); typed input (an API call, a CSV row) may use any letter case
 * or the ISO code ("ca", "AB"), and is stored under the listed name.
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

/** Listed names by their lower-cased name and code, for typed input. */
function byNameAndCode(entries: readonly (readonly [string, string])[]): Map<string, string> {
  const names = new Map<string, string>();
  // Codes first, so that a name that reads like another entry's code keeps its own entry.
  for (const [name, code] of entries) if (code) names.set(code.toLowerCase(), name);
  for (const [name] of entries) names.set(name.toLowerCase(), name);
  return names;
}

const COUNTRY_BY_KEY = byNameAndCode(allCountries.map(([name, code]) => [name as string, code as string]));
const REGION_BY_KEY = new Map(
  allCountries.map(([name, , regions]) => [
    name as string,
    byNameAndCode(regions.map(([region, code]) => [region as string, (code ?? '') as string])),
  ]),
);

/** The province (state, region) names of a country, or null when it has none listed (free text). */
export function provincesFor(country: string): readonly string[] | null {
  const regions = REGIONS_BY_COUNTRY.get(country);
  return regions && regions.length > 0 ? regions : null;
}

/** The listed country a typed name or ISO code stands for ("canada", "CA" → "Canada"); null when none. */
export function listedCountry(typed: string): string | null {
  return COUNTRY_BY_KEY.get(typed.trim().toLowerCase()) ?? null;
}

/** The listed province of `country` a typed name or code stands for ("ab" → "Alberta"); null when none. */
export function listedProvince(country: string, typed: string): string | null {
  return REGION_BY_KEY.get(country)?.get(typed.trim().toLowerCase()) ?? null;
}
