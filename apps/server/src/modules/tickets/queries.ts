/**
 * Ticket reads: the one visibility scope (DESIGN.md) that every list and every single load goes through,
 * list filters/search/sort done in SQL, and the loaders of what a ticket shows beside its own row.
 */
import {
  type Actor,
  type AssignmentState,
  type DueFilter,
  LIST_COUNT_CAP,
  type Role,
  SEARCH_COUNT_CAP,
  type SignoffState,
  TICKET_STATUSES,
  type TicketScope,
  ticketScope,
  UNASSIGNED_FILTER,
  type VisitState,
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
import {
  hiddenFromPlanner,
  type Placeholders,
  reusable,
  shaped,
  type ViewerShape,
  viewerIn,
  viewerShape,
  withValues,
} from '../../db/reusable';
import {
  properties,
  sessions,
  type TicketAvailabilityRow,
  type TicketImageRow,
  type TicketLogRow,
  tenantUnits,
  ticketAssignments,
  ticketAvailability,
  ticketImages,
  ticketRecipients,
  tickets,
  units,
  users,
} from '../../db/schema';
import type { ScopedActor } from '../../lib/actor';
import {
  cappedTotal,
  countAll,
  countCapFor,
  everyRowCountUpTo,
  type ListQuery,
  type ListTotal,
  likePattern,
  orderOf,
  pageOffset,
  type SortColumns,
  type SortShape,
  searchWalkLength,
  sortOf,
  walkedPage,
} from '../../lib/list-query';
import { propertiesOfLandlord, seesEveryRow } from '../../lib/scopes';
import { sessionColumns, sessionMatches } from '../../lib/session';
import {
  costFlagsJson,
  costsJson,
  type JsonCost,
  type JsonLandlordMoney,
  landlordMoneyJson,
} from '../costs/queries';

/** Builds subqueries without a database handle. */
const qb = new QueryBuilder();

/** The ticket's tenant, joined under its own name (the log joins `users` for authors). */
export const tenantUser = alias(users, 'tenant');

/** Who is looking, as a scope's rule reads it: values, placeholders, or the columns of a user joined in. */
interface Viewer {
  userId: number | Placeholder | AnyColumn;
  /** null: a manager without a landlord, who sees no ticket. */
  landlordId: number | null | Placeholder | AnyColumn;
}

/**
 * Which tickets each scope sees, written once (the super admin sees them all): the tickets whose `ticketColumn`
 * is among the `member` ids of the `table` rows the viewer owns (`owner`). A manager: the tickets of its
 * landlord's properties; a tenant: of its unit; a contractor: the tickets routed to it. `visibleTickets`,
 * `visibleWholeProperties` and the detail's `visiblePerScope` are each a form of these rules.
 */
const MEMBERSHIPS = {
  landlord: {
    ticketColumn: tickets.propertyId,
    table: properties,
    member: properties.id,
    ownerColumn: properties.landlordId,
    ownedBy: 'landlordId',
  },
  unit: {
    ticketColumn: tickets.unitId,
    table: tenantUnits,
    member: tenantUnits.unitId,
    ownerColumn: tenantUnits.userId,
    ownedBy: 'userId',
  },
  routed: {
    ticketColumn: tickets.id,
    table: ticketRecipients,
    member: ticketRecipients.ticketId,
    ownerColumn: ticketRecipients.userId,
    ownedBy: 'userId',
  },
} as const satisfies Record<
  Exclude<TicketScope, 'all'>,
  { ownerColumn: AnyColumn; ownedBy: keyof Viewer; [other: string]: unknown }
>;

type MemberScope = keyof typeof MEMBERSHIPS;

/** The rows of a scope's table the viewer owns (a manager without a landlord owns none). */
function ownedBy(scope: MemberScope, viewer: Viewer): SQL {
  const { ownerColumn, ownedBy: field } = MEMBERSHIPS[scope];
  const owner = viewer[field];
  return owner === null ? sql`false` : eq(ownerColumn, owner);
}

/** The ids a scope's viewer owns (and that also meet `also`), as a subquery. */
function membersOf(scope: MemberScope, viewer: Viewer, also?: SQL) {
  const { table, member } = MEMBERSHIPS[scope];
  return qb
    .select({ id: member })
    .from(table)
    .where(also ? and(ownedBy(scope, viewer), also) : ownedBy(scope, viewer));
}

/**
 * Which tickets an actor sees (MEMBERSHIPS), as an indexed IN (subquery), usable in SELECT, UPDATE and DELETE.
 */
export function visibleTickets(actor: ScopedActor): SQL {
  return visibleIn(ticketScope(actor), actor.id, actor.landlordId);
}

/**
 * `visibleTickets` as a condition on a property id, for the scopes that see every ticket of the properties they
 * see (the super admin's, a manager's); null for the scopes that pick tickets one by one (a tenant's unit, a
 * contractor's routed tickets). Figures kept per property (ticket_counts) are read through it.
 */
export function visibleWholeProperties(actor: ScopedActor, propertyId: AnyColumn): SQL | null {
  const scope = ticketScope(actor);
  if (scope === 'all') return sql`true`;
  if (MEMBERSHIPS[scope].ticketColumn !== tickets.propertyId) return null;
  if (actor.landlordId === null) return sql`false`;
  return inArray(propertyId, membersOf(scope, { userId: actor.id, landlordId: actor.landlordId }));
}

/** Who owns each scope's membership of a ticket (its landlord, its unit's tenants, its contractors): its audience. */
export type TicketAudience = { id: number } & Record<MemberScope, number[]>;

const audienceColumns = Object.fromEntries(
  (Object.keys(MEMBERSHIPS) as MemberScope[]).map((scope) => {
    const { table, member, ticketColumn, ownerColumn } = MEMBERSHIPS[scope];
    const owners = qb.select({ owner: ownerColumn }).from(table).where(eq(member, ticketColumn));
    return [scope, sql<number[]>`array(${owners})`];
  }),
) as Record<MemberScope, SQL<number[]>>;

/** The audiences of the tickets `ids` that exist (a live event's, modules/live). */
export function ticketAudiences(db: Db, ids: number[]): Promise<TicketAudience[]> {
  return db
    .select({ id: tickets.id, ...audienceColumns })
    .from(tickets)
    .where(inArray(tickets.id, ids));
}

/** `visibleTickets` asked of one ticket's audience: whether the actor sees that ticket. */
export function seesTicket(actor: Actor, audience: TicketAudience): boolean {
  const scope = ticketScope(actor);
  if (scope === 'all') return true;
  const owner = MEMBERSHIPS[scope].ownedBy === 'landlordId' ? actor.landlordId : actor.id;
  return owner !== null && audience[scope].includes(owner);
}

/** `visibleTickets` with the actor's ids given as values, or as placeholders for a reusable query. */
function visibleIn(
  scope: TicketScope,
  userId: number | Placeholder,
  landlordId: number | null | Placeholder,
): SQL {
  if (scope === 'all') return sql`true`;
  // A manager without a landlord sees no ticket.
  if (scope === 'landlord' && landlordId === null) return sql`false`;
  const members = membersOf(scope, { userId, landlordId });
  // A contractor's few hundred ids as an array, not IN (subquery): PostgreSQL then reads each by its key. With
  // IN it hashed them and scanned every ticket of a status to find the few of its own.
  if (scope === 'routed') return sql`${tickets.id} = any(array(${members}))`;
  return inArray(MEMBERSHIPS[scope].ticketColumn, members);
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

/** A ticket's assignment (issue 25) with its contractor's names, as JSON read back by `assignmentOf`. */
export interface JsonAssignment {
  contractorId: number;
  state: AssignmentState;
  assignedAt: string;
  respondBy: string;
  answeredAt: string | null;
  declineReason: string;
  firstName: string;
  lastName: string;
  companyName: string;
  email: string;
  avatar: string | null;
}

/**
 * A ticket's assignment as a JSON column of its row (null: nobody assigned): one primary-key lookup per row, without
 * another join in each of the lists' statements.
 */
const assignmentJson = sql<JsonAssignment | null>`(select json_build_object('contractorId', a.contractor_id, 'state', a.state, 'assignedAt', a.assigned_at, 'respondBy', a.respond_by, 'answeredAt', a.answered_at, 'declineReason', a.decline_reason, 'firstName', u.first_name, 'lastName', u.last_name, 'companyName', u.company_name, 'email', u.email, 'avatar', u.avatar) from ticket_assignments a join users u on u.id = a.contractor_id where a.ticket_id = ${tickets.id})`;

/** A visit of a ticket (issue 25) with its contractor's names, as JSON read back by the visits' serializer. */
export interface JsonVisit {
  id: number;
  ticketId: number;
  contractorId: number | null;
  state: VisitState;
  startsAt: string;
  endsAt: string;
  inWindow: boolean;
  reason: string;
  createdAt: string;
  contractor: { firstName: string; lastName: string; companyName: string; email: string } | null;
}

/** The visits of a ticket, newest first, as one JSON column (its details show them). */
const visitsJson = sql<
  JsonVisit[]
>`(select coalesce(json_agg(json_build_object('id', v.id, 'ticketId', v.ticket_id, 'contractorId', v.contractor_id, 'state', v.state, 'startsAt', v.starts_at, 'endsAt', v.ends_at, 'inWindow', v.in_window, 'reason', v.reason, 'createdAt', v.created_at, 'contractor', case when c.id is null then null else json_build_object('firstName', c.first_name, 'lastName', c.last_name, 'companyName', c.company_name, 'email', c.email) end) order by v.created_at desc, v.id desc), '[]'::json) from ticket_visits v left join users c on c.id = v.contractor_id where v.ticket_id = ${tickets.id})`;

/** A sign-off of a completed ticket (issue 25) with its tenant's and contractor's names, as its details read it. */
export interface JsonSignoff {
  id: number;
  state: SignoffState;
  askedAt: string;
  answeredAt: string | null;
  rating: number | null;
  comment: string;
  reopenReason: string;
  tenantId: number | null;
  contractorId: number | null;
  tenant: JsonPersonName | null;
  contractor: JsonPersonName | null;
}
type JsonPersonName = { firstName: string; lastName: string; companyName: string; email: string };

/** The sign-offs of a ticket, newest first, as one JSON column (its details show them). */
const signoffsJson = sql<
  JsonSignoff[]
>`(select coalesce(json_agg(json_build_object('id', s.id, 'state', s.state, 'askedAt', s.asked_at, 'answeredAt', s.answered_at, 'rating', s.rating, 'comment', s.comment, 'reopenReason', s.reopen_reason, 'tenantId', s.tenant_id, 'contractorId', s.contractor_id, 'tenant', case when t.id is null then null else json_build_object('firstName', t.first_name, 'lastName', t.last_name, 'companyName', t.company_name, 'email', t.email) end, 'contractor', case when c.id is null then null else json_build_object('firstName', c.first_name, 'lastName', c.last_name, 'companyName', c.company_name, 'email', c.email) end) order by s.asked_at desc, s.id desc), '[]'::json) from ticket_signoffs s left join users t on t.id = s.tenant_id left join users c on c.id = s.contractor_id where s.ticket_id = ${tickets.id})`;

/** A ticket row with what every answer shows of its unit, property, tenant and assigned contractor. */
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
    timeZone: properties.timeZone,
    // A ticket of the whole property (issue 26) is at the property's address.
    address: properties.address,
    postalCode: properties.postalCode,
  },
  tenant: {
    id: tenantUser.id,
    firstName: tenantUser.firstName,
    lastName: tenantUser.lastName,
    companyName: tenantUser.companyName,
    email: tenantUser.email,
    avatar: tenantUser.avatar,
  },
  assignment: assignmentJson,
  // Issue 26: an estimate waiting for an owner, the latest totals (the lists' flag and cost columns).
  costFlags: costFlagsJson,
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
    .leftJoin(units, eq(units.id, tickets.unitId))
    .innerJoin(properties, eq(properties.id, tickets.propertyId))
    .leftJoin(tenantUser, eq(tenantUser.id, tickets.tenantId));
}

