/**
 * A list as a table (wider screens): sortable headers (the sort itself is the server's, see useListState),
 * the rows (DataRow), the open record's row highlighted, and a checkbox per row with one for the whole page
 * when the screen has bulk actions. The list's message (loading, empty, failed) takes the body's place.
 */
import { Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconSelector } from '@tabler/icons-react';
import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type SortingState,
  type Updater,
  useReactTable,
} from '@tanstack/react-table';
import { useMemo } from 'react';
import { format, t } from '../../lib/translations';
import { DataRow } from './DataRow';
import classes from './DataTable.module.css';
import type { TableSort } from './list-query';
import type { Identified, ListStatus, TableSelection } from './table-types';

export interface TableViewProps<T extends Identified> {
  rows: T[];
  columns: ColumnDef<T, unknown>[];
  sort: TableSort;
  onSort: (sort: TableSort) => void;
  status: ListStatus;
  /** Names the table (its caption). */
  label: string;
  captionId: string;
  highlightedId: number | null;
  /** Checkboxes and the select-all box; undefined for none. */
  selection?: TableSelection;
  /** Name of a row for its checkbox label. */
  rowName?: (row: T) => string;
  /** Opens a record in the app; kept the same across renders (the rows are memoised). */
  onOpen: (row: T) => void;
  /** The address each record opens at (its row's first cell links to it); null when records do not open. */
  hrefOf: ((row: T) => string) | null;
  /** Kept the same across renders (the rows are memoised). */
  onToggle: (id: number, checked: boolean) => void;
}

function SortIcon({ sorted }: { sorted: false | 'asc' | 'desc' }) {
  const Icon = sorted === 'asc' ? IconArrowUp : sorted === 'desc' ? IconArrowDown : IconSelector;
  return <Icon size={14} stroke={2} className={classes.sortIcon} aria-hidden />;
}

/** The select-all box of the page's rows: ticked when all are, indeterminate when some are. */
function SelectAll({ pageIds, selection }: { pageIds: number[]; selection: TableSelection }) {
  const { selectedIds } = selection;
  const selectedHere = pageIds.filter((id) => selectedIds.includes(id));
  const someSelected = selectedHere.length > 0 && selectedHere.length < pageIds.length;
  return (
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
        selection.onChange(
          event.currentTarget.checked
            ? [...new Set([...selectedIds, ...pageIds])]
            : selectedIds.filter((id) => !pageIds.includes(id)),
        )
      }
    />
  );
}

export function TableView<T extends Identified>({
  rows,
  columns,
  sort,
  onSort,
  status,
  label,
  captionId,
  highlightedId,
  selection,
  rowName,
  onOpen,
  hrefOf,
  onToggle,
}: TableViewProps<T>) {
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
  const sorting: SortingState = [sort];

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
    onSortingChange: (updater: Updater<SortingState>) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      if (next[0]) onSort(next[0]);
    },
  });

  const selectedIds = selection?.selectedIds ?? [];
  const columnCount = table.getVisibleLeafColumns().length + (selection ? 1 : 0);

  return (
    <Table.ScrollContainer minWidth={560} type="native">
      <Table
        className={`${classes.table} ${status.stale ? classes.fetching : ''}`}
        verticalSpacing="sm"
        horizontalSpacing="md"
        aria-labelledby={captionId}
        aria-busy={status.fetching || undefined}
      >
        <VisuallyHidden component="caption" id={captionId}>
          {label}
        </VisuallyHidden>
        <Table.Thead>
          {table.getHeaderGroups().map((group) => (
            <Table.Tr key={group.id}>
              {selection ? (
                <Table.Th className={classes.checkboxCell}>
                  <SelectAll pageIds={rows.map((row) => row.id)} selection={selection} />
                </Table.Th>
              ) : null}
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                const content = flexRender(header.column.columnDef.header, header.getContext());
                const size = header.column.columnDef.size;
                return (
                  <Table.Th
                    key={header.id}
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                    style={{ width: size && size !== 150 ? size : undefined }}
                  >
                    {header.column.getCanSort() ? (
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
          {status.message ? (
            <Table.Tr>
              <Table.Td colSpan={columnCount} className={classes.message}>
                <Text c="dimmed" role={status.pending ? 'status' : undefined}>
                  {status.message}
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
                selected={selection ? selectedIds.includes(row.original.id) : null}
                selectLabel={format(t.screens.selectRow, {
                  name: rowName?.(row.original) ?? String(row.original.id),
                })}
                onOpen={onOpen}
                href={hrefOf ? hrefOf(row.original) : null}
                onToggle={onToggle}
              />
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
