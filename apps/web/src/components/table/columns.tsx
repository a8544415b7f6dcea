import type { ColumnDef } from '@tanstack/react-table';
import { t } from '../../lib/translations';
import { DateCell } from '../details';

/** A list's Created column: the record's creation date, sorted by the server's `created_at`. */
export function createdColumn<T extends { created_at_timestamp: number }>({
  header = t.screens.fields.created,
  size,
}: {
  header?: string;
  size?: number;
} = {}): ColumnDef<T, unknown> {
  return {
    id: 'created_at',
    header,
    size,
    cell: ({ row }) => <DateCell timestamp={row.original.created_at_timestamp} />,
  };
}
