/**
 * The user, tenant and contractor form (SPEC.md section 5): person and address fields, the role
 * (create; the viewer's assignable roles), the landlord (role 0 picks it; a manager's is fixed), a
 * tenant's one unit or a contractor's properties and categories, limited to the chosen landlord,
 * and a password (create; empty means generated).
 */
import { MultiSelect, PasswordInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  type ApiCreatedUser,
  type ApiUserEdit,
  type ApiUserFormOptions,
  type ApiUserRecord,
  belongsToLandlord,
  format,
  isTemporaryEmail,
  type UserFormValues as ParsedUserValues,
  parseRole,
  type UserType,
  userFormSchema,
} from '@mend/shared';
import { useState } from 'react';
import { PanelError, PanelStatus } from '../../components/details';
import {
  AvatarField,
  avatarError,
  CountryProvinceFields,
  RecordFormShell,
} from '../../components/forms/fields';
import type { FormValues } from '../../components/forms/form-values';
import { LandlordPicker } from '../../components/forms/LandlordPicker';
import { savedRecord } from '../../components/forms/payload';
import { useFormSubmit } from '../../components/forms/useFormSubmit';
import { useRecordForm } from '../../components/forms/useRecordForm';
import type { PanelControls } from '../../components/panel/usePanelRoute';
import { useFormOptions } from '../../lib/records';
import { t } from '../../lib/translations';
import type { CreatedUserState } from './UserDetails';
import { entityOf } from './user-types';

const F = t.screens.fields;
const P = t.screens.placeholders;

/**
 * Every field the schema may hold (which ones it checks depends on type and mode: role and passwords on
 * create, a tenant's unit, a contractor's properties and categories), and the avatar (checked apart).
 */
type UserFormValues = FormValues<ParsedUserValues> & { avatar: File | null };

export function UserFormPanel({
  type,
  id,
  panel,
}: {
  type: UserType;
  id: number | null;
  panel: PanelControls;
}) {
  // The unit and property options follow the chosen landlord (?landlord_id=).
  const [landlordId, setLandlordId] = useState<string | null>(null);
  const query = useFormOptions<ApiUserEdit | ApiUserFormOptions>(
    type,
    id ? `${type}/${id}/edit` : `${type}/create`,
    landlordId ? { landlord_id: landlordId } : undefined,
  );
  if (query.isPending) return <PanelStatus loading />;
  if (query.isError && !query.data) return <PanelError error={query.error} />;
  const user = id !== null ? (query.data as ApiUserEdit) : null;
  return (
    <UserForm
      type={type}
      user={user}
      options={query.data}
      loadingOptions={query.isFetching}
      onLandlordChange={setLandlordId}
      panel={panel}
    />
  );
}

function initialValues(
  type: UserType,
  user: ApiUserRecord | null,
  options: ApiUserFormOptions,
): UserFormValues {
  const landlord = user?.landlord_id ?? options.options_landlord_id ?? null;
  return {
    avatar: null,
    email: user && !isTemporaryEmail(user.email) ? user.email : '',
    first_name: user?.first_name ?? '',
    last_name: user?.last_name ?? '',
    company_name: user?.company_name ?? '',
    phone_number: user?.phone_number ?? '',
    address_1: user?.address_1 ?? '',
    address_2: user?.address_2 ?? '',
    country: user?.country ?? '',
    province: user?.province ?? '',
    city: user?.city ?? '',
    postal: user?.postal ?? '',
    landlord_id: landlord === null ? '' : String(landlord),
    role: String(user?.role ?? options.default_role),
    password: '',
    password_confirmation: '',
    unit_id: type === 'tenants' && user?.unit_id ? String(user.unit_id) : '',
    property_ids: (user?.property_ids ?? []).map(String),
    category_ids: (user?.category_ids ?? []).map(String),
  };
}

