/**
 * The list table of every record screen (SPEC.md sections 2 and 9): server-side paging of PAGE_SIZE rows
 * (ListFooter), sortable headers (sent as `sort`/`order`), a search box debounced by SEARCH_DEBOUNCE_MS and
 * the screen's filters (ListToolbar), row click opening the record, the open record highlighted, and
 * selection checkboxes when the screen has bulk actions (TableView). Texts: "Loading {X}..." while the first
 * page loads, "No {x} found" when empty, a list's own `{ error, message }`, or the generic failure text.
 *
 * The page, sort, search and filters are the list's state (useListState): in the URL on a screen's main
 * list (`stateInUrl`), so reload, Back and a shared link keep them; in memory on a list inside a panel or tab.
 *
 * On a phone (usePhoneLayout) the rows are the list's cards (CardsView), in the screen's width: the search
 * stays, the sort and the filters fold away behind one button, and the selection and bulk actions are left out.
 *
 * A list with a CSV export (`exportable`, issue 27) offers it in the toolbar for its current search, sort and filters.
 */
import { Paper } from '@mantine/core';
import { PAGE_SIZE } from '@mend/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { type ReactNode, useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef } from 'react';
import type { QueryParams } from '../../lib/api';
import { t } from '../../lib/translations';
import { usePhoneLayout } from '../usePhoneLayout';
import { CardsView } from './CardsView';
import classes from './DataTable.module.css';
import type { ListCardContent } from './ListCard';
import { ListFooter } from './ListFooter';
import { ListToolbar } from './ListToolbar';
import type { TableSort } from './list-query';
import { type ListFilter, listExportUrl, listStateQuery } from './list-url';
import { pageCount } from './page-window';
import { sortOptions } from './sort-options';
import { TableView } from './TableView';
import type { Identified, ListStatus, RecordOpening, TableSelection } from './table-types';
import { useListState } from './useListState';

export type { Identified, TableSelection } from './table-types';

/** The values of a list's filters (by name, those set) and how to set one (null clears it). */
export interface FilterControls {
  values: Readonly<Record<string, string>>;
  set: (name: string, value: string | null) => void;
}

export interface DataTableProps<T extends Identified> {
  /** First part of the query key: the resource ('units'); invalidating it refreshes the table. */
  resource: string;
  /** API path of the list ('units', 'tenants'). */
  url: string;
  /** Fixed filters sent with every page (e.g. `{ landlord_id: 3 }`); not in the URL. */
  params?: QueryParams;
  /** Column ids are the server's sort keys; `enableSorting: false` for columns it cannot sort. */
  columns: ColumnDef<T, unknown>[];
  defaultSort: TableSort;
  /**
   * The keys the list sorts by (LIST_SORTS in @mend/shared): a sort in the URL outside them reads as the
   * default. Without them, the ids of the sortable columns.
   */
  sortKeys?: readonly string[];
  /**
   * The filters the user sets (their names are the API's parameters), kept with the page and sort (in the
   * URL with `stateInUrl`) and sent with every page. Keep the array the same across renders.
   */
  filters?: readonly ListFilter[];
  /**
   * The page, sort, search and filters in the URL's query string: only the screen's main list (one per
   * screen). A list inside a panel or a tab keeps them in memory (the default).
   */
  stateInUrl?: boolean;
  /** "Loading Units..." */
  loadingText: string;
  /** "No units found" */
  emptyText: string;
  /** Names the table and the search box ("Units"). */
  label: string;
  searchPlaceholder: string;
  /** The open record's row is highlighted. */
  highlightedId?: number | null;
  /** How the records open; without it they are only shown. */
  opens?: RecordOpening<T>;
  /** Checkboxes, only where the screen has bulk actions. */
  selection?: TableSelection;
  /** Name of a row for its checkbox label. */
  rowName?: (row: T) => string;
  /**
   * Filters beside the search box (on a phone, folded away with the sort); a function is given the
   * `filters`' values and their setter.
   */
  toolbar?: ReactNode | ((filters: FilterControls) => ReactNode);
  /** Actions on the selected rows, after the filters (not on a phone, where rows are not selected). */
  bulkActions?: ReactNode;
  /**
   * The list has a CSV export (`{url}/export.csv`, issue 27): an "Export CSV" link in the toolbar downloads every
   * row for the list's current search, sort, filters and fixed `params`.
   */
  exportable?: boolean;
  /** A record as a phone shows it, instead of its row (keep it the same across renders: see ListCard). */
  card: (row: T) => ListCardContent;
  perPage?: number;
}

/** How many of a page's query parameters filter it (set to something). */
function countFilters(query: QueryParams): number {
  return Object.values(query).filter((value) => value !== undefined && value !== null && value !== '').length;
}

