/**
 * "Sign-off" in a ticket's details (issue 25 section 4), below the visit, once the ticket was completed with a
 * tenant: when it was completed and who did the work, then, to the tenant asked (`can.sign_off`), the question and
 * its two answers (SignoffAnswer); to everyone else, and to the tenant once it answered, how it stands: waiting for
 * the tenant, confirmed with its stars ("Rated 5 of 5 by Jane Morrison") and comment, reopened with its reason, or no
 * longer asked. The earlier sign-offs (one per completion) close the section. Nothing shows before a completion.
 */
import { Group, Stack, Text, Title } from '@mantine/core';
import type { ApiSignoff, ApiTicket } from '@mend/shared';
import { useQueryClient } from '@tanstack/react-query';
import { DetailField, DetailFields, DetailSection } from '../../../components/details';
import { StateTag } from '../../../components/StateTag';
import { t } from '../../../lib/translations';
import { longTime } from '../assignment/assignment-rules';
import { RatingStars } from './RatingStars';
import { SignoffAnswer } from './SignoffAnswer';
import { type SignoffAnswer as Answer, showSignoffAnswer, signoffRefused } from './signoff-data';
import {
  earlierSignoffs,
  ratedByText,
  reopenedText,
  signoffPath,
  signoffStateColor,
  signoffStateText,
} from './signoff-rules';

const S = t.ticketScreens.signoff;

export function TicketSignoff({ ticket }: { ticket: ApiTicket }) {
  const queryClient = useQueryClient();
  const { signoff } = ticket;
  if (!signoff) return null;
  const history = earlierSignoffs(ticket);
  return (
    <DetailSection title={S.title}>
      <Stack gap={6} data-signoff-state={signoff.state} data-signoff={signoff.id}>
        {/* The tenant asked sees the question instead of "Waiting for the tenant". */}
        {ticket.can.sign_off ? null : (
          <Group gap={6} wrap="wrap" align="center">
            <SignoffStateBadge signoff={signoff} />
          </Group>
        )}
        <DetailFields>
          <DetailField label={S.completed}>{longTime(signoff.asked_at_timestamp)}</DetailField>
          {signoff.contractor ? (
            <DetailField label={S.contractor}>{signoff.contractor.name}</DetailField>
          ) : null}
        </DetailFields>
        {ticket.can.sign_off ? null : <SignoffOutcome signoff={signoff} />}
      </Stack>
      {ticket.can.sign_off ? (
        // A new question (the ticket completed again) starts the answer afresh.
        <SignoffAnswer<Answer>
          key={signoff.id}
          urls={{ confirm: signoffPath(ticket.id, 'confirm'), reopen: signoffPath(ticket.id, 'reopen') }}
          writes="signoffs"
          toast={t.toasts.ticketUpdated}
          onDone={(answer) => showSignoffAnswer(queryClient, ticket.id, answer)}
          onRefused={(message) => void signoffRefused(queryClient, message)}
        />
      ) : null}
      {history.length > 0 ? <SignoffHistory signoffs={history} /> : null}
    </DetailSection>
  );
}

/** How the sign-off stands: waiting, the stars and comment, or the reason it was reopened. */
function SignoffOutcome({ signoff }: { signoff: ApiSignoff }) {
  if (signoff.state === 'asked')
    return (
      <Text size="sm" c="dimmed">
        {S.waiting}
      </Text>
    );
  if (signoff.state === 'confirmed' && signoff.rating !== null)
    return (
      <Stack gap={4}>
        <Group gap="xs" wrap="wrap" align="center">
          <RatingStars value={signoff.rating} />
          <Text size="sm" fw={600} data-signoff-rating={signoff.rating}>
            {ratedByText(signoff)}
          </Text>
        </Group>
        {signoff.comment ? <Quote>{signoff.comment}</Quote> : null}
      </Stack>
    );
  const reopened = reopenedText(signoff);
  return reopened ? <Quote>{reopened}</Quote> : null;
}

/** The tenant's own words, its line breaks kept (React escapes the text: no HTML is ever rendered). */
function Quote({ children, size = 'sm' }: { children: string; size?: 'xs' | 'sm' }) {
  return (
    <Text
      size={size}
      c={size === 'xs' ? 'dimmed' : undefined}
      style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
    >
      {children}
    </Text>
  );
}

/** The state of a sign-off as a coloured tag ("Waiting for the tenant", "Confirmed", "Reopened" ...). */
export function SignoffStateBadge({ signoff }: { signoff: Pick<ApiSignoff, 'state' | 'state_text'> }) {
  return (
    <StateTag color={signoffStateColor(signoff.state)} data-signoff-badge={signoff.state}>
      {signoffStateText(signoff)}
    </StateTag>
  );
}

/** "Earlier sign-offs": each completion, its state and what the tenant said. */
function SignoffHistory({ signoffs }: { signoffs: ApiSignoff[] }) {
  return (
    <Stack gap={6} mt={4}>
      <Title order={5} fz={14}>
        {S.history}
      </Title>
      <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }} aria-label={S.history}>
        {signoffs.map((signoff) => {
          const reopened = reopenedText(signoff);
          return (
            <li key={signoff.id} data-signoff-history={signoff.state}>
              <Group gap={6} wrap="wrap" align="center">
                <Text size="sm" c="dimmed">
                  {longTime(signoff.asked_at_timestamp)}
                </Text>
                <SignoffStateBadge signoff={signoff} />
                {signoff.rating !== null ? <RatingStars value={signoff.rating} size="xs" /> : null}
              </Group>
              {signoff.comment ? <Quote size="xs">{signoff.comment}</Quote> : null}
              {reopened ? <Quote size="xs">{reopened}</Quote> : null}
            </li>
          );
        })}
      </Stack>
    </Stack>
  );
}
