/**
 * Country and province choices for address forms (SPEC.md section 2: United States and Canada
 * first; province choices depend on the country). Values are English names, stored as shown.
 */
import { getCountries } from 'libphonenumber-js';

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** United States and Canada first, then every other country by name. */
export const COUNTRY_NAMES: readonly string[] = (() => {
  const first = ['United States', 'Canada'];
  const others = getCountries()
    .map((code) => regionNames.of(code) ?? code)
    .filter((name) => !first.includes(name));
  return [...first, ...[...new Set(others)].sort((a, b) => a.localeCompare(b, 'en'))];
})();

export const PROVINCES: Readonly<Record<string, readonly string[]>> = {
  Canada: [
    'Alberta',
    'British Columbia',
    'Manitoba',
    'New Brunswick',
    'Newfoundland and Labrador',
    'Northwest Territories',
    'Nova Scotia',
    'Nunavut',
    'Ontario',
    'Prince Edward Island',
    'Quebec',
    'Saskatchewan',
    'Yukon',
  ],
  'United States': [
    'Alabama',
    'Alaska',
    'Arizona',
    'Arkansas',
    'California',
    'Colorado',
    'Connecticut',
    'Delaware',
    'District of Columbia',
    'Florida',
    'Georgia',
    'Hawaii',
    'Idaho',
    'Illinois',
    'Indiana',
    'Iowa',
    'Kansas',
    'Kentucky',
    'Louisiana',
    'Maine',
    'Maryland',
    'Massachusetts',
    'Michigan',
    'Minnesota',
    'Mississippi',
    'Missouri',
    'Montana',
    'Nebraska',
    'Nevada',
    'New Hampshire',
    'New Jersey',
    'New Mexico',
    'New York',
    'North Carolina',
    'North Dakota',
    'Ohio',
    'Oklahoma',
    'Oregon',
    'Pennsylvania',
    'Rhode Island',
    'South Carolina',
    'South Dakota',
    'Tennessee',
    'Texas',
    'Utah',
    'Vermont',
    'Virginia',
    'Washington',
    'West Virginia',
    'Wisconsin',
    'Wyoming',
  ],
};

/** The province list of a country, or null when the province is free text. */
export function provincesFor(country: string): readonly string[] | null {
  return PROVINCES[country] ?? null;
}
