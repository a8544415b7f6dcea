/**
 * Password reset from the emailed link (/password/reset/{token}?email=...; SPEC.md sections 2, 5 and 7):
 * the email (prefilled), the new password and its confirmation (passwordResetSchema: "Invalid Email",
 * "Invalid Password", "Password Does not match"; the token from the route). POST /password/reset, then
 * the login page with the server's message as a toast. Token errors have no field: they show in the
 * summary, with a link to ask for a new email.
 */
import { Alert, Anchor } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  type PasswordResetValues,
  passwordResetSchema,
  type RedirectMessageResponse,
  TOAST_MS,
} from '@mend/shared';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { newPasswordFields } from '../../components/account/password-fields';
import { type FieldSpec, FormFields } from '../../components/forms/FormFields';
import type { FormValues } from '../../components/forms/form-values';
import { useSubmittingForm } from '../../components/forms/useSubmittingForm';
import { format, t } from '../../lib/translations';
import { AuthForm } from './AuthForm';
import { AuthScreen } from './AuthScreen';

const A = t.accountScreens;

type ResetValues = FormValues<PasswordResetValues>;

/**
 * The account's email ("username": the password manager files the new password under it), then the new
 * password. The first one empty has the focus: the email when the link did not bring it.
 */
function resetFields(presetEmail: string): FieldSpec[] {
  const email: FieldSpec = {
    path: 'email',
    label: A.fields.email,
    type: 'email',
    autoComplete: 'username',
    verbatim: true,
    required: true,
    autoFocus: !presetEmail,
  };
  return [email, ...newPasswordFields(Boolean(presetEmail))];
}

export default function ResetPasswordPage() {
  const { token = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const presetEmail = params.get('email') ?? '';
  const { form, submit, submission } = useSubmittingForm<ResetValues>({
    initialValues: { token, email: presetEmail, password: '', password_confirmation: '' },
    schema: passwordResetSchema,
    writes: 'accounts',
    hiddenFields: ['token'],
  });

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
      <AuthForm
        {...submission}
        onSubmit={onSubmit}
        submitLabel={A.reset.submit}
        errorLabel={t.buttonErrors.update}
        afterError={
          submission.error || !token ? (
            <Anchor component={Link} to={requestAgain} size="sm">
              {A.reset.requestAgain}
            </Anchor>
          ) : null
        }
      >
        <FormFields form={form} fields={resetFields(presetEmail)} size="md" />
      </AuthForm>
    </AuthScreen>
  );
}
