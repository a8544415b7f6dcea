/**
 * Activate Account (/user-activation/{username?}; SPEC.md sections 2, 4, 5 and 7). A temporary account
 * (signed in with its username) chooses a real email and password: username, email, its confirmation
 * ("Email Does not match"), the temporary password, the new password and its confirmation ("Password
 * Does not match"), validated with activationSchema. PATCH /user-activation; on success the view
 * "Account Activated" with a "Login Here" link, then the login page by itself after a few seconds.
 * The button's error text is "Unable to Activate Account".
 *
 * With a username in the address, GET /user-activation/{username} first tells whether the account
 * still needs activating; an active one is sent to sign in with its email.
 */
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import {
  type ActivationLookupResponse,
  type ActivationValues,
  activationSchema,
  type RedirectMessageResponse,
} from '@mend/shared';
import { IconAlertCircle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { newPasswordFields } from '../../components/account/password-fields';
import { type FieldSpec, FormFields } from '../../components/forms/FormFields';
import type { FormValues } from '../../components/forms/form-values';
import { useSubmittingForm } from '../../components/forms/useSubmittingForm';
import { ApiError, apiGet } from '../../lib/api';
import { safeRedirect } from '../../lib/redirects';
import { t } from '../../lib/translations';
import { AuthForm } from './AuthForm';
import { AuthScreen } from './AuthScreen';

const A = t.accountScreens;
const F = A.fields;

/** How long the "Account Activated" view stays before going to the login page. */
export const ACTIVATED_REDIRECT_MS = 5000;

async function fetchActivationLookupResponse(username: string): Promise<ActivationLookupResponse> {
  const result = await apiGet<ActivationLookupResponse>(`user-activation/${encodeURIComponent(username)}`);
  if (result.ok && typeof result.data?.is_temporary === 'boolean') return result.data;
  throw new ApiError(result.status, result.ok ? {} : result.data);
}

/**
 * The username, the new email twice and the passwords, old and new. The focus goes to the first field to
 * fill: the username, or the email when the address named the account.
 */
function activationFields(username: string): FieldSpec[] {
  const address = { type: 'email', autoComplete: 'email', verbatim: true, required: true } as const;
  return [
    { path: 'username', label: F.username, autoComplete: 'username', verbatim: true, autoFocus: !username },
    { ...address, path: 'email', label: F.email, autoFocus: Boolean(username) },
    { ...address, path: 'email_confirmation', label: F.emailConfirmation },
    {
      path: 'old_password',
      label: F.temporaryPassword,
      description: F.temporaryPasswordHint,
      type: 'password',
      autoComplete: 'current-password',
      required: true,
    },
    ...newPasswordFields(),
  ];
}

/** The login page, bringing the user back afterwards to the page first asked for. */
function loginTarget(redirect: string): string {
  return redirect === '/' ? '/login' : `/login?redirect=${encodeURIComponent(redirect)}`;
}

export default function ActivationPage() {
  const { username = '' } = useParams();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const [activated, setActivated] = useState<string | null>(null);

  const status = useQuery({
    queryKey: ['user-activation', username],
    queryFn: () => fetchActivationLookupResponse(username),
    enabled: username !== '',
    retry: false,
    staleTime: Infinity,
  });

  if (activated !== null) return <Activated message={activated} to={loginTarget(redirect)} />;

  if (username && status.isPending)
    return (
      <AuthScreen title={t.auth.activateAccount} back="top">
        <Center py="xl" role="status">
          <Stack align="center" gap="sm">
            <Loader aria-hidden />
            <Text c="dimmed" size="sm">
              {A.activation.checking}
            </Text>
          </Stack>
        </Center>
      </AuthScreen>
    );

  if (status.data && !status.data.is_temporary)
    return (
      <AuthScreen title={t.auth.activateAccount} back="none">
        <Alert color="blue" variant="light" radius="md" icon={<IconInfoCircle aria-hidden />} role="status">
          {A.activation.alreadyActive}
        </Alert>
        <Button component={Link} to={loginTarget(redirect)} size="md" fullWidth>
          {t.auth.loginHere}
        </Button>
      </AuthScreen>
    );

  return (
    <ActivationForm
      username={status.data?.username ?? username}
      redirect={redirect}
      lookupError={status.isError && status.error instanceof ApiError ? status.error.data.message : undefined}
      onActivated={setActivated}
    />
  );
}

function ActivationForm({
  username,
  redirect,
  lookupError,
  onActivated,
}: {
  username: string;
  redirect: string;
  lookupError?: string;
  onActivated: (message: string) => void;
}) {
  const { form, submit, submission } = useSubmittingForm<FormValues<ActivationValues>>({
    initialValues: {
      username,
      email: '',
      email_confirmation: '',
      old_password: '',
      password: '',
      password_confirmation: '',
      login_redirect: redirect,
    },
    schema: activationSchema,
    writes: 'accounts',
  });

  const onSubmit = form.onSubmit(async (values) => {
    const result = await submit<RedirectMessageResponse>({
      method: 'PATCH',
      url: 'user-activation',
      body: {
        username: values.username.trim(),
        email: values.email.trim(),
        email_confirmation: values.email_confirmation.trim(),
        old_password: values.old_password,
        password: values.password,
        password_confirmation: values.password_confirmation,
        login_redirect: values.login_redirect,
      },
    });
    if (result?.ok) onActivated(result.data?.message ?? '');
  });

  return (
    <AuthScreen title={t.auth.activateAccount} intro={A.activation.intro} back="top">
      {lookupError ? (
        <Alert color="red" variant="light" radius="md" icon={<IconAlertCircle aria-hidden />} role="alert">
          {lookupError}
        </Alert>
      ) : null}
      <AuthForm
        {...submission}
        onSubmit={onSubmit}
        submitLabel={t.auth.activateAccount}
        errorLabel={t.buttonErrors.activate}
      >
        <FormFields form={form} fields={activationFields(username)} size="md" />
      </AuthForm>
    </AuthScreen>
  );
}

function Activated({ message, to }: { message: string; to: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate(to, { replace: true }), ACTIVATED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate, to]);

  return (
    <AuthScreen title={t.auth.accountActivated} back="none">
      <Alert color="teal" variant="light" radius="md" icon={<IconCircleCheck aria-hidden />} role="status">
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {message || A.activation.activatedText}
          </Text>
          {message ? <Text size="sm">{A.activation.activatedText}</Text> : null}
        </Stack>
      </Alert>
      <Button component={Link} to={to} size="md" fullWidth replace>
        {t.auth.loginHere}
      </Button>
      <Text c="dimmed" size="sm" ta="center">
        {A.activation.redirecting}
      </Text>
    </AuthScreen>
  );
}
