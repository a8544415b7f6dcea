/**
 * /assignment/{token} (issue 25 section 2): the signed link in an assignment's email or SMS, opened on the
 * contractor's phone without signing in. It shows the job (GET assignment-links/{token}) and, while it waits
 * for an answer, Accept and Decline (with the reason, DeclineForm), each POSTed to the link's own address with
 * the page's anti-forgery token (lib/api.ts, as /unsubscribe does). Once answered it says so. An invalid or
 * expired link (400) and a job no longer assigned to the contractor (409) show the server's message.
 */
import type { ApiAssignmentLink } from '@mend/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { format, t } from '../../../lib/translations';
import { SignedLinkScreen } from '../SignedLinkScreen';
import { linkKey, linkPath } from './assignment-rules';
import { LinkAnswer } from './LinkAnswer';
import { LinkJob } from './LinkJob';

const A = t.ticketScreens.assignment;

export default function AssignmentLinkPage() {
  const { token = '' } = useParams();
  const queryClient = useQueryClient();
  return (
    <SignedLinkScreen<ApiAssignmentLink>
      path={linkPath(token)}
      queryKey={linkKey(token)}
      title={A.linkTitle}
      intro={(job) =>
        job.state === 'pending' ? format(A.linkIntro, { name: job.contractor_name }) : undefined
      }
      signInLabel={A.linkSignIn}
    >
      {(job, refetch) => (
        <>
          <LinkJob job={job} />
          <LinkAnswer
            token={token}
            job={job}
            onAnswered={(answered) => queryClient.setQueryData(linkKey(token), answered)}
            onStale={refetch}
          />
        </>
      )}
    </SignedLinkScreen>
  );
}
