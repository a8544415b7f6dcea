/**
 * The tickets list's filters: Status, Property (hidden for tenants) and Assigned to (staff only,
 * assignment/AssigneeFilter.tsx). Their values are the list's (in the URL); "All Tickets" / "All Properties" /
 * "Anyone" is no filter.
 */
import { Select, type SelectProps } from '@mantine/core';
import type { ApiProperty } from '@mend/shared';
import { useMemo } from 'react';
import type { FilterControls } from '../../components/table/DataTable';
import { t } from '../../lib/translations';
import { AssigneeFilter } from './assignment/AssigneeFilter';
import classes from './tickets.module.css';

const S = t.ticketScreens;
const ALL = 'all';

export function TicketFilters({
  values,
  set,
  statuses,
  properties,
  byProperty,
  byAssignee,
}: FilterControls & {
  /** The statuses by value ("Open", "Scheduled", ...). */
  statuses: readonly string[] | undefined;
  /** The properties the viewer sees, by name. */
  properties: readonly ApiProperty[] | undefined;
  /** Whether the Property filter shows. */
  byProperty: boolean;
  /** Whether the Assigned to filter shows (staff). */
  byAssignee: boolean;
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
    'data' | 'searchable' | 'nothingFoundMessage'
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
