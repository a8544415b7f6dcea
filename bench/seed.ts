/**
 * npm run bench:seed -- --scale full|small [--database-url URL | --pglite DIR] [--drop] [--comments]
 *
 * Fills a FRESH database with a realistic property-management portfolio, set-based (INSERT ... SELECT
 * generate_series: a handful of statements, never one round trip per row):
 *
 *                        full        small (PGlite)
 *   landlords            2,000       200          10 properties each, 10 units per property
 *   properties           20,000      2,000
 *   units                200,000     20,000
 *   users                250,000     25,000       1 super admin; per landlord 2 managers and 4 contractors
 *                                                 (each on all 10 properties, 3 of the 12 categories);
 *                                                 the rest tenants (every unit has one, some two)
 *   tickets              1,000,000   100,000      3 years of history, newest open, older ones closed
 *   ticket_categories    1 per ticket (the category follows the title)
 *   ticket_recipients    3 per ticket (the matching contractor and the landlord's two managers)
 *   ticket_assignments   60% of tickets, to their contractor: closed ones accepted; open ones 30% waiting for an
 *                        answer (alerted once past their 48 hours), 60% accepted, 10% declined
 *   ticket_visits        one booked visit of 2 hours for each accepted ticket that got past Open, a day after the
 *                        answer (reminders recorded as sent when their time has passed): the calendar's weeks
 *   ticket_signoffs      1 per completed ticket with a tenant: asked for the last two days' completions, else
 *                        confirmed with a rating (mostly 4 and 5; contractor_ratings and landlord_ratings total them)
 *   ticket_log           ~2.9 per ticket (created, routed, status changed)
 *   notifications        1 per ticket (one of the recipients; older ones viewed)
 *   contact_submissions  1 per 50 tickets (20,000 full), from tenants
 *   outbox_messages      1 per notification (email, SMS for contractors; sent, the last hour pending, 2% failed)
 *   ticket_comments      ~1.4 per ticket (none for 39%, 1-3 for 60%, 20-40 for 1%; 300 on each ticket the bench
 *                        reads as a role), by the ticket's tenant, contractor and managers, everyone/contractor/staff
 *   ticket_comment_files 1 or 2 on ~8% of comments (rows only: no files on disk)
 *   ticket_costs         an estimate per accepted job, an invoice per completed one (paid); 1 line each
 *   schedules            3 per property (a unit's monthly, the whole property's quarterly and yearly)
 *   webhook_endpoints    1 per tenth landlord (landlord 1 among them), every event
 *   webhook_deliveries   1 per ticket of those landlords (its creation, sent; 100,000 full), with its outbox message
 *
 * PostgreSQL: (re)creates the database (default mend_bench on 127.0.0.1; the name must contain "bench"),
 * migrates it with the app's migrateDatabase, drops the secondary indexes and foreign keys, loads, then
 * rebuilds exactly the same indexes and constraints (what pg_restore does: far faster than maintaining
 * them row by row, and the constraints still validate every row), and runs VACUUM ANALYZE.
 * --pglite DIR seeds an on-disk PGlite database instead, at small scale. --comments writes only the comments again,
 * into an existing bench database (the rest kept).
 *
 * Every user's password is the one written to bench/.accounts.json (hashed once with hashPassword).
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { PGlite } from '@electric-sql/pglite';
import { en, TARGET_HOURS_DEFAULT, TICKET_STATUSES, WEBHOOK_EVENTS } from '@mend/shared';
import pg from 'pg';
import { type DatabaseHandle, migrateDatabase, openDatabase } from '../apps/server/src/db/client';
import { DEFAULT_NOTIFICATION_OPTIONS } from '../apps/server/src/db/schema';
import { hashPassword } from '../apps/server/src/lib/password';
import {
  ACCOUNTS_FILE,
  type AccountsFile,
  assertBenchDatabase,
  DEFAULT_DATABASE_URL,
  describeTarget,
  dropPostgresDatabase,
  int,
  isDisposablePgliteDir,
  machineLine,
  maintenanceUrl,
  REPO_ROOT,
  readAccounts,
  sameTarget,
  seconds,
  type Target,
  table,
  uptimeLine,
} from './lib';

// ---------------------------------------------------------------------------------------------------------
// Options

const { values: args } = parseArgs({
  options: {
    scale: { type: 'string' },
    'database-url': { type: 'string' },
    pglite: { type: 'string' },
    drop: { type: 'boolean', default: false },
    'index-jobs': { type: 'string', default: '2' },
    comments: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (args.help) {
  console.log(`npm run bench:seed -- --scale full|small [--database-url URL | --pglite DIR] [--drop] [--comments] [--index-jobs 2]
  --scale         full: 1,000,000 tickets (PostgreSQL); small: 100,000 (default with --pglite)
  --database-url  PostgreSQL database to (re)create (default ${DEFAULT_DATABASE_URL}); its name must contain "bench"
  --pglite DIR    seed an on-disk PGlite database in DIR (small scale) instead
  --drop          only drop the bench database (or delete the PGlite folder) and exit
  --comments      only write the tickets' comments again, in the existing bench database (~1 minute at full scale)
  --index-jobs    indexes rebuilt at once on PostgreSQL (default 2)`);
  process.exit(0);
}

const PASSWORD = 'Bench-pass-2025!';

const SCALES = {
  full: { landlords: 2_000, users: 250_000, tickets: 1_000_000 },
  small: { landlords: 200, users: 25_000, tickets: 100_000 },
} as const;
type ScaleName = keyof typeof SCALES;

const PROPERTIES_PER_LANDLORD = 10;
const UNITS_PER_PROPERTY = 10;
/** One landlord in this many has a webhook (landlord 1, the bench manager's, among them). */
const WEBHOOK_LANDLORD_EVERY = 10;
const MANAGERS_PER_LANDLORD = 2;
const CONTRACTORS_PER_LANDLORD = 4;
const CATEGORIES_PER_CONTRACTOR = 3;
/** Tickets span this many days, evenly, ending now. */
const HISTORY_DAYS = 3 * 365;
/** One contact message per this many tickets. */
const CONTACTS_PER_TICKETS = 50;
const CONTACT_SUBJECTS = [
  'Question about my invoice',
  'Cannot upload a photo',
  'How do I add a second tenant',
  'Notification emails not arriving',
  'Request for a new feature',
  'Problem signing in on my phone',
];

// ---------------------------------------------------------------------------------------------------------
// Realistic words

