/**
 * Demo data: two landlords with managers, properties, units, tenants, contractors, categories and
 * ~25 tickets in every status, with activity logs and notifications, and conversations on a few of them (comments
 * for everyone, for contractors and staff, for staff alone). Deterministic: the same `now`
 * always gives the same rows (a seeded PRNG, no Math.random); timestamps are relative to `now`.
 *
 * Every demo account signs in with DEMO_PASSWORD. The temporary account `newtenant` signs in with its
 * username (which leads to the activation screen) and the same password as its old password.
 */
import {
  APPROVAL_LIMIT_DEFAULT_CENTS,
  ASSIGNMENT_RESPONSE_HOURS_DEFAULT,
  type CommentVisibility,
  dateText,
  en,
  FIRST_CLOSED_STATUS,
  format,
  LAST_DAY_OF_MONTH,
  moneyText,
  OWNER_REMINDER_HOURS,
  occurrenceOnOrAfter,
  RATING_MAX,
  ROLE,
  type Role,
  roleName,
  STATUS,
  TEMPORARY_EMAIL_DOMAIN,
  TICKET_STATUSES,
  zonedToday,
} from '@mend/shared';
import { and, eq, sql } from 'drizzle-orm';
import { hashPassword } from '../lib/password';
import { type Db, type Tx, truncateAllTables } from './client';
import {
  type ContactSubmissionMeta,
  categories,
  categoryAttributes,
  contactSubmissions,
  contractorCategories,
  contractorProperties,
  DEFAULT_NOTIFICATION_OPTIONS,
  landlordOwners,
  landlords,
  type NewNotificationRow,
  type NewTicketLogRow,
  type NewUserRow,
  notifications,
  properties,
  schedules,
  tenantUnits,
  ticketAssignments,
  ticketAvailability,
  ticketCategories,
  ticketComments,
  ticketCostLines,
  ticketCosts,
  ticketLog,
  ticketRecipients,
  ticketSignoffs,
  tickets,
  ticketVisits,
  unitCategories,
  units,
  users,
} from './schema';

export const DEMO_PASSWORD = 'password';

export interface DemoAccount {
  role: Role;
  roleName: string;
  /** Display name, e.g. "Jane Morrison". */
  name: string;
  /** What to type in the sign-in form: an email, or the username of a temporary account. */
  login: string;
  password: string;
  note?: string;
}

export interface SeedDemoOptions {
  /** The moment the demo is anchored to (default: now). Fixed in tests for reproducible rows. */
  now?: Date;
  /** Delete all existing data first, in the same transaction (the `reseed` command). */
  truncateFirst?: boolean;
}

// ---------------------------------------------------------------------------------------------------------
// The data

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

type CategoryKey = 'plumbing' | 'electrical' | 'hvac' | 'appliances' | 'roofing' | 'general';
type LandlordKey = 'northwind' | 'mapleleaf';

const CATEGORY_DATA: Record<
  CategoryKey,
  { title: string; description: string; attributes: { label: string; format: string; value: string }[] }
> = {
  plumbing: {
    title: 'Plumbing',
    description: 'Leaks, clogs, toilets, faucets, water heaters and drains.',
    attributes: [
      { label: 'Emergency response', format: 'text', value: 'Within 2 hours for active leaks' },
      { label: 'Standard call-out fee', format: 'currency', value: '95.00' },
    ],
  },
  electrical: {
    title: 'Electrical',
    description: 'Outlets, breakers, lighting, switches and wiring.',
    attributes: [
      { label: 'Licensed electrician required', format: 'text', value: 'Yes' },
      { label: 'Standard call-out fee', format: 'currency', value: '110.00' },
    ],
  },
  hvac: {
    title: 'HVAC',
    description: 'Furnaces, boilers, heat pumps, air conditioning, thermostats and ventilation.',
    attributes: [
      { label: 'Furnace filter size', format: 'text', value: '16 x 25 x 1 in' },
      { label: 'Filter replacement interval (months)', format: 'number', value: '3' },
      {
        label: 'Seasonal maintenance checklist',
        format: 'url',
        value: 'https://www.energystar.gov/saveathome/heating-cooling/maintenance-checklist',
      },
    ],
  },
  appliances: {
    title: 'Appliances',
    description: 'Fridges, stoves, dishwashers, washers and dryers supplied with the unit.',
    attributes: [
      { label: 'Warranty coverage (years)', format: 'number', value: '2' },
      { label: 'Tenant-owned appliances covered', format: 'text', value: 'No' },
    ],
  },
  roofing: {
    title: 'Roofing',
    description: 'Roof leaks, shingles, gutters, flashing and skylights.',
    attributes: [
      { label: 'Inspection interval (months)', format: 'number', value: '12' },
      { label: 'Emergency tarping fee', format: 'currency', value: '250.00' },
    ],
  },
  general: {
    title: 'General Repairs',
    description: 'Doors, locks, windows, drywall, flooring, cabinets and everything else.',
    attributes: [
      { label: 'Hourly rate', format: 'currency', value: '65.00' },
      { label: 'Minimum billable time (hours)', format: 'number', value: '1' },
    ],
  },
};
const ALL_CATEGORIES = Object.keys(CATEGORY_DATA) as CategoryKey[];
/** Units in mid/high-rise buildings do not offer Roofing: tenants there cannot see the roof. */
const NO_ROOFING = ALL_CATEGORIES.filter((key) => key !== 'roofing');

const LANDLORD_DATA: Record<LandlordKey, { name: string; description: string; createdDaysAgo: number }> = {
  northwind: {
    name: 'Northwind Property Group',
    description:
      'Family-owned property manager with apartment and loft rentals in Edmonton and Calgary since 1998.',
    createdDaysAgo: 160,
  },
  mapleleaf: {
    name: 'Maple Leaf Rentals',
    description: 'Apartments, row houses and townhomes in Vancouver, Toronto and Seattle.',
    createdDaysAgo: 150,
  },
};

interface PropertyData {
  key: string;
  landlord: LandlordKey;
  name: string;
  description: string;
  address: string;
  city: string;
  province: string;
  country: string;
  postalCode: string;
  /** IANA time zone of the property. */
  timeZone: string;
  categories: CategoryKey[];
  units: { name: string; description: string }[];
}

const PROPERTY_DATA: PropertyData[] = [
  {
    key: 'riverside',
    landlord: 'northwind',
    name: 'Riverside Commons',
    description: 'Twelve-storey concrete apartment building overlooking the North Saskatchewan River.',
    address: '10150 100 St NW',
    city: 'Edmonton',
    province: 'Alberta',
    timeZone: 'America/Edmonton',
    country: 'Canada',
    postalCode: 'T5J 0P6',
    categories: NO_ROOFING,
    units: [
      { name: '101', description: 'One bedroom, ground floor, patio access.' },
      { name: '102', description: 'Two bedrooms, ground floor, corner unit.' },
      { name: '201', description: 'One bedroom with den, river view.' },
      { name: '202', description: 'Two bedrooms, two bathrooms, river view.' },
    ],
  },
  {
    key: 'whyte',
    landlord: 'northwind',
    name: 'Whyte Avenue Lofts',
    description: 'Converted brick warehouse with three-storey lofts near Old Strathcona.',
    address: '8215 104 St NW',
    city: 'Edmonton',
    province: 'Alberta',
    timeZone: 'America/Edmonton',
    country: 'Canada',
    postalCode: 'T6E 4E6',
    categories: ALL_CATEGORIES,
    units: [
      { name: 'Loft A', description: 'Open-plan loft with skylight, top floor.' },
      { name: 'Loft B', description: 'Two-level loft, exposed brick.' },
      { name: 'Loft C', description: 'Street-facing loft with in-suite laundry.' },
    ],
  },
  {
    key: 'kensington',
    landlord: 'northwind',
    name: 'Kensington Court',
    description: 'Four-plex of two-storey row houses with private entrances and detached garages.',
    address: '1120 Kensington Rd NW',
    city: 'Calgary',
    province: 'Alberta',
    timeZone: 'America/Edmonton',
    country: 'Canada',
    postalCode: 'T2N 3P5',
    categories: ALL_CATEGORIES,
    units: [
      { name: 'Suite 1', description: 'Three bedrooms, end unit, fenced yard.' },
      { name: 'Suite 2', description: 'Two bedrooms, finished basement.' },
      { name: 'Suite 3', description: 'Two bedrooms, south-facing deck.' },
      { name: 'Suite 4', description: 'Three bedrooms, end unit, recently renovated.' },
    ],
  },
  {
    key: 'harbourview',
    landlord: 'mapleleaf',
    name: 'Harbourview Apartments',
    description: 'Mid-rise rental building in the West End, steps from Coal Harbour and Stanley Park.',
    address: '1450 W Georgia St',
    city: 'Vancouver',
    province: 'British Columbia',
    timeZone: 'America/Vancouver',
    country: 'Canada',
    postalCode: 'V6G 2T8',
    categories: NO_ROOFING,
    units: [
      { name: '301', description: 'One bedroom, harbour view, balcony.' },
      { name: '302', description: 'Studio with Murphy bed.' },
      { name: '401', description: 'Two bedrooms, balcony, in-suite laundry.' },
      { name: '402', description: 'One bedroom with den, mountain view.' },
    ],
  },
  {
    key: 'queenwest',
    landlord: 'mapleleaf',
    name: 'Queen West Residences',
    description: 'Restored Victorian row houses split into three self-contained units.',
    address: '720 Queen St W',
    city: 'Toronto',
    province: 'Ontario',
    timeZone: 'America/Toronto',
    country: 'Canada',
    postalCode: 'M6J 1E8',
    categories: ALL_CATEGORIES,
    units: [
      { name: 'Unit 1', description: 'Main floor with front porch.' },
      { name: 'Unit 2', description: 'Lower level with walkout and laundry room.' },
      { name: 'Unit 3', description: 'Upper two floors with roof deck.' },
    ],
  },
  {
    key: 'cascade',
    landlord: 'mapleleaf',
    name: 'Cascade Townhomes',
    description: 'Three-unit townhome complex in Ravenna with heat pumps and attached garages.',
    address: '2310 NE 65th St',
    city: 'Seattle',
    province: 'Washington',
    timeZone: 'America/Los_Angeles',
    country: 'United States',
    postalCode: '98115',
    categories: ALL_CATEGORIES,
    units: [
      { name: 'Townhome 1', description: 'Three bedrooms, two and a half bathrooms.' },
      { name: 'Townhome 2', description: 'Three bedrooms, rooftop deck.' },
      { name: 'Townhome 3', description: 'Two bedrooms, garden-level entry.' },
    ],
  },
];