/** List rows: `selectRows` with each row's categories. */
function selectListRows(db: Db) {
  return db
    .select(listColumns)
    .from(tickets)
    .leftJoin(units, eq(units.id, tickets.unitId))
    .innerJoin(properties, eq(properties.id, tickets.propertyId))
    .leftJoin(tenantUser, eq(tenantUser.id, tickets.tenantId));
}

/** List rows, each with a count of the matching rows: `matched`, an SQL expression computed once. */
function selectListRowsCounted(db: Db, matched: SQL) {
  return db
    .select({ ...listColumns, matched: sql<number>`${matched}`.mapWith(Number) })
    .from(tickets)
    .leftJoin(units, eq(units.id, tickets.unitId))
    .innerJoin(properties, eq(properties.id, tickets.propertyId))
    .leftJoin(tenantUser, eq(tenantUser.id, tickets.tenantId));
}

/** A log entry with the user who wrote it, as the detail reads it. */
export interface LogRowWithUser {
  entry: TicketLogRow;
  user: { id: number; firstName: string; lastName: string; companyName: string; email: string } | null;
}

export type TicketJoinedRow = Awaited<ReturnType<ReturnType<typeof selectRows>['execute']>>[number];
export type TicketListRow = Awaited<ReturnType<ReturnType<typeof selectListRows>['execute']>>[number];

