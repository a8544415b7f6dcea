/**
 * A choice of the schedule form among a list searched on the server as one types (the properties the viewer sees,
 * one property's units, the categories), as the ticket form's unit picker: the chosen record stays listed whatever
 * is typed, and `leading` choices (the "Whole property" unit) always come first.
 */
import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { SEARCH_DEBOUNCE_MS } from '@mend/shared';
import { useMemo, useState } from 'react';
import { t } from '../../lib/translations';
import { type ChoiceSource, useChoiceSearch } from './schedule-data';

export interface Choice {
  value: string;
  label: string;
}

export interface ChoiceSelectProps<T>
  extends Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange' | 'filter'> {
  source: ChoiceSource;
  /** A record as a choice (keep it the same across renders). */
  toChoice: (record: T) => Choice;
  /** The choice made, or null. */
  chosen: Choice | null;
  onChoose: (choice: Choice | null) => void;
  /** Choices listed first, whatever is typed. */
  leading?: readonly Choice[];
  /** Whether to ask the server (not while the list it filters on is not chosen yet). */
  enabled?: boolean;
}

export function ChoiceSelect<T>({
  source,
  toChoice,
  chosen,
  onChoose,
  leading,
  enabled = true,
  ...props
}: ChoiceSelectProps<T>) {
  const [search, setSearch] = useState('');
  // The chosen record's own name in the box is no search.
  const [debounced] = useDebouncedValue(search === chosen?.label ? '' : search.trim(), SEARCH_DEBOUNCE_MS);
  const choices = useChoiceSearch<T>(source, debounced, enabled);

  const data = useMemo(() => {
    const options = [...(leading ?? []), ...(choices.data?.data ?? []).map(toChoice)];
    if (chosen && !options.some((option) => option.value === chosen.value)) options.unshift(chosen);
    return options;
  }, [leading, choices.data, toChoice, chosen]);

  return (
    <Select
      size="sm"
      searchable
      allowDeselect={false}
      nothingFoundMessage={choices.isFetching ? t.app.loading : t.screens.nothingFound}
      comboboxProps={{ zIndex: 400 }}
      {...props}
      data={data}
      searchValue={search}
      onSearchChange={setSearch}
      // The server filtered them.
      filter={({ options }) => options}
      value={chosen?.value ?? null}
      onChange={(value) => onChoose(data.find((option) => option.value === value) ?? null)}
    />
  );
}
