/** The tenant's one unit on the user form (UserForm.tsx), among the chosen landlord's units. */
import { Select } from '@mantine/core';
import type { ApiUserFormOptions } from '@mend/shared';
import { t } from '../../lib/translations';
import { type UserFormState, unitChoices, waitsForLandlord } from './user-form-values';

export function TenantUnitField({
  form,
  options,
  loadingOptions,
}: {
  form: UserFormState;
  options: ApiUserFormOptions;
  /** The units of a newly chosen landlord are on their way. */
  loadingOptions: boolean;
}) {
  return (
    <Select
      label={t.screens.fields.unit}
      placeholder={t.screens.placeholders.unit}
      description={waitsForLandlord(form.values, options) ? t.screens.hints.chooseLandlordFirst : undefined}
      data={unitChoices(options)}
      searchable
      withAsterisk
      disabled={loadingOptions}
      nothingFoundMessage={t.screens.nothingFound}
      comboboxProps={{ zIndex: 400 }}
      {...form.getInputProps('unit_id')}
      value={form.values.unit_id || null}
      onChange={(value) => form.setFieldValue('unit_id', value ?? '')}
    />
  );
}
