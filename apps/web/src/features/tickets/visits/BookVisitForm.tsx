/**
 * "Book a visit" / "Choose another time" (issue 25 section 3; `can.book_visit`: the contractor that accepted the
 * job): the tenant's windows still ahead, each with "Use this time" (which fills the form with it), then the
 * start and end dates and times at the property (the ticket form's availability fieldset), checked with the
 * shared visitSchema in the property's zone and sent through the one submit hook (POST tickets/{id}/visits: the
 * server's error on `visit`, its refusal in the summary). Under the times, whether they fall inside the tenant's
 * availability (booked at once) or not (proposed: the tenant is asked). Loaded on demand: it brings the date
 * pickers, which the details need for nobody else.
 */
import '@mantine/dates/styles.css';
import { Button, Group, Stack, Text } from '@mantine/core';
import {
  type ApiTicket,
  deviceTimeZone,
  RELATIVE_TIME_LIST_REFRESH_MS,
  timeZoneLabel,
  zonedToday,
} from '@mend/shared';
import { IconCalendarCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { FormButton } from '../../../components/FormButton';
import { FormErrorAlert } from '../../../components/forms/FormErrorAlert';
import { useSubmittingForm } from '../../../components/forms/useSubmittingForm';
import { invalidateAfterWrite } from '../../../lib/invalidation';
import { format, t } from '../../../lib/translations';
import { RangeFieldset } from '../AvailabilityRangeFieldset';
import type { RangeField, RangeInput } from '../availability-ranges';
import { useNow } from '../TicketParts';
import { showVisitAnswer, type VisitAnswer } from './visit-data';
import {
  insideWindow,
  updateVisitRange,
  type VisitFormValues,
  visitFormSchema,
  visitFormValues,
  visitPayload,
  visitsPath,
  windowChoices,
} from './visit-rules';

const S = t.ticketScreens;
const V = S.visit;

const complete = (range: RangeInput) =>
  Boolean(range.startDate && range.startTime && range.endDate && range.endTime);

export default function BookVisitForm({ ticket }: { ticket: ApiTicket }) {
  const queryClient = useQueryClient();
  const zone = ticket.availability_time_zone || deviceTimeZone();
  const schema = useMemo(() => visitFormSchema(zone), [zone]);
  const title = ticket.visit ? V.rebook : V.book;
  const { form, submit, submission } = useSubmittingForm<VisitFormValues>({
    initialValues: visitFormValues(ticket.visit),
    schema,
    writes: 'visits',
  });
  const [warning, setWarning] = useState(false);
  // The windows still ahead, and the earliest date, follow the clock while the details stay open.
  const now = useNow(RELATIVE_TIME_LIST_REFRESH_MS);
  const windows = useMemo(() => windowChoices(ticket, new Date(now)), [ticket, now]);
  const minDate = useMemo(() => zonedToday(zone, new Date(now)), [zone, now]);
  const inside = insideWindow(form.values, ticket.availability_ranges, zone);

  /** New times in the form; checked once they are whole (or to clear the error shown). */
  function setRange(range: RangeInput, corrected: boolean) {
    setWarning(corrected);
    form.setValues({ ...range });
    if (complete(range) || form.errors.visit) form.validateField('visit');
  }

  const onSubmit = form.onSubmit(async (values) => {
    const result = await submit<VisitAnswer>({
      method: 'POST',
      url: visitsPath(ticket.id),
      body: visitPayload(values),
      toast: { title: t.toasts.ticketUpdated },
    });
    if (!result) return;
    if (result.ok) showVisitAnswer(queryClient, ticket.id, result.data);
    // No longer this contractor's job, or the ticket closed meanwhile: the details show how it stands now.
    else if (result.status === 409 || result.status === 403) void invalidateAfterWrite(queryClient, 'visits');
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={title} data-visit-form>
      <Stack gap="sm">
        {windows.length > 0 ? (
          <Stack gap={6} data-visit-windows>
            <Text size="sm" fw={600}>
              {V.windows}
            </Text>
            {windows.map((choice) => (
              <Group key={choice.key} gap="sm" wrap="nowrap" justify="space-between">
                <Text size="sm" miw={0} style={{ overflowWrap: 'anywhere' }}>
                  {choice.text}
                </Text>
                <Button
                  size="xs"
                  variant="light"
                  style={{ flexShrink: 0 }}
                  leftSection={<IconCalendarCheck size={14} aria-hidden />}
                  onClick={() => setRange(choice.fill, false)}
                >
                  {V.pickWindow}
                </Button>
              </Group>
            ))}
          </Stack>
        ) : null}
        <Text size="xs" c="dimmed" data-time-zone={zone}>
          {format(S.timeZone, { zone: timeZoneLabel(zone) })}
        </Text>
        <RangeFieldset
          range={form.values}
          number={1}
          legend={title}
          minDate={minDate}
          warning={warning}
          error={form.errors.visit}
          onChange={(field: RangeField, value) => {
            const { range, corrected } = updateVisitRange(form.values, field, value);
            setRange(range, corrected);
          }}
          onRemove={undefined}
        />
        {inside !== null && !form.errors.visit ? (
          <Text
            size="xs"
            c={inside ? 'teal.9' : 'var(--mend-color-warning-text)'}
            role="status"
            data-visit-inside={inside}
          >
            {inside ? V.inWindow : V.outsideWindow}
          </Text>
        ) : null}
        <FormErrorAlert error={submission.error} />
        <Group justify="flex-end">
          <FormButton
            miw={120}
            state={submission.buttonState}
            label={V.save}
            errorLabel={t.buttonErrors.save}
            disabled={!submission.canSubmit && submission.buttonState === 'default'}
          />
        </Group>
      </Stack>
    </form>
  );
}
