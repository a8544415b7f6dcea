/**
 * Tickets (SPEC.md section 2, "Tickets screen"): "My Tickets", a searchable, sortable, paged table with
 * the Status, Property (hidden for tenants), Assigned to (staff) and Due (hidden for tenants, issue 26) filters
 * and the Due column (the same), row selection with the bulk Delete
 * (roles below 3) and "Mark As..." actions, and the side panel (details, create, edit) in the URL.
 * The columns and cards are TicketColumns.tsx's, the filters TicketFilters', the bulk actions
 * TicketBatchActions'. Above the list, the new tickets written offline that wait on this device to be sent
 * (drafts/WaitingTickets.tsx, ADR 0044).
 */
import { useWindowEvent } from '@mantine/hooks';
import { type ApiTicketSummary, can, RELATIVE_TIME_LIST_REFRESH_MS } from '@mend/shared';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { PanelStatus } from '../../components/details';
import { toastError } from '../../components/feedback';
import { ListPage } from '../../components/panel/ListPage';
import { usePanelRoute } from '../../components/panel/usePanelRoute';
import type { FilterControls } from '../../components/table/DataTable';
import { useActor } from '../../lib/actor';
import { useCurrentUser } from '../../lib/auth';
import { format, t } from '../../lib/translations';
import { WaitingTickets } from './drafts/WaitingTickets';
import { TicketBatchActions } from './TicketBatchActions';
import { useTicketCard, useTicketColumns } from './TicketColumns';
import { TicketFilters } from './TicketFilters';
import { useNow } from './TicketParts';
import { TICKETS, ticketQuery, usePropertyOptions, useStatuses } from './ticket-data';
import { TICKET_LIST, ticketFilterRights, ticketListShape } from './ticket-list';

const S = t.ticketScreens;
const BASE = '/tickets';

// The panels load when first opened (or hinted at, see preloadPanels): the form brings the date
// pickers, the phone and address data and the schemas, none of which the list needs.
const loadDetails = () => import('./TicketDetails');
const loadForm = () => import('./TicketForm');
const TicketDetails = lazy(() => loadDetails().then((module) => ({ default: module.TicketDetails })));
const TicketFormPanel = lazy(() => loadForm().then((module) => ({ default: module.TicketFormPanel })));

let panelsPreloaded = false;
/** Starts loading both panels at the first pointer move or focus change: opening one is likely next. */
function preloadPanels() {
  if (panelsPreloaded) return;
  panelsPreloaded = true;
  void loadDetails();
  void loadForm();
}

export default function TicketsPage() {
  const actor = useActor();
  const { user } = useCurrentUser();
  const queryClient = useQueryClient();
  const panel = usePanelRoute(BASE);
  const viewedId = panel.state.mode === 'view' ? panel.state.id : null;
  useWindowEvent('pointerover', preloadPanels, { passive: true });
  useWindowEvent('focusin', preloadPanels);
  const now = useNow(RELATIVE_TIME_LIST_REFRESH_MS);
  const rights = useMemo(() => ticketFilterRights(actor), [actor]);
  const showPropertyFilter = rights.byProperty;
  const canBulkDelete = can(actor, 'ticket.bulkDelete');
  const canMarkAs = can(actor, 'ticket.updateStatus');

  const statuses = useStatuses();
  const properties = usePropertyOptions(showPropertyFilter);
  const [selected, setSelected] = useState<number[]>([]);

  // Opening a ticket: fetch it while its panel's code loads (the first time), not after.
  useEffect(() => {
    if (viewedId !== null) void queryClient.prefetchQuery(ticketQuery(viewedId));
  }, [queryClient, viewedId]);

  useEffect(() => {
    if (statuses.isError) toastError(t.errors.oops, t.errors.statusesFetch);
  }, [statuses.isError]);

  // Staff also see the Cost column (issue 26).
  const columns = useTicketColumns(now, rights.byDue, can(actor, 'cost.viewTotals'));
  const card = useTicketCard(now);

  const filters = ({ values, set }: FilterControls) => (
    <TicketFilters
      values={values}
      set={set}
      statuses={statuses.data}
      properties={properties.data?.data}
      byProperty={showPropertyFilter}
      byAssignee={rights.byAssignee}
      byDue={rights.byDue}
    />
  );
  const bulkActions =
    canBulkDelete || canMarkAs ? (
      <TicketBatchActions
        selected={selected}
        setSelected={setSelected}
        statusList={statuses.data ?? []}
        canBulkDelete={canBulkDelete}
        canMarkAs={canMarkAs}
        onDeleted={(deleted) => {
          if (panel.state.id !== null && deleted.includes(panel.state.id)) panel.deleted();
        }}
      />
    ) : null;

  return (
    <ListPage<ApiTicketSummary>
      base={BASE}
      title={t.titles.myTickets}
      createLabel={S.createButton}
      canCreate={can(actor, 'ticket.create')}
      canEdit={can(actor, 'ticket.update')}
      notice={<WaitingTickets owner={user.id} now={now} />}
      table={{
        resource: TICKETS,
        url: TICKET_LIST.url,
        columns,
        ...ticketListShape(rights),
        label: S.entity.many,
        loadingText: t.loadingTexts.tickets,
        emptyText: format(t.emptyTexts.generic, { entity: S.entity.words }),
        searchPlaceholder: S.searchPlaceholder,
        rowName: (ticket) => ticket.title,
        selection: { selectedIds: selected, onChange: setSelected },
        toolbar: filters,
        bulkActions,
        exportable: true,
        card,
      }}
      panelTitles={{
        view: t.titles.ticketDetails,
        create: t.titles.createTicket,
        edit: t.titles.editTicket,
      }}
      renderPanel={(state, controls) => (
        <Suspense fallback={<PanelStatus loading />}>
          {state.mode === 'view' && state.id !== null ? (
            <TicketDetails key={state.id} id={state.id} panel={controls} />
          ) : (
            <TicketFormPanel
              key={`${state.mode}-${state.id}`}
              id={state.mode === 'edit' ? state.id : null}
              panel={controls}
            />
          )}
        </Suspense>
      )}
    />
  );
}