interface PersonData {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  companyName?: string;
  description?: string;
}

const SUPER_ADMIN: PersonData & { username: string } = {
  username: 'admin',
  firstName: 'Avery',
  lastName: 'Admin',
  email: 'admin@mend.test',
  phone: '780 555 0100',
  companyName: 'Mend Support',
  description: 'Platform administrator.',
};

const MANAGERS: (PersonData & { landlord: LandlordKey })[] = [
  {
    landlord: 'northwind',
    firstName: 'Olivia',
    lastName: 'Bennett',
    email: 'manager@northwind.test',
    phone: '780 555 0142',
    companyName: 'Northwind Property Group',
    description: 'Property manager for the Edmonton and Calgary portfolio.',
  },
  {
    landlord: 'mapleleaf',
    firstName: 'Daniel',
    lastName: 'Tremblay',
    email: 'manager@mapleleaf.test',
    phone: '604 555 0178',
    companyName: 'Maple Leaf Rentals',
    description: 'Regional manager, West Coast and Ontario.',
  },
];

const CONTRACTORS: (PersonData & {
  landlord: LandlordKey;
  properties: string[];
  categories: CategoryKey[];
})[] = [
  {
    landlord: 'northwind',
    firstName: 'Marco',
    lastName: 'Rossi',
    email: 'plumber@northwind.test',
    phone: '780 555 0190',
    companyName: 'Rossi Plumbing & Heating',
    description: 'Journeyman plumber, 24/7 emergency service.',
    properties: ['riverside', 'whyte', 'kensington'],
    categories: ['plumbing'],
  },
  {
    landlord: 'northwind',
    firstName: 'Priya',
    lastName: 'Shah',
    email: 'electrician@northwind.test',
    phone: '780 555 0163',
    companyName: 'Bright Spark Electric',
    description: 'Master electrician, residential and light commercial.',
    properties: ['riverside', 'whyte', 'kensington'],
    categories: ['electrical'],
  },
  {
    landlord: 'northwind',
    firstName: 'Ben',
    lastName: 'Kowalski',
    email: 'hvac@northwind.test',
    phone: '403 555 0121',
    companyName: 'Prairie Air HVAC',
    description: 'Furnace, boiler and appliance repair across Alberta.',
    properties: ['riverside', 'whyte', 'kensington'],
    categories: ['hvac', 'appliances'],
  },
  {
    landlord: 'northwind',
    firstName: 'Dave',
    lastName: 'Lindqvist',
    email: 'handyman@northwind.test',
    phone: '780 555 0117',
    companyName: 'Lindqvist Home Services',
    description: 'General repairs, carpentry, roofing and gutters.',
    properties: ['riverside', 'whyte', 'kensington'],
    categories: ['general', 'roofing'],
  },
  {
    landlord: 'mapleleaf',
    firstName: 'Sarah',
    lastName: 'Chen',
    email: 'hvac@mapleleaf.test',
    phone: '604 555 0133',
    companyName: 'Coastal Climate Heating & Cooling',
    description: 'Heat pumps, air conditioning and appliance service.',
    properties: ['harbourview', 'queenwest', 'cascade'],
    categories: ['hvac', 'appliances'],
  },
  {
    landlord: 'mapleleaf',
    firstName: 'Jacob',
    lastName: 'Miller',
    email: 'plumber@mapleleaf.test',
    phone: '416 555 0155',
    companyName: 'Pipeline Plumbing Co.',
    description: 'Licensed plumbers in Vancouver, Toronto and Seattle.',
    properties: ['harbourview', 'queenwest', 'cascade'],
    categories: ['plumbing'],
  },
  {
    landlord: 'mapleleaf',
    firstName: 'Leah',
    lastName: 'Dubois',
    email: 'electrician@mapleleaf.test',
    phone: '604 555 0186',
    companyName: 'Volt Electrical Contractors',
    description: 'Electrical service and panel upgrades.',
    properties: ['harbourview', 'queenwest', 'cascade'],
    categories: ['electrical'],
  },
  {
    landlord: 'mapleleaf',
    firstName: 'Nathan',
    lastName: 'Gallagher',
    email: 'roofer@mapleleaf.test',
    phone: '206 555 0149',
    companyName: 'Summit Roofing & Exteriors',
    description: 'Roofing, gutters, siding and general exterior repairs.',
    properties: ['harbourview', 'queenwest', 'cascade'],
    categories: ['roofing', 'general'],
  },
];

/** Unit reference: `${propertyKey}/${unitName}`. */
const TENANTS: (PersonData & { unit: string })[] = [
  {
    unit: 'riverside/101',
    firstName: 'Jane',
    lastName: 'Morrison',
    email: 'tenant@northwind.test',
    phone: '780 555 0101',
  },
  {
    unit: 'riverside/102',
    firstName: 'Amir',
    lastName: 'Haddad',
    email: 'amir.haddad@mail.test',
    phone: '780 555 0102',
  },
  {
    unit: 'riverside/201',
    firstName: 'Sophie',
    lastName: 'Lavoie',
    email: 'sophie.lavoie@mail.test',
    phone: '780 555 0103',
  },
  {
    unit: 'riverside/202',
    firstName: 'Marcus',
    lastName: 'Reid',
    email: 'marcus.reid@mail.test',
    phone: '780 555 0104',
  },
  {
    unit: 'whyte/Loft A',
    firstName: 'Chloe',
    lastName: 'Nguyen',
    email: 'chloe.nguyen@mail.test',
    phone: '780 555 0105',
  },
  {
    unit: 'whyte/Loft B',
    firstName: 'Tyler',
    lastName: 'Brooks',
    email: 'tyler.brooks@mail.test',
    phone: '780 555 0106',
  },
  {
    unit: 'whyte/Loft C',
    firstName: 'Hannah',
    lastName: 'Schultz',
    email: 'hannah.schultz@mail.test',
    phone: '780 555 0107',
  },
  {
    unit: 'kensington/Suite 1',
    firstName: 'Raj',
    lastName: 'Patel',
    email: 'raj.patel@mail.test',
    phone: '403 555 0108',
  },
  {
    unit: 'kensington/Suite 2',
    firstName: 'Emily',
    lastName: 'Carter',
    email: 'emily.carter@mail.test',
    phone: '403 555 0109',
  },
  {
    unit: 'kensington/Suite 3',
    firstName: 'Noah',
    lastName: 'Fischer',
    email: 'noah.fischer@mail.test',
    phone: '403 555 0110',
  },
  {
    unit: 'harbourview/301',
    firstName: 'Ethan',
    lastName: 'Wong',
    email: 'tenant@mapleleaf.test',
    phone: '604 555 0111',
  },
  {
    unit: 'harbourview/302',
    firstName: 'Isabelle',
    lastName: 'Roy',
    email: 'isabelle.roy@mail.test',
    phone: '604 555 0112',
  },
  {
    unit: 'harbourview/401',
    firstName: 'Mateo',
    lastName: 'Alvarez',
    email: 'mateo.alvarez@mail.test',
    phone: '604 555 0113',
  },
  {
    unit: 'queenwest/Unit 1',
    firstName: 'Grace',
    lastName: 'Kim',
    email: 'grace.kim@mail.test',
    phone: '416 555 0114',
  },
  {
    unit: 'queenwest/Unit 2',
    firstName: 'Owen',
    lastName: 'MacDonald',
    email: 'owen.macdonald@mail.test',
    phone: '416 555 0115',
  },
  {
    unit: 'queenwest/Unit 3',
    firstName: 'Zoe',
    lastName: 'Campbell',
    email: 'zoe.campbell@mail.test',
    phone: '416 555 0116',
  },
  {
    unit: 'cascade/Townhome 1',
    firstName: 'Lucas',
    lastName: 'Martin',
    email: 'lucas.martin@mail.test',
    phone: '206 555 0117',
  },
  {
    unit: 'cascade/Townhome 2',
    firstName: 'Ava',
    lastName: 'Thompson',
    email: 'ava.thompson@mail.test',
    phone: '206 555 0118',
  },
];

