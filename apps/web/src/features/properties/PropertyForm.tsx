import { Select, Text, TextInput } from '@mantine/core';
import {
  type ApiProperty,
  type ApiPropertyEdit,
  type ApiPropertyFormOptions,
  can,
  canonicalTimeZone,
  DEFAULT_TIME_ZONE,
  type PropertyValues,
  propertySchema,
} from '@mend/shared';
import { avatarError, FormAvatarField, NameDescriptionFields } from '../../components/forms/fields';
import type { FormValues } from '../../components/forms/form-values';
import { LandlordPicker } from '../../components/forms/LandlordPicker';
import { FormMapUrlField, FormPlaceFields } from '../../components/forms/place-fields';
import { RecordFormShell } from '../../components/forms/RecordFormShell';
import type { PanelControls } from '../../components/panel/usePanelRoute';
import { RecordFormPanel } from '../../components/records/RecordFormPanel';
import { useRecordEditor } from '../../components/records/useRecordEditor';
import { useActor } from '../../lib/actor';
import { format, t } from '../../lib/translations';
import { propertyKind } from './kind';

const F = t.screens.fields;

/** The schema's fields, and the picture (checked apart: avatarError). */
type PropertyFormValues = FormValues<PropertyValues> & { avatar: File | null };

/** A new property starts in the browser's own time zone: whoever adds it is most often near it. */
function browserTimeZone(): string {
  return canonicalTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone) ?? DEFAULT_TIME_ZONE;
}

/** Every IANA zone the browser knows, with the property's own kept even if it does not. */
function timeZoneChoices(current: string): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  return zones.includes(current) ? zones : [current, ...zones];
}

export function PropertyFormPanel({ id, panel }: { id: number | null; panel: PanelControls }) {
  return (
    <RecordFormPanel<ApiPropertyEdit, ApiPropertyFormOptions> kind={propertyKind} id={id}>
      {({ record, options }) => <PropertyForm property={record} options={options} panel={panel} />}
    </RecordFormPanel>
  );
}

function PropertyForm({
  property,
  options,
  panel,
}: {
  property: ApiProperty | null;
  options: ApiPropertyFormOptions;
  panel: PanelControls;
}) {
  const actor = useActor();
  const creating = property === null;
  const landlords = options.landlord_options ?? [];
  // Role 1: a new property belongs to its own landlord (SPEC.md section 6).
  const fixedLandlord = property
    ? null
    : (landlords.find((landlord) => landlord.id === actor.landlordId) ??
      (landlords.length === 1 ? landlords[0] : null));
  const canPick = can(actor, 'landlord.pickOnProperty') && options.can_pick_landlord !== false;

  const { form, shell } = useRecordEditor<PropertyFormValues>({
    kind: propertyKind,
    record: property,
    panel,
    initialValues: {
      avatar: null,
      name: property?.name ?? '',
      description: property?.description ?? '',
      landlord_id: property
        ? String(property.landlord_id)
        : !canPick && fixedLandlord
          ? String(fixedLandlord.id)
          : '',
      country: property?.country ?? '',
      province: property?.province ?? '',
      city: property?.city ?? '',
      address: property?.address ?? '',
      postal_code: property?.postal_code ?? '',
      gmaps_url: property?.gmaps_url ?? '',
      time_zone: property?.time_zone ?? browserTimeZone(),
    },
    schema: propertySchema,
    extraValidate: (values) => avatarError(values.avatar),
    errorLabels: { create: t.buttonErrors.createProperty, update: t.buttonErrors.update },
  });

  const landlordName = landlords.find((landlord) => String(landlord.id) === form.values.landlord_id)?.name;

  return (
    <RecordFormShell {...shell}>
      <FormAvatarField form={form} label={F.picture} current={property?.avatar} />
      <NameDescriptionFields form={form} nameLabel={F.name} descriptionLabel={F.description} />
      {canPick ? (
        <LandlordPicker
          label={F.landlord}
          placeholder={t.screens.placeholders.landlord}
          initial={landlords}
          withAsterisk
          {...form.getInputProps('landlord_id')}
          value={form.values.landlord_id || null}
          onChange={(value) => form.setFieldValue('landlord_id', value ?? '')}
        />
      ) : creating && landlordName ? (
        <Text size="sm" c="dimmed">
          {format(t.screens.hints.landlordFixed, { landlord: landlordName })}
        </Text>
      ) : form.errors.landlord_id ? (
        <Text size="sm" c="red.9" role="alert">
          {form.errors.landlord_id}
        </Text>
      ) : null}
      <TextInput size="sm" label={F.address} withAsterisk {...form.getInputProps('address')} />
      <TextInput size="sm" label={F.city} withAsterisk {...form.getInputProps('city')} />
      <FormPlaceFields form={form} />
      <TextInput size="sm" label={F.postalCode} withAsterisk {...form.getInputProps('postal_code')} />
      <Select
        size="sm"
        label={F.timeZone}
        description={t.screens.hints.timeZone}
        withAsterisk
        searchable
        allowDeselect={false}
        data={timeZoneChoices(form.values.time_zone)}
        {...form.getInputProps('time_zone')}
        onChange={(value) => form.setFieldValue('time_zone', value ?? form.values.time_zone)}
      />
      <FormMapUrlField form={form} />
    </RecordFormShell>
  );
}
