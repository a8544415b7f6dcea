/**
 * "Schedule Details": the work (property, unit, category, priority, description), when it repeats (the rule, start,
 * end, lead days, state, the next ticket's date), the coming dates and the tickets it created (each linking to its
 * ticket). Below them Delete, Pause or Resume (by its state) and Edit, for whoever the schedule allows them; a paused
 * schedule says that it creates no tickets.
 */
import { Alert, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { type ApiSchedule, type ApiScheduleOccurrence, can, priorityText } from '@mend/shared';
import { IconPlayerPause, IconPlayerPauseFilled, IconPlayerPlay } from '@tabler/icons-react';
import { DetailActions } from '../../components/DetailActions';
import {
  DescriptionSection,
  DetailField,
  DetailFields,
  DetailSection,
  formatDate,
  PanelError,
  PanelStatus,
  RecordLink,
} from '../../components/details';
import type { PanelControls } from '../../components/panel/usePanelRoute';
import { recordUrl } from '../../components/records/record-kind';
import { useDeleteRecord } from '../../components/useDeleteRecord';
import { useActor } from '../../lib/actor';
import { format, t } from '../../lib/translations';
import { scheduleKind } from './kind';
import { dateText, nextOnText, ruleText, StateBadge, unitText } from './ScheduleParts';
import { useSchedule, useScheduleAction } from './schedule-data';
import { shownState } from './schedule-list';
import classes from './schedules.module.css';

const S = t.schedules.screens;
const F = S.fields;

export function ScheduleDetails({ id, panel }: { id: number; panel: PanelControls }) {
  const query = useSchedule(id);
  if (query.isPending) return <PanelStatus loading />;
  if (query.isError) return <PanelError error={query.error} />;
  const schedule = query.data;
  return (
    <>
      <ScheduleSections schedule={schedule} />
      <ScheduleFooter schedule={schedule} panel={panel} />
    </>
  );
}

function ScheduleSections({ schedule }: { schedule: ApiSchedule }) {
  const paused = schedule.state === 'paused';
  return (
    <Stack gap="lg" pt="md" pb="lg">
      <Group gap="sm" wrap="nowrap" align="flex-start" justify="space-between">
        <Title order={3} fz={20} lh={1.25} style={{ overflowWrap: 'anywhere' }}>
          {schedule.title}
        </Title>
        <StateBadge schedule={schedule} mt={3} />
      </Group>
      {paused ? (
        <Alert
          variant="light"
          color="yellow"
          radius="md"
          icon={<IconPlayerPauseFilled size={18} aria-hidden />}
          role="status"
          data-paused-hint
        >
          {S.pausedHint}
        </Alert>
      ) : null}

      <DetailSection title={S.sections.work}>
        <DetailFields>
          <DetailField label={F.property}>
            <RecordLink to={`/properties/${schedule.property_id}`}>{schedule.property_name}</RecordLink>
          </DetailField>
          <DetailField label={F.unit}>
            {schedule.unit_id === null ? (
              unitText(schedule)
            ) : (
              <RecordLink to={`/units/${schedule.unit_id}`}>{schedule.unit_name}</RecordLink>
            )}
          </DetailField>
          <DetailField label={F.category}>{schedule.category_title}</DetailField>
          <DetailField label={F.priority}>{priorityText(schedule.priority, t)}</DetailField>
          <DetailField label={t.screens.fields.created}>
            {formatDate(schedule.created_at_timestamp)}
          </DetailField>
        </DetailFields>
      </DetailSection>
      <DescriptionSection text={schedule.description} />

      <DetailSection title={S.sections.repeats}>
        <DetailFields>
          <DetailField label={F.rule}>{ruleText(schedule)}</DetailField>
          <DetailField label={F.startsOn}>{dateText(schedule.starts_on)}</DetailField>
          <DetailField label={F.endsOn}>
            {schedule.ends_on ? dateText(schedule.ends_on) : S.endsOnPlaceholder}
          </DetailField>
          <DetailField label={F.leadDays}>{schedule.lead_days}</DetailField>
          <DetailField label={F.state}>{S.states[shownState(schedule)]}</DetailField>
          <DetailField label={F.next}>{nextOnText(schedule)}</DetailField>
        </DetailFields>
      </DetailSection>

      <DetailSection title={S.upcoming}>
        {schedule.upcoming.length === 0 ? (
          <Text size="sm" c="dimmed">
            {S.noUpcoming}
          </Text>
        ) : (
          <List size="sm" className={classes.dates} aria-label={S.upcoming} data-upcoming>
            {schedule.upcoming.map((date) => (
              <List.Item key={date}>{dateText(date)}</List.Item>
            ))}
          </List>
        )}
      </DetailSection>

      <DetailSection title={S.occurrences}>
        {schedule.occurrences.length === 0 ? (
          <Text size="sm" c="dimmed">
            {S.noOccurrences}
          </Text>
        ) : (
          <List size="sm" className={classes.dates} aria-label={S.occurrences} data-occurrences>
            {schedule.occurrences.map((occurrence) => (
              <List.Item key={occurrence.occurs_on}>
                <Occurrence occurrence={occurrence} />
              </List.Item>
            ))}
          </List>
        )}
      </DetailSection>
    </Stack>
  );
}

/** "Mon, Feb 1, 2027: ticket #A12" linking to the ticket, or "…: ticket deleted". */
function Occurrence({ occurrence }: { occurrence: ApiScheduleOccurrence }) {
  if (occurrence.ticket_id === null)
    return (
      <Text size="sm" c="dimmed" component="span">
        {format(S.occurrenceDeleted, { date: dateText(occurrence.occurs_on) })}
      </Text>
    );
  return (
    <RecordLink to={`/tickets/${occurrence.ticket_id}`}>
      {format(S.occurrence, {
        date: dateText(occurrence.occurs_on),
        visible_id: occurrence.visible_id ?? '',
      })}
    </RecordLink>
  );
}

/**
 * Delete, Pause or Resume, Edit: each only where the schedule allows it; no footer when none does. Delete is every
 * record's (components/useDeleteRecord.ts).
 */
function ScheduleFooter({ schedule, panel }: { schedule: ApiSchedule; panel: PanelControls }) {
  const actor = useActor();
  const { remove, deleting } = useDeleteRecord();
  const { send, sending } = useScheduleAction();
  const manages = can(actor, 'schedule.manage', { landlordId: schedule.landlord_id });
  const canUpdate = manages && schedule.can.update;
  const canDelete = manages && schedule.can.delete;
  const state = shownState(schedule);
  // An ended schedule has nothing left to pause; a paused one may be resumed whatever its dates.
  const action = !canUpdate
    ? null
    : schedule.state === 'paused'
      ? 'resume'
      : state === 'active'
        ? 'pause'
        : null;

  return (
    <DetailActions
      onEdit={canUpdate ? () => panel.go({ mode: 'edit', id: schedule.id }) : null}
      deleting={deleting}
      onDelete={
        canDelete
          ? () =>
              remove({
                path: recordUrl(scheduleKind, schedule.id),
                entity: scheduleKind.entity.word,
                name: schedule.title,
                resource: scheduleKind.resource,
                onDeleted: panel.deleted,
              })
          : null
      }
    >
      {action ? (
        <Button
          variant="default"
          leftSection={
            action === 'pause' ? (
              <IconPlayerPause size={16} aria-hidden />
            ) : (
              <IconPlayerPlay size={16} aria-hidden />
            )
          }
          loading={sending === action}
          onClick={() => void send(schedule, action)}
        >
          {action === 'pause' ? S.pause : S.resume}
        </Button>
      ) : null}
    </DetailActions>
  );
}
