/**
 * Availability ranges are moments (seconds since the epoch); the detail screen shows them as text such as
 * "Mon, Nov 23, 8:00 AM – 9:00 AM". The server does not know the reader's time zone, and the ranges are
 * about when someone can be at the unit, so they are written in the time zone of the unit's property,
 * guessed from its province or state (stored as a name, "Alberta", or a code, "AB").
 */

/** The product's home (SPEC.md's fixed "Edmonton, AB" line, office hours in MST). */
export const DEFAULT_TIME_ZONE = 'America/Edmonton';

const ZONES: Array<[string, string[]]> = [
  // Canada
  ['America/Edmonton', ['AB', 'Alberta', 'NT', 'Northwest Territories']],
  ['America/Vancouver', ['BC', 'British Columbia']],
  ['America/Winnipeg', ['MB', 'Manitoba']],
  ['America/Moncton', ['NB', 'New Brunswick']],
  ['America/St_Johns', ['NL', 'Newfoundland and Labrador', 'Newfoundland']],
  ['America/Halifax', ['NS', 'Nova Scotia', 'PE', 'Prince Edward Island']],
  ['America/Iqaluit', ['NU', 'Nunavut']],
  ['America/Toronto', ['ON', 'Ontario', 'QC', 'Quebec']],
  ['America/Regina', ['SK', 'Saskatchewan']],
  ['America/Whitehorse', ['YT', 'Yukon']],
  // United States (the zone most of each state's people live in)
  [
    'America/New_York',
    [
      'CT',
      'Connecticut',
      'DE',
      'Delaware',
      'DC',
      'District of Columbia',
      'FL',
      'Florida',
      'GA',
      'Georgia',
      'ME',
      'Maine',
      'MD',
      'Maryland',
      'MA',
      'Massachusetts',
      'NH',
      'New Hampshire',
      'NJ',
      'New Jersey',
      'NY',
      'New York',
      'NC',
      'North Carolina',
      'OH',
      'Ohio',
      'PA',
      'Pennsylvania',
      'RI',
      'Rhode Island',
      'SC',
      'South Carolina',
      'VT',
      'Vermont',
      'VA',
      'Virginia',
      'WV',
      'West Virginia',
      'KY',
      'Kentucky',
    ],
  ],
  ['America/Detroit', ['MI', 'Michigan']],
  ['America/Indiana/Indianapolis', ['IN', 'Indiana']],
  [
    'America/Chicago',
    [
      'AL',
      'Alabama',
      'AR',
      'Arkansas',
      'IL',
      'Illinois',
      'IA',
      'Iowa',
      'KS',
      'Kansas',
      'LA',
      'Louisiana',
      'MN',
      'Minnesota',
      'MS',
      'Mississippi',
      'MO',
      'Missouri',
      'NE',
      'Nebraska',
      'ND',
      'North Dakota',
      'OK',
      'Oklahoma',
      'SD',
      'South Dakota',
      'TN',
      'Tennessee',
      'TX',
      'Texas',
      'WI',
      'Wisconsin',
    ],
  ],
  ['America/Denver', ['CO', 'Colorado', 'MT', 'Montana', 'NM', 'New Mexico', 'UT', 'Utah', 'WY', 'Wyoming']],
  ['America/Boise', ['ID', 'Idaho']],
  ['America/Phoenix', ['AZ', 'Arizona']],
  ['America/Los_Angeles', ['CA', 'California', 'NV', 'Nevada', 'OR', 'Oregon', 'WA', 'Washington']],
  ['America/Anchorage', ['AK', 'Alaska']],
  ['Pacific/Honolulu', ['HI', 'Hawaii']],
];

const ZONE_BY_PROVINCE = new Map<string, string>(
  ZONES.flatMap(([zone, names]) => names.map((name) => [name.toLowerCase(), zone] as const)),
);

/** The time zone of a property's province or state; the default when it is not one we know. */
export function timeZoneOf(province: string): string {
  return ZONE_BY_PROVINCE.get(province.trim().toLowerCase()) ?? DEFAULT_TIME_ZONE;
}

interface Formatters {
  day: Intl.DateTimeFormat;
  time: Intl.DateTimeFormat;
}
const formatters = new Map<string, Formatters>();

function formattersFor(zone: string): Formatters {
  let found = formatters.get(zone);
  if (!found) {
    found = {
      day: new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        weekday: 'short',
        month: 'short',
        day: 'numeric',
      }),
      time: new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hour: 'numeric',
        minute: '2-digit',
        hour12: true,
      }),
    };
    formatters.set(zone, found);
  }
  return found;
}

/** ICU writes a narrow no-break space before AM/PM; plain text reads (and tests) better with a space. */
const plain = (text: string) => text.replace(/[\u202f\u00a0\u2009]/g, ' ');

/** "Mon, Nov 23, 8:00 AM – 9:00 AM", or "Mon, Nov 23, 10:00 PM – Tue, Nov 24, 1:00 AM" across midnight. */
export function availabilityText(range: { start: number; end: number }, zone: string): string {
  const { day, time } = formattersFor(zone);
  const start = new Date(range.start * 1000);
  const end = new Date(range.end * 1000);
  const startDay = plain(day.format(start));
  const endDay = plain(day.format(end));
  const from = `${startDay}, ${plain(time.format(start))}`;
  const to = startDay === endDay ? plain(time.format(end)) : `${endDay}, ${plain(time.format(end))}`;
  return `${from} – ${to}`;
}
