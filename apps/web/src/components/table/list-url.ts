/**
 * A list's page, sort, search and filters as a query string (issue 24, section 5), so that a reload, Back
 * and a shared link keep them: `/tickets?page=3&sort=title&order=asc&search=leak&status=2`.
 *
 * Defaults are left out (page 1, the list's default sort, no search, no filter): a list as it opens keeps
 * its plain address. A value that cannot be read (a page that is not a positive whole number, a sort key the
 * list does not sort by, a filter value its filter does not take) reads as its default. Parameters that are
 * not the list's are kept as they are.
 */
import { PAGE_SIZE } from '@mend/shared';
import { buildQuery, type QueryParams, resolveUrl } from '../../lib/api';
import { type ListSource, listPageQuery, type TableSort } from './list-query';

/** The list's own parameters; a filter's parameter is its name. */
export const LIST_PARAMS = { page: 'page', sort: 'sort', order: 'order', search: 'search' } as const;

const RESERVED: ReadonlySet<string> = new Set([...Object.values(LIST_PARAMS), 'per_page']);

export interface ListFilter {
  /** The API's parameter, and the URL's (`status`, `property_id`); not one of LIST_PARAMS. */
  name: string;
  /** Whether a value read from the URL is one the filter takes; when absent, any value that is not empty. */
  accepts?: (value: string) => boolean;
}

export interface ListState {
  page: number;
  sort: TableSort;
  /** Trimmed; '' for none. */
  search: string;
  /** The set filters' values by name; a filter not set is absent. */
  filters: Readonly<Record<string, string>>;
}

/** What a list's state can be: how it sorts at first, what else it sorts by, its filters. */
export interface ListShape {
  defaultSort: TableSort;
  /** The keys the list sorts by (LIST_SORTS in @mend/shared). */
  sortKeys: readonly string[];
  filters?: readonly ListFilter[];
}

/** A list as it opens. */
export function initialListState(shape: ListShape): ListState {
  return { page: 1, sort: shape.defaultSort, search: '', filters: {} };
}

/** A page number in the URL: a positive whole number written plainly ('2', not '02', '2.0' or '-1'). */
function readPage(text: string | null): number {
  return text !== null && /^[1-9]\d{0,8}$/.test(text) ? Number(text) : 1;
}

function readSort(query: URLSearchParams, shape: ListShape): TableSort {
  const key = query.get(LIST_PARAMS.sort);
  const id = key !== null && shape.sortKeys.includes(key) ? key : shape.defaultSort.id;
  const order = query.get(LIST_PARAMS.order);
  if (order === 'asc' || order === 'desc') return { id, desc: order === 'desc' };
  // No direction: the default sort's own, or ascending as a click on another column's header starts.
  return { id, desc: id === shape.defaultSort.id ? shape.defaultSort.desc : false };
}

/** The list's filters that can be in the URL (none named like a list parameter). */
function filtersOf(shape: ListShape): readonly ListFilter[] {
  return (shape.filters ?? []).filter((filter) => !RESERVED.has(filter.name));
}

/** The list's state in `query`, each unreadable value as its default. */
export function readListState(query: URLSearchParams, shape: ListShape): ListState {
  const filters: Record<string, string> = {};
  for (const filter of filtersOf(shape)) {
    const value = query.get(filter.name)?.trim();
    if (value && (filter.accepts?.(value) ?? true)) filters[filter.name] = value;
  }
  return {
    page: readPage(query.get(LIST_PARAMS.page)),
    sort: readSort(query, shape),
    search: (query.get(LIST_PARAMS.search) ?? '').trim(),
    filters,
  };
}

/**
 * `query` with the list's parameters saying `state`, defaults left out; other parameters are kept. In the
 * order page, sort, order, search, then the filters in the order the list names them.
 */
export function writeListState(query: URLSearchParams, state: ListState, shape: ListShape): URLSearchParams {
  const filters = filtersOf(shape);
  const next = new URLSearchParams(query);
  for (const name of Object.values(LIST_PARAMS)) next.delete(name);
  for (const filter of filters) next.delete(filter.name);

  if (state.page > 1) next.set(LIST_PARAMS.page, String(Math.trunc(state.page)));
  const { defaultSort } = shape;
  if (state.sort.id !== defaultSort.id || state.sort.desc !== defaultSort.desc) {
    next.set(LIST_PARAMS.sort, state.sort.id);
    next.set(LIST_PARAMS.order, state.sort.desc ? 'desc' : 'asc');
  }
  const search = state.search.trim();
  if (search) next.set(LIST_PARAMS.search, search);
  for (const filter of filters) {
    const value = state.filters[filter.name];
    if (value) next.set(filter.name, value);
  }
  return next;
}

/** Another page of the same list. */
export function withPage(state: ListState, page: number): ListState {
  return { ...state, page };
}

/** Another sort, from page 1. */
export function withSort(state: ListState, sort: TableSort): ListState {
  return { ...state, sort: { id: sort.id, desc: sort.desc }, page: 1 };
}

/** Another search, from page 1. */
export function withSearch(state: ListState, search: string): ListState {
  return { ...state, search: search.trim(), page: 1 };
}

/** A filter set to `value` (or cleared by null or ''), from page 1. */
export function withFilter(state: ListState, name: string, value: string | null): ListState {
  const { [name]: _cleared, ...others } = state.filters;
  return { ...state, filters: value ? { ...others, [name]: value } : others, page: 1 };
}

/**
 * The page a list's state asks for (its page, sort, search and filters, list-url.ts), with the list's fixed
 * `params`: what DataTable shows, and what a screen's start-up prefetch asks for from the same state.
 */
export function listStateQuery<T>(
  source: Pick<ListSource, 'resource' | 'url'>,
  state: ListState,
  { params, perPage = PAGE_SIZE }: { params?: QueryParams; perPage?: number } = {},
) {
  return listPageQuery<T>(source, {
    params: { ...params, ...state.filters },
    page: state.page,
    perPage,
    sort: state.sort,
    search: state.search,
  });
}

/**
 * The address of a list's CSV export (issue 27): `GET /api/{url}/export.csv` with the list's search, sort and filters
 * as its state holds them and its fixed `params`, as its pages ask for them (listPageQuery), but no page: the file
 * holds every row. A link to it downloads the file with the session's cookie.
 */
export function listExportUrl(url: string, state: ListState, params?: QueryParams): string {
  return `${resolveUrl(`${url.replace(/\/+$/, '')}/export.csv`)}${buildQuery({
    ...params,
    ...state.filters,
    sort: state.sort.id,
    order: state.sort.desc ? 'desc' : 'asc',
    search: state.search || undefined,
  })}`;
}
