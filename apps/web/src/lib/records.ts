/**
 * Queries shared by the record screens: one record, form options, and the cache refresh after a
 * delete. Keys start with the resource ('units', 'tenants', ...), so invalidating a resource
 * refreshes its lists, records and form options together. What a form's save refreshes is
 * lib/invalidation.ts's rule.
 */
import type { ListResponse } from '@mend/shared';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiGet, type QueryParams } from './api';
import { t } from './translations';

/** GET a JSON document; a failure throws an ApiError whose message is the server's (403/404) or the generic text. */
export async function fetchJson<T>(url: string, params?: QueryParams): Promise<T> {
  const result = await apiGet<T>(url, params);
  if (result.ok && typeof result.data === 'object' && result.data !== null) return result.data;
  const status = result.ok ? 502 : result.status;
  const useServerMessage = (status === 403 || status === 404) && result.ok === false && result.data.message;
  throw new ApiError(status, { message: useServerMessage ? result.data.message : t.errors.generic });
}

/** One record (GET units/5). */
export function useRecord<T>(resource: string, url: string, id: number | null) {
  return useQuery({
    queryKey: [resource, 'detail', url],
    queryFn: () => fetchJson<T>(url),
    enabled: id !== null,
  });
}

/** What a form needs (GET units/create, units/5/edit), with optional filters (`landlord_id`). */
export function useFormOptions<T>(resource: string, url: string, params?: QueryParams, enabled = true) {
  return useQuery({
    queryKey: [resource, 'form', url, params ?? {}],
    queryFn: () => fetchJson<T>(url, params),
    enabled,
    staleTime: 0,
    placeholderData: (previous) => previous,
  });
}

/**
 * A picker's choices searched on the server as one types: the first `perPage` of `resource` by name that match
 * `search` (all of them when it is empty). The previous answer stays shown while the next one loads.
 */
export function usePickerSearch<T>(resource: string, search: string, perPage: number, enabled = true) {
  return useQuery({
    queryKey: [resource, 'picker', search, perPage],
    queryFn: () =>
      fetchJson<ListResponse<T>>(resource, {
        per_page: perPage,
        sort: 'name',
        order: 'asc',
        search: search || undefined,
      }),
    enabled,
    staleTime: 30_000,
    placeholderData: (previous) => previous,
  });
}

/** The message of a failed record query. */
export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : t.errors.generic;
}
