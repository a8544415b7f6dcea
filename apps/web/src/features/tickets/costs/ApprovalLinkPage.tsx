/**
 * /approvals/{token} (issue 26): the signed link in an owner's email, opened without signing in (owners have no
 * account). It shows the estimate (GET approval-links/{token}: the ticket, its property and unit, the lines and total,
 * the note) and, while it waits for the owner, Approve and Decline (with the reason), each POSTed to the link's own
 * address with the page's anti-forgery token (lib/api.ts), as every signed link's two answers (SignedLinkAnswer.tsx);
 * after answering, the server's message. A refusal's message shows in its place; a 409 asks the estimate again. An invalid or
 * expired link (400) and an estimate decided already (409) show the server's message, as the assignment link's page
 * does (SignedLinkScreen.tsx, whose sign-in offer does not apply to owners).
 */
import { Alert, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { ApiApprovalLink } from '@mend/shared';
import { IconAlertCircle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { DetailField, DetailFields } from '../../../components/details';
import { errorMessage } from '../../../lib/records';
import { format, locale, t } from '../../../lib/translations';
import { AuthScreen } from '../../account/AuthScreen';
import { SignedLinkAnswer } from '../SignedLinkAnswer';
import { fetchSignedLink } from '../SignedLinkScreen';
import { CostLines } from './CostLines';
import { approvalLinkKey, approvalLinkPath, costDeclineReason } from './cost-rules';
import classes from './costs.module.css';

const C = t.costScreens;
const S = t.ticketScreens;

interface ApprovalAnswer {
  message: string;
  data: ApiApprovalLink;
}

export default function ApprovalLinkPage() {
  const { token = '' } = useParams();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const query = useQuery({
    queryKey: approvalLinkKey(token),
    queryFn: () => fetchSignedLink<ApiApprovalLink>(approvalLinkPath(token)),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const estimate = query.data;

  const answered = (answer: ApprovalAnswer) => {
    queryClient.setQueryData(approvalLinkKey(token), answer.data);
    setMessage({ text: answer.message, ok: true });
  };

  return (
    <AuthScreen
      title={C.linkTitle}
      intro={estimate?.can_answer ? format(C.linkIntro, { name: estimate.owner_name }) : undefined}
      back="none"
    >
      {query.isPending ? (
        <Center py="xl" role="status">
          <Loader role="progressbar" aria-label={t.app.loading} />
        </Center>
      ) : !estimate ? (
        <Alert color="red" variant="light" radius="md" icon={<IconAlertCircle aria-hidden />} role="alert">
          {errorMessage(query.error)}
        </Alert>
      ) : (
        <Stack gap="lg" data-approval-link>
          <Paper withBorder radius="md" p="md">
            <Stack gap="sm">
              <Stack gap={2}>
                <Text size="xs" c="dimmed" ff="monospace">
                  #{estimate.ticket.visible_id}
                </Text>
                <Title order={2} fz={18} lh={1.3} style={{ overflowWrap: 'anywhere' }}>
                  {estimate.ticket.title}
                </Title>
              </Stack>
              <DetailFields>
                <DetailField label={S.columns.property}>{estimate.ticket.property}</DetailField>
                <DetailField label={S.form.unit}>{estimate.ticket.unit}</DetailField>
              </DetailFields>
              <CostLines cost={estimate} />
              {estimate.note ? (
                <Stack gap={2}>
                  <Text size="xs" c="dimmed">
                    {C.note}
                  </Text>
                  <p className={classes.note}>{estimate.note}</p>
                </Stack>
              ) : null}
            </Stack>
          </Paper>
          {message ? (
            <Alert
              color={message.ok ? 'teal' : 'red'}
              variant="light"
              radius="md"
              icon={message.ok ? <IconCircleCheck aria-hidden /> : <IconAlertCircle aria-hidden />}
              role={message.ok ? 'status' : 'alert'}
              data-approval-message
            >
              {message.text}
            </Alert>
          ) : null}
          {estimate.can_answer ? (
            <SignedLinkAnswer<ApprovalAnswer>
              accept={{ label: C.approve, url: approvalLinkPath(token, 'approve') }}
              decline={{ label: C.decline, reason: costDeclineReason(approvalLinkPath(token, 'decline')) }}
              onAnswered={answered}
              onRefused={(text) => setMessage({ text, ok: false })}
              onStale={() => void query.refetch()}
            />
          ) : !message ? (
            <Alert
              color={estimate.state === 'approved' ? 'teal' : 'gray'}
              variant="light"
              radius="md"
              icon={
                estimate.state === 'approved' ? (
                  <IconCircleCheck aria-hidden />
                ) : (
                  <IconInfoCircle aria-hidden />
                )
              }
              role="status"
              data-approval-state={estimate.state}
            >
              {format(C.linkState, { state: t.costs.states[estimate.state].toLocaleLowerCase(locale) })}
              {estimate.decided_by ? ` ${format(C.linkDecidedBy, { name: estimate.decided_by })}` : ''}
            </Alert>
          ) : null}
        </Stack>
      )}
    </AuthScreen>
  );
}
