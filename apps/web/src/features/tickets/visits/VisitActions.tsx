/**
 * What the viewer may do about the visit now: the tenant's Confirm (at once) and Refuse (a dialog with an optional
 * reason) of a time proposed outside its availability (`can.answer_visit`), and Cancel for the contractor that
 * holds the job or staff (`can.cancel_visit`): a dialog that asks first, with an optional reason.
 */
import { Button, Group, Modal } from '@mantine/core';
import type { ApiTicket, ApiVisit } from '@mend/shared';
import { IconCalendarX, IconCheck, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { format, t } from '../../../lib/translations';
import { VisitReasonForm } from './VisitReasonForm';
import { confirmVisit } from './visit-data';
import { visitActionPath, windowText } from './visit-rules';

const V = t.ticketScreens.visit;

export function VisitActions({ ticket, visit }: { ticket: ApiTicket; visit: ApiVisit }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [dialog, setDialog] = useState<'refuse' | 'cancel' | null>(null);
  const close = () => setDialog(null);

  async function confirm() {
    if (confirming) return;
    setConfirming(true);
    await confirmVisit(queryClient, ticket.id, visit.id);
    setConfirming(false);
  }

  return (
    <>
      {ticket.can.answer_visit ? (
        <Group gap="sm" grow preventGrowOverflow={false} data-visit-answer>
          <Button
            color="teal"
            leftSection={<IconCheck size={16} aria-hidden />}
            loading={confirming}
            onClick={() => void confirm()}
          >
            {V.confirm}
          </Button>
          <Button
            variant="light"
            color="red"
            leftSection={<IconX size={16} aria-hidden />}
            disabled={confirming}
            onClick={() => setDialog('refuse')}
          >
            {V.refuse}
          </Button>
        </Group>
      ) : null}
      {ticket.can.cancel_visit ? (
        <Group>
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconCalendarX size={16} aria-hidden />}
            onClick={() => setDialog('cancel')}
          >
            {V.cancel}
          </Button>
        </Group>
      ) : null}
      <Modal
        opened={dialog !== null}
        onClose={close}
        title={dialog === 'refuse' ? V.refuseTitle : V.cancelTitle}
        // Above the side panel (Drawer, z-index 200), as the confirmations.
        zIndex={400}
        radius="md"
        centered
      >
        {dialog === 'refuse' ? (
          <VisitReasonForm
            ticketId={ticket.id}
            url={visitActionPath(ticket.id, visit.id, 'refuse')}
            label={V.refuseTitle}
            submitLabel={V.refuse}
            cancelLabel={t.buttons.cancel}
            onClose={close}
          />
        ) : null}
        {dialog === 'cancel' ? (
          <VisitReasonForm
            ticketId={ticket.id}
            url={visitActionPath(ticket.id, visit.id, 'cancel')}
            label={V.cancelTitle}
            question={format(V.confirmCancel, { time: windowText(visit.range) })}
            submitLabel={V.cancel}
            cancelLabel={t.confirm.no}
            onClose={close}
          />
        ) : null}
      </Modal>
    </>
  );
}
