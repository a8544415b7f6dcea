/**
 * The unit form (SPEC.md section 5). The super admin picks the landlord first: the property choices are
 * that landlord's only (GET units/create?landlord_id=), as in the user forms. The landlord is a field of the
 * screen, not of the unit: it is never sent.
 */
import { MultiSelect, Select, TextInput } from '@mantine/core';
import {
  type ApiUnit,
  type ApiUnitEdit,
  type ApiUnitFormOptions,
  type UnitValues,
  unitSchema,
} from '@mend/shared';
import { avatarError, FormAvatarField, NameDescriptionFields } from '../../components/forms/fields';
import type { FormValues } from '../../components/forms/form-values';
import { LandlordPicker } from '../../components/forms/LandlordPicker';
import { FormMapUrlField } from '../../components/forms/place-fields';
import { RecordFormShell } from '../../components/forms/RecordFormShell';
import type { PanelControls } from '../../components/panel/usePanelRoute';
import { type LoadedForm, RecordFormPanel } from '../../components/records/RecordFormPanel';
import { useRecordEditor } from '../../components/records/useRecordEditor';
import { t } from '../../lib/translations';
import { unitKind } from './kind';

const F = t.screens.fields;
const P = t.screens.placeholders;

/** The schema's fields, and what it does not check: the picture, the categories and the landlord. */
type UnitFormValues = FormValues<UnitValues> & {
  avatar: File | null;
  category_ids: string[];
  /** Only narrows the property choices; never sent. */
  landlord_id: string;
};

function initialValues(unit: ApiUnit | null, options: ApiUnitFormOptions): UnitFormValues {
  const landlord = unit?.property.landlord_id ?? options.options_landlord_id ?? null;
  return {
    avatar: null,
    name: unit?.name ?? '',
    description: unit?.description ?? '',
    landlord_id: landlord === null ? '' : String(landlord),
    property_id: unit ? String(unit.property_id) : '',
    address: unit?.address ?? '',
    postal_code: unit?.postal_code ?? '',
    gmaps_url: unit?.gmaps_url ?? '',
    category_ids: (unit?.category_ids ?? []).map(String),
  };
}

export function UnitFormPanel({ id, panel }: { id: number | null; panel: PanelControls }) {
  return (
    <RecordFormPanel<ApiUnitEdit, ApiUnitFormOptions> kind={unitKind} id={id}>
      {({ record, ...loaded }) => <UnitForm unit={record} {...loaded} panel={panel} />}
    </RecordFormPanel>
  );
}

function UnitForm({
  unit,
  options,
  loadingOptions,
  onLandlordChange,
  panel,
}: Omit<LoadedForm<ApiUnit, ApiUnitFormOptions>, 'record'> & { unit: ApiUnit | null; panel: PanelControls }) {
  const { form, shell } = useRecordEditor<UnitFormValues>({
    kind: unitKind,
    record: unit,
    panel,
    initialValues: initialValues(unit, options),
    schema: unitSchema,
    extraValidate: (values) => avatarError(values.avatar),
    body: ({ landlord_id: _landlord, ...values }) => values,
    errorLabels: { create: t.buttonErrors.createUnit, update: t.buttonErrors.updateUnit },
  });

  const propertyData = (options.property_options ?? []).map((property) => ({
    value: String(property.id),
    label: property.name,
  }));
  // The unit's own property is always offered while its landlord's properties are.
  const ownLandlordShown = unit !== null && options.options_landlord_id === unit.property.landlord_id;
  if (unit && ownLandlordShown && !propertyData.some((item) => item.value === String(unit.property_id))) {
    propertyData.unshift({ value: String(unit.property.id), label: unit.property.name });
  }
  const noLandlordYet = options.can_pick_landlord && !form.values.landlord_id;

  /** The landlord a property option belongs to (from the options shown, or the unit's own property). */
  function landlordOf(propertyId: string): number | undefined {
    const option = (options.property_options ?? []).find((property) => String(property.id) === propertyId);
    if (option) return option.landlord_id;
    return unit && String(unit.property.id) === propertyId ? unit.property.landlord_id : undefined;
  }

  function changeLandlord(value: string | null) {
    if (!value || value === form.values.landlord_id) return;
    form.setFieldValue('landlord_id', value);
    // A property belongs to one landlord: a choice of another one's is cleared.
    const chosen = form.values.property_id;
    if (chosen && String(landlordOf(chosen)) !== value) form.setFieldValue('property_id', '');
    onLandlordChange(value);
  }
  const categoryData = (options.category_options ?? []).map((category) => ({
    value: String(category.id),
    label: category.title,
  }));

  return (
    <RecordFormShell {...shell}>
      <FormAvatarField form={form} label={F.picture} current={unit?.avatar} />
      <NameDescriptionFields form={form} nameLabel={F.name} descriptionLabel={F.description} />
      {options.can_pick_landlord ? (
        <LandlordPicker
          label={F.landlord}
          placeholder={P.landlord}
          initial={options.landlord_options ?? []}
          allowDeselect={false}
          {...form.getInputProps('landlord_id')}
          value={form.values.landlord_id || null}
          onChange={changeLandlord}
        />
      ) : null}
      <Select
        label={F.property}
        placeholder={P.property}
        description={noLandlordYet ? t.screens.hints.chooseLandlordFirst : undefined}
        data={propertyData}
        searchable
        withAsterisk
        disabled={noLandlordYet || loadingOptions}
        nothingFoundMessage={t.screens.nothingFound}
        comboboxProps={{ zIndex: 400 }}
        {...form.getInputProps('property_id')}
        value={form.values.property_id || null}
        onChange={(value) => form.setFieldValue('property_id', value ?? '')}
      />
      <TextInput size="sm" label={F.address} withAsterisk {...form.getInputProps('address')} />
      <TextInput size="sm" label={F.postalCode} withAsterisk {...form.getInputProps('postal_code')} />
      <FormMapUrlField form={form} />
      <MultiSelect
        label={F.categories}
        description={t.screens.hints.unitCategories}
        placeholder={form.values.category_ids.length ? undefined : P.categories}
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
