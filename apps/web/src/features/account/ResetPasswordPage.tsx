/**
 * Password reset from the emailed link (/password/reset/{token}?email=...; SPEC.md sections 2, 5 and 7):
 * the email (prefilled), the new password and its confirmation (passwordResetSchema: "Invalid Email",
 * "Invalid Password", "Password Does not match"; the token from the route). POST /password/reset, then
 * the login page with the server's message as a toast. Token errors have no field: they show in the
 * summary, with a link to ask for a new email.
 */
import { Alert, Anchor, PasswordInput, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  type PasswordResetValues,
  passwordResetSchema,
  type RedirectMessageResponse,
  TOAST_MS,
} from '@mend/shared';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { FormButton } from '../../components/FormButton';
import { FormErrorAlert } from '../../components/forms/FormErrorAlert';
import type { FormValues } from '../../components/forms/form-values';
import { useFormSubmit } from '../../components/forms/useFormSubmit';
import { useRecordForm } from '../../components/forms/useRecordForm';
import { format, t } from '../../lib/translations';
import { AuthScreen } from './AuthScreen';

const A = t.accountScreens;

type ResetValues = FormValues<PasswordResetValues>;

export default function ResetPasswordPage() {
  const { token = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const presetEmail = params.get('email') ?? '';
  const { form, canSubmit } = useRecordForm<ResetValues>({
    initialValues: { token, email: presetEmail, password: '', password_confirmation: '' },
    schema: passwordResetSchema,
  });
  const { buttonState, error, submit } = useFormSubmit(form, { writes: 'accounts', hiddenFields: ['token'] });

  const onSubmit = form.onSubmit(async (values) => {
    const result = await submit<RedirectMessageResponse>({
      method: 'POST',
      url: 'password/reset',
      body: {
        token: values.token,
        email: values.email.trim(),
        password: values.password,
        password_confirmation: values.password_confirmation,
      },
    });
    if (!result?.ok) return;
    notifications.show({
      title: A.reset.doneTitle,
      message: result.data?.message ?? '',
      color: 'teal',
      autoClose: TOAST_MS,
      withBorder: true,
    });
    // The server names the login page; the login page is the only place a reset leads to.
    navigate('/login', { replace: true });
  });

  const requestAgain = `/password/reset${presetEmail ? `?email=${encodeURIComponent(presetEmail)}` : ''}`;

  return (
    <AuthScreen
      title={t.auth.resetPassword}
      intro={presetEmail ? format(A.reset.intro, { email: presetEmail }) : A.reset.introNoEmail}
    >
      {token ? null : (
        <Alert color="red" variant="light" radius="md" icon={<IconAlertCircle aria-hidden />} role="alert">
          {A.reset.missingToken}
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label={A.fields.email}
            type="email"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            withAsterisk
            autoFocus={!presetEmail}
            {...form.getInputProps('email')}
            name="email"
          />
          <PasswordInput
            size="md"
            label={A.fields.newPassword}
            autoComplete="new-password"
            withAsterisk
            autoFocus={Boolean(presetEmail)}
            {...form.getInputProps('password')}
            name="password"
          />
          <PasswordInput
            size="md"
            label={A.fields.newPasswordConfirmation}
            autoComplete="new-password"
            withAsterisk
            {...form.getInputProps('password_confirmation')}
            name="password_confirmation"
          />
          <FormErrorAlert error={error} />
          {error || !token ? (
            <Anchor component={Link} to={requestAgain} size="sm">
              {A.reset.requestAgain}
            </Anchor>
          ) : null}
          <FormButton
            state={buttonState}
            label={A.reset.submit}
            errorLabel={t.buttonErrors.update}
            disabled={!canSubmit && buttonState === 'default'}
            fullWidth
            size="md"
          />
        </Stack>
      </form>
    </AuthScreen>
  );
}
