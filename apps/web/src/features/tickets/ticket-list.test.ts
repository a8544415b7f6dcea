import type { Actor, CurrentUserResponse } from '@mend/shared';
import type { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { listStateQuery, readListState } from '../../components/table/list-url';
import {
  namesInPageLanguage,
  prefetchTicketsScreen,
  TICKET_LIST,
  type TicketFilterRights,
  ticketFilterRights,
  ticketListShape,
} from './ticket-list';

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
const CONTRACTOR = as(3);

/** The list's key as the screen's table asks for it at `search` (DataTable: useListState, listStateQuery). */
const shownKey = (rights: TicketFilterRights, search: string) =>
  listStateQuery(TICKET_LIST, readListState(new URLSearchParams(search), ticketListShape(rights))).queryKey;
const STAFF = { byProperty: true, byAssignee: true, byDue: true };

describe('prefetchTicketsScreen', () => {
  it('asks for the page, sort, search and filters in the address, as the table does', () => {
    const search = '?page=2&sort=title&order=asc&search=leak&status=1&property_id=5';
    const list = prefetchedKeys(MANAGER, search)[0];
    expect(list).toEqual(shownKey(STAFF, search));
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
    expect(keys[0]).toEqual(shownKey({ byProperty: false, byAssignee: false, byDue: false }, search));
    expect((keys[0] as [string, string, string, Record<string, unknown>])[3]).not.toHaveProperty(
      'property_id',
    );
    // The tenant's screen has no Property filter: its options are not fetched either.
    expect(keys).toHaveLength(2);
  });

  it('reads the Assigned to filter for staff only: a contractor id or none', () => {
    const search = '?assigned_to=17&status=1';
    expect(prefetchedKeys(MANAGER, search)[0]).toMatchObject([
      'tickets',
      'list',
      'tickets',
      { status: '1', assigned_to: '17' },
    ]);
    expect(prefetchedKeys(MANAGER, '?assigned_to=none')[0]).toMatchObject([
      'tickets',
      'list',
      'tickets',
      { assigned_to: 'none' },
    ]);
    const contractor = prefetchedKeys(CONTRACTOR, search)[0];
    expect(contractor).toEqual(shownKey({ byProperty: true, byAssignee: false, byDue: true }, search));
    expect((contractor as [string, string, string, Record<string, unknown>])[3]).not.toHaveProperty(
      'assigned_to',
    );
  });

  it('reads the Due filter (overdue, today) and sort for all but tenants, as the table does', () => {
    const search = '?due=overdue&sort=due_at&order=asc&status=1';
    const manager = prefetchedKeys(MANAGER, search)[0];
    expect(manager).toEqual(shownKey(STAFF, search));
    expect(manager).toMatchObject([
      'tickets',
      'list',
      'tickets',
      { status: '1', due: 'overdue', sort: 'due_at', order: 'asc' },
    ]);
    const contractor = prefetchedKeys(CONTRACTOR, '?due=today')[0];
    expect(contractor).toEqual(shownKey({ byProperty: true, byAssignee: false, byDue: true }, '?due=today'));
    expect(contractor).toMatchObject(['tickets', 'list', 'tickets', { due: 'today' }]);
    // A tenant is not shown due times: neither the filter nor the sort is read from its address.
    const tenant = prefetchedKeys(TENANT, search)[0] as [string, string, string, Record<string, unknown>];
    expect(tenant).toEqual(shownKey({ byProperty: false, byAssignee: false, byDue: false }, search));
    expect(tenant[3]).not.toHaveProperty('due');
    expect(tenant[3]).toMatchObject({ sort: 'created_at' });
  });

  it('drops a Due value that is not one of the filters', () => {
    for (const value of ['later', 'Overdue', 'soon', '1', '']) {
      const key = prefetchedKeys(MANAGER, `?due=${value}`)[0];
      expect((key as [string, string, string, Record<string, unknown>])[3]).not.toHaveProperty('due');
    }
  });

  it('drops an Assigned to value that names neither a contractor nor nobody', () => {
    for (const value of ['0', '-3', 'abc', '1.5', 'None', '']) {
      const key = prefetchedKeys(MANAGER, `?assigned_to=${value}`)[0];
      expect((key as [string, string, string, Record<string, unknown>])[3]).not.toHaveProperty('assigned_to');
    }
  });
});

describe('ticketFilterRights', () => {
  it('gives Property and Due to all but tenants and Assigned to to staff (roles 0 and 1)', () => {
    const rights = (role: number) =>
      ticketFilterRights({ id: 7, role: role as Actor['role'], landlordId: 3 });
    expect(rights(0)).toEqual({ byProperty: true, byAssignee: true, byDue: true });
    expect(rights(1)).toEqual({ byProperty: true, byAssignee: true, byDue: true });
    expect(rights(2)).toEqual({ byProperty: false, byAssignee: false, byDue: false });
    expect(rights(3)).toEqual({ byProperty: true, byAssignee: false, byDue: true });
  });

  it('keeps each set of filters the same across calls (the list state hooks depend on it)', () => {
    expect(ticketListShape(STAFF).filters).toBe(ticketListShape({ ...STAFF }).filters);
    const tenant = { byProperty: false, byAssignee: false, byDue: false };
    expect(ticketListShape(tenant).filters).toBe(ticketListShape({ ...tenant }).filters);
    expect(ticketListShape(tenant).sortKeys).toBe(ticketListShape({ ...tenant }).sortKeys);
    expect(ticketListShape(STAFF).filters?.map((filter) => filter.name)).toEqual([
      'status',
      'property_id',
      'assigned_to',
      'due',
    ]);
    expect(ticketListShape(tenant).filters?.map((filter) => filter.name)).toEqual(['status']);
  });

  it('sorts by due time only for who is shown due times', () => {
    expect(ticketListShape(STAFF).sortKeys).toContain('due_at');
    expect(ticketListShape({ byProperty: false, byAssignee: false, byDue: false }).sortKeys).not.toContain(
      'due_at',
    );
  });
});

describe('namesInPageLanguage', () => {
  it('names each value of a list by the page’s dictionary, and keeps a name it lacks as the server sent it', () => {
    expect(namesInPageLanguage(['Open', 'Scheduled', 'Later'], ['Ouverte', 'Planifiée'])).toEqual([
      'Ouverte',
      'Planifiée',
      'Later',
    ]);
  });
});
