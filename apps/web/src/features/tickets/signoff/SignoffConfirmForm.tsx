/**
 * "Yes, it's fixed": the tenant rates the repair RATING_MIN to RATING_MAX stars (a Mantine Rating, its stars radio
 * buttons named "4 of 5 stars" in a group named by the question) with an optional comment, checked with the shared
 * signoffConfirmSchema and sent through the one submit hook (a fresh `_nonce`, the server's field errors on the
 * rating and the comment, its refusal in the summary). The button stays inactive until a star is chosen. The
 * ticket's details and the signed link's page both use it, each with its own address.
 */
import { Button, Group, Input, Rating, Stack, Textarea } from '@mantine/core';
import { RATING_MAX, RATING_MIN, SIGNOFF_TEXT_MAX_LENGTH, signoffConfirmSchema } from '@mend/shared';
import { FormButton } from '../../../components/FormButton';
import { FormErrorAlert } from '../../../components/forms/FormErrorAlert';
import { useSubmittingForm } from '../../../components/forms/useSubmittingForm';
import type { WrittenResource } from '../../../lib/invalidation';
import { format, t } from '../../../lib/translations';
import { starsText } from './signoff-rules';

const S = t.ticketScreens.signoff;

interface ConfirmValues extends Record<string, unknown> {
  /** Null until a star is chosen. */
  rating: number | null;
  comment: string;
}

export interface SignoffFormProps<Answer> {
  /** Where the answer is POSTed: the app's tickets/{id}/signoff/…, or the signed link's signoff-links/{token}/…. */
  url: string;
  /** What a success refreshes (lib/invalidation.ts); null on the signed link's page (nothing else is cached). */
  writes: WrittenResource | null;
  /** The success toast's title (its text is the answer's message); none when left out. */
  toast?: string;
  /** With the server's answer, once the caches `writes` names are fresh. */
  onDone: (answer: Answer) => void;
  onCancel: () => void;
  /** A refusal no new answer can fix (409 nothing asked anymore, 403), with its message. */
  onRefused: (message: string) => void;
}

export function SignoffConfirmForm<Answer>({
  url,
  writes,
  toast,
  onDone,
  onCancel,
  onRefused,
}: SignoffFormProps<Answer>) {
  const { form, submit, submission } = useSubmittingForm<ConfirmValues>({
    initialValues: { rating: null, comment: '' },
    schema: signoffConfirmSchema,
    writes,
  });

  const onSubmit = form.onSubmit(async (values) => {
    const result = await submit<Answer>({
      method: 'POST',
      url,
      body: { rating: values.rating, comment: values.comment },
      toast: toast ? { title: toast } : undefined,
    });
    if (!result) return;
    if (result.ok) onDone(result.data);
    else if (result.status === 409 || result.status === 403)
      onRefused(result.data.message || t.errors.generic);
  });

  const ratingError = form.errors.rating;
  return (
    <form onSubmit={onSubmit} noValidate aria-label={S.confirm} data-signoff-form="confirm">
      <Stack gap="sm">
        <Input.Wrapper label={S.rating} labelElement="div" withAsterisk error={ratingError}>
          <Rating
            mt={4}
            // Stars a thumb can tap on a phone.
            size={36}
            count={RATING_MAX}
            value={form.values.rating ?? 0}
            onChange={(value) => {
              form.setFieldValue('rating', value >= RATING_MIN ? value : null);
              form.clearFieldError('rating');
            }}
            getSymbolLabel={starsText}
            role="radiogroup"
            aria-label={format(S.ratingLabel, { min: RATING_MIN, max: RATING_MAX })}
            aria-invalid={ratingError ? true : undefined}
          />
        </Input.Wrapper>
        <Textarea
          label={S.comment}
          autosize
          minRows={2}
          maxRows={8}
          maxLength={SIGNOFF_TEXT_MAX_LENGTH}
          name="comment"
          {...form.getInputProps('comment')}
        />
        <FormErrorAlert error={submission.error} />
        <Group justify="flex-end" gap="sm" wrap="wrap">
          <Button variant="default" onClick={onCancel}>
            {t.buttons.cancel}
          </Button>
          <FormButton
            miw={120}
            state={submission.buttonState}
            label={S.send}
            errorLabel={t.buttonErrors.send}
            disabled={!submission.canSubmit && submission.buttonState === 'default'}
          />
        </Group>
      </Stack>
    </form>
  );
}
