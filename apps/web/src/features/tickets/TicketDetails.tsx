/**
 * "Ticket Details" (SPEC.md section 2, DESIGN.md): the tenant (its property for a whole-property ticket, issue 26),
 * where the unit is (the property's city and province replace the fixed "Edmonton, AB"), the title and description,
 * the photos, category, availability, priority, created and closed dates, the assigned contractor (issue 25: its
 * answer, staff's assign and unassign, assignment/), the visit (issue 25: booked or proposed, answered, cancelled,
 * visits/), the due times (issue 26: not for tenants; their managers change them, due/), the tenant's sign-off once
 * completed (issue 25: asked, confirmed and rated, or reopened, signoff/), the estimates and invoices (issue 26: not
 * for tenants; the contractor sends, staff decide and mark paid, costs/), the contact, the meta list, the
 * Conversation (issue 25: the comments and the composer, conversation/) and the Activity log; under the header, the
 * work order's print view and PDF (issue 27, work-order/). Footer: the status
 * dropdown (tenants, and contractors on their routed tickets), Delete and Edit.
 *
 * The sections are TicketDetailSections.tsx's, the footer TicketDetailsFooter.tsx's.
 */
import { Stack } from '@mantine/core';
import type { ApiTicket } from '@mend/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { DetailHeader, DetailSection, PanelError, PanelStatus } from '../../components/details';
import { toastError } from '../../components/feedback';
import type { PanelControls } from '../../components/panel/usePanelRoute';
import { errorMessage } from '../../lib/records';
import { t } from '../../lib/translations';
import { invalidateNotifications } from '../notifications/queries';
import { ActivityLog } from './ActivityLog';
import { TicketAssignment } from './assignment/TicketAssignment';
import { TicketConversation } from './conversation/TicketConversation';
import { TicketCosts } from './costs/TicketCosts';
import { TicketDue } from './due/TicketDue';
import { TicketSignoff } from './signoff/TicketSignoff';
import {
  TicketContactSection,
  TicketFactsSection,
  TicketLocationSection,
  TicketMetaSection,
  TicketSummarySection,
} from './TicketDetailSections';
import { TicketDetailsFooter } from './TicketDetailsFooter';
import { useTicket } from './ticket-data';
import { ticketHeader } from './ticket-place';
import { TicketVisit } from './visits/TicketVisit';
import { WorkOrderActions } from './work-order/WorkOrderActions';

const S = t.ticketScreens;

export function TicketDetails({ id, panel }: { id: number; panel: PanelControls }) {
  const queryClient = useQueryClient();
  const query = useTicket(id);
  const loaded = query.data?.id;

  // Opening a ticket marks the viewer's notifications about it viewed: refresh the bell.
  useEffect(() => {
    if (loaded !== undefined) void invalidateNotifications(queryClient);
  }, [loaded, queryClient]);

  // SPEC.md section 8: a ticket that cannot be loaded is logged, and the list comes back (once).
  const failed = query.isError && !query.data;
  const reported = useRef<number | null>(null);
  useEffect(() => {
    if (!failed || reported.current === id) return;
    reported.current = id;
    console.error('Unable to load ticket', id, query.error);
    toastError(t.errors.yikes, errorMessage(query.error));
    void invalidateNotifications(queryClient);
    panel.deleted();
  }, [failed, id, panel, query.error, queryClient]);

  if (query.isPending) return <PanelStatus loading />;
  if (!query.data) return <PanelError error={query.error} />;
  return <TicketView ticket={query.data} panel={panel} />;
}

function TicketView({ ticket, panel }: { ticket: ApiTicket; panel: PanelControls }) {
  const header = ticketHeader(ticket);

  return (
    <>
      <Stack gap="lg" pt="md" pb="lg">
        <DetailHeader name={header.name} avatar={ticket.tenant?.avatar} subtitle={header.subtitle} />
        <WorkOrderActions ticket={ticket} />
        <TicketSummarySection ticket={ticket} />
        <TicketAssignment ticket={ticket} onGone={panel.deleted} />
        <TicketVisit ticket={ticket} />
        <TicketDue ticket={ticket} />
        <TicketSignoff ticket={ticket} />
        <TicketCosts ticket={ticket} />
        <TicketFactsSection ticket={ticket} />
        <TicketLocationSection ticket={ticket} />
        <TicketContactSection ticket={ticket} />
        <TicketMetaSection ticket={ticket} />
        <TicketConversation key={ticket.id} ticketId={ticket.id} />
        <DetailSection title={S.sections.activity}>
          <ActivityLog log={ticket.log} />
        </DetailSection>
      </Stack>
      <TicketDetailsFooter ticket={ticket} panel={panel} />
    </>
  );
}
