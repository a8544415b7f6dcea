/**
 * One availability range of the ticket form (see AvailabilityFields): a fieldset with its start and end
 * dates and times, the warning when its end was just set to its start, and its error. The date pickers'
 * styles are loaded with AvailabilityFields. A visit's time (visits/BookVisitForm) is one such range too,
 * under its own legend.
 */
import { ActionIcon, Group, Paper, Select, SimpleGrid, Text, Tooltip } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconAlertTriangle, IconCalendar, IconClock, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { format, t } from '../../lib/translations';
import { type RangeField, type RangeInput, timeOptions } from './availability-ranges';

const S = t.ticketScreens.form;

const TIME_OPTIONS = timeOptions();

/** One range: its legend and remove button, its dates and times, the correction warning and its error. */
export function RangeFieldset({
  range,
  number,
  legend,
  minDate,
  warning,
  error,
  onChange,
  onRemove,
}: {
  range: RangeInput;
  /** The range's place in the list ("Time 2"). */
  number: number;
  /** The legend instead of "Time {number}" (a visit's form). */
  legend?: string;
  minDate: string;
  /** The end was just set to the start. */
  warning: boolean;
  error: ReactNode;
  onChange: (field: RangeField, value: string | null) => void;
  /** None while it is the only range: the form needs one. */
  onRemove: (() => void) | undefined;
}) {
  const title = legend ?? format(S.range, { number });
  const removeLabel = format(S.removeRange, { number });
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="fieldset"
      aria-label={title}
      style={{ margin: 0, borderColor: error ? 'var(--mantine-color-error)' : undefined }}
    >
      <Group justify="space-between" mb={6} wrap="nowrap">
        <Text size="sm" fw={600} component="legend" style={{ float: 'left', padding: 0 }}>
          {title}
        </Text>
        {onRemove ? (
          <Tooltip label={removeLabel} withArrow>
            <ActionIcon variant="subtle" color="red" size="sm" onClick={onRemove} aria-label={removeLabel}>
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        ) : null}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs" style={{ clear: 'both' }}>
        <RangeDate
          label={S.startDate}
          value={range.startDate}
          minDate={minDate}
          onChange={(value) => onChange('startDate', value)}
        />
        <RangeTime
          label={S.startTime}
          value={range.startTime}
          onChange={(value) => onChange('startTime', value)}
        />
        <RangeDate
          label={S.endDate}
          value={range.endDate}
          minDate={range.startDate ?? minDate}
          onChange={(value) => onChange('endDate', value)}
        />
        <RangeTime label={S.endTime} value={range.endTime} onChange={(value) => onChange('endTime', value)} />
      </SimpleGrid>
      {warning ? (
        <Group gap={6} mt={8} wrap="nowrap" role="status">
          <IconAlertTriangle size={16} color="var(--mantine-color-orange-7)" aria-hidden />
          <Text size="xs" c="var(--mend-color-warning-text)">
            {t.validation.availabilityEndBeforeStart}
          </Text>
        </Group>
      ) : null}
      {error ? (
        <Text size="xs" c="red.9" mt={6} role="alert">
          {error}
        </Text>
      ) : null}
    </Paper>
  );
}

interface RangePartProps {
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
}

/**
 * A start or end date; its pop-over sits above the side panel, and gives the focus back to the field once a day is
 * chosen (else it fell to the page's start, and a keyboard had to Tab its way back through the whole screen).
 */
function RangeDate({ minDate, ...props }: RangePartProps & { minDate: string }) {
  return (
    <DatePickerInput
      size="sm"
      {...props}
      minDate={minDate}
      valueFormat="ddd, MMM D, YYYY"
      leftSection={<IconCalendar size={16} aria-hidden />}
      popoverProps={{ zIndex: 400, returnFocus: true }}
      withAsterisk
    />
  );
}

/** A start or end time, one of TIME_OPTIONS; its list sits above the side panel. */
function RangeTime(props: RangePartProps) {
  return (
    <Select
      size="sm"
      {...props}
      data={TIME_OPTIONS}
      leftSection={<IconClock size={16} aria-hidden />}
      allowDeselect={false}
      maxDropdownHeight={240}
      comboboxProps={{ zIndex: 400 }}
      withAsterisk
    />
  );
}