/**
 * What a list filters and sorts tickets by: the ticket's own columns (the property's and tenant's names are copied
 * there, migration 0007), or their copies on a contractor's ticket_recipients rows (`RECIPIENT_KEYS`, migration
 * 0038), from which its own list reads every page and count.
 */
interface TicketKeys {
  id: AnyColumn;
  title: AnyColumn;
  status: AnyColumn;
  createdAt: AnyColumn;
  propertyId: AnyColumn;
  propertySort: AnyColumn;
  tenantSort: AnyColumn;
  dueAt: AnyColumn;
}

const TICKET_KEYS: TicketKeys = tickets;
const RECIPIENT_KEYS: TicketKeys = {
  id: ticketRecipients.ticketId,
  title: ticketRecipients.title,
  status: ticketRecipients.status,
  createdAt: ticketRecipients.ticketCreatedAt,
  propertyId: ticketRecipients.propertyId,
  propertySort: ticketRecipients.propertySort,
  tenantSort: ticketRecipients.tenantSort,
  dueAt: ticketRecipients.dueAt,
};

const sortableBy = (keys: TicketKeys) =>
  ({
    title: sql`lower(${keys.title})`,
    status: keys.status,
    created_at: keys.createdAt,
    property: keys.propertySort,
    tenant: keys.tenantSort,
    // Closed tickets have none: last in ascending order, first in descending (PostgreSQL's order of nulls).
    due_at: keys.dueAt,
  }) satisfies SortColumns<'tickets'>;
const SORTABLE = sortableBy(TICKET_KEYS);
const RECIPIENT_SORTABLE = sortableBy(RECIPIENT_KEYS);
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
    digits: /^\d{1,12}$/.test(digits) ? digits : null,
    statuses: TICKET_STATUSES.flatMap((name, index) => (name.toLowerCase().includes(lower) ? [index] : [])),
  };
}

/** The visible id ("007"), as a search matches it. */
const visibleId = sql`lpad(${tickets.id}::text, greatest(3, length(${tickets.id}::text)), '0')`;

