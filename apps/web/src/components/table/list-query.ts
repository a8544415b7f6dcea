/**
 * The query of one list page, as DataTable asks for it: its cache key and fetch. A screen's page can be
 * fetched ahead with the same key (route-preload: list-url.ts `listStateQuery` of the state its address
 * holds), so the table finds it there.
 */
import { apiGet, type QueryParams } from '../../lib/api';
import { t } from '../../lib/translations';
import { type ListResult, readListResponse } from './list-data';

export interface TableSort {
  /** The column id, sent as `sort` (e.g. 'created_at'). */
  id: string;
  desc: boolean;
}

/** A list screen's table: what it lists and how it sorts at first. */
export interface ListSource {
  /** First part of the query key: the resource ('units'); invalidating it refreshes the table. */
  resource: string;
  /** API path of the list ('units', 'tenants'). */
  url: string;
  defaultSort: TableSort;
}

export interface PageRequest {
  /** Filters sent with every page (e.g. `{ landlord_id: 3 }`). */
  params?: QueryParams;
  page: number;
  perPage: number;
  sort: TableSort;
  search: string;
}

async function fetchList<T>(url: string, params: QueryParams): Promise<ListResult<T>> {
  const result = await apiGet<unknown>(url, params);
  const list = readListResponse<T>(result);
  if (!list) throw new Error(t.errors.generic);
  return list;
}

export function listPageQuery<T>(source: Pick<ListSource, 'resource' | 'url'>, request: PageRequest) {
  const query: QueryParams = {
    ...request.params,
    page: request.page,
    per_page: request.perPage,
    sort: request.sort.id,
    order: request.sort.desc ? 'desc' : 'asc',
    search: request.search || undefined,
  };
  return {
    queryKey: [source.resource, 'list', source.url, query] as const,
    queryFn: () => fetchList<T>(source.url, query),
  };
}
