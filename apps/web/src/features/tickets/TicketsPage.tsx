/**
 * Tickets (SPEC.md section 2, "Tickets screen"): "My Tickets", a searchable, sortable, paged table with
 * the Status and Property filters (the latter hidden for tenants), row selection with the bulk Delete
 * (roles below 3) and "Mark As..." actions, and the side panel (details, create, edit) in the URL.
 */
import { Button, Divider, Group, Menu, Select } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import {
  type ApiTicketSummary,
  can,
  LIST_SORTS,
  PRIORITY,
  RELATIVE_TIME_LIST_REFRESH_MS,
} from '@mend/shared';
import { IconChevronDown, IconFlag3Filled, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { PanelStatus } from '../../components/details';
import { toastError } from '../../components/feedback';
import { ListPage } from '../../components/panel/ListPage';
import { usePanelRoute } from '../../components/panel/usePanelRoute';
import type { FilterControls } from '../../components/table/DataTable';
import type { ListCardContent } from '../../components/table/ListCard';
import { useActor } from '../../lib/actor';
import { format, t } from '../../lib/translations';
import { PriorityMark, RelativeTime, StatusTag, useNow } from './TicketParts';
import {
  changeStatus,
  deleteTickets,
  TICKETS,
  ticketQuery,
  usePropertyOptions,
  useStatuses,
} from './ticket-data';
import { TICKET_LIST, ticketFilters } from './ticket-list';
import classes from './tickets.module.css';

const S = t.ticketScreens;
const C = S.columns;
const ALL = 'all';
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
  const queryClient = useQueryClient();
  const panel = usePanelRoute(BASE);
  const viewedId = panel.state.mode === 'view' ? panel.state.id : null;
  useWindowEvent('pointerover', preloadPanels, { passive: true });
  useWindowEvent('focusin', preloadPanels);
  const now = useNow(RELATIVE_TIME_LIST_REFRESH_MS);
  const showPropertyFilter = can(actor, 'ticket.filterByProperty');
  const canBulkDelete = can(actor, 'ticket.bulkDelete');
  const canMarkAs = can(actor, 'ticket.updateStatus');

  const statuses = useStatuses();
  const properties = usePropertyOptions(showPropertyFilter);
  const [selected, setSelected] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);

  // Opening a ticket: fetch it while its panel's code loads (the first time), not after.
  useEffect(() => {
    if (viewedId !== null) void queryClient.prefetchQuery(ticketQuery(viewedId));
  }, [queryClient, viewedId]);

  useEffect(() => {
    if (statuses.isError) toastError(t.errors.oops, t.errors.statusesFetch);
  }, [statuses.isError]);

  const statusList = statuses.data ?? [];
  const statusData = useMemo(
    () => [
      { value: ALL, label: S.filters.allTickets },
      ...(statuses.data ?? []).map((text, index) => ({ value: String(index), label: text })),
    ],
    [statuses.data],
  );
  const propertyData = useMemo(
    () => [
      { value: ALL, label: S.filters.allProperties },
      ...(properties.data?.data ?? []).map((property) => ({
        value: String(property.id),
        label: property.name,
      })),
    ],
    [properties.data],
  );

  // Cells are plain elements styled by tickets.module.css, not Mantine components: the table is most of
  // what the screen renders, and a Text per cell tripled its render time on slow phones.
  const columns = useMemo<ColumnDef<ApiTicketSummary, unknown>[]>(
    () => [
      {
        id: 'title',
        header: C.title,
        cell: ({ row }) => (
          <div className={classes.titleCell}>
            <PriorityMark priority={row.original.priority} />
            <p className={classes.title} title={row.original.title}>
              {row.original.title}
            </p>
          </div>
        ),
      },
      {
        id: 'tenant',
        header: C.tenant,
        cell: ({ row }) => (
          <span className={classes.cellText} data-empty={row.original.tenant_name ? undefined : true}>
            {row.original.tenant_name || t.screens.empty}
          </span>
        ),
      },
      {
        id: 'property',
        header: C.property,
        cell: ({ row }) => (
          <span className={classes.cellText} data-width="wide">
            {row.original.property_name}
          </span>
        ),
      },
      {
        id: 'visible_id',
        header: C.id,
        enableSorting: false,
        cell: ({ row }) => <span className={classes.visibleId}>#{row.original.visible_id}</span>,
      },
      {
        id: 'status',
        header: C.status,
        cell: ({ row }) => <StatusTag slug={row.original.status_slug} text={row.original.status_text} />,
      },
      {
        id: 'category',
        header: C.category,
        enableSorting: false,
        cell: ({ row }) => (
          <span className={classes.cellText} data-width="narrow">
            {row.original.categories[0]?.title ?? t.screens.empty}
          </span>
        ),
      },
      {
        id: 'created_at',
        header: C.createdDate,
        cell: ({ row }) => (
          <RelativeTime timestamp={row.original.created_at_timestamp} now={now} className={classes.when} />
        ),
      },
    ],
    [now],
  );

  // A phone's card: title, status, property and unit, then number, priority and age.
  const card = useCallback(
    (ticket: ApiTicketSummary): ListCardContent => ({
      title: ticket.title,
      badge: <StatusTag slug={ticket.status_slug} text={ticket.status_text} size="sm" />,
      lines: [[ticket.property_name, ticket.unit?.name].filter(Boolean).join(' · ')],
      meta: [
        `#${ticket.visible_id}`,
        <span
          key="priority"
          className={classes.cardPriority}
          data-high={ticket.priority === PRIORITY.high || undefined}
        >
          {ticket.priority === PRIORITY.high ? <IconFlag3Filled size={12} aria-hidden /> : null}
          {format(S.priorityOf, { priority: ticket.priority_text })}
        </span>,
        <RelativeTime key="created" timestamp={ticket.created_at_timestamp} now={now} />,
      ],
    }),
    [now],
  );

  async function markAs(next: number) {
    if (busy || selected.length === 0) return;
    setBusy(true);
    const saved = await changeStatus(queryClient, {
      ids: selected,
      status: next,
      statuses: statusList,
      bulk: true,
    });
    setBusy(false);
    if (saved) setSelected([]);
  }

  async function removeSelected() {
    if (busy || selected.length === 0) return;
    setBusy(true);
    const deleted = await deleteTickets(queryClient, selected);
    setBusy(false);
    if (deleted.length === 0) return;
    setSelected((ids) => ids.filter((id) => !deleted.includes(id)));
    if (panel.state.id !== null && deleted.includes(panel.state.id)) panel.deleted();
  }

  const none = selected.length === 0;
  // The filters' values are the list's (in the URL); 'all' is none.
  const filters = ({ values, set }: FilterControls) => (
    <>
      <Select
        className={classes.filter}
        size="sm"
        aria-label={S.filters.status}
        data={statusData}
        value={values.status ?? ALL}
        onChange={(value) => set('status', value === ALL ? null : value)}
        allowDeselect={false}
        comboboxProps={{ zIndex: 400 }}
      />
      {showPropertyFilter ? (
        <Select
          className={classes.filter}
          size="sm"
          aria-label={S.filters.property}
          data={propertyData}
          value={values.property_id ?? ALL}
          onChange={(value) => set('property_id', value === ALL ? null : value)}
          allowDeselect={false}
          searchable={propertyData.length > 8}
          nothingFoundMessage={t.screens.nothingFound}
          comboboxProps={{ zIndex: 400 }}
        />
      ) : null}
    </>
  );
  const bulkActions =
    canBulkDelete || canMarkAs ? (
      <>
        <Divider orientation="vertical" className={classes.toolbarDivider} />
        <Group gap="xs" role="group" aria-label={S.bulkActions}>
          {canBulkDelete ? (
            <Button
              size="sm"
              variant="light"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              disabled={none || busy}
              onClick={() => void removeSelected()}
            >
              {t.buttons.delete}
            </Button>
          ) : null}
          {canMarkAs ? (
            <Menu position="bottom-end" withinPortal shadow="md" width={200} disabled={none || busy}>
              <Menu.Target>
                <Button
                  size="sm"
                  variant="default"
                  rightSection={<IconChevronDown size={16} aria-hidden />}
                  disabled={none || busy || statusList.length === 0}
                >
                  {t.buttons.markAs}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {statusList.map((text, index) => (
                  <Menu.Item key={text} onClick={() => void markAs(index)}>
                    {text}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          ) : null}
        </Group>
      </>
    ) : null;

  return (
    <ListPage<ApiTicketSummary>
      base={BASE}
      title={t.titles.myTickets}
      createLabel={S.createButton}
      canCreate={can(actor, 'ticket.create')}
      canEdit={can(actor, 'ticket.update')}
      table={{
        resource: TICKETS,
        url: TICKET_LIST.url,
        columns,
        defaultSort: TICKET_LIST.defaultSort,
        sortKeys: LIST_SORTS.tickets,
        filters: ticketFilters(showPropertyFilter),
        label: S.entity.many,
        loadingText: t.loadingTexts.tickets,
        emptyText: format(t.emptyTexts.generic, { entity: S.entity.words }),
        searchPlaceholder: S.searchPlaceholder,
        rowName: (ticket) => ticket.title,
        selection: { selectedIds: selected, onChange: setSelected },
        toolbar: filters,
        bulkActions,
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
