/**
 * The tickets list's filters: Status, Property (hidden for tenants), Assigned to (staff only,
 * assignment/AssigneeFilter.tsx) and Due (hidden for tenants, issue 26: Overdue, Due today). Their values are the
 * list's (in the URL); "All Tickets" / "All Properties" / "Anyone" / "Any time" is no filter.
 */
import type { ApiProperty } from '@mend/shared';
import { IconClock } from '@tabler/icons-react';
import { useMemo } from 'react';
import type { FilterControls } from '../../components/table/DataTable';
import { FilterSelect, NO_FILTER } from '../../components/table/FilterSelect';
import { t } from '../../lib/translations';
import { AssigneeFilter } from './assignment/AssigneeFilter';
import { DUE_FILTER, dueFilterOptions } from './due/due-rules';

const S = t.ticketScreens;
const DUE_OPTIONS = dueFilterOptions(NO_FILTER);

export function TicketFilters({
  values,
  set,
  statuses,
  properties,
  byProperty,
  byAssignee,
  byDue,
}: FilterControls & {
  /** The statuses by value ("Open", "Scheduled", ...). */
  statuses: readonly string[] | undefined;
  /** The properties the viewer sees, by name. */
  properties: readonly ApiProperty[] | undefined;
  /** Whether the Property filter shows. */
  byProperty: boolean;
  /** Whether the Assigned to filter shows (staff). */
  byAssignee: boolean;
  /** Whether the Due filter shows (all but tenants). */
  byDue: boolean;
}) {
  const statusData = useMemo(
    () => [
      { value: NO_FILTER, label: S.filters.allTickets },
      ...(statuses ?? []).map((text, index) => ({ value: String(index), label: text })),
    ],
    [statuses],
  );
  const propertyData = useMemo(
    () => [
      { value: NO_FILTER, label: S.filters.allProperties },
      ...(properties ?? []).map((property) => ({
        value: String(property.id),
        label: property.name,
      })),
    ],
    [properties],
  );

  return (
    <>
      <FilterSelect name="status" label={S.filters.status} data={statusData} values={values} set={set} />
      {byProperty ? (
        <FilterSelect
          name="property_id"
          label={S.filters.property}
          data={propertyData}
          values={values}
          set={set}
          searchable={propertyData.length > 8}
          nothingFoundMessage={t.screens.nothingFound}
        />
      ) : null}
      {byAssignee ? <AssigneeFilter values={values} set={set} anyValue={NO_FILTER} /> : null}
      {byDue ? (
        <FilterSelect
          name={DUE_FILTER}
          label={S.filters.due}
          data={DUE_OPTIONS}
          values={values}
          set={set}
          // "Any time" alone does not say what it filters: the clock marks it.
          leftSection={<IconClock size={16} aria-hidden />}
        />
      ) : null}
    </>
  );
}