const FIRST_NAMES = [
  'Olivia',
  'Liam',
  'Emma',
  'Noah',
  'Ava',
  'Lucas',
  'Sophia',
  'Ethan',
  'Mia',
  'Mason',
  'Amelia',
  'Logan',
  'Harper',
  'James',
  'Evelyn',
  'Benjamin',
  'Abigail',
  'Jacob',
  'Emily',
  'William',
  'Ella',
  'Owen',
  'Chloe',
  'Daniel',
  'Grace',
  'Henry',
  'Zoe',
  'Samuel',
  'Nora',
  'David',
  'Hannah',
  'Ryan',
  'Leah',
  'Nathan',
  'Aria',
  'Jack',
  'Layla',
  'Isaac',
  'Maya',
  'Gabriel',
  'Priya',
  'Arjun',
  'Mei',
  'Wei',
  'Fatima',
  'Omar',
  'Sofia',
  'Mateo',
];
const LAST_NAMES = [
  'Smith',
  'Brown',
  'Tremblay',
  'Martin',
  'Roy',
  'Wilson',
  'MacDonald',
  'Gagnon',
  'Johnson',
  'Taylor',
  'Campbell',
  'Anderson',
  'Jones',
  'Leblanc',
  'Lee',
  'White',
  'Williams',
  'Thompson',
  'Moore',
  'Scott',
  'Stewart',
  'Young',
  'Clarke',
  'Walker',
  'Robinson',
  'Wright',
  'King',
  'Hall',
  'Green',
  'Baker',
  'Adams',
  'Nelson',
  'Hill',
  'Murphy',
  'Reid',
  'Patel',
  'Singh',
  'Nguyen',
  'Chen',
  'Wong',
  'Kim',
  'Garcia',
  'Lopez',
  'Morin',
  'Cote',
  'Fraser',
  'Ross',
  'Hughes',
];
const LANDLORD_SUFFIXES = ['Properties', 'Realty', 'Holdings', 'Property Management', 'Rentals', 'Living'];
const PROPERTY_NAMES = [
  'Maple',
  'Birch',
  'Cedar',
  'Willow',
  'Aspen',
  'Riverside',
  'Parkview',
  'Lakeside',
  'Highland',
  'Summit',
  'Heritage',
  'Westwood',
  'Eastgate',
  'Northridge',
  'Southpark',
  'Garneau',
  'Oliver',
  'Glenora',
  'Bonnie Doon',
  'Strathcona',
  'Meadow',
  'Prairie',
  'Harbour',
  'Juniper',
  'Spruce',
];
const PROPERTY_SUFFIXES = [
  'Apartments',
  'Court',
  'Gardens',
  'Residences',
  'Lofts',
  'Place',
  'Towers',
  'Commons',
];
const STREETS = [
  'Jasper',
  'Whyte',
  'Portage',
  'Main',
  'King',
  'Queen',
  'Yonge',
  'Granville',
  'Robson',
  'Elm',
  'Oak',
];
const STREET_TYPES = ['Avenue', 'Street', 'Road', 'Boulevard', 'Drive', 'Crescent'];
const CITIES: [string, string][] = [
  ['Edmonton', 'AB'],
  ['Calgary', 'AB'],
  ['Red Deer', 'AB'],
  ['Lethbridge', 'AB'],
  ['Vancouver', 'BC'],
  ['Victoria', 'BC'],
  ['Saskatoon', 'SK'],
  ['Regina', 'SK'],
  ['Winnipeg', 'MB'],
  ['Toronto', 'ON'],
  ['Ottawa', 'ON'],
  ['Halifax', 'NS'],
];
const CATEGORIES = [
  ['Plumbing', 'Leaks, drains, toilets, water heaters'],
  ['Electrical', 'Outlets, lighting, breakers'],
  ['HVAC', 'Heating, ventilation and air conditioning'],
  ['Appliances', 'Fridges, stoves, dishwashers, laundry'],
  ['Roofing', 'Roofs, gutters, skylights'],
  ['General Repairs', 'Cabinets, drywall, fixtures'],
  ['Pest Control', 'Rodents, insects'],
  ['Locks & Keys', 'Locks, keys, fobs, mailboxes'],
  ['Windows & Doors', 'Glass, frames, patio and entry doors'],
  ['Flooring', 'Tiles, carpet, hardwood'],
  ['Painting', 'Interior and exterior paint'],
  ['Landscaping', 'Lawns, hedges, snow clearing'],
];
/** Ticket titles and the category (1-based) each belongs to; 4 of 30 mention a leak. */
const TITLES: [string, number][] = [
  ['Leaking kitchen faucet', 1],
  ['Water leak under bathroom sink', 1],
  ['Toilet keeps running after flushing', 1],
  ['Clogged shower drain', 1],
  ['No hot water', 1],
  ['Bathroom outlet not working', 2],
  ['Flickering lights in kitchen', 2],
  ['Breaker keeps tripping', 2],
  ['No heat in bedroom', 3],
  ['Furnace making loud banging noise', 3],
  ['Air conditioner not cooling', 3],
  ['Dishwasher not draining', 4],
  ['Dryer needs three cycles to dry a load', 4],
  ['Fridge leaking water on the floor', 4],
  ['Oven element not heating', 4],
  ['Roof leak above living room', 5],
  ['Missing shingles after storm', 5],
  ['Kitchen cabinet door hanging loose', 6],
  ['Hole in hallway drywall', 6],
  ['Mice in storage room', 7],
  ['Ants in kitchen', 7],
  ['Front door deadbolt sticking', 8],
  ['Lost mailbox key', 8],
  ['Cracked bedroom window', 9],
  ['Patio door off its track', 9],
  ['Loose floor tiles in hallway', 10],
  ['Carpet stained by water damage', 10],
  ['Peeling paint in bathroom', 11],
  ['Snow not cleared from walkway', 12],
  ['Overgrown hedges blocking the path', 12],
];
const DESCRIPTIONS_A = [
  'It started a few days ago and is getting worse.',
  'This happens mostly in the evenings.',
  'There is water pooling on the floor, possibly from a slow leak.',
  'I noticed it this morning when I got up.',
  'It has been like this since we moved in.',
  'The problem comes and goes.',
  'A neighbour mentioned the same issue last month.',
  'It makes a loud noise every few minutes.',
  'We tried resetting it but nothing changed.',
  'The previous repair did not hold.',
  'It is affecting the unit below as well.',
  'Nothing visible from the outside.',
];
const DESCRIPTIONS_B = [
  'Please call before coming.',
  'Weekday mornings work best for access.',
  'There is a dog in the unit; it is friendly.',
  'The entry code is at the front desk.',
  'Any time after 5 pm is fine.',
  'Please text when you are on the way.',
  'I work from home, so most days are fine.',
  'Please use the side entrance.',
];

/** What a ticket's conversation says, by who writes it and for whom (comment visibility, DESIGN.md). */
const COMMENTS = {
  /** The tenant, to everyone on the ticket. */
  tenant: [
    'Thanks, Tuesday morning works for me.',
    'It is still leaking a little after the last visit.',
    'I will leave the key with the front desk.',
    'Could you let me know roughly what time you will arrive?',
    'The noise started again last night.',
    'It is worse near the window now, photo attached.',
    'Is there an update on this?',
    'All good now, thank you for the quick fix!',
  ],
  /** The contractor, to everyone. */
  contractor: [
    'I can come by tomorrow between 9 and 11.',
    'Parts are ordered; they should arrive by Friday.',
    'On my way, about 20 minutes out.',
    'Replaced the cartridge. Please run it for a day and tell me if it still drips.',
    'Nobody answered the door, so I left a card.',
    'Done. Photos of the finished work are attached.',
  ],
  /** The contractor, to contractors and staff. */
  contractorNote: [
    'Needs a second person to lift the unit; booking a helper.',
    'The shut-off valve is seized. A quote for replacing it will follow.',
    'Old wiring behind the panel, worth a full inspection.',
    'The access code did not work; the superintendent let me in.',
  ],
  /** A manager, to everyone. */
  manager: [
    'We have booked a contractor; they will contact you to arrange a time.',
    'Thanks for reporting this, we are looking into it.',
    'Please keep the area clear on the day of the visit.',
    'Closing this as fixed. Reply here if it comes back.',
  ],
  /** A manager, to contractors and staff. */
  managerToContractor: [
    'Please send a quote before starting any work over $500.',
    'The tenant prefers mornings; the dog will be in its crate.',
    'Use the side entrance, the lobby is being painted.',
  ],
  /** A manager, to staff only. */
  staffNote: [
    'Second complaint from this unit this year.',
    'Quote approved, charged to the building maintenance budget.',
    'An insurance claim may apply: keep the photos.',
    'Ask the owner about replacing the whole fixture.',
  ],
};
/** The thread of each ticket the bench reads as a role (see `longThreads`): a few hundred comments. */
const LONG_THREAD = 300;

// ---------------------------------------------------------------------------------------------------------
// SQL building blocks (every generated value is a function of the row number, so reruns are identical)

const lit = (text: string) => `'${text.replaceAll("'", "''")}'`;
const textArray = (items: string[]) => `(array[${items.map(lit).join(',')}]::text[])`;
const intArray = (items: number[]) => `(array[${items.join(',')}]::int[])`;
/** The item at a non-negative index expression, wrapping around. */
const pick = (items: string[], index: string) =>
  `${textArray(items)}[1 + ((${index}) % ${items.length})::int]`;
/** A well-mixed non-negative pseudo-random number from an integer expression. */
const hash = (expr: string, salt: number) =>
  `((((${expr})::bigint + ${salt * 7_919}) * 2654435761) % 4294967291)`;

