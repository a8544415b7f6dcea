/**
 * The assigned contractor's answer in a ticket's details (issue 25; `can.answer_assignment`): Accept at once,
 * or Decline, which asks for the reason in a dialog (DeclineForm). Either answer updates the details; a
 * contractor that declined a job it saw only because it was assigned no longer sees the ticket: back to the list.
 */
import { Button, Group, Modal } from '@mantine/core';
import type { ApiTicketAssignmentResponse } from '@mend/shared';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toastError } from '../../../components/feedback';
import { invalidateAfterWrite } from '../../../lib/invalidation';
import { t } from '../../../lib/translations';
import { applyAssignmentAnswer, sendAssignment } from './assignment-data';
import { answerPath } from './assignment-rules';
import { DeclineForm } from './DeclineForm';

const A = t.ticketScreens.assignment;

export function AnswerButtons({ ticketId, onGone }: { ticketId: number; onGone: () => void }) {
  const queryClient = useQueryClient();
  const [accepting, setAccepting] = useState(false);
  const [declining, setDeclining] = useState(false);

  async function accept() {
    if (accepting) return;
    setAccepting(true);
    await sendAssignment(queryClient, ticketId, 'accept', onGone);
    setAccepting(false);
  }

  return (
    <>
      <Group gap="sm" grow preventGrowOverflow={false} data-assignment-answer>
        <Button
          color="teal.9"
          leftSection={<IconCheck size={16} aria-hidden />}
          loading={accepting}
          onClick={accept}
        >
          {A.accept}
        </Button>
        <Button
          variant="light"
          color="red"
          leftSection={<IconX size={16} aria-hidden />}
          disabled={accepting}
          onClick={() => setDeclining(true)}
        >
          {A.decline}
        </Button>
      </Group>
      <Modal
        opened={declining}
        onClose={() => setDeclining(false)}
        title={A.declineTitle}
        // Above the side panel (Drawer, z-index 200), as the confirmations.
        zIndex={400}
        radius="md"
        centered
      >
        <DeclineForm<ApiTicketAssignmentResponse>
          url={answerPath(ticketId, 'decline')}
          toast={t.toasts.ticketUpdated}
          onCancel={() => setDeclining(false)}
          onDeclined={(answer) => {
            setDeclining(false);
            void applyAssignmentAnswer(queryClient, ticketId, answer, onGone);
          }}
          onRefused={(message) => {
            // Answered meanwhile, or no longer this contractor's job: the details show how it stands now.
            setDeclining(false);
            toastError(t.errors.yikes, message);
            void invalidateAfterWrite(queryClient, 'assignments');
          }}
        />
      </Modal>
    </>
  );
}
