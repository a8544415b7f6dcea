/**
 * Sign In (SPEC.md section 2, Authentication screens). A non-email identifier goes to user
 * activation instead of being posted; a successful sign-in goes to the server's `redirect`
 * (the page originally asked for, sent as `login_redirect`).
 */
import { Alert, Anchor, Avatar, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useWindowEvent } from '@mantine/hooks';
import { activationPath, generateNonce, isEmailShaped } from '@mend/shared';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormButton, useFormButton } from '../../components/FormButton';
import { useDocumentTitle } from '../../components/PageHeader';
import { fieldErrors } from '../../lib/api';
import { useLogin } from '../../lib/auth';
import { readCachedLandlord } from '../../lib/landlord';
import { useHydrated } from '../../lib/prerendered';
import { landingAfterSignIn, safeRedirect } from '../../lib/redirects';
import { t } from '../../lib/translations';
import { type LoginFormValues, loadLoginResolver, validateLogin } from './login-validation';

function preloadLoginResolver() {
  void loadLoginResolver();
}

/** The landlord this browser remembers; only after hydration, as the prerendered page cannot know it. */
function useLoginLandlord(hydrated: boolean) {
  const [params] = useSearchParams();
  const asked = params.get('landlord');
  return useMemo(() => {
    if (!hydrated) return null;
    const cached = readCachedLandlord();
    if (!cached) return null;
    // A link naming another landlord must not show this browser's remembered one.
    if (asked && String(cached.id) !== asked) return null;
    return cached;
  }, [asked, hydrated]);
}

export default function LoginPage() {
  useDocumentTitle(t.auth.signIn);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const login = useLogin();
  const hydrated = useHydrated();
  const landlord = useLoginLandlord(hydrated);
  const formElement = useRef<HTMLFormElement>(null);
  const [buttonState, setButtonState] = useFormButton();
  const [message, setMessage] = useState<string | null>(null);
  const [nonce, setNonce] = useState(generateNonce);

  // zod and the shared schemas load at the first sign of use (a pointer or the focus on the page),
  // not during the page's first load; validation waits for them if need be.
  useWindowEvent('pointerover', preloadLoginResolver, { passive: true });
  useWindowEvent('focusin', preloadLoginResolver);

  const redirect = safeRedirect(params.get('redirect'));
  const verified = params.get('verified') === '1';
  const verificationFailed = params.get('verified') === '0';

  const form = useForm<LoginFormValues>({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validateInputOnBlur: true,
    validate: validateLogin,
  });

  // The prerendered page (src/prerender.tsx) takes typing and autofill before the app has loaded: the
  // form starts from what its fields hold once the app takes over.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at hydration; `form` is stable in use.
  useEffect(() => {
    const fields = formElement.current?.elements;
    for (const name of ['email', 'password'] as const) {
      const field = fields?.namedItem(name);
      if (field instanceof HTMLInputElement && field.value)
        form.setFieldValue(name, field.value, { forceUpdate: false });
    }
  }, []);

  async function submit(values: LoginFormValues) {
    if (buttonState === 'sending') return;
    const identifier = values.email.trim();
    if (!isEmailShaped(identifier)) {
      const query = redirect === '/' ? '' : `?redirect=${encodeURIComponent(redirect)}`;
      navigate(`${activationPath(identifier)}${query}`);
      return;
    }
    setMessage(null);
    setButtonState('sending');
    const result = await login.mutateAsync({
      email: identifier,
      password: values.password,
      login_redirect: redirect,
      _nonce: nonce,
    });
    setNonce(generateNonce());
    if (result.ok) {
      setButtonState('default');
      navigate(landingAfterSignIn(safeRedirect(result.data.redirect ?? redirect)), { replace: true });
      return;
    }
    form.setErrors(fieldErrors(result.data));
    setMessage(result.data.message || t.errors.formTitle);
    setButtonState('error');
  }

  return (
    <Stack gap="lg">
      {landlord ? (
        <Group gap="sm" wrap="nowrap">
          <Avatar
            src={landlord.avatar}
            name={landlord.name}
            alt={landlord.name}
            size={56}
            radius="md"
            color="initials"
          />
          <Text fw={600} size="lg" lineClamp={2}>
            {landlord.name}
          </Text>
        </Group>
      ) : null}

      <Title order={1} fz={32} lh={1.15}>
        {t.auth.signIn}
      </Title>

      {verified ? (
        <Alert color="teal" variant="light" icon={<IconCircleCheck aria-hidden />} role="status">
          {t.auth.emailVerified}
        </Alert>
      ) : null}
      {verificationFailed ? (
        <Alert color="orange" variant="light" role="status">
          {t.auth.verificationLinkInvalid}
        </Alert>
      ) : null}

      {/* method="post": a press before the app has loaded must not put the password in the address. */}
      <form ref={formElement} method="post" onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <TextInput
            label={t.auth.emailOrUsername}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
            key={form.key('email')}
            {...form.getInputProps('email')}
            name="email"
          />
          <TextInput
            type="password"
            label={t.auth.password}
            autoComplete="current-password"
            key={form.key('password')}
            {...form.getInputProps('password')}
            name="password"
          />
          <Group justify="flex-end" mt={-4}>
            <Anchor component={Link} to="/password/reset" size="sm" fw={500}>
              {t.auth.forgotPassword}
            </Anchor>
          </Group>
          <FormButton
            // Enabled once the app has taken the prerendered page over.
            disabled={!hydrated}
            state={buttonState}
            label={t.auth.signIn}
            errorLabel={t.buttonErrors.signIn}
            fullWidth
            size="md"
            mt="xs"
          />
          {message ? (
            <Text c="red.9" size="sm" role="alert" ta="center">
              {message}
            </Text>
          ) : null}
        </Stack>
      </form>
    </Stack>
  );
}