/**
 * Search (SPEC.md "Tickets screen"): title, description, visible id, status text, category title, tenant
 * name or company, property name. The text fields are one lower-cased column, `tickets.search_text`, kept by
 * triggers (ADR 0009). Which parts a term has (digits, status names) is part of the shape; the values are
 * placeholders (`term`, `pattern`, `digits`, `statuses`).
 * - `wide` (the whole list): `LIKE lower('%term%')`, which the column's trigram index answers; the statement is
 *   planned with its pattern on every call.
 * - `narrow` (a scope of a few hundred tickets, filtered row by row): `strpos(text, lower(term)) > 0`, the
 *   same substring match, which no index can take. A prepared statement's generic plan cannot see the pattern
 *   and, offered the trigram index, would AND every visible ticket with a common word's posting lists.
 */
function ticketSearch(shape: TicketListShape, p: Placeholders): SQL | undefined {
  if (shape.search === 'none') return undefined;
  const wide = shape.search === 'wide';
  const parts: SQL[] = [
    wide
      ? sql`${tickets.searchText} like lower(${p.pattern})`
      : sql`strpos(${tickets.searchText}, lower(${p.term})) > 0`,
  ];
  if (shape.searchesIds) parts.push(sql`strpos(${visibleId}, ${p.digits}) > 0`);
  if (shape.searchesStatuses) parts.push(sql`${tickets.status} = any(${p.statuses})`);
  return or(...parts);
}

export interface TicketFilters {
  status?: number;
  propertyId?: number;
  /** "Assigned to": a contractor's id, or UNASSIGNED_FILTER for tickets nobody has (or a contractor declined). */
  assignedTo?: number | typeof UNASSIGNED_FILTER;
  /** GET landlords/{id}/tickets */
  landlordId?: number;
  /** GET users/{id}/tickets: also limited to what that user sees. */
  alsoVisibleTo?: Actor;
  /** Issue 26: open tickets past their next due time, or due before the end of the day at their property. */
  due?: DueFilter;
}

/** What changes the text of a ticket list's statement (db/reusable.ts `shaped`); its values are placeholders. */
export interface TicketListShape extends ViewerShape, SortShape {
  byStatus: boolean;
  byProperty: boolean;
  byLandlord: boolean;
  /** "Assigned to": no filter, a contractor's jobs, the viewer's own (a contractor's), or those nobody holds. */
  byAssignee: 'none' | 'contractor' | 'viewer' | 'nobody';
  byDue: DueFilter | 'none';
  /** GET users/{id}/tickets of another user: also what that user sees (its role, whether it has a landlord). */
  alsoVisibleTo: { role: Role; hasLandlord: boolean } | null;
  search: 'none' | 'wide' | 'narrow';
  /** The term could be a visible id ("#007"): the search also matches ids. */
  searchesIds: boolean;
  /** The term is part of status names: the search also matches those statuses. */
  searchesStatuses: boolean;
  perPage: number;
  /** A page after the first. */
  later: boolean;
}

/**
 * Whether a list reads a few hundred tickets (a manager's, a tenant's, a contractor's, one property's or one
 * landlord's, one user's), not the million of the super admin's whole list: its page and total come from one pass
 * over them (`count(*) over ()`); the whole list walks the sort's index and counts up to its cap.
 */
const isNarrow = (shape: TicketListShape) =>
  !seesEveryRow({ role: shape.viewerRole }) ||
  // Due today: the few thousand tickets due within two days, read by the due time index.
  shape.byDue === 'today' ||
  shape.byProperty ||
  shape.byLandlord ||
  shape.byAssignee === 'contractor' ||
  shape.alsoVisibleTo !== null;

/** A ticket list's shape, the values of its placeholders and the cap of its total. */
function ticketListShape(viewer: Actor, filters: TicketFilters, query: ListQuery, now: Date) {
  const term = query.search ? searchTerm(query.search) : null;
  const viewerPart = viewerShape(viewer);
  const also = filters.alsoVisibleTo;
  const offset = pageOffset(query);
  const { key: sort, direction } = sortOf(query, SORTABLE, DEFAULT_SORT);
  const shape: TicketListShape = Object.assign({}, viewerPart.shape, {
    byStatus: filters.status !== undefined,
    byProperty: filters.propertyId !== undefined,
    byLandlord: filters.landlordId !== undefined,
    byAssignee:
      filters.assignedTo === undefined
        ? 'none'
        : filters.assignedTo === UNASSIGNED_FILTER
          ? 'nobody'
          : filters.assignedTo === viewer.id && ticketScope(viewer) === 'routed'
            ? 'viewer'
            : 'contractor',
    alsoVisibleTo: also ? { role: also.role, hasLandlord: also.landlordId !== null } : null,
    byDue: filters.due ?? 'none',
    search: 'none',
    searchesIds: term?.digits != null,
    searchesStatuses: (term?.statuses.length ?? 0) > 0,
    sort,
    direction,
    perPage: query.per_page,
    later: offset > 0,
  } satisfies Omit<TicketListShape, keyof ViewerShape>);
  if (term) shape.search = isNarrow(shape) ? 'narrow' : 'wide';
  const cap = countCapFor(query, term ? SEARCH_COUNT_CAP : LIST_COUNT_CAP);
  const values = Object.assign({}, viewerPart.values, {
    userId: also?.id,
    userLandlordId: also?.landlordId,
    status: filters.status,
    propertyId: filters.propertyId,
    landlordId: filters.landlordId,
    assignedTo: typeof filters.assignedTo === 'number' ? filters.assignedTo : undefined,
    term: term?.term,
    pattern: term?.pattern,
    digits: term?.digits,
    statuses: term?.statuses,
    offset,
    over: cap + 1,
    walk: searchWalkLength(query),
    now: filters.due ? now : undefined,
  });
  return { shape, values, cap };
}

