/**
 * The user, tenant and contractor form (SPEC.md section 5): person and address fields, the role
 * (create; the viewer's assignable roles), the landlord (role 0 picks it; a manager's is fixed), a
 * tenant's one unit or a contractor's properties and categories, limited to the chosen landlord,
 * and a password (create; empty means generated).
 *
 * The sections are their own components (UserPersonFields, UserRoleLandlordFields, TenantUnitField,
 * ContractorPropertiesCategoriesFields); the values they start from and send are user-form-values.ts's.
 */
import {
  type ApiCreatedUser,
  type ApiUserEdit,
  type ApiUserFormOptions,
  type ApiUserRecord,
  format,
  type UserType,
  userFormSchema,
} from '@mend/shared';
import { useState } from 'react';
import { PanelError, PanelStatus } from '../../components/details';
import { avatarError, RecordFormShell } from '../../components/forms/fields';
import { savedRecord } from '../../components/forms/payload';
import { useFormSubmit } from '../../components/forms/useFormSubmit';
import { useRecordForm } from '../../components/forms/useRecordForm';
import type { PanelControls } from '../../components/panel/usePanelRoute';
import { useFormOptions } from '../../lib/records';
import { t } from '../../lib/translations';
import { ContractorPropertiesCategoriesFields } from './ContractorPropertiesCategoriesFields';
import { TenantUnitField } from './TenantUnitField';
import type { CreatedUserState } from './UserDetails';
import { UserAddressFields, UserPasswordFields, UserPersonFields } from './UserPersonFields';
import { UserRoleLandlordFields } from './UserRoleLandlordFields';
import { initialUserValues, type UserFormValues, userFormBody } from './user-form-values';
import { entityOf } from './user-types';

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
    initialValues: initialUserValues(type, user, options),
    schema,
    extraValidate: (values) => avatarError(values.avatar),
    stored: !creating,
  });
  const { buttonState, error, submit } = useFormSubmit(form, { writes: type });

  function changeLandlord(value: string | null) {
    form.setFieldValue('landlord_id', value ?? '');
    // Units and properties belong to a landlord: a new one clears the choices (SPEC.md section 6).
    if (type === 'tenants') form.setFieldValue('unit_id', '');
    if (type === 'contractors') form.setFieldValue('property_ids', []);
    onLandlordChange(value);
  }

  const onSubmit = form.onSubmit(async (values) => {
    const result = await submit({
      method: creating ? 'POST' : 'PATCH',
      url: creating ? type : `${type}/${user.id}`,
      body: userFormBody(type, creating, values),
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
      <UserPersonFields form={form} creating={creating} currentAvatar={user?.avatar} />
      <UserRoleLandlordFields
        form={form}
        type={type}
        creating={creating}
        options={options}
        onLandlordChange={changeLandlord}
      />
      {type === 'tenants' ? (
        <TenantUnitField form={form} options={options} loadingOptions={loadingOptions} />
      ) : null}
      {type === 'contractors' ? (
        <ContractorPropertiesCategoriesFields
          form={form}
          creating={creating}
          options={options}
          loadingOptions={loadingOptions}
        />
      ) : null}
      <UserAddressFields form={form} creating={creating} />
      {creating ? <UserPasswordFields form={form} /> : null}
    </RecordFormShell>
  );
}