/** The temporary account: placeholder email, no verified email, must activate before use. */
/**
 * A temporary account, as a batch import makes one: a username and the imported details, no email yet
 * (it is chosen on activation).
 */
const TEMPORARY_TENANT = {
  username: 'newtenant',
  unit: 'kensington/Suite 4',
  firstName: 'Liam',
  lastName: "O'Connor",
  phone: '403 555 0168',
};

interface TicketData {
  unit: string;
  category: CategoryKey;
  title: string;
  description: string;
  priority: 0 | 1;
  status: 0 | 1 | 2 | 3 | 4;
  /** Days before `now` the ticket was opened. */
  daysAgo: number;
  /** Opened by the landlord's manager rather than the unit's tenant (the ticket then has no tenant). */
  byManager?: boolean;
  /** For cancelled tickets: a reason written into the log, and whether it was cancelled straight from Open. */
  cancelReason?: string;
  cancelFromOpen?: boolean;
  meta?: Record<string, string>;
}

const TICKET_DATA: TicketData[] = [
  {
    unit: 'riverside/101',
    category: 'plumbing',
    title: 'Leaking kitchen faucet',
    description:
      'The kitchen faucet drips constantly, even when fully closed.\nIt has been getting worse over the past week and there is now water pooling under the sink.',
    priority: 0,
    status: 2,
    daysAgo: 6,
    meta: { 'Faucet brand': 'Moen', 'Shut-off valve location': 'Under the sink, left side' },
  },
  {
    unit: 'riverside/101',
    category: 'appliances',
    title: 'Dishwasher not draining',
    description:
      'There is standing water at the bottom of the dishwasher after every cycle. I cleaned the filter but it did not help.',
    priority: 0,
    status: 0,
    daysAgo: 1,
  },
  {
    unit: 'riverside/101',
    category: 'electrical',
    title: 'Bathroom outlet stopped working',
    description: 'The GFCI outlet by the bathroom sink has no power. Pressing the reset button does nothing.',
    priority: 0,
    status: 3,
    daysAgo: 38,
  },
  {
    unit: 'riverside/102',
    category: 'hvac',
    title: 'No heat in bedroom',
    description:
      'The bedroom radiator stays cold although the thermostat is set to 22 °C. The rest of the unit is warm.',
    priority: 1,
    status: 1,
    daysAgo: 3,
  },
  {
    unit: 'riverside/201',
    category: 'plumbing',
    title: 'Water leaking through bathroom ceiling',
    description:
      'A brown water stain is spreading on the bathroom ceiling and it drips whenever the shower upstairs is running.',
    priority: 1,
    status: 3,
    daysAgo: 52,
  },
  {
    unit: 'riverside/202',
    category: 'general',
    title: 'Front door deadbolt sticking',
    description:
      'The deadbolt is very hard to turn and the key sometimes gets stuck. I am worried about getting locked out.',
    priority: 0,
    status: 0,
    daysAgo: 2,
  },
  {
    unit: 'whyte/Loft A',
    category: 'roofing',
    title: 'Roof leak above living room skylight',
    description:
      'During the last rain, water dripped from the frame of the living room skylight. There is a bucket underneath for now.',
    priority: 1,
    status: 2,
    daysAgo: 9,
  },
  {
    unit: 'whyte/Loft B',
    category: 'electrical',
    title: 'Flickering lights in kitchen',
    description: 'The kitchen pot lights flicker on and off, especially when the microwave is running.',
    priority: 0,
    status: 1,
    daysAgo: 5,
  },
  {
    unit: 'whyte/Loft C',
    category: 'appliances',
    title: 'Dryer needs three cycles to dry a load',
    description: 'The dryer runs but the clothes are still damp after a full cycle. The lint trap is clean.',
    priority: 0,
    status: 4,
    daysAgo: 44,
    cancelReason: 'The tenant found the vent hose disconnected behind the dryer and reconnected it.',
  },
  {
    unit: 'whyte/Loft C',
    category: 'plumbing',
    title: 'Toilet keeps running after flushing',
    description: 'The toilet keeps running for several minutes after flushing unless I jiggle the handle.',
    priority: 0,
    status: 3,
    daysAgo: 23,
  },
  {
    unit: 'kensington/Suite 1',
    category: 'hvac',
    title: 'Furnace making loud banging noise',
    description:
      'The furnace makes a loud bang every time it starts up, mostly at night. It still heats the house.',
    priority: 1,
    status: 0,
    daysAgo: 0,
  },
  {
    unit: 'kensington/Suite 2',
    category: 'general',
    title: 'Cracked bedroom window',
    description: 'One of the bedroom window panes has a long crack from the corner and lets in a cold draft.',
    priority: 0,
    status: 2,
    daysAgo: 12,
    meta: { 'Window size': '36 x 48 in', 'Pane type': 'Double glazed' },
  },
  {
    unit: 'kensington/Suite 3',
    category: 'roofing',
    title: 'Gutter overflowing at back entrance',
    description:
      'The gutter above the back entrance overflows and water pours onto the steps, where it freezes overnight.',
    priority: 0,
    status: 3,
    daysAgo: 61,
  },
  {
    unit: 'kensington/Suite 4',
    category: 'general',
    title: 'Turnover: patch and paint before move-in',
    description:
      'Patch the nail holes, repaint the living room and replace the broken closet door before the new tenant moves in.',
    priority: 0,
    status: 1,
    daysAgo: 8,
    byManager: true,
  },
  {
    unit: 'harbourview/301',
    category: 'hvac',
    title: 'Air conditioning blowing warm air',
    description: 'The A/C runs constantly but only blows warm air. It is over 28 °C inside in the afternoon.',
    priority: 1,
    status: 2,
    daysAgo: 4,
  },
  {
    unit: 'harbourview/301',
    category: 'plumbing',
    title: 'Low water pressure in shower',
    description: 'The shower pressure dropped suddenly this week. The bathroom sink is fine.',
    priority: 0,
    status: 0,
    daysAgo: 1,
  },
  {
    unit: 'harbourview/301',
    category: 'appliances',
    title: 'Fridge ice maker leaking',
    description: 'The ice maker leaks water onto the kitchen floor overnight.',
    priority: 0,
    status: 3,
    daysAgo: 33,
  },
  {
    unit: 'harbourview/302',
    category: 'electrical',
    title: 'Breaker trips when using the kettle',
    description: 'The kitchen breaker trips whenever the kettle and the toaster run at the same time.',
    priority: 0,
    status: 4,
    daysAgo: 27,
    cancelFromOpen: true,
    cancelReason:
      'Normal circuit overload: the tenant was advised to plug the kettle into the island outlet.',
  },
  {
    unit: 'harbourview/401',
    category: 'general',
    title: 'Balcony sliding door off its track',
    description: 'The balcony door has come off its track and takes both hands to open or close.',
    priority: 0,
    status: 1,
    daysAgo: 6,
  },
  {
    unit: 'harbourview/402',
    category: 'hvac',
    title: 'Annual heat pump inspection',
    description: 'Yearly inspection and filter change for the vacant suite before it is listed.',
    priority: 0,
    status: 3,
    daysAgo: 68,
    byManager: true,
  },
  {
    unit: 'queenwest/Unit 1',
    category: 'roofing',
    title: 'Shingles missing after wind storm',
    description: "Several shingles blew off the roof above the front porch in last night's wind storm.",
    priority: 1,
    status: 0,
    daysAgo: 0,
  },
  {
    unit: 'queenwest/Unit 2',
    category: 'plumbing',
    title: 'Basement floor drain backing up',
    description:
      'Water with a sewage smell comes up through the basement floor drain when the washer drains.',
    priority: 1,
    status: 1,
    daysAgo: 2,
  },
  {
    unit: 'queenwest/Unit 3',
    category: 'electrical',
    title: 'Doorbell not ringing',
    description: 'The doorbell button lights up when pressed but nothing sounds inside.',
    priority: 0,
    status: 0,
    daysAgo: 3,
  },
  {
    unit: 'cascade/Townhome 1',
    category: 'appliances',
    title: 'Oven not heating evenly',
    description: 'The back left corner of the oven burns everything while the front stays underdone.',
    priority: 0,
    status: 2,
    daysAgo: 15,
    meta: { 'Oven model': 'GE JB645RKSS' },
  },
  {
    unit: 'cascade/Townhome 2',
    category: 'hvac',
    title: 'Heat pump iced over',
    description: 'The outdoor heat pump unit is covered in ice and the house is not warming up.',
    priority: 1,
    status: 4,
    daysAgo: 19,
    cancelReason: 'The unit cleared itself after its defrost cycle and the tenant asked to cancel the visit.',
  },
  {
    unit: 'cascade/Townhome 2',
    category: 'general',
    title: 'Garage door opener not responding',
    description:
      'The garage door opener does not respond to the remote or the wall button. The light still works.',
    priority: 0,
    status: 0,
    daysAgo: 5,
  },
];

