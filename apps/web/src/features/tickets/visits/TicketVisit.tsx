/**
 * "Visit" in a ticket's details (issue 25 section 3), below the assigned contractor: the visit now (its time at
 * the property, its state, whether it is inside the tenant's availability, the contractor), then the viewer's
 * part: the tenant's Confirm and Refuse of a time proposed outside its windows, Cancel for the contractor and
 * staff (VisitActions), and the booking form of the contractor that accepted the job (BookVisitForm); while that
 * contractor has not accepted yet, what it must do first. The earlier visits (refused, cancelled, replaced) close
 * the section. Nothing shows while there is no visit and nobody has a part in one.
 */
import { Group, Loader, Stack, Text, Title } from '@mantine/core';
import { type ApiTicket, type ApiVisit, timeZoneLabel } from '@mend/shared';
import { lazy, Suspense } from 'react';
import { DetailField, DetailFields, DetailSection } from '../../../components/details';
import { StateTag } from '../../../components/StateTag';
import { useCurrentUser } from '../../../lib/auth';
import { format, t } from '../../../lib/translations';
import { VisitActions } from './VisitActions';
import {
  awaitsAcceptance,
  earlierVisits,
  showsVisitSection,
  visitNote,
  visitStateColor,
  visitStateText,
  windowText,
} from './visit-rules';

const S = t.ticketScreens;
const V = S.visit;

// Only the contractor that holds the job books: the form (and its date pickers) load for it alone.
const BookVisitForm = lazy(() => import('./BookVisitForm'));

export function TicketVisit({ ticket }: { ticket: ApiTicket }) {
  const { user } = useCurrentUser();
  if (!showsVisitSection(ticket, user.id)) return null;
  const { visit } = ticket;
  const history = earlierVisits(ticket);
  return (
    <DetailSection title={V.title}>
      {visit ? (
        <ActiveVisit visit={visit} answering={ticket.can.answer_visit} />
      ) : (
        <Text size="sm" c="dimmed">
          {V.nobody}
        </Text>
      )}
      {visit && (ticket.can.answer_visit || ticket.can.cancel_visit) ? (
        <VisitActions ticket={ticket} visit={visit} />
      ) : null}
      {awaitsAcceptance(ticket, user.id) ? (
        <Text size="sm" fw={500} data-visit-accept-first>
          {V.acceptFirst}
        </Text>
      ) : null}
      {ticket.can.book_visit ? (
        <Suspense fallback={<Loader size="sm" role="progressbar" aria-label={t.app.loading} />}>
          {/* Another visit (or none) starts the form afresh, from the visit's own time. */}
          <BookVisitForm key={visit ? `${visit.id}-${visit.state}-${visit.start}` : 'none'} ticket={ticket} />
        </Suspense>
      ) : null}
      {history.length > 0 ? <VisitHistory visits={history} /> : null}
    </DetailSection>
  );
}

/** The visit now: when (at the property), its state, the note about the tenant's availability, who comes. */
function ActiveVisit({ visit, answering }: { visit: ApiVisit; answering: boolean }) {
  const note = visitNote(visit, answering);
  return (
    <Stack gap={6} data-visit-state={visit.state} data-visit={visit.id}>
      <Group gap={6} wrap="wrap" align="center">
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {windowText(visit.range)}
        </Text>
        <VisitStateBadge visit={visit} />
      </Group>
      {note ? (
        <Text
          size="sm"
          c={answering ? undefined : visit.in_window ? 'teal.9' : 'var(--mend-color-warning-text)'}
          fw={answering ? 500 : undefined}
        >
          {note}
        </Text>
      ) : null}
      {visit.time_zone ? (
        <Text size="xs" c="dimmed">
          {format(S.timeZone, { zone: timeZoneLabel(visit.time_zone) })}
        </Text>
      ) : null}
      {visit.contractor ? (
        <DetailFields>
          <DetailField label={S.assignment.contractor}>{visit.contractor.name}</DetailField>
        </DetailFields>
      ) : null}
    </Stack>
  );
}

/** The state of a visit as a coloured tag ("Waiting for the tenant", "Booked", "Refused", "Cancelled"). */
export function VisitStateBadge({ visit }: { visit: Pick<ApiVisit, 'state' | 'state_text'> }) {
  return (
    <StateTag color={visitStateColor(visit.state)} data-visit-badge={visit.state}>
      {visitStateText(visit)}
    </StateTag>
  );
}

/** "Earlier visits": each time, its state and (refused or cancelled) why. */
function VisitHistory({ visits }: { visits: ApiVisit[] }) {
  return (
    <Stack gap={6} mt={4}>
      <Title order={5} fz={14}>
        {V.history}
      </Title>
      <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }} aria-label={V.history}>
        {visits.map((visit) => (
          <li key={visit.id} data-visit-history={visit.state}>
            <Group gap={6} wrap="wrap" align="center">
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {windowText(visit.range)}
              </Text>
              <VisitStateBadge visit={visit} />
            </Group>
            {visit.reason ? (
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                {visit.reason}
              </Text>
            ) : null}
          </li>
        ))}
      </Stack>
    </Stack>
  );
}
