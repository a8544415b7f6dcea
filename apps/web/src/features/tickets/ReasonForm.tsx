/**
 * A reason, written and sent (issue 25): a contractor declining a job (assignment/DeclineForm.tsx), the tenant
 * refusing a visit or someone cancelling one (visits/VisitReasonForm.tsx), the tenant reopening a completed ticket
 * (signoff/SignoffAnswer.tsx). One textarea, checked with the action's shared schema and sent through the one submit
 * hook (a fresh `_nonce`, the server's field error on the reason, its refusal in the summary). A required reason
 * keeps the button inactive until one is written; an optional one only while the text breaks a rule (too long).
 * A refusal no reason can fix (409 answered or changed meanwhile, 403 no longer the viewer's) goes to `onRefused`
 * when given; left out, it shows in the summary as any refusal does.
 */
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { FormButton } from '../../components/FormButton';
import { FormErrorAlert } from '../../components/forms/FormErrorAlert';
import { useSubmittingForm } from '../../components/forms/useSubmittingForm';
import type { ParsingSchema } from '../../components/forms/zod-errors';
import type { WrittenResource } from '../../lib/invalidation';
import { t } from '../../lib/translations';

interface ReasonValues extends Record<string, unknown> {
  reason: string;
}

export interface ReasonFormProps<Answer> {
  /** Where the reason is POSTed (`{ reason }`). */
  url: string;
  /** The action's shared zod schema (assignmentDeclineSchema, visitReasonSchema, signoffReopenSchema). */
  schema: ParsingSchema;
  /** The form's name (the dialog's title, or the heading above it in place). */
  label: string;
  /** The textarea's label. */
  reasonLabel: string;
  /** A hint under the label. */
  description?: string;
  /** A line above the reason ("Cancel the visit on …?"). */
  question?: string;
  /** A reason must be written (the label gets its asterisk). */
  required?: boolean;
  maxLength: number;
  minRows?: number;
  submitLabel: string;
  cancelLabel?: string;
  /** What a success refreshes (lib/invalidation.ts); null when the caller does. */
  writes: WrittenResource | null;
  /** The success toast's title (its text is the answer's message); none when left out. */
  toast?: string;
  /** With the server's answer, once the caches `writes` names are fresh. */
  onDone: (answer: Answer) => void;
  onCancel: () => void;
  /** A refusal no reason can fix (409, 403), with its message. */
  onRefused?: (message: string) => void;
}

/** What a reason form asks and checks, and where it is sent: the same wherever that reason is written. */
export type ReasonSettings = Omit<
  ReasonFormProps<unknown>,
  'writes' | 'toast' | 'onDone' | 'onCancel' | 'onRefused'
>;

export function ReasonForm<Answer>({
  url,
  schema,
  label,
  reasonLabel,
  description,
  question,
  required = false,
  maxLength,
  minRows = 3,
  submitLabel,
  cancelLabel = t.buttons.cancel,
  writes,
  toast,
  onDone,
  onCancel,
  onRefused,
}: ReasonFormProps<Answer>) {
  const { form, submit, submission } = useSubmittingForm<ReasonValues>({
    initialValues: { reason: '' },
    schema,
    writes,
  });

  // The reason is what the form is for: the cursor starts in it (in a dialog and in place alike).
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
    if (result.ok) onDone(result.data);
    else if (onRefused && (result.status === 409 || result.status === 403))
      onRefused(result.data.message || t.errors.generic);
  });

  // A required reason: inactive until written. An optional one: only a broken rule (too long) stops the submit.
  const blocked = required ? !submission.canSubmit : !form.isValid();

  return (
    <form onSubmit={onSubmit} noValidate aria-label={label}>
      <Stack gap="sm">
        {question ? <Text size="sm">{question}</Text> : null}
        <Textarea
          label={reasonLabel}
          description={description}
          withAsterisk={required}
          autosize
          minRows={minRows}
          maxRows={8}
          maxLength={maxLength}
          name="reason"
          data-autofocus
          ref={reasonRef}
          {...form.getInputProps('reason')}
        />
        <FormErrorAlert error={submission.error} />
        <Group justify="flex-end" gap="sm" wrap="wrap">
          <Button variant="default" onClick={onCancel}>
            {cancelLabel}
          </Button>
          <FormButton
            miw={120}
            state={submission.buttonState}
            label={submitLabel}
            errorLabel={t.buttonErrors.send}
            disabled={blocked && submission.buttonState === 'default'}
          />
        </Group>
      </Stack>
    </form>
  );
}
