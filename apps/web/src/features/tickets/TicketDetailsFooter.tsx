/**
 * The footer of "Ticket Details": the status dropdown (tenants, and contractors on their routed tickets),
 * Delete and Edit, each only where the ticket allows it; no footer when none does.
 */
import { Button, Loader, Select } from '@mantine/core';
import { type ApiTicket, can, statusText } from '@mend/shared';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PanelFooter } from '../../components/panel/SidePanel';
import type { PanelControls } from '../../components/panel/usePanelRoute';
import { useDeleteRecord } from '../../components/useDeleteRecord';
import { useActor } from '../../lib/actor';
import { t } from '../../lib/translations';
import { changeStatus, ticketListKey, useStatuses } from './ticket-data';
import { statusColor } from './ticket-status';
import classes from './tickets.module.css';

const S = t.ticketScreens;

export function TicketDetailsFooter({ ticket, panel }: { ticket: ApiTicket; panel: PanelControls }) {
  const actor = useActor();
  const { remove, deleting } = useDeleteRecord();
  const queryClient = useQueryClient();
  const showStatus = can(actor, 'ticket.statusFooter') && ticket.can.change_status;

  if (!showStatus && !ticket.can.update && !ticket.can.delete) return null;
  return (
    <PanelFooter>
      {showStatus ? <StatusDropdown ticket={ticket} /> : null}
      {ticket.can.delete ? (
        <Button
          className={classes.footerButton}
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={16} aria-hidden />}
          loading={deleting}
          onClick={() =>
            void remove({
              path: ticket.path || `tickets/${ticket.id}`,
              entity: S.entity.word,
              name: ticket.title,
              resource: 'tickets',
              onDeleted: () => {
                panel.deleted();
                void queryClient.invalidateQueries({ queryKey: ticketListKey });
              },
            })
          }
        >
          {t.buttons.delete}
        </Button>
      ) : null}
      {ticket.can.update ? (
        <Button
          className={classes.footerButton}
          leftSection={<IconPencil size={16} aria-hidden />}
          onClick={() => panel.go({ mode: 'edit', id: ticket.id })}
        >
          {t.buttons.edit}
        </Button>
      ) : null}
    </PanelFooter>
  );
}

/** The footer's status dropdown: confirm, optimistic, "Updating Status..." while saving. */
function StatusDropdown({ ticket }: { ticket: ApiTicket }) {
  const queryClient = useQueryClient();
  const statuses = useStatuses();
  const [state, setState] = useState<'idle' | 'asking' | 'saving'>('idle');
  const list = statuses.data ?? [];

  async function pick(value: string | null) {
    if (value === null || state !== 'idle' || Number(value) === ticket.status) return;
    setState('asking');
    await changeStatus(queryClient, {
      ids: [ticket.id],
      status: Number(value),
      statuses: list,
      onSending: () => setState('saving'),
    });
    setState('idle');
  }

  // At most 200 px, and as narrow as the footer needs to hold Delete and Edit beside it on one line (phones).
  return (
    <div style={{ marginRight: 'auto', flex: '1 1 100px', minWidth: 0, maxWidth: 200 }}>
      {state === 'saving' ? (
        <Button variant="default" disabled leftSection={<Loader size={14} aria-hidden />} fullWidth>
          {t.buttons.updatingStatus}
        </Button>
      ) : (
        <Select
          aria-label={S.changeStatus}
          data={list.map((text, index) => ({ value: String(index), label: text }))}
          value={list.length > 0 ? String(ticket.status) : null}
          placeholder={statuses.isError ? t.errors.statusesFetch : statusText(ticket.status, t)}
          onChange={(value) => void pick(value)}
          allowDeselect={false}
          disabled={state !== 'idle' || list.length === 0}
          comboboxProps={{ zIndex: 400, position: 'top-start' }}
          leftSection={<StatusDot slug={ticket.status_slug} />}
        />
      )}
    </div>
  );
}

function StatusDot({ slug }: { slug: string }) {
  return (
    <span
      aria-hidden
      style={{
        width: 10,
        height: 10,
        borderRadius: '50%',
        background: `var(--mantine-color-${statusColor(slug)}-6)`,
      }}
    />
  );
}
