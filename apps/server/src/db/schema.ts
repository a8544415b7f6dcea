/**
 * The database schema (Drizzle, PostgreSQL dialect; runs on PGlite and on a PostgreSQL server).
 *
 * Conventions:
 * - TypeScript keys are camelCase, SQL column names snake_case (`firstName` -> `first_name`).
 * - Ids are `serial`; every timestamp is `timestamptz` read as a JS `Date`.
 * - Every foreign key states its ON DELETE rule on purpose (see each column).
 * - List filters and sorts have btree indexes; searched text columns have pg_trgm GIN indexes, so
 *   `ILIKE '%term%'` stays fast on large tables. The pg_trgm extension is created by migration 0000.
 *
 * Only type imports from '@mend/shared' here: drizzle-kit loads this file with its own loader.
 */

import {
  type AssignmentState,
  type CommentVisibility,
  type CostKind,
  type CostLineKind,
  type CostState,
  type Currency,
  DEFAULT_LANGUAGE,
  DEFAULT_TIME_ZONE,
  LANGUAGES,
  type NotificationOptions,
  type Role,
  type ScheduleFrequency,
  SESSION_KINDS,
  type SignoffState,
  type VisitState,
  type WebhookEvent,
} from '@mend/shared';
import { relations, sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  type ExtraConfigColumn,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

// ---------------------------------------------------------------------------------------------------------
// Column helpers
//
// Descending indexes are written `.desc().nullsFirst()`: that is what a plain `ORDER BY x DESC` (and
// drizzle's `desc(x)`) asks for, so the index also serves the sort. Drizzle's bare `.desc()` would emit
// `DESC NULLS LAST`, which PostgreSQL cannot use for `ORDER BY x DESC`.

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
/** Free text that is never NULL: absent means ''. */
const str = (name: string) => text(name).notNull().default('');
/** A pg_trgm GIN index for `ILIKE '%term%'` search on one text column. */
const trgm = (name: string, column: ExtraConfigColumn) => index(name).using('gin', column.op('gin_trgm_ops'));

/** The notification options a new user starts with: every channel off, no numbers. */
export const DEFAULT_NOTIFICATION_OPTIONS: NotificationOptions = {
  mail: { tickets: false, reminders: false, support: false },
  sms: { phone_number: '', tickets: false, reminders: false, support: false },
  phone: { phone_number: '', tickets: false },
};

export interface ContactSubmissionMeta {
  email: string;
  company_name: string;
  first_name: string;
  last_name: string;
  phone_number: string;
}

/** 'webhook': an event posted to a landlord's endpoint (issue 27, modules/webhooks); the others reach a person. */
export const OUTBOX_CHANNELS = ['email', 'sms', 'voice', 'webhook'] as const;
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];
export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];
export const TOKEN_PURPOSES = ['reset', 'activation', 'verification', 'unsubscribe'] as const;
export type TokenPurpose = (typeof TOKEN_PURPOSES)[number];

// ---------------------------------------------------------------------------------------------------------
// Landlords, users

