/**
 * One estimate or invoice in a ticket's "Costs" (issue 26): its kind, state and who sent it, its lines and sums
 * (CostLines), the note, the attached file, who decided it (and why, declined) or when it was paid; then staff's
 * part: Approve and Decline (with the reason, in a dialog) on an estimate a manager decides, "Mark paid" (with the
 * date, in a dialog) on an unpaid invoice. An estimate waiting for an owner says so plainly.
 */
import { Alert, Anchor, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import type { ApiTicketAssignmentResponse, ApiTicketCost } from '@mend/shared';
import { IconCash, IconCheck, IconClockHour4, IconPaperclip, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDate } from '../../../components/details';
import { toastError } from '../../../components/feedback';
import { format, t } from '../../../lib/translations';
import { ReasonForm } from '../ReasonForm';
import { CostLines } from './CostLines';
import { CostStateBadge } from './CostStateBadge';
import { applyCostAnswer, approveCost } from './cost-data';
import { costDeclineReason, decidePath } from './cost-rules';
import classes from './costs.module.css';
import { PaidForm } from './PaidForm';

const C = t.costScreens;

export function CostItem({ ticketId, cost }: { ticketId: number; cost: ApiTicketCost }) {
  const queryClient = useQueryClient();
  const [approving, setApproving] = useState(false);
  const [dialog, setDialog] = useState<'decline' | 'paid' | null>(null);

  async function approve() {
    if (approving) return;
    setApproving(true);
    await approveCost(queryClient, ticketId, cost.id);
    setApproving(false);
  }

  const done = (answer: ApiTicketAssignmentResponse) => {
    setDialog(null);
    void applyCostAnswer(queryClient, ticketId, answer);
  };

  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      className={classes.item}
      data-cost={cost.id}
      data-cost-kind={cost.kind}
      data-cost-item-state={cost.state}
    >
      <Stack gap="xs">
        <Group gap={6} wrap="wrap" justify="space-between">
          <Text size="sm" fw={600}>
            {t.costs.kinds[cost.kind]}
          </Text>
          <CostStateBadge state={cost.state} />
        </Group>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {[
            cost.contractor ? format(C.sentBy, { name: cost.contractor.name }) : null,
            formatDate(cost.created_at_timestamp),
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
        {cost.state === 'awaiting_owner' ? (
          <Alert
            color="orange"
            variant="light"
            radius="md"
            p="xs"
            icon={<IconClockHour4 size={18} aria-hidden />}
            data-awaiting-owner
          >
            {t.costs.awaitingOwner}
          </Alert>
        ) : null}
        <CostLines cost={cost} />
        {cost.note ? (
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {C.note}
            </Text>
            <p className={classes.note}>{cost.note}</p>
          </Stack>
        ) : null}
        {cost.attachment ? (
          <Anchor
            href={cost.attachment.url}
            target="_blank"
            rel="noopener"
            size="sm"
            style={{ overflowWrap: 'anywhere' }}
          >
            <Group gap={4} component="span" wrap="nowrap">
              <IconPaperclip size={14} aria-hidden />
              {cost.attachment.name || C.attachment}
            </Group>
          </Anchor>
        ) : null}
        {cost.decided_by ? (
          <Text size="xs" c="dimmed" data-cost-decided-by>
            {cost.paid_on
              ? `${format(C.paidOn, { date: cost.paid_on })} · ${format(C.decidedBy, { name: cost.decided_by })}`
              : format(C.decidedBy, { name: cost.decided_by })}
          </Text>
        ) : cost.paid_on ? (
          <Text size="xs" c="dimmed">
            {format(C.paidOn, { date: cost.paid_on })}
          </Text>
        ) : null}
        {cost.state === 'declined' && cost.decline_reason ? (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {format(C.declinedBecause, { reason: cost.decline_reason })}
          </Text>
        ) : null}
        {cost.can.approve || cost.can.decline ? (
          <Group gap="sm" grow preventGrowOverflow={false}>
            {cost.can.approve ? (
              <Button
                color="teal.9"
                leftSection={<IconCheck size={16} aria-hidden />}
                loading={approving}
                onClick={() => void approve()}
              >
                {C.approve}
              </Button>
            ) : null}
            {cost.can.decline ? (
              <Button
                variant="light"
                color="red"
                leftSection={<IconX size={16} aria-hidden />}
                disabled={approving}
                onClick={() => setDialog('decline')}
              >
                {C.decline}
              </Button>
            ) : null}
          </Group>
        ) : null}
        {cost.can.mark_paid ? (
          <Group>
            <Button
              variant="light"
              leftSection={<IconCash size={16} aria-hidden />}
              onClick={() => setDialog('paid')}
            >
              {C.markPaid}
            </Button>
          </Group>
        ) : null}
      </Stack>
      <Modal
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        title={dialog === 'paid' ? C.markPaidTitle : C.declineTitle}
        // Above the side panel (Drawer, z-index 200), as the confirmations.
        zIndex={400}
        radius="md"
        centered
      >
        {dialog === 'decline' ? (
          <ReasonForm<ApiTicketAssignmentResponse>
            {...costDeclineReason(decidePath(ticketId, cost.id, 'decline'))}
            writes={null}
            toast={t.toasts.ticketUpdated}
            onDone={done}
            onCancel={() => setDialog(null)}
            onRefused={(message) => {
              setDialog(null);
              toastError(t.errors.yikes, message);
              void applyCostAnswer(queryClient, ticketId, null);
            }}
          />
        ) : dialog === 'paid' ? (
          <PaidForm ticketId={ticketId} costId={cost.id} onDone={done} onCancel={() => setDialog(null)} />
        ) : null}
      </Modal>
    </Paper>
  );
}
