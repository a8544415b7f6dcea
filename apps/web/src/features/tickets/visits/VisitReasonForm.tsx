/**
 * Refusing a proposed visit (the tenant) or cancelling one (its contractor, staff), with an optional reason:
 * checked with the shared visitReasonSchema, sent through the one submit hook (a fresh `_nonce`, the server's
 * field error on the reason, its refusal in the summary). A success refreshes what a visit shows on (writes
 * 'visits') and the answer shows in the details; a refusal no reason can fix (409 answered, replaced or cancelled
 * meanwhile, 403) closes the dialog with its message.
 */
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { ASSIGNMENT_DECLINE_REASON_MAX_LENGTH, visitReasonSchema } from '@mend/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { FormButton } from '../../../components/FormButton';
import { FormErrorAlert } from '../../../components/forms/FormErrorAlert';
import { useSubmittingForm } from '../../../components/forms/useSubmittingForm';
import { t } from '../../../lib/translations';
import { showVisitAnswer, type VisitAnswer, visitRefused } from './visit-data';

const V = t.ticketScreens.visit;

interface ReasonValues extends Record<string, unknown> {
  reason: string;
}

export function VisitReasonForm({
  ticketId,
  url,
  label,
  question,
  submitLabel,
  cancelLabel,
  onClose,
}: {
  ticketId: number;
  /** POST tickets/{id}/visits/{visitId}/refuse or …/cancel. */
  url: string;
  /** The form's name (the dialog's title). */
  label: string;
  /** A line above the reason ("Cancel the visit on …?"). */
  question?: string;
  submitLabel: string;
  cancelLabel: string;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const { form, submit, submission } = useSubmittingForm<ReasonValues>({
    initialValues: { reason: '' },
    schema: visitReasonSchema,
    writes: 'visits',
  });

  const reasonRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => reasonRef.current?.focus(), []);

  const onSubmit = form.onSubmit(async (values) => {
    const result = await submit<VisitAnswer>({
      method: 'POST',
      url,
      body: { reason: values.reason },
      toast: { title: t.toasts.ticketUpdated },
    });
    if (!result) return;
    if (result.ok) {
      showVisitAnswer(queryClient, ticketId, result.data);
      onClose();
    } else if (result.status === 409 || result.status === 403) {
      onClose();
      await visitRefused(queryClient, result.data.message);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={label}>
      <Stack gap="sm">
        {question ? <Text size="sm">{question}</Text> : null}
        <Textarea
          label={V.reason}
          autosize
          minRows={2}
          maxRows={8}
          maxLength={ASSIGNMENT_DECLINE_REASON_MAX_LENGTH}
          name="reason"
          data-autofocus
          ref={reasonRef}
          {...form.getInputProps('reason')}
        />
        <FormErrorAlert error={submission.error} />
        <Group justify="flex-end" gap="sm" wrap="wrap">
          <Button variant="default" onClick={onClose}>
            {cancelLabel}
          </Button>
          <FormButton
            miw={120}
            state={submission.buttonState}
            label={submitLabel}
            errorLabel={t.buttonErrors.send}
            // The reason may stay empty: only a broken rule (too long) stops the submit.
            disabled={!form.isValid() && submission.buttonState === 'default'}
          />
        </Group>
      </Stack>
    </form>
  );
}
