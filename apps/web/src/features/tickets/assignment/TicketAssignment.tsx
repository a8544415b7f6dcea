/**
 * "Assigned contractor" in a ticket's details (issue 25 section 2): who is assigned, the state of its answer
 * (waiting: "Answer by {time}", or "No answer since {time}" once the landlord's hours have passed; accepted;
 * declined, with the reason where the server gives it), then the viewer's part: the assigned contractor's
 * Accept and Decline (AnswerButtons), staff's Assign, Reassign and Unassign (AssignControls).
 * Nothing shows to a viewer with nobody assigned and nothing to do about it.
 */
import { Avatar, Group, Stack, Text } from '@mantine/core';
import {
  type ApiTicket,
  type ApiTicketAssignment,
  assignmentStateText,
  RELATIVE_TIME_LIST_REFRESH_MS,
} from '@mend/shared';
import { DetailField, DetailFields, DetailSection } from '../../../components/details';
import { StateTag } from '../../../components/StateTag';
import { t } from '../../../lib/translations';
import { useNow } from '../TicketParts';
import { AnswerButtons } from './AnswerButtons';
import { AssignControls } from './AssignControls';
import { assignmentDue, assignmentStateColor } from './assignment-rules';

const A = t.ticketScreens.assignment;

export function TicketAssignment({ ticket, onGone }: { ticket: ApiTicket; onGone: () => void }) {
  const { assignment } = ticket;
  if (!assignment && !ticket.can.assign) return null;
  return (
    <DetailSection title={A.title}>
      {assignment ? (
        <Assignee assignment={assignment} />
      ) : (
        <Text size="sm" c="dimmed">
          {A.nobody}
        </Text>
      )}
      {ticket.can.answer_assignment ? <AnswerButtons ticketId={ticket.id} onGone={onGone} /> : null}
      {ticket.can.assign ? (
        // A new assignment (or none) starts the controls afresh: no choice, no summary of an earlier refusal.
        <AssignControls
          key={assignment ? `${assignment.id}-${assignment.assigned_at_timestamp}` : 'nobody'}
          ticket={ticket}
          onGone={onGone}
        />
      ) : null}
    </DetailSection>
  );
}

/** The assigned contractor, its state and (pending) its deadline, or (declined) its reason. */
function Assignee({ assignment }: { assignment: ApiTicketAssignment }) {
  const now = useNow(RELATIVE_TIME_LIST_REFRESH_MS);
  const due = assignmentDue(assignment, now);
  const company = assignment.company_name.trim();
  return (
    <Stack gap="xs" data-assignment-state={assignment.state}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Avatar
          src={assignment.avatar}
          name={assignment.name}
          alt=""
          color="initials"
          size={40}
          radius="xl"
        />
        <Stack gap={2} miw={0} style={{ flex: 1 }}>
          <Group gap={6} wrap="wrap" align="center">
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {assignment.name}
            </Text>
            <AssignmentStateBadge state={assignment.state} />
          </Group>
          {company && company !== assignment.name ? (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {company}
            </Text>
          ) : null}
          {due ? (
            <Text
              size="xs"
              c={due.overdue ? 'red.9' : 'dimmed'}
              fw={due.overdue ? 600 : undefined}
              data-overdue={due.overdue || undefined}
            >
              {due.text}
            </Text>
          ) : null}
        </Stack>
      </Group>
      {assignment.state === 'declined' && assignment.decline_reason ? (
        <DetailFields>
          <DetailField label={A.reason}>{assignment.decline_reason}</DetailField>
        </DetailFields>
      ) : null}
    </Stack>
  );
}

/** The state of an answer as a coloured tag ("Waiting for an answer", "Accepted", "Declined"). */
/** Its name is the page's language's, by its value (the server's `state_text` is English). */
export function AssignmentStateBadge({ state }: { state: ApiTicketAssignment['state'] }) {
  return (
    <StateTag color={assignmentStateColor(state)} data-assignment-badge={state}>
      {assignmentStateText(state, t)}
    </StateTag>
  );
}
