/**
 * The contractor's properties (among the chosen landlord's) and categories on the user form (UserForm.tsx),
 * both required on create.
 */
import { MultiSelect } from '@mantine/core';
import type { ApiUserFormOptions } from '@mend/shared';
import { t } from '../../lib/translations';
import { categoryChoices, propertyChoices, type UserFormState, waitsForLandlord } from './user-form-values';

const F = t.screens.fields;
const P = t.screens.placeholders;

export function ContractorPropertiesCategoriesFields({
  form,
  creating,
  options,
  loadingOptions,
}: {
  form: UserFormState;
  creating: boolean;
  options: ApiUserFormOptions;
  /** The properties of a newly chosen landlord are on their way. */
  loadingOptions: boolean;
}) {
  return (
    <>
      <MultiSelect
        label={F.properties}
        placeholder={form.values.property_ids.length ? undefined : P.properties}
        description={waitsForLandlord(form.values, options) ? t.screens.hints.chooseLandlordFirst : undefined}
        data={propertyChoices(options)}
        searchable
        clearable
        withAsterisk={creating}
        disabled={loadingOptions}
        nothingFoundMessage={t.screens.nothingFound}
        comboboxProps={{ zIndex: 400 }}
        {...form.getInputProps('property_ids')}
      />
      <MultiSelect
        label={F.categories}
        placeholder={form.values.category_ids.length ? undefined : P.categories}
        data={categoryChoices(options)}
        searchable
        clearable
        withAsterisk={creating}
        nothingFoundMessage={t.screens.nothingFound}
        comboboxProps={{ zIndex: 400 }}
        {...form.getInputProps('category_ids')}
      />
    </>
  );
}
