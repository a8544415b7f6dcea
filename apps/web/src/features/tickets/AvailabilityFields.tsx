/**
 * Availability ranges of the ticket form (SPEC.md section 5): each range has a start date, end date
 * (Mantine DatePickerInput, not before yesterday), start time and end time (15-minute steps, 12-hour
 * labels). An end before the start is set to the start with the warning "The end time must be greater
 * than or equal to the start time.". Removing a range asks first and says "Updated". The times are the
 * property's (DESIGN.md "Time"), and the fields say which zone that is.
 */
import '@mantine/dates/styles.css';
import { ActionIcon, Button, Group, Paper, Select, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { timeZoneLabel } from '@mend/shared';
import { IconAlertTriangle, IconCalendar, IconClock, IconPlus, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { confirmAction, toastSuccess } from '../../components/feedback';
import { format, t } from '../../lib/translations';
import {
  defaultRange,
  minAvailabilityDate,
  type RangeField,
  type RangeInput,
  timeOptions,
  updateRange,
} from './ticket-logic';

const S = t.ticketScreens.form;

/** A range with a stable key for React. */
export interface RangeRow extends RangeInput {
  key: string;
}

let nextKey = 0;
/** A range of the form: the one given, else the default range at the property (`zone`). */
export function rangeRow(range: RangeInput | string): RangeRow {
  if (typeof range === 'string') range = defaultRange(new Date(), range);
  nextKey += 1;
  return { ...range, key: `range-${nextKey}` };
}

const TIME_OPTIONS = timeOptions();

export interface AvailabilityFieldsProps {
  ranges: readonly RangeRow[];
  /** The IANA zone of the unit's property, which the times are in. */
  timeZone: string;
  onChange: (index: number, range: RangeRow) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
  /** The error of one range (`availability.{i}`) and of the list itself. */
  errorOf: (index: number) => ReactNode;
  listError?: ReactNode;
}

export function AvailabilityFields({
  ranges,
  timeZone,
  onChange,
  onAdd,
  onRemove,
  errorOf,
  listError,
}: AvailabilityFieldsProps) {
  const [warnings, setWarnings] = useState<Record<string, boolean>>({});
  const minDate = useMemo(() => minAvailabilityDate(new Date(), timeZone), [timeZone]);

  function change(index: number, field: RangeField, value: string | null) {
    const current = ranges[index];
    const { range, corrected } = updateRange(current, field, value);
    setWarnings((all) => ({ ...all, [current.key]: corrected }));
    onChange(index, { ...range, key: current.key });
  }

  async function remove(index: number) {
    const confirmed = await confirmAction({
      title: t.confirm.titles.removeAvailability,
      message: t.confirm.removeAvailability,
      confirmLabel: t.confirm.yes,
      cancelLabel: t.confirm.no,
      danger: true,
    });
    if (!confirmed) return;
    onRemove(index);
    toastSuccess(t.toasts.availabilityRemovedTitle, t.toasts.availabilityRemoved);
  }

  return (
    <Stack gap="sm">
      <Text size="xs" c="dimmed" data-time-zone={timeZone}>
        {format(t.ticketScreens.timeZone, { zone: timeZoneLabel(timeZone) })}
      </Text>
      {ranges.map((range, index) => {
        const number = index + 1;
        const error = errorOf(index);
        return (
          <Paper
            key={range.key}
            withBorder
            radius="md"
            p="sm"
            component="fieldset"
            aria-label={format(S.range, { number })}
            style={{ margin: 0, borderColor: error ? 'var(--mantine-color-error)' : undefined }}
          >
            <Group justify="space-between" mb={6} wrap="nowrap">
              <Text size="sm" fw={600} component="legend" style={{ float: 'left', padding: 0 }}>
                {format(S.range, { number })}
              </Text>
              {ranges.length > 1 ? (
                <Tooltip label={format(S.removeRange, { number })} withArrow>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="sm"
                    onClick={() => void remove(index)}
                    aria-label={format(S.removeRange, { number })}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              ) : null}
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs" style={{ clear: 'both' }}>
              <DatePickerInput
                size="sm"
                label={S.startDate}
                value={range.startDate}
                onChange={(value) => change(index, 'startDate', value)}
                minDate={minDate}
                valueFormat="ddd, MMM D, YYYY"
                leftSection={<IconCalendar size={16} aria-hidden />}
                popoverProps={{ zIndex: 400 }}
                withAsterisk
              />
              <Select
                size="sm"
                label={S.startTime}
                data={TIME_OPTIONS}
                value={range.startTime}
                onChange={(value) => change(index, 'startTime', value)}
                leftSection={<IconClock size={16} aria-hidden />}
                allowDeselect={false}
                maxDropdownHeight={240}
                comboboxProps={{ zIndex: 400 }}
                withAsterisk
              />
              <DatePickerInput
                size="sm"
                label={S.endDate}
                value={range.endDate}
                onChange={(value) => change(index, 'endDate', value)}
                minDate={range.startDate ?? minDate}
                valueFormat="ddd, MMM D, YYYY"
                leftSection={<IconCalendar size={16} aria-hidden />}
                popoverProps={{ zIndex: 400 }}
                withAsterisk
              />
              <Select
                size="sm"
                label={S.endTime}
                data={TIME_OPTIONS}
                value={range.endTime}
                onChange={(value) => change(index, 'endTime', value)}
                leftSection={<IconClock size={16} aria-hidden />}
                allowDeselect={false}
                maxDropdownHeight={240}
                comboboxProps={{ zIndex: 400 }}
                withAsterisk
              />
            </SimpleGrid>
            {warnings[range.key] ? (
              <Group gap={6} mt={8} wrap="nowrap" role="status">
                <IconAlertTriangle size={16} color="var(--mantine-color-orange-7)" aria-hidden />
                <Text size="xs" c="orange.8">
                  {t.validation.availabilityEndBeforeStart}
                </Text>
              </Group>
            ) : null}
            {error ? (
              <Text size="xs" c="red.7" mt={6} role="alert">
                {error}
              </Text>
            ) : null}
          </Paper>
        );
      })}
      {listError ? (
        <Text size="xs" c="red.7" role="alert">
          {listError}
        </Text>
      ) : null}
      <Group>
        <Button variant="light" size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={onAdd}>
          {S.addRange}
        </Button>
      </Group>
    </Stack>
  );
}
