/**
 * A comment edited in place (its author, within COMMENT_EDIT_MINUTES): the text checked with the shared
 * commentEditSchema, saved with PATCH tickets/{id}/comments/{commentId} through the one submit hook, the
 * server's errors on the field and in the summary (e.g. once the window has closed). Cancel leaves it as it was.
 */
import { Button, Group, Stack, Textarea } from '@mantine/core';
import { type ApiTicketComment, COMMENT_MAX_LENGTH, commentEditSchema } from '@mend/shared';
import { useEffect, useRef } from 'react';
import { FormButton } from '../../../components/FormButton';
import { FormErrorAlert } from '../../../components/forms/FormErrorAlert';
import { useSubmittingForm } from '../../../components/forms/useSubmittingForm';
import { t } from '../../../lib/translations';
import { commentPath } from './comment-rules';

const C = t.screens.comments;

export function CommentEditor({
  ticketId,
  comment,
  onDone,
}: {
  ticketId: number;
  comment: ApiTicketComment;
  onDone: () => void;
}) {
  const { form, submit, submission } = useSubmittingForm<{ body: string }>({
    initialValues: { body: comment.body },
    schema: commentEditSchema,
    stored: true,
    writes: 'comments',
  });

  // The text to change is where the cursor goes.
  const box = useRef<HTMLTextAreaElement>(null);
  useEffect(() => box.current?.focus(), []);

  const onSubmit = form.onSubmit(async (values) => {
    const result = await submit({
      method: 'PATCH',
      url: commentPath(ticketId, comment.id),
      body: { body: values.body },
      // The answer's message is the title's text: the toast says it once.
      toast: { title: t.tickets.comments.updated, message: '' },
    });
    if (result?.ok) onDone();
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={C.edit}>
      <Stack gap="xs">
        <Textarea
          aria-label={C.label}
          placeholder={C.placeholder}
          autosize
          minRows={2}
          maxRows={10}
          maxLength={COMMENT_MAX_LENGTH}
          ref={box}
          name="body"
          {...form.getInputProps('body')}
        />
        <FormErrorAlert error={submission.error} />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" size="xs" onClick={onDone}>
            {C.cancel}
          </Button>
          <FormButton
            size="xs"
            state={submission.buttonState}
            label={C.save}
            errorLabel={t.buttonErrors.save}
            disabled={!submission.canSubmit && submission.buttonState === 'default'}
          />
        </Group>
      </Stack>
    </form>
  );
}