/** The tickets a list shows: the viewer's scope, the filters and the search. */
function ticketListWhere(shape: TicketListShape, p: Placeholders): SQL {
  const also = shape.alsoVisibleTo;
  return and(
    visibleTickets(viewerIn(shape, p)),
    also
      ? visibleTickets({
          role: also.role,
          id: p.userId,
          landlordId: also.hasLandlord ? p.userLandlordId : null,
        })
      : undefined,
    keyFilters(shape, p, TICKET_KEYS),
    // The landlord's properties as the tickets' own property ids: read by the (property_id, created_at) index.
    shape.byLandlord ? inArray(tickets.propertyId, propertiesOfLandlord(p.landlordId)) : undefined,
    assigneeFilter(shape, p),
    ticketSearch(shape, p),
  ) as SQL;
}

/** The filters by status, property and due time, on the ticket's columns or their copies (`TicketKeys`). */
function keyFilters(shape: TicketListShape, p: Placeholders, keys: TicketKeys): SQL | undefined {
  return and(
    // The status is hidden from the planner: one plan serves every status. Seeing it, PostgreSQL estimated a rare
    // status's custom plans cheaper than the generic one and planned such a list anew on every call (more
    // planning than work).
    shape.byStatus ? sql`${keys.status} = (select ${p.status}::smallint)` : undefined,
    shape.byProperty ? eq(keys.propertyId, p.propertyId) : undefined,
    dueFilter(shape, p, keys),
  );
}

/**
 * "Due" (issue 26): open tickets whose next due time has passed, or comes before the end of the day at their property
 * (its time zone's midnight after `now`; no zone is more than a day ahead, which bounds the range the index reads).
 */
function dueFilter(shape: TicketListShape, p: Placeholders, keys: TicketKeys): SQL | undefined {
  if (shape.byDue === 'none') return undefined;
  const wide = isWholePortfolio(shape);
  // A scope of a few hundred tickets hides the moment from the planner, as the status filter does: seeing it, the
  // generic plan read the portfolio's due time index for a landlord's few tickets. The super admin's tab of a
  // landlord, a property or a contractor is such a scope: matched against the portfolio's tickets due today, each
  // of its rows was looked up in an array of a thousand ids.
  const now = wide ? sql`${p.now}::timestamptz` : sql`(select ${p.now}::timestamptz)`;
  if (shape.byDue === 'overdue') return sql`${keys.dueAt} <= ${now}`;
  // A scope: its tickets due within two days (read with its index's due times), each then matched to its property's
  // zone. As a semi-join, not a subquery per row: PostgreSQL priced that lookup for each ticket of the scope and
  // intersected the portfolio's due time index with each property's tickets instead (twice the buffers).
  if (!wide)
    return sql`${keys.dueAt} > ${now} and ${keys.dueAt} < ${now} + interval '2 days'
      and exists (select 1 from properties place where place.id = ${keys.propertyId} and ${keys.dueAt} < ${endOfDayIn(sql`place.time_zone`, now)})`;
  // The whole portfolio: the range of the zones' ends of the day bounds the index read, a ticket due before the first
  // end is due today wherever it is, and only one due between the first and the last is matched to its property's
  // zone. Reading every ticket due within two days with its property's zone cost most of the list's time.
  const endOfDay = sql`(select ${endOfDayIn(sql`place.time_zone`, now)} from properties place where place.id = ${keys.propertyId})`;
  return sql`${keys.dueAt} > ${now} and ${keys.dueAt} < ${dayEndInUse('max', now)}
    and (${keys.dueAt} < ${dayEndInUse('min', now)} or ${keys.dueAt} < ${endOfDay})`;
}

/** Whether a list holds every ticket of the portfolio but for its status, due and search filters. */
const isWholePortfolio = (shape: TicketListShape) =>
  seesEveryRow({ role: shape.viewerRole }) &&
  !shape.byProperty &&
  !shape.byLandlord &&
  shape.byAssignee !== 'contractor' &&
  (shape.alsoVisibleTo === null || seesEveryRow({ role: shape.alsoVisibleTo.role }));

/** The first moment of the day after `now`'s in `zone` (an SQL text of an IANA zone name). */
const endOfDayIn = (zone: SQL, now: SQL) =>
  sql`(date_trunc('day', ${now} at time zone ${zone}) + interval '1 day') at time zone ${zone}`;

/**
 * The first (`min`) or last (`max`) end of the day after `now` among the properties' zones: each zone in use, read one
 * by one from the properties' zone index, has its end of the day computed once.
 */
const dayEndInUse = (bound: 'min' | 'max', now: SQL) =>
  sql`(with recursive zones(zone) as (
      select min(time_zone) from properties
      union all
      select (select min(next.time_zone) from properties next where next.time_zone > zones.zone)
      from zones where zones.zone is not null
    )
    select ${sql.raw(bound)}(${endOfDayIn(sql`zone`, now)}) from zones where zone is not null)`;