const firstName = (id: string) => pick(FIRST_NAMES, id);
const lastName = (id: string) => pick(LAST_NAMES, `(${id}) / ${FIRST_NAMES.length} + (${id}) * 7`);
const displayName = (id: string) => `(${firstName(id)} || ' ' || ${lastName(id)})`;
const emailOf = (id: string) =>
  `lower(${firstName(id)} || '.' || replace(${lastName(id)}, ' ', '') || '.' || (${id}) || '@example.com')`;
const phoneOf = (id: string) => `('780 555 ' || lpad(((${id}) % 10000)::text, 4, '0'))`;
/** The title (0-based) of a ticket id; its category follows from it. */
const titleIndex = (id: string) => `(${hash(id, 4)} % ${TITLES.length})::int`;
const categoryOf = (id: string) =>
  `${intArray(TITLES.map(([, category]) => category))}[1 + ${titleIndex(id)}]`;

function layout(scale: ScaleName) {
  const { landlords, users, tickets } = SCALES[scale];
  const properties = landlords * PROPERTIES_PER_LANDLORD;
  const units = properties * UNITS_PER_PROPERTY;
  const managerBase = 2;
  const contractorBase = managerBase + landlords * MANAGERS_PER_LANDLORD;
  const tenantBase = contractorBase + landlords * CONTRACTORS_PER_LANDLORD;
  const tenants = users - tenantBase + 1;
  if (tenants < units) throw new Error('Scale error: fewer tenants than units');
  const contacts = tickets / CONTACTS_PER_TICKETS;
  return {
    landlords,
    properties,
    units,
    users,
    tickets,
    contacts,
    managerBase,
    contractorBase,
    tenantBase,
    tenants,
  };
}
type Layout = ReturnType<typeof layout>;

/** 0-based landlord of a property id expression. */
const landlordIndexOfProperty = (property: string) => `((${property}) - 1) / ${PROPERTIES_PER_LANDLORD}`;

function recipientsSql(l: Layout, ticket: string) {
  const landlord = landlordIndexOfProperty(`${ticket}.property_id`);
  const manager1 = `(${l.managerBase} + ${landlord} * ${MANAGERS_PER_LANDLORD})`;
  const manager2 = `(${manager1} + 1)`;
  const contractor = `(${l.contractorBase} + ${landlord} * ${CONTRACTORS_PER_LANDLORD} + (${categoryOf(`${ticket}.id`)} - 1) / ${CATEGORIES_PER_CONTRACTOR})`;
  return { manager1, manager2, contractor };
}

/**
 * The state of a ticket's assignment to its contractor (issue 25), as SQL: null (not assigned) for 40% of tickets;
 * accepted for the closed ones; for open ones 30% pending, 60% accepted, 10% declined.
 */
function assignmentStateSql(ticket: string) {
  const h = hash(`${ticket}.id`, 14);
  return `case when ${h} % 10 >= 6 then null when ${ticket}.status >= 3 then 'accepted'
    when ${h} / 10 % 10 < 3 then 'pending' when ${h} / 10 % 10 < 9 then 'accepted' else 'declined' end`;
}

interface Step {
  table: string;
  sql: string;
  params?: unknown[];
}

/**
 * The tickets whose threads the bench reads: each bench account's newest ticket, which bench/surface.ts reads as
 * that role (the manager's landlord's newest, which the super admin reads too and the detail bench opens first;
 * the tenant's own newest; the contractor's newest). Account ids as written to bench/.accounts.json.
 */
function longThreads(l: Layout) {
  return `(select max(t.id) from tickets t join properties p on p.id = t.property_id where p.landlord_id = 1
    union select max(id) from tickets where tenant_id = ${l.tenantBase}
    union select max(ticket_id) from ticket_recipients where user_id = ${l.contractorBase})`;
}

/**
 * A ticket's conversation (issue 25), by the people on it: its tenant, its contractor and the landlord's two
 * managers. Per ticket: none for 39%, 1 for 25%, 2 for 20%, 3 for 15%, 20 to 40 for 1% (about 1.4 a ticket), and
 * LONG_THREAD for each ticket the bench reads as a role. A tenant writes to everyone; a contractor to everyone
 * (70%) or to contractors and staff; a manager to everyone (50%), to contractors and staff (20%) or to staff
 * alone. Spread evenly between the ticket's creation and its closing (or now); one in twenty edited. About one
 * comment in twelve has photos (one or two): rows only, no files (a thread read lists them, never opens them).
 */
function commentSteps(l: Layout, now: string): Step[] {
  const NOW = `${lit(now)}::timestamptz`;
  const r = recipientsSql(l, 't');
  const count = `case when t.id in ${longThreads(l)} then ${LONG_THREAD}
      else case when h % 1000 < 10 then 20 + h / 1000 % 21 when h % 1000 < 400 then 0 when h % 1000 < 650 then 1
        when h % 1000 < 850 then 2 else 3 end end`;
  const kinds = [
    COMMENTS.tenant,
    COMMENTS.contractor,
    COMMENTS.contractorNote,
    COMMENTS.manager,
    COMMENTS.managerToContractor,
    COMMENTS.staffNote,
  ];
  const body = `case kind ${kinds.map((texts, kind) => `when ${kind} then ${pick(texts, 'w / 7')}`).join(' ')} end`;
  return [
    {
      table: 'ticket_comments',
      sql: `insert into ticket_comments (ticket_id, user_id, body, visibility, created_at, edited_at)
        select ticket_id, case author when 0 then tenant_id when 1 then contractor when 2 then manager1 else manager2 end,
          ${body}, case when kind in (2, 4) then 'contractor' when kind = 5 then 'staff' else 'everyone' end,
          created_at, case when w % 20 = 0 then created_at + interval '4 minutes' end
        from (
          select c.*, case author when 0 then 0 when 1 then case when v < 7 then 1 else 2 end
              else case when v < 5 then 3 when v < 7 then 4 else 5 end end as kind
          from (
            select t.id as ticket_id, t.tenant_id, ${r.manager1} as manager1, ${r.manager2} as manager2,
              ${r.contractor} as contractor,
              t.created_at + (coalesce(t.closed_at, ${NOW}) - t.created_at) * (i::float8 / (n.n + 1)) as created_at,
              case when a.h % 10 < 4 then 0 when a.h % 10 < 7 then 1 when a.h % 10 < 9 then 2 else 3 end as author,
              a.h / 10 % 10 as v, a.h / 100 as w
            from (select t.*, ${hash('t.id', 6)} as h from tickets t) t
            cross join lateral (select ${count} as n) n
            cross join lateral generate_series(1, n.n) i
            cross join lateral (select ${hash('t.id::bigint * 1000 + i', 8)} as h) a
          ) c
        ) d`,
    },
    {
      table: 'ticket_comment_files',
      sql: `insert into ticket_comment_files (comment_id, storage_key, thumbnail_key, mime_type, size_bytes,
          original_name, position, created_at)
        select c.id, 'tickets/' || c.ticket_id || '/bench-comment-' || c.id || '-' || f || '.jpg',
          'tickets/' || c.ticket_id || '/thumbnails/bench-comment-' || c.id || '-' || f || '.webp', 'image/jpeg',
          (120000 + a.h % 880000)::int, 'IMG_' || lpad((a.h / 100 % 10000 + f)::text, 4, '0') || '.jpg', f - 1,
          c.created_at
        from ticket_comments c
        cross join lateral (select ${hash('c.id', 12)} as h) a
        cross join lateral generate_series(1, case when a.h % 100 < 6 then 1 when a.h % 100 < 8 then 2 else 0 end) f`,
    },
  ];
}

