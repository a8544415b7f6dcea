/**
 * A record's details panel: loads the record, shows its sections, and below them Edit and Delete for
 * whoever may use them. Deleting asks first and goes back to the list (components/useDeleteRecord.ts).
 */
import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useRecord } from '../../lib/records';
import { DetailActions } from '../DetailActions';
import { PanelError, PanelStatus } from '../details';
import type { PanelControls } from '../panel/usePanelRoute';
import { useDeleteRecord } from '../useDeleteRecord';
import { type RecordKind, recordUrl } from './record-kind';

export interface RecordDetailsProps<T> {
  kind: RecordKind;
  id: number;
  panel: PanelControls;
  /** The record as the delete question names it. */
  name: (record: T) => string;
  canEdit: (record: T) => boolean;
  canDelete: (record: T) => boolean;
  /** The record's sections. */
  children: (record: T) => ReactNode;
}

export function RecordDetails<T extends { id: number }>({
  kind,
  id,
  panel,
  name,
  canEdit,
  canDelete,
  children,
}: RecordDetailsProps<T>) {
  const query = useRecord<T>(kind.resource, recordUrl(kind, id), id);
  const { remove, deleting } = useDeleteRecord();
  if (query.isPending) return <PanelStatus loading />;
  if (query.isError) return <PanelError error={query.error} />;

  const record = query.data;
  return (
    <>
      <Stack gap="lg" pt="md" pb="lg">
        {children(record)}
      </Stack>
      <DetailActions
        onEdit={canEdit(record) ? () => panel.go({ mode: 'edit', id: record.id }) : null}
        deleting={deleting}
        onDelete={
          canDelete(record)
            ? () =>
                remove({
                  path: recordUrl(kind, record.id),
                  entity: kind.entity.word,
                  name: name(record),
                  resource: kind.resource,
                  onDeleted: panel.deleted,
                })
            : null
        }
      />
    </>
  );
}
