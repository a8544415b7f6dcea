/**
 * The list table of every record screen (SPEC.md sections 2 and 9): server-side paging of PAGE_SIZE
 * rows with a window of PAGE_WINDOW page numbers, sortable headers (sent as `sort`/`order`), a search
 * box debounced by SEARCH_DEBOUNCE_MS, row click opening the record, the open record highlighted, and
 * selection checkboxes when the screen has bulk actions. Texts: "Loading {X}..." while the first page
 * loads, "No {x} found" when empty, a list's own `{ error, message }`, or the generic failure text.
 *
 * On a phone (usePhoneLayout) the rows are the list's cards (ListCard), in the screen's width: the search
 * stays, the sort (a field and a direction) and the filters fold away behind one button, and the
 * selection and bulk actions are left out.
 */
import {
  ActionIcon,
  Box,
  Button,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { PAGE_SIZE, SEARCH_DEBOUNCE_MS } from '@mend/shared';
import {
  IconAdjustmentsHorizontal,
  IconArrowDown,
  IconArrowUp,
  IconChevronLeft,
  IconChevronRight,
  IconChevronsLeft,
  IconChevronsRight,
  IconSearch,
  IconSelector,
  IconSortAscending,
  IconSortDescending,
  IconX,
} from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type Row,
  type SortingState,
  useReactTable,
} from '@tanstack/react-table';
import {
  type KeyboardEvent,
  memo,
  type ReactElement,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { QueryParams } from '../../lib/api';
import { format, t } from '../../lib/translations';
import { usePhoneLayout } from '../usePhoneLayout';
import classes from './DataTable.module.css';
import { ListCard, type ListCardContent } from './ListCard';
import cardClasses from './ListCard.module.css';
import { listPageQuery, type TableSort } from './list-query';
import { clampPage, pageCount, pageWindow, rowRange } from './page-window';
import { sortBy, sortOptions } from './sort-options';

export interface Identified {
  id: number;
}

export interface TableSelection {
  selectedIds: readonly number[];
  onChange: (ids: number[]) => void;
}

export interface DataTableProps<T extends Identified> {
  /** First part of the query key: the resource ('units'); invalidating it refreshes the table. */
  resource: string;
  /** API path of the list ('units', 'tenants'). */
  url: string;
  /** Filters sent with every page (e.g. `{ landlord_id: 3 }`). */
  params?: QueryParams;
  /** Column ids are the server's sort keys; `enableSorting: false` for columns it cannot sort. */
  columns: ColumnDef<T, unknown>[];
  defaultSort: TableSort;
  /** "Loading Units..." */
  loadingText: string;
  /** "No units found" */
  emptyText: string;
  /** Names the table and the search box ("Units"). */
  label: string;
  searchPlaceholder: string;
  /** The open record's row is highlighted. */
  highlightedId?: number | null;
  /** Opens a record (row click, or Enter on a focused row). */
  onOpen?: (row: T) => void;
  /** Checkboxes, only where the screen has bulk actions. */
  selection?: TableSelection;
  /** Name of a row for its checkbox label. */
  rowName?: (row: T) => string;
  /** Filters beside the search box (on a phone, folded away with the sort). */
  toolbar?: ReactNode;
  /** Actions on the selected rows, after the filters (not on a phone, where rows are not selected). */
  bulkActions?: ReactNode;
  /** A record as a phone shows it, instead of its row (keep it the same across renders: see ListCard). */
  card: (row: T) => ListCardContent;
  perPage?: number;
}

function SortIcon({ sorted }: { sorted: false | 'asc' | 'desc' }) {
  const Icon = sorted === 'asc' ? IconArrowUp : sorted === 'desc' ? IconArrowDown : IconSelector;
  return <Icon size={14} stroke={2} className={classes.sortIcon} aria-hidden />;
}

interface DataRowProps<T extends Identified> {
  row: Row<T>;
  /** The column definitions: new ones re-render the row (its cells come from them). */
  columns: ColumnDef<T, unknown>[];
  highlighted: boolean;
  /** Whether the row's checkbox is ticked; null when the table has no selection. */
  selected: boolean | null;
  selectLabel: string;
  onOpen: (row: T) => void;
  onToggle: (id: number, checked: boolean) => void;
}

/**
 * One row of the table, re-rendered only when its own data, state or the columns change. Plain
 * elements styled by DataTable.module.css (not Mantine's Table.Tr/Td and Checkbox): the rows are most
 * of what a list screen renders, and each Mantine component costs several components of its own.
 */
const DataRow = memo(function DataRow<T extends Identified>({
  row,
  highlighted,
  selected,
  selectLabel,
  onOpen,
  onToggle,
}: DataRowProps<T>) {
  const record = row.original;
  function onKeyDown(event: KeyboardEvent<HTMLTableRowElement>) {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onOpen(record);
    }
  }
  return (
    <tr
      className={classes.row}
      data-highlighted={highlighted || undefined}
      data-selected={selected || undefined}
      aria-current={highlighted ? 'true' : undefined}
      tabIndex={0}
      onClick={() => onOpen(record)}
      onKeyDown={onKeyDown}
    >
      {selected === null ? null : (
        <td className={classes.cell}>
          <input
            type="checkbox"
            className={classes.checkbox}
            aria-label={selectLabel}
            checked={selected}
            onClick={(event) => event.stopPropagation()}
            onChange={(event) => onToggle(record.id, event.currentTarget.checked)}
          />
        </td>
      )}
      {row.getVisibleCells().map((cell) => (
        <td key={cell.id} className={classes.cell}>
          {flexRender(cell.column.columnDef.cell, cell.getContext())}
        </td>
      ))}
    </tr>
  );
}) as <T extends Identified>(props: DataRowProps<T>) => ReactElement;

