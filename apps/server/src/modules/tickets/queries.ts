/**
 * Ticket reads: the one visibility scope (DESIGN.md) that every list and every single load goes through,
 * list filters/search/sort done in SQL, and the loaders of what a ticket shows beside its own row.
 */
import { type Actor, LIST_COUNT_CAP, TICKET_STATUSES, type TicketScope, ticketScope } from '@mend/shared';
import { and, asc, eq, exists, ilike, inArray, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { alias, QueryBuilder } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { reusable } from '../../db/reusable';
import {
  categories,
  properties,
  type TicketAvailabilityRow,
  type TicketImageRow,
  type TicketLogRow,
  tenantUnits,
  ticketAvailability,
  ticketCategories,
  ticketImages,
  ticketRecipients,
  tickets,
  units,
  users,
} from '../../db/schema';
import {
  cappedTotal,
  countAll,
  type ListQuery,
  type ListTotal,
  likePattern,
  orderBy,
  pageOffset,
  sortOf,
} from '../../lib/list-query';
import type { LogRowWithUser } from './serialize';

/** Builds subqueries without a database handle. */
const qb = new QueryBuilder();

/** The ticket's tenant, joined under its own name (the log joins `users` for authors). */
export const tenantUser = alias(users, 'tenant');

/**
 * Which tickets an actor sees: all (role 0), its landlord's properties (role 1), its own unit (role 2),
 * the tickets routed to it (role 3). Each is an indexed IN (subquery), usable in SELECT, UPDATE and DELETE.
 */
export function visibleTickets(actor: Actor): SQL {
  return visibleIn(ticketScope(actor), actor.id, actor.landlordId);
}

/**
 * `visibleTickets` for a query that joins `properties`: a manager's scope also as `properties.landlord_id
 * = x`, so that PostgreSQL reads only the landlord's properties (by index) rather than hashing all of them
 * (a manager's search over 500 tickets: 7 ms instead of 14, at 1,000,000 tickets). The IN part still picks
 * the tickets by property; without it the planner walks all tickets in date order.
 */
function visibleWithProperties(actor: Actor): SQL {
  const visible = visibleTickets(actor);
  if (ticketScope(actor) !== 'landlord' || actor.landlordId === null) return visible;
  return and(visible, eq(properties.landlordId, actor.landlordId)) as SQL;
}

/** `visibleTickets` with the actor's ids given as values, or as placeholders for a reusable query. */
function visibleIn(
  scope: TicketScope,
  userId: number | Placeholder,
  landlordId: number | null | Placeholder,
): SQL {
  switch (scope) {
    case 'all':
      return sql`true`;
    case 'landlord':
      if (landlordId === null) return sql`false`;
      return inArray(
        tickets.propertyId,
        qb.select({ id: properties.id }).from(properties).where(eq(properties.landlordId, landlordId)),
      );
    case 'unit':
      return inArray(
        tickets.unitId,
        qb.select({ id: tenantUnits.unitId }).from(tenantUnits).where(eq(tenantUnits.userId, userId)),
      );
    case 'routed':
      return inArray(
        tickets.id,
        qb
          .select({ id: ticketRecipients.ticketId })
          .from(ticketRecipients)
          .where(eq(ticketRecipients.userId, userId)),
      );
  }
}

/**
 * The viewer's scope in placeholders (`viewerId`, `landlordId`) and the cache key part that names it
 * (a manager without a landlord sees nothing: another SQL text).
 */
function visibleByPlaceholder(viewer: Actor): { key: string; where: SQL } {
  const scope = ticketScope(viewer);
  const none = scope === 'landlord' && viewer.landlordId === null;
  return {
    key: none ? `${scope}_none` : scope,
    where: visibleIn(scope, sql.placeholder('viewerId'), none ? null : sql.placeholder('landlordId')),
  };
}

/** The values of `visibleByPlaceholder`'s placeholders. */
const viewerValues = (viewer: Actor) => ({ viewerId: viewer.id, landlordId: viewer.landlordId });

/** A ticket row with what every answer shows of its unit, property and tenant. */
const rowColumns = {
  ticket: tickets,
  unit: {
    id: units.id,
    name: units.name,
    address: units.address,
    postalCode: units.postalCode,
    gmapsUrl: units.gmapsUrl,
  },
  property: {
    id: properties.id,
    name: properties.name,
    landlordId: properties.landlordId,
    city: properties.city,
    province: properties.province,
    country: properties.country,
    gmapsUrl: properties.gmapsUrl,
  },
  tenant: {
    id: tenantUser.id,
    firstName: tenantUser.firstName,
    lastName: tenantUser.lastName,
    companyName: tenantUser.companyName,
    email: tenantUser.email,
    avatar: tenantUser.avatar,
  },
};

function selectRows(db: Db) {
  return db
    .select(rowColumns)
    .from(tickets)
    .innerJoin(units, eq(units.id, tickets.unitId))
    .innerJoin(properties, eq(properties.id, tickets.propertyId))
    .leftJoin(tenantUser, eq(tenantUser.id, tickets.tenantId));
}

/** `selectRows` with each row's count of all matching rows (a window over the whole result). */
function selectRowsCounted(db: Db) {
  return db
    .select({ ...rowColumns, matched: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(tickets)
    .innerJoin(units, eq(units.id, tickets.unitId))
    .innerJoin(properties, eq(properties.id, tickets.propertyId))
    .leftJoin(tenantUser, eq(tenantUser.id, tickets.tenantId));
}

export type TicketJoinedRow = Awaited<ReturnType<ReturnType<typeof selectRows>['execute']>>[number];

/** The tenant's shown name: company, else first and last name, else email (as serialize.ts writes it). */
const tenantNameSql = sql`lower(coalesce(nullif(${tenantUser.companyName}, ''), nullif(trim(${tenantUser.firstName} || ' ' || ${tenantUser.lastName}), ''), ${tenantUser.email}))`;

const SORTABLE = {
  title: sql`lower(${tickets.title})`,
  status: tickets.status,
  created_at: tickets.createdAt,
  property: sql`lower(${properties.name})`,
  tenant: tenantNameSql,
};
const DEFAULT_SORT = { sort: 'created_at', order: 'desc' } as const;
/** Sort keys that read joined tables. */
const JOINED_SORTS = new Set(['property', 'tenant']);

/** Text matches over the joined row (properties, tenant): cheap once the rows are narrowed to a scope. */
function joinedTextMatch(pattern: string): SQL[] {
  return [
    ilike(tickets.title, pattern),
    ilike(tickets.description, pattern),
    ilike(properties.name, pattern),
    ilike(tenantUser.firstName, pattern),
    ilike(tenantUser.lastName, pattern),
    ilike(tenantUser.companyName, pattern),
    sql`(${tenantUser.firstName} || ' ' || ${tenantUser.lastName}) ilike ${pattern}`,
    exists(
      qb
        .select({ one: sql`1` })
        .from(ticketCategories)
        .innerJoin(categories, eq(categories.id, ticketCategories.categoryId))
        .where(and(eq(ticketCategories.ticketId, tickets.id), ilike(categories.title, pattern))),
    ),
  ];
}

/**
 * The same matches as `tickets.id IN (a UNION of one branch per table)`: each branch can use its column's
 * pg_trgm index, which one OR across four joined tables cannot. Over all tickets this is what keeps the
 * super admin's search fast (docs/performance.md); it reads only `tickets`, so its count needs no joins.
 */
function indexedTextMatch(term: string, pattern: string): SQL[] {
  const tenantMatch = [
    sql`u.first_name ilike ${pattern}`,
    sql`u.last_name ilike ${pattern}`,
    sql`u.company_name ilike ${pattern}`,
  ];
  // "Ann Lee" spans both names; a term without a space always lies within one of them.
  if (/\s/.test(term)) tenantMatch.push(sql`(u.first_name || ' ' || u.last_name) ilike ${pattern}`);
  const branches = [
    sql`select st.id from tickets st where st.title ilike ${pattern}`,
    sql`select st.id from tickets st where st.description ilike ${pattern}`,
    sql`select st.id from tickets st join properties sp on sp.id = st.property_id where sp.name ilike ${pattern}`,
    sql`select st.id from tickets st join users u on u.id = st.tenant_id where ${sql.join(tenantMatch, sql` or `)}`,
    sql`select stc.ticket_id from ticket_categories stc join categories sc on sc.id = stc.category_id where sc.title ilike ${pattern}`,
  ];
  return [sql`${tickets.id} in (${sql.join(branches, sql` union `)})`];
}

/**
 * Search (SPEC.md "Tickets screen"): title, description, visible id, status text, category title, tenant
 * name or company, property name. Status names are matched here in JS and searched as `status IN (...)`.
 * `indexed`: the rows are not narrowed to a landlord, unit or contractor, so the text is looked up
 * through the trigram indexes; a narrow scope (a few hundred tickets) is faster filtered row by row.
 */
export function ticketSearch(term: string, { indexed = false } = {}): SQL | undefined {
  if (!term) return undefined;
  const pattern = likePattern(term);
  const parts = indexed ? indexedTextMatch(term, pattern) : joinedTextMatch(pattern);
  // "#007", "007" and "7" all find ticket 7 (the visible id is zero-padded to 3 digits).
  const digits = term.replace(/^#/, '').trim();
  if (/^\d{1,12}$/.test(digits)) {
    parts.push(
      sql`lpad(${tickets.id}::text, greatest(3, length(${tickets.id}::text)), '0') like ${likePattern(digits)}`,
    );
  }
  const lower = term.toLowerCase();
  const statuses = TICKET_STATUSES.flatMap((name, index) =>
    name.toLowerCase().includes(lower) ? [index] : [],
  );
  if (statuses.length > 0) parts.push(inArray(tickets.status, statuses));
  return or(...parts);
}

export interface TicketFilters {
  status?: number;
  propertyId?: number;
  /** GET landlords/{id}/tickets */
  landlordId?: number;
  /** GET users/{id}/tickets: also limited to what that user sees. */
  alsoVisibleTo?: Actor;
}

export async function listTicketRows(
  db: Db,
  viewer: Actor,
  filters: TicketFilters,
  query: ListQuery,
): Promise<{ rows: TicketJoinedRow[]; total: ListTotal }> {
  if (query.page === 1 && !query.search && !filters.alsoVisibleTo && filters.landlordId === undefined) {
    return firstPage(db, viewer, filters, query);
  }
  // Unnarrowed (the super admin's whole list): search through the trigram indexes.
  const indexed =
    ticketScope(viewer) === 'all' &&
    !filters.alsoVisibleTo &&
    filters.propertyId === undefined &&
    filters.landlordId === undefined;
  const whereWith = (visible: SQL) =>
    and(
      visible,
      filters.alsoVisibleTo ? visibleTickets(filters.alsoVisibleTo) : undefined,
      filters.status === undefined ? undefined : eq(tickets.status, filters.status),
      filters.propertyId === undefined ? undefined : eq(tickets.propertyId, filters.propertyId),
      filters.landlordId === undefined ? undefined : eq(properties.landlordId, filters.landlordId),
      ticketSearch(query.search, { indexed }),
    );
  const order = orderBy(query, SORTABLE, DEFAULT_SORT, tickets.id);
  if ((query.search && !indexed) || filters.landlordId !== undefined) {
    // A narrowed search (or one landlord's list) reads joined columns: the page and its total in one pass
    // over the few hundred matching rows, `count(*) over ()`, rather than matching them all twice.
    const where = whereWith(visibleWithProperties(viewer));
    const found = await selectRowsCounted(db)
      .where(where)
      .orderBy(...order)
      .limit(query.per_page)
      .offset(pageOffset(query));
    if (found.length > 0 || query.page === 1) {
      const rows: TicketJoinedRow[] = found.map(({ matched: _matched, ...row }) => row);
      return { rows, total: cappedTotal(found[0]?.matched ?? 0, LIST_COUNT_CAP) };
    }
    // Past the last page no row carries the total: count it alone.
    const [{ counted }] = await countTickets(db, where, true, LIST_COUNT_CAP);
    return { rows: [], total: cappedTotal(counted, LIST_COUNT_CAP) };
  }
  const where = whereWith(visibleTickets(viewer));
  const [rows, [{ counted }]] = await Promise.all([
    selectRows(db)
      .where(where)
      .orderBy(...order)
      .limit(query.per_page)
      .offset(pageOffset(query)),
    countTickets(db, where, false, LIST_COUNT_CAP),
  ]);
  return { rows, total: cappedTotal(counted, LIST_COUNT_CAP) };
}

/**
 * Page 1 without a search: what every visit of the tickets screen asks first. Its queries are built once
 * per scope, filter set, sort and page size (db/reusable.ts), with the viewer and filter values as placeholders.
 */
async function firstPage(
  db: Db,
  viewer: Actor,
  filters: TicketFilters,
  query: ListQuery,
): Promise<{ rows: TicketJoinedRow[]; total: ListTotal }> {
  const visible = visibleByPlaceholder(viewer);
  const { key: sort, direction } = sortOf(query, SORTABLE, DEFAULT_SORT);
  const byStatus = filters.status !== undefined;
  const byProperty = filters.propertyId !== undefined;
  const key = `tickets_p1_${visible.key}_${byStatus ? 's' : ''}${byProperty ? 'p' : ''}_${sort}_${direction}_${query.per_page}`;
  const where = and(
    visible.where,
    byStatus ? eq(tickets.status, sql.placeholder('status')) : undefined,
    byProperty ? eq(tickets.propertyId, sql.placeholder('propertyId')) : undefined,
  );
  const order = orderBy({ ...query, sort, order: direction }, SORTABLE, DEFAULT_SORT, tickets.id);
  // Sorted by the ticket's own columns, the page's ids come from `tickets` alone (an index-only scan for
  // the default order) and only those rows are joined; otherwise every visible row would be joined first.
  // That LIMIT is written into the SQL (the page size is part of the key): given as a parameter, PostgreSQL
  // cannot plan it once for all calls and would replan the query every time.
  const limit = sql.raw(String(query.per_page));
  // A contractor's unfiltered page by date: from ticket_recipients' (user_id, ticket_created_at, ticket_id)
  // index alone, rather than one `tickets` row per routed ticket to sort them.
  const routedByDate = visible.key === 'routed' && !byStatus && !byProperty;
  const recipientOrder = sql.raw(direction === 'asc' ? 'asc' : 'desc');
  const pageIds =
    routedByDate && sort === 'created_at'
      ? sql`select ${ticketRecipients.ticketId} from ${ticketRecipients} where ${ticketRecipients.userId} = ${sql.placeholder('viewerId')} order by ${ticketRecipients.ticketCreatedAt} ${recipientOrder}, ${ticketRecipients.ticketId} ${recipientOrder} limit ${limit}`
      : sql`select ${tickets.id} from ${tickets} where ${where} order by ${sql.join(order, sql`, `)} limit ${limit}`;
  const rowsQuery = reusable(db, key, (db, name) =>
    JOINED_SORTS.has(sort)
      ? selectRows(db)
          .where(where)
          .orderBy(...order)
          .limit(query.per_page)
          .prepare(name)
      : selectRows(db)
          .where(sql`${tickets.id} in (${pageIds})`)
          .orderBy(...order)
          .prepare(name),
  );
  // A contractor's unfiltered count is the number of its ticket_recipients rows (an index-only scan);
  // each of them names a ticket (foreign key, cascade on delete).
  const countQuery = reusable(db, `${key}_count`, (db, name) =>
    routedByDate
      ? db
          .select({ counted: countAll })
          .from(
            db
              .select({ one: sql`1` })
              .from(ticketRecipients)
              .where(eq(ticketRecipients.userId, sql.placeholder('viewerId')))
              .limit(LIST_COUNT_CAP + 1)
              .as('matching'),
          )
          .prepare(name)
      : visible.key === 'all' && !byStatus && !byProperty
        ? countEveryTicket(db).prepare(name)
        : countTickets(db, where, false, LIST_COUNT_CAP).prepare(name),
  );
  const values = { ...viewerValues(viewer), status: filters.status, propertyId: filters.propertyId };
  const [rows, [{ counted }]] = await Promise.all([rowsQuery.execute(values), countQuery.execute(values)]);
  return { rows, total: cappedTotal(counted, LIST_COUNT_CAP) };
}

/** Above this planner estimate of the tickets table, its unfiltered count is taken as over the cap. */
export const TICKETS_ESTIMATE_TRUSTED_ABOVE = LIST_COUNT_CAP * 10;

/**
 * The super admin's unfiltered count: capped at once when PostgreSQL's own estimate of the table
 * (`pg_class.reltuples`, kept by autovacuum and ANALYZE) is ten times the cap, else counted up to the cap.
 * Counting 10,001 rows on every page load was most of that list's database time (ADR 0007).
 */
function countEveryTicket(db: Db) {
  const over = sql.raw(String(LIST_COUNT_CAP + 1));
  return db
    .select({
      counted:
        sql<number>`case when (select reltuples from pg_class where oid = 'tickets'::regclass) > ${sql.raw(String(TICKETS_ESTIMATE_TRUSTED_ABOVE))} then ${over} else (select count(*) from (select 1 from tickets limit ${over}) as matching) end`.mapWith(
          Number,
        ),
    })
    .from(sql`(select 1) as one`);
}

/**
 * The count of a list, stopped after `cap + 1` rows (a million-ticket count is a full scan per page load);
 * the joins only when the search or the landlord filter reads them.
 */
function countTickets(db: Db, where: SQL | undefined, joined: boolean, cap: number) {
  const matching = db.select({ one: sql`1` }).from(tickets);
  const narrowed = joined
    ? matching
        .innerJoin(properties, eq(properties.id, tickets.propertyId))
        .leftJoin(tenantUser, eq(tenantUser.id, tickets.tenantId))
        .where(where)
    : matching.where(where);
  return db.select({ counted: countAll }).from(narrowed.limit(cap + 1).as('matching'));
}

/** Rows of the given tickets the viewer sees, in id order. */
export async function ticketRowsByIds(db: Db, viewer: Actor, ids: number[]): Promise<TicketJoinedRow[]> {
  if (ids.length === 0) return [];
  return selectRows(db)
    .where(and(inArray(tickets.id, ids), visibleTickets(viewer)))
    .orderBy(asc(tickets.id));
}

/** One ticket the viewer sees, or undefined (also for ids that do not exist: the caller answers 404). */
export async function findTicketRow(db: Db, viewer: Actor, id: number): Promise<TicketJoinedRow | undefined> {
  const visible = visibleByPlaceholder(viewer);
  const query = reusable(db, `ticket_row_${visible.key}`, (db, name) =>
    selectRows(db)
      .where(and(eq(tickets.id, sql.placeholder('id')), visible.where))
      .limit(1)
      .prepare(name),
  );
  const [row] = await query.execute({ id, ...viewerValues(viewer) });
  return row;
}

/** A ticket's row and everything its details show, as `findTicketDetail` reads them in one statement. */
export interface TicketDetailRows {
  row: TicketJoinedRow;
  categories: { id: number; title: string }[];
  images: TicketImageRow[];
  availability: TicketAvailabilityRow[];
  log: LogRowWithUser[];
  /** Whether the viewer has unviewed notifications about it (opening it marks them viewed). */
  unviewedNotifications: boolean;
}

// The detail's lists as JSON columns of the ticket's own row: one statement and one pooled connection per
// detail instead of five (at 32 concurrent requests the pool, not the database, was the queue).
const detailLists = {
  categoriesJson: sql<
    { id: number; title: string }[]
  >`(select coalesce(json_agg(json_build_object('id', c.id, 'title', c.title) order by c.id), '[]'::json) from ticket_categories tc join categories c on c.id = tc.category_id where tc.ticket_id = ${tickets.id})`,
  imagesJson: sql<
    JsonImage[]
  >`(select coalesce(json_agg(json_build_object('id', ti.id, 'ticketId', ti.ticket_id, 'storageKey', ti.storage_key, 'thumbnailKey', ti.thumbnail_key, 'mimeType', ti.mime_type, 'sizeBytes', ti.size_bytes, 'originalName', ti.original_name, 'position', ti.position, 'createdAt', ti.created_at) order by ti.position, ti.id), '[]'::json) from ticket_images ti where ti.ticket_id = ${tickets.id})`,
  availabilityJson: sql<
    JsonAvailability[]
  >`(select coalesce(json_agg(json_build_object('id', ta.id, 'ticketId', ta.ticket_id, 'startsAt', ta.starts_at, 'endsAt', ta.ends_at) order by ta.starts_at, ta.id), '[]'::json) from ticket_availability ta where ta.ticket_id = ${tickets.id})`,
  unviewedNotifications: sql<boolean>`exists(select 1 from notifications n where n.user_id = ${sql.placeholder('viewerId')} and n.ticket_id = ${tickets.id} and n.viewed_at is null)`,
  logJson: sql<
    JsonLogEntry[]
  >`(select coalesce(json_agg(json_build_object('entry', json_build_object('id', l.id, 'ticketId', l.ticket_id, 'userId', l.user_id, 'action', l.action, 'description', l.description, 'data', l.data, 'createdAt', l.created_at), 'user', case when u.id is null then null else json_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name, 'companyName', u.company_name, 'email', u.email) end) order by l.created_at desc, l.id desc), '[]'::json) from ticket_log l left join users u on u.id = l.user_id where l.ticket_id = ${tickets.id})`,
};

type Dated<T, K extends keyof T> = Omit<T, K> & { [P in K]: string };
type JsonImage = Dated<TicketImageRow, 'createdAt'>;
type JsonAvailability = Dated<TicketAvailabilityRow, 'startsAt' | 'endsAt'>;
type JsonLogEntry = { entry: Dated<TicketLogRow, 'createdAt'>; user: LogRowWithUser['user'] };

/** A ticket the viewer sees, with its categories, files, availability and log (newest first). */
export async function findTicketDetail(
  db: Db,
  viewer: Actor,
  id: number,
): Promise<TicketDetailRows | undefined> {
  const visible = visibleByPlaceholder(viewer);
  const query = reusable(db, `ticket_detail_${visible.key}`, (db, name) =>
    db
      .select({ ...rowColumns, ...detailLists })
      .from(tickets)
      .innerJoin(units, eq(units.id, tickets.unitId))
      .innerJoin(properties, eq(properties.id, tickets.propertyId))
      .leftJoin(tenantUser, eq(tenantUser.id, tickets.tenantId))
      .where(and(eq(tickets.id, sql.placeholder('id')), visible.where))
      .limit(1)
      .prepare(name),
  );
  const [found] = await query.execute({ id, ...viewerValues(viewer) });
  if (!found) return undefined;
  const { categoriesJson, imagesJson, availabilityJson, logJson, unviewedNotifications, ...row } = found;
  return {
    row,
    unviewedNotifications,
    categories: categoriesJson,
    images: imagesJson.map((image) => ({ ...image, createdAt: new Date(image.createdAt) })),
    availability: availabilityJson.map((range) => ({
      ...range,
      startsAt: new Date(range.startsAt),
      endsAt: new Date(range.endsAt),
    })),
    log: logJson.map(({ entry, user }) => ({
      entry: { ...entry, createdAt: new Date(entry.createdAt) },
      user,
    })),
  };
}

// ---------------------------------------------------------------------------------------------------------
// What a ticket shows beside its row, loaded for many tickets at once

export async function categoriesOf(db: Db, ticketIds: number[]) {
  if (ticketIds.length === 0) return [];
  return db
    .select({ ticketId: ticketCategories.ticketId, id: categories.id, title: categories.title })
    .from(ticketCategories)
    .innerJoin(categories, eq(categories.id, ticketCategories.categoryId))
    .where(inArray(ticketCategories.ticketId, ticketIds))
    .orderBy(asc(categories.id));
}

export async function imagesOf(db: Db, ticketId: number) {
  const query = reusable(db, 'ticket_images', (db, name) =>
    db
      .select()
      .from(ticketImages)
      .where(eq(ticketImages.ticketId, sql.placeholder('ticketId')))
      .orderBy(asc(ticketImages.position), asc(ticketImages.id))
      .prepare(name),
  );
  return query.execute({ ticketId });
}

export async function availabilityOf(db: Db, ticketId: number) {
  const query = reusable(db, 'ticket_availability', (db, name) =>
    db
      .select()
      .from(ticketAvailability)
      .where(eq(ticketAvailability.ticketId, sql.placeholder('ticketId')))
      .orderBy(asc(ticketAvailability.startsAt), asc(ticketAvailability.id))
      .prepare(name),
  );
  return query.execute({ ticketId });
}
