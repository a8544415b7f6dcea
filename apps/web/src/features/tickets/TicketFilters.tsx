/**
 * The tickets list's filters: Status, and Property (hidden for tenants). Their values are the list's (in
 * the URL); "All Tickets" / "All Properties" is no filter.
 */
import { Select } from '@mantine/core';
import type { ApiProperty } from '@mend/shared';
import { useMemo } from 'react';
import type { FilterControls } from '../../components/table/DataTable';
import { t } from '../../lib/translations';
import classes from './tickets.module.css';

const S = t.ticketScreens;
const ALL = 'all';

export function TicketFilters({
  values,
  set,
  statuses,
  properties,
  byProperty,
}: FilterControls & {
  /** The statuses by value ("Open", "Scheduled", ...). */
  statuses: readonly string[] | undefined;
  /** The properties the viewer sees, by name. */
  properties: readonly ApiProperty[] | undefined;
  /** Whether the Property filter shows. */
  byProperty: boolean;
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

  // The filters' values are the list's (in the URL); 'all' is none.
  return (
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
      {byProperty ? (
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
}
