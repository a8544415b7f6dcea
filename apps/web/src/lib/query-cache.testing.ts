/**
 * For tests of what a write refreshes (lib/invalidation.ts and the features' *-data.ts): a QueryClient holding a value
 * under each named key, and the names of those a write has marked stale since, in the order the keys were given.
 */
import { QueryClient, type QueryKey } from '@tanstack/react-query';

export function cachedKeys<Name extends string>(keys: Record<Name, QueryKey>) {
  const client = new QueryClient();
  const names = Object.keys(keys) as Name[];
  for (const name of names) client.setQueryData<unknown>(keys[name], { cached: true });
  const stale = () => names.filter((name) => client.getQueryState(keys[name])?.isInvalidated === true);
  return { client, stale };
}
