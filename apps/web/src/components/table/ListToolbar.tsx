/**
 * What sits above a list: the search box and the list's CSV export, then the screen's filters and bulk actions. On a
 * phone the search stays, and the sort (a field and a direction, as the cards have no headers) and the filters fold
 * away behind one button that counts the filters set, with the export beside it as an icon; there are no bulk actions
 * (a phone selects nothing).
 */
import { ActionIcon, Button, Group, Select, Stack } from '@mantine/core';
import {
  IconAdjustmentsHorizontal,
  IconDownload,
  IconSortAscending,
  IconSortDescending,
} from '@tabler/icons-react';
import { type ReactNode, useId, useState } from 'react';
import { format, t } from '../../lib/translations';
import classes from './DataTable.module.css';
import type { TableSort } from './list-query';
import { SearchBox } from './SearchBox';
import { type SortOption, sortBy } from './sort-options';

export interface ListToolbarProps {
  phone: boolean;
  search: string;
  /** Kept the same across renders (see SearchBox). */
  onSearch: (search: string) => void;
  searchPlaceholder: string;
  /** A page is being fetched. */
  busy: boolean;
  sort: TableSort;
  /** The fields a phone's sort offers. */
  sortOptions: SortOption[];
  onSort: (sort: TableSort) => void;
  /** The screen's filters. */
  filters?: ReactNode;
  /** How many filters are set (on a phone's fold button). */
  activeFilters: number;
  /** Actions on the selected rows (not on a phone). */
  bulkActions?: ReactNode;
  /** The list's CSV export for its current search, sort and filters (list-url.ts `listExportUrl`), if it has one. */
  exportUrl?: string;
}

/**
 * The list's CSV export: a link, so the browser downloads the file itself (with the session's cookie) however long
 * it takes; the server names the file. On a phone an icon, beside the fold button.
 */
function ExportLink({ url, phone }: { url: string; phone: boolean }) {
  const E = t.exports;
  if (phone)
    return (
      <ActionIcon
        component="a"
        href={url}
        download
        variant="default"
        size={36}
        aria-label={E.button}
        title={E.hint}
      >
        <IconDownload size={18} aria-hidden />
      </ActionIcon>
    );
  return (
    <Button
      component="a"
      href={url}
      download
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden />}
      title={E.hint}
    >
      {E.button}
    </Button>
  );
}

/** A phone's sort: the field, and a button for the direction. */
function PhoneSort({
  sort,
  options,
  onSort,
}: {
  sort: TableSort;
  options: SortOption[];
  onSort: (sort: TableSort) => void;
}) {
  const P = t.screens.phoneList;
  return (
    <Group gap="xs" wrap="nowrap" align="flex-end">
      <Select
        className={classes.phoneSearch}
        size="sm"
        label={P.sortBy}
        data={options}
        value={sort.id}
        onChange={(value) => {
          if (value) onSort(sortBy(sort, value));
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
        onClick={() => onSort({ id: sort.id, desc: !sort.desc })}
      >
        {sort.desc ? (
          <IconSortDescending size={18} aria-hidden />
        ) : (
          <IconSortAscending size={18} aria-hidden />
        )}
      </ActionIcon>
    </Group>
  );
}

export function ListToolbar({
  phone,
  search,
  onSearch,
  searchPlaceholder,
  busy,
  sort,
  sortOptions,
  onSort,
  filters,
  activeFilters,
  bulkActions,
  exportUrl,
}: ListToolbarProps) {
  const foldId = useId();
  const [folded, setFolded] = useState(true);
  const searchBox = (
    <SearchBox
      className={phone ? classes.phoneSearch : classes.search}
      search={search}
      onSearch={onSearch}
      placeholder={searchPlaceholder}
      busy={busy}
    />
  );

  if (!phone) {
    return (
      <Group className={classes.toolbar} gap="sm" justify="space-between" wrap="wrap">
        {exportUrl ? (
          // Beside the search, so that it stays on the first line however many filters wrap below.
          <Group className={classes.searchRow} gap="sm" wrap="nowrap">
            {searchBox}
            <ExportLink url={exportUrl} phone={false} />
          </Group>
        ) : (
          searchBox
        )}
        {filters || bulkActions ? (
          <Group gap="sm">
            {filters}
            {bulkActions}
          </Group>
        ) : null}
      </Group>
    );
  }

  const P = t.screens.phoneList;
  return (
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
          {filters
            ? activeFilters > 0
              ? format(P.filtersActive, { count: activeFilters })
              : P.filters
            : P.sort}
        </Button>
        {exportUrl ? <ExportLink url={exportUrl} phone /> : null}
      </Group>
      {folded ? null : (
        <Stack id={foldId} gap="sm" pt="sm">
          <PhoneSort sort={sort} options={sortOptions} onSort={onSort} />
          {filters}
        </Stack>
      )}
    </div>
  );
}