function loadSteps(l: Layout, now: string, passwordHash: string): Step[] {
  const NOW = `${lit(now)}::timestamptz`;
  const options = (overrides: object) =>
    `${lit(JSON.stringify({ ...DEFAULT_NOTIFICATION_OPTIONS, ...overrides }))}::jsonb`;
  const managerOptions = options({ mail: { tickets: true, reminders: true, support: true } });
  const contractorOptions = options({
    mail: { tickets: true, reminders: false, support: false },
    sms: { phone_number: '780 555 0199', tickets: true, reminders: false, support: false },
  });
  const role = `case when g = 1 then 0 when g < ${l.contractorBase} then 1 when g < ${l.tenantBase} then 3 else 2 end`;
  const tenantUnit = `((g - ${l.tenantBase}) % ${l.units} + 1)`;
  const userLandlord = `case
      when role = 1 then (g - ${l.managerBase}) / ${MANAGERS_PER_LANDLORD} + 1
      when role = 3 then (g - ${l.contractorBase}) / ${CONTRACTORS_PER_LANDLORD} + 1
      when role = 2 then (${tenantUnit} - 1) / ${PROPERTIES_PER_LANDLORD * UNITS_PER_PROPERTY} + 1
    end`;
  const cityIndex = (p: string) => `(${p}) * 13 / 7`;
  const propertyAddress = (p: string) =>
    `((10 + (${p}) * 37 % 9000) || ' ' || ${pick(STREETS, `(${p}) * 3`)} || ' ' || ${pick(STREET_TYPES, p)})`;

  const daysPerTicket = HISTORY_DAYS / l.tickets;
  const [normal, high] = TARGET_HOURS_DEFAULT;
  const status = `case
      when age_days > 90 then case when h2 % 10 = 0 then 4 else 3 end
      when age_days > 14 then case when h2 % 100 < 10 then 0 when h2 % 100 < 25 then 1 when h2 % 100 < 40 then 2
                                   when h2 % 100 < 95 then 3 else 4 end
      else case when h2 % 100 < 50 then 0 when h2 % 100 < 75 then 1 when h2 % 100 < 95 then 2 else 3 end
    end`;
  const firstTenantOfUnit = (unit: string) => `(${l.tenantBase} + (${unit}) - 1)`;
  const r = recipientsSql(l, 't');
  const statuses = textArray([...TICKET_STATUSES]);
  const logTemplates = en.tickets.log;
  const where = en.tickets.notifications.where;

  return [
    {
      table: 'landlords',
      sql: `insert into landlords (id, name, description, created_at, updated_at)
        select g, ${pick(LAST_NAMES, 'g * 7')} || ' ' || ${pick(LANDLORD_SUFFIXES, 'g')},
          'Residential rentals since ' || (1980 + g % 40), ${NOW} - interval '4 years', ${NOW} - interval '4 years'
        from generate_series(1, ${l.landlords}) g`,
    },
    {
      table: 'properties',
      sql: `insert into properties (id, landlord_id, name, description, country, province, city, postal_code, address, created_at, updated_at)
        select p, (p - 1) / ${PROPERTIES_PER_LANDLORD} + 1,
          ${pick(PROPERTY_NAMES, 'p')} || ' ' || ${pick(PROPERTY_SUFFIXES, `p / ${PROPERTY_NAMES.length}`)},
          (4 + p % 40) || '-storey residential building',
          'CA', ${pick(
            CITIES.map(([, province]) => province),
            cityIndex('p'),
          )}, ${pick(
            CITIES.map(([city]) => city),
            cityIndex('p'),
          )},
          'T' || (p % 9 + 1) || 'K ' || (p % 10) || 'A' || (p % 7),
          ${propertyAddress('p')}, ${NOW} - interval '4 years', ${NOW} - interval '4 years'
        from generate_series(1, ${l.properties}) p`,
    },
    {
      table: 'units',
      sql: `insert into units (id, property_id, name, address, created_at, updated_at)
        select u, (u - 1) / ${UNITS_PER_PROPERTY} + 1, 'Unit ' || (101 + (u - 1) % ${UNITS_PER_PROPERTY}),
          ${propertyAddress(`(u - 1) / ${UNITS_PER_PROPERTY} + 1`)}, ${NOW} - interval '4 years', ${NOW} - interval '4 years'
        from generate_series(1, ${l.units}) u`,
    },
    {
      table: 'categories',
      sql: `insert into categories (id, title, description, created_at, updated_at)
        select i, (${textArray(CATEGORIES.map(([title]) => title))})[i], (${textArray(CATEGORIES.map(([, d]) => d))})[i],
          ${NOW} - interval '4 years', ${NOW} - interval '4 years'
        from generate_series(1, ${CATEGORIES.length}) i`,
    },
    {
      table: 'users',
      params: [passwordHash],
      sql: `insert into users (id, email, password_hash, role, first_name, last_name, company_name, phone_number,
          country, province, city, notification_options, landlord_id, email_verified_at, created_at, updated_at)
        select g, case when g = 1 then 'admin@example.com' else ${emailOf('g')} end, $1, role,
          ${firstName('g')}, ${lastName('g')},
          case when role = 3 then ${lastName('g')} || ' ' || ${pick(
            CATEGORIES.map(([title]) => title),
            `((g - ${l.contractorBase}) % ${CONTRACTORS_PER_LANDLORD}) * ${CATEGORIES_PER_CONTRACTOR}`,
          )} else '' end,
          ${phoneOf('g')}, 'CA', 'AB', 'Edmonton',
          case role when 1 then ${managerOptions} when 3 then ${contractorOptions} else ${options({})} end,
          ${userLandlord}, ${NOW} - interval '3 years', ${NOW} - interval '3 years' - make_interval(mins => g % 100000),
          ${NOW} - interval '3 years'
        from (select g, ${role} as role from generate_series(1, ${l.users}) g) s`,
    },
    {
      table: 'tenant_units',
      sql: `insert into tenant_units (user_id, unit_id)
        select ${l.tenantBase} + i, i % ${l.units} + 1 from generate_series(0, ${l.tenants - 1}) i`,
    },
    {
      table: 'contractor_properties',
      sql: `insert into contractor_properties (user_id, property_id)
        select ${l.contractorBase} + k, (k / ${CONTRACTORS_PER_LANDLORD}) * ${PROPERTIES_PER_LANDLORD} + p
        from generate_series(0, ${l.landlords * CONTRACTORS_PER_LANDLORD - 1}) k, generate_series(1, ${PROPERTIES_PER_LANDLORD}) p`,
    },
    {
      table: 'contractor_categories',
      sql: `insert into contractor_categories (user_id, category_id)
        select ${l.contractorBase} + k, (k % ${CONTRACTORS_PER_LANDLORD}) * ${CATEGORIES_PER_CONTRACTOR} + c
        from generate_series(0, ${l.landlords * CONTRACTORS_PER_LANDLORD - 1}) k, generate_series(1, ${CATEGORIES_PER_CONTRACTOR}) c`,
    },
    // Before the tickets: each ticket's insert trigger reads its categories into its search text (ADR 0009).
    {
      table: 'ticket_categories',
      sql: `insert into ticket_categories (ticket_id, category_id)
        select t, ${categoryOf('t')} from generate_series(1, ${l.tickets}) t`,
    },
    {
      table: 'tickets',
      sql: `insert into tickets (id, unit_id, property_id, tenant_id, created_by, title, description, priority, status,
          contact_first_name, contact_last_name, contact_email, contact_phone_number, closed_at, created_at, updated_at,
          held, respond_by, resolve_by, responded_at, breached_due_at)
        select id, unit_id, property_id, tenant_id, created_by, title, description, priority, status,
          ${firstName('tenant_id')}, ${lastName('tenant_id')}, ${emailOf('tenant_id')}, ${phoneOf('tenant_id')},
          closed_at, created_at, coalesce(closed_at, created_at),
          coalesce(${assignmentStateSql('f')} in ('pending', 'accepted'), false),
          respond_by, resolve_by, responded_at,
          -- Breaches already past were alerted (as the migration of an existing database has them).
          case when due_at_then <= ${NOW} then due_at_then end
        from (
          -- Due times by the default targets, written here rather than by the tickets' trigger (a lookup per row).
          select e.*, case when status >= 3 then null when responded_at is null then respond_by else resolve_by end
              as due_at_then
          from (
            select d.*,
              created_at + make_interval(hours => case when priority = 1 then ${high.response} else ${normal.response} end) as respond_by,
              created_at + make_interval(hours => case when priority = 1 then ${high.resolution} else ${normal.resolution} end) as resolve_by,
              -- Answered within a few minutes to a day and a half: some late.
              case when status > 0 then least(created_at + make_interval(mins => (20 + h1 % 2000)::int), coalesce(closed_at, ${NOW})) end
                as responded_at
            from (
          select c.*, case when status >= 3
              then least(created_at + make_interval(hours => (4 + h3 % 330)::int), ${NOW}) end as closed_at
          from (
            select b.*, ${status} as status
            from (
              select t as id, unit_id, (unit_id - 1) / ${UNITS_PER_PROPERTY} + 1 as property_id,
                ${firstTenantOfUnit('unit_id')} as tenant_id,
                case when h1 % 10 < 7 then ${firstTenantOfUnit('unit_id')}
                  else ${l.managerBase} + ((unit_id - 1) / ${UNITS_PER_PROPERTY * PROPERTIES_PER_LANDLORD}) * ${MANAGERS_PER_LANDLORD} + t % ${MANAGERS_PER_LANDLORD}
                end as created_by,
                (${textArray(TITLES.map(([title]) => title))})[1 + ${titleIndex('t')}] as title,
                ${pick(DESCRIPTIONS_A, 'h2 / 3')} || E'\\n' || ${pick(DESCRIPTIONS_B, 'h3 / 7')} as description,
                case when h3 % 100 < 15 then 1 else 0 end as priority,
                ${NOW} - make_interval(secs => (${l.tickets} - t)::float8 * ${daysPerTicket * 86_400} + h1 % 600) as created_at,
                (${l.tickets} - t)::float8 * ${daysPerTicket} as age_days,
                h1, h2, h3
              from (
                select t, ((t - 1)::bigint * 7919 % ${l.units} + 1)::int as unit_id,
                  ${hash('t', 1)} as h1, ${hash('t', 2)} as h2, ${hash('t', 3)} as h3
                from generate_series(1, ${l.tickets}) t
              ) a
            ) b
          ) c
        ) d
          ) e
        ) f`,
    },
    {
      table: 'ticket_recipients',
      sql: `insert into ticket_recipients (ticket_id, user_id, ticket_created_at, assigned, title, status, property_id,
          property_sort, tenant_sort, due_at)
        select t.id, r.user_id, t.created_at,
          r.user_id = ${r.contractor} and coalesce(${assignmentStateSql('t')} in ('pending', 'accepted'), false),
          t.title, t.status, t.property_id, t.property_sort, t.tenant_sort, t.due_at
        from tickets t
        cross join lateral (values (${r.manager1}), (${r.manager2}), (${r.contractor})) r(user_id)`,
    },
    {
      table: 'ticket_assignments',
      sql: `insert into ticket_assignments (ticket_id, contractor_id, state, assigned_by, assigned_at, respond_by,
          answered_at, decline_reason, alerted_at)
        select id, contractor, state, manager1, assigned_at, assigned_at + interval '48 hours',
          case when state <> 'pending' then least(assigned_at + interval '5 hours', ${NOW}) end,
          case when state = 'declined' then 'Fully booked this week, sorry.' else '' end,
          case when state = 'pending' and assigned_at + interval '48 hours' <= ${NOW}
            then assigned_at + interval '48 hours' end
        from (
          select t.id, ${r.contractor} as contractor, ${r.manager1} as manager1, ${assignmentStateSql('t')} as state,
            least(t.created_at + interval '1 hour', ${NOW}) as assigned_at
          from tickets t
        ) a
        where state is not null`,
    },
    {
      table: 'ticket_visits',
      sql: `insert into ticket_visits (ticket_id, contractor_id, property_id, state, starts_at, ends_at, in_window,
          created_at, reminded_24_at, reminded_1_at)
        select v.ticket_id, v.contractor_id, v.property_id, 'booked', v.starts_at, v.starts_at + interval '2 hours', true,
          v.answered_at,
          case when v.starts_at - interval '24 hours' <= ${NOW} then v.starts_at - interval '24 hours' end,
          case when v.starts_at - interval '1 hour' <= ${NOW} then v.starts_at - interval '1 hour' end
        from (
          select a.ticket_id, a.contractor_id, t.property_id, a.answered_at,
            date_trunc('hour', a.answered_at) + interval '1 day' + (${hash('a.ticket_id', 15)} % 8) * interval '1 hour'
              as starts_at
          from ticket_assignments a join tickets t on t.id = a.ticket_id
          where a.state = 'accepted' and t.status > 0
        ) v`,
    },
    {
      // The tenant of each completed ticket was asked to sign the repair off (issue 25): those completed in the last
      // two days still wait; the others were confirmed three hours later, rated mostly 4 and 5, one in five with a
      // comment, about the contractor that held the job.
      table: 'ticket_signoffs',
      sql: `insert into ticket_signoffs (ticket_id, tenant_id, contractor_id, landlord_id, state, asked_at, answered_at,
          rating, comment)
        select t.id, t.tenant_id, a.contractor_id, p.landlord_id, s.state, t.closed_at,
          case when s.state = 'confirmed' then t.closed_at + interval '3 hours' end,
          case when s.state = 'confirmed' then s.rating end,
          case when s.state = 'confirmed' and s.h % 5 = 0 then 'Quick and tidy, thank you.' else '' end
        from tickets t
        join properties p on p.id = t.property_id
        left join ticket_assignments a on a.ticket_id = t.id and a.state = 'accepted'
        cross join lateral (select ${hash('t.id', 16)} as h) hashed
        cross join lateral (select hashed.h,
          case when t.closed_at > ${NOW} - interval '2 days' then 'asked' else 'confirmed' end as state,
          case when hashed.h % 100 < 60 then 5 when hashed.h % 100 < 80 then 4 when hashed.h % 100 < 90 then 3
            when hashed.h % 100 < 96 then 2 else 1 end as rating) s
        where t.status = 3 and t.tenant_id is not null and t.closed_at is not null`,
    },
    {
      // The ratings' totals, which the sign-offs' trigger keeps (off during the load), written once.
      table: 'contractor_ratings',
      sql: `insert into contractor_ratings (contractor_id, ratings, rating_sum)
        select contractor_id, count(*), sum(rating) from ticket_signoffs
        where rating is not null and contractor_id is not null group by contractor_id`,
    },
    {
      table: 'landlord_ratings',
      sql: `insert into landlord_ratings (landlord_id, ratings, rating_sum)
        select landlord_id, count(*), sum(rating) from ticket_signoffs where rating is not null group by landlord_id`,
    },
    {
      table: 'ticket_log',
      sql: `insert into ticket_log (ticket_id, user_id, action, description, data, created_at)
        select t.id, e.user_id, e.action, e.description, e.data, e.created_at
        from tickets t
        cross join lateral (values
          (t.created_by, 'created', replace(${lit(logTemplates.created)}, '{name}', ${displayName('t.created_by')}),
            '{}'::jsonb, t.created_at),
          (t.created_by, 'routed',
            replace(${lit(logTemplates.routed)}, '{names}',
              ${displayName(r.contractor)} || ', ' || ${displayName(r.manager1)} || ', ' || ${displayName(r.manager2)}),
            jsonb_build_object('recipients', jsonb_build_array(${r.contractor}, ${r.manager1}, ${r.manager2})),
            t.created_at),
          (case when ${hash('t.id', 5)} % 10 < 7 then ${r.contractor} else ${r.manager1} end, 'status_changed',
            replace(replace(${lit(logTemplates.statusChanged)}, '{from}', 'Open'), '{to}', ${statuses}[t.status + 1]),
            jsonb_build_object('from', 0, 'to', t.status),
            least(coalesce(t.closed_at, t.created_at + interval '3 hours'), ${NOW}))
        ) e(user_id, action, description, data, created_at)
        where e.action <> 'status_changed' or t.status > 0`,
    },
    {
      table: 'notifications',
      sql: `insert into notifications (user_id, ticket_id, link, title, subtitle, description, viewed_at, created_at)
        select case t.id % 3 when 0 then ${r.manager1} when 1 then ${r.manager2} else ${r.contractor} end, t.id,
          '/tickets/' || t.id,
          case when t.priority = 1 then ${lit(en.tickets.notifications.newHighPriorityTicket)}
            else ${lit(en.tickets.notifications.newTicket)} end,
          replace(replace(${lit(where)}, '{property}', p.name), '{unit}', u.name), t.title,
          case when t.created_at < ${NOW} - interval '7 days' then t.created_at + interval '1 hour' end, t.created_at
        from tickets t
        join units u on u.id = t.unit_id
        join properties p on p.id = t.property_id`,
    },
    {
      // Tenants write to support now and then: the super admin's contact list.
      table: 'contact_submissions',
      sql: `insert into contact_submissions (user_id, subject, message, meta, created_at)
        select usr.id, ${pick(CONTACT_SUBJECTS, 'g')}, 'Hello, ' || ${pick(CONTACT_SUBJECTS, 'g')} || '. Thank you.',
          jsonb_build_object('email', usr.email, 'first_name', usr.first_name, 'last_name', usr.last_name,
            'company_name', usr.company_name, 'phone_number', usr.phone_number),
          ${NOW} - (g * ${HISTORY_DAYS / l.contacts}) * interval '1 day'
        from generate_series(1, ${l.contacts}) g
        join users usr on usr.id = ${l.tenantBase} + (g * 7919) % ${l.tenants}`,
    },
    {
      // Money (issue 26): an estimate on every accepted job (approved once the work is done; open ones waiting for a
      // manager, or one in five above the limit for an owner) and an invoice on every Completed one, paid two weeks
      // after: the dashboard's spend and open approvals, the lists' cost columns.
      table: 'ticket_costs',
      sql: `insert into ticket_costs (ticket_id, kind, contractor_id, currency, subtotal_cents, tax_cents, total_cents,
          state, decided_at, decided_by_name, paid_on, owner_asked_at, created_at, updated_at)
        select t.id, k.kind, a.contractor_id, 'CAD', k.amount, k.amount / 20, k.amount + k.amount / 20,
          case when k.kind = 'invoice' then 'paid' when t.status >= 2 then 'approved'
            when k.amount > 50000 then 'awaiting_owner' else 'pending' end,
          case when k.kind = 'invoice' or t.status >= 2 then a.answered_at + interval '1 day' end,
          case when k.kind = 'invoice' or t.status >= 2 then 'Bench Manager' else '' end,
          case when k.kind = 'invoice' then (t.closed_at + interval '14 days')::date end,
          case when k.kind = 'estimate' and t.status < 2 and k.amount > 50000 then a.answered_at end,
          a.answered_at, a.answered_at
        from tickets t
        join ticket_assignments a on a.ticket_id = t.id and a.state = 'accepted'
        cross join lateral (select 'estimate' as kind, 8000 + ((t.id::bigint * 7919) % 60000)::int as amount
          union all select 'invoice', 8000 + ((t.id::bigint * 7919) % 60000)::int where t.status = 3 and t.closed_at is not null) k
        where t.status <> 4`,
    },
    {
      table: 'ticket_cost_lines',
      sql: `insert into ticket_cost_lines (cost_id, position, kind, description, amount_cents)
        select c.id, 0, 'labour', 'Labour and parts', c.subtotal_cents from ticket_costs c`,
    },
    {
      // Recurring work (issue 26): per property a unit's monthly filter change and the whole property's quarterly
      // alarm test and yearly gutter cleaning, the managers' schedules screen.
      table: 'schedules',
      sql: `insert into schedules (property_id, unit_id, title, category_id, frequency, interval, month_day, month,
          starts_on, lead_days, next_on, created_at, updated_at)
        select p, case k when 0 then (p - 1) * ${UNITS_PER_PROPERTY} + 1 end,
          (array['Replace the furnace filter', 'Test the fire alarms', 'Clean the gutters'])[k + 1], k % 3 + 1,
          case k when 2 then 'yearly' else 'monthly' end, case k when 1 then 3 else 1 end,
          case k when 1 then -1 else 1 + p % 28 end, case k when 2 then 10 end,
          (${NOW} - interval '1 year')::date, 7, (${NOW} + (1 + (p + k) % 60) * interval '1 day')::date,
          ${NOW} - (p % 365) * interval '1 day', ${NOW} - (p % 365) * interval '1 day'
        from generate_series(1, ${l.properties}) p, generate_series(0, 2) k`,
    },
    {
      // Every notification was also mailed (contractors get an SMS): the outbox the super admin reads. Old ones
      // are sent, the last hour's still pending, one in fifty failed.
      table: 'outbox_messages',
      sql: `insert into outbox_messages (channel, kind, user_id, recipient, subject, body_text, status, attempts,
          next_attempt_at, sent_at, last_error, created_at)
        select case when usr.role = 3 then 'sms' else 'email' end, 'ticket.created', usr.id,
          case when usr.role = 3 then '780 555 0199' else usr.email end, n.title, n.subtitle || '. ' || n.description,
          st.status, case st.status when 'failed' then 5 when 'pending' then 0 else 1 end, n.created_at,
          case when st.status = 'sent' then n.created_at + interval '1 minute' end,
          case when st.status = 'failed' then 'Mail server refused the message (550).' end, n.created_at
        from notifications n
        join users usr on usr.id = n.user_id
        cross join lateral (select case when n.created_at > ${NOW} - interval '1 hour' then 'pending'
          when n.id % 50 = 0 then 'failed' else 'sent' end as status) st`,
    },
    {
      // Webhooks (issue 27): one endpoint on every tenth landlord (the bench manager's among them) taking every event,
      // and for each of its landlord's tickets the delivery of its creation, sent: the delivery log a manager pages.
      table: 'webhook_endpoints',
      sql: `insert into webhook_endpoints (landlord_id, url, description, events, secret, created_at, updated_at)
        select g, 'https://hooks.example.com/landlord-' || g, 'Accounting sync',
          array[${WEBHOOK_EVENTS.map(lit).join(', ')}]::text[], 'whsec_' || encode(sha256(g::text::bytea), 'base64'),
          ${NOW} - interval '3 years', ${NOW} - interval '3 years'
        from generate_series(1, ${l.landlords}) g where g % ${WEBHOOK_LANDLORD_EVERY} = 1`,
    },
    {
      table: 'outbox_messages',
      sql: `insert into outbox_messages (channel, kind, recipient, subject, body_text, payload, status, attempts,
          next_attempt_at, sent_at, created_at)
        select 'webhook', 'ticket.created', e.url, 'ticket.created',
          json_build_object('type', 'ticket.created', 'timestamp', t.created_at, 'data',
            json_build_object('landlord_id', e.landlord_id, 'ticket', json_build_object('id', t.id, 'title', t.title)))::text,
          jsonb_build_object('endpoint_id', e.id, 'ticket_id', t.id, 'event_id', 'msg_' || md5(t.id::text)),
          'sent', 1, t.created_at, t.created_at + interval '2 seconds', t.created_at
        from tickets t
        join properties p on p.id = t.property_id
        join webhook_endpoints e on e.landlord_id = p.landlord_id`,
    },
    {
      table: 'webhook_deliveries',
      sql: `insert into webhook_deliveries (endpoint_id, outbox_message_id, event, event_id, ticket_id, response_status,
          response_ms, attempted_at, created_at)
        select (m.payload->>'endpoint_id')::int, m.id, m.kind, m.payload->>'event_id', (m.payload->>'ticket_id')::int,
          200, 40 + m.id % 160, m.sent_at, m.created_at
        from outbox_messages m where m.channel = 'webhook'`,
    },
    ...commentSteps(l, now),
  ];
}

