import { Button } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { t } from '../lib/translations';
import { PanelFooter } from './panel/SidePanel';

export interface DetailActionsProps {
  onEdit?: (() => void) | null;
  onDelete?: (() => void) | null;
  deleting?: boolean;
}

/** Edit and Delete at the bottom of a details panel; nothing when neither is allowed. */
export function DetailActions({ onEdit, onDelete, deleting = false }: DetailActionsProps) {
  if (!onEdit && !onDelete) return null;
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
      {onEdit ? (
        <Button leftSection={<IconPencil size={16} aria-hidden />} onClick={onEdit}>
          {t.buttons.edit}
        </Button>
      ) : null}
    </PanelFooter>
  );
}
