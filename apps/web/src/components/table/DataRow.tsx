/**
 * One row of the list table (TableView), re-rendered only when its own data, state or the columns change.
 * Plain elements styled by DataTable.module.css (not Mantine's Table.Tr/Td and Checkbox): the rows are
 * most of what a list screen renders, and each Mantine component costs several components of its own.
 */
import { type ColumnDef, flexRender, type Row } from '@tanstack/react-table';
import { type KeyboardEvent, memo, type ReactElement } from 'react';
import classes from './DataTable.module.css';
import { handledByBrowser } from './opening';
import type { Identified } from './table-types';

export interface DataRowProps<T extends Identified> {
  row: Row<T>;
  /** The column definitions: new ones re-render the row (its cells come from them). */
  columns: ColumnDef<T, unknown>[];
  highlighted: boolean;
  /** Whether the row's checkbox is ticked; null when the table has no selection. */
  selected: boolean | null;
  selectLabel: string;
  /** Opens the record in the app: a plain click on the row, or Enter or Space on it. */
  onOpen: (row: T) => void;
  /**
   * Where the record opens: its first cell is a link to it, which a click follows before the app has loaded (the
   * server's render) and which opens in a new tab; null when records do not open (the row is then only shown, and
   * is no Tab stop).
   */
  href: string | null;
  onToggle: (id: number, checked: boolean) => void;
}

export const DataRow = memo(function DataRow<T extends Identified>({
  row,
  highlighted,
  selected,
  selectLabel,
  onOpen,
  href,
  onToggle,
}: DataRowProps<T>) {
  const record = row.original;
  const opens = href !== null;
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
      data-opens={opens || undefined}
      aria-current={highlighted ? 'true' : undefined}
      tabIndex={opens ? 0 : undefined}
      onClick={opens ? () => onOpen(record) : undefined}
      onKeyDown={opens ? onKeyDown : undefined}
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
      {row.getVisibleCells().map((cell, index) => {
        const content = flexRender(cell.column.columnDef.cell, cell.getContext());
        return (
          <td key={cell.id} className={classes.cell}>
            {index === 0 && href !== null ? (
              // Out of the Tab order: the row is the stop, and Enter on it opens the record.
              <a
                href={href}
                className={classes.rowLink}
                tabIndex={-1}
                onClick={(event) => {
                  // The row opens it on a plain click; any other is the browser's alone.
                  if (handledByBrowser(event)) event.stopPropagation();
                  else event.preventDefault();
                }}
              >
                {content}
              </a>
            ) : (
              content
            )}
          </td>
        );
      })}
    </tr>
  );
}) as <T extends Identified>(props: DataRowProps<T>) => ReactElement;