/**
 * The conversations on a few tickets (issue 25), by title: who writes (the ticket's tenant, its first contractor,
 * the landlord's manager), for whom, and how many hours after the ticket was opened. The tenant accounts of the
 * sign-in list see theirs at once (Riverside 101, Harbourview 301); staff and the contractors see more.
 */
const COMMENT_DATA: Record<
  string,
  { by: 'tenant' | 'contractor' | 'manager'; visibility: CommentVisibility; hours: number; body: string }[]
> = {
  'Leaking kitchen faucet': [
    {
      by: 'manager',
      visibility: 'everyone',
      hours: 5,
      body: 'Thanks for reporting this. Our plumber will get in touch to book a visit.',
    },
    {
      by: 'contractor',
      visibility: 'everyone',
      hours: 20,
      body: 'I can come by Thursday between 9 and 11 am. Please clear the cabinet under the sink.',
    },
    {
      by: 'tenant',
      visibility: 'everyone',
      hours: 22,
      body: 'Thursday morning works. The cabinet is cleared.',
    },
    {
      by: 'contractor',
      visibility: 'contractor',
      hours: 46,
      body: 'The cartridge is worn and the shut-off valve is corroded. I would replace both; the parts are about $85.',
    },
    { by: 'manager', visibility: 'contractor', hours: 48, body: 'Approved, please go ahead with both.' },
    {
      by: 'manager',
      visibility: 'staff',
      hours: 49,
      body: 'Third plumbing call at Riverside this year: ask the owner about new kitchen fixtures at the next turnover.',
    },
    {
      by: 'contractor',
      visibility: 'everyone',
      hours: 74,
      body: 'The parts arrive tomorrow; I will finish the repair then. Until then, keep the valve under the sink closed.',
    },
  ],
  'Dishwasher not draining': [
    {
      by: 'manager',
      visibility: 'everyone',
      hours: 3,
      body: 'Thanks, we have asked our appliance technician to take a look.',
    },
    { by: 'tenant', visibility: 'everyone', hours: 5, body: 'I am home all day Friday, if that helps.' },
  ],
  'Toilet keeps running after flushing': [
    {
      by: 'contractor',
      visibility: 'everyone',
      hours: 70,
      body: 'Replaced the flapper and adjusted the float. It should stop running now.',
    },
    { by: 'tenant', visibility: 'everyone', hours: 80, body: 'Works perfectly, thank you!' },
  ],
  'Air conditioning blowing warm air': [
    {
      by: 'tenant',
      visibility: 'everyone',
      hours: 2,
      body: 'It reaches 29 °C in the living room in the afternoon. Is there anything I can try meanwhile?',
    },
    {
      by: 'manager',
      visibility: 'everyone',
      hours: 4,
      body: 'Keep the blinds closed in the afternoon and check that the filter is clean. A technician is booked.',
    },
    {
      by: 'contractor',
      visibility: 'everyone',
      hours: 26,
      body: 'The refrigerant is low: there is a leak at the outdoor unit. I will be back on Monday with the part.',
    },
    {
      by: 'contractor',
      visibility: 'contractor',
      hours: 27,
      body: 'The outdoor unit is out of warranty; a new compressor may cost more than a new unit. Quote sent by email.',
    },
    {
      by: 'manager',
      visibility: 'staff',
      hours: 28,
      body: 'Waiting for a second quote before approving a replacement.',
    },
  ],
};

const CONTACT_DATA: { from: string; subject: string; message: string; daysAgo: number }[] = [
  {
    from: 'tenant@northwind.test',
    subject: 'Adding my partner to the account',
    message:
      'Hello, my partner moved in with me last month. Can they get their own login to follow our tickets? Thanks, Jane',
    daysAgo: 4,
  },
  {
    from: 'grace.kim@mail.test',
    subject: 'Text notifications not arriving',
    message:
      'I turned on SMS notifications for tickets but I did not get a text when my roof ticket was updated. Could you check my number?',
    daysAgo: 1,
  },
];

// ---------------------------------------------------------------------------------------------------------
// Seeding

/** mulberry32: a tiny deterministic PRNG giving floats in [0, 1). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function gmapsUrl(...parts: string[]): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(parts.join(', '))}`;
}

function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`demo seed: unknown ${what}`);
  return value;
}

/**
 * Fills an EMPTY database (or any database, with `truncateFirst`) with the demo data, in one transaction,
 * and returns the accounts to print. Fails and rolls back on a database that already holds demo emails.
 */
export async function seedDemo(db: Db, options: SeedDemoOptions = {}): Promise<DemoAccount[]> {
  // argon2 is deliberately slow: hash once, share the hash.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    if (options.truncateFirst) await truncateAllTables(tx);
    return seedInTransaction(tx, passwordHash, now);
  });
}

/** What every step of the seed shares: the transaction, the clock, its random numbers and the one password hash. */
interface Seeding {
  tx: Tx;
  now: number;
  /** The moment `days` (and `hours`) before now. */
  ago: (days: number, hours?: number) => Date;
  random: () => number;
  passwordHash: string;
}

interface UnitInfo {
  id: number;
  name: string;
  address: string;
  property: PropertyData;
  propertyId: number;
}

/** The ids the later steps look records up by. */
interface Seeded {
  landlordId: Map<LandlordKey, number>;
  categoryId: Map<CategoryKey, number>;
  propertyByKey: Map<string, { data: PropertyData; id: number }>;
  unitByRef: Map<string, UnitInfo>;
}

/** The demo's people as the tickets and messages name them. */
interface People {
  userId: (email: string) => number;
  nameOf: Map<number, string>;
}

async function seedInTransaction(tx: Tx, passwordHash: string, nowDate: Date): Promise<DemoAccount[]> {
  const now = nowDate.getTime();
  const seeding: Seeding = {
    tx,
    now,
    ago: (days, hours = 0) => new Date(now - days * DAY - hours * HOUR),
    random: prng(20_240_917),
    passwordHash,
  };
  const landlordId = await seedLandlords(seeding);
  const categoryId = await seedCategories(seeding);
  const { propertyByKey, unitByRef } = await seedPropertiesAndUnits(seeding, landlordId, categoryId);
  const seeded: Seeded = { landlordId, categoryId, propertyByKey, unitByRef };
  const people = await seedUsers(seeding, seeded);
  const ticketsSeeded = await seedTickets(seeding, seeded, people);
  await seedComments(seeding, ticketsSeeded);
  const assigned = await seedAssignments(seeding, ticketsSeeded, people);
  await seedSignoffs(seeding, seeded, ticketsSeeded);
  await seedMoney(seeding, seeded, assigned, people);
  await seedResponses(seeding);
  await seedSchedules(seeding, seeded, people);
  const notificationValues = [
    ...ticketNotifications(seeding, ticketsSeeded),
    ...(await seedContactMessages(seeding, people)),
  ];
  if (notificationValues.length > 0) await tx.insert(notifications).values(notificationValues);
  return demoAccounts();
}

async function seedLandlords({ tx, ago }: Seeding): Promise<Map<LandlordKey, number>> {
  const landlordKeys = Object.keys(LANDLORD_DATA) as LandlordKey[];
  const landlordRows = await tx
    .insert(landlords)
    .values(
      landlordKeys.map((key) => {
        const data = LANDLORD_DATA[key];
        const at = ago(data.createdDaysAgo);
        return { name: data.name, description: data.description, createdAt: at, updatedAt: at };
      }),
    )
    .returning({ id: landlords.id, name: landlords.name });
  return new Map<LandlordKey, number>(
    landlordKeys.map((key) => [
      key,
      must(
        landlordRows.find((r) => r.name === LANDLORD_DATA[key].name),
        key,
      ).id,
    ]),
  );
}

async function seedCategories({ tx, ago }: Seeding): Promise<Map<CategoryKey, number>> {
  const categoryRows = await tx
    .insert(categories)
    .values(
      ALL_CATEGORIES.map((key, i) => {
        const at = ago(170 - i);
        return {
          title: CATEGORY_DATA[key].title,
          description: CATEGORY_DATA[key].description,
          createdAt: at,
          updatedAt: at,
        };
      }),
    )
    .returning({ id: categories.id, title: categories.title });
  const categoryId = new Map<CategoryKey, number>(
    ALL_CATEGORIES.map((key) => [
      key,
      must(
        categoryRows.find((r) => r.title === CATEGORY_DATA[key].title),
        key,
      ).id,
    ]),
  );
  await tx.insert(categoryAttributes).values(
    ALL_CATEGORIES.flatMap((key) =>
      CATEGORY_DATA[key].attributes.map((attribute, position) => ({
        categoryId: categoryId.get(key)!,
        ...attribute,
        position,
      })),
    ),
  );
  return categoryId;
}