/** An assignment that holds: its contractor has not declined it (a declined ticket waits for somebody else). */
const holdsAssignment = sql`${ticketAssignments.state} <> 'declined'`;

/**
 * "Assigned to": a contractor's tickets (its few hundred ids, by the assignments' contractor index), or those nobody
 * holds (the whole list's walk, reading each ticket's `held`, which a manager's list reads from its property index).
 */
function assigneeFilter(shape: TicketListShape, p: Placeholders): SQL | undefined {
  if (shape.byAssignee === 'none') return undefined;
  // A contractor's ids as an array (see `visibleIn`): each ticket read by its key, not a probe per ticket of the scope.
  if (shape.byAssignee !== 'nobody')
    return sql`${tickets.id} = any(array(${qb
      .select({ id: ticketAssignments.ticketId })
      .from(ticketAssignments)
      .where(and(eq(ticketAssignments.contractorId, p.assignedTo), holdsAssignment))}))`;
  return sql`not ${tickets.held}`;
}

/**
 * A contractor's list shows the jobs assigned to it first (issue 25), then in the order asked for: the assignment is
 * the first sort key of its every list, read from the ticket's assignments or from the copy its routing rows keep
 * (`ticket_recipients.assigned`, kept with the assignment).
 */
function ticketOrder(shape: TicketListShape, p: Placeholders, keys: TicketKeys = TICKET_KEYS): SQL[] {
  const order = orderOf(shape, keys === TICKET_KEYS ? SORTABLE : RECIPIENT_SORTABLE, DEFAULT_SORT, keys.id);
  // Filtered by who holds the job, every row is the viewer's or none is: the key would be the same for all.
  if (ticketScope({ role: shape.viewerRole }) !== 'routed' || shape.byAssignee !== 'none') return order;
  const heldByViewer =
    keys === TICKET_KEYS
      ? sql`exists (select 1 from ${ticketAssignments} where ${ticketAssignments.ticketId} = ${tickets.id} and ${ticketAssignments.contractorId} = ${p.viewerId} and ${holdsAssignment})`
      : sql`${ticketRecipients.assigned}`;
  return [sql`${heldByViewer} desc`, ...order];
}

/**
 * How many tickets match, counted up to `over` rows (an uncorrelated subquery: PostgreSQL runs it once), read in
 * `order` when one is given.
 *
 * A search of the whole list counts its newest matches first (`tickets.createdAt desc`). A common word's count reads a
 * few thousand rows; unordered, PostgreSQL scanned them from the table's oldest pages, which a scan that large reads
 * around the shared buffers on every call. Walking the date index from the newest reads the pages every list keeps
 * in them (twice the counts a second). A rare word's few matches are still found by its trigram index.
 */
function countedUpTo(where: SQL, over: SQL | Placeholder | number, order?: SQL): SQL {
  const ordered = order ? sql` order by ${order}` : sql``;
  return sql`(select count(*) from (select 1 from ${tickets} where ${where}${ordered} limit ${over}) as matching)`;
}

/** Page 1 of the viewer's own list, unsearched: what every visit of the tickets screen asks first. */
const isOwnFirstPage = (shape: TicketListShape) =>
  !shape.later && shape.search === 'none' && !shape.byLandlord && shape.alsoVisibleTo === null;

/**
 * The viewer's own first page by date, unfiltered: its page is the first rows of the scope's date index, and its
 * count apart reads that index alone. Sorted otherwise or filtered by status, a narrow scope's rows are all read
 * for the page anyway, and counting them in the same pass spares a second read of the scope. So is a list "Assigned
 * to" someone or nobody: its page looks up the assignment of each ticket of the scope anyway, and a count apart
 * looked each up a second time.
 */
const walksDateIndex = (shape: TicketListShape) =>
  isOwnFirstPage(shape) && shape.sort === 'created_at' && !shape.byStatus && shape.byAssignee === 'none';

/**
 * A contractor's own list, unsearched, in any order, filtered by status, property or due time, or "Assigned to"
 * itself or nobody: its page and count are the viewer's ticket_recipients rows (`recipientRows`), filtered and sorted
 * by the keys they carry (`RECIPIENT_KEYS`), read from their index alone.
 */
const isRoutedOnly = (shape: TicketListShape) =>
  ticketScope({ role: shape.viewerRole }) === 'routed' &&
  !shape.byLandlord &&
  shape.byAssignee !== 'contractor' &&
  shape.alsoVisibleTo === null &&
  shape.search === 'none';

/**
 * The viewer's ticket_recipients rows of a contractor's own list (`isRoutedOnly`): all of them, its jobs (the rows that
 * say it holds the job, `assigned`, kept with the assignment), or those nobody holds (not the viewer, by its row; nor
 * anybody else).
 */