export function DataTable<T extends Identified>({
  resource,
  url,
  params,
  columns,
  defaultSort,
  sortKeys,
  filters,
  stateInUrl = false,
  loadingText,
  emptyText,
  label,
  searchPlaceholder,
  highlightedId = null,
  opens,
  selection,
  rowName,
  toolbar,
  bulkActions,
  exportable = false,
  card,
  perPage = PAGE_SIZE,
}: DataTableProps<T>) {
  const phone = usePhoneLayout();
  // A phone's list selects nothing: no checkboxes, no bulk actions.
  const selecting = phone ? undefined : selection;
  const captionId = useId();

  const columnSortKeys = useMemo(
    () => columns.flatMap((column) => (column.enableSorting === false || !column.id ? [] : [column.id])),
    [columns],
  );
  const sortData = useMemo(() => sortOptions(columns), [columns]);
  const { state, setPage, setSort, setSearch, setFilter } = useListState(
    { defaultSort, sortKeys: sortKeys ?? columnSortKeys, filters },
    stateInUrl,
  );
  const { page, sort, search } = state;

  // The same key as the screen's page fetched ahead from the address (listStateQuery, route-preload).
  const list = useQuery({
    ...listStateQuery<T>({ resource, url }, state, { params, perPage }),
    placeholderData: keepPreviousData,
  });

  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;
  const pages = pageCount(total, perPage);

  // New fixed filters start again at page 1.
  const paramsKey = JSON.stringify(params ?? {});
  const shownParams = useRef(paramsKey);
  useEffect(() => {
    if (shownParams.current === paramsKey) return;
    shownParams.current = paramsKey;
    setPage(1, { replace: true });
  }, [paramsKey, setPage]);

  // After deletes the current page may no longer exist (nor may a page in a link).
  useEffect(() => {
    if (list.data && !list.isPlaceholderData && page > pages) setPage(pages, { replace: true });
  }, [list.data, list.isPlaceholderData, page, pages, setPage]);

  // Rows are memoised (DataRow, ListCard): the callbacks they get stay the same across renders and read the
  // latest props, so a re-render of the screen (a filter list arriving, the bell) skips the rows.
  const selectedIds = selecting?.selectedIds ?? [];
  const latest = useRef({ opens, selection: selecting, selectedIds });
  useLayoutEffect(() => {
    latest.current = { opens, selection: selecting, selectedIds };
  });
  const openRow = useCallback((row: T) => latest.current.opens?.onOpen(row), []);
  const hrefOf = opens?.hrefOf ?? null;
  const toggleRow = useCallback((id: number, checked: boolean) => {
    const { selection: current, selectedIds: ids } = latest.current;
    current?.onChange(checked ? [...ids, id] : ids.filter((other) => other !== id));
  }, []);

  let message: string | null = null;
  if (list.isPending) message = loadingText;
  else if (list.isError && !list.data) message = t.errors.generic;
  else if (list.data?.message) message = list.data.message;
  else if (rows.length === 0) message = emptyText;
  const status: ListStatus = {
    message,
    pending: list.isPending,
    fetching: list.isFetching,
    stale: list.isPlaceholderData,
  };

  const filterControls = useMemo(
    () => ({ values: state.filters, set: setFilter }),
    [state.filters, setFilter],
  );
  const filterArea = typeof toolbar === 'function' ? toolbar(filterControls) : toolbar;

  return (
    <Paper withBorder radius="lg" shadow="xs" className={classes.card}>
      <ListToolbar
        phone={phone}
        search={search}
        onSearch={setSearch}
        searchPlaceholder={searchPlaceholder}
        busy={list.isFetching && !list.isPending}
        sort={sort}
        sortOptions={sortData}
        onSort={setSort}
        filters={filterArea}
        activeFilters={countFilters({ ...params, ...state.filters })}
        bulkActions={phone ? undefined : bulkActions}
        exportUrl={exportable ? listExportUrl(url, state, params) : undefined}
      />

      {phone ? (
        <CardsView<T>
          rows={rows}
          card={card}
          status={status}
          label={label}
          captionId={captionId}
          highlightedId={highlightedId}
          onOpen={openRow}
          hrefOf={hrefOf}
        />
      ) : (
        <TableView<T>
          rows={rows}
          columns={columns}
          sort={sort}
          onSort={setSort}
          status={status}
          label={label}
          captionId={captionId}
          highlightedId={highlightedId}
          selection={selecting}
          rowName={rowName}
          onOpen={openRow}
          hrefOf={hrefOf}
          onToggle={toggleRow}
        />
      )}

      <ListFooter
        page={page}
        pages={pages}
        perPage={perPage}
        total={total}
        capped={list.data?.capped === true}
        selected={selecting ? selectedIds.length : null}
        onPage={setPage}
      />
    </Paper>
  );
}
