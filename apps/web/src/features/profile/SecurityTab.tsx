/**
 * Security (SPEC.md section 5): the email change (old and new email valid, the confirmation matching:
 * "Email does not match"; PATCH users/{id}/email) and the password change (all three required:
 * "Please enter a valid password", the confirmation matching: "Password does not match"; PATCH
 * users/{id}/password). Both clear their fields after a save and toast "Saved". Then the user's own API tokens
 * (issue 27, ApiTokens.tsx).
 */
import { Divider, Stack } from '@mantine/core';
import {
  type ApiUser,
  type EmailChangeValues,
  emailChangeSchema,
  isTemporaryEmail,
  type PasswordChangeValues,
  passwordChangeSchema,
} from '@mend/shared';
import { newPasswordFields } from '../../components/account/password-fields';
import { type FieldSpec, FormFields } from '../../components/forms/FormFields';
import type { FormValues } from '../../components/forms/form-values';
import { SettingsForm } from '../../components/forms/SettingsForm';
import { useSubmittingForm } from '../../components/forms/useSubmittingForm';
import { t } from '../../lib/translations';
import { ApiTokens } from './ApiTokens';
import { answeredUser } from './queries';
import { SAVE_BUTTON, SAVED_TOAST } from './save-button';

const A = t.accountScreens;
const F = A.fields;

type EmailValues = FormValues<EmailChangeValues>;
type PasswordValues = FormValues<PasswordChangeValues>;

/** The new address is typed, twice, not offered by autofill ("off"): autofill would offer the old one. */
const EMAIL_FIELDS: FieldSpec[] = [
  { path: 'old_email', label: F.currentEmail, type: 'email', autoComplete: 'email', required: true },
  { path: 'email', label: F.newEmail, type: 'email', autoComplete: 'off', required: true },
  {
    path: 'email_confirmation',
    label: F.newEmailConfirmation,
    type: 'email',
    autoComplete: 'off',
    required: true,
  },
];

/** The current password, then the new one; another user's profile asks for the admin's own password. */
function passwordFields(notYou: boolean): FieldSpec[] {
  const current: FieldSpec = {
    path: 'old_password',
    label: notYou ? F.yourPassword : F.currentPassword,
    description: notYou ? F.yourPasswordHint : undefined,
    type: 'password',
    autoComplete: 'current-password',
    required: true,
  };
  return [current, ...newPasswordFields()];
}

/** The heading, intro and button of each form (SettingsForm's texts). */
const EMAIL_FORM = { title: A.profile.emailTitle, intro: A.profile.emailIntro, ...SAVE_BUTTON };
const PASSWORD_FORM = { title: A.profile.passwordTitle, intro: A.profile.passwordIntro, ...SAVE_BUTTON };

function EmailForm({ user }: { user: ApiUser }) {
  const current = isTemporaryEmail(user.email) ? '' : user.email;
  const { form, submit, submission } = useSubmittingForm<EmailValues>({
    initialValues: { old_email: current, email: '', email_confirmation: '' },
    schema: emailChangeSchema,
    writes: 'users',
  });

  const onSubmit = form.onSubmit(async (values) => {
    const result = await submit({
      method: 'PATCH',
      url: `users/${user.id}/email`,
      body: {
        old_email: values.old_email.trim(),
        email: values.email.trim(),
        email_confirmation: values.email_confirmation.trim(),
      },
      toast: SAVED_TOAST,
    });
    if (!result?.ok) return;
    const email = answeredUser(result.data)?.email ?? values.email.trim();
    const cleared = { old_email: email, email: '', email_confirmation: '' };
    form.setInitialValues(cleared);
    form.reset();
  });

  return (
    <SettingsForm {...EMAIL_FORM} {...submission} onSubmit={onSubmit}>
      <FormFields form={form} fields={EMAIL_FIELDS} size="sm" />
    </SettingsForm>
  );
}

function PasswordForm({ user, notYou }: { user: ApiUser; notYou: boolean }) {
  const empty: PasswordValues = { old_password: '', password: '', password_confirmation: '' };
  const { form, submit, submission } = useSubmittingForm<PasswordValues>({
    initialValues: empty,
    schema: passwordChangeSchema,
    // Nothing shown changes with the password.
    writes: null,
  });

  const onSubmit = form.onSubmit(async (values) => {
    const result = await submit({
      method: 'PATCH',
      url: `users/${user.id}/password`,
      body: { ...values },
      toast: SAVED_TOAST,
    });
    if (result?.ok) form.reset();
  });

  return (
    <SettingsForm {...PASSWORD_FORM} {...submission} onSubmit={onSubmit}>
      {/* A hidden username helps password managers file the new password under the right account. */}
      <input type="text" name="username" autoComplete="username" value={user.email} readOnly hidden />
      <FormFields form={form} fields={passwordFields(notYou)} size="sm" />
    </SettingsForm>
  );
}

export function SecurityTab({ user, notYou }: { user: ApiUser; notYou: boolean }) {
  return (
    <Stack gap="xl">
      <EmailForm user={user} />
      <Divider />
      <PasswordForm user={user} notYou={notYou} />
      <Divider />
      <ApiTokens user={user} notYou={notYou} />
    </Stack>
  );
}