function recipientRows(shape: TicketListShape, p: Placeholders): SQL {
  // Due today, each row's end of the day is looked up at its property: seeing the viewer, PostgreSQL priced that per
  // routed row of the contractor above the generic plan's average and planned the statement anew on every call.
  const viewer = shape.byDue === 'today' ? sql`(select ${p.viewerId}::integer)` : p.viewerId;
  const own = sql`${ticketRecipients.userId} = ${viewer}`;
  if (shape.byAssignee === 'viewer') return sql`${own} and ${ticketRecipients.assigned}`;
  if (shape.byAssignee === 'nobody')
    return sql`${own} and not ${ticketRecipients.assigned} and not exists (select 1 from ${ticketAssignments} where ${ticketAssignments.ticketId} = ${ticketRecipients.ticketId} and ${holdsAssignment})`;
  return own;
}

/**
 * One page of a ticket list in one statement (but the whole list's search: `ticketSearchIds`): the page's ids are
 * found in `tickets` alone, then only those rows are joined (joining every visible row first cost more than the
 * rest). The page size is written into the text; a later page's offset and count limit are hidden from the planner
 * (`hiddenFromPlanner`), so that one plan serves every page. The total:
 * - a narrow list (`isNarrow`) counts its few hundred rows in the same pass as the page (`count(*) over ()`), but
 *   for the viewer's own first page by date, unfiltered (`walksDateIndex`), which walks that index and counts apart;
 * - the super admin's unfiltered first page takes "over the cap" from the table's estimate (ADR 0007);
 * - a contractor's own list (`isRoutedOnly`) reads its page and counts from its ticket_recipients rows, whose index
 *   carries the keys it filters and sorts by (each row names a ticket: foreign key, cascade), rather than one
 *   `tickets` row (and an assignment probe) per routed ticket;
 * - else up to the cap, past the page's first row (ADR 0014).
 */
export function ticketListPage(db: Db, shape: TicketListShape, p: Placeholders) {
  const where = ticketListWhere(shape, p);
  const order = ticketOrder(shape, p);
  const limit = sql.raw(String(shape.perPage));
  const offset = shape.later ? sql` offset ${hiddenFromPlanner(p.offset)}` : sql``;
  const sorted = sql`order by ${sql.join(order, sql`, `)} limit ${limit}${offset}`;
  const routed = isRoutedOnly(shape);
  if (isNarrow(shape) && !walksDateIndex(shape) && !routed) {
    const page = sql`(select ${tickets.id} as id, count(*) over () as matched from ${tickets} where ${where} ${sorted}) as page`;
    return db
      .select({ ...listColumns, matched: sql<number>`page.matched`.mapWith(Number) })
      .from(page)
      .innerJoin(tickets, sql`${tickets.id} = page.id`)
      .leftJoin(units, eq(units.id, tickets.unitId))
      .innerJoin(properties, eq(properties.id, tickets.propertyId))
      .leftJoin(tenantUser, eq(tenantUser.id, tickets.tenantId))
      .orderBy(...order);
  }
  const firstCap = (shape.search === 'none' ? LIST_COUNT_CAP : SEARCH_COUNT_CAP) + 1;
  const over = shape.later ? hiddenFromPlanner(p.over) : sql.raw(String(firstCap));
  const byRecipient = and(recipientRows(shape, p), keyFilters(shape, p, RECIPIENT_KEYS));
  const recipientOrder = ticketOrder(shape, p, RECIPIENT_KEYS);
  const pageIds = routed
    ? sql`select ${ticketRecipients.ticketId} from ${ticketRecipients} where ${byRecipient} order by ${sql.join(recipientOrder, sql`, `)} limit ${limit}${offset}`
    : sql`select ${tickets.id} from ${tickets} where ${where} ${sorted}`;
  const everyTicket =
    seesEveryRow({ role: shape.viewerRole }) &&
    isOwnFirstPage(shape) &&
    !shape.byStatus &&
    !shape.byProperty &&
    shape.byDue === 'none' &&
    shape.byAssignee === 'none';
  const matched = routed
    ? sql`(select count(*) from (select 1 from ${ticketRecipients} where ${byRecipient} limit ${over}) as matching)`
    : everyTicket
      ? everyTicketCount
      : countedUpTo(where, over);
  return selectListRowsCounted(db, matched)
    .where(sql`${tickets.id} in (${pageIds})`)
    .orderBy(...order);
}

/**
 * A search of the whole list (the super admin's) sorted otherwise than its count reads (`ticketSearchWalk` for the
 * default order): only the page's ids and the total. Its `LIKE` is planned with the pattern on every call (a common
 * word walks the date index, a rare one the trigram index), and planning the joins with it cost more than the search
 * itself; the rows are then read by id (`listRowsByIds`, prepared).
 */
export function ticketSearchIds(db: Db, shape: TicketListShape, p: Placeholders) {
  const where = ticketListWhere(shape, p);
  return db
    .select({
      id: tickets.id,
      matched: sql<number>`${countedUpTo(where, p.over, sql`${tickets.createdAt} desc`)}`.mapWith(Number),
    })
    .from(tickets)
    .where(where)
    .orderBy(...ticketOrder(shape, p))
    .limit(sql.raw(String(shape.perPage)) as unknown as number)
    .offset(p.offset as unknown as number);
}

/** A search of the whole list in its default order, newest first: the order its count reads in (`countedUpTo`). */
const searchesInCountOrder = (shape: TicketListShape) =>
  shape.sort === DEFAULT_SORT.sort && shape.direction === DEFAULT_SORT.order;