function UserForm({
  type,
  user,
  options,
  loadingOptions,
  onLandlordChange,
  panel,
}: {
  type: UserType;
  user: ApiUserRecord | null;
  options: ApiUserFormOptions;
  loadingOptions: boolean;
  onLandlordChange: (id: string | null) => void;
  panel: PanelControls;
}) {
  const creating = user === null;
  const E = entityOf(type);
  const [schema] = useState(() =>
    creating
      ? userFormSchema(type, 'create', { roles: options.roles.map((role) => role.value) })
      : userFormSchema(type, 'update', { role: user.role }),
  );
  const { form, canSubmit } = useRecordForm<UserFormValues>({
    initialValues: initialValues(type, user, options),
    schema,
    extraValidate: (values) => avatarError(values.avatar),
    stored: !creating,
  });
  const { buttonState, error, submit } = useFormSubmit(form, { writes: type });

  const roleData = options.roles.map((role) => ({ value: String(role.value), label: role.name }));
  const unitData = (options.unit_options ?? []).map((unit) => ({
    value: String(unit.id),
    label: unit.property_name ? `${unit.name} · ${unit.property_name}` : unit.name,
  }));
  const propertyData = (options.property_options ?? []).map((property) => ({
    value: String(property.id),
    label: property.name,
  }));
  const categoryData = (options.category_options ?? []).map((category) => ({
    value: String(category.id),
    label: category.title,
  }));
  const noLandlordYet = !form.values.landlord_id;

  function changeLandlord(value: string | null) {
    form.setFieldValue('landlord_id', value ?? '');
    // Units and properties belong to a landlord: a new one clears the choices (SPEC.md section 6).
    if (type === 'tenants') form.setFieldValue('unit_id', '');
    if (type === 'contractors') form.setFieldValue('property_ids', []);
    onLandlordChange(value);
  }

  const onSubmit = form.onSubmit(async (values) => {
    const body: Record<string, unknown> = {
      avatar: values.avatar,
      email: values.email,
      first_name: values.first_name,
      last_name: values.last_name,
      company_name: values.company_name,
      phone_number: values.phone_number,
      address_1: values.address_1,
      address_2: values.address_2,
      country: values.country,
      province: values.province,
      city: values.city,
      postal: values.postal,
      landlord_id: values.landlord_id,
    };
    if (creating) {
      body.role = values.role;
      body.password = values.password;
      body.password_confirmation = values.password_confirmation;
    }
    if (type === 'tenants') body.unit_id = values.unit_id;
    if (type === 'contractors') {
      body.property_ids = values.property_ids;
      body.category_ids = values.category_ids;
    }
    const result = await submit({
      method: creating ? 'POST' : 'PATCH',
      url: creating ? type : `${type}/${user.id}`,
      body,
      toast: { title: creating ? t.toasts.created : t.toasts.updated },
    });
    if (!result?.ok) return;
    const saved = savedRecord(result.data);
    if (saved.id === null) return panel.deleted();
    const password = (saved.data as ApiCreatedUser | null)?.generated_password;
    const state: CreatedUserState | undefined = password
      ? { createdUserId: saved.id, generatedPassword: password }
      : undefined;
    panel.saved(saved.id, state);
  });

  // The form's role belongs to no landlord (the super admin's): the form has no landlord picker.
  const pickedRole = parseRole(form.values.role);
  const superAdminRole = pickedRole !== null && !belongsToLandlord(pickedRole);

  return (
    <RecordFormShell
      onSubmit={onSubmit}
      error={error}
      buttonState={buttonState}
      canSubmit={canSubmit}
      submitLabel={creating ? t.buttons.create : t.buttons.save}
      errorLabel={format(t.buttonErrors.updateOrCreateType, { TYPE: E.one.toUpperCase() })}
      onCancel={panel.cancel}
    >
      <AvatarField
        label={F.avatar}
        name={`${form.values.first_name} ${form.values.last_name}`.trim()}
        current={user?.avatar}
        value={form.values.avatar}
        onChange={(file) => {
          form.setFieldValue('avatar', file);
          form.setFieldError('avatar', avatarError(file).avatar ?? null);
        }}
        error={form.errors.avatar}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          size="sm"
          label={F.firstName}
          withAsterisk
          autoComplete="off"
          {...form.getInputProps('first_name')}
        />
        <TextInput
          size="sm"
          label={F.lastName}
          withAsterisk
          autoComplete="off"
          {...form.getInputProps('last_name')}
        />
      </SimpleGrid>
      <TextInput size="sm" label={F.companyName} withAsterisk {...form.getInputProps('company_name')} />
      <TextInput
        size="sm"
        label={F.email}
        type="email"
        withAsterisk={!creating}
        description={creating ? t.screens.hints.emailOptional : undefined}
        autoComplete="off"
        {...form.getInputProps('email')}
      />
      <TextInput
        size="sm"
        label={F.phoneNumber}
        type="tel"
        withAsterisk
        {...form.getInputProps('phone_number')}
      />
      {creating && roleData.length > 1 ? (
        <Select
          label={F.role}
          placeholder={P.role}
          data={roleData}
          withAsterisk
          allowDeselect={false}
          comboboxProps={{ zIndex: 400 }}
          {...form.getInputProps('role')}
        />
      ) : null}
      {options.can_pick_landlord && !(type === 'users' && superAdminRole) ? (
        <LandlordPicker
          label={F.landlord}
          placeholder={P.landlord}
          initial={options.landlord_options ?? []}
          clearable={type !== 'users'}
          withAsterisk={type === 'users'}
          {...form.getInputProps('landlord_id')}
          value={form.values.landlord_id || null}
          onChange={changeLandlord}
        />
      ) : null}
      {type === 'tenants' ? (
        <Select
          label={F.unit}
          placeholder={P.unit}
          description={
            noLandlordYet && options.can_pick_landlord ? t.screens.hints.chooseLandlordFirst : undefined
          }
          data={unitData}
          searchable
          withAsterisk
          disabled={loadingOptions}
          nothingFoundMessage={t.screens.nothingFound}
          comboboxProps={{ zIndex: 400 }}
          {...form.getInputProps('unit_id')}
          value={form.values.unit_id || null}
          onChange={(value) => form.setFieldValue('unit_id', value ?? '')}
        />
      ) : null}
      {type === 'contractors' ? (
        <>
          <MultiSelect
            label={F.properties}
            placeholder={form.values.property_ids.length ? undefined : P.properties}
            description={
              noLandlordYet && options.can_pick_landlord ? t.screens.hints.chooseLandlordFirst : undefined
            }
            data={propertyData}
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
            data={categoryData}
            searchable
            clearable
            withAsterisk={creating}
            nothingFoundMessage={t.screens.nothingFound}
            comboboxProps={{ zIndex: 400 }}
            {...form.getInputProps('category_ids')}
          />
        </>
      ) : null}
      <TextInput size="sm" label={F.address1} withAsterisk={!creating} {...form.getInputProps('address_1')} />
      <TextInput size="sm" label={F.address2} {...form.getInputProps('address_2')} />
      <TextInput size="sm" label={F.city} withAsterisk {...form.getInputProps('city')} />
      <CountryProvinceFields
        country={form.values.country}
        province={form.values.province}
        onCountryChange={(value) => form.setFieldValue('country', value)}
        onProvinceChange={(value) => form.setFieldValue('province', value)}
        countryError={form.errors.country}
        provinceError={form.errors.province}
        onCountryBlur={() => form.validateField('country')}
        onProvinceBlur={() => form.validateField('province')}
      />
      <TextInput size="sm" label={F.postal} withAsterisk {...form.getInputProps('postal')} />
      {creating ? (
        <Stack gap={6}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <PasswordInput
              label={F.password}
              autoComplete="new-password"
              {...form.getInputProps('password')}
            />
            <PasswordInput
              label={F.passwordConfirmation}
              autoComplete="new-password"
              {...form.getInputProps('password_confirmation')}
            />
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            {t.screens.hints.passwordOptional}
          </Text>
        </Stack>
      ) : null}
    </RecordFormShell>
  );
}
