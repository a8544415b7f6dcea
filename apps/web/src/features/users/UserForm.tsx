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
  type ApiUserEdit,
  type ApiUserFormOptions,
  type ApiUserRecord,
  type UserType,
  userFormSchema,
} from '@mend/shared';
import { useState } from 'react';
import { avatarError } from '../../components/forms/fields';
import { RecordFormShell } from '../../components/forms/RecordFormShell';
import type { PanelControls } from '../../components/panel/usePanelRoute';
import { type LoadedForm, RecordFormPanel } from '../../components/records/RecordFormPanel';
import { useRecordEditor } from '../../components/records/useRecordEditor';
import { format, t } from '../../lib/translations';
import { ContractorPropertiesCategoriesFields } from './ContractorPropertiesCategoriesFields';
import { createdUserState } from './created-user';
import { userKind } from './kind';
import { TenantUnitField } from './TenantUnitField';
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
  return (
    <RecordFormPanel<ApiUserEdit, ApiUserFormOptions> kind={userKind(type)} id={id}>
      {({ record, ...loaded }) => <UserForm type={type} user={record} {...loaded} panel={panel} />}
    </RecordFormPanel>
  );
}

function UserForm({
  type,
  user,
  options,
  loadingOptions,
  onLandlordChange,
  panel,
}: Omit<LoadedForm<ApiUserRecord, ApiUserFormOptions>, 'record'> & {
  type: UserType;
  user: ApiUserRecord | null;
  panel: PanelControls;
}) {
  const creating = user === null;
  const [schema] = useState(() =>
    creating
      ? userFormSchema(type, 'create', { roles: options.roles.map((role) => role.value) })
      : userFormSchema(type, 'update', { role: user.role }),
  );
  const errorLabel = format(t.buttonErrors.updateOrCreateType, { TYPE: entityOf(type).one.toUpperCase() });
  const { form, shell } = useRecordEditor<UserFormValues>({
    kind: userKind(type),
    record: user,
    panel,
    initialValues: initialUserValues(type, user, options),
    schema,
    extraValidate: (values) => avatarError(values.avatar),
    body: (values) => userFormBody(type, creating, values),
    errorLabels: { create: errorLabel, update: errorLabel },
    savedState: createdUserState,
  });

  function changeLandlord(value: string | null) {
    form.setFieldValue('landlord_id', value ?? '');
    // Units and properties belong to a landlord: a new one clears the choices (SPEC.md section 6).
    if (type === 'tenants') form.setFieldValue('unit_id', '');
    if (type === 'contractors') form.setFieldValue('property_ids', []);
    onLandlordChange(value);
  }

  return (
    <RecordFormShell {...shell}>
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