export const landlords = pgTable(
  'landlords',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: str('description'),
    /** Storage key of the logo, not a URL. */
    avatar: text('avatar'),
    /**
     * Hours an assigned contractor has to accept or decline before the managers are alerted (issue 25). The default
     * is ASSIGNMENT_RESPONSE_HOURS_DEFAULT in @mend/shared (a value import is not allowed here; a test keeps them equal).
     */
    assignmentResponseHours: smallint('assignment_response_hours').notNull().default(48),
    /**
     * Its service targets (issue 26): hours from a ticket's creation by which someone must act on it and by which it
     * must be resolved, per priority. The defaults are TARGET_HOURS_DEFAULT in @mend/shared (a test keeps them equal);
     * a ticket's due times are computed from them by a trigger (migration 0026).
     */
    normalResponseHours: smallint('normal_response_hours').notNull().default(24),
    normalResolutionHours: smallint('normal_resolution_hours').notNull().default(168),
    highResponseHours: smallint('high_response_hours').notNull().default(4),
    highResolutionHours: smallint('high_resolution_hours').notNull().default(48),
    /** Issue 26: the currency of its estimates and invoices (CURRENCIES), and the estimate total its owner approves. */
    currency: text('currency').$type<Currency>().notNull().default('CAD'),
    approvalLimitCents: integer('approval_limit_cents').notNull().default(50_000),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('landlords_assignment_response_hours_check', sql`${t.assignmentResponseHours} between 1 and 720`),
    check(
      'landlords_targets_check',
      sql`${t.normalResponseHours} between 1 and 8760 and ${t.normalResolutionHours} between 1 and 8760 and ${t.highResponseHours} between 1 and 8760 and ${t.highResolutionHours} between 1 and 8760 and ${t.normalResponseHours} <= ${t.normalResolutionHours} and ${t.highResponseHours} <= ${t.highResolutionHours}`,
    ),
    check(
      'landlords_money_check',
      sql`${t.currency} in ('CAD', 'USD', 'EUR', 'GBP', 'AUD', 'NZD') and ${t.approvalLimitCents} between 0 and 100000000`,
    ),
    trgm('landlords_name_trgm_idx', t.name),
    // The landlord search matches the description too: without its own index every search read every row.
    trgm('landlords_description_trgm_idx', t.description),
    // Every sort ends in id (lib/list-query.ts orderBy): an index on (key, id) serves it in either direction.
    index('landlords_created_at_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('landlords_name_sort_idx').on(sql`lower(${t.name})`, t.id),
  ],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Optional sign-in name; every temporary account has one. */
    username: text('username').unique('users_username_unique'),
    /** Always stored lower-case (a check enforces it). Temporary accounts: `${username}@${TEMPORARY_EMAIL_DOMAIN}`. */
    email: text('email').notNull().unique('users_email_unique'),
    /** argon2id PHC string (lib/password.ts). */
    passwordHash: text('password_hash').notNull(),
    role: smallint('role').$type<Role>().notNull(),
    firstName: str('first_name'),
    lastName: str('last_name'),
    companyName: str('company_name'),
    description: str('description'),
    phoneNumber: str('phone_number'),
    address1: str('address_1'),
    address2: str('address_2'),
    country: str('country'),
    province: str('province'),
    city: str('city'),
    postal: str('postal'),
    /** Storage key, not a URL. */
    avatar: text('avatar'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /**
     * The language the user chose in its profile (issue 28): its pages. Null until chosen: they follow the browser's.
     */
    language: text('language', { enum: LANGUAGES }),
    notificationOptions: jsonb('notification_options')
      .$type<NotificationOptions>()
      .notNull()
      .default(DEFAULT_NOTIFICATION_OPTIONS),
    /**
     * The generation of the user's calendar feed address (issue 25, lib/tokens.ts): the signed address names it, and
     * making a new address counts it up, so every older address stops working.
     */
    calendarFeedVersion: integer('calendar_feed_version').notNull().default(0),
    /**
     * The one landlord a non-super-admin user belongs to (managers, and the landlord's tenants and
     * contractors). A landlord's "users" are the users carrying its id. Deleting the landlord detaches them.
     */
    landlordId: integer('landlord_id').references(() => landlords.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * What the people search matches, lower-cased and joined by U+001F: "first last", description, company,
     * email, username, the tenant's unit name and the contractor's category titles. Kept by the triggers of
     * migration 0007 (never written by the app, never answered); one trigram index serves it.
     */
    searchText: text('search_text').notNull().default(''),
  },
  (t) => [
    check('users_role_check', sql`${t.role} between 0 and 3`),
    check('users_email_lower_check', sql`${t.email} = lower(${t.email})`),
    index('users_avatar_idx').on(t.avatar),
    // A landlord's people of one role (its contractors to assign, its managers to tell) without reading its tenants.
    index('users_landlord_id_role_idx').on(t.landlordId, t.role),
    trgm('users_search_text_trgm_idx', t.searchText),
    // The contractors (a few thousand of 250,000 users) searched alone: the whole index matched a common name among
    // every user, twice a call (the page and its count), to keep the contractors.
    trgm('users_contractor_search_text_trgm_idx', t.searchText).where(sql`${t.role} = 3`),
    // Each list sort is `ORDER BY <key> <dir>, id <dir>` (the id breaks ties): an index on (<key>, id) reads a
    // page in order, where one on <key> alone would sort every row. /users sorts the whole table; /tenants and
    // /contractors sort within one role, so they need (role, <key>, id). Read backwards, each serves both orders.
    index('users_role_id_idx').on(t.role, t.id),
    // A search of every user, or of every tenant, walks the list's order and tests each row's search_text until its
    // page and count are found (ADR 0051): migration 0039 adds INCLUDE (search_text) to these two (drizzle cannot say
    // so), so the walk reads the index alone instead of a table row for each user it passes. Not for the
    // contractors: the planner would walk them too, where their few matches are read faster from their trigram index.
    index('users_created_at_id_idx').on(t.createdAt, t.id),
    index('users_tenant_created_at_id_idx').on(t.createdAt, t.id).where(sql`${t.role} = 2`),
    index('users_email_id_idx').on(t.email, t.id),
    index('users_name_sort_idx').on(sql`lower(${t.firstName} || ' ' || ${t.lastName})`, t.id),
    index('users_company_sort_idx').on(sql`lower(${t.companyName})`, t.id),
    index('users_role_created_at_id_idx').on(t.role, t.createdAt, t.id),
    index('users_role_email_id_idx').on(t.role, t.email, t.id),
    index('users_role_name_sort_idx').on(t.role, sql`lower(${t.firstName} || ' ' || ${t.lastName})`, t.id),
    index('users_role_company_sort_idx').on(t.role, sql`lower(${t.companyName})`, t.id),
  ],
);

// ---------------------------------------------------------------------------------------------------------
// Properties, units

export const properties = pgTable(
  'properties',
  {
    id: serial('id').primaryKey(),
    /** A landlord with properties cannot be deleted: move or delete the properties first. */
    landlordId: integer('landlord_id')
      .notNull()
      .references(() => landlords.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    description: str('description'),
    avatar: text('avatar'),
    gmapsUrl: str('gmaps_url'),
    country: str('country'),
    province: str('province'),
    city: str('city'),
    postalCode: str('postal_code'),
    address: str('address'),
    /**
     * The IANA time zone of the property (ADR 0029): tickets' availability is entered and shown in it. Set on the
     * property form; properties from before it was asked took their province's zone (migration 0018).
     */
    timeZone: text('time_zone').notNull().default(DEFAULT_TIME_ZONE),
    /**
     * What the property search matches, lower-cased and joined by U+001F: name, description, address, city,
     * landlord name. Kept by triggers (migration 0007, like tickets' in ADR 0009); never sent to a client.
     */
    searchText: text('search_text').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    trgm('properties_search_text_trgm_idx', t.searchText),
    index('properties_landlord_id_idx').on(t.landlordId),
    // The zones in use, read one by one (tickets/queries.ts `dayEndInUse`): each zone's end of the day.
    index('properties_time_zone_idx').on(t.timeZone),
    index('properties_created_at_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('properties_name_sort_idx').on(sql`lower(${t.name})`, t.id),
    index('properties_city_sort_idx').on(sql`lower(${t.city})`, t.id),
  ],
);

export const units = pgTable(
  'units',
  {
    id: serial('id').primaryKey(),
    /** A property with units cannot be deleted. */
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    description: str('description'),
    gmapsUrl: str('gmaps_url'),
    postalCode: str('postal_code'),
    address: str('address'),
    avatar: text('avatar'),
    /**
     * What the unit search matches, lower-cased and joined by U+001F: name, description, property name, its
     * tenants' "first last" and company. Kept by triggers (migration 0007, like tickets' in ADR 0009).
     */
    searchText: text('search_text').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('units_property_id_idx').on(t.propertyId),
    index('units_created_at_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('units_name_sort_idx').on(sql`lower(${t.name})`, t.id),
    trgm('units_search_text_trgm_idx', t.searchText),
  ],
);

/** A tenant has a single unit (the user id is the key); a unit may have several tenants. */
export const tenantUnits = pgTable(
  'tenant_units',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
  },
  (t) => [index('tenant_units_unit_id_idx').on(t.unitId)],
);

/** The properties a contractor works on. */
export const contractorProperties = pgTable(
  'contractor_properties',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.propertyId] }),
    index('contractor_properties_property_id_idx').on(t.propertyId),
  ],
);

// ---------------------------------------------------------------------------------------------------------
// Categories

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: str('description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    trgm('categories_title_trgm_idx', t.title),
    trgm('categories_description_trgm_idx', t.description),
    index('categories_created_at_idx').on(t.createdAt.desc().nullsFirst()),
  ],
);

/** Extra facts shown with a category: a label, how to show the value, and the value. */
export const categoryAttributes = pgTable(
  'category_attributes',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    /** 'text' | 'number' | 'currency' | 'url' (free text so new formats need no migration). */
    format: text('format').notNull().default('text'),
    value: str('value'),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('category_attributes_category_id_idx').on(t.categoryId, t.position)],
);

/** The categories a contractor handles. */
export const contractorCategories = pgTable(
  'contractor_categories',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.categoryId] }),
    index('contractor_categories_category_id_idx').on(t.categoryId),
  ],
);

/** The categories offered for tickets on a unit. */
export const unitCategories = pgTable(
  'unit_categories',
  {
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.unitId, t.categoryId] }),
    index('unit_categories_category_id_idx').on(t.categoryId),
  ],
);

// ---------------------------------------------------------------------------------------------------------
// Tickets

