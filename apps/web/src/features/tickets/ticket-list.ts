/**
 * The tickets screen's first queries: its list (TICKET_LIST) at the page, sort, search and filters of the
 * address (Assigned to among them, for staff; Due for all but tenants), the statuses and the property filter's options. A signed-in
 * load of /tickets fetches them at start-up (`prefetchTicketsScreen`, router.tsx), with the screen's code,
 * so the screen renders once with all of them.
 */
import {
  type Actor,
  type ApiProperty,
  actorFromUser,
  type CurrentUserResponse,
  can,
  LIST_SORTS,
  type ListResponse,
  MAX_PAGE_SIZE,
} from '@mend/shared';
import type { QueryClient } from '@tanstack/react-query';
import type { ListSource } from '../../components/table/list-query';
import {
  type ListFilter,
  type ListShape,
  listStateQuery,
  readListState,
} from '../../components/table/list-url';
import { apiGet } from '../../lib/api';
import { fetchJson } from '../../lib/records';
import { t } from '../../lib/translations';
import { ASSIGNED_TO, acceptsAssignedTo } from './assignment/assignment-rules';
import { acceptsDueFilter, DUE_FILTER } from './due/due-rules';

export const TICKET_LIST: ListSource = {
  resource: 'tickets',
  url: 'tickets',
  defaultSort: { id: 'created_at', desc: true },
};

/** The Status filter: a status's index (`status=2`). */
const STATUS_FILTER: ListFilter = { name: 'status', accepts: (value) => /^\d{1,3}$/.test(value) };
/** The Property filter: a property's id (`property_id=7`). */
const PROPERTY_FILTER: ListFilter = {
  name: 'property_id',
  accepts: (value) => /^[1-9]\d{0,14}$/.test(value),
};
/** The "Assigned to" filter (staff): a contractor's id, or `none` (`assigned_to=17`, issue 25). */
const ASSIGNED_TO_FILTER: ListFilter = { name: ASSIGNED_TO, accepts: acceptsAssignedTo };
/** The Due filter (all but tenants, issue 26): past due or due today (`due=overdue`, `due=today`). */
const DUE_FILTER_SPEC: ListFilter = { name: DUE_FILTER, accepts: acceptsDueFilter };
/** The Due column's sort (its id): by the next due time. */
export const DUE_SORT = 'due_at';

/**
 * Which filters a viewer has: Property (all but tenants), Assigned to (staff: `can(actor, 'ticket.assign')`),
 * Due (issue 26).
 */
export interface TicketFilterRights {
  byProperty: boolean;
  byAssignee: boolean;
  /** Due (`can(actor, 'ticket.viewDue')`: all but tenants, who are not shown due times). */
  byDue: boolean;
}

/** The filters a viewer has, from its actor (the screen and the start-up prefetch read them alike). */
export function ticketFilterRights(actor: Actor): TicketFilterRights {
  return {
    byProperty: can(actor, 'ticket.filterByProperty'),
    byAssignee: can(actor, 'ticket.assign'),
    byDue: can(actor, 'ticket.viewDue'),
  };
}

/** The sorts of a viewer not shown due times (a tenant): all but by due time. */
const SORTS_WITHOUT_DUE = LIST_SORTS.tickets.filter((key) => key !== DUE_SORT);

/** Each set of rights' filters, made once: the list state's hooks expect the same ones across renders. */
const FILTER_SETS = new Map<string, readonly ListFilter[]>();

function filterSet({ byProperty, byAssignee, byDue }: TicketFilterRights): readonly ListFilter[] {
  const key = [byProperty, byAssignee, byDue].map(Number).join('');
  let filters = FILTER_SETS.get(key);
  if (!filters) {
    filters = [
      STATUS_FILTER,
      ...(byProperty ? [PROPERTY_FILTER] : []),
      ...(byAssignee ? [ASSIGNED_TO_FILTER] : []),
      ...(byDue ? [DUE_FILTER_SPEC] : []),
    ];
    FILTER_SETS.set(key, filters);
  }
  return filters;
}

/**
 * What the list's address can hold (list-url.ts): its sorts and its filters, the Property filter only for
 * who may filter by property, Assigned to only for staff, Due (its filter and its sort) only for who is shown
 * due times. The screen's table and the start-up prefetch (so also the server's render of the screen) both
 * read the address with it.
 */
export function ticketListShape(rights: TicketFilterRights): ListShape {
  return {
    defaultSort: TICKET_LIST.defaultSort,
    sortKeys: rights.byDue ? LIST_SORTS.tickets : SORTS_WITHOUT_DUE,
    filters: filterSet(rights),
  };
}

/** A plain string list (GET tickets/statuses, tickets/priorities); `failure` is SPEC.md's message. */
export async function fetchStringList(url: string, failure: string): Promise<string[]> {
  const result = await apiGet<unknown>(url);
  if (result.ok && Array.isArray(result.data) && result.data.every((item) => typeof item === 'string'))
    return result.data as string[];
  throw new Error(failure);
}

/**
 * The names of a list the server sends by index, in the page's language: the server's are English (the API's),
 * the dictionary's are the page's; a name the dictionary lacks (a newer server's) stays the server's.
 */
export function namesInPageLanguage(serverNames: readonly string[], pageNames: readonly string[]): string[] {
  return serverNames.map((name, index) => pageNames[index] ?? name);
}

/** The fixed lists (statuses, priorities) never change while the app runs. */
export const STRING_LIST_OPTIONS = { staleTime: Number.POSITIVE_INFINITY, retry: 1 } as const;

/** "Open", "Scheduled", ...: the index is the value. Failure: "Unable to fetch statuses." */
export function statusesQuery() {
  return {
    queryKey: ['ticket-lists', 'statuses'] as const,
    queryFn: () => fetchStringList('tickets/statuses', t.errors.statusesFetch),
    ...STRING_LIST_OPTIONS,
  };
}

/** The Property filter's options: every property the user may see, by name. */
export function propertyFilterQuery() {
  return {
    queryKey: ['properties', 'ticket-filter'] as const,
    queryFn: () =>
      fetchJson<ListResponse<ApiProperty>>('properties', {
        per_page: MAX_PAGE_SIZE,
        sort: 'name',
        order: 'asc',
      }),
    staleTime: 60_000,
  };
}

/**
 * Fetches what the tickets screen shows first, for the signed-in `current` user: the list's page that
 * `query` (the address's query string) asks for, read as the screen reads it, so the table finds it.
 */
export function prefetchTicketsScreen(
  client: QueryClient,
  current: CurrentUserResponse,
  query: URLSearchParams,
): Promise<unknown> {
  const rights = ticketFilterRights(actorFromUser(current.user));
  const state = readListState(query, ticketListShape(rights));
  return Promise.all([
    client.prefetchQuery(listStateQuery(TICKET_LIST, state)),
    client.prefetchQuery(statusesQuery()),
    rights.byProperty ? client.prefetchQuery(propertyFilterQuery()) : null,
  ]);
}