/** Tables whose ids were given explicitly: their sequences continue after the largest id. */
const EXPLICIT_ID_TABLES = ['landlords', 'properties', 'units', 'categories', 'users', 'tickets'];

/** The triggers that refresh a unit's or a person's search text when a link row changes (migrations 0008, 0009). */
const LINK_TRIGGERS = [
  ['tenant_units', 'tenant_units_unit_search_text'],
  ['tenant_units', 'tenant_units_user_search_text'],
  ['contractor_categories', 'contractor_categories_user_search_text'],
] as const;

// ---------------------------------------------------------------------------------------------------------
// Running SQL on either database

interface Runner {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[]; count: number }>;
}

function pgRunner(client: pg.Client): Runner {
  return {
    async query(text, params) {
      const result = await client.query(text, params);
      return { rows: result.rows, count: result.rowCount ?? 0 };
    },
  };
}

function pgliteRunner(db: PGlite): Runner {
  return {
    async query(text, params) {
      const result = await db.query<Record<string, unknown>>(text, params);
      return { rows: result.rows, count: result.affectedRows ?? result.rows.length };
    },
  };
}

interface IndexDef {
  table: string;
  name: string;
  def: string;
}
interface ForeignKeyDef {
  table: string;
  name: string;
  def: string;
}

async function secondaryIndexes(run: Runner): Promise<IndexDef[]> {
  const { rows } = await run.query(`
    select c.relname as "table", ic.relname as name, pg_get_indexdef(i.indexrelid) as def
    from pg_index i
    join pg_class c on c.oid = i.indrelid
    join pg_class ic on ic.oid = i.indexrelid
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public'
      and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
    order by c.relname, ic.relname`);
  return rows as unknown as IndexDef[];
}

