/**
 * Schedules (issue 26 §2, "Recurring and preventive work"): the record screen of the schedules a manager (its
 * landlord's properties) or the super admin (all) plans. A searchable, sortable, paged list (Title, Property, Unit,
 * Repeats, Next, State, Created Date; cards on a phone) with the State and Property filters kept in the address,
 * and the side panel in the URL: the details (ScheduleDetails: Pause / Resume, Edit, Delete) and the create and
 * edit form (ScheduleForm, with its live preview of the coming dates).
 */
import { type ApiSchedule, can, SCHEDULE_STATES } from '@mend/shared';
import type { ColumnDef } from '@tanstack/react-table';
import { lazy, Suspense, useMemo } from 'react';
import { DateCell, formatDate, PanelStatus } from '../../components/details';
import { ListPage } from '../../components/panel/ListPage';
import { screenPath } from '../../components/records/record-kind';
import type { FilterControls } from '../../components/table/DataTable';
import { FilterSelect, NO_FILTER } from '../../components/table/FilterSelect';
import { type ListCardContent, labelled } from '../../components/table/ListCard';
import { CellText, CellTitle } from '../../components/table/ListCells';
import { useActor } from '../../lib/actor';
import { format, t } from '../../lib/translations';
import { scheduleKind } from './kind';
import { ScheduleDetails } from './ScheduleDetails';
import { nextOnText, ruleText, StateBadge, unitText } from './ScheduleParts';
import { usePropertyFilterOptions } from './schedule-data';
import { PROPERTY_FILTER, SCHEDULE_LIST_SHAPE, STATE_FILTER } from './schedule-list';
import classes from './schedules.module.css';

const S = t.schedules.screens;
const C = S.columns;

// The form loads when first opened: it brings the date pickers, the schema and the recurrence rules (`rrule`) of its
// preview, none of which the list and the details need.
const ScheduleFormPanel = lazy(() =>
  import('./ScheduleForm').then((module) => ({ default: module.ScheduleFormPanel })),
);

/** The table's columns: their ids are the server's sort keys (LIST_SORTS.schedules); the others do not sort. */
const columns: ColumnDef<ApiSchedule, unknown>[] = [
  {
    id: 'title',
    header: C.title,
    cell: ({ row }) => <CellTitle text={row.original.title} className={classes.title} />,
  },
  {
    id: 'property',
    header: C.property,
    cell: ({ row }) => <CellText width="wide">{row.original.property_name}</CellText>,
  },
  {
    id: 'unit',
    header: C.unit,
    enableSorting: false,
    cell: ({ row }) => (
      <CellText width="narrow" dimmed={row.original.unit_id === null}>
        {unitText(row.original)}
      </CellText>
    ),
  },
  {
    id: 'rule',
    header: C.rule,
    enableSorting: false,
    cell: ({ row }) => (
      <CellText width="wide" title={ruleText(row.original)}>
        {ruleText(row.original)}
      </CellText>
    ),
  },
  {
    id: 'next_on',
    header: C.next,
    cell: ({ row }) => (
      <span className={classes.when} data-dimmed={row.original.next_on === null || undefined}>
        {nextOnText(row.original)}
      </span>
    ),
  },
  {
    id: 'state',
    header: C.state,
    enableSorting: false,
    cell: ({ row }) => <StateBadge schedule={row.original} />,
  },
  {
    id: 'created_at',
    header: C.createdDate,
    cell: ({ row }) => <DateCell timestamp={row.original.created_at_timestamp} />,
  },
];

/** A phone's card: title and state, where (property · unit), the rule, then the next date and the creation date. */
const card = (schedule: ApiSchedule): ListCardContent => ({
  title: schedule.title,
  badge: <StateBadge schedule={schedule} size="sm" />,
  lines: [[schedule.property_name, unitText(schedule)].join(' · '), ruleText(schedule)],
  meta: [labelled(C.next, nextOnText(schedule)), formatDate(schedule.created_at_timestamp)],
});

const STATE_OPTIONS = [
  { value: NO_FILTER, label: S.filters.allStates },
  ...SCHEDULE_STATES.map((state) => ({ value: state, label: S.states[state] })),
];

export default function SchedulesPage() {
  const actor = useActor();
  const canManage = can(actor, 'schedule.manage');
  const properties = usePropertyFilterOptions();

  const propertyOptions = useMemo(
    () => [
      { value: NO_FILTER, label: S.filters.allProperties },
      ...(properties.data ?? []).map((property) => ({ value: String(property.id), label: property.name })),
    ],
    [properties.data],
  );

  const filters = ({ values, set }: FilterControls) => (
    <>
      <FilterSelect
        name={STATE_FILTER.name}
        label={S.filters.state}
        data={STATE_OPTIONS}
        values={values}
        set={set}
      />
      <FilterSelect
        name={PROPERTY_FILTER.name}
        label={S.filters.property}
        data={propertyOptions}
        values={values}
        set={set}
        searchable={propertyOptions.length > 8}
        nothingFoundMessage={t.screens.nothingFound}
      />
    </>
  );

  return (
    <ListPage<ApiSchedule>
      base={screenPath(scheduleKind)}
      title={S.title}
      createLabel={S.createButton}
      canCreate={canManage}
      canEdit={canManage}
      table={{
        resource: scheduleKind.resource,
        url: scheduleKind.resource,
        columns,
        ...SCHEDULE_LIST_SHAPE,
        label: S.entity.many,
        loadingText: format(t.loadingTexts.generic, { entity: S.entity.many }),
        emptyText: format(t.emptyTexts.generic, { entity: S.entity.words }),
        searchPlaceholder: S.searchPlaceholder,
        rowName: (schedule) => schedule.title,
        toolbar: filters,
        card,
      }}
      panelTitles={{
        view: format(t.screens.detailsTitle, { entity: S.entity.one }),
        create: S.newTitle,
        edit: S.editTitle,
      }}
      renderPanel={(state, panel) =>
        state.mode === 'view' && state.id !== null ? (
          <ScheduleDetails key={state.id} id={state.id} panel={panel} />
        ) : (
          <Suspense fallback={<PanelStatus loading />}>
            {/* A new form for every record and mode: it starts from that record's values. */}
            <ScheduleFormPanel
              key={`${state.mode}-${state.id}`}
              id={state.mode === 'edit' ? state.id : null}
              panel={panel}
            />
          </Suspense>
        )
      }
    />
  );
}
