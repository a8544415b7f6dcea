import type { CurrentUserResponse } from '@mend/shared';
import type { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { listStateQuery, readListState } from '../../components/table/list-url';
import { prefetchTicketsScreen, TICKET_LIST, ticketListShape } from './ticket-list';

/** The keys a prefetch asks the cache for (nothing is fetched). */
function prefetchedKeys(current: CurrentUserResponse, search: string): unknown[] {
  const keys: unknown[] = [];
  const client = {
    prefetchQuery: ({ queryKey }: { queryKey: unknown }) => {
      keys.push(queryKey);
      return Promise.resolve();
    },
  } as unknown as QueryClient;
  void prefetchTicketsScreen(client, current, new URLSearchParams(search));
  return keys;
}

const as = (role: number) =>
  ({ user: { id: 7, role, landlord_id: 3 }, role }) as unknown as CurrentUserResponse;
const MANAGER = as(1);
const TENANT = as(2);

/** The list's key as the screen's table asks for it at `search` (DataTable: useListState, listStateQuery). */
const shownKey = (byProperty: boolean, search: string) =>
  listStateQuery(TICKET_LIST, readListState(new URLSearchParams(search), ticketListShape(byProperty)))
    .queryKey;

describe('prefetchTicketsScreen', () => {
  it('asks for the page, sort, search and filters in the address, as the table does', () => {
    const search = '?page=2&sort=title&order=asc&search=leak&status=1&property_id=5';
    const list = prefetchedKeys(MANAGER, search)[0];
    expect(list).toEqual(shownKey(true, search));
    expect(list).toMatchObject([
      'tickets',
      'list',
      'tickets',
      { page: 2, sort: 'title', order: 'asc', search: 'leak', status: '1', property_id: '5' },
    ]);
  });

  it('asks for the first page as the list opens at a plain address', () => {
    expect(prefetchedKeys(MANAGER, '')[0]).toMatchObject([
      'tickets',
      'list',
      'tickets',
      { page: 1, sort: 'created_at', order: 'desc' },
    ]);
  });

  it('reads only the filters the role has, as the screen does (a tenant has no Property filter)', () => {
    const search = '?page=3&property_id=5&status=2';
    const keys = prefetchedKeys(TENANT, search);
    expect(keys[0]).toEqual(shownKey(false, search));
    expect((keys[0] as [string, string, string, Record<string, unknown>])[3]).not.toHaveProperty(
      'property_id',
    );
    // The tenant's screen has no Property filter: its options are not fetched either.
    expect(keys).toHaveLength(2);
  });
});