async function seedPropertiesAndUnits(
  { tx, ago }: Seeding,
  landlordId: Map<LandlordKey, number>,
  categoryId: Map<CategoryKey, number>,
): Promise<Pick<Seeded, 'propertyByKey' | 'unitByRef'>> {
  const propertyRows = await tx
    .insert(properties)
    .values(
      PROPERTY_DATA.map((p, i) => {
        const at = ago(140 - i * 3);
        return {
          landlordId: landlordId.get(p.landlord)!,
          name: p.name,
          description: p.description,
          gmapsUrl: gmapsUrl(p.address, p.city, `${p.province} ${p.postalCode}`),
          country: p.country,
          province: p.province,
          city: p.city,
          postalCode: p.postalCode,
          address: p.address,
          timeZone: p.timeZone,
          createdAt: at,
          updatedAt: at,
        };
      }),
    )
    .returning({ id: properties.id, name: properties.name });
  const propertyByKey = new Map(
    PROPERTY_DATA.map((p) => [
      p.key,
      {
        data: p,
        id: must(
          propertyRows.find((r) => r.name === p.name),
          p.key,
        ).id,
      },
    ]),
  );

  const unitRows = await tx
    .insert(units)
    .values(
      PROPERTY_DATA.flatMap((p, i) =>
        p.units.map((u, j) => {
          const at = ago(138 - i * 3, j);
          const address = `${u.name.match(/^\d+$/) ? `#${u.name}` : u.name}, ${p.address}`;
          return {
            propertyId: propertyByKey.get(p.key)!.id,
            name: u.name,
            description: u.description,
            gmapsUrl: gmapsUrl(p.address, p.city, `${p.province} ${p.postalCode}`),
            postalCode: p.postalCode,
            address,
            createdAt: at,
            updatedAt: at,
          };
        }),
      ),
    )
    .returning({ id: units.id, propertyId: units.propertyId, name: units.name, address: units.address });
  const unitByRef = new Map<string, UnitInfo>();
  for (const p of PROPERTY_DATA) {
    const propertyId = propertyByKey.get(p.key)!.id;
    for (const u of p.units) {
      const row = must(
        unitRows.find((r) => r.propertyId === propertyId && r.name === u.name),
        `unit ${p.key}/${u.name}`,
      );
      unitByRef.set(`${p.key}/${u.name}`, {
        id: row.id,
        name: row.name,
        address: row.address,
        property: p,
        propertyId,
      });
    }
  }
  await tx
    .insert(unitCategories)
    .values(
      [...unitByRef.values()].flatMap((unit) =>
        unit.property.categories.map((key) => ({ unitId: unit.id, categoryId: categoryId.get(key)! })),
      ),
    );
  return { propertyByKey, unitByRef };
}

/** The demo's users: the super admin, the managers, contractors and tenants, and one temporary tenant. */
function userValues({ ago, passwordHash }: Seeding, { landlordId, unitByRef }: Seeded): NewUserRow[] {
  const verified = (daysAgo: number) => ago(daysAgo, -1);
  const person = (
    p: PersonData,
    role: Role,
    createdDaysAgo: number,
    extra: Partial<NewUserRow> = {},
  ): NewUserRow => {
    const at = ago(createdDaysAgo);
    return {
      email: p.email,
      passwordHash,
      role,
      firstName: p.firstName,
      lastName: p.lastName,
      companyName: p.companyName ?? '',
      description: p.description ?? '',
      phoneNumber: p.phone,
      emailVerifiedAt: verified(createdDaysAgo),
      createdAt: at,
      updatedAt: at,
      ...extra,
    };
  };
  const landlordAddress = (key: LandlordKey) => {
    const p = must(
      PROPERTY_DATA.find((property) => property.landlord === key),
      key,
    );
    return {
      address1: p.address,
      country: p.country,
      province: p.province,
      city: p.city,
      postal: p.postalCode,
    };
  };

  return [
    person(SUPER_ADMIN, ROLE.superAdmin, 180, {
      username: SUPER_ADMIN.username,
      address1: '10220 103 Ave NW',
      country: 'Canada',
      province: 'Alberta',
      city: 'Edmonton',
      postal: 'T5J 0K4',
      notificationOptions: {
        ...DEFAULT_NOTIFICATION_OPTIONS,
        mail: { tickets: false, reminders: false, support: true },
      },
    }),
    ...MANAGERS.map((m, i) =>
      person(m, ROLE.manager, 150 - i, {
        landlordId: landlordId.get(m.landlord)!,
        ...landlordAddress(m.landlord),
        notificationOptions: {
          ...DEFAULT_NOTIFICATION_OPTIONS,
          mail: { tickets: true, reminders: true, support: true },
        },
      }),
    ),
    ...CONTRACTORS.map((c, i) =>
      person(c, ROLE.contractor, 130 - i, {
        landlordId: landlordId.get(c.landlord)!,
        ...landlordAddress(c.landlord),
        notificationOptions: {
          mail: { tickets: true, reminders: false, support: false },
          sms: { phone_number: c.phone, tickets: i % 2 === 0, reminders: false, support: false },
          phone: { phone_number: c.phone, tickets: false },
        },
      }),
    ),
    ...TENANTS.map((t, i) => {
      const unit = must(unitByRef.get(t.unit), t.unit);
      return person(t, ROLE.tenant, 120 - i * 2, {
        // The profile requires a company: a household renting a home gives its own name.
        companyName: t.companyName ?? `${t.firstName} ${t.lastName}`,
        landlordId: landlordId.get(unit.property.landlord)!,
        address1: unit.property.address,
        address2: unit.name,
        country: unit.property.country,
        province: unit.property.province,
        city: unit.property.city,
        postal: unit.property.postalCode,
        notificationOptions: {
          ...DEFAULT_NOTIFICATION_OPTIONS,
          mail: { tickets: true, reminders: false, support: true },
        },
      });
    }),
    (() => {
      const unit = must(unitByRef.get(TEMPORARY_TENANT.unit), TEMPORARY_TENANT.unit);
      const at = ago(2);
      return {
        username: TEMPORARY_TENANT.username,
        email: `${TEMPORARY_TENANT.username}@${TEMPORARY_EMAIL_DOMAIN}`,
        passwordHash,
        role: ROLE.tenant,
        firstName: TEMPORARY_TENANT.firstName,
        lastName: TEMPORARY_TENANT.lastName,
        companyName: `${TEMPORARY_TENANT.firstName} ${TEMPORARY_TENANT.lastName}`,
        phoneNumber: TEMPORARY_TENANT.phone,
        address1: unit.property.address,
        address2: unit.name,
        country: unit.property.country,
        province: unit.property.province,
        city: unit.property.city,
        postal: unit.property.postalCode,
        landlordId: landlordId.get(unit.property.landlord)!,
        emailVerifiedAt: null,
        createdAt: at,
        updatedAt: at,
      } satisfies NewUserRow;
    })(),
  ];
}

async function seedUsers(seeding: Seeding, seeded: Seeded): Promise<People> {
  const { tx } = seeding;
  const { categoryId, propertyByKey, unitByRef } = seeded;
  const userRows = await tx
    .insert(users)
    .values(userValues(seeding, seeded))
    .returning({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName });
  const userByEmail = new Map(userRows.map((u) => [u.email, u]));
  const userId = (email: string) => must(userByEmail.get(email), `user ${email}`).id;
  const nameOf = new Map(userRows.map((u) => [u.id, `${u.firstName} ${u.lastName}`.trim()]));

  await tx.insert(tenantUnits).values([
    ...TENANTS.map((t) => ({ userId: userId(t.email), unitId: unitByRef.get(t.unit)!.id })),
    {
      userId: userId(`${TEMPORARY_TENANT.username}@${TEMPORARY_EMAIL_DOMAIN}`),
      unitId: unitByRef.get(TEMPORARY_TENANT.unit)!.id,
    },
  ]);
  await tx.insert(contractorProperties).values(
    CONTRACTORS.flatMap((c) =>
      c.properties.map((key) => ({
        userId: userId(c.email),
        propertyId: must(propertyByKey.get(key), key).id,
      })),
    ),
  );
  await tx
    .insert(contractorCategories)
    .values(
      CONTRACTORS.flatMap((c) =>
        c.categories.map((key) => ({ userId: userId(c.email), categoryId: categoryId.get(key)! })),
      ),
    );
  return { userId, nameOf };
}

interface PlannedTicket {
  data: TicketData;
  unit: UnitInfo;
  tenantId: number | null;
  creatorId: number;
  contact: PersonData;
  recipients: number[];
  createdAt: Date;
  log: Omit<NewTicketLogRow, 'ticketId'>[];
  closedAt: Date | null;
  updatedAt: Date;
}

