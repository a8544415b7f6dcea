/**
 * The job of a signed assignment link (AssignmentLinkPage.tsx), for a phone's width: its number, title and
 * priority, where it is, the tenant's description and availability, and (while it waits) the deadline.
 */
import { Paper, Stack, Text, Title } from '@mantine/core';
import { type ApiAssignmentLink, RELATIVE_TIME_LIST_REFRESH_MS } from '@mend/shared';
import { DetailField, DetailFields } from '../../../components/details';
import { listedNameInPageLanguage, t } from '../../../lib/translations';
import { AvailabilityList } from '../TicketDetailSections';
import { useNow } from '../TicketParts';
import { placeLine } from '../ticket-place';
import classes from './assignment.module.css';
import { assignmentDue } from './assignment-rules';

const S = t.ticketScreens;

export function LinkJob({ job }: { job: ApiAssignmentLink }) {
  // The deadline's text turns from "Answer by" to "No answer since" while the page is open.
  const now = useNow(RELATIVE_TIME_LIST_REFRESH_MS);
  const due = assignmentDue(job, now);
  const place = placeLine(job);
  return (
    <Paper withBorder radius="md" p="md" data-assignment-job={job.ticket_id}>
      <Stack gap="sm">
        <Stack gap={2}>
          <Text size="xs" c="dimmed" ff="monospace">
            #{job.visible_id}
          </Text>
          <Title order={2} fz={18} lh={1.3} style={{ overflowWrap: 'anywhere' }}>
            {job.title}
          </Title>
          {due ? (
            <Text
              size="sm"
              c={due.overdue ? 'red.9' : 'dimmed'}
              fw={600}
              data-overdue={due.overdue || undefined}
            >
              {due.text}
            </Text>
          ) : null}
        </Stack>
        <p className={classes.description}>{job.description}</p>
        <DetailFields>
          <DetailField label={S.columns.property}>{place}</DetailField>
          <DetailField label={S.fields.city}>{job.city}</DetailField>
          <DetailField label={S.fields.priority}>
            {listedNameInPageLanguage(job.priority_text, (words) => words.tickets.priorityNames)}
          </DetailField>
          <DetailField label={S.fields.availability}>
            {job.availability_strings.length > 0 ? (
              <AvailabilityList strings={job.availability_strings} timeZone={job.availability_time_zone} />
            ) : (
              S.noAvailability
            )}
          </DetailField>
        </DetailFields>
      </Stack>
    </Paper>
  );
}
