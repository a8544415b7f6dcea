/**
 * Ticket reads: the one visibility scope (DESIGN.md) that every list and every single load goes through,
 * list filters/search/sort done in SQL, and the loaders of what a ticket shows beside its own row.
 */
import { type Actor, LIST_COUNT_CAP, TICKET_STATUSES, type TicketScope, ticketScope } from '@mend/shared';
import { and, asc, desc, eq, exists, ilike, inArray, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { alias, QueryBuilder } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { reusable } from '../../db/reusable';
import {
  categories,
  properties,
  tenantUnits,
  ticketAvailability,
  ticketCategories,
  ticketImages,
  ticketLog,
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
  const where = and(
    visibleTickets(viewer),
    filters.alsoVisibleTo ? visibleTickets(filters.alsoVisibleTo) : undefined,
    filters.status === undefined ? undefined : eq(tickets.status, filters.status),
    filters.propertyId === undefined ? undefined : eq(tickets.propertyId, filters.propertyId),
    filters.landlordId === undefined ? undefined : eq(properties.landlordId, filters.landlordId),
    ticketSearch(query.search, { indexed }),
  );
  const [rows, [{ counted }]] = await Promise.all([
    selectRows(db)
      .where(where)
      .orderBy(...orderBy(query, SORTABLE, DEFAULT_SORT, tickets.id))
      .limit(query.per_page)
      .offset(pageOffset(query)),
    countTickets(
      db,
      where,
      (Boolean(query.search) && !indexed) || filters.landlordId !== undefined,
      LIST_COUNT_CAP,
    ),
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
  const pageIds = sql`select ${tickets.id} from ${tickets} where ${where} order by ${sql.join(order, sql`, `)} limit ${sql.raw(String(query.per_page))}`;
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
  const countQuery = reusable(db, `${key}_count`, (db, name) =>
    countTickets(db, where, false, LIST_COUNT_CAP).prepare(name),
  );
  const values = { ...viewerValues(viewer), status: filters.status, propertyId: filters.propertyId };
  const [rows, [{ counted }]] = await Promise.all([rowsQuery.execute(values), countQuery.execute(values)]);
  return { rows, total: cappedTotal(counted, LIST_COUNT_CAP) };
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

/** One ticket's categories (the detail's; `categoriesOf` serves a list page). */
export async function categoriesOfTicket(db: Db, ticketId: number) {
  const query = reusable(db, 'ticket_categories', (db, name) =>
    db
      .select({ ticketId: ticketCategories.ticketId, id: categories.id, title: categories.title })
      .from(ticketCategories)
      .innerJoin(categories, eq(categories.id, ticketCategories.categoryId))
      .where(eq(ticketCategories.ticketId, sql.placeholder('ticketId')))
      .orderBy(asc(categories.id))
      .prepare(name),
  );
  return query.execute({ ticketId });
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

/** The activity log, newest first, with each author's name columns. */
export async function logOf(db: Db, ticketId: number) {
  const query = reusable(db, 'ticket_log', (db, name) =>
    db
      .select({
        entry: ticketLog,
        user: {
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          companyName: users.companyName,
          email: users.email,
        },
      })
      .from(ticketLog)
      .leftJoin(users, eq(users.id, ticketLog.userId))
      .where(eq(ticketLog.ticketId, sql.placeholder('ticketId')))
      .orderBy(desc(ticketLog.createdAt), desc(ticketLog.id))
      .prepare(name),
  );
  return query.execute({ ticketId });
}
