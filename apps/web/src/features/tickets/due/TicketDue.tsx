/**
 * "Due" in a ticket's details (issue 26), near the assigned contractor and the visit: where the ticket stands (its
 * state's badge and which due time is next, or that nothing more is due once closed), when its response and its
 * resolution are due, when someone first acted on it, all at its property's clock; for its managers
 * (`can.change_due`), "Change due times", a dialog with the form (ChangeDueForm, loaded when opened). Nothing shows
 * to a tenant (the server sends no due times).
 */
import { Button, Group, Loader, Modal, Text } from '@mantine/core';
import { type ApiTicket, type DueState, RELATIVE_TIME_LIST_REFRESH_MS, timeZoneLabel } from '@mend/shared';
import { IconClockEdit } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { DetailField, DetailFields, DetailSection } from '../../../components/details';
import { StateTag } from '../../../components/StateTag';
import { format, t } from '../../../lib/translations';
import { useNow } from '../TicketParts';
import { useDueStateAt } from './DueMark';
import {
  dueStateColor,
  dueStateText,
  momentText,
  nextDueText,
  resolveByText,
  respondByText,
} from './due-rules';

const S = t.ticketScreens;
const D = S.due;

// Only the ticket's managers change due times: the form (and its date picker) loads for them, once opened.
const ChangeDueForm = lazy(() => import('./ChangeDueForm'));

export function TicketDue({ ticket }: { ticket: ApiTicket }) {
  const now = useNow(RELATIVE_TIME_LIST_REFRESH_MS);
  const [changing, setChanging] = useState(false);
  const stateAt = useDueStateAt();
  const { due } = ticket;
  if (!due) return null;
  const state = stateAt(due, now);
  const responded = due.responded_at_timestamp;

  return (
    <DetailSection title={D.title}>
      <Group gap={6} wrap="wrap" align="center" data-due-state={state ?? 'closed'}>
        {state ? <DueStateBadge state={state} /> : null}
        <Text size="sm" fw={state ? 600 : undefined} c={state ? undefined : 'dimmed'}>
          {nextDueText(due) ?? D.closed}
        </Text>
      </Group>
      <DetailFields>
        <DetailField label={D.respondBy}>
          <span data-due-respond-by>{respondByText(due)}</span>
        </DetailField>
        <DetailField label={D.resolveBy}>
          <span data-due-resolve-by>{resolveByText(due)}</span>
        </DetailField>
        <DetailField label={D.respondedAt}>
          {responded === null ? (
            <Text size="sm" c="dimmed" component="span" data-due-responded="none">
              {D.notResponded}
            </Text>
          ) : (
            <span data-due-responded>{momentText(responded, due.time_zone)}</span>
          )}
        </DetailField>
      </DetailFields>
      {due.time_zone ? (
        <Text size="xs" c="dimmed">
          {format(S.timeZone, { zone: timeZoneLabel(due.time_zone) })}
        </Text>
      ) : null}
      {ticket.can.change_due ? (
        <Group>
          <Button
            variant="light"
            size="sm"
            leftSection={<IconClockEdit size={16} aria-hidden />}
            onClick={() => setChanging(true)}
            data-due-change
          >
            {D.change}
          </Button>
        </Group>
      ) : null}
      <Modal
        opened={changing}
        onClose={() => setChanging(false)}
        title={D.change}
        // Above the side panel (Drawer, z-index 200), as the confirmations.
        zIndex={400}
        radius="md"
        centered
      >
        {changing ? (
          <Suspense fallback={<Loader size="sm" role="progressbar" aria-label={t.app.loading} />}>
            <ChangeDueForm ticket={ticket} due={due} onClose={() => setChanging(false)} />
          </Suspense>
        ) : null}
      </Modal>
    </DetailSection>
  );
}

/** Where a ticket stands as a coloured tag ("Overdue", "Due today", "On track"). */
export function DueStateBadge({ state }: { state: DueState }) {
  return (
    <StateTag color={dueStateColor(state)} data-due-badge={state}>
      {dueStateText(state)}
    </StateTag>
  );
}