/** A ticket of the demo as it is to be stored: its people, its dates and its log. */
function planTicket(
  { ago, random, now }: Seeding,
  { unitByRef }: Seeded,
  { userId, nameOf }: People,
  data: TicketData,
): PlannedTicket {
  const unit = must(unitByRef.get(data.unit), data.unit);
  const landlord = unit.property.landlord;
  const manager = must(
    MANAGERS.find((m) => m.landlord === landlord),
    `manager of ${landlord}`,
  );
  const tenant = TENANTS.find((t) => t.unit === data.unit);
  const creator = data.byManager || !tenant ? manager : tenant;
  const creatorId = userId(creator.email);
  const contractors = CONTRACTORS.filter(
    (c) => c.properties.includes(unit.property.key) && c.categories.includes(data.category),
  );
  const managerId = userId(manager.email);
  const recipients = [...contractors.map((c) => userId(c.email)), managerId];
  const worker = contractors.length > 0 ? userId(contractors[0].email) : managerId;

  // Opened `daysAgo` days ago at a varied hour; tickets of today were opened 1 to 6 hours ago.
  const createdAt =
    data.daysAgo === 0 ? ago(0, 1 + Math.floor(random() * 5)) : ago(data.daysAgo, Math.floor(random() * 9));
  const log: Omit<NewTicketLogRow, 'ticketId'>[] = [
    {
      userId: creatorId,
      action: 'created',
      description: en.tickets.log.created,
      data: {},
      createdAt,
    },
    {
      userId: creatorId,
      action: 'routed',
      description: `Ticket sent to ${recipients.map((id) => nameOf.get(id)).join(', ')}`,
      data: { recipients },
      createdAt: new Date(createdAt.getTime() + MINUTE),
    },
  ];

  // Status history: Open -> Scheduled -> In Progress -> Completed, or a cancellation.
  const steps: { to: number; by: number; note?: string }[] = [];
  if (data.status === 4) {
    if (!data.cancelFromOpen) steps.push({ to: 1, by: worker });
    steps.push({ to: 4, by: creatorId, note: data.cancelReason });
  } else {
    for (let to = 1; to <= data.status; to++) steps.push({ to, by: worker });
  }
  // Roughly: scheduled within hours, work started a day later, finished two days after that;
  // squeezed to fit when the ticket is younger than that.
  const plannedOffsets = [4 * HOUR + 20 * MINUTE, 27 * HOUR, 75 * HOUR].slice(0, steps.length);
  const lastOffset = plannedOffsets[plannedOffsets.length - 1] ?? 0;
  const room = now - createdAt.getTime() - 10 * MINUTE;
  const scale = lastOffset > room ? room / lastOffset : 1;
  let from = 0;
  let lastAt = new Date(createdAt.getTime() + MINUTE);
  steps.forEach((step, i) => {
    const at = new Date(createdAt.getTime() + Math.round(plannedOffsets[i] * scale));
    const description = `Status changed from ${TICKET_STATUSES[from]} to ${TICKET_STATUSES[step.to]}`;
    log.push({
      userId: step.by,
      action: 'status_changed',
      description: step.note ? `${description}: ${step.note}` : description,
      data: { from, to: step.to },
      createdAt: at,
    });
    from = step.to;
    lastAt = at;
  });

  const contact = creator;
  return {
    data,
    unit,
    tenantId: data.byManager || !tenant ? null : userId(tenant.email),
    creatorId,
    contact,
    recipients,
    createdAt,
    log,
    closedAt: data.status >= FIRST_CLOSED_STATUS ? lastAt : null,
    updatedAt: lastAt,
  };
}

/** A ticket stored, with its id. */
type SeededTicket = PlannedTicket & { id: number };

async function seedTickets(seeding: Seeding, seeded: Seeded, people: People): Promise<SeededTicket[]> {
  const { tx } = seeding;
  const { categoryId } = seeded;
  const titles = new Set<string>();
  for (const data of TICKET_DATA) {
    if (titles.has(data.title)) throw new Error(`demo seed: duplicate ticket title ${data.title}`);
    titles.add(data.title);
  }
  const planned = TICKET_DATA.map((data) => planTicket(seeding, seeded, people, data));
  const ticketRows = await tx
    .insert(tickets)
    .values(
      planned.map((t) => ({
        unitId: t.unit.id,
        propertyId: t.unit.propertyId,
        tenantId: t.tenantId,
        createdBy: t.creatorId,
        title: t.data.title,
        description: t.data.description,
        priority: t.data.priority,
        status: t.data.status,
        meta: t.data.meta ?? {},
        contactFirstName: t.contact.firstName,
        contactLastName: t.contact.lastName,
        contactEmail: t.contact.email,
        contactPhoneNumber: t.contact.phone,
        closedAt: t.closedAt,
        createdAt: t.createdAt,
        updatedAt: t.updatedAt,
      })),
    )
    .returning({ id: tickets.id, title: tickets.title });
  const ticketIdByTitle = new Map(ticketRows.map((r) => [r.title, r.id]));
  const withIds = planned.map((t) => ({ ...t, id: must(ticketIdByTitle.get(t.data.title), t.data.title) }));

  await tx
    .insert(ticketCategories)
    .values(withIds.map((t) => ({ ticketId: t.id, categoryId: categoryId.get(t.data.category)! })));
  await tx.insert(ticketRecipients).values(
    withIds.flatMap((t) =>
      t.recipients.map((recipient) => ({
        ticketId: t.id,
        userId: recipient,
        ticketCreatedAt: t.createdAt,
      })),
    ),
  );
  await tx
    .insert(ticketLog)
    .values(withIds.flatMap((t) => t.log.map((entry) => ({ ...entry, ticketId: t.id }))));

  // Availability: one or two two-hour windows on the days after the ticket was opened,
  // 15:00 or 22:00 UTC (morning or afternoon across North American time zones).
  await tx.insert(ticketAvailability).values(
    withIds.flatMap((t, i) => {
      const day = Math.floor(t.createdAt.getTime() / DAY) * DAY;
      const windows = [
        { startsAt: new Date(day + DAY + 15 * HOUR), endsAt: new Date(day + DAY + 17 * HOUR) },
      ];
      if (i % 2 === 0) {
        windows.push({
          startsAt: new Date(day + 2 * DAY + 22 * HOUR),
          endsAt: new Date(day + 2 * DAY + 24 * HOUR),
        });
      }
      return windows.map((w) => ({ ticketId: t.id, ...w }));
    }),
  );
  return withIds;
}

/**
 * COMMENT_DATA's conversations. The contractor is the ticket's first (its recipients list its contractors, then
 * the manager); a comment is never later than a few minutes ago.
 */
async function seedComments({ tx, now }: Seeding, withIds: SeededTicket[]): Promise<void> {
  const values = Object.entries(COMMENT_DATA).flatMap(([title, comments]) => {
    const ticket = must(
      withIds.find((t) => t.data.title === title),
      `ticket ${title}`,
    );
    const manager = ticket.recipients[ticket.recipients.length - 1];
    const author = {
      tenant: must(ticket.tenantId ?? undefined, `tenant of ${title}`),
      contractor: must(
        ticket.recipients.length > 1 ? ticket.recipients[0] : undefined,
        `contractor of ${title}`,
      ),
      manager,
    };
    return comments.map((comment, i) => ({
      ticketId: ticket.id,
      userId: author[comment.by],
      body: comment.body,
      visibility: comment.visibility,
      createdAt: new Date(
        Math.min(ticket.createdAt.getTime() + comment.hours * HOUR, now - (comments.length - i) * 5 * MINUTE),
      ),
    }));
  });
  await tx.insert(ticketComments).values(values);
}

/**
 * Each ticket with a contractor is assigned to it (issue 25) right after it was routed: a ticket that got further
 * than Open was accepted a minute later; of the Open ones, every other one still waits for an answer (those past their
 * 48 hours with their managers already alerted), the others are nobody's yet.
 */
/** A ticket's assignment as the demo stored it. */
interface Assigned {
  ticket: SeededTicket;
  row: { contractorId: number; assignedBy: number; answeredAt: Date | null };
}

async function seedAssignments(
  { tx, now }: Seeding,
  withIds: SeededTicket[],
  { nameOf }: People,
): Promise<Assigned[]> {
  const withContractor = withIds.filter((t) => t.recipients.length > 1);
  const rows = withContractor.flatMap((t, i) => {
    const accepted = t.data.status > 0;
    if (!accepted && i % 2 === 1) return [];
    // Right after it was routed, before the work on it started (however young the ticket).
    const assignedAt = new Date(t.createdAt.getTime() + MINUTE + 1000);
    const respondBy = new Date(assignedAt.getTime() + ASSIGNMENT_RESPONSE_HOURS_DEFAULT * HOUR);
    return [
      {
        ticket: t,
        row: {
          ticketId: t.id,
          contractorId: t.recipients[0],
          state: accepted ? ('accepted' as const) : ('pending' as const),
          assignedBy: t.recipients[t.recipients.length - 1],
          assignedAt,
          respondBy,
          answeredAt: accepted ? new Date(assignedAt.getTime() + MINUTE) : null,
          alertedAt: !accepted && respondBy.getTime() <= now ? respondBy : null,
        },
      },
    ];
  });
  if (rows.length === 0) return [];
  await tx.insert(ticketAssignments).values(rows.map(({ row }) => row));
  for (const { row } of rows)
    await tx
      .update(ticketRecipients)
      .set({ assigned: true })
      .where(and(eq(ticketRecipients.ticketId, row.ticketId), eq(ticketRecipients.userId, row.contractorId)));
  // A ticket Scheduled or In Progress has its visit booked in the tenant's first window (the calendar's weeks).
  const visits = rows
    .filter(({ ticket }) => ticket.data.status === 1 || ticket.data.status === 2)
    .map(({ ticket, row }) => {
      const day = Math.floor(ticket.createdAt.getTime() / DAY) * DAY;
      const startsAt = new Date(day + DAY + 15 * HOUR);
      return {
        ticketId: row.ticketId,
        contractorId: row.contractorId,
        propertyId: ticket.unit.propertyId,
        state: 'booked' as const,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 2 * HOUR),
        inWindow: true,
        createdAt: new Date(row.assignedAt.getTime() + 2 * MINUTE),
        // Reminders whose time has passed count as sent, so the worker does not send them at the first start.
        remindedDayBeforeAt: startsAt.getTime() - DAY <= now ? new Date(startsAt.getTime() - DAY) : null,
        remindedHourBeforeAt: startsAt.getTime() - HOUR <= now ? new Date(startsAt.getTime() - HOUR) : null,
      };
    });
  if (visits.length > 0) await tx.insert(ticketVisits).values(visits);
  const a = en.tickets.assignment.log;
  await tx.insert(ticketLog).values(
    rows.flatMap(({ row }) => {
      const name = nameOf.get(row.contractorId) ?? '';
      const lines = [
        {
          ticketId: row.ticketId,
          userId: row.assignedBy,
          action: 'assigned',
          description: format(a.assigned, { name }),
          data: { contractor: row.contractorId },
          createdAt: row.assignedAt,
        },
      ];
      if (row.answeredAt)
        lines.push({
          ticketId: row.ticketId,
          userId: row.contractorId,
          action: 'assignment_accepted',
          description: format(a.accepted, { name }),
          data: { contractor: row.contractorId },
          createdAt: row.answeredAt,
        });
      return lines;
    }),
  );
  return rows;
}

