/**
 * The composer under a ticket's thread: the text, "Visible to" (the visibilities the server lets this
 * viewer post with; hidden when there is only one) and "Attach photos" (the ticket form's PhotosField: the
 * same limits, heavy photos re-encoded in the browser). Checked with the shared commentSchema, posted with
 * POST tickets/{id}/comments through the one submit hook (the server's field errors on their fields); once
 * posted the box empties (keeping the visibility) and the refreshed thread shows the comment.
 */
import { Input, SegmentedControl, Stack, Textarea } from '@mantine/core';
import { COMMENT_MAX_FILES, COMMENT_MAX_LENGTH, type CommentVisibility, commentSchema } from '@mend/shared';
import { useState } from 'react';
import { FormButton } from '../../../components/FormButton';
import { FormErrorAlert } from '../../../components/forms/FormErrorAlert';
import { useSubmittingForm } from '../../../components/forms/useSubmittingForm';
import type { ParsingSchema } from '../../../components/forms/zod-errors';
import { usePhoneLayout } from '../../../components/usePhoneLayout';
import { format, t } from '../../../lib/translations';
import { PhotosField } from '../PhotosField';
import {
  attachmentsError,
  attachmentsFieldError,
  type CommentFormValues,
  commentPayload,
  commentsPath,
  emptyComment,
} from './comment-rules';
import classes from './conversation.module.css';

const C = t.screens.comments;

/** The schema checks the text and the visibility; the files are checked apart (attachmentsError). */
const composerSchema: ParsingSchema = {
  safeParse: (values) => {
    const { body, visibility } = values as CommentFormValues;
    return commentSchema.safeParse({ body, visibility });
  },
};

export function CommentComposer({
  ticketId,
  visibilities,
}: {
  ticketId: number;
  visibilities: readonly CommentVisibility[];
}) {
  const phone = usePhoneLayout();
  const { form, submit, submission } = useSubmittingForm<CommentFormValues>({
    initialValues: emptyComment(visibilities),
    schema: composerSchema,
    extraValidate: (values): Record<string, string> => {
      const message = attachmentsError(values.attachments);
      return message ? { attachments: message } : {};
    },
    writes: 'comments',
  });
  // A chosen photo being scaled down is not in the form yet: no post until it is.
  const [preparing, setPreparing] = useState(false);

  const onSubmit = form.onSubmit(async (values) => {
    const result = await submit({
      method: 'POST',
      url: commentsPath(ticketId),
      body: commentPayload(values),
      // The answer's message is the title's text: the toast says it once.
      toast: { title: t.tickets.comments.posted, message: '' },
    });
    if (!result?.ok) return;
    form.setInitialValues({ ...emptyComment(visibilities), visibility: values.visibility });
    form.reset();
  });

  return (
    <form
      className={classes.composer}
      onSubmit={(event) => {
        if (preparing) event?.preventDefault();
        else onSubmit(event);
      }}
      noValidate
      aria-label={C.label}
    >
      <Stack gap="sm">
        <Textarea
          aria-label={C.label}
          placeholder={C.placeholder}
          autosize
          minRows={2}
          maxRows={10}
          maxLength={COMMENT_MAX_LENGTH}
          name="body"
          {...form.getInputProps('body')}
        />
        {visibilities.length > 1 ? (
          <Input.Wrapper label={C.visibleTo} error={form.errors.visibility}>
            <SegmentedControl
              mt={4}
              fullWidth
              // Three choices side by side in the panel; one under the other, and taller to tap, on a phone.
              size={phone ? 'sm' : 'xs'}
              orientation={phone ? 'vertical' : 'horizontal'}
              name="visibility"
              data={visibilities.map((value) => ({ value, label: C.visibilities[value] }))}
              {...form.getInputProps('visibility')}
            />
          </Input.Wrapper>
        ) : null}
        <PhotosField
          label={C.attachPhotos}
          description={C.attachmentsHint}
          max={COMMENT_MAX_FILES}
          name="attachments"
          files={form.values.attachments}
          onFilesChange={(files) => {
            form.setFieldValue('attachments', files);
            form.validateField('attachments');
          }}
          onPreparingChange={setPreparing}
          removeLabel={(_, index) => format(C.removePhoto, { number: index + 1 })}
          error={attachmentsFieldError(form.errors)}
        />
        <FormErrorAlert error={submission.error} />
        <FormButton
          style={{ alignSelf: 'flex-end' }}
          miw={120}
          state={submission.buttonState}
          label={C.post}
          errorLabel={t.buttonErrors.send}
          disabled={(!submission.canSubmit || preparing) && submission.buttonState === 'default'}
        />
      </Stack>
    </form>
  );
}
