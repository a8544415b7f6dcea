/**
 * Sorting without column headers (a phone's list shows cards): the fields a list can be sorted by, named
 * as their columns are, and the sort that picking one of them gives, as a click on its header would.
 */
import type { TableSort } from './list-query';

/** What a sort option needs of a column definition. */
export interface SortableColumn {
  id?: string;
  header?: unknown;
  enableSorting?: boolean;
}

export interface SortOption {
  value: string;
  label: string;
}

/** The columns the server sorts by (not `enableSorting: false`), by their header's text. */
export function sortOptions(columns: readonly SortableColumn[]): SortOption[] {
  return columns.flatMap((column) =>
    column.enableSorting === false || !column.id || typeof column.header !== 'string'
      ? []
      : [{ value: column.id, label: column.header }],
  );
}

/** Picking a field: the same field keeps its direction; another starts ascending, as its header does. */
export function sortBy(current: TableSort, id: string): TableSort {
  return id === current.id ? current : { id, desc: false };
}
