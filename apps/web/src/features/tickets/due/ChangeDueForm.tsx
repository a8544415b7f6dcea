/**
 * "Change due times" (issue 26; `can.change_due`: staff of the ticket's landlord): a date and a time at the property
 * for the response and for the resolution, starting from the ticket's own, checked with the shared ticketDueSchema in
 * the property's zone and sent through the one submit hook (PATCH tickets/{id}/due: a fresh `_nonce`, the server's
 * errors under their due time, its refusal in the summary). The answer is the ticket: it shows in the details at once,
 * and the lists and the dashboard refresh (lib/invalidation.ts, 'due'). A refusal no change can fix (403 no longer
 * the viewer's to change, 409) closes the dialog with its message. Loaded on demand: it brings the date picker.
 */
import '@mantine/dates/styles.css';
import { Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { DatePickerInput, TimeInput } from '@mantine/dates';
import { type ApiTicket, type ApiTicketDue, timeZoneLabel } from '@mend/shared';
import { IconCalendar, IconClock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { FormButton } from '../../../components/FormButton';
import { toastError } from '../../../components/feedback';
import { FormErrorAlert } from '../../../components/forms/FormErrorAlert';
import { useSubmittingForm } from '../../../components/forms/useSubmittingForm';
import { invalidateAfterWrite } from '../../../lib/invalidation';
import { format, t } from '../../../lib/translations';
import { ticketDetailKey } from '../ticket-data';
import {
  DUE_PARTS,
  type DueField,
  type DueFormValues,
  dueFieldError,
  dueFormSchema,
  dueFormValues,
  duePath,
  duePayload,
} from './due-form';

const S = t.ticketScreens;
const D = S.due;

export default function ChangeDueForm({
  ticket,
  due,
  onClose,
}: {
  ticket: Pick<ApiTicket, 'id'>;
  due: ApiTicketDue;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const zone = due.time_zone;
  const schema = useMemo(() => dueFormSchema(zone), [zone]);
  const { form, submit, submission } = useSubmittingForm<DueFormValues>({
    initialValues: dueFormValues(due),
    schema,
    stored: true,
    writes: 'due',
  });

  /**
   * A date or time changed: each due time is checked once whole, or to clear the error it shows (the order rule is
   * on the response, so a change of either checks both).
   */
  function change(name: (typeof DUE_PARTS)[number]['date' | 'time'], value: string | null) {
    form.setFieldValue(name, value as never);
    const values = form.getValues();
    for (const part of DUE_PARTS) {
      const whole = Boolean(values[part.date] && values[part.time]);
      if (whole || dueFieldError(form.errors, part.field)) form.validateField(part.field);
    }
  }

  const onSubmit = form.onSubmit(async (values) => {
    const result = await submit<ApiTicket>({
      method: 'PATCH',
      url: duePath(ticket.id),
      body: duePayload(values),
      toast: { title: t.toasts.ticketUpdated, message: t.tickets.due.changed },
    });
    if (!result) return;
    if (result.ok) {
      if (result.data?.id === ticket.id) queryClient.setQueryData(ticketDetailKey(ticket.id), result.data);
      onClose();
    } else if (result.status === 409 || result.status === 403) {
      // No longer this viewer's to change, or the ticket changed meanwhile: the details show how it stands now.
      onClose();
      toastError(t.errors.yikes, result.data.message || t.errors.generic);
      void invalidateAfterWrite(queryClient, 'due');
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={D.change} data-due-form>
      <Stack gap="sm">
        {zone ? (
          <Text size="xs" c="dimmed" data-time-zone={zone}>
            {format(S.timeZone, { zone: timeZoneLabel(zone) })}
          </Text>
        ) : null}
        {DUE_PARTS.map((part) => (
          <DueFieldset
            key={part.field}
            field={part.field}
            legend={part.label}
            date={form.values[part.date]}
            time={form.values[part.time]}
            error={dueFieldError(form.errors, part.field)}
            onDate={(value) => change(part.date, value)}
            onTime={(value) => change(part.time, value)}
          />
        ))}
        <FormErrorAlert error={submission.error} />
        <Group justify="flex-end" gap="sm" wrap="wrap">
          <Button variant="default" onClick={onClose}>
            {t.buttons.cancel}
          </Button>
          <FormButton
            miw={120}
            state={submission.buttonState}
            label={D.save}
            errorLabel={t.buttonErrors.save}
            disabled={!submission.canSubmit && submission.buttonState === 'default'}
          />
        </Group>
      </Stack>
    </form>
  );
}

/**
 * One due time: its date and time side by side from `sm` up; at 390 px (in a dialog some 330 px wide) one under the
 * other, so the date reads whole. Its error (the schema's or the server's) under both.
 */
function DueFieldset({
  field,
  legend,
  date,
  time,
  error,
  onDate,
  onTime,
}: {
  field: DueField;
  legend: string;
  date: string | null;
  time: string;
  error: string | null;
  onDate: (value: string | null) => void;
  onTime: (value: string) => void;
}) {
  const errorId = `${field}-error`;
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="fieldset"
      aria-label={legend}
      aria-describedby={error ? errorId : undefined}
      style={{ margin: 0, borderColor: error ? 'var(--mantine-color-error)' : undefined }}
      data-due-field={field}
    >
      <Text size="sm" fw={600} component="legend" mb={6} style={{ float: 'left', padding: 0 }}>
        {legend}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs" style={{ clear: 'both' }}>
        <DatePickerInput
          size="sm"
          label={D.date}
          value={date}
          onChange={(value) => onDate(value)}
          valueFormat="ddd, MMM D, YYYY"
          leftSection={<IconCalendar size={16} aria-hidden />}
          // Above the dialog (z-index 400); the focus back on the field once a day is chosen.
          popoverProps={{ zIndex: 500, returnFocus: true }}
          error={Boolean(error)}
          withAsterisk
          name={`${field}[date]`}
        />
        <TimeInput
          size="sm"
          label={D.time}
          value={time}
          onChange={(event) => onTime(event.currentTarget.value)}
          leftSection={<IconClock size={16} aria-hidden />}
          error={Boolean(error)}
          withAsterisk
          name={`${field}[time]`}
        />
      </SimpleGrid>
      {error ? (
        <Text size="xs" c="red.9" mt={6} role="alert" id={errorId}>
          {error}
        </Text>
      ) : null}
    </Paper>
  );
}
