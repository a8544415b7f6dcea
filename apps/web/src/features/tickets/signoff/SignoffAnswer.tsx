/**
 * The tenant's answer to "Is the repair done?" (issue 25 section 4), in the ticket's details (`can.sign_off`) and on
 * the signed link's page: the question, then two choices. "Yes, it's fixed" opens the rating in place
 * (SignoffConfirmForm), "No, reopen it" the reason (ReasonForm, required, checked with signoffReopenSchema); Cancel
 * goes back to the choices. Each page gives its own addresses and says what an answer or a refusal does.
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import { SIGNOFF_TEXT_MAX_LENGTH, signoffReopenSchema } from '@mend/shared';
import { IconArrowBackUp, IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { t } from '../../../lib/translations';
import { ReasonForm } from '../ReasonForm';
import { SignoffConfirmForm, type SignoffFormProps } from './SignoffConfirmForm';
import type { SignoffAnswerKind } from './signoff-rules';

const S = t.ticketScreens.signoff;

export function SignoffAnswer<Answer>({
  urls,
  writes,
  toast,
  onDone,
  onRefused,
  withQuestion = true,
  size = 'sm',
}: Omit<SignoffFormProps<Answer>, 'url' | 'onCancel'> & {
  /** Where each answer is POSTed. */
  urls: Record<SignoffAnswerKind, string>;
  /** The question above the choices (the signed link's page has it as its title). */
  withQuestion?: boolean;
  /** The choices' size: larger on the signed link's page, for a thumb. */
  size?: 'sm' | 'md';
}) {
  const [choice, setChoice] = useState<SignoffAnswerKind | null>(null);
  const back = () => setChoice(null);
  const refused = (message: string) => {
    setChoice(null);
    onRefused(message);
  };

  if (choice === 'confirm')
    return (
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          {S.confirm}
        </Text>
        <SignoffConfirmForm<Answer>
          url={urls.confirm}
          writes={writes}
          toast={toast}
          onDone={onDone}
          onCancel={back}
          onRefused={refused}
        />
      </Stack>
    );

  if (choice === 'reopen')
    return (
      <Stack gap="xs" data-signoff-form="reopen">
        <Text size="sm" fw={600}>
          {S.reopen}
        </Text>
        <ReasonForm<Answer>
          url={urls.reopen}
          schema={signoffReopenSchema}
          label={S.reopen}
          reasonLabel={S.reason}
          required
          maxLength={SIGNOFF_TEXT_MAX_LENGTH}
          submitLabel={S.reopenSend}
          writes={writes}
          toast={toast}
          onDone={onDone}
          onCancel={back}
          onRefused={refused}
        />
      </Stack>
    );

  const iconSize = size === 'md' ? 18 : 16;
  return (
    <Stack gap="sm" data-signoff-question>
      {withQuestion ? (
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {S.question}
          </Text>
          <Text size="sm" c="dimmed">
            {S.questionHint}
          </Text>
        </Stack>
      ) : null}
      <Group gap="sm" grow preventGrowOverflow={false}>
        <Button
          size={size}
          color="teal.9"
          leftSection={<IconCheck size={iconSize} aria-hidden />}
          onClick={() => setChoice('confirm')}
        >
          {S.confirm}
        </Button>
        <Button
          size={size}
          variant="light"
          color="orange"
          leftSection={<IconArrowBackUp size={iconSize} aria-hidden />}
          onClick={() => setChoice('reopen')}
        >
          {S.reopen}
        </Button>
      </Group>
    </Stack>
  );
}
