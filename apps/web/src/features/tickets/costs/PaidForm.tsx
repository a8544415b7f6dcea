/**
 * Marking an invoice paid (issue 26, staff): the date it was paid (today to start with), checked with the shared
 * costPaidSchema and sent through the one submit hook (POST tickets/{id}/costs/{costId}/paid: the server's field
 * error on the date, its refusal in the summary).
 */
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { type ApiTicketAssignmentResponse, costPaidSchema } from '@mend/shared';
import { FormButton } from '../../../components/FormButton';
import { FormErrorAlert } from '../../../components/forms/FormErrorAlert';
import { useSubmittingForm } from '../../../components/forms/useSubmittingForm';
import { t } from '../../../lib/translations';
import { decidePath, todayDate } from './cost-rules';

const C = t.costScreens;

interface PaidValues extends Record<string, unknown> {
  paid_on: string;
}

export function PaidForm({
  ticketId,
  costId,
  onDone,
  onCancel,
}: {
  ticketId: number;
  costId: number;
  onDone: (answer: ApiTicketAssignmentResponse) => void;
  onCancel: () => void;
}) {
  const { form, submit, submission } = useSubmittingForm<PaidValues>({
    initialValues: { paid_on: todayDate() },
    schema: costPaidSchema,
    writes: null,
  });

  const onSubmit = form.onSubmit(async (values) => {
    const result = await submit<ApiTicketAssignmentResponse>({
      method: 'POST',
      url: decidePath(ticketId, costId, 'paid'),
      body: { paid_on: values.paid_on },
      toast: { title: t.toasts.ticketUpdated },
    });
    if (result?.ok) onDone(result.data);
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={C.markPaidTitle}>
      <Stack gap="sm">
        <TextInput
          type="date"
          label={C.paidOnLabel}
          withAsterisk
          name="paid_on"
          data-autofocus
          {...form.getInputProps('paid_on')}
        />
        <FormErrorAlert error={submission.error} />
        <Group justify="flex-end" gap="sm" wrap="wrap">
          <Button variant="default" onClick={onCancel}>
            {t.buttons.cancel}
          </Button>
          <FormButton
            miw={120}
            state={submission.buttonState}
            label={C.markPaid}
            errorLabel={t.buttonErrors.save}
            disabled={!form.isValid() && submission.buttonState === 'default'}
          />
        </Group>
      </Stack>
    </form>
  );
}
