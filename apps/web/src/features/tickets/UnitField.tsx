/**
 * The Unit picker of the ticket form: roles 0 and 1 pick it on create, the super admin only may change it
 * on edit, and roles 0 and 1 see it fixed there (a tenant's tickets are on its own unit: no picker). Staff
 * may also pick a whole property (issue 26: `can(actor, 'ticket.wholeProperty')`), its "Whole property"
 * choice first among the property's units. It searches on the server; the chosen place stays in the list
 * whatever is typed. Another place clears the category and, when the property's zone differs, restarts an
 * untouched default availability range there.
 */
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { can, SEARCH_DEBOUNCE_MS } from '@mend/shared';
import { useMemo, useState } from 'react';
import { useActor } from '../../lib/actor';
import { t } from '../../lib/translations';
import { rangeRow } from './AvailabilityFields';
import { useUnitOptions, useWholePropertyOptions } from './ticket-data';
import {
  placeChoices,
  placeFields,
  placeOptions,
  placeValue,
  type TicketFormApi,
  type UnitChoice,
  wholePropertySearch,
} from './ticket-form-values';

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
  /** The place chosen (its zone is the availability's), kept by the form. */
  chosenUnit: UnitChoice | null;
  setChosenUnit: (unit: UnitChoice | null) => void;
  /** The zone the availability is in now. */
  timeZone: string;
}) {
  const actor = useActor();
  const unitEditable = creating ? can(actor, 'ticket.pickUnit') : can(actor, 'ticket.changeUnitOnEdit');
  const unitShown = unitEditable || (!creating && can(actor, 'ticket.pickUnit'));
  const wholeOffered = unitEditable && can(actor, 'ticket.wholeProperty');

  // The unit picker searches on the server; the chosen place stays in the list whatever is typed.
  const [unitSearch, setUnitSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(
    unitSearch === chosenUnit?.label ? '' : unitSearch.trim(),
    SEARCH_DEBOUNCE_MS,
  );
  const units = useUnitOptions(debouncedSearch, unitEditable);
  const properties = useWholePropertyOptions(wholePropertySearch(debouncedSearch), wholeOffered);
  const unitData = useMemo(
    () => placeOptions(units.data?.data ?? [], wholeOffered ? (properties.data?.data ?? []) : [], chosenUnit),
    [units.data, properties.data, wholeOffered, chosenUnit],
  );

  function chooseUnit(value: string | null) {
    const option = placeChoices(unitData).find((item) => item.value === value) ?? null;
    const place = placeFields(value);
    setChosenUnit(option);
    form.setFieldValue('unit_id', place.unit_id);
    form.setFieldValue('property_id', place.property_id);
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
      nothingFoundMessage={units.isFetching || properties.isFetching ? t.app.loading : t.screens.nothingFound}
      withAsterisk={unitEditable}
      comboboxProps={{ zIndex: 400 }}
      {...form.getInputProps('unit_id')}
      value={placeValue(form.values) || null}
      onChange={chooseUnit}
    />
  );
}
