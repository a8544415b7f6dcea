import { MultiSelect, Select, TextInput } from '@mantine/core';
import { type ApiUnit, type ApiUnitEdit, type ApiUnitFormOptions, unitSchema } from '@mend/shared';
import { useFormOptions } from '../../app/records';
import { t } from '../../app/translations';
import { PanelError, PanelStatus } from '../../components/details';
import {
  avatarError,
  FormAvatarField,
  NameDescriptionFields,
  RecordFormShell,
} from '../../components/forms/fields';
import { useRecordForm, useSubmitRecord } from '../../components/forms/useRecordForm';
import type { PanelControls } from '../../components/panel/usePanelRoute';

const F = t.screens.fields;

interface UnitFormValues extends Record<string, unknown> {
  avatar: File | null;
  name: string;
  description: string;
  property_id: string;
  address: string;
  postal_code: string;
  gmaps_url: string;
  category_ids: string[];
}

function initialValues(unit: ApiUnit | null): UnitFormValues {
  return {
    avatar: null,
    name: unit?.name ?? '',
    description: unit?.description ?? '',
    property_id: unit ? String(unit.property_id) : '',
    address: unit?.address ?? '',
    postal_code: unit?.postal_code ?? '',
    gmaps_url: unit?.gmaps_url ?? '',
    category_ids: (unit?.category_ids ?? []).map(String),
  };
}

/** Loads the form options (and, to edit, the unit), then shows the form. */
export function UnitFormPanel({ id, panel }: { id: number | null; panel: PanelControls }) {
  const query = useFormOptions<ApiUnitEdit | ApiUnitFormOptions>(
    'units',
    id ? `units/${id}/edit` : 'units/create',
  );
  if (query.isPending) return <PanelStatus loading />;
  if (query.isError) return <PanelError error={query.error} />;
  const unit = id !== null ? (query.data as ApiUnitEdit) : null;
  return <UnitForm unit={unit} options={query.data} panel={panel} />;
}

function UnitForm({
  unit,
  options,
  panel,
}: {
  unit: ApiUnit | null;
  options: ApiUnitFormOptions;
  panel: PanelControls;
}) {
  const { form, canSubmit } = useRecordForm<UnitFormValues>({
    initialValues: initialValues(unit),
    schema: unitSchema,
    extraValidate: (values) => avatarError(values.avatar),
    stored: unit !== null,
  });
  const { buttonState, error, submit } = useSubmitRecord();
  const creating = unit === null;

  const propertyData = (options.property_options ?? []).map((property) => ({
    value: String(property.id),
    label: property.name,
  }));
  if (unit && !propertyData.some((item) => item.value === String(unit.property_id)) && unit.property) {
    propertyData.unshift({ value: String(unit.property.id), label: unit.property.name });
  }
  const categoryData = (options.category_options ?? []).map((category) => ({
    value: String(category.id),
    label: category.title,
  }));

  const onSubmit = form.onSubmit((values) =>
    submit(form, values, {
      method: creating ? 'POST' : 'PATCH',
      url: creating ? 'units' : `units/${unit.id}`,
      successTitle: creating ? t.toasts.created : t.toasts.updated,
      onSaved: (saved) => (saved.id !== null ? panel.saved(saved.id) : panel.deleted()),
    }),
  );

  return (
    <RecordFormShell
      onSubmit={onSubmit}
      error={error}
      buttonState={buttonState}
      canSubmit={canSubmit}
      submitLabel={creating ? t.buttons.create : t.buttons.save}
      errorLabel={creating ? t.buttonErrors.createUnit : t.buttonErrors.updateUnit}
      onCancel={panel.cancel}
    >
      <FormAvatarField form={form} label={F.picture} current={unit?.avatar} />
      <NameDescriptionFields form={form} nameLabel={F.name} descriptionLabel={F.description} />
      <Select
        label={F.property}
        placeholder={t.screens.placeholders.property}
        data={propertyData}
        searchable
        withAsterisk
        nothingFoundMessage={t.screens.nothingFound}
        comboboxProps={{ zIndex: 400 }}
        {...form.getInputProps('property_id')}
        value={form.values.property_id || null}
        onChange={(value) => form.setFieldValue('property_id', value ?? '')}
      />
      <TextInput size="sm" label={F.address} withAsterisk {...form.getInputProps('address')} />
      <TextInput size="sm" label={F.postalCode} withAsterisk {...form.getInputProps('postal_code')} />
      <TextInput
        size="sm"
        label={F.gmapsUrl}
        description={t.screens.hints.gmapsUrl}
        type="url"
        {...form.getInputProps('gmaps_url')}
      />
      <MultiSelect
        label={F.categories}
        description={t.screens.hints.unitCategories}
        placeholder={form.values.category_ids.length ? undefined : t.screens.placeholders.categories}
        data={categoryData}
        searchable
        clearable
        nothingFoundMessage={t.screens.nothingFound}
        comboboxProps={{ zIndex: 400 }}
        {...form.getInputProps('category_ids')}
      />
    </RecordFormShell>
  );
}
