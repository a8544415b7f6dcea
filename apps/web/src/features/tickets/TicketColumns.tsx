/**
 * How the tickets list shows a ticket: the table's columns (title with its priority mark, tenant, property and
 * "Whole property" under it for a ticket of the whole property (issue 26), number, status, next due time for who is
 * shown due times, assigned contractor, category, age) and a phone's card. Ages and where a ticket stands against its
 * due time are relative to `now` (useNow), so both follow it.
 */
import { type ApiTicketSummary, PRIORITY, priorityText } from '@mend/shared';
import { IconFlag3Filled } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useCallback, useMemo } from 'react';
import type { ListCardContent } from '../../components/table/ListCard';
import { CellText, CellTitle } from '../../components/table/ListCells';
import { format, t } from '../../lib/translations';
import { AssigneeMark } from './assignment/AssigneeMark';
import { AwaitingOwnerTag, CostTotalsMark } from './costs/CostMarks';
import { DueMark, useDueStateAt } from './due/DueMark';
import { listsDueState } from './due/due-rules';
import { PriorityMark, RelativeTime, StatusTag } from './TicketParts';
import { DUE_SORT } from './ticket-list';
import { onWholeProperty, ticketPlaceLine } from './ticket-place';
import classes from './tickets.module.css';

const S = t.ticketScreens;
const C = S.columns;

/**
 * The table's columns: their ids are the server's sort keys. `showDue`: the Due column (not for tenants); `showCosts`:
 * the Cost column (staff, issue 26: the latest estimate and invoice totals).
 */
export function useTicketColumns(now: number, showDue: boolean, showCosts = false) {
  // Cells are plain elements (components/table/ListCells.tsx and tickets.module.css), not Mantine components: the
  // table is most of what the screen renders.
  return useMemo<ColumnDef<ApiTicketSummary, unknown>[]>(
    () => [
      {
        id: 'title',
        header: C.title,
        cell: ({ row }) => (
          <div className={classes.titleCell}>
            <PriorityMark priority={row.original.priority} />
            <CellTitle text={row.original.title} />
          </div>
        ),
      },
      {
        id: 'tenant',
        header: C.tenant,
        cell: ({ row }) => (
          <CellText dimmed={!row.original.tenant_name}>
            {row.original.tenant_name || t.screens.empty}
          </CellText>
        ),
      },
      {
        id: 'property',
        header: C.property,
        // A whole-property ticket (issue 26) says so under its property: the list has no unit column.
        cell: ({ row }) => (
          <>
            <CellText width="wide">{row.original.property_name}</CellText>
            {onWholeProperty(row.original) ? (
              <span className={classes.cellNote}>{t.schedules.wholeProperty}</span>
            ) : null}
          </>
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
        // Issue 26: an estimate waiting for the owner shows as a small tag under the status.
        cell: ({ row }) => (
          <>
            <StatusTag slug={row.original.status_slug} status={row.original.status} />
            {row.original.awaiting_owner ? (
              <>
                <br />
                <AwaitingOwnerTag />
              </>
            ) : null}
          </>
        ),
      },
      ...(showDue
        ? [
            {
              id: DUE_SORT,
              header: C.due,
              cell: ({ row }) => <DueMark due={row.original.due} now={now} />,
            } satisfies ColumnDef<ApiTicketSummary, unknown>,
          ]
        : []),
      ...(showCosts
        ? [
            {
              id: 'cost',
              header: t.costScreens.column,
              enableSorting: false,
              cell: ({ row }) => <CostTotalsMark totals={row.original.cost_totals} />,
            } satisfies ColumnDef<ApiTicketSummary, unknown>,
          ]
        : []),
      {
        id: 'assigned_to',
        header: C.assignedTo,
        enableSorting: false,
        cell: ({ row }) => <AssigneeMark assignee={row.original.assignee} />,
      },
      {
        id: 'category',
        header: C.category,
        enableSorting: false,
        cell: ({ row }) => (
          <CellText width="narrow">{row.original.categories[0]?.title ?? t.screens.empty}</CellText>
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
    [now, showDue, showCosts],
  );
}

/**
 * A phone's card: title, status, property and unit (or "Whole property", issue 26), the assigned contractor, past
 * due or due today (issue 26), awaiting the owner's approval (issue 26), then number, priority and age.
 */
export function useTicketCard(now: number) {
  const stateAt = useDueStateAt();
  return useCallback(
    (ticket: ApiTicketSummary): ListCardContent => ({
      title: ticket.title,
      badge: <StatusTag slug={ticket.status_slug} status={ticket.status} size="sm" />,
      lines: [
        ticketPlaceLine(ticket),
        ticket.assignee ? <AssigneeMark key="assignee" assignee={ticket.assignee} inCard /> : null,
        // Only past due or due today: none for a tenant (not shown due times), a ticket on track or closed.
        ticket.due && listsDueState(stateAt(ticket.due, now)) ? (
          <DueMark key="due" due={ticket.due} now={now} inCard />
        ) : null,
        ticket.awaiting_owner ? <AwaitingOwnerTag key="owner" inCard /> : null,
      ],
      meta: [
        `#${ticket.visible_id}`,
        <span
          key="priority"
          className={classes.cardPriority}
          data-high={ticket.priority === PRIORITY.high || undefined}
        >
          {ticket.priority === PRIORITY.high ? <IconFlag3Filled size={12} aria-hidden /> : null}
          {format(S.priorityOf, { priority: priorityText(ticket.priority, t) })}
        </span>,
        <RelativeTime key="created" timestamp={ticket.created_at_timestamp} now={now} />,
      ],
    }),
    [now, stateAt],
  );
}
