/**
 * The super admin's landlord picker of the property, unit and people forms and of the calendar. It searches the
 * landlords on the server (GET landlords?search=, by name) as it is typed into, rather than loading every landlord
 * with each form (ADR 0025). The landlord chosen, or the one the form started from, stays offered whatever is typed.
 */
import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type ApiLandlordListRow, type ApiRecordRef, PAGE_SIZE, SEARCH_DEBOUNCE_MS } from '@mend/shared';
import { useMemo, useState } from 'react';
import { usePickerSearch } from '../../lib/records';
import { t } from '../../lib/translations';

interface Choice {
  value: string;
  label: string;
}

function choiceOf(landlord: Pick<ApiRecordRef, 'id' | 'name'>): Choice {
  return { value: String(landlord.id), label: landlord.name };
}

export function LandlordPicker({
  initial,
  value,
  onChange,
  ...props
}: Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchable' | 'searchValue' | 'onSearchChange'> & {
  /** The landlords the form came with (its `landlord_options`): the one it starts from, if any. */
  initial: ApiRecordRef[];
  value: string | null;
  /** The landlord chosen (null: none), with its name. */
  onChange: (value: string | null, name: string | null) => void;
}) {
  const [chosen, setChosen] = useState<Choice | null>(() => {
    const start = initial.find((landlord) => String(landlord.id) === value);
    return start ? choiceOf(start) : null;
  });
  const [search, setSearch] = useState('');
  // The chosen landlord's own name in the box is not a search.
  const [debouncedSearch] = useDebouncedValue(
    search === chosen?.label ? '' : search.trim(),
    SEARCH_DEBOUNCE_MS,
  );
  const found = usePickerSearch<ApiLandlordListRow>('landlords', debouncedSearch, PAGE_SIZE);
  const data = useMemo(() => {
    const options = (found.data?.data ?? []).map(choiceOf);
    if (chosen && !options.some((option) => option.value === chosen.value)) options.unshift(chosen);
    return options;
  }, [found.data, chosen]);

  return (
    <Select
      {...props}
      data={data}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server already matched the search; the box does not filter its answer again.
      filter={({ options }) => options}
      nothingFoundMessage={found.isFetching ? t.app.loading : t.screens.nothingFound}
      comboboxProps={{ zIndex: 400 }}
      value={value}
      onChange={(next) => {
        const choice = data.find((option) => option.value === next) ?? null;
        setChosen(choice);
        onChange(next, choice?.label ?? null);
      }}
    />
  );
}