/** The ratings and comments of the demo's confirmed repairs, in the order of its completed tickets. */
const DEMO_RATINGS: { rating: number; comment: string }[] = [
  { rating: 5, comment: 'Quick and tidy, thank you!' },
  { rating: 4, comment: '' },
  { rating: 2, comment: 'Fixed, but it took three visits.' },
  { rating: 5, comment: '' },
];

/** Each landlord's owner contacts (issue 26), who approve by a signed link the estimates above its limit. */
const DEMO_OWNERS: Record<LandlordKey, { name: string; email: string; phoneNumber: string }[]> = {
  northwind: [
    { name: 'Margaret Lindqvist', email: 'margaret.lindqvist@owners.test', phoneNumber: '780-555-0142' },
    { name: 'Thomas Lindqvist', email: 'thomas.lindqvist@owners.test', phoneNumber: '' },
  ],
  mapleleaf: [{ name: 'Priya Raman', email: 'priya.raman@owners.test', phoneNumber: '604-555-0188' }],
};

/** A job's estimate above the default approval limit: the one the demo's owners are waiting to approve. */
const ABOVE_LIMIT_LINES = { labour: 48_000, parts: 21_000 };
const DEMO_TAX_RATE = 0.05;

/**
 * Money (issue 26): each landlord's owners, and the estimates and invoices of its accepted jobs as a manager meets
 * them. Work under way or done had its estimate approved by the manager; a done job was invoiced when it was
 * completed, paid a week later except the latest, still unpaid. Of the jobs only scheduled, the first waits for the
 * manager's approval and the second, above the limit, for an owner's.
 */
async function seedMoney(
  { tx, now }: Seeding,
  { landlordId }: Seeded,
  assigned: Assigned[],
  { nameOf }: People,
): Promise<void> {
  await tx.insert(landlordOwners).values(
    (Object.keys(DEMO_OWNERS) as LandlordKey[]).flatMap((key) =>
      DEMO_OWNERS[key].map((owner, position) => ({
        landlordId: must(landlordId.get(key), key),
        name: owner.name,
        email: owner.email,
        phoneNumber: owner.phoneNumber,
        position,
      })),
    ),
  );
  const before = (at: number) => new Date(Math.min(at, now - MINUTE));
  const accepted = assigned.filter(({ row }) => row.answeredAt !== null);
  const latestCompleted = accepted
    .filter(({ ticket }) => ticket.data.status === STATUS.completed)
    .sort((a, b) => (b.ticket.closedAt?.getTime() ?? 0) - (a.ticket.closedAt?.getTime() ?? 0))[0]?.ticket.id;
  let scheduledSeen = 0;
  const c = en.costs;
  for (const { ticket, row } of accepted) {
    const status = ticket.data.status;
    const waiting = status === STATUS.scheduled ? ['pending', 'awaiting_owner'][scheduledSeen++] : undefined;
    if (status !== STATUS.inProgress && status !== STATUS.completed && waiting === undefined) continue;
    const lines =
      waiting === 'awaiting_owner'
        ? ABOVE_LIMIT_LINES
        : {
            labour: 9_000 + ((ticket.id * 7_919) % 17) * 1_500,
            parts: 2_500 + ((ticket.id * 104_729) % 11) * 1_000,
          };
    const subtotal = lines.labour + lines.parts;
    const tax = Math.round(subtotal * DEMO_TAX_RATE);
    const total = moneyText(subtotal + tax, 'CAD');
    const contractor = nameOf.get(row.contractorId) ?? '';
    const manager = nameOf.get(row.assignedBy) ?? '';
    const answeredAt = (row.answeredAt as Date).getTime();
    const sentAt = before(answeredAt + 30 * MINUTE);
    const decidedAt = before(answeredAt + 3 * HOUR);
    const costs: {
      kind: 'estimate' | 'invoice';
      at: Date;
      values: Partial<typeof ticketCosts.$inferInsert>;
    }[] = [
      {
        kind: 'estimate',
        at: sentAt,
        values:
          waiting === undefined
            ? { state: 'approved', decidedBy: row.assignedBy, decidedByName: manager, decidedAt }
            : waiting === 'awaiting_owner'
              ? {
                  state: 'awaiting_owner',
                  ownerAskedAt: sentAt,
                  // Reminders whose time has passed count as sent, as the visits' do.
                  ownerReminders: OWNER_REMINDER_HOURS.filter(
                    (hours) => sentAt.getTime() + hours * HOUR <= now,
                  ).length,
                }
              : { state: 'pending' },
      },
    ];
    if (status === STATUS.completed && ticket.closedAt) {
      const paidAt = before(ticket.closedAt.getTime() + 7 * DAY);
      costs.push({
        kind: 'invoice',
        at: ticket.closedAt,
        values:
          ticket.id === latestCompleted
            ? { state: 'unpaid' }
            : {
                state: 'paid',
                paidOn: zonedToday(ticket.unit.property.timeZone, paidAt),
                decidedBy: row.assignedBy,
                decidedByName: manager,
                decidedAt: paidAt,
              },
      });
    }
    for (const cost of costs) {
      const [stored] = await tx
        .insert(ticketCosts)
        .values({
          ticketId: ticket.id,
          kind: cost.kind,
          contractorId: row.contractorId,
          currency: 'CAD',
          subtotalCents: subtotal,
          taxCents: tax,
          totalCents: subtotal + tax,
          state: 'pending',
          ...cost.values,
          createdAt: cost.at,
          updatedAt: cost.values.decidedAt ?? cost.at,
        })
        .returning({ id: ticketCosts.id });
      await tx.insert(ticketCostLines).values([
        { costId: stored.id, position: 0, kind: 'labour', description: 'Labour', amountCents: lines.labour },
        {
          costId: stored.id,
          position: 1,
          kind: 'parts',
          description: 'Parts and materials',
          amountCents: lines.parts,
        },
      ]);
      const data = { cost_id: stored.id, visibility: 'contractor' };
      const log: NewTicketLogRow[] = [
        {
          ticketId: ticket.id,
          userId: row.contractorId,
          action: `${cost.kind}_submitted`,
          description: format(c.log[cost.kind], { total, name: contractor }),
          data,
          createdAt: cost.at,
        },
      ];
      const { state, decidedAt: at, paidOn } = cost.values;
      if (state === 'approved' && at)
        log.push({
          ticketId: ticket.id,
          userId: row.assignedBy,
          action: 'estimate_approved',
          description: format(c.log.approved, { total, name: manager }),
          data,
          createdAt: at,
        });
      if (state === 'paid' && at && paidOn)
        log.push({
          ticketId: ticket.id,
          userId: row.assignedBy,
          action: 'invoice_paid',
          description: format(c.log.paid, { total, date: dateText(paidOn), name: manager }),
          data,
          createdAt: at,
        });
      if (state === 'awaiting_owner')
        log.push({
          ticketId: ticket.id,
          userId: null,
          action: 'estimate_awaiting_owner',
          description: format(c.log.awaitingOwner, {
            total,
            limit: moneyText(APPROVAL_LIMIT_DEFAULT_CENTS, 'CAD'),
          }),
          data,
          createdAt: cost.at,
        });
      await tx.insert(ticketLog).values(log);
    }
  }
}

/**
 * Each ticket's first response (issue 26): when its status first changed or a contractor was first assigned, as its
 * log says. Its due times come from its landlord's targets (the tickets' trigger); the breaches already past are
 * the due-work worker's to alert when the app starts, as they would be.
 */
async function seedResponses({ tx }: Seeding): Promise<void> {
  await tx.execute(sql`update tickets t set responded_at = coalesce((select min(l.created_at) from ticket_log l
    where l.ticket_id = t.id and l.action in ('status_changed', 'assigned')),
    case when t.status <> 0 then t.created_at end)`);
}

/**
 * Recurring work (issue 26): a unit's monthly furnace filter and the whole property's yearly gutter cleaning and
 * quarterly fire-alarm test, planned by the landlord's manager. Their next dates come from today; the due-work worker
 * creates their tickets as they come within their lead days.
 */
