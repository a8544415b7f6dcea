import { LIST_SORTS, PAGE_SIZE } from '@mend/shared';
import { describe, expect, it } from 'vitest';
import { listPageQuery } from './list-query';
import {
  initialListState,
  type ListShape,
  type ListState,
  listExportUrl,
  listStateQuery,
  readListState,
  withFilter,
  withPage,
  withSearch,
  withSort,
  writeListState,
} from './list-url';

const TICKETS: ListShape = {
  defaultSort: { id: 'created_at', desc: true },
  sortKeys: LIST_SORTS.tickets,
  filters: [
    { name: 'status', accepts: (value) => /^\d{1,3}$/.test(value) },
    { name: 'property_id', accepts: (value) => /^[1-9]\d*$/.test(value) },
  ],
};

const read = (search: string, shape: ListShape = TICKETS) =>
  readListState(new URLSearchParams(search), shape);
const write = (state: ListState, search = '', shape: ListShape = TICKETS) =>
  writeListState(new URLSearchParams(search), state, shape).toString();

describe('readListState', () => {
  it('reads a plain address as the list as it opens', () => {
    expect(read('')).toEqual(initialListState(TICKETS));
    expect(read('')).toEqual({ page: 1, sort: { id: 'created_at', desc: true }, search: '', filters: {} });
  });

  it('reads the page, sort, search and filters', () => {
    expect(read('?page=3&sort=title&order=asc&search=leak&status=2&property_id=7')).toEqual({
      page: 3,
      sort: { id: 'title', desc: false },
      search: 'leak',
      filters: { status: '2', property_id: '7' },
    });
  });

  it('reads a page that is not a plain positive whole number as page 1', () => {
    for (const page of ['0', '-2', 'abc', '2.5', '02', '1e3', '', '99999999999'])
      expect(read(`page=${page}`).page, page).toBe(1);
    expect(read('page=12').page).toBe(12);
  });

  it('reads a sort key the list does not sort by as the default sort', () => {
    expect(read('sort=password&order=asc').sort).toEqual({ id: 'created_at', desc: false });
    expect(read('sort=visible_id').sort).toEqual({ id: 'created_at', desc: true });
    expect(read('sort=Title').sort).toEqual({ id: 'created_at', desc: true });
  });

  it('takes the direction given, else the default sort its own and another key ascending', () => {
    expect(read('sort=title&order=desc').sort).toEqual({ id: 'title', desc: true });
    expect(read('sort=title').sort).toEqual({ id: 'title', desc: false });
    expect(read('sort=title&order=sideways').sort).toEqual({ id: 'title', desc: false });
    expect(read('order=asc').sort).toEqual({ id: 'created_at', desc: false });
    expect(read('order=up').sort).toEqual({ id: 'created_at', desc: true });
  });

  it('trims the search', () => {
    expect(read('search=%20leak%20').search).toBe('leak');
    expect(read('search=%20%20').search).toBe('');
  });

  it('keeps the filter values their filters take and no other parameters', () => {
    expect(read('status=abc&property_id=0').filters).toEqual({});
    expect(read('status=&property_id=4').filters).toEqual({ property_id: '4' });
    expect(read('landlord_id=3&tab=x').filters).toEqual({});
    // A filter the role does not have (a tenant's list has no Property filter).
    expect(
      read('status=1&property_id=4', { ...TICKETS, filters: TICKETS.filters?.slice(0, 1) }).filters,
    ).toEqual({
      status: '1',
    });
  });

  it('takes any value of a filter without a check, but no filter named like a list parameter', () => {
    const shape: ListShape = { ...TICKETS, filters: [{ name: 'status' }, { name: 'page' }] };
    expect(read('status=failed&page=2', shape)).toMatchObject({ page: 2, filters: { status: 'failed' } });
  });
});

