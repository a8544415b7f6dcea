/**
 * The two answers of a signed link's page, opened without signing in (issue 25: a contractor's job, Accept or Decline;
 * issue 26: an owner's estimate, Approve or Decline). The first is POSTed at once to the link's own address; the
 * second opens its reason in place (ReasonForm, under the form's name), with Cancel back to the two buttons. Large
 * buttons, side by side, for a thumb.
 *
 * The page says what an answer and a refusal do: an answer carries the subject as it now stands (`data`); a refusal
 * hands up its message, and asks the subject again (`onStale`) when it was answered or changed meanwhile (409, or 403
 * no longer the viewer's), as is an answer that carries no subject.
 */
import { Button, Group, Stack, Title } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { apiSend } from '../../lib/api';
import { t } from '../../lib/translations';
import { ReasonForm, type ReasonSettings } from './ReasonForm';

/** A refusal the subject's change explains: it is asked again, to show how it stands now. */
const isStale = (status: number) => status === 409 || status === 403;

export interface SignedLinkAnswerProps<Answer extends { data: unknown }> {
  /** The first answer (Accept, Approve): its label and where it is POSTed. */
  accept: { label: string; url: string };
  /** The second (Decline): its label, and the reason it asks for. */
  decline: { label: string; reason: ReasonSettings };
  /** With the server's answer, which carries the subject as the answer left it. */
  onAnswered: (answer: Answer) => void;
  /** With a refusal's message. */
  onRefused: (message: string) => void;
  /** The subject may have changed meanwhile: ask for it again. */
  onStale: () => void;
  /** An answer is begun (the first pressed, the reason opened): a refusal shown may go. */
  onAnswering?: () => void;
}

export function SignedLinkAnswer<Answer extends { data: unknown }>({
  accept,
  decline,
  onAnswered,
  onRefused,
  onStale,
  onAnswering,
}: SignedLinkAnswerProps<Answer>) {
  const [accepting, setAccepting] = useState(false);
  const [declining, setDeclining] = useState(false);

  async function sendAccept() {
    if (accepting) return;
    setAccepting(true);
    onAnswering?.();
    const result = await apiSend<Answer | null>('POST', accept.url);
    setAccepting(false);
    if (result.ok && result.data?.data) {
      onAnswered(result.data);
      return;
    }
    onRefused((!result.ok && result.data.message) || t.errors.generic);
    if (isStale(result.status)) onStale();
  }

  if (declining)
    return (
      <Stack gap="sm">
        <Title order={3} fz={16}>
          {decline.reason.label}
        </Title>
        <ReasonForm<Answer | null>
          {...decline.reason}
          // Signed out, nothing else is cached: the page shows the answer it gets back.
          writes={null}
          onDone={(answer) => {
            setDeclining(false);
            if (answer?.data) onAnswered(answer);
            else onStale();
          }}
          onCancel={() => setDeclining(false)}
          onRefused={(message) => {
            // Only a refusal no reason can fix comes here (ReasonForm: 409 or 403).
            setDeclining(false);
            onRefused(message);
            onStale();
          }}
        />
      </Stack>
    );

  return (
    <Group gap="sm" grow preventGrowOverflow={false}>
      <Button
        size="md"
        color="teal.9"
        leftSection={<IconCheck size={18} aria-hidden />}
        loading={accepting}
        onClick={() => void sendAccept()}
      >
        {accept.label}
      </Button>
      <Button
        size="md"
        variant="light"
        color="red"
        leftSection={<IconX size={18} aria-hidden />}
        disabled={accepting}
        onClick={() => {
          onAnswering?.();
          setDeclining(true);
        }}
      >
        {decline.label}
      </Button>
    </Group>
  );
}
