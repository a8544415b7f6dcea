/**
 * The answer on a signed assignment link's page (AssignmentLinkPage.tsx): while the job waits, Accept (POST
 * assignment-links/{token}/accept) and Decline, which opens the reason in place (…/decline), as every signed link's
 * two answers (SignedLinkAnswer.tsx); once answered, what was answered. A refusal shows the server's message above
 * the answers; a 409 (answered meanwhile, e.g. in the app) asks for the job again, to show how it stands now.
 */
import { Alert, Stack } from '@mantine/core';
import type { ApiAssignmentLink, ApiAssignmentLinkAnswer } from '@mend/shared';
import { IconAlertCircle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { t } from '../../../lib/translations';
import { SignedLinkAnswer } from '../SignedLinkAnswer';
import { linkPath } from './assignment-rules';
import { assignmentDeclineReason } from './DeclineForm';

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

  return (
    <Stack gap="sm">
      {refusal ? (
        <Alert color="red" variant="light" radius="md" icon={<IconAlertCircle aria-hidden />} role="alert">
          {refusal}
        </Alert>
      ) : null}
      <SignedLinkAnswer<ApiAssignmentLinkAnswer>
        accept={{ label: A.accept, url: linkPath(token, 'accept') }}
        decline={{ label: A.decline, reason: assignmentDeclineReason(linkPath(token, 'decline')) }}
        onAnswered={(answer) => onAnswered(answer.data)}
        onRefused={setRefusal}
        onStale={onStale}
        onAnswering={() => setRefusal(null)}
      />
    </Stack>
  );
}