async function foreignKeys(run: Runner): Promise<ForeignKeyDef[]> {
  const { rows } = await run.query(`
    select c.relname as "table", k.conname as name, pg_get_constraintdef(k.oid) as def
    from pg_constraint k
    join pg_class c on c.oid = k.conrelid
    join pg_namespace n on n.oid = c.relnamespace
    where k.contype = 'f' and n.nspname = 'public'
    order by c.relname, k.conname`);
  return rows as unknown as ForeignKeyDef[];
}

/** Runs tasks on `runners.length` connections at once. */
async function onRunners<T>(runners: Runner[], items: T[], task: (run: Runner, item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    runners.map(async (run) => {
      while (next < items.length) {
        const item = items[next++];
        await task(run, item);
      }
    }),
  );
}

/**
 * The connections to load with, once migrated: `--index-jobs` new ones on PostgreSQL (the app's handle closed,
 * bulk-load session settings), PGlite's own otherwise. `close` ends them (and PGlite's handle).
 */
async function openRunners(
  target: Target,
  handle: DatabaseHandle,
): Promise<{ runners: Runner[]; close: () => Promise<void> }> {
  if (target.kind === 'pglite') {
    const run = pgliteRunner((handle.db as unknown as { $client: PGlite }).$client);
    await run.query(`set maintenance_work_mem = '64MB'`);
    return { runners: [run], close: () => handle.close() };
  }
  await handle.close();
  const clients: pg.Client[] = [];
  const jobs = Math.max(1, Number(args['index-jobs']) || 1);
  for (let i = 0; i < jobs; i++) {
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    // Session settings for a bulk load; nothing is changed on the server itself.
    await client.query(`set maintenance_work_mem = '256MB'`);
    await client.query(`set work_mem = '64MB'`);
    await client.query(`set synchronous_commit = off`);
    clients.push(client);
  }
  return {
    runners: clients.map(pgRunner),
    close: async () => {
      for (const client of clients) await client.end();
    },
  };
}

