/**
 * /approvals/{token} (issue 26): the signed link in an owner's email, opened without signing in (owners have no
 * account). It shows the estimate (GET approval-links/{token}: the ticket, its property and unit, the lines and total,
 * the note) and, while it waits for the owner, Approve and Decline (with the reason), each POSTed to the link's own
 * address with the page's anti-forgery token (lib/api.ts); after answering, the server's message. An invalid or
 * expired link (400) and an estimate decided already (409) show the server's message, as the assignment link's page
 * does (SignedLinkScreen.tsx, whose sign-in offer does not apply to owners).
 */
import { Alert, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { ApiApprovalLink } from '@mend/shared';
import { costDeclineSchema } from '@mend/shared';
import { IconAlertCircle, IconCheck, IconCircleCheck, IconInfoCircle, IconX } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { DetailField, DetailFields } from '../../../components/details';
import { apiSend } from '../../../lib/api';
import { errorMessage } from '../../../lib/records';
import { format, t } from '../../../lib/translations';
import { AuthScreen } from '../../account/AuthScreen';
import { ReasonForm } from '../ReasonForm';
import { fetchSignedLink } from '../SignedLinkScreen';
import { CostLines } from './CostLines';
import { approvalLinkKey, approvalLinkPath } from './cost-rules';
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
  const refused = (text: string, stale: boolean) => {
    setMessage({ text, ok: false });
    if (stale) void query.refetch();
  };

  return (
    <AuthScreen
      title={C.linkTitle}
      intro={estimate?.can_answer ? format(C.linkIntro, { name: estimate.owner_name }) : undefined}
      back="none"
    >
      {query.isPending ? (
        <Center py="xl" role="status">
          <Loader aria-label={t.app.loading} />
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
            <OwnerAnswer token={token} onAnswered={answered} onRefused={refused} />
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
              {format(C.linkState, { state: estimate.state_text.toLowerCase() })}
              {estimate.decided_by ? ` ${format(C.linkDecidedBy, { name: estimate.decided_by })}` : ''}
            </Alert>
          ) : null}
        </Stack>
      )}
    </AuthScreen>
  );
}

/** Approve at once, or Decline with the reason in place; a refusal's message goes up, a 409 asks the estimate again. */
function OwnerAnswer({
  token,
  onAnswered,
  onRefused,
}: {
  token: string;
  onAnswered: (answer: ApprovalAnswer) => void;
  onRefused: (message: string, stale: boolean) => void;
}) {
  const [approving, setApproving] = useState(false);
  const [declining, setDeclining] = useState(false);

  async function approve() {
    if (approving) return;
    setApproving(true);
    const result = await apiSend<ApprovalAnswer>('POST', approvalLinkPath(token, 'approve'));
    setApproving(false);
    if (result.ok && result.data?.data) onAnswered(result.data);
    else onRefused((!result.ok && result.data.message) || t.errors.generic, true);
  }

  if (declining)
    return (
      <Stack gap="sm">
        <Title order={3} fz={16}>
          {C.declineTitle}
        </Title>
        <ReasonForm<ApprovalAnswer>
          url={approvalLinkPath(token, 'decline')}
          schema={costDeclineSchema}
          label={C.declineTitle}
          reasonLabel={C.reason}
          description={C.declineHint}
          required
          maxLength={1000}
          submitLabel={C.decline}
          writes={null}
          onDone={(answer) => {
            setDeclining(false);
            if (answer?.data) onAnswered(answer);
          }}
          onCancel={() => setDeclining(false)}
          onRefused={(message) => {
            setDeclining(false);
            onRefused(message, true);
          }}
        />
      </Stack>
    );

  return (
    <Group gap="sm" grow preventGrowOverflow={false}>
      <Button
        size="md"
        color="teal"
        leftSection={<IconCheck size={18} aria-hidden />}
        loading={approving}
        onClick={() => void approve()}
      >
        {C.approve}
      </Button>
      <Button
        size="md"
        variant="light"
        color="red"
        leftSection={<IconX size={18} aria-hidden />}
        disabled={approving}
        onClick={() => setDeclining(true)}
      >
        {C.decline}
      </Button>
    </Group>
  );
}