/**
 * A search of the whole list in the order its count reads (`searchesInCountOrder`): the ids of its matches, as many
 * as its page and count need (`walk`, ADR 0051), in one walk of the date index instead of one for the page and one
 * for the count. Planned with the pattern on every call; the rows are then read by id (`listRowsByIds`).
 */
export function ticketSearchWalk(db: Db, shape: TicketListShape, p: Placeholders) {
  return db
    .select({ id: tickets.id })
    .from(tickets)
    .where(ticketListWhere(shape, p))
    .orderBy(...ticketOrder(shape, p))
    .limit(p.walk as unknown as number);
}

/** A page's rows and the list's total as its statements counted it (undefined: no row carried it). */
async function readTicketPage(db: Db, shape: TicketListShape, values: Record<string, unknown>) {
  if (shape.search !== 'wide') {
    const found = await shaped(db, 'ticket_list', shape, ticketListPage).execute(values);
    return { rows: found.map(({ matched: _matched, ...row }) => row), matched: found[0]?.matched };
  }
  if (searchesInCountOrder(shape)) {
    const walked = await shaped(db, 'ticket_search_walk', shape, ticketSearchWalk).execute(values);
    return walkedPage(walked, values, shape.perPage, (ids) => listRowsByIds(db, ids));
  }
  const found = await shaped(db, 'ticket_search_ids', shape, ticketSearchIds).execute(values);
  return {
    rows: await listRowsByIds(
      db,
      found.map((row) => row.id),
    ),
    matched: found[0]?.matched,
  };
}

export async function listTicketRows(
  db: Db,
  viewer: Actor,
  filters: TicketFilters,
  query: ListQuery,
  now: Date,
): Promise<{ rows: TicketListRow[]; total: ListTotal }> {
  const { shape, values, cap } = ticketListShape(viewer, filters, query, now);
  const { rows, matched } = await readTicketPage(db, shape, values);
  if (matched !== undefined || !shape.later) return { rows, total: cappedTotal(matched ?? 0, cap) };
  // Past the last page no row carries the total: counted alone, as far past this page as a page counts.
  const counting = shaped(
    db,
    'ticket_list_count',
    { ...shape, sort: '', direction: 'asc' as const },
    (db, shape, p) =>
      db
        .select({ counted: countAll })
        .from(
          sql`(select 1 from ${tickets} where ${ticketListWhere(shape, p)} limit ${hiddenFromPlanner(p.over)}) as matching`,
        ),
  );
  const [{ counted }] = await counting.execute(values);
  return { rows: [], total: cappedTotal(counted, cap) };
}

/**
 * Every ticket of a list, unpaged, in the list's order (its CSV export, modules/exports): the page's own condition and
 * ORDER BY (`ticketListWhere`, `ticketOrder`) for the same shape, with the values written in as parameters
 * (`withValues`), so no rule of the list has a second copy. Not run here: the export reads it through a cursor, a
 * batch at a time (lib/list-export.ts). Its rows are the list's (`TicketListRow`), for the list's serializer.
 */
export function ticketListAll(db: Db, viewer: Actor, filters: TicketFilters, query: ListQuery, now: Date) {
  const { shape, values } = ticketListShape(viewer, filters, { ...query, page: 1 }, now);
  const p = withValues(values);
  return selectListRows(db)
    .where(ticketListWhere(shape, p))
    .orderBy(...ticketOrder(shape, p));
}

/** The super admin's unfiltered count, from the table's estimate when it is far above the cap. */
const everyTicketCount = everyRowCountUpTo(tickets, LIST_COUNT_CAP);

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
  /** Newest first. */
  visits: JsonVisit[];
  /** Newest first. */
  signoffs: JsonSignoff[];
  /** Issue 26: newest first, and the landlord's currency and limit. */
  costs: JsonCost[];
  money: JsonLandlordMoney | null;
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
  visitsJson,
  signoffsJson,
  costsJson,
  landlordMoneyJson,
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
      .leftJoin(units, eq(units.id, tickets.unitId))
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
  const {
    categoriesJson,
    imagesJson,
    availabilityJson,
    logJson,
    visitsJson,
    signoffsJson,
    costsJson: costs,
    landlordMoneyJson: money,
    ...row
  } = found;
  return {
    row,
    visits: visitsJson,
    signoffs: signoffsJson,
    costs,
    money,
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
 * answers for every scope and `detailForViewer` takes the viewer's. These are MEMBERSHIPS' rules asked of
 * one ticket as EXISTS, each an index lookup (`visibleIn`'s `IN (…)` form made PostgreSQL walk all of a
 * manager's routed tickets for the one); tickets-visibility.test.ts holds both forms to every role.
 */
const detailViewer: Viewer = { userId: users.id, landlordId: users.landlordId };
const visiblePerScope = Object.fromEntries(
  (Object.keys(MEMBERSHIPS) as (keyof typeof MEMBERSHIPS)[]).map((scope) => {
    const { ticketColumn, member } = MEMBERSHIPS[scope];
    return [scope, sql<boolean>`exists(${membersOf(scope, detailViewer, eq(member, ticketColumn))})`];
  }),
) as Record<keyof typeof MEMBERSHIPS, SQL<boolean>>;

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
  if (!ticket || !property) return undefined;
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
