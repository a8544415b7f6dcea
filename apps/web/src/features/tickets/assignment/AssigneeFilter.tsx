/**
 * The tickets list's "Assigned to" filter (staff, issue 25): Anyone (no filter), Nobody (`assigned_to=none`)
 * or one contractor (`assigned_to=17`), kept in the URL with the list's other filters. The contractors are
 * searched on the server as one types; the chosen one stays named whatever is typed (read from the address,
 * it is asked for by its id until the search finds it).
 */
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { SEARCH_DEBOUNCE_MS } from '@mend/shared';
import { IconUser } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import type { FilterControls } from '../../../components/table/DataTable';
import { filterClass } from '../../../components/table/FilterSelect';
import { t } from '../../../lib/translations';
import { useContractor, useContractorChoices } from './assignment-data';
import { ASSIGNED_TO, assignedToContractor, assignedToOptions, contractorLabel } from './assignment-rules';

const F = t.ticketScreens.filters;

export function AssigneeFilter({ values, set, anyValue }: FilterControls & { anyValue: string }) {
  const value = values[ASSIGNED_TO] ?? anyValue;
  const chosenId = assignedToContractor(value);

  // The chosen contractor's name: the option picked, else (read from the address) its record's.
  const [picked, setPicked] = useState<{ id: number; label: string } | null>(null);
  const pickedNow = picked !== null && picked.id === chosenId ? picked : null;
  const record = useContractor(chosenId !== null && pickedNow === null ? chosenId : null);
  const chosenLabel =
    pickedNow?.label ??
    (chosenId !== null && record.data?.id === chosenId ? contractorLabel(record.data) : null);

  // Mantine puts the chosen option's name in the search box: that is not a search.
  const [search, setSearch] = useState('');
  const shown = [F.anyone, F.nobody, chosenLabel];
  const [typed] = useDebouncedValue(shown.includes(search) ? '' : search.trim(), SEARCH_DEBOUNCE_MS);
  // Asked for once the filter opens: most visits never open it.
  const [wanted, setWanted] = useState(false);
  const found = useContractorChoices(typed, wanted);
  const foundList = found.data?.data;

  const data = useMemo(
    () =>
      assignedToOptions(
        anyValue,
        foundList ?? [],
        chosenId !== null && chosenLabel !== null ? { id: chosenId, label: chosenLabel } : null,
      ),
    [anyValue, foundList, chosenId, chosenLabel],
  );

  return (
    <Select
      className={filterClass}
      size="sm"
      aria-label={F.assignedTo}
      // "Anyone" alone does not say what it filters: the person marks it.
      leftSection={<IconUser size={16} aria-hidden />}
      data={data}
      value={value}
      onChange={(next, option) => {
        const id = assignedToContractor(next);
        if (id !== null && option) setPicked({ id, label: option.label });
        set(ASSIGNED_TO, next === null || next === anyValue ? null : next);
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      onDropdownOpen={() => setWanted(true)}
      // The server filters the contractors; Anyone and Nobody always stay.
      filter={({ options }) => options}
      nothingFoundMessage={found.isFetching ? t.app.loading : t.screens.nothingFound}
      allowDeselect={false}
      comboboxProps={{ zIndex: 400 }}
    />
  );
}
