/**
 * /assignment/{token} (issue 25 section 2): the signed link in an assignment's email or SMS, opened on the
 * contractor's phone without signing in. It shows the job (GET assignment-links/{token}) and, while it waits
 * for an answer, Accept and Decline (with the reason, DeclineForm), each POSTed to the link's own address with
 * the page's anti-forgery token (lib/api.ts, as /unsubscribe does). Once answered it says so. An invalid or
 * expired link (400) and a job no longer assigned to the contractor (409) show the server's message.
 */
import { Alert, Anchor, Center, Group, Loader, Stack, Text } from '@mantine/core';
import type { ApiAssignmentLink } from '@mend/shared';
import { IconAlertCircle, IconArrowRight } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ApiError, apiGet } from '../../../lib/api';
import { errorMessage } from '../../../lib/records';
import { format, t } from '../../../lib/translations';
import { AuthScreen } from '../../account/AuthScreen';
import { linkKey, linkPath } from './assignment-rules';
import { LinkAnswer } from './LinkAnswer';
import { LinkJob } from './LinkJob';

const A = t.ticketScreens.assignment;

/** GET assignment-links/{token}; a refusal throws with the server's message (400 invalid or expired, 409 stale). */
export async function fetchAssignmentLink(token: string): Promise<ApiAssignmentLink> {
  const result = await apiGet<ApiAssignmentLink>(linkPath(token));
  if (result.ok && typeof result.data === 'object' && result.data !== null) return result.data;
  const status = result.ok ? 502 : result.status;
  const message = result.ok ? t.errors.generic : result.data.message || t.errors.generic;
  throw new ApiError(status, { message });
}

export default function AssignmentLinkPage() {
  const { token = '' } = useParams();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: linkKey(token),
    queryFn: () => fetchAssignmentLink(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const job = query.data;

  return (
    <AuthScreen
      title={A.linkTitle}
      // The question, while it is one.
      intro={job?.state === 'pending' ? format(A.linkIntro, { name: job.contractor_name }) : undefined}
      back={job ? 'none' : 'bottom'}
    >
      {query.isPending ? (
        <Center py="xl" role="status">
          <Loader aria-label={t.app.loading} />
        </Center>
      ) : !job ? (
        <Alert color="red" variant="light" radius="md" icon={<IconAlertCircle aria-hidden />} role="alert">
          {errorMessage(query.error)}
        </Alert>
      ) : (
        <Stack gap="lg">
          <LinkJob job={job} />
          <LinkAnswer
            token={token}
            job={job}
            onAnswered={(answered) => queryClient.setQueryData(linkKey(token), answered)}
            onStale={() => void query.refetch()}
          />
          <Group>
            <Anchor component={Link} to={`/tickets/${job.ticket_id}`} fw={500} size="sm">
              <Group gap={6} component="span" wrap="nowrap">
                {A.linkSignIn}
                <IconArrowRight size={16} aria-hidden />
              </Group>
            </Anchor>
          </Group>
          {query.isError ? (
            <Text size="sm" c="red.7" role="alert">
              {errorMessage(query.error)}
            </Text>
          ) : null}
        </Stack>
      )}
    </AuthScreen>
  );
}
