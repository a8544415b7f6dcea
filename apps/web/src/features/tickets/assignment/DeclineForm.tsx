/**
 * Declining a job with its reason (issue 25): the required text, checked with the shared
 * assignmentDeclineSchema, sent through the one submit hook (a fresh `_nonce`, the server's field error on the
 * reason, its refusal, 409 already answered or 403 not yours, in the summary). The ticket's details (in a
 * dialog) and the signed link's page (in place, no sign-in) both use it, each with its own address.
 */
import { Button, Group, Stack, Textarea } from '@mantine/core';
import { ASSIGNMENT_DECLINE_REASON_MAX_LENGTH, assignmentDeclineSchema } from '@mend/shared';
import { useEffect, useRef } from 'react';
import { FormButton } from '../../../components/FormButton';
import { FormErrorAlert } from '../../../components/forms/FormErrorAlert';
import { useSubmittingForm } from '../../../components/forms/useSubmittingForm';
import { t } from '../../../lib/translations';

const A = t.ticketScreens.assignment;

interface DeclineValues extends Record<string, unknown> {
  reason: string;
}

export function DeclineForm<Answer>({
  url,
  onDeclined,
  onCancel,
  onRefused,
  toast,
}: {
  /** POST tickets/{id}/assignment/decline, or the signed link's assignment-links/{token}/decline. */
  url: string;
  /** With the server's answer, once the caches it names are fresh. */
  onDeclined: (answer: Answer) => void;
  onCancel: () => void;
  /**
   * A refusal that no reason can fix (409 answered meanwhile, 403 no longer assigned), with its message; left
   * out, it shows in the form's summary as any refusal does.
   */
  onRefused?: (message: string) => void;
  /** The success toast's title (its text is the answer's message); none when left out. */
  toast?: string;
}) {
  const { form, submit, submission } = useSubmittingForm<DeclineValues>({
    initialValues: { reason: '' },
    schema: assignmentDeclineSchema,
    // The caller refreshes what the answer changes (the details may be gone: see assignment-data.ts).
    writes: null,
  });

  // The reason is what the form is for: the cursor starts in it (in the dialog and in place alike).
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => reasonRef.current?.focus(), []);

  const onSubmit = form.onSubmit(async (values) => {
    const result = await submit<Answer>({
      method: 'POST',
      url,
      body: { reason: values.reason },
      toast: toast ? { title: toast } : undefined,
    });
    if (!result) return;
    if (result.ok) onDeclined(result.data);
    else if (onRefused && (result.status === 409 || result.status === 403))
      onRefused(result.data.message || t.errors.generic);
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={A.declineTitle}>
      <Stack gap="sm">
        <Textarea
          label={A.reason}
          description={A.declineHint}
          withAsterisk
          autosize
          minRows={3}
          maxRows={8}
          maxLength={ASSIGNMENT_DECLINE_REASON_MAX_LENGTH}
          name="reason"
          data-autofocus
          ref={reasonRef}
          {...form.getInputProps('reason')}
        />
        <FormErrorAlert error={submission.error} />
        <Group justify="flex-end" gap="sm" wrap="wrap">
          <Button variant="default" onClick={onCancel}>
            {t.buttons.cancel}
          </Button>
          <FormButton
            miw={120}
            state={submission.buttonState}
            label={A.decline}
            errorLabel={t.buttonErrors.send}
            disabled={!submission.canSubmit && submission.buttonState === 'default'}
          />
        </Group>
      </Stack>
    </form>
  );
}
