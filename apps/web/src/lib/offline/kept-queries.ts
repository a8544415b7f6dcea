/**
 * What the app needs to open offline and let a tenant write a ticket (issue 28, ADR 0044): who is signed in
 * and the answers the new-ticket form reads (the tenant's unit, its categories, the priorities and statuses).
 * While signed in, their last answers are copied to the device (./device.ts); the offline page (the service
 * worker's shell, which carries no user) puts them back in the query cache before the app renders. Nothing
 * else of the API is kept, and the service worker caches no API answer.
 */
import type { CurrentUserResponse } from '@mend/shared';
import { hashKey, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { CURRENT_USER_KEY } from '../auth';
import { readKept, updateKept } from './device';

const KEPT_QUERIES = 'queries';

/** The queries kept, by the start of their keys (ticket-data.ts and ticket-list.ts name them). */
export const KEPT_QUERY_PREFIXES: readonly QueryKey[] = [
  CURRENT_USER_KEY,
  ['units', 'own'],
  ['units', 'categories'],
  ['ticket-lists', 'priorities'],
  ['ticket-lists', 'statuses'],
];

export interface KeptQuery {
  key: QueryKey;
  data: unknown;
  /** When the answer came (ms since the epoch): restored as that old, so it is fetched again once online. */
  at: number;
}

export interface KeptQueries {
  owner: number;
  queries: KeptQuery[];
}

/** Whether a query's answer is kept on the device. */
export function isKeptQuery(key: QueryKey): boolean {
  return KEPT_QUERY_PREFIXES.some(
    (prefix) => prefix.length <= key.length && prefix.every((part, index) => part === key[index]),
  );
}

/** The kept answers in the cache now, of the user `owner`. */
export function keptQueriesOf(queryClient: QueryClient, owner: number): KeptQueries {
  const queries = queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === 'success' && isKeptQuery(query.queryKey))
    .map((query) => ({ key: query.queryKey, data: query.state.data, at: query.state.dataUpdatedAt }));
  return { owner, queries };
}

/** How long after a change the copy is written (several answers arriving together are written once). */
const WRITE_DELAY_MS = 1000;

/**
 * Copies the kept answers to the device now and after each change, while signed in as `owner`; answers the
 * function that stops it.
 */
export function keepQueriesForOffline(queryClient: QueryClient, owner: number): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const write = () => {
    timer = null;
    const kept = keptQueriesOf(queryClient, owner);
    void updateKept<KeptQueries>(KEPT_QUERIES, () => kept).catch(() => undefined);
  };
  const schedule = () => {
    timer ??= setTimeout(write, WRITE_DELAY_MS);
  };
  schedule();
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success' && isKeptQuery(event.query.queryKey))
      schedule();
  });
  return () => {
    unsubscribe();
    if (timer) clearTimeout(timer);
  };
}

/** The kept answers, or null (none kept, or unreadable). */
export async function readKeptQueries(): Promise<KeptQueries | null> {
  const kept = await readKept<KeptQueries>(KEPT_QUERIES);
  return kept && Array.isArray(kept.queries) ? kept : null;
}

/**
 * Puts the kept answers back in the query cache (at their own age) and answers the kept user, or null when
 * nothing usable is kept (the offline page then opens signed out, as any page without a user).
 */
export async function restoreKeptQueries(queryClient: QueryClient): Promise<CurrentUserResponse | null> {
  const kept = await readKeptQueries();
  const user = kept?.queries.find((query) => hashKey(query.key) === hashKey(CURRENT_USER_KEY))?.data as
    | CurrentUserResponse
    | undefined;
  if (!kept || user?.user?.id !== kept.owner) return null;
  for (const { key, data, at } of kept.queries) queryClient.setQueryData(key, data, { updatedAt: at });
  return user;
}