export function DataTable<T extends Identified>({
  resource,
  url,
  params,
  columns,
  defaultSort,
  loadingText,
  emptyText,
  label,
  searchPlaceholder,
  highlightedId = null,
  onOpen,
  selection,
  rowName,
  toolbar,
  bulkActions,
  card,
  perPage = PAGE_SIZE,
}: DataTableProps<T>) {
  const phone = usePhoneLayout();
  // A phone's list selects nothing: no checkboxes, no bulk actions.
  const selecting = phone ? undefined : selection;
  const captionId = useId();
  const foldId = useId();
  const [folded, setFolded] = useState(true);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [sorting, setSorting] = useState<SortingState>([defaultSort]);
  const [page, setPage] = useState(1);

  // A new search, sort or filter starts again at page 1.
  const filters = JSON.stringify(params ?? {});
  const [shownQuery, setShownQuery] = useState({ search: debouncedSearch, sorting, filters });
  if (
    shownQuery.search !== debouncedSearch ||
    shownQuery.sorting !== sorting ||
    shownQuery.filters !== filters
  ) {
    setShownQuery({ search: debouncedSearch, sorting, filters });
    setPage(1);
  }

  const sort = sorting[0] ?? defaultSort;
  const list = useQuery({
    ...listPageQuery<T>({ resource, url }, { params, page, perPage, sort, search: debouncedSearch }),
    placeholderData: keepPreviousData,
  });

  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;
  const pages = pageCount(total, perPage);

  // After deletes the current page may no longer exist.
  useEffect(() => {
    if (list.data && !list.isPlaceholderData && page > pages) setPage(pages);
  }, [list.data, list.isPlaceholderData, page, pages]);

  const selectedIds = selecting?.selectedIds ?? [];
  // Sorting happens on the server: a column only needs an accessor for TanStack to offer sorting.
  const sortableColumns = useMemo(
    () =>
      columns.map((column) =>
        column.enableSorting === false || 'accessorFn' in column || 'accessorKey' in column
          ? column
          : ({ ...column, accessorFn: () => null } as ColumnDef<T, unknown>),
      ),
    [columns],
  );

  const sortData = useMemo(() => sortOptions(columns), [columns]);

  const table = useReactTable({
    data: rows,
    columns: sortableColumns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => String(row.id),
    manualSorting: true,
    manualPagination: true,
    enableMultiSort: false,
    enableSortingRemoval: false,
    sortDescFirst: false,
    state: { sorting },
    onSortingChange: setSorting,
    pageCount: pages,
  });

  // Rows are memoised (DataRow): the callbacks they get stay the same across renders and read the
  // latest props, so a re-render of the screen (a filter list arriving, the bell) skips the rows.
  const latest = useRef({ onOpen, selection: selecting, selectedIds });
  useLayoutEffect(() => {
    latest.current = { onOpen, selection: selecting, selectedIds };
  });
  const openRow = useCallback((row: T) => latest.current.onOpen?.(row), []);
  const toggleRow = useCallback((id: number, checked: boolean) => {
    const { selection: current, selectedIds: ids } = latest.current;
    current?.onChange(checked ? [...ids, id] : ids.filter((other) => other !== id));
  }, []);

  const pageIds = rows.map((row) => row.id);
  const selectedHere = pageIds.filter((id) => selectedIds.includes(id));
  const someSelected = selectedHere.length > 0 && selectedHere.length < pageIds.length;
  const selectAll = selecting ? (
    <input
      type="checkbox"
      className={classes.checkbox}
      aria-label={t.screens.selectAll}
      checked={pageIds.length > 0 && selectedHere.length === pageIds.length}
      // A checkbox is only ever made indeterminate from script.
      ref={(element) => {
        if (element) element.indeterminate = someSelected;
      }}
      onChange={(event) =>
        selecting.onChange(
          event.currentTarget.checked
            ? [...new Set([...selectedIds, ...pageIds])]
            : selectedIds.filter((id) => !pageIds.includes(id)),
        )
      }
    />
  ) : null;

  const columnCount = table.getVisibleLeafColumns().length + (selecting ? 1 : 0);
  let message: string | null = null;
  if (list.isPending) message = loadingText;
  else if (list.isError && !list.data) message = t.errors.generic;
  else if (list.data?.message) message = list.data.message;
  else if (rows.length === 0) message = emptyText;

  const range = rowRange(page, perPage, total);
  const windowPages = pageWindow(page, pages);
  const go = (next: number) => setPage(clampPage(next, pages));

  const searchBox = (
    <TextInput
      className={phone ? classes.phoneSearch : classes.search}
      size="sm"
      type="search"
      value={search}
      onChange={(event) => setSearch(event.currentTarget.value)}
      placeholder={searchPlaceholder}
      aria-label={searchPlaceholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={
        search ? (
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            onClick={() => setSearch('')}
            aria-label={t.buttons.close}
          >
            <IconX size={14} aria-hidden />
          </ActionIcon>
        ) : list.isFetching && !list.isPending ? (
          <Loader size={14} aria-hidden />
        ) : null
      }
    />
  );

  const P = t.screens.phoneList;
  const activeFilters = Object.values(params ?? {}).filter(
    (value) => value !== undefined && value !== null && value !== '',
  ).length;
  const toolbarArea = phone ? (
    <div className={classes.phoneToolbar}>
      <Group gap="xs" wrap="nowrap">
        {searchBox}
        <Button
          size="sm"
          variant={folded ? 'default' : 'light'}
          leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
          aria-expanded={!folded}
          aria-controls={foldId}
          onClick={() => setFolded((value) => !value)}
          className={classes.foldButton}
        >
          {toolbar
            ? activeFilters > 0
              ? format(P.filtersActive, { count: activeFilters })
              : P.filters
            : P.sort}
        </Button>
      </Group>
      {folded ? null : (
        <Stack id={foldId} gap="sm" pt="sm">
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <Select
              className={classes.phoneSearch}
              size="sm"
              label={P.sortBy}
              data={sortData}
              value={sort.id}
              onChange={(value) => {
                if (value) setSorting([sortBy(sort, value)]);
              }}
              allowDeselect={false}
              comboboxProps={{ zIndex: 400 }}
            />
            <ActionIcon
              variant="default"
              size={36}
              aria-label={P.descending}
              aria-pressed={sort.desc}
              title={sort.desc ? P.descending : P.ascending}
              onClick={() => setSorting([{ id: sort.id, desc: !sort.desc }])}
            >
              {sort.desc ? (
                <IconSortDescending size={18} aria-hidden />
              ) : (
                <IconSortAscending size={18} aria-hidden />
              )}
            </ActionIcon>
          </Group>
          {toolbar}
        </Stack>
      )}
    </div>
  ) : (
    <Group className={classes.toolbar} gap="sm" justify="space-between" wrap="wrap">
      {searchBox}
      {toolbar || bulkActions ? (
        <Group gap="sm">
          {toolbar}
          {bulkActions}
        </Group>
      ) : null}
    </Group>
  );

  const cards = (
    <>
      <VisuallyHidden id={captionId}>{label}</VisuallyHidden>
      {message ? (
        <div className={classes.message}>
          <Text c="dimmed" role={list.isPending ? 'status' : undefined}>
            {message}
          </Text>
        </div>
      ) : (
        <ul
          className={`${cardClasses.list} ${list.isPlaceholderData ? classes.fetching : ''}`}
          aria-labelledby={captionId}
          aria-busy={list.isFetching || undefined}
        >
          {rows.map((record) => (
            <ListCard<T>
              key={record.id}
              record={record}
              card={card}
              highlighted={record.id === highlightedId}
              onOpen={onOpen ? openRow : null}
            />
          ))}
        </ul>
      )}
    </>
  );

  return (
    <Paper withBorder radius="lg" shadow="xs" className={classes.card}>
      {toolbarArea}

      {phone ? (
        cards
      ) : (
        <Table.ScrollContainer minWidth={560} type="native">
          <Table
            className={`${classes.table} ${list.isPlaceholderData ? classes.fetching : ''}`}
            verticalSpacing="sm"
            horizontalSpacing="md"
            aria-labelledby={captionId}
            aria-busy={list.isFetching || undefined}
          >
            <VisuallyHidden component="caption" id={captionId}>
              {label}
            </VisuallyHidden>
            <Table.Thead>
              {table.getHeaderGroups().map((group) => (
                <Table.Tr key={group.id}>
                  {selecting ? <Table.Th className={classes.checkboxCell}>{selectAll}</Table.Th> : null}
                  {group.headers.map((header) => {
                    const sorted = header.column.getIsSorted();
                    const sortable = header.column.getCanSort();
                    const content = flexRender(header.column.columnDef.header, header.getContext());
                    return (
                      <Table.Th
                        key={header.id}
                        aria-sort={
                          sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined
                        }
                        style={{
                          width:
                            header.column.columnDef.size && header.column.columnDef.size !== 150
                              ? header.column.columnDef.size
                              : undefined,
                        }}
                      >
                        {sortable ? (
                          <UnstyledButton
                            className={classes.sortButton}
                            data-sorted={sorted || undefined}
                            onClick={header.column.getToggleSortingHandler()}
                          >
                            {content}
                            <SortIcon sorted={sorted} />
                          </UnstyledButton>
                        ) : (
                          content
                        )}
                      </Table.Th>
                    );
                  })}
                </Table.Tr>
              ))}
            </Table.Thead>
            <Table.Tbody>
              {message ? (
                <Table.Tr>
                  <Table.Td colSpan={columnCount} className={classes.message}>
                    <Text c="dimmed" role={list.isPending ? 'status' : undefined}>
                      {message}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : (
                table.getRowModel().rows.map((row) => (
                  <DataRow<T>
                    key={row.id}
                    row={row}
                    columns={sortableColumns}
                    highlighted={row.original.id === highlightedId}
                    selected={selecting ? selectedIds.includes(row.original.id) : null}
                    selectLabel={format(t.screens.selectRow, {
                      name: rowName?.(row.original) ?? String(row.original.id),
                    })}
                    onOpen={openRow}
                    onToggle={toggleRow}
                  />
                ))
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      <Group className={classes.footer} justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" c="dimmed" aria-live="polite">
          {total > 0
            ? format(t.screens.showing, {
                from: range.from,
                to: range.to,
                total: list.data?.capped ? `${total}+` : total,
              })
            : ' '}
          {selecting && selectedIds.length > 0 ? (
            <Box component="span" ml="sm" fw={600} c="var(--mantine-color-text)">
              {format(t.screens.selected, { count: selectedIds.length })}
            </Box>
          ) : null}
        </Text>
        {pages > 1 ? (
          <Group component="nav" aria-label={t.screens.pagination} gap={4}>
            <ActionIcon
              variant="default"
              size={32}
              onClick={() => go(1)}
              disabled={page <= 1}
              aria-label={t.screens.firstPage}
            >
              <IconChevronsLeft size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="default"
              size={32}
              onClick={() => go(page - 1)}
              disabled={page <= 1}
              aria-label={t.screens.previousPage}
            >
              <IconChevronLeft size={16} aria-hidden />
            </ActionIcon>
            {windowPages.map((number) => (
              <ActionIcon
                key={number}
                size={32}
                variant={number === page ? 'filled' : 'default'}
                onClick={() => go(number)}
                aria-label={format(t.screens.page, { page: number })}
                aria-current={number === page ? 'page' : undefined}
              >
                <Text size="sm" fw={600} component="span">
                  {number}
                </Text>
              </ActionIcon>
            ))}
            <ActionIcon
              variant="default"
              size={32}
              onClick={() => go(page + 1)}
              disabled={page >= pages}
              aria-label={t.screens.nextPage}
            >
              <IconChevronRight size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="default"
              size={32}
              onClick={() => go(pages)}
              disabled={page >= pages}
              aria-label={t.screens.lastPage}
            >
              <IconChevronsRight size={16} aria-hidden />
            </ActionIcon>
          </Group>
        ) : null}
      </Group>
    </Paper>
  );
}