async function seedSchedules({ tx, ago, now }: Seeding, seeded: Seeded, { userId }: People): Promise<void> {
  const manager = userId('manager@northwind.test');
  const riverside = must(seeded.propertyByKey.get('riverside'), 'riverside');
  const unit = must(seeded.unitByRef.get('riverside/101'), 'riverside/101');
  const category = (key: CategoryKey) => must(seeded.categoryId.get(key), key);
  const startsOn = zonedToday(riverside.data.timeZone, ago(60));
  const plans = [
    {
      unitId: unit.id,
      title: 'Replace the furnace filter',
      categoryId: category('hvac'),
      frequency: 'monthly',
      interval: 1,
      monthDay: 1,
      month: null,
      leadDays: 7,
    },
    {
      unitId: null,
      title: 'Clean the gutters and downspouts',
      categoryId: category('general'),
      frequency: 'yearly',
      interval: 1,
      monthDay: 15,
      month: 10,
      leadDays: 14,
    },
    {
      unitId: null,
      title: 'Test the fire alarms',
      categoryId: category('electrical'),
      frequency: 'monthly',
      interval: 3,
      monthDay: LAST_DAY_OF_MONTH,
      month: null,
      leadDays: 7,
    },
  ] as const;
  await tx.insert(schedules).values(
    plans.map((plan) => {
      const recurrence = {
        frequency: plan.frequency,
        interval: plan.interval,
        weekday: null,
        month_day: plan.monthDay,
        month: plan.month,
        starts_on: startsOn,
        ends_on: null,
      };
      return {
        propertyId: riverside.id,
        unitId: plan.unitId,
        title: plan.title,
        categoryId: plan.categoryId,
        frequency: plan.frequency,
        interval: plan.interval,
        monthDay: plan.monthDay,
        month: plan.month,
        startsOn,
        leadDays: plan.leadDays,
        nextOn: occurrenceOnOrAfter(recurrence, zonedToday(riverside.data.timeZone, new Date(now))),
        createdBy: manager,
        createdAt: ago(60),
        updatedAt: ago(60),
      };
    }),
  );
}

/**
 * Each completed ticket with a tenant asked the tenant to sign it off (issue 25) when it was completed: the most
 * recently completed one still waits for the answer, the others were confirmed and rated an hour later, about the
 * contractor that held the job. The ratings' totals follow from the sign-offs' trigger.
 */
async function seedSignoffs(
  { tx, now }: Seeding,
  { landlordId }: Seeded,
  withIds: SeededTicket[],
): Promise<void> {
  const completed = withIds
    .filter((t) => t.data.status === STATUS.completed && t.tenantId !== null && t.closedAt !== null)
    .sort((a, b) => (b.closedAt?.getTime() ?? 0) - (a.closedAt?.getTime() ?? 0));
  if (completed.length === 0) return;
  const holders = new Map(
    (
      await tx
        .select({ ticketId: ticketAssignments.ticketId, contractorId: ticketAssignments.contractorId })
        .from(ticketAssignments)
        .where(eq(ticketAssignments.state, 'accepted'))
    ).map((row) => [row.ticketId, row.contractorId]),
  );
  const s = en.tickets.signoff.log;
  for (const [i, t] of completed.entries()) {
    const askedAt = t.closedAt as Date;
    const answer = i === 0 ? null : DEMO_RATINGS[(i - 1) % DEMO_RATINGS.length];
    const answeredAt = answer ? new Date(Math.min(askedAt.getTime() + HOUR, now - MINUTE)) : null;
    await tx.insert(ticketSignoffs).values({
      ticketId: t.id,
      tenantId: t.tenantId,
      contractorId: holders.get(t.id) ?? null,
      landlordId: must(landlordId.get(t.unit.property.landlord), t.unit.property.landlord),
      state: answer ? 'confirmed' : 'asked',
      askedAt,
      answeredAt,
      rating: answer?.rating ?? null,
      comment: answer?.comment ?? '',
    });
    const lines: NewTicketLogRow[] = [
      {
        ticketId: t.id,
        userId: null,
        action: 'signoff_asked',
        description: s.asked,
        data: {},
        createdAt: askedAt,
      },
    ];
    if (answer && answeredAt)
      lines.push({
        ticketId: t.id,
        userId: t.tenantId,
        action: 'signoff_confirmed',
        description: format(s.confirmed, { rating: answer.rating, max: RATING_MAX }),
        data: {},
        createdAt: answeredAt,
      });
    await tx.insert(ticketLog).values(lines);
  }
}

/** Recipients hear about tickets of the last week (unread for the last three days); tenants hear about status
 * changes of the last week. */
function ticketNotifications({ now }: Seeding, withIds: SeededTicket[]): NewNotificationRow[] {
  const notificationValues: NewNotificationRow[] = [];
  for (const t of withIds) {
    const subtitle = `${t.unit.property.name} · ${t.unit.name}`;
    if (now - t.createdAt.getTime() <= 7 * DAY) {
      for (const recipient of t.recipients) {
        notificationValues.push({
          userId: recipient,
          ticketId: t.id,
          link: `/tickets/${t.id}`,
          title: t.data.priority === 1 ? 'New high-priority ticket' : 'New ticket',
          subtitle,
          description: t.data.title,
          viewedAt: now - t.createdAt.getTime() > 3 * DAY ? new Date(t.createdAt.getTime() + 2 * HOUR) : null,
          createdAt: t.createdAt,
        });
      }
    }
    const lastChange = t.log.findLast((entry) => entry.action === 'status_changed');
    if (t.tenantId !== null && lastChange?.createdAt && now - lastChange.createdAt.getTime() <= 7 * DAY) {
      notificationValues.push({
        userId: t.tenantId,
        ticketId: t.id,
        link: `/tickets/${t.id}`,
        title: 'Ticket status updated',
        subtitle,
        description: `${t.data.title}: ${lastChange.description.replace(/:.*$/, '')}`,
        viewedAt: null,
        createdAt: lastChange.createdAt,
      });
    }
  }
  return notificationValues;
}

/** The contact-form messages, each notifying the super admin: answers those notifications. */
async function seedContactMessages(
  { tx, ago }: Seeding,
  { userId, nameOf }: People,
): Promise<NewNotificationRow[]> {
  const notificationValues: NewNotificationRow[] = [];
  const contactRows = await tx
    .insert(contactSubmissions)
    .values(
      CONTACT_DATA.map((c) => {
        const sender = must(
          [...TENANTS, ...MANAGERS].find((p) => p.email === c.from),
          c.from,
        );
        const meta: ContactSubmissionMeta = {
          email: sender.email,
          company_name: sender.companyName ?? '',
          first_name: sender.firstName,
          last_name: sender.lastName,
          phone_number: sender.phone,
        };
        return {
          userId: userId(c.from),
          subject: c.subject,
          message: c.message,
          meta,
          createdAt: ago(c.daysAgo, 3),
        };
      }),
    )
    .returning({
      id: contactSubmissions.id,
      subject: contactSubmissions.subject,
      createdAt: contactSubmissions.createdAt,
    });
  const adminId = userId(SUPER_ADMIN.email);
  for (const c of contactRows) {
    const source = must(
      CONTACT_DATA.find((d) => d.subject === c.subject),
      c.subject,
    );
    notificationValues.push({
      userId: adminId,
      contactId: c.id,
      link: `/contact/${c.id}`,
      title: 'New contact message',
      subtitle: nameOf.get(userId(source.from)) ?? '',
      description: c.subject,
      viewedAt: source.daysAgo > 2 ? new Date(c.createdAt.getTime() + HOUR) : null,
      createdAt: c.createdAt,
    });
  }
  return notificationValues;
}

/** The demo sign-in accounts (one per role at least), printed at start-up and listed in the README. */
export function demoAccounts(): DemoAccount[] {
  const account = (role: Role, p: PersonData, note?: string): DemoAccount => ({
    role,
    roleName: roleName(role),
    name: `${p.firstName} ${p.lastName}`,
    login: p.email,
    password: DEMO_PASSWORD,
    ...(note ? { note } : {}),
  });
  const tenantOf = (email: string) =>
    must(
      TENANTS.find((t) => t.email === email),
      email,
    );
  const contractorOf = (email: string) =>
    must(
      CONTRACTORS.find((c) => c.email === email),
      email,
    );
  return [
    account(ROLE.superAdmin, SUPER_ADMIN, `username "${SUPER_ADMIN.username}"`),
    ...MANAGERS.map((m) => account(ROLE.manager, m, LANDLORD_DATA[m.landlord].name)),
    account(ROLE.tenant, tenantOf('tenant@northwind.test'), 'Riverside Commons, unit 101'),
    account(ROLE.tenant, tenantOf('tenant@mapleleaf.test'), 'Harbourview Apartments, unit 301'),
    account(ROLE.contractor, contractorOf('plumber@northwind.test'), 'Plumbing, Northwind'),
    account(ROLE.contractor, contractorOf('electrician@northwind.test'), 'Electrical, Northwind'),
    account(ROLE.contractor, contractorOf('hvac@mapleleaf.test'), 'HVAC and Appliances, Maple Leaf'),
    {
      role: ROLE.tenant,
      roleName: roleName(ROLE.tenant),
      name: TEMPORARY_TENANT.username,
      login: TEMPORARY_TENANT.username,
      password: DEMO_PASSWORD,
      note: 'temporary account: signing in with the username opens account activation',
    },
  ];
}
