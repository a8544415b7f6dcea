/**
 * The ticket form's submit (SPEC.md sections 2 and 5): POST tickets or PATCH tickets/{id} through
 * useFormSubmit, the server's 422 errors landing on their fields. An edit says "Ticket Updated" and goes
 * back to the details; a create shows the "Ticket Created" dialog, then the ticket's details.
 *
 * A new ticket sent without a connection (the browser is offline, or no answer came) is kept on the device
 * instead, with its photos and the `_nonce` it was sent with, and sent later (drafts/, ADR 0044): the list
 * shows it as waiting to send. An answer lost on the way is then the same submission sent again, never a second
 * ticket.
 */
import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { modals } from '@mantine/modals';
import { type ApiTicket, generateNonce, TICKET_DIALOG_WIDTH } from '@mend/shared';
import { IconCircleCheck } from '@tabler/icons-react';
import { toastInfo } from '../../components/feedback';
import { savedRecord } from '../../components/forms/payload';
import { useFormSubmit } from '../../components/forms/useFormSubmit';
import type { PanelControls } from '../../components/panel/usePanelRoute';
import { useCurrentUser } from '../../lib/auth';
import { t } from '../../lib/translations';
import { keepTicketDraft } from './drafts/ticket-drafts';
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
  const { user } = useCurrentUser();
  const { buttonState, error, submit, resetButton } = useFormSubmit(form, { writes: 'tickets' });

  /**
   * Keeps the new ticket on the device and goes back to the list, which shows it waiting to send. False when
   * the device would not keep it (no IndexedDB, e.g. some private windows): the form then says it failed.
   */
  async function keepOnDevice(nonce: string, body: Record<string, unknown>): Promise<boolean> {
    try {
      await keepTicketDraft(user.id, nonce, body);
    } catch {
      return false;
    }
    resetButton();
    toastInfo(t.offline.keptTitle, t.offline.keptText);
    panel.deleted();
    return true;
  }

  const onSubmit = form.onSubmit(async (values) => {
    const body = ticketPayload(values, { includeStatus });
    // A new ticket's nonce is made here, so that a copy kept after a lost answer is sent again with it.
    const nonce = creating ? generateNonce() : undefined;
    if (nonce && !navigator.onLine && (await keepOnDevice(nonce, body))) return;
    const result = await submit({
      method: creating ? 'POST' : 'PATCH',
      url: creating ? 'tickets' : `tickets/${ticket.id}`,
      body,
      nonce,
      // A new ticket says so in its dialog instead.
      toast: creating ? undefined : { title: t.toasts.ticketUpdated },
    });
    // No answer at all (status 0): the connection, not the ticket. (A refusal stays on the form, as ever.)
    if (nonce && result && !result.ok && result.status === 0 && (await keepOnDevice(nonce, body))) return;
    if (!result?.ok) return;
    const { id } = savedRecord(result.data);
    const done = () => (id !== null ? panel.saved(id) : panel.deleted());
    if (creating) showCreatedDialog(done);
    else done();
  });

  return { buttonState, error, onSubmit };
}
