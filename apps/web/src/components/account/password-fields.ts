/** The password fields of the password change, the account activation and the password reset. */
import { t } from '../../lib/translations';
import type { FieldSpec } from '../forms/FormFields';

const F = t.accountScreens.fields;

/**
 * The new password and its confirmation. "new-password" lets a password manager offer a strong one and
 * file it; `autoFocus` where they are the first field to fill.
 */
export function newPasswordFields(autoFocus?: boolean): FieldSpec[] {
  const field = { type: 'password', autoComplete: 'new-password', required: true } as const;
  return [
    { ...field, path: 'password', label: F.newPassword, autoFocus },
    { ...field, path: 'password_confirmation', label: F.newPasswordConfirmation },
  ];
}
