/**
 * Security (SPEC.md section 5): the email change (old and new email valid, the confirmation matching:
 * "Email does not match"; PATCH users/{id}/email) and the password change (all three required:
 * "Please enter a valid password", the confirmation matching: "Password does not match"; PATCH
 * users/{id}/password). Both clear their fields after a save and toast "Saved".
 */
import { Divider, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type ApiUser, emailChangeSchema, isTemporaryEmail, passwordChangeSchema } from '@mend/shared';
import { toastSuccess } from '../../components/feedback';
import { SettingsForm } from '../../components/forms/SettingsForm';
import { useFormSubmit } from '../../components/forms/useFormSubmit';
import { useRecordForm } from '../../components/forms/useRecordForm';
import { t } from '../../lib/translations';
import { answeredUser, useProfileSaved } from './queries';

const A = t.accountScreens;
const F = A.fields;

type EmailValues = { old_email: string; email: string; email_confirmation: string };
type PasswordValues = { old_password: string; password: string; password_confirmation: string };

function EmailForm({ user }: { user: ApiUser }) {
  const current = isTemporaryEmail(user.email) ? '' : user.email;
  const { form, canSubmit } = useRecordForm<EmailValues>({
    initialValues: { old_email: current, email: '', email_confirmation: '' },
    schema: emailChangeSchema,
  });
  const { buttonState, error, submit } = useFormSubmit();
  const saved = useProfileSaved(user.id);

  const onSubmit = form.onSubmit(async (values) => {
    const result = await submit(form, 'PATCH', `users/${user.id}/email`, {
      old_email: values.old_email.trim(),
      email: values.email.trim(),
      email_confirmation: values.email_confirmation.trim(),
    });
    if (!result?.ok) return;
    const email = answeredUser(result.data)?.email ?? values.email.trim();
    const cleared = { old_email: email, email: '', email_confirmation: '' };
    form.setInitialValues(cleared);
    form.reset();
    toastSuccess(t.toasts.savedTitle, t.toasts.saved);
    saved(result.data);
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
  const { buttonState, error, submit } = useFormSubmit();

  const onSubmit = form.onSubmit(async (values) => {
    const result = await submit(form, 'PATCH', `users/${user.id}/password`, { ...values });
    if (!result?.ok) return;
    form.reset();
    toastSuccess(t.toasts.savedTitle, t.toasts.saved);
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
