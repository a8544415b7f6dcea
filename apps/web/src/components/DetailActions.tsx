import { Button } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { t } from '../lib/translations';
import { PanelFooter } from './panel/SidePanel';

export interface DetailActionsProps {
  onEdit?: (() => void) | null;
  onDelete?: (() => void) | null;
  deleting?: boolean;
  /** The record's own actions, between Delete and Edit (a schedule's Pause or Resume). */
  children?: ReactNode;
}

/** Edit and Delete at the bottom of a details panel; nothing when neither is allowed and there is no other action. */
export function DetailActions({ onEdit, onDelete, deleting = false, children }: DetailActionsProps) {
  if (!onEdit && !onDelete && !children) return null;
  return (
    <PanelFooter>
      {onDelete ? (
        <Button
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={16} aria-hidden />}
          loading={deleting}
          onClick={onDelete}
        >
          {t.buttons.delete}
        </Button>
      ) : null}
      {children}
      {onEdit ? (
        <Button leftSection={<IconPencil size={16} aria-hidden />} onClick={onEdit}>
          {t.buttons.edit}
        </Button>
      ) : null}
    </PanelFooter>
  );
}
