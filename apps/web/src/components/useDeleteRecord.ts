/**
 * Deleting a record (SPEC.md sections 4 and 8): asks "Yes, delete it!" / "No, keep it", then
 * DELETEs the record's own path. Success: toast "Deleted", caches refreshed, back to the list.
 * Failure: "Yikes!" with the server's refusal (409, e.g. "still has 2 units") or the generic
 * "... may not have been deleted ..." text.
 */

import type { MessageResponse } from '@mend/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiSend } from '../lib/api';
import { invalidateAfterWrite, type WrittenResource } from '../lib/invalidation';
import { format, t } from '../lib/translations';
import { confirmDelete, toastError, toastSuccess } from './feedback';

export interface DeleteRequest {
  /** The record's own API path (`/api/units/5/`). */
  path: string;
  /** Lower-case entity word for the texts ("unit"). */
  entity: string;
  /** The record's name for the texts. */
  name: string;
  /** The resource deleted from ('units'): its cached record is dropped, what shows it refreshed (lib/invalidation.ts). */
  resource: WrittenResource;
  onDeleted: () => void;
}

export function useDeleteRecord() {
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState(false);

  async function remove({ path, entity, name, resource, onDeleted }: DeleteRequest): Promise<void> {
    if (deleting || !(await confirmDelete(entity, name))) return;
    setDeleting(true);
    const result = await apiSend<Partial<MessageResponse> | null>('DELETE', path);
    setDeleting(false);
    if (result.ok) {
      onDeleted();
      queryClient.removeQueries({ queryKey: [resource, 'detail'] });
      await invalidateAfterWrite(queryClient, resource);
      toastSuccess(t.toasts.deleted, result.data?.message);
      return;
    }
    const refused = result.status === 409 && result.data.message;
    toastError(
      t.errors.yikes,
      refused
        ? (result.data.message as string)
        : format(t.errors.deleteFailed, { entity, record_name: name }),
    );
  }

  return { remove, deleting };
}
