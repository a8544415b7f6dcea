/**
 * The role and landlord section of the user form (UserForm.tsx): the role on create, among the viewer's
 * assignable ones (shown when there is more than one), and the landlord for a viewer who picks it (a
 * manager's is fixed), required for a user and absent for a super admin's role.
 */
import { Select } from '@mantine/core';
import type { ApiUserFormOptions, UserType } from '@mend/shared';
import { LandlordPicker } from '../../components/forms/LandlordPicker';
import { t } from '../../lib/translations';
import { isSuperAdminRole, roleChoices, type UserFormState } from './user-form-values';

const F = t.screens.fields;
const P = t.screens.placeholders;

export function UserRoleLandlordFields({
  form,
  type,
  creating,
  options,
  onLandlordChange,
}: {
  form: UserFormState;
  type: UserType;
  creating: boolean;
  options: ApiUserFormOptions;
  /** Sets the landlord and clears the choices that belong to the former one. */
  onLandlordChange: (value: string | null) => void;
}) {
  const roleData = roleChoices(options);
  const superAdminRole = isSuperAdminRole(form.values.role);
  return (
    <>
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
          onChange={onLandlordChange}
        />
      ) : null}
    </>
  );
}