export const tickets = pgTable(
  'tickets',
  {
    id: serial('id').primaryKey(),
    /**
     * A unit with tickets cannot be deleted. Null for work on the whole property (roof, boiler, common areas; issue
     * 26): the property is then `property_id` alone.
     */
    unitId: integer('unit_id').references(() => units.id, { onDelete: 'restrict' }),
    /** Denormalised from the unit for filtering; keep it equal to the unit's property. */
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'restrict' }),
    /** The tenant the ticket is for (kept as NULL when that user is deleted). */
    tenantId: integer('tenant_id').references(() => users.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: str('description'),
    /** Index into TICKET_PRIORITIES. */
    priority: smallint('priority').notNull().default(0),
    /** Index into TICKET_STATUSES; >= FIRST_CLOSED_STATUS is closed. */
    status: smallint('status').notNull().default(0),
    meta: jsonb('meta').$type<Record<string, string>>().notNull().default({}),
    contactFirstName: str('contact_first_name'),
    contactLastName: str('contact_last_name'),
    contactEmail: str('contact_email'),
    contactPhoneNumber: str('contact_phone_number'),
    /** Set when the ticket enters a closed status, cleared when it is reopened. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /**
     * What the ticket search matches (SPEC.md "Tickets screen"): title, description, property name, the tenant's
     * names and company, category titles, joined by U+001F. Kept by database triggers (migration 0005,
     * ADR 0009) on every write of a ticket, its categories, its property's name or its tenant's names; never
     * written by the app, never sent to a client.
     */
    searchText: text('search_text').notNull().default(''),
    /**
     * The list's sort keys that live in other tables, copied here so that sorting the whole list by them is an
     * index walk, not a join and sort of every ticket: the property's name and the tenant's shown name
     * (company, else first and last name, else email), lower-cased; NULL without a tenant. Kept by the same
     * triggers as `search_text` (migrations 0005 and 0007); never written by the app.
     */
    propertySort: text('property_sort'),
    tenantSort: text('tenant_sort'),
    /**
     * A contractor holds the job: the ticket has an assignment that was not declined (issue 25). A copy of
     * `ticket_assignments`, kept by its trigger (migration 0025) whatever changes it (an answer, a reassignment, a
     * contractor deleted); never written by the app. The lists' "Assigned to: Nobody" reads it from the property
     * index rather than looking up each ticket's assignment.
     */
    held: boolean('held').notNull().default(false),
    /**
     * Its due times (issue 26): by when someone must act on it (its status leaves Open or a contractor is assigned) and
     * by when it must be resolved. Computed from its creation and its landlord's targets for its priority by a trigger
     * (migration 0026) when it is inserted without them (the default 'infinity' asks for that) and again when its
     * priority changes; managers may change them (tickets/due.ts).
     */
    respondBy: timestamp('respond_by', { withTimezone: true }).notNull().default(sql`'infinity'`),
    resolveBy: timestamp('resolve_by', { withTimezone: true }).notNull().default(sql`'infinity'`),
    /** When someone first acted on it (tickets/due.ts `markResponded`); null until then. */
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    /**
     * Its next due time: the response's while nobody has acted on it, then the resolution's; null once closed (status
     * FIRST_CLOSED_STATUS and above). Computed by the database; the lists filter and sort by it.
     */
    dueAt: timestamp('due_at', { withTimezone: true }).generatedAlwaysAs(
      sql`case when status >= 3 then null when responded_at is null then least(respond_by, resolve_by) else resolve_by end`,
    ),
    /**
     * The due time whose breach the managers were alerted of (tickets/breaches.ts): a ticket is due for an alert while
     * `due_at` has passed and differs from it, so each breach is alerted once.
     */
    breachedDueAt: timestamp('breached_due_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('tickets_priority_check', sql`${t.priority} between 0 and 1`),
    check('tickets_status_check', sql`${t.status} between 0 and 4`),
    // With the id, a manager's first page is read from this index alone, then only its 10 rows are joined.
    // Migration 0016 adds INCLUDE (search_text, status, title, tenant_sort, property_sort), 0025 `held`: a manager's
    // search, sorts, status and "Assigned to: Nobody" filters read their rows' keys from it alone (drizzle cannot say
    // so).
    index('tickets_property_id_created_at_idx').on(
      t.propertyId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // With the id, a status filter's page is read in the list's exact order (created_at, id): without it PostgreSQL
    // walked the date index instead, past thousands of recent tickets of other statuses.
    index('tickets_status_created_at_idx').on(
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('tickets_unit_id_idx').on(t.unitId),
    index('tickets_tenant_id_idx').on(t.tenantId),
    index('tickets_created_by_idx').on(t.createdBy),
    // The dashboard's weeks and time to close read recent tickets from these two alone: migration 0011 adds
    // INCLUDE (closed_at, status) and INCLUDE (created_at, status), 0025 `held` to the first (the super admin's
    // "Assigned to: Nobody") (drizzle cannot say so).
    index('tickets_created_at_idx').on(t.createdAt.desc().nullsFirst()),
    index('tickets_closed_at_idx').on(t.closedAt).where(sql`${t.closedAt} is not null`),
    trgm('tickets_search_text_trgm_idx', t.searchText),
    // One per sort key of the list (LIST_SORTS.tickets), with the id that breaks ties, so that any page of the
    // whole list in any order is read from an index (created_at has its own above).
    index('tickets_title_sort_idx').on(sql`lower(${t.title})`, t.id),
    index('tickets_status_sort_idx').on(t.status, t.id),
    index('tickets_property_sort_idx').on(t.propertySort, t.id),
    index('tickets_tenant_sort_idx').on(t.tenantSort, t.id),
    // Migration 0041 adds INCLUDE (created_at, property_id): the portfolio's tickets due today are counted, and
    // matched to their property's zone, from this index alone (drizzle cannot say so).
    index('tickets_due_at_sort_idx').on(t.dueAt, t.id),
    // The breach worker's due items: only the tickets past due or to come that were not alerted of their due time.
    index('tickets_unalerted_due_idx')
      .on(t.dueAt)
      .where(sql`${t.dueAt} is not null and ${t.breachedDueAt} is distinct from ${t.dueAt}`),
  ],
);

/**
 * How many tickets each property has in each status, kept by the tickets' statement triggers (migration 0011)
 * in the transaction of every insert, update and delete, so it is never stale: the dashboard's counts read
 * these rows (a few per property) instead of counting a million tickets. No foreign key: the rows are derived,
 * and a property's tickets go before the property may (their key restricts), so its rows are zero by then.
 */
export const ticketCounts = pgTable(
  'ticket_counts',
  {
    propertyId: integer('property_id').notNull(),
    status: smallint('status').notNull(),
    tickets: integer('tickets').notNull(),
  },
  (t) => [primaryKey({ columns: [t.propertyId, t.status] })],
);

/**
 * The whole portfolio's figures for the super admin's dashboard (ADR 0023), kept by statement triggers on `tickets`
 * in the writer's transaction (migration 0012), as `ticket_counts` is: tickets per status.
 */
export const portfolioTicketCounts = pgTable('portfolio_ticket_counts', {
  status: smallint('status').primaryKey(),
  tickets: integer('tickets').notNull(),
});

/** Per UTC hour: the tickets created in it, and those closed now whose closed_at falls in it (ADR 0023). */
export const portfolioTicketHours = pgTable('portfolio_ticket_hours', {
  hour: timestamp('hour', { withTimezone: true }).primaryKey(),
  opened: integer('opened').notNull(),
  closed: integer('closed').notNull(),
});

/**
 * Per UTC hour: the open tickets whose next due time (`due_at`) falls in it (issue 26): the portfolio's overdue and
 * soon-due tickets summed by hour, only the current hour counted from the tickets. Kept by statement triggers on
 * `tickets` (migration 0026).
 */
export const portfolioDueHours = pgTable('portfolio_due_hours', {
  hour: timestamp('hour', { withTimezone: true }).primaryKey(),
  tickets: integer('tickets').notNull(),
});

/**
 * Per UTC hour: the tickets Completed now whose closed_at falls in it, and how many of them were closed by their
 * resolve_by (issue 26): the dashboard's share resolved within target of the whole portfolio. Kept by statement triggers
 * on `tickets` (migration 0026), as `portfolio_ticket_hours` is.
 */
export const portfolioResolutionHours = pgTable('portfolio_resolution_hours', {
  hour: timestamp('hour', { withTimezone: true }).primaryKey(),
  resolved: integer('resolved').notNull(),
  inTarget: integer('in_target').notNull(),
});

/**
 * Per UTC day and per UTC week (`span` 1 or 7 days, from `starts`), and bin of time to close (`closing_bin`, migration
 * 0012): the tickets closed now whose closed_at falls in that span, and the sum of their seconds from creation to
 * closing (ADR 0023).
 */
export const portfolioClosings = pgTable(
  'portfolio_closings',
  {
    span: smallint('span').notNull(),
    starts: date('starts', { mode: 'string' }).notNull(),
    bin: smallint('bin').notNull(),
    tickets: integer('tickets').notNull(),
    seconds: doublePrecision('seconds').notNull(),
  },
  (t) => [primaryKey({ columns: [t.span, t.starts, t.bin] })],
);

/** Open tickets per property, ordered by an index: the dashboard's properties with the most (ADR 0023). */
export const propertyOpenTickets = pgTable(
  'property_open_tickets',
  {
    propertyId: integer('property_id').primaryKey(),
    tickets: integer('tickets').notNull(),
  },
  (t) => [index('property_open_tickets_tickets_idx').on(t.tickets.desc().nullsFirst(), t.propertyId)],
);

export const ticketCategories = pgTable(
  'ticket_categories',
  {
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    /** A category used by tickets cannot be deleted. */
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.ticketId, t.categoryId] }),
    index('ticket_categories_category_id_idx').on(t.categoryId),
  ],
);