const COMMENT_TABLES = ['ticket_comments', 'ticket_comment_files'];

/**
 * `--comments`: the conversations of an existing bench database written again (commentSteps), everything else
 * kept: migrated first, its comments' indexes and foreign keys dropped, the comments replaced, the indexes and keys
 * rebuilt as migrated, the two tables analysed, and their counts written to bench/.accounts.json. About a minute
 * at full scale, against some three for a new seed.
 */
async function reseedComments(target: Target, scale: ScaleName) {
  const l = layout(scale);
  console.log(`Comments of ${describeTarget(target)} at ${scale} scale (${int(l.tickets)} tickets)`);
  const started = performance.now();
  const handle = await openDatabase(
    target.kind === 'postgres' ? { databaseUrl: target.databaseUrl, poolSize: 2 } : { dataDir: target.dir },
  );
  await migrateDatabase(handle);
  const { runners, close } = await openRunners(target, handle);
  const run = runners[0];
  const { rows: found } = await run.query('select count(*)::int as n from tickets');
  if (Number(found[0].n) !== l.tickets) {
    throw new Error(
      `The database has ${int(Number(found[0].n))} tickets, not the ${scale} scale's ${int(l.tickets)}.`,
    );
  }
  const indexes = (await secondaryIndexes(run)).filter((index) => COMMENT_TABLES.includes(index.table));
  const keys = (await foreignKeys(run)).filter((key) => COMMENT_TABLES.includes(key.table));
  for (const key of keys) await run.query(`alter table "${key.table}" drop constraint "${key.name}"`);
  for (const index of indexes) await run.query(`drop index "${index.name}"`);
  await run.query('truncate ticket_comment_files, ticket_comments restart identity');
  const counts: Record<string, number> = {};
  for (const step of commentSteps(l, new Date().toISOString())) {
    const t0 = performance.now();
    const { count } = await run.query(step.sql, step.params);
    counts[step.table] = count;
    console.log(
      `  ${step.table.padEnd(22)} ${int(count).padStart(10)} rows  ${seconds(t0).toFixed(1).padStart(6)} s`,
    );
  }
  let t0 = performance.now();
  await onRunners(runners, indexes, (runner, index) => runner.query(index.def).then(() => undefined));
  for (const key of keys)
    await run.query(`alter table "${key.table}" add constraint "${key.name}" ${key.def}`);
  console.log(`  indexes (${indexes.length}) and foreign keys (${keys.length}) ${seconds(t0).toFixed(1)} s`);
  t0 = performance.now();
  await run.query(`vacuum analyze ${COMMENT_TABLES.join(', ')}`);
  console.log(`  vacuum analyze ${seconds(t0).toFixed(1)} s`);
  await close();
  if (existsSync(ACCOUNTS_FILE)) {
    const accounts = readAccounts();
    if (sameTarget(accounts.target, target)) {
      accounts.counts = { ...accounts.counts, ...counts };
      writeFileSync(ACCOUNTS_FILE, `${JSON.stringify(accounts, null, 2)}\n`);
    }
  }
  console.log(`Total ${seconds(started).toFixed(1)} s.`);
}

// ---------------------------------------------------------------------------------------------------------
// Main

