/**
 * /signoff/{token} (issue 25 section 4): the signed link in the tenant's email or SMS once its ticket is completed,
 * opened on its phone without signing in. It shows the repair (GET signoff-links/{token}) and, while it is asked,
 * the two answers (SignoffAnswer: the rating, or the reason to reopen), each POSTed to the link's own address with
 * the page's anti-forgery token (lib/api.ts, as /unsubscribe does). Once answered it says so. An invalid or expired
 * link (400) and a question no longer asked (409) show the server's message.
 */
import { Alert, Group, Stack, Text } from '@mantine/core';
import type { ApiSignoffLink, ApiSignoffLinkAnswer } from '@mend/shared';
import { IconAlertCircle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { format, t } from '../../../lib/translations';
import { SignedLinkScreen } from '../SignedLinkScreen';
import { LinkRepair } from './LinkRepair';
import { RatingStars } from './RatingStars';
import { SignoffAnswer } from './SignoffAnswer';
import { signoffLinkKey, signoffLinkPath, starsText } from './signoff-rules';

const S = t.ticketScreens.signoff;

export default function SignoffLinkPage() {
  const { token = '' } = useParams();
  const queryClient = useQueryClient();
  const [refusal, setRefusal] = useState<string | null>(null);
  return (
    <SignedLinkScreen<ApiSignoffLink>
      path={signoffLinkPath(token)}
      queryKey={signoffLinkKey(token)}
      title={S.linkTitle}
      intro={(repair) =>
        repair.state === 'asked'
          ? format(S.linkIntro, { name: repair.tenant_name, visible_id: repair.visible_id })
          : undefined
      }
      signInLabel={S.linkSignIn}
    >
      {(repair, refetch) => (
        <>
          <LinkRepair repair={repair} />
          {refusal ? (
            <Alert
              color="red"
              variant="light"
              radius="md"
              icon={<IconAlertCircle aria-hidden />}
              role="alert"
            >
              {refusal}
            </Alert>
          ) : null}
          {repair.state === 'asked' ? (
            <SignoffAnswer<ApiSignoffLinkAnswer>
              urls={{ confirm: signoffLinkPath(token, 'confirm'), reopen: signoffLinkPath(token, 'reopen') }}
              // Signed out, nothing else is cached: the page shows the answer it gets back.
              writes={null}
              withQuestion={false}
              size="md"
              onDone={(answer) => {
                setRefusal(null);
                if (answer?.data) queryClient.setQueryData(signoffLinkKey(token), answer.data);
                else refetch();
              }}
              onRefused={(message) => {
                // Answered meanwhile (in the app), or no longer asked: how it stands now.
                setRefusal(message);
                refetch();
              }}
            />
          ) : (
            <LinkAnswered repair={repair} />
          )}
        </>
      )}
    </SignedLinkScreen>
  );
}

/** What was answered: thanks with the stars and comment, the reopening with its reason, or no longer asked. */
function LinkAnswered({ repair }: { repair: ApiSignoffLink }) {
  const confirmed = repair.state === 'confirmed';
  // The alert says it was reopened: the reason follows as the tenant wrote it.
  const reopened = repair.state === 'reopened' ? repair.reopen_reason.trim() : '';
  return (
    <Alert
      color={confirmed ? 'teal' : repair.state === 'reopened' ? 'orange' : 'gray'}
      variant="light"
      radius="md"
      icon={confirmed ? <IconCircleCheck aria-hidden /> : <IconInfoCircle aria-hidden />}
      role="status"
      data-signoff-answered={repair.state}
    >
      <Stack gap={6}>
        <Text size="sm" fw={500}>
          {confirmed ? S.linkConfirmed : repair.state === 'reopened' ? S.linkReopened : S.states.withdrawn}
        </Text>
        {confirmed && repair.rating !== null ? (
          <Group gap="xs" wrap="wrap" align="center">
            <RatingStars value={repair.rating} />
            <Text size="sm">{starsText(repair.rating)}</Text>
          </Group>
        ) : null}
        {confirmed && repair.comment ? (
          <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {repair.comment}
          </Text>
        ) : null}
        {reopened ? (
          <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {reopened}
          </Text>
        ) : null}
      </Stack>
    </Alert>
  );
}
