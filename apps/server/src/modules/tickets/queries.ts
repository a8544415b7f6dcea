/**
 * Ticket reads: the one visibility scope (DESIGN.md) that every list and every single load goes through,
 * list filters/search/sort done in SQL, and the loaders of what a ticket shows beside its own row.
 */
import {
  type Actor,
  LIST_COUNT_CAP,
  SEARCH_COUNT_CAP,
  TICKET_STATUSES,
  type TicketScope,
  ticketScope,
} from '@mend/shared';
import {
  type AnyColumn,
  and,
  asc,
  eq,
  getTableColumns,
  inArray,
  or,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias, QueryBuilder } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { reusable } from '../../db/reusable';
import {
  properties,
  sessions,
  type TicketAvailabilityRow,
  type TicketImageRow,
  type TicketLogRow,
  tenantUnits,
  ticketAvailability,
  ticketImages,
  ticketRecipients,
  tickets,
  units,
  users,
} from '../../db/schema';
import {
  cappedTotal,
  countAll,
  countCapFor,
  everyRowCountUpTo,
  type ListQuery,
  type ListTotal,
  likePattern,
  orderBy,
  pageOffset,
  type SortColumns,
  sortOf,
} from '../../lib/list-query';
import { type ScopedActor, sessionColumns, sessionMatches } from '../../lib/session';
import type { LogRowWithUser } from './serialize';

/** Builds subqueries without a database handle. */
const qb = new QueryBuilder();

/** The ticket's tenant, joined under its own name (the log joins `users` for authors). */
export const tenantUser = alias(users, 'tenant');

/**
 * Which tickets an actor sees: all (role 0), its landlord's properties (role 1), its own unit (role 2),
 * the tickets routed to it (role 3). Each is an indexed IN (subquery), usable in SELECT, UPDATE and DELETE.
 */
export function visibleTickets(actor: ScopedActor): SQL {
  return visibleIn(ticketScope(actor), actor.id, actor.landlordId);
}

/**
 * `visibleTickets` for a query that joins `properties`: a manager's scope as `landlordTicketsJoined`.
 */
function visibleWithProperties(actor: Actor): SQL {
  if (ticketScope(actor) !== 'landlord' || actor.landlordId === null) return visibleTickets(actor);
  return landlordTicketsJoined(actor.landlordId);
}

/**
 * A landlord's tickets in a query that joins `properties` (a manager's scope, the landlord filter of
 * GET landlords/{id}/tickets): the tickets' own property ids, and also `properties.landlord_id = x`, so that
 * PostgreSQL reads only the landlord's properties (by index) rather than hashing all of them (a manager's
 * search over 500 tickets: 7 ms instead of 14, at 1,000,000 tickets). Without the IN part the planner walks all
 * tickets in date order (the super admin's list of one landlord: 0.5 s instead of 5 ms).
 */
function landlordTicketsJoined(landlordId: number): SQL {
  return and(
    inArray(tickets.propertyId, propertiesOfLandlord(landlordId)),
    eq(properties.landlordId, landlordId),
  ) as SQL;
}

/** The ids of a landlord's properties, as a subquery. */
function propertiesOfLandlord(landlordId: number | Placeholder) {
  return qb.select({ id: properties.id }).from(properties).where(eq(properties.landlordId, landlordId));
}

/**
 * `visibleTickets` as a condition on a property id, for the scopes that see every ticket of the properties they
 * see (the super admin's, a manager's); null for the scopes that pick tickets one by one (a tenant's unit, a
 * contractor's routed tickets). Figures kept per property (ticket_counts) are read through it.
 */
