/**
 * The tickets list's actions on the selected rows: Delete (roles below 3) and "Mark As..." a status
 * (those who may change a status). One runs at a time; the rows it handled leave the selection.
 */
import { Button, Divider, Group, Menu } from '@mantine/core';
import { IconChevronDown, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type Dispatch, type SetStateAction, useState } from 'react';
import { t } from '../../lib/translations';
import { changeStatus, deleteTickets } from './ticket-data';
import classes from './tickets.module.css';

const S = t.ticketScreens;

export function TicketBatchActions({
  selected,
  setSelected,
  statusList,
  canBulkDelete,
  canMarkAs,
  onDeleted,
}: {
  /** The ids of the selected rows. */
  selected: number[];
  setSelected: Dispatch<SetStateAction<number[]>>;
  /** The statuses by value, the "Mark As..." menu's items. */
  statusList: string[];
  canBulkDelete: boolean;
  canMarkAs: boolean;
  /** After a delete, with the ids deleted. */
  onDeleted: (ids: number[]) => void;
}) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  async function markAs(next: number) {
    if (busy || selected.length === 0) return;
    setBusy(true);
    const saved = await changeStatus(queryClient, {
      ids: selected,
      status: next,
      statuses: statusList,
      bulk: true,
    });
    setBusy(false);
    if (saved) setSelected([]);
  }

  async function removeSelected() {
    if (busy || selected.length === 0) return;
    setBusy(true);
    const deleted = await deleteTickets(queryClient, selected);
    setBusy(false);
    if (deleted.length === 0) return;
    setSelected((ids) => ids.filter((id) => !deleted.includes(id)));
    onDeleted(deleted);
  }

  const none = selected.length === 0;
  return (
    <>
      <Divider orientation="vertical" className={classes.toolbarDivider} />
      <Group gap="xs" role="group" aria-label={S.bulkActions}>
        {canBulkDelete ? (
          <Button
            size="sm"
            variant="light"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            disabled={none || busy}
            onClick={() => void removeSelected()}
          >
            {t.buttons.delete}
          </Button>
        ) : null}
        {canMarkAs ? (
          <Menu position="bottom-end" withinPortal shadow="md" width={200} disabled={none || busy}>
            <Menu.Target>
              <Button
                size="sm"
                variant="default"
                rightSection={<IconChevronDown size={16} aria-hidden />}
                disabled={none || busy || statusList.length === 0}
              >
                {t.buttons.markAs}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {statusList.map((text, index) => (
                <Menu.Item key={text} onClick={() => void markAs(index)}>
                  {text}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        ) : null}
      </Group>
    </>
  );
}
