/**
 * "Costs" in a ticket's details (issue 26; `ticket.costs`, null for its tenant, who sees nothing): staff's approval
 * limit, a plain "Awaiting owner approval" flag while an estimate waits for an owner, each estimate and invoice newest
 * first (CostItem: its lines, sums, state, note, file, who decided, staff's Approve / Decline / Mark paid), and for the
 * contractor that accepted the job "Send estimate" and "Send invoice", each opening its form in place (CostForm).
 */
import { Alert, Button, Group, Text } from '@mantine/core';
import type { ApiTicket } from '@mend/shared';
import { IconClockHour4, IconFileInvoice, IconReceipt } from '@tabler/icons-react';
import { useState } from 'react';
import { DetailSection } from '../../../components/details';
import { format, money, t } from '../../../lib/translations';
import { CostForm } from './CostForm';
import { CostItem } from './CostItem';
import { awaitsOwner, type CostKind } from './cost-rules';

const C = t.costScreens;

export function TicketCosts({ ticket }: { ticket: ApiTicket }) {
  const costs = ticket.costs;
  const [sending, setSending] = useState<CostKind | null>(null);
  if (!costs) return null;
  const waiting = awaitsOwner(costs.items);
  return (
    <DetailSection title={C.title}>
      <div data-ticket-costs>
        {waiting ? (
          <Alert
            color="orange"
            variant="light"
            radius="md"
            mb="sm"
            icon={<IconClockHour4 aria-hidden />}
            title={t.costs.awaitingOwner}
            data-awaiting-owner-flag
          >
            {costs.approval_limit_cents !== null
              ? format(C.approvalLimit, { limit: money(costs.approval_limit_cents, costs.currency) })
              : null}
          </Alert>
        ) : costs.approval_limit_cents !== null ? (
          <Text size="xs" c="dimmed" mb="sm">
            {format(C.approvalLimit, { limit: money(costs.approval_limit_cents, costs.currency) })}
          </Text>
        ) : null}
        {costs.items.length === 0 && !costs.can_submit ? (
          <Text size="sm" c="dimmed">
            {C.none}
          </Text>
        ) : null}
        <div style={{ display: 'flex', flexDirection: 'column', gap: 'var(--mantine-spacing-sm)' }}>
          {costs.items.map((cost) => (
            <CostItem key={cost.id} ticketId={ticket.id} cost={cost} />
          ))}
        </div>
        {costs.can_submit ? (
          sending ? (
            <div style={{ marginTop: 'var(--mantine-spacing-md)' }}>
              <CostForm
                key={sending}
                ticketId={ticket.id}
                kind={sending}
                currency={costs.currency}
                onDone={() => setSending(null)}
                onCancel={() => setSending(null)}
              />
            </div>
          ) : (
            <Group gap="sm" mt="sm" grow preventGrowOverflow={false}>
              <Button
                variant="light"
                leftSection={<IconFileInvoice size={16} aria-hidden />}
                onClick={() => setSending('estimate')}
              >
                {C.sendEstimate}
              </Button>
              <Button
                variant="light"
                leftSection={<IconReceipt size={16} aria-hidden />}
                onClick={() => setSending('invoice')}
              >
                {C.sendInvoice}
              </Button>
            </Group>
          )
        ) : null}
      </div>
    </DetailSection>
  );
}