async function main() {
  const usePglite = args.pglite !== undefined;
  if (usePglite && args['database-url']) throw new Error('Give either --database-url or --pglite, not both.');
  const scale = (args.scale ?? (usePglite ? 'small' : undefined)) as ScaleName | undefined;
  if (!args.drop && (scale === undefined || !(scale in SCALES))) {
    throw new Error('--scale full|small is required (see --help).');
  }
  if (usePglite && scale === 'full') {
    throw new Error('PGlite is seeded at small scale (100,000 tickets); use PostgreSQL for --scale full.');
  }
  const target: Target = usePglite
    ? { kind: 'pglite', dir: path.resolve(args.pglite!) }
    : { kind: 'postgres', databaseUrl: args['database-url'] ?? DEFAULT_DATABASE_URL };
  if (args.comments) {
    if (target.kind === 'postgres') assertBenchDatabase(target.databaseUrl);
    return reseedComments(target, scale!);
  }

  // A fresh database: drop the old one first.
  if (target.kind === 'postgres') {
    const name = assertBenchDatabase(target.databaseUrl);
    await dropPostgresDatabase(target.databaseUrl);
    if (args.drop) {
      console.log(`Dropped database ${name}.`);
      rmSync(ACCOUNTS_FILE, { force: true });
      return;
    }
    const admin = new pg.Client({ connectionString: maintenanceUrl(target.databaseUrl) });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
  } else {
    if (!isDisposablePgliteDir(target.dir)) {
      throw new Error(`${target.dir} is not empty and is not a database folder: refusing to delete it.`);
    }
    rmSync(target.dir, { recursive: true, force: true });
    if (args.drop) {
      console.log(`Deleted ${target.dir}.`);
      rmSync(ACCOUNTS_FILE, { force: true });
      return;
    }
    mkdirSync(target.dir, { recursive: true });
  }

  const l = layout(scale!);
  console.log(`Seeding ${describeTarget(target)} at ${scale} scale (${int(l.tickets)} tickets)`);
  console.log(`Machine: ${machineLine()}`);
  console.log(`Before: ${uptimeLine()}\n`);
  const started = performance.now();

  // Migrate with the app's own code.
  let t0 = performance.now();
  const handle = await openDatabase(
    target.kind === 'postgres' ? { databaseUrl: target.databaseUrl, poolSize: 2 } : { dataDir: target.dir },
  );
  await migrateDatabase(handle);
  const migrateSeconds = seconds(t0);

  const { runners, close } = await openRunners(target, handle);
  const run = runners[0];

  // Secondary indexes and foreign keys go while loading and come back afterwards, exactly as migrated.
  const indexes = await secondaryIndexes(run);
  const keys = await foreignKeys(run);
  for (const key of keys) await run.query(`alter table "${key.table}" drop constraint "${key.name}"`);
  for (const index of indexes) await run.query(`drop index "${index.name}"`);

  t0 = performance.now();
  const passwordHash = await hashPassword(PASSWORD);
  const hashSeconds = seconds(t0);

  const report = new Map<string, { rows: number; insert: number; index: number; fk: number }>();
  const entry = (name: string) => {
    let row = report.get(name);
    if (!row) {
      row = { rows: 0, insert: 0, index: 0, fk: 0 };
      report.set(name, row);
    }
    return row;
  };

  // Tickets' search text is written by their own insert trigger, once; the trigger that refreshes it when a
  // ticket's categories change would only update tickets not loaded yet. The triggers that refresh a unit's and
  // a person's search text when a tenant or a contractor's category is linked are off during the load too: each
  // would re-read the links without their (dropped) indexes, once per link, which is quadratic. The texts are
  // refreshed in one pass each once the indexes are back.
  for (const [table, trigger] of LINK_TRIGGERS)
    await run.query(`alter table ${table} disable trigger ${trigger}`);
  await run.query('alter table ticket_categories disable trigger ticket_categories_search_text');
  await run.query('alter table ticket_signoffs disable trigger ticket_signoffs_ratings');
  // The tickets' `held` is written with them (assignmentStateSql): the assignments' trigger would write each again.
  await run.query('alter table ticket_assignments disable trigger ticket_assignments_held');
  // The recipients' copies of their ticket's keys are written with them: their trigger would read each ticket again.
  await run.query('alter table ticket_recipients disable trigger ticket_recipients_keys');
  const now = new Date().toISOString();
  for (const step of loadSteps(l, now, passwordHash)) {
    t0 = performance.now();
    const { count } = await run.query(step.sql, step.params);
    const row = entry(step.table);
    row.rows += count;
    row.insert += seconds(t0);
    console.log(
      `  ${step.table.padEnd(22)} ${int(count).padStart(10)} rows  ${row.insert.toFixed(1).padStart(6)} s`,
    );
  }
  await run.query('alter table ticket_categories enable trigger ticket_categories_search_text');
  await run.query('alter table ticket_signoffs enable trigger ticket_signoffs_ratings');
  await run.query('alter table ticket_assignments enable trigger ticket_assignments_held');
  await run.query('alter table ticket_recipients enable trigger ticket_recipients_keys');
  for (const [table, trigger] of LINK_TRIGGERS)
    await run.query(`alter table ${table} enable trigger ${trigger}`);
  for (const name of EXPLICIT_ID_TABLES) {
    await run.query(
      `select setval(pg_get_serial_sequence('${name}', 'id'), (select max(id) from "${name}"))`,
    );
  }

  // Rebuild: biggest tables first, on `--index-jobs` connections at once (PostgreSQL).
  const loadedRows = (name: string) => report.get(name)?.rows ?? 0;
  const ordered = [...indexes].sort((a, b) => loadedRows(b.table) - loadedRows(a.table));
  t0 = performance.now();
  await onRunners(runners, ordered, async (runner, index) => {
    const t = performance.now();
    await runner.query(index.def);
    entry(index.table).index += seconds(t);
  });
  const indexSeconds = seconds(t0);
  t0 = performance.now();
  for (const key of keys) {
    const t = performance.now();
    await run.query(`alter table "${key.table}" add constraint "${key.name}" ${key.def}`);
    entry(key.table).fk += seconds(t);
  }
  const fkSeconds = seconds(t0);
  const [after, afterKeys] = [await secondaryIndexes(run), await foreignKeys(run)];
  if (after.length !== indexes.length || afterKeys.length !== keys.length) {
    throw new Error('The rebuilt indexes or foreign keys differ from the migrated schema.');
  }

  // NULL asks the tables' own triggers to compute the search text again, now with the links in place. Statistics
  // first: without them the planner reads the links by a full scan, once per unit.
  t0 = performance.now();
  await run.query('analyze tenant_units, contractor_categories, units, users, categories');
  await run.query('update units set search_text = null where id in (select unit_id from tenant_units)');
  await run.query(`update users set search_text = null
    where id in (select user_id from tenant_units union select user_id from contractor_categories)`);
  const linkSeconds = seconds(t0);

  t0 = performance.now();
  await run.query('vacuum analyze');
  const vacuumSeconds = seconds(t0);

  // One account per role (all share the password), and the writers: the same roles at landlord 2.
  const writerManager = l.managerBase + MANAGERS_PER_LANDLORD;
  const writerContractor = l.contractorBase + CONTRACTORS_PER_LANDLORD;
  const { rows: picked } = await run.query(
    `select id, email, role, landlord_id as "landlordId" from users where id = any($1::int[]) order by id`,
    [[1, l.managerBase, l.contractorBase, l.tenantBase, writerManager, writerContractor]],
  );
  const byId = new Map(picked.map((row) => [Number(row.id), row]));
  const account = (id: number) => ({ id, email: String(byId.get(id)?.email) });
  const counts = Object.fromEntries(
    [...report].filter(([, row]) => row.rows > 0).map(([name, row]) => [name, row.rows]),
  );
  const contractorCategories = Array.from({ length: CATEGORIES_PER_CONTRACTOR }, (_, i) => i + 1);
  const accounts: AccountsFile = {
    seededAt: now,
    scale: scale!,
    target,
    password: PASSWORD,
    counts,
    accounts: {
      superAdmin: account(1),
      manager: { ...account(l.managerBase), landlordId: 1 },
      tenant: { ...account(l.tenantBase), unitId: 1 },
      contractor: { ...account(l.contractorBase), landlordId: 1, categoryIds: contractorCategories },
    },
    writers: {
      manager: { ...account(writerManager), landlordId: 2 },
      contractor: { ...account(writerContractor), landlordId: 2, categoryIds: contractorCategories },
    },
  };
  writeFileSync(ACCOUNTS_FILE, `${JSON.stringify(accounts, null, 2)}\n`);

  await close();

  const rows = [['table', 'rows', 'insert s', 'indexes s', 'foreign keys s']];
  for (const [name, row] of report) {
    if (row.rows === 0 && row.insert + row.index + row.fk < 0.05) continue;
    rows.push([name, int(row.rows), row.insert.toFixed(1), row.index.toFixed(1), row.fk.toFixed(1)]);
  }
  const totalInsert = [...report.values()].reduce((sum, row) => sum + row.insert, 0);
  rows.push([
    'total',
    int([...report.values()].reduce((sum, row) => sum + row.rows, 0)),
    totalInsert.toFixed(1),
    indexSeconds.toFixed(1),
    fkSeconds.toFixed(1),
  ]);
  console.log(`\n${table(rows)}`);
  console.log(
    `\nmigrate ${migrateSeconds.toFixed(1)} s, password hash ${hashSeconds.toFixed(2)} s, ` +
      `indexes (${indexes.length}, ${runners.length} at once) ${indexSeconds.toFixed(1)} s wall, ` +
      `foreign keys (${keys.length}) ${fkSeconds.toFixed(1)} s, search text of links ${linkSeconds.toFixed(1)} s, ` +
      `vacuum analyze ${vacuumSeconds.toFixed(1)} s`,
  );
  console.log(`Total ${seconds(started).toFixed(1)} s. After: ${uptimeLine()}`);
  console.log(
    `Accounts (password ${PASSWORD}) written to ${path.relative(REPO_ROOT, ACCOUNTS_FILE)}: ` +
      Object.entries(accounts.accounts)
        .map(([roleName, a]) => `${roleName} #${a.id} ${a.email}`)
        .join(', '),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
