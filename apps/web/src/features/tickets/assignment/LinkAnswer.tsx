/**
 * The answer on a signed assignment link's page (AssignmentLinkPage.tsx): while the job waits, Accept (POST
 * assignment-links/{token}/accept) and Decline, which opens the reason in place (DeclineForm, POST
 * …/decline); once answered, what was answered. A refusal shows the server's message; a 409 (answered
 * meanwhile, e.g. in the app) asks for the job again, to show how it stands now.
 */
import { Alert, Button, Group, Stack, Title } from '@mantine/core';
import type { ApiAssignmentLink, ApiAssignmentLinkAnswer } from '@mend/shared';
import { IconAlertCircle, IconCheck, IconCircleCheck, IconInfoCircle, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { apiSend } from '../../../lib/api';
import { t } from '../../../lib/translations';
import { linkPath } from './assignment-rules';
import { DeclineForm } from './DeclineForm';

const A = t.ticketScreens.assignment;

export function LinkAnswer({
  token,
  job,
  onAnswered,
  onStale,
}: {
  token: string;
  job: ApiAssignmentLink;
  /** The job as the answer left it. */
  onAnswered: (job: ApiAssignmentLink) => void;
  /** The server refused as the job was answered meanwhile (409): ask for it again. */
  onStale: () => void;
}) {
  const [accepting, setAccepting] = useState(false);
  const [declining, setDeclining] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  if (job.state !== 'pending')
    return (
      <Alert
        color={job.state === 'accepted' ? 'teal' : 'gray'}
        variant="light"
        radius="md"
        icon={job.state === 'accepted' ? <IconCircleCheck aria-hidden /> : <IconInfoCircle aria-hidden />}
        role="status"
        data-assignment-answered={job.state}
      >
        {job.state === 'accepted' ? A.linkAccepted : A.linkDeclined}
      </Alert>
    );

  async function accept() {
    if (accepting) return;
    setAccepting(true);
    setRefusal(null);
    const result = await apiSend<ApiAssignmentLinkAnswer>('POST', linkPath(token, 'accept'));
    setAccepting(false);
    if (result.ok && result.data?.data) {
      onAnswered(result.data.data);
      return;
    }
    setRefusal((!result.ok && result.data.message) || t.errors.generic);
    if (result.status === 409) onStale();
  }

  if (declining)
    return (
      <Stack gap="sm">
        <Title order={3} fz={16}>
          {A.declineTitle}
        </Title>
        <DeclineForm<ApiAssignmentLinkAnswer>
          url={linkPath(token, 'decline')}
          onCancel={() => setDeclining(false)}
          onDeclined={(answer) => {
            setDeclining(false);
            if (answer?.data) onAnswered(answer.data);
            else onStale();
          }}
          onRefused={(message) => {
            setDeclining(false);
            setRefusal(message);
            onStale();
          }}
        />
      </Stack>
    );

  return (
    <Stack gap="sm">
      {refusal ? (
        <Alert color="red" variant="light" radius="md" icon={<IconAlertCircle aria-hidden />} role="alert">
          {refusal}
        </Alert>
      ) : null}
      <Group gap="sm" grow preventGrowOverflow={false}>
        <Button
          size="md"
          color="teal"
          leftSection={<IconCheck size={18} aria-hidden />}
          loading={accepting}
          onClick={() => void accept()}
        >
          {A.accept}
        </Button>
        <Button
          size="md"
          variant="light"
          color="red"
          leftSection={<IconX size={18} aria-hidden />}
          disabled={accepting}
          onClick={() => {
            setRefusal(null);
            setDeclining(true);
          }}
        >
          {A.decline}
        </Button>
      </Group>
    </Stack>
  );
}