/** Who a ticket was routed to: matching contractors of the property and the landlord's managers. */
export const ticketRecipients = pgTable(
  'ticket_recipients',
  {
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * A copy of the ticket's created_at (which never changes): a contractor's first list page and its
     * count are read from this table's index alone, not from one `tickets` row per routed ticket.
     */
    ticketCreatedAt: timestamp('ticket_created_at', { withTimezone: true }).notNull(),
    /**
     * The recipient is the ticket's assigned contractor and has not declined (issue 25): a copy of
     * `ticket_assignments`, written in the same transaction, so that a contractor's list shows its assigned jobs
     * first straight from the index below.
     */
    assigned: boolean('assigned').notNull().default(false),
    /**
     * The routing chose it (false: it sees the ticket only because staff assigned it). Unassigning removes the rows
     * the routing did not write, so a contractor no longer sees a job it was only assigned.
     */
    routed: boolean('routed').notNull().default(true),
    /**
     * Copies of what a contractor's list filters and sorts its tickets by (the ticket's title, status, property, sort
     * keys and next due time), so that its every page and count is read from this table's index alone, not from one
     * `tickets` row per routed ticket (twice the requests a second). Kept by triggers (migration 0038): filled from the
     * ticket on insert, written again by every change of the ticket's; never written by the app.
     */
    title: text('title').notNull().default(''),
    status: smallint('status').notNull().default(0),
    propertyId: integer('property_id'),
    propertySort: text('property_sort'),
    tenantSort: text('tenant_sort'),
    dueAt: timestamp('due_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.ticketId, t.userId] }),
    // Migration 0038 adds INCLUDE (title, status, property_id, property_sort, tenant_sort, due_at) (drizzle cannot say
    // so): a contractor's list, filtered or sorted by any of them, reads the index alone.
    index('ticket_recipients_user_id_assigned_created_at_idx').on(
      t.userId,
      t.assigned.desc().nullsFirst(),
      t.ticketCreatedAt.desc().nullsFirst(),
      t.ticketId.desc().nullsFirst(),
    ),
  ],
);

/**
 * The one contractor responsible for a ticket (issue 25), at most one row per ticket. `state` is pending until the
 * contractor accepts or declines (ASSIGNMENT_STATES); `respond_by` is when the managers are alerted if it has not
 * answered (its landlord's hours after `assigned_at`), `alerted_at` that they were, by the assignment worker, once.
 * Assigning another contractor replaces the row (a new `assigned_at`, which the signed answer links name: an older
 * link no longer answers). Every change writes a `ticket_log` line.
 */
export const ticketAssignments = pgTable(
  'ticket_assignments',
  {
    ticketId: integer('ticket_id')
      .primaryKey()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    /** Deleting the contractor unassigns it (the log keeps the history). */
    contractorId: integer('contractor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state').$type<AssignmentState>().notNull().default('pending'),
    assignedBy: integer('assigned_by').references(() => users.id, { onDelete: 'set null' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull(),
    respondBy: timestamp('respond_by', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    declineReason: str('decline_reason'),
    alertedAt: timestamp('alerted_at', { withTimezone: true }),
  },
  (t) => [
    check('ticket_assignments_state_check', sql`${t.state} in ('pending', 'accepted', 'declined')`),
    // Deleting a contractor finds its rows (the key's cascade).
    index('ticket_assignments_contractor_id_idx').on(t.contractorId),
    // The assignments that hold (not declined), read from the index alone: the lists' "Assigned to" a contractor
    // (by contractor), "Nobody" and a contractor's jobs first (by ticket, for each of a page's or a scope's tickets).
    index('ticket_assignments_held_by_contractor_idx')
      .on(t.contractorId, t.ticketId)
      .where(sql`${t.state} <> 'declined'`),
    index('ticket_assignments_held_idx').on(t.ticketId, t.contractorId).where(sql`${t.state} <> 'declined'`),
    // What the assignment worker claims: unanswered, not yet alerted, by due time.
    index('ticket_assignments_unanswered_idx')
      .on(t.respondBy)
      .where(sql`${t.state} = 'pending' and ${t.alertedAt} is null`),
  ],
);

export const ticketImages = pgTable(
  'ticket_images',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    /** Storage keys, not URLs. Deleting the row does not delete the files: the service does. */
    storageKey: text('storage_key').notNull(),
    thumbnailKey: text('thumbnail_key'),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    originalName: str('original_name'),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('ticket_images_ticket_id_idx').on(t.ticketId, t.position),
    // The orphan file sweep asks which stored keys are still referenced (lib/orphan-files.ts).
    index('ticket_images_storage_key_idx').on(t.storageKey),
    index('ticket_images_thumbnail_key_idx').on(t.thumbnailKey),
  ],
);

export const ticketAvailability = pgTable(
  'ticket_availability',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('ticket_availability_range_check', sql`${t.endsAt} >= ${t.startsAt}`),
    index('ticket_availability_ticket_id_idx').on(t.ticketId, t.startsAt),
  ],
);

/** The activity log. `action` is a stable code ('created', 'updated', 'status_changed', ...); `description` the sentence shown. */
export const ticketLog = pgTable(
  'ticket_log',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    description: text('description').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('ticket_log_ticket_id_created_at_idx').on(t.ticketId, t.createdAt.desc().nullsFirst()),
    index('ticket_log_user_id_idx').on(t.userId),
  ],
);

/**
 * The visits of a ticket's assigned contractor (issue 25): VISIT_STATES, at most one proposed or booked at a time (the
 * partial unique index). `in_window`: inside one of the tenant's availability windows when it was made (booked at
 * once), else proposed until the tenant answers. `reminded_24_at` / `reminded_1_at`: when the due-work worker sent (or,
 * for a visit booked late, skipped) the reminders 24 hours and 1 hour before; set in the transaction that writes them.
 */
export const ticketVisits = pgTable(
  'ticket_visits',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    /** Who comes; the visit stays (in the history) when that user is deleted. */
    contractorId: integer('contractor_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * A copy of the ticket's property (kept by the ticket's edit when it moves): a manager's calendar reads its
     * properties' visits of a span from one index, not every ticket of the landlord.
     */
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    state: text('state').$type<VisitState>().notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    inWindow: boolean('in_window').notNull(),
    /** Why it was refused or cancelled ('' when not, or none was given). */
    reason: str('reason'),
    createdAt: createdAt(),
    remindedDayBeforeAt: timestamp('reminded_24_at', { withTimezone: true }),
    remindedHourBeforeAt: timestamp('reminded_1_at', { withTimezone: true }),
  },
  (t) => [
    check('ticket_visits_state_check', sql`${t.state} in ('proposed', 'booked', 'refused', 'cancelled')`),
    check('ticket_visits_range_check', sql`${t.endsAt} > ${t.startsAt}`),
    uniqueIndex('ticket_visits_one_active_idx')
      .on(t.ticketId)
      .where(sql`${t.state} in ('proposed', 'booked')`),
    index('ticket_visits_ticket_id_idx').on(t.ticketId, t.createdAt),
    // The calendar: the active visits of a span, by start.
    index('ticket_visits_active_starts_at_idx')
      .on(t.startsAt, t.id)
      .where(sql`${t.state} in ('proposed', 'booked')`),
    // A manager's calendar: its properties' visits of a span.
    index('ticket_visits_property_starts_at_idx')
      .on(t.propertyId, t.startsAt)
      .where(sql`${t.state} in ('proposed', 'booked')`),
    // A contractor's calendar and feed.
    index('ticket_visits_contractor_starts_at_idx')
      .on(t.contractorId, t.startsAt)
      .where(sql`${t.state} in ('proposed', 'booked')`),
    // What the reminder job claims: booked visits whose last reminder is not yet sent.
    index('ticket_visits_reminders_idx')
      .on(t.startsAt)
      .where(sql`${t.state} = 'booked' and ${t.remindedHourBeforeAt} is null`),
  ],
);

/**
 * The tenant's sign-off of a completed ticket (issue 25): a row each time the ticket becomes Completed (SIGNOFF_STATES),
 * `asked` until the tenant confirms the repair with a rating or reopens the ticket with a reason, or `withdrawn` when the
 * ticket leaves Completed another way first; at most one is asked at a time (the partial unique index). The signed link
 * of the tenant's email names the row by its ticket and `asked_at`, so an older link no longer answers.
 * `contractor_id` and `landlord_id` are copies taken when it was asked (the assigned contractor, the property's
 * landlord): the rating counts for them in `contractor_ratings` and `landlord_ratings`, kept by this table's trigger.
 */
export const ticketSignoffs = pgTable(
  'ticket_signoffs',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    /** The ticket's tenant, who is asked; the row stays (in the history) when that user is deleted. */
    tenantId: integer('tenant_id').references(() => users.id, { onDelete: 'set null' }),
    /** The contractor that held the job, whose work the rating is about; null when nobody did. */
    contractorId: integer('contractor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The ticket's landlord; its rows go with its properties' tickets (a landlord with properties is never deleted). */
    landlordId: integer('landlord_id').notNull(),
    state: text('state').$type<SignoffState>().notNull(),
    askedAt: timestamp('asked_at', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** RATING_MIN to RATING_MAX stars; set exactly when confirmed. */
    rating: smallint('rating'),
    comment: str('comment'),
    reopenReason: str('reopen_reason'),
  },
  (t) => [
    check('ticket_signoffs_state_check', sql`${t.state} in ('asked', 'confirmed', 'reopened', 'withdrawn')`),
    check(
      'ticket_signoffs_rating_check',
      sql`(${t.state} = 'confirmed') = (${t.rating} is not null) and (${t.rating} is null or ${t.rating} between 1 and 5)`,
    ),
    uniqueIndex('ticket_signoffs_one_asked_idx').on(t.ticketId).where(sql`${t.state} = 'asked'`),
    index('ticket_signoffs_ticket_id_idx').on(t.ticketId, t.askedAt),
    // Deleting a user finds its rows (the keys' set null).
    index('ticket_signoffs_tenant_id_idx').on(t.tenantId),
    index('ticket_signoffs_contractor_id_idx').on(t.contractorId),
  ],
);

/**
 * Recurring and preventive work (issue 26): a ticket template on a property or one of its units, and its recurrence
 * (shared/schedules.ts). The due-work worker creates each occurrence's ticket `lead_days` before its date
 * (schedules/occurrences.ts): `next_on` is the next date without a ticket, null once the schedule has ended.
 */
export const schedules = pgTable(
  'schedules',
  {
    id: serial('id').primaryKey(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    /** Null: the whole property. */
    unitId: integer('unit_id').references(() => units.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: str('description'),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    priority: smallint('priority').notNull().default(0),
    frequency: text('frequency').$type<ScheduleFrequency>().notNull(),
    interval: smallint('interval').notNull().default(1),
    weekday: smallint('weekday'),
    monthDay: smallint('month_day'),
    month: smallint('month'),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on'),
    leadDays: smallint('lead_days').notNull(),
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    nextOn: date('next_on'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('schedules_frequency_check', sql`${t.frequency} in ('daily', 'weekly', 'monthly', 'yearly')`),
    check('schedules_priority_check', sql`${t.priority} between 0 and 1`),
    check('schedules_interval_check', sql`${t.interval} between 1 and 99`),
    check('schedules_lead_days_check', sql`${t.leadDays} between 0 and 90`),
    check('schedules_ends_check', sql`${t.endsOn} is null or ${t.endsOn} >= ${t.startsOn}`),
    index('schedules_property_id_idx').on(
      t.propertyId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('schedules_unit_id_idx').on(t.unitId),
    index('schedules_category_id_idx').on(t.categoryId),
    index('schedules_created_at_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The worker's look: the running schedules by their next date.
    index('schedules_due_idx').on(t.nextOn).where(sql`${t.pausedAt} is null and ${t.nextOn} is not null`),
    // The list's sorts (ADR 0019), each ending in the id: a page is an index walk. Ended schedules (no next date)
    // come last both ways, so each direction of the next date has its own index.
    index('schedules_title_sort_idx').on(sql`lower(${t.title})`, t.id),
    index('schedules_next_on_sort_idx').on(t.nextOn, t.id),
    index('schedules_next_on_desc_sort_idx').on(t.nextOn.desc().nullsLast(), t.id.desc().nullsFirst()),
    // The paused schedules, few among the running ones: the list's `state=paused` without reading every schedule.
    index('schedules_paused_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.pausedAt} is not null`),
    // The super admin's search of every schedule (the property's name is found by properties' search text).
    trgm('schedules_title_trgm_idx', t.title),
    trgm('schedules_description_trgm_idx', t.description),
  ],
);

/**
 * One row per schedule and date it created a ticket for: the key makes each occurrence exactly once, whichever
 * process creates it. The ticket's deletion leaves the row (the date stays done).
 */
export const scheduleOccurrences = pgTable(
  'schedule_occurrences',
  {
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => schedules.id, { onDelete: 'cascade' }),
    occursOn: date('occurs_on').notNull(),
    ticketId: integer('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.scheduleId, t.occursOn] }),
    index('schedule_occurrences_ticket_id_idx').on(t.ticketId),
  ],
);

/** A landlord's owner contacts (issue 26): who approves, by a signed link, the estimates above its approval limit. */
export const landlordOwners = pgTable(
  'landlord_owners',
  {
    id: serial('id').primaryKey(),
    landlordId: integer('landlord_id')
      .notNull()
      .references(() => landlords.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phoneNumber: str('phone_number'),
    /** The language of the owner's approval emails and their reminders: owners have no account to choose it in. */
    language: text('language', { enum: LANGUAGES }).notNull().default(DEFAULT_LANGUAGE),
    position: smallint('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('landlord_owners_landlord_id_idx').on(t.landlordId, t.position)],
);

/**
 * An estimate (before the work) or an invoice (after it) of a ticket's assigned contractor (issue 26): line items,
 * tax and total in whole cents of the landlord's currency, an optional attached PDF or image (ADR 0036).
 */
export const ticketCosts = pgTable(
  'ticket_costs',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<CostKind>().notNull(),
    /** Who sent it: the ticket's contractor then (kept as null when that user is deleted). */
    contractorId: integer('contractor_id').references(() => users.id, { onDelete: 'set null' }),
    currency: text('currency').$type<Currency>().notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    note: str('note'),
    attachmentKey: text('attachment_key'),
    attachmentMime: text('attachment_mime'),
    attachmentName: text('attachment_name'),
    state: text('state').$type<CostState>().notNull(),
    /** Who approved, declined or marked it paid: a manager (`decided_by`) or an owner (`decided_by_owner_id`). */
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedByOwnerId: integer('decided_by_owner_id').references(() => landlordOwners.id, {
      onDelete: 'set null',
    }),
    /** The name of who decided, kept when that person goes. */
    decidedByName: str('decided_by_name'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    declineReason: str('decline_reason'),
    /** An invoice's payment date (a calendar date). */
    paidOn: date('paid_on'),
    /** When the owners were asked to approve it; how many reminders went since (OWNER_REMINDER_HOURS). */
    ownerAskedAt: timestamp('owner_asked_at', { withTimezone: true }),
    ownerReminders: smallint('owner_reminders').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('ticket_costs_kind_check', sql`${t.kind} in ('estimate', 'invoice')`),
    check(
      'ticket_costs_state_check',
      sql`(${t.kind} = 'estimate' and ${t.state} in ('pending', 'awaiting_owner', 'approved', 'declined')) or (${t.kind} = 'invoice' and ${t.state} in ('unpaid', 'paid'))`,
    ),
    check(
      'ticket_costs_amounts_check',
      sql`${t.subtotalCents} between 0 and 100000000 and ${t.taxCents} between 0 and 100000000 and ${t.totalCents} = ${t.subtotalCents} + ${t.taxCents} and ${t.totalCents} <= 100000000`,
    ),
    check('ticket_costs_paid_check', sql`(${t.state} = 'paid') = (${t.paidOn} is not null)`),
    index('ticket_costs_ticket_id_idx').on(t.ticketId, t.createdAt),
    index('ticket_costs_contractor_id_idx').on(t.contractorId),
    index('ticket_costs_decided_by_idx').on(t.decidedBy),
    index('ticket_costs_owner_idx').on(t.decidedByOwnerId),
    // The reminders' look: the estimates still waiting for an owner.
    index('ticket_costs_awaiting_owner_idx').on(t.ownerAskedAt).where(sql`${t.state} = 'awaiting_owner'`),
    // The dashboard's spend: paid invoices by payment date.
    index('ticket_costs_paid_on_idx').on(t.paidOn).where(sql`${t.state} = 'paid'`),
    // A landlord's spend on the dashboard: its tickets' paid invoices, read from the index alone.
    index('ticket_costs_paid_ticket_idx')
      .on(t.ticketId, t.paidOn, t.currency, t.totalCents)
      .where(sql`${t.state} = 'paid'`),
    // The dashboard's open approvals: the few estimates still waiting for a manager or an owner, among all costs.
    index('ticket_costs_open_idx')
      .on(t.ticketId, t.state)
      .where(sql`${t.state} in ('pending', 'awaiting_owner')`),
  ],
);

/** The line items of an estimate or invoice, in their order. */
export const ticketCostLines = pgTable(
  'ticket_cost_lines',
  {
    id: serial('id').primaryKey(),
    costId: integer('cost_id')
      .notNull()
      .references(() => ticketCosts.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    kind: text('kind').$type<CostLineKind>().notNull(),
    description: text('description').notNull(),
    amountCents: integer('amount_cents').notNull(),
  },
  (t) => [
    check('ticket_cost_lines_kind_check', sql`${t.kind} in ('labour', 'parts', 'other')`),
    check('ticket_cost_lines_amount_check', sql`${t.amountCents} between 0 and 100000000`),
    index('ticket_cost_lines_cost_id_idx').on(t.costId, t.position),
  ],
);

/**
 * The ratings of a contractor's repairs, and of a landlord's (issue 25): how many and their sum, so an average is one
 * row, not every rating of a landlord. Kept by the trigger on `ticket_signoffs` (migration 0024) in the writer's
 * transaction: never written by the app.
 */
export const contractorRatings = pgTable('contractor_ratings', {
  contractorId: integer('contractor_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  ratings: integer('ratings').notNull(),
  ratingSum: integer('rating_sum').notNull(),
});

export const landlordRatings = pgTable('landlord_ratings', {
  landlordId: integer('landlord_id')
    .primaryKey()
    .references(() => landlords.id, { onDelete: 'cascade' }),
  ratings: integer('ratings').notNull(),
  ratingSum: integer('rating_sum').notNull(),
});

/**
 * The conversation on a ticket (issue 25). `visibility` says who reads a comment (COMMENT_VISIBILITIES in
 * @mend/shared): everyone on the ticket, staff and the contractor, or staff only. `edited_at` is set when its author
 * edits it. Deleting a comment deletes its files' rows (the service removes the files) and writes a `ticket_log` line.
 */
export const ticketComments = pgTable(
  'ticket_comments',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    /** The author; a deleted user's comments stay, without their author. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    visibility: text('visibility').$type<CommentVisibility>().notNull(),
    createdAt: createdAt(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /**
     * The Message-ID of the email reply that posted it (`<id@host>`, modules/comments/inbound-mail.ts); null for a
     * comment from the web form or a reply without one. Never sent to a client.
     */
    emailMessageId: text('email_message_id'),
  },
  (t) => [
    check('ticket_comments_visibility_check', sql`${t.visibility} in ('everyone', 'contractor', 'staff')`),
    // A ticket's conversation, oldest first.
    index('ticket_comments_ticket_id_created_at_idx').on(t.ticketId, t.createdAt, t.id),
    index('ticket_comments_user_id_idx').on(t.userId),
    // A reply delivered again (its acceptance lost in transit) posts nothing: one comment per message, sender and
    // ticket (ADR 0030). Only replies by email have a Message-ID, so only they are indexed.
    uniqueIndex('ticket_comments_email_message_id_unique')
      .on(t.ticketId, t.userId, t.emailMessageId)
      .where(sql`${t.emailMessageId} is not null`),
  ],
);

/** The files of a comment: stored, checked and re-encoded exactly as ticket images are (tickets/files.ts). */
export const ticketCommentFiles = pgTable(
  'ticket_comment_files',
  {
    id: serial('id').primaryKey(),
    commentId: integer('comment_id')
      .notNull()
      .references(() => ticketComments.id, { onDelete: 'cascade' }),
    /** Storage keys, not URLs. Deleting the row does not delete the files: the service does. */
    storageKey: text('storage_key').notNull(),
    thumbnailKey: text('thumbnail_key'),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    originalName: str('original_name'),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('ticket_comment_files_comment_id_idx').on(t.commentId, t.position),
    // The orphan file sweep asks which stored keys are still referenced (lib/orphan-files.ts).
    index('ticket_comment_files_storage_key_idx').on(t.storageKey),
    index('ticket_comment_files_thumbnail_key_idx').on(t.thumbnailKey),
  ],
);

// ---------------------------------------------------------------------------------------------------------
// Contact form, notifications

export const contactSubmissions = pgTable(
  'contact_submissions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    meta: jsonb('meta').$type<ContactSubmissionMeta>().notNull(),
    /**
     * What the contact search matches, lower-cased and joined by U+001F: subject, message, the sender's email,
     * "first last" and company. Computed from the row itself, so the database keeps it.
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`lower(subject || chr(31) || message || chr(31) || coalesce(meta ->> 'email', '') || chr(31) || coalesce((meta ->> 'first_name') || ' ' || (meta ->> 'last_name'), meta ->> 'first_name', meta ->> 'last_name', '') || chr(31) || coalesce(meta ->> 'company_name', ''))`,
      ),
    createdAt: createdAt(),
  },
  (t) => [
    index('contact_submissions_user_id_idx').on(t.userId),
    index('contact_submissions_created_at_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('contact_submissions_subject_sort_idx').on(sql`lower(${t.subject})`, t.id),
    index('contact_submissions_email_sort_idx').on(sql`(${t.meta} ->> 'email')`, t.id),
    index('contact_submissions_name_sort_idx').on(
      sql`lower((${t.meta} ->> 'first_name') || ' ' || (${t.meta} ->> 'last_name'))`,
      t.id,
    ),
    trgm('contact_submissions_search_text_trgm_idx', t.searchText),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ticketId: integer('ticket_id').references(() => tickets.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id').references(() => contactSubmissions.id, { onDelete: 'cascade' }),
    link: text('link'),
    title: text('title').notNull(),
    subtitle: str('subtitle'),
    description: str('description'),
    image: text('image'),
    viewedAt: timestamp('viewed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_id_viewed_at_created_at_idx').on(
      t.userId,
      t.viewedAt,
      t.createdAt.desc().nullsFirst(),
    ),
    // A user's newest notifications (GET users/current on every page load, the notification history): a short
    // walk of this index, instead of reading and sorting every notification the user has.
    index('notifications_user_id_created_at_id_idx').on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('notifications_ticket_id_idx').on(t.ticketId),
    index('notifications_contact_id_idx').on(t.contactId),
  ],
);

// ---------------------------------------------------------------------------------------------------------
// Sessions, idempotency, outbox, one-time tokens

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 hex of the cookie token. The raw token is never stored. */
    id: text('id').primaryKey(),
    /** NULL for a signed-out visitor who still needs an anti-forgery token. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    csrfToken: text('csrf_token').notNull(),
    userAgent: str('user_agent'),
    ip: str('ip'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /**
     * 'browser': a cookie's session; 'api': a personal API token (issue 27, ADR 0038), sent as `Authorization: Bearer`,
     * which needs no anti-forgery token. A token is only ever accepted where its kind is expected.
     */
    kind: text('kind', { enum: SESSION_KINDS }).notNull().default('browser'),
    /** An API token's name, as its owner gave it; null for a browser's session. */
    name: text('name'),
  },
  (t) => [
    index('sessions_user_id_idx').on(t.userId),
    index('sessions_expires_at_idx').on(t.expiresAt),
    check('sessions_kind_check', sql`${t.kind} in ('browser', 'api')`),
  ],
);

/** Remembered answers to form submissions, keyed by who sent them and their `_nonce`. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** 'user:7' or 'session:<id>'. */
    scope: text('scope').notNull(),
    nonce: text('nonce').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').$type<unknown>(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.nonce] }),
    index('idempotency_keys_created_at_idx').on(t.createdAt),
  ],
);

/**
 * Counters of the rate limits (sign-in failures, reset and verification emails), in the database so that
 * every app process counts against one limit (lib/rate-limits.ts). One row per limit and key, for a fixed
 * window that ends at `reset_at`; expired rows are counted again from 1 and swept now and then.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    /** '<limit>:<key>', e.g. 'login-account:jane@example.com' or 'login-address:203.0.113.7'. */
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_reset_at_idx').on(t.resetAt)],
);

/** Messages waiting to be delivered (or kept, when no provider is configured). Claimed with SKIP LOCKED. */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: serial('id').primaryKey(),
    channel: text('channel', { enum: OUTBOX_CHANNELS }).notNull(),
    /** What the message is about, e.g. 'ticket_created', 'password_reset'. */
    kind: text('kind').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Email address or phone number. */
    recipient: text('recipient').notNull(),
    subject: str('subject'),
    bodyText: str('body_text'),
    bodyHtml: str('body_html'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** What the outbox search matches, lower-cased and joined by U+001F: recipient, subject, kind. */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`lower(recipient || chr(31) || coalesce(subject, '') || chr(31) || kind)`),
    createdAt: createdAt(),
  },
  (t) => [
    check('outbox_messages_channel_check', sql`${t.channel} in ('email', 'sms', 'voice', 'webhook')`),
    check('outbox_messages_status_check', sql`${t.status} in ('pending', 'sending', 'sent', 'failed')`),
    index('outbox_messages_status_next_attempt_at_idx').on(t.status, t.nextAttemptAt),
    index('outbox_messages_user_id_idx').on(t.userId),
    index('outbox_messages_created_at_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The list's other sorts, each ending in id; status also serves the status filter and its count.
    index('outbox_messages_sent_at_sort_idx').on(t.sentAt, t.id),
    index('outbox_messages_status_sort_idx').on(t.status, t.id),
    index('outbox_messages_attempts_sort_idx').on(t.attempts, t.id),
    index('outbox_messages_recipient_sort_idx').on(sql`lower(${t.recipient})`, t.id),
    index('outbox_messages_channel_created_at_idx').on(
      t.channel,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    trgm('outbox_messages_search_text_trgm_idx', t.searchText),
  ],
);

/**
 * A landlord's webhook endpoints (issue 27, ADR 0042): the HTTPS address events are posted to, the events it chose,
 * and the secret its deliveries are signed with (Standard Webhooks' `whsec_…`; kept as is, since signing needs it).
 * `failures`: failed attempts in a row across its deliveries; at WEBHOOK_FAILURES_BEFORE_DISABLE it is switched off
 * (`enabled` false, `disabled_at` set) and its landlord's managers are told.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial('id').primaryKey(),
    landlordId: integer('landlord_id')
      .notNull()
      .references(() => landlords.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: str('description'),
    events: text('events').array().$type<WebhookEvent[]>().notNull(),
    secret: text('secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    failures: integer('failures').notNull().default(0),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** Who added it; the endpoint stays when that user is deleted. */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('webhook_endpoints_landlord_id_idx').on(t.landlordId, t.id)],
);

/**
 * One event sent to one endpoint: its outbox message carries the JSON body and the state of its attempts (status,
 * attempts, last error, next try); this row adds what the delivery log shows besides: the endpoint's last answer and
 * how long it took. `event_id` is the body's `webhook-id`, the same on every attempt and on a redelivery, so a receiver
 * can tell a repeat. `redelivery_of`: the delivery a manager sent again.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    outboxMessageId: integer('outbox_message_id')
      .notNull()
      .references(() => outboxMessages.id, { onDelete: 'cascade' }),
    event: text('event').$type<WebhookEvent>().notNull(),
    eventId: text('event_id').notNull(),
    ticketId: integer('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    responseStatus: integer('response_status'),
    responseMs: integer('response_ms'),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }),
    redeliveryOf: integer('redelivery_of'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_outbox_message_id_unique').on(t.outboxMessageId),
    index('webhook_deliveries_endpoint_id_idx').on(t.endpointId, t.id.desc().nullsFirst()),
  ],
);

/** Password-reset, activation, email-verification and unsubscribe tokens. Only the hash is stored. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: TOKEN_PURPOSES }).notNull(),
    tokenHash: text('token_hash').notNull(),
    email: str('email'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'one_time_tokens_purpose_check',
      sql`${t.purpose} in ('reset', 'activation', 'verification', 'unsubscribe')`,
    ),
    uniqueIndex('one_time_tokens_token_hash_unique').on(t.tokenHash),
    index('one_time_tokens_user_id_purpose_idx').on(t.userId, t.purpose),
    index('one_time_tokens_expires_at_idx').on(t.expiresAt),
  ],
);

// ---------------------------------------------------------------------------------------------------------
// Relations (for `db.query.<table>.findMany({ with: ... })`)

export const landlordsRelations = relations(landlords, ({ many }) => ({
  users: many(users),
  properties: many(properties),
}));

export const usersRelations = relations(users, ({ one, many }) => ({
  landlord: one(landlords, { fields: [users.landlordId], references: [landlords.id] }),
  tenantUnit: one(tenantUnits, { fields: [users.id], references: [tenantUnits.userId] }),
  contractorProperties: many(contractorProperties),
  contractorCategories: many(contractorCategories),
  ticketsAsTenant: many(tickets, { relationName: 'ticket_tenant' }),
  ticketsCreated: many(tickets, { relationName: 'ticket_creator' }),
  notifications: many(notifications),
}));

export const propertiesRelations = relations(properties, ({ one, many }) => ({
  landlord: one(landlords, { fields: [properties.landlordId], references: [landlords.id] }),
  units: many(units),
  contractors: many(contractorProperties),
  tickets: many(tickets),
}));

export const unitsRelations = relations(units, ({ one, many }) => ({
  property: one(properties, { fields: [units.propertyId], references: [properties.id] }),
  tenants: many(tenantUnits),
  categories: many(unitCategories),
  tickets: many(tickets),
}));

export const tenantUnitsRelations = relations(tenantUnits, ({ one }) => ({
  user: one(users, { fields: [tenantUnits.userId], references: [users.id] }),
  unit: one(units, { fields: [tenantUnits.unitId], references: [units.id] }),
}));

export const contractorPropertiesRelations = relations(contractorProperties, ({ one }) => ({
  user: one(users, { fields: [contractorProperties.userId], references: [users.id] }),
  property: one(properties, { fields: [contractorProperties.propertyId], references: [properties.id] }),
}));

export const contractorCategoriesRelations = relations(contractorCategories, ({ one }) => ({
  user: one(users, { fields: [contractorCategories.userId], references: [users.id] }),
  category: one(categories, { fields: [contractorCategories.categoryId], references: [categories.id] }),
}));

export const categoriesRelations = relations(categories, ({ many }) => ({
  attributes: many(categoryAttributes),
  units: many(unitCategories),
  contractors: many(contractorCategories),
  tickets: many(ticketCategories),
}));

export const categoryAttributesRelations = relations(categoryAttributes, ({ one }) => ({
  category: one(categories, { fields: [categoryAttributes.categoryId], references: [categories.id] }),
}));

export const unitCategoriesRelations = relations(unitCategories, ({ one }) => ({
  unit: one(units, { fields: [unitCategories.unitId], references: [units.id] }),
  category: one(categories, { fields: [unitCategories.categoryId], references: [categories.id] }),
}));

export const ticketsRelations = relations(tickets, ({ one, many }) => ({
  unit: one(units, { fields: [tickets.unitId], references: [units.id] }),
  property: one(properties, { fields: [tickets.propertyId], references: [properties.id] }),
  tenant: one(users, { fields: [tickets.tenantId], references: [users.id], relationName: 'ticket_tenant' }),
  creator: one(users, {
    fields: [tickets.createdBy],
    references: [users.id],
    relationName: 'ticket_creator',
  }),
  categories: many(ticketCategories),
  recipients: many(ticketRecipients),
  images: many(ticketImages),
  availability: many(ticketAvailability),
  log: many(ticketLog),
  comments: many(ticketComments),
}));

export const ticketCategoriesRelations = relations(ticketCategories, ({ one }) => ({
  ticket: one(tickets, { fields: [ticketCategories.ticketId], references: [tickets.id] }),
  category: one(categories, { fields: [ticketCategories.categoryId], references: [categories.id] }),
}));

export const ticketRecipientsRelations = relations(ticketRecipients, ({ one }) => ({
  ticket: one(tickets, { fields: [ticketRecipients.ticketId], references: [tickets.id] }),
  user: one(users, { fields: [ticketRecipients.userId], references: [users.id] }),
}));

export const ticketImagesRelations = relations(ticketImages, ({ one }) => ({
  ticket: one(tickets, { fields: [ticketImages.ticketId], references: [tickets.id] }),
}));

export const ticketAvailabilityRelations = relations(ticketAvailability, ({ one }) => ({
  ticket: one(tickets, { fields: [ticketAvailability.ticketId], references: [tickets.id] }),
}));

export const ticketLogRelations = relations(ticketLog, ({ one }) => ({
  ticket: one(tickets, { fields: [ticketLog.ticketId], references: [tickets.id] }),
  user: one(users, { fields: [ticketLog.userId], references: [users.id] }),
}));

export const ticketCommentsRelations = relations(ticketComments, ({ one, many }) => ({
  ticket: one(tickets, { fields: [ticketComments.ticketId], references: [tickets.id] }),
  author: one(users, { fields: [ticketComments.userId], references: [users.id] }),
  files: many(ticketCommentFiles),
}));

export const ticketCommentFilesRelations = relations(ticketCommentFiles, ({ one }) => ({
  comment: one(ticketComments, { fields: [ticketCommentFiles.commentId], references: [ticketComments.id] }),
}));

export const notificationsRelations = relations(notifications, ({ one }) => ({
  user: one(users, { fields: [notifications.userId], references: [users.id] }),
  ticket: one(tickets, { fields: [notifications.ticketId], references: [tickets.id] }),
  contact: one(contactSubmissions, {
    fields: [notifications.contactId],
    references: [contactSubmissions.id],
  }),
}));

export const contactSubmissionsRelations = relations(contactSubmissions, ({ one }) => ({
  user: one(users, { fields: [contactSubmissions.userId], references: [users.id] }),
}));

export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
}));

// ---------------------------------------------------------------------------------------------------------
// Row types

export type LandlordRow = typeof landlords.$inferSelect;
export type NewLandlordRow = typeof landlords.$inferInsert;
export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type PropertyRow = typeof properties.$inferSelect;
export type NewPropertyRow = typeof properties.$inferInsert;
export type UnitRow = typeof units.$inferSelect;
export type NewUnitRow = typeof units.$inferInsert;
export type CategoryRow = typeof categories.$inferSelect;
export type NewCategoryRow = typeof categories.$inferInsert;
export type CategoryAttributeRow = typeof categoryAttributes.$inferSelect;
export type TicketRow = typeof tickets.$inferSelect;
export type NewTicketRow = typeof tickets.$inferInsert;
export type TicketImageRow = typeof ticketImages.$inferSelect;
export type TicketAvailabilityRow = typeof ticketAvailability.$inferSelect;
export type TicketLogRow = typeof ticketLog.$inferSelect;
export type NewTicketLogRow = typeof ticketLog.$inferInsert;
export type TicketCommentRow = typeof ticketComments.$inferSelect;
export type TicketAssignmentRow = typeof ticketAssignments.$inferSelect;
export type TicketVisitRow = typeof ticketVisits.$inferSelect;
export type TicketSignoffRow = typeof ticketSignoffs.$inferSelect;
export type ScheduleRow = typeof schedules.$inferSelect;
export type LandlordOwnerRow = typeof landlordOwners.$inferSelect;
export type TicketCostRow = typeof ticketCosts.$inferSelect;
export type TicketCostLineRow = typeof ticketCostLines.$inferSelect;
export type TicketCommentFileRow = typeof ticketCommentFiles.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotificationRow = typeof notifications.$inferInsert;
export type ContactSubmissionRow = typeof contactSubmissions.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;
export type OutboxMessageRow = typeof outboxMessages.$inferSelect;
export type NewOutboxMessageRow = typeof outboxMessages.$inferInsert;
export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type OneTimeTokenRow = typeof oneTimeTokens.$inferSelect;
