/**
 * Availability ranges of the ticket form (SPEC.md section 5): each range has a start date, end date
 * (Mantine DatePickerInput, not before yesterday), start time and end time (15-minute steps, 12-hour
 * labels). An end before the start is set to the start with the warning "The end time must be greater
 * than or equal to the start time.". Removing a range asks first and says "Updated". The times are the
 * property's (DESIGN.md "Time"), and the fields say which zone that is.
 */
import '@mantine/dates/styles.css';
import { Button, Group, Stack, Text } from '@mantine/core';
import { timeZoneLabel } from '@mend/shared';
import { IconPlus } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { confirmAction, toastSuccess } from '../../components/feedback';
import { format, t } from '../../lib/translations';
import { RangeFieldset } from './AvailabilityRangeFieldset';
import {
  defaultRange,
  minAvailabilityDate,
  type RangeField,
  type RangeInput,
  updateRange,
} from './availability-ranges';

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
      {ranges.map((range, index) => (
        <RangeFieldset
          key={range.key}
          range={range}
          number={index + 1}
          minDate={minDate}
          warning={warnings[range.key] ?? false}
          error={errorOf(index)}
          onChange={(field, value) => change(index, field, value)}
          onRemove={ranges.length > 1 ? () => void remove(index) : undefined}
        />
      ))}
      {listError ? (
        <Text size="xs" c="red.9" role="alert">
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