export function visibleWholeProperties(actor: Actor, propertyId: AnyColumn): SQL | null {
  switch (ticketScope(actor)) {
    case 'all':
      return sql`true`;
    case 'landlord':
      return actor.landlordId === null
        ? sql`false`
        : inArray(propertyId, propertiesOfLandlord(actor.landlordId));
    default:
      return null;
  }
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
      return inArray(tickets.propertyId, propertiesOfLandlord(landlordId));
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

/** A ticket's own columns as answers read them: all but the search text (ADR 0009). */
const { searchText: _searchText, ...ticketColumns } = getTableColumns(tickets);

/** A ticket row with what every answer shows of its unit, property and tenant. */
const rowColumns = {
  ticket: ticketColumns,
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

/** A ticket's categories as a JSON column of its row (one statement per page instead of two). */
const categoriesJson = sql<
  { id: number; title: string }[]
>`(select coalesce(json_agg(json_build_object('id', c.id, 'title', c.title) order by c.id), '[]'::json) from ticket_categories tc join categories c on c.id = tc.category_id where tc.ticket_id = ${tickets.id})`;

/** What a list row carries: the joined row and its categories. */
const listColumns = { ...rowColumns, categoriesJson };

function selectRows(db: Db) {
  return db
    .select(rowColumns)
    .from(tickets)
    .innerJoin(units, eq(units.id, tickets.unitId))
    .innerJoin(properties, eq(properties.id, tickets.propertyId))
    .leftJoin(tenantUser, eq(tenantUser.id, tickets.tenantId));
}

/** List rows: `selectRows` with each row's categories. */
function selectListRows(db: Db) {
  return db
    .select(listColumns)
    .from(tickets)
    .innerJoin(units, eq(units.id, tickets.unitId))
    .innerJoin(properties, eq(properties.id, tickets.propertyId))
    .leftJoin(tenantUser, eq(tenantUser.id, tickets.tenantId));
}

/** List rows, each with a count of the matching rows: `matched`, an SQL expression computed once. */
function selectListRowsCounted(db: Db, matched: SQL) {
  return db
    .select({ ...listColumns, matched: sql<number>`${matched}`.mapWith(Number) })
    .from(tickets)
    .innerJoin(units, eq(units.id, tickets.unitId))
    .innerJoin(properties, eq(properties.id, tickets.propertyId))
    .leftJoin(tenantUser, eq(tenantUser.id, tickets.tenantId));
}

export type TicketJoinedRow = Awaited<ReturnType<ReturnType<typeof selectRows>['execute']>>[number];
export type TicketListRow = Awaited<ReturnType<ReturnType<typeof selectListRows>['execute']>>[number];

/** Counted matches of `where`, stopped after `cap + 1` (an uncorrelated subquery: PostgreSQL runs it once). */
function cappedCount(where: SQL | undefined, cap: number): SQL {
  return sql`(select count(*) from (select 1 from ${tickets} where ${where ?? sql`true`} limit ${sql.raw(String(cap + 1))}) as matching)`;
}

/** Rows without their `matched` column, and the total that column carries. */
function withoutMatched(found: (TicketListRow & { matched: number })[], cap: number) {
  const rows: TicketListRow[] = found.map(({ matched: _matched, ...row }) => row);
  return { rows, total: cappedTotal(found[0]?.matched ?? 0, cap) };
}

/** Every key sorts by a column of `tickets` (the property's and tenant's names are copied there, migration 0007). */
const SORTABLE = {
  title: sql`lower(${tickets.title})`,
  status: tickets.status,
  created_at: tickets.createdAt,
  property: tickets.propertySort,
  tenant: tickets.tenantSort,
} satisfies SortColumns<'tickets'>;
const DEFAULT_SORT = { sort: 'created_at', order: 'desc' } as const;

/** A search term as the query matches it: the text, a visible id (its digits) and status names (indexes). */
interface SearchTerm {
  /** The term itself, for `strpos` (a narrow scope, row by row). */
  term: string;
  /** The term as a LIKE pattern, for the trigram index (the whole list). */
  pattern: string;
  /** "#007", "007" and "7" all find ticket 7 (the visible id is zero-padded to 3 digits). */
  digits: string | null;
  statuses: number[];
}

function searchTerm(term: string): SearchTerm {
  const digits = term.replace(/^#/, '').trim();
  const lower = term.toLowerCase();
  return {
    term,
    pattern: likePattern(term),
    digits: /^\d{1,12}$/.test(digits) ? likePattern(digits) : null,
    statuses: TICKET_STATUSES.flatMap((name, index) => (name.toLowerCase().includes(lower) ? [index] : [])),
  };
}

/**
 * Search (SPEC.md "Tickets screen"): title, description, visible id, status text, category title, tenant
 * name or company, property name. The text fields are one lower-cased column, `tickets.search_text`, kept by
 * triggers (ADR 0009). `values` are the term's values or placeholders of the same names.
 * - `indexed` (the whole list): `LIKE lower('%term%')`, which the column's trigram index answers.
 * - otherwise (a scope of a few hundred tickets, filtered row by row): `strpos(text, lower(term)) > 0`, the
 *   same substring match, which no index can take. A reusable (prepared) statement's generic plan cannot see
 *   the pattern and, offered the trigram index, would AND every visible ticket with a common word's posting
 *   lists (300 ms instead of 1).
 */
function ticketSearch(
  term: SearchTerm,
  values: { [K in keyof SearchTerm]: SearchTerm[K] | Placeholder },
  indexed: boolean,
): SQL {
  const parts: SQL[] = [
    indexed
      ? sql`${tickets.searchText} like lower(${values.pattern})`
      : sql`strpos(${tickets.searchText}, lower(${values.term})) > 0`,
  ];
  if (term.digits !== null) {
    parts.push(
      sql`lpad(${tickets.id}::text, greatest(3, length(${tickets.id}::text)), '0') like ${values.digits}`,
    );
  }
  if (term.statuses.length > 0) {
    const statuses = values.statuses;
    parts.push(
      Array.isArray(statuses) ? inArray(tickets.status, statuses) : sql`${tickets.status} = any(${statuses})`,
    );
  }
  return or(...parts) as SQL;
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
): Promise<{ rows: TicketListRow[]; total: ListTotal }> {
  const general = filters.alsoVisibleTo !== undefined || filters.landlordId !== undefined;
  // The super admin's whole list: a search looks its words up in the trigram index.
  const wholeList = ticketScope(viewer) === 'all' && !general && filters.propertyId === undefined;
  if (!general && !query.search && query.page === 1) return firstPage(db, viewer, filters, query);
  if (!general && query.search && !wholeList) return narrowedSearch(db, viewer, filters, query);
  const term = query.search ? searchTerm(query.search) : null;
  const cap = countCapFor(query, term ? SEARCH_COUNT_CAP : LIST_COUNT_CAP);
  // A narrowed search (or one landlord's list) reads joined columns: its few hundred matches are counted in
  // the same pass as the page (`count(*) over ()`); the whole list counts by itself, up to the cap.
  const overRows = (term !== null && !wholeList) || filters.landlordId !== undefined;
  const where = and(
    overRows ? visibleWithProperties(viewer) : visibleTickets(viewer),
    filters.alsoVisibleTo ? visibleTickets(filters.alsoVisibleTo) : undefined,
    filters.status === undefined ? undefined : eq(tickets.status, filters.status),
    filters.propertyId === undefined ? undefined : eq(tickets.propertyId, filters.propertyId),
    filters.landlordId === undefined ? undefined : landlordTicketsJoined(filters.landlordId),
    term ? ticketSearch(term, term, wholeList) : undefined,
  );
  const order = orderBy(query, SORTABLE, DEFAULT_SORT, tickets.id);
  if (!overRows) {
    // The page's ids and the total from `tickets` alone, planned with the pattern (a common word walks the date
    // index, a rare one the trigram index); then those rows joined by a prepared statement. Planning the joins
    // with every search cost more than running the search (0.9 ms against 0.1, at 1,000,000 tickets).
    const page = await db
      .select({ id: tickets.id, matched: sql<number>`${cappedCount(where, cap)}`.mapWith(Number) })
      .from(tickets)
      .where(where)
      .orderBy(...order)
      .limit(query.per_page)
      .offset(pageOffset(query));
    if (page.length > 0 || query.page === 1) {
      return {
        rows: await listRowsByIds(
          db,
          page.map((row) => row.id),
        ),
        total: cappedTotal(page[0]?.matched ?? 0, cap),
      };
    }
    const [{ counted }] = await countTickets(db, where, false, cap);
    return { rows: [], total: cappedTotal(counted, cap) };
  }
  const found = await selectListRowsCounted(db, overRows ? sql`count(*) over ()` : cappedCount(where, cap))
    .where(where)
    .orderBy(...order)
    .limit(query.per_page)
    .offset(pageOffset(query));
  if (found.length > 0 || query.page === 1) return withoutMatched(found, cap);
  // Past the last page no row carries the total: count it alone.
  const [{ counted }] = await countTickets(db, where, overRows, cap);
  return { rows: [], total: cappedTotal(counted, cap) };
}

/**
 * A search within the viewer's own scope (a manager's, tenant's or contractor's tickets, or one property's):
 * what the search box asks on every keystroke. One reusable statement per scope, filter set, term shape, sort
 * and page size, with the values as placeholders; the scope's few hundred tickets are filtered row by row, and
 * the page and its total come from one pass (`count(*) over ()`) over `tickets` alone, before only the page's
 * rows are joined.
 */
async function narrowedSearch(
  db: Db,
  viewer: Actor,
  filters: TicketFilters,
  query: ListQuery,
): Promise<{ rows: TicketListRow[]; total: ListTotal }> {
  const term = searchTerm(query.search);
  const visible = visibleByPlaceholder(viewer);
  const { key: sort, direction } = sortOf(query, SORTABLE, DEFAULT_SORT);
  const byStatus = filters.status !== undefined;
  const byProperty = filters.propertyId !== undefined;
  const shape = `${term.digits === null ? '' : 'd'}${term.statuses.length > 0 ? 't' : ''}`;
  const key = `tickets_search_${visible.key}_${byStatus ? 's' : ''}${byProperty ? 'p' : ''}_${shape}_${sort}_${direction}_${query.per_page}`;
  const pageQuery = reusable(db, key, (db, name) => {
    const where = and(
      visible.where,
      byStatus ? eq(tickets.status, sql.placeholder('status')) : undefined,
      byProperty ? eq(tickets.propertyId, sql.placeholder('propertyId')) : undefined,
      ticketSearch(
        term,
        {
          term: sql.placeholder('term'),
          pattern: sql.placeholder('pattern'),
          digits: sql.placeholder('digits'),
          statuses: sql.placeholder('statuses'),
        },
        false,
      ),
    );
    const order = orderBy({ ...query, sort, order: direction }, SORTABLE, DEFAULT_SORT, tickets.id);
    const limit = sql.raw(String(query.per_page));
    const page = sql`(select ${tickets.id} as id, count(*) over () as matched from ${tickets} where ${where} order by ${sql.join(order, sql`, `)} limit ${limit} offset ${sql.placeholder('offset')}) as page`;
    return db
      .select({ ...listColumns, matched: sql<number>`page.matched`.mapWith(Number) })
      .from(page)
      .innerJoin(tickets, sql`${tickets.id} = page.id`)
      .innerJoin(units, eq(units.id, tickets.unitId))
      .innerJoin(properties, eq(properties.id, tickets.propertyId))
      .leftJoin(tenantUser, eq(tenantUser.id, tickets.tenantId))
      .orderBy(...order)
      .prepare(name);
  });
  const values = {
    ...viewerValues(viewer),
    status: filters.status,
    propertyId: filters.propertyId,
    term: term.term,
    digits: term.digits,
    statuses: term.statuses,
    offset: pageOffset(query),
  };
  const found = await pageQuery.execute(values);
  const cap = countCapFor(query, SEARCH_COUNT_CAP);
  if (found.length === 0 && query.page > 1) {
    // Past the last page no row carries the total: the first page's rows do.
    const [first] = await pageQuery.execute({ ...values, offset: 0 });
    return { rows: [], total: cappedTotal(first?.matched ?? 0, cap) };
  }
  return withoutMatched(found, cap);
}

/**
 * Page 1 without a search: what every visit of the tickets screen asks first. One statement per scope,
 * filter set, sort and page size (db/reusable.ts), with the viewer and filter values as placeholders; the
 * total is a column of its rows (an empty first page has none to carry, and its total is 0).
 */
async function firstPage(
  db: Db,
  viewer: Actor,
  filters: TicketFilters,
  query: ListQuery,
): Promise<{ rows: TicketListRow[]; total: ListTotal }> {
  const visible = visibleByPlaceholder(viewer);
  const { key: sort, direction } = sortOf(query, SORTABLE, DEFAULT_SORT);
  const byStatus = filters.status !== undefined;
  const byProperty = filters.propertyId !== undefined;
  const key = `tickets_p1_${visible.key}_${byStatus ? 's' : ''}${byProperty ? 'p' : ''}_${sort}_${direction}_${query.per_page}`;
  const rowsQuery = reusable(db, key, (db, name) => {
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
    // index alone, rather than one `tickets` row per routed ticket to sort them. Its count is the number of
    // its ticket_recipients rows (an index-only scan); each of them names a ticket (foreign key, cascade).
    const routedByDate = visible.key === 'routed' && !byStatus && !byProperty;
    const recipientOrder = sql.raw(direction === 'asc' ? 'asc' : 'desc');
    const pageIds =
      routedByDate && sort === 'created_at'
        ? sql`select ${ticketRecipients.ticketId} from ${ticketRecipients} where ${ticketRecipients.userId} = ${sql.placeholder('viewerId')} order by ${ticketRecipients.ticketCreatedAt} ${recipientOrder}, ${ticketRecipients.ticketId} ${recipientOrder} limit ${limit}`
        : sql`select ${tickets.id} from ${tickets} where ${where} order by ${sql.join(order, sql`, `)} limit ${limit}`;
    const over = sql.raw(String(LIST_COUNT_CAP + 1));
    const matched = routedByDate
      ? sql`(select count(*) from (select 1 from ${ticketRecipients} where ${ticketRecipients.userId} = ${sql.placeholder('viewerId')} limit ${over}) as matching)`
      : visible.key === 'all' && !byStatus && !byProperty
        ? everyTicketCount
        : cappedCount(where, LIST_COUNT_CAP);
    const selected = selectListRowsCounted(db, matched);
    return selected
      .where(sql`${tickets.id} in (${pageIds})`)
      .orderBy(...order)
      .prepare(name);
  });
  const values = { ...viewerValues(viewer), status: filters.status, propertyId: filters.propertyId };
  return withoutMatched(await rowsQuery.execute(values), LIST_COUNT_CAP);
}

/** The super admin's unfiltered count, from the table's estimate when it is far above the cap. */
const everyTicketCount = everyRowCountUpTo(tickets, LIST_COUNT_CAP);

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

/** List rows of the given tickets, in the order of `ids` (already checked against the viewer's scope). */
async function listRowsByIds(db: Db, ids: number[]): Promise<TicketListRow[]> {
  if (ids.length === 0) return [];
  const query = reusable(db, 'ticket_list_rows_by_ids', (db, name) =>
    selectListRows(db)
      .where(sql`${tickets.id} = any(${sql.placeholder('ids')})`)
      .prepare(name),
  );
  const byId = new Map((await query.execute({ ids })).map((row) => [row.ticket.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Rows of the given tickets the viewer sees, in id order. */
export async function ticketRowsByIds(db: Db, viewer: Actor, ids: number[]): Promise<TicketListRow[]> {
  if (ids.length === 0) return [];
  return selectListRows(db)
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
}

// The detail's lists as JSON columns of the ticket's own row: one statement and one pooled connection per
// detail instead of five (at 32 concurrent requests the pool, not the database, was the queue).
const detailLists = {
  categoriesJson,
  imagesJson: sql<
    JsonImage[]
  >`(select coalesce(json_agg(json_build_object('id', ti.id, 'ticketId', ti.ticket_id, 'storageKey', ti.storage_key, 'thumbnailKey', ti.thumbnail_key, 'mimeType', ti.mime_type, 'sizeBytes', ti.size_bytes, 'originalName', ti.original_name, 'position', ti.position, 'createdAt', ti.created_at) order by ti.position, ti.id), '[]'::json) from ticket_images ti where ti.ticket_id = ${tickets.id})`,
  availabilityJson: sql<
    JsonAvailability[]
  >`(select coalesce(json_agg(json_build_object('id', ta.id, 'ticketId', ta.ticket_id, 'startsAt', ta.starts_at, 'endsAt', ta.ends_at) order by ta.starts_at, ta.id), '[]'::json) from ticket_availability ta where ta.ticket_id = ${tickets.id})`,
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
  return found ? detailRowsOf(found) : undefined;
}

/** The detail's JSON lists read back into rows (timestamps come as text). */
function detailRowsOf(found: TicketJoinedRow & DetailListColumns): TicketDetailRows {
  const { categoriesJson, imagesJson, availabilityJson, logJson, ...row } = found;
  return {
    row,
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

type DetailListColumns = {
  [K in keyof typeof detailLists]: (typeof detailLists)[K]['_']['type'];
};

/**
 * Whether the session's user (`users`, unaliased) may see the joined ticket, for each scope: one statement
 * reads the session and the ticket before the viewer's role is known (`ticketDetailWithSession`), so it
 * answers for every scope and `detailForViewer` takes the viewer's. These are `visibleIn`'s rules asked of
 * one ticket, each an index lookup (`visibleIn`'s `IN (…)` form made PostgreSQL walk all of a manager's
 * routed tickets for the one); tickets-visibility.test.ts holds both forms to every role.
 */
const visiblePerScope = {
  landlord: sql<boolean>`coalesce(${properties.landlordId} = ${users.landlordId}, false)`,
  unit: sql<boolean>`exists(select 1 from ${tenantUnits} where ${tenantUnits.userId} = ${users.id} and ${tenantUnits.unitId} = ${tickets.unitId})`,
  routed: sql<boolean>`exists(select 1 from ${ticketRecipients} where ${ticketRecipients.ticketId} = ${tickets.id} and ${ticketRecipients.userId} = ${users.id})`,
};

/**
 * GET tickets/{id} in one round trip (the route is `sessionInQuery`, ADR 0013): the session and its user
 * (`sessionColumns`, placeholders `id` and `now`) with the ticket `ticketId` and its lists, whoever it
 * belongs to. `detailForViewer` then answers only what the viewer may see.
 */
export function ticketDetailWithSession(db: Db) {
  return reusable(db, 'session_with_ticket_detail', (db, name) =>
    db
      .select({
        ...sessionColumns,
        ...rowColumns,
        ...detailLists,
        // Whether the viewer has unviewed notifications about it (opening it marks them viewed).
        unviewedNotifications: sql<boolean>`exists(select 1 from notifications n where n.user_id = ${users.id} and n.ticket_id = ${tickets.id} and n.viewed_at is null)`,
        visible: visiblePerScope,
      })
      .from(sessions)
      .leftJoin(users, eq(users.id, sessions.userId))
      .leftJoin(tickets, eq(tickets.id, sql.placeholder('ticketId')))
      .leftJoin(units, eq(units.id, tickets.unitId))
      .leftJoin(properties, eq(properties.id, tickets.propertyId))
      .leftJoin(tenantUser, eq(tenantUser.id, tickets.tenantId))
      .where(sessionMatches)
      .limit(1)
      .prepare(name),
  );
}

export type TicketDetailWithSession = Awaited<
  ReturnType<ReturnType<typeof ticketDetailWithSession>['execute']>
>[number];

/** What `ticketDetailWithSession` read, if the ticket exists and `viewer` may see it. */
export function detailForViewer(viewer: Actor, found: TicketDetailWithSession): TicketDetailRows | undefined {
  const {
    session: _session,
    user: _user,
    visible,
    unviewedNotifications: _unviewed,
    ticket,
    unit,
    property,
    tenant,
    ...lists
  } = found;
  if (!ticket || !unit || !property) return undefined;
  const scope = ticketScope(viewer);
  if (scope !== 'all' && !visible[scope]) return undefined;
  return detailRowsOf({ ticket, unit, property, tenant, ...lists });
}

// ---------------------------------------------------------------------------------------------------------
// What a ticket shows beside its row, loaded for many tickets at once

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
