/**
 * The ticket form's submit (SPEC.md sections 2 and 5): POST tickets or PATCH tickets/{id} through
 * useFormSubmit, the server's 422 errors landing on their fields. An edit says "Ticket Updated" and goes
 * back to the details; a create shows the "Ticket Created" dialog, then the ticket's details.
 */
import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { modals } from '@mantine/modals';
import { type ApiTicket, TICKET_DIALOG_WIDTH } from '@mend/shared';
import { IconCircleCheck } from '@tabler/icons-react';
import { savedRecord } from '../../components/forms/payload';
import { useFormSubmit } from '../../components/forms/useFormSubmit';
import type { PanelControls } from '../../components/panel/usePanelRoute';
import { t } from '../../lib/translations';
import type { TicketFormApi } from './ticket-form-values';
import { ticketPayload } from './ticket-payload';
import classes from './tickets.module.css';

/** "Ticket Created": the ticket went to the contractor; GOT IT! (or closing) goes on to its details. */
function showCreatedDialog(onClose: () => void) {
  const id = modals.open({
    title: t.toasts.ticketCreatedTitle,
    size: TICKET_DIALOG_WIDTH,
    centered: true,
    zIndex: 400,
    radius: 'md',
    classNames: { title: classes.dialogTitle },
    onClose,
    children: (
      <Stack align="center" gap="md" ta="center" pb={4}>
        <ThemeIcon size={56} radius="xl" variant="light" color="teal">
          <IconCircleCheck size={34} aria-hidden />
        </ThemeIcon>
        <Text size="sm">{t.toasts.ticketCreated}</Text>
        <Button fullWidth data-autofocus onClick={() => modals.close(id)}>
          {t.buttons.gotIt}
        </Button>
      </Stack>
    ),
  });
}

/** The form's submit handler, and the button state and error summary of RecordFormShell. */
export function useTicketSubmit(
  form: TicketFormApi,
  {
    ticket,
    includeStatus,
    panel,
  }: {
    /** The edited ticket; null on create. */
    ticket: ApiTicket | null;
    includeStatus: boolean;
    panel: PanelControls;
  },
) {
  const creating = ticket === null;
  const { buttonState, error, submit } = useFormSubmit(form, { writes: 'tickets' });

  const onSubmit = form.onSubmit(async (values) => {
    const result = await submit({
      method: creating ? 'POST' : 'PATCH',
      url: creating ? 'tickets' : `tickets/${ticket.id}`,
      body: ticketPayload(values, { includeStatus }),
      // A new ticket says so in its dialog instead.
      toast: creating ? undefined : { title: t.toasts.ticketUpdated },
    });
    if (!result?.ok) return;
    const { id } = savedRecord(result.data);
    const done = () => (id !== null ? panel.saved(id) : panel.deleted());
    if (creating) showCreatedDialog(done);
    else done();
  });

  return { buttonState, error, onSubmit };
}
