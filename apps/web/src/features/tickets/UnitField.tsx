/**
 * The Unit picker of the ticket form: roles 0 and 1 pick it on create, the super admin only may change it
 * on edit, and roles 0 and 1 see it fixed there (a tenant's tickets are on its own unit: no picker). It
 * searches on the server; the chosen unit stays in the list whatever is typed. Another unit clears the
 * category and, when the property's zone differs, restarts an untouched default availability range there.
 */
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { can, format, SEARCH_DEBOUNCE_MS } from '@mend/shared';
import { useMemo, useState } from 'react';
import { useActor } from '../../lib/actor';
import { t } from '../../lib/translations';
import { rangeRow } from './AvailabilityFields';
import { useUnitOptions } from './ticket-data';
import type { TicketFormApi, UnitChoice } from './ticket-form-values';

const S = t.ticketScreens.form;

export function UnitField({
  form,
  creating,
  chosenUnit,
  setChosenUnit,
  timeZone,
}: {
  form: TicketFormApi;
  creating: boolean;
  /** The unit chosen (its zone is the availability's), kept by the form. */
  chosenUnit: UnitChoice | null;
  setChosenUnit: (unit: UnitChoice | null) => void;
  /** The zone the availability is in now. */
  timeZone: string;
}) {
  const actor = useActor();
  const unitEditable = creating ? can(actor, 'ticket.pickUnit') : can(actor, 'ticket.changeUnitOnEdit');
  const unitShown = unitEditable || (!creating && can(actor, 'ticket.pickUnit'));

  // The unit picker searches on the server; the chosen unit stays in the list whatever is typed.
  const [unitSearch, setUnitSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(
    unitSearch === chosenUnit?.label ? '' : unitSearch.trim(),
    SEARCH_DEBOUNCE_MS,
  );
  const units = useUnitOptions(debouncedSearch, unitEditable);
  const unitData = useMemo(() => {
    const options: UnitChoice[] = (units.data?.data ?? []).map((item) => ({
      value: String(item.id),
      label: format(S.unitOption, { unit: item.name, property: item.property?.name ?? '' }),
      timeZone: item.time_zone,
    }));
    if (chosenUnit && !options.some((option) => option.value === chosenUnit.value))
      options.unshift(chosenUnit);
    return options;
  }, [units.data, chosenUnit]);

  function chooseUnit(value: string | null) {
    const option = unitData.find((item) => item.value === value) ?? null;
    setChosenUnit(option);
    form.setFieldValue('unit_id', value ?? '');
    form.setFieldValue('category_id', '');
    // A default range nobody touched starts again at the new property's "now".
    if (option && option.timeZone !== timeZone && !form.isDirty('availability'))
      form.setFieldValue('availability', [rangeRow(option.timeZone)]);
  }

  if (!unitShown) return null;
  return (
    <Select
      size="sm"
      label={S.unit}
      placeholder={S.unitPlaceholder}
      description={unitEditable ? undefined : S.unitFixed}
      data={unitData}
      searchable={unitEditable}
      disabled={!unitEditable}
      searchValue={unitSearch}
      onSearchChange={setUnitSearch}
      filter={({ options }) => options}
      nothingFoundMessage={units.isFetching ? t.app.loading : t.screens.nothingFound}
      withAsterisk={unitEditable}
      comboboxProps={{ zIndex: 400 }}
      {...form.getInputProps('unit_id')}
      value={form.values.unit_id || null}
      onChange={chooseUnit}
    />
  );
}