describe('writeListState', () => {
  it('leaves the defaults out: the list as it opens has a plain address', () => {
    expect(write(initialListState(TICKETS))).toBe('');
    expect(write({ ...initialListState(TICKETS), search: '  ', filters: { status: '' } })).toBe('');
  });

  it('writes page, sort, order, search, then the filters', () => {
    const state: ListState = {
      page: 3,
      sort: { id: 'title', desc: false },
      search: 'leak',
      filters: { property_id: '7', status: '2' },
    };
    expect(write(state)).toBe('page=3&sort=title&order=asc&search=leak&status=2&property_id=7');
  });

  it('writes the default key in the other direction', () => {
    expect(write({ ...initialListState(TICKETS), sort: { id: 'created_at', desc: false } })).toBe(
      'sort=created_at&order=asc',
    );
  });

  it("keeps the parameters that are not the list's, and drops the list's old ones", () => {
    expect(write({ ...initialListState(TICKETS), page: 2 }, 'verified=1&page=5&sort=title&status=1')).toBe(
      'verified=1&page=2',
    );
  });

  it('encodes the search', () => {
    const search = write({ ...initialListState(TICKETS), search: 'a&b =c' });
    expect(search).toBe('search=a%26b+%3Dc');
    expect(read(search).search).toBe('a&b =c');
  });

  it('reads back what it wrote', () => {
    const states: ListState[] = [
      initialListState(TICKETS),
      { page: 2, sort: { id: 'status', desc: true }, search: 'sink', filters: { status: '0' } },
      { page: 1, sort: { id: 'created_at', desc: false }, search: '', filters: { property_id: '12' } },
    ];
    for (const state of states) expect(read(write(state))).toEqual(state);
  });
});

describe('changing the list', () => {
  const onPage4: ListState = {
    ...initialListState(TICKETS),
    page: 4,
    search: 'leak',
    filters: { status: '1' },
  };

  it('keeps everything else when the page changes', () => {
    expect(withPage(onPage4, 5)).toEqual({ ...onPage4, page: 5 });
  });

  it('starts again at page 1 on a new sort, search or filter', () => {
    expect(withSort(onPage4, { id: 'title', desc: false })).toMatchObject({ page: 1, sort: { id: 'title' } });
    expect(withSearch(onPage4, ' drip ')).toMatchObject({ page: 1, search: 'drip' });
    expect(withFilter(onPage4, 'property_id', '3')).toEqual({
      ...onPage4,
      page: 1,
      filters: { status: '1', property_id: '3' },
    });
  });

  it('clears a filter set to nothing', () => {
    expect(withFilter(onPage4, 'status', null).filters).toEqual({});
    expect(withFilter(onPage4, 'status', '').filters).toEqual({});
  });
});

describe('the page a list state asks for', () => {
  const source = { resource: 'tickets', url: 'tickets' };

  it('is the first page, default sort, no search, no filter for a plain address', () => {
    expect(listStateQuery(source, read('')).queryKey).toEqual(
      listPageQuery(source, { page: 1, perPage: PAGE_SIZE, sort: TICKETS.defaultSort, search: '' }).queryKey,
    );
  });

  it("carries the address's page, sort, search and filters, with the list's fixed params", () => {
    const state = read('?page=3&sort=title&order=asc&search=leak&status=2');
    expect(listStateQuery(source, state, { params: { landlord_id: 4 }, perPage: 10 }).queryKey).toEqual([
      'tickets',
      'list',
      'tickets',
      {
        landlord_id: 4,
        status: '2',
        page: 3,
        per_page: 10,
        sort: 'title',
        order: 'asc',
        search: 'leak',
      },
    ]);
  });
});

describe('listExportUrl', () => {
  const params = (url: string) => Object.fromEntries(new URL(url, 'http://mend.test').searchParams);

  it('asks for the list as the address holds it: its search, sort and filters, and no page', () => {
    const state = read('?page=3&sort=title&order=asc&search=leak%20%26%20drip&status=2&property_id=7');
    const url = listExportUrl('tickets', state);
    expect(url.split('?')[0]).toBe('/api/tickets/export.csv');
    expect(params(url)).toEqual({
      status: '2',
      property_id: '7',
      sort: 'title',
      order: 'asc',
      search: 'leak & drip',
    });
  });

  it('sends the sort as the pages send it, the default one included, and no empty search', () => {
    expect(listExportUrl('units', read(''))).toBe('/api/units/export.csv?sort=created_at&order=desc');
    expect(params(listExportUrl('units', read('?sort=title')))).toEqual({ sort: 'title', order: 'asc' });
  });

  it('takes the same query as the page the state asks for, less the page and its size', () => {
    const state = read('?page=2&sort=status&order=desc&search=roof&status=1');
    const page = listStateQuery({ resource: 'tickets', url: 'tickets' }, state, {
      params: { landlord_id: 4 },
    });
    const { page: _page, per_page: _size, ...query } = page.queryKey[3];
    expect(params(listExportUrl('tickets', state, { landlord_id: 4 }))).toEqual(
      Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
    );
  });

  it('puts the export under a nested list’s path', () => {
    expect(listExportUrl('landlords/3/tickets/', read(''))).toBe(
      '/api/landlords/3/tickets/export.csv?sort=created_at&order=desc',
    );
  });
});
