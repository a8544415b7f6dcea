/**
 * The tickets list's filters: Status, Property (hidden for tenants), Assigned to (staff only,
 * assignment/AssigneeFilter.tsx) and Due (hidden for tenants, issue 26: Overdue, Due today). Their values are the
 * list's (in the URL); "All Tickets" / "All Properties" / "Anyone" / "Any time" is no filter.
 */
import { Select, type SelectProps } from '@mantine/core';
import type { ApiProperty } from '@mend/shared';
import { IconClock } from '@tabler/icons-react';
import { useMemo } from 'react';
import type { FilterControls } from '../../components/table/DataTable';
import { t } from '../../lib/translations';
import { AssigneeFilter } from './assignment/AssigneeFilter';
import { DUE_FILTER, dueFilterOptions } from './due/due-rules';
import classes from './tickets.module.css';

const S = t.ticketScreens;
const ALL = 'all';
const DUE_OPTIONS = dueFilterOptions(ALL);

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
      { value: ALL, label: S.filters.allTickets },
      ...(statuses ?? []).map((text, index) => ({ value: String(index), label: text })),
    ],
    [statuses],
  );
  const propertyData = useMemo(
    () => [
      { value: ALL, label: S.filters.allProperties },
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
      {byAssignee ? <AssigneeFilter values={values} set={set} anyValue={ALL} /> : null}
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

/** One filter, bound to the list's value of `name` (in the URL); 'all' is none. */
function FilterSelect({
  name,
  label,
  values,
  set,
  ...props
}: FilterControls & { name: string; label: string } & Pick<
    SelectProps,
    'data' | 'searchable' | 'nothingFoundMessage' | 'leftSection'
  >) {
  return (
    <Select
      className={classes.filter}
      size="sm"
      aria-label={label}
      {...props}
      value={values[name] ?? ALL}
      onChange={(value) => set(name, value === ALL ? null : value)}
      allowDeselect={false}
      comboboxProps={{ zIndex: 400 }}
    />
  );
}
