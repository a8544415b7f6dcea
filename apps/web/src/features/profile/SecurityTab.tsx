/**
 * Security (SPEC.md section 5): the email change (old and new email valid, the confirmation matching:
 * "Email does not match"; PATCH users/{id}/email) and the password change (all three required:
 * "Please enter a valid password", the confirmation matching: "Password does not match"; PATCH
 * users/{id}/password). Both clear their fields after a save and toast "Saved".
 */
import { Divider, PasswordInput, Stack, TextInput } from '@mantine/core';
import {
  type ApiUser,
  type EmailChangeValues,
  emailChangeSchema,
  isTemporaryEmail,
  type PasswordChangeValues,
  passwordChangeSchema,
} from '@mend/shared';
import type { FormValues } from '../../components/forms/form-values';
import { SettingsForm } from '../../components/forms/SettingsForm';
import { useFormSubmit } from '../../components/forms/useFormSubmit';
import { useRecordForm } from '../../components/forms/useRecordForm';
import { t } from '../../lib/translations';
import { answeredUser } from './queries';

const A = t.accountScreens;
const F = A.fields;

type EmailValues = FormValues<EmailChangeValues>;
type PasswordValues = FormValues<PasswordChangeValues>;

function EmailForm({ user }: { user: ApiUser }) {
  const current = isTemporaryEmail(user.email) ? '' : user.email;
  const { form, canSubmit } = useRecordForm<EmailValues>({
    initialValues: { old_email: current, email: '', email_confirmation: '' },
    schema: emailChangeSchema,
  });
  const { buttonState, error, submit } = useFormSubmit(form, { writes: 'users' });

  const onSubmit = form.onSubmit(async (values) => {
    const result = await submit({
      method: 'PATCH',
      url: `users/${user.id}/email`,
      body: {
        old_email: values.old_email.trim(),
        email: values.email.trim(),
        email_confirmation: values.email_confirmation.trim(),
      },
      toast: { title: t.toasts.savedTitle, message: t.toasts.saved },
    });
    if (!result?.ok) return;
    const email = answeredUser(result.data)?.email ?? values.email.trim();
    const cleared = { old_email: email, email: '', email_confirmation: '' };
    form.setInitialValues(cleared);
    form.reset();
  });

  return (
    <SettingsForm
      title={A.profile.emailTitle}
      intro={A.profile.emailIntro}
      onSubmit={onSubmit}
      error={error}
      buttonState={buttonState}
      canSubmit={canSubmit}
      submitLabel={A.profile.save}
      errorLabel={t.buttonErrors.save}
    >
      <TextInput
        size="sm"
        label={F.currentEmail}
        type="email"
        autoComplete="email"
        withAsterisk
        {...form.getInputProps('old_email')}
        name="old_email"
      />
      <TextInput
        size="sm"
        label={F.newEmail}
        type="email"
        autoComplete="off"
        withAsterisk
        {...form.getInputProps('email')}
        name="email"
      />
      <TextInput
        size="sm"
        label={F.newEmailConfirmation}
        type="email"
        autoComplete="off"
        withAsterisk
        {...form.getInputProps('email_confirmation')}
        name="email_confirmation"
      />
    </SettingsForm>
  );
}

function PasswordForm({ user, notYou }: { user: ApiUser; notYou: boolean }) {
  const empty: PasswordValues = { old_password: '', password: '', password_confirmation: '' };
  const { form, canSubmit } = useRecordForm<PasswordValues>({
    initialValues: empty,
    schema: passwordChangeSchema,
  });
  // Nothing shown changes with the password.
  const { buttonState, error, submit } = useFormSubmit(form, { writes: null });

  const onSubmit = form.onSubmit(async (values) => {
    const result = await submit({
      method: 'PATCH',
      url: `users/${user.id}/password`,
      body: { ...values },
      toast: { title: t.toasts.savedTitle, message: t.toasts.saved },
    });
    if (result?.ok) form.reset();
  });

  return (
    <SettingsForm
      title={A.profile.passwordTitle}
      intro={A.profile.passwordIntro}
      onSubmit={onSubmit}
      error={error}
      buttonState={buttonState}
      canSubmit={canSubmit}
      submitLabel={A.profile.save}
      errorLabel={t.buttonErrors.save}
    >
      {/* A hidden username helps password managers file the new password under the right account. */}
      <input type="text" name="username" autoComplete="username" value={user.email} readOnly hidden />
      <PasswordInput
        label={notYou ? F.yourPassword : F.currentPassword}
        description={notYou ? F.yourPasswordHint : undefined}
        autoComplete="current-password"
        withAsterisk
        {...form.getInputProps('old_password')}
        name="old_password"
      />
      <PasswordInput
        label={F.newPassword}
        autoComplete="new-password"
        withAsterisk
        {...form.getInputProps('password')}
        name="password"
      />
      <PasswordInput
        label={F.newPasswordConfirmation}
        autoComplete="new-password"
        withAsterisk
        {...form.getInputProps('password_confirmation')}
        name="password_confirmation"
      />
    </SettingsForm>
  );
}

export function SecurityTab({ user, notYou }: { user: ApiUser; notYou: boolean }) {
  return (
    <Stack gap="xl">
      <EmailForm user={user} />
      <Divider />
      <PasswordForm user={user} notYou={notYou} />
    </Stack>
  );
}
