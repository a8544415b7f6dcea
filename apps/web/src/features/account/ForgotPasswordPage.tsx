/**
 * Forgot password (/password/reset and /password/email; SPEC.md sections 2, 5 and 7): the email of the
 * account (passwordResetRequestSchema: "Invalid Email"), POST /password/email, then "An email has
 * been sent to {email} with instructions on how to reset your password."
 */
import { Alert, Stack, TextInput } from '@mantine/core';
import {
  type MessageResponse,
  type PasswordResetRequestValues,
  passwordResetRequestSchema,
} from '@mend/shared';
import { IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { FormButton } from '../../components/FormButton';
import { FormErrorAlert } from '../../components/forms/FormErrorAlert';
import type { FormValues } from '../../components/forms/form-values';
import { useFormSubmit } from '../../components/forms/useFormSubmit';
import { useRecordForm } from '../../components/forms/useRecordForm';
import { format, t } from '../../lib/translations';
import { AuthScreen } from './AuthScreen';

const A = t.accountScreens;

type RequestValues = FormValues<PasswordResetRequestValues>;

export default function ForgotPasswordPage() {
  const [params] = useSearchParams();
  const [sent, setSent] = useState<string | null>(null);
  const { form, canSubmit } = useRecordForm<RequestValues>({
    initialValues: { email: params.get('email') ?? '' },
    schema: passwordResetRequestSchema,
  });
  const { buttonState, error, submit } = useFormSubmit(form, { writes: 'accounts' });

  const onSubmit = form.onSubmit(async (values) => {
    const email = values.email.trim();
    const result = await submit<MessageResponse>({ method: 'POST', url: 'password/email', body: { email } });
    if (result?.ok) setSent(result.data?.message || format(t.auth.resetRequestSent, { email }));
  });

  if (sent)
    return (
      <AuthScreen title={t.auth.forgotPassword}>
        <Alert
          color="teal"
          variant="light"
          radius="md"
          title={A.forgot.sentTitle}
          icon={<IconMailCheck aria-hidden />}
          role="status"
        >
          {sent}
        </Alert>
      </AuthScreen>
    );

  return (
    <AuthScreen title={t.auth.forgotPassword} intro={A.forgot.intro}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label={A.fields.email}
            type="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
            withAsterisk
            {...form.getInputProps('email')}
            name="email"
          />
          <FormErrorAlert error={error} />
          <FormButton
            state={buttonState}
            label={A.forgot.submit}
            errorLabel={t.buttonErrors.send}
            disabled={!canSubmit && buttonState === 'default'}
            fullWidth
            size="md"
          />
        </Stack>
      </form>
    </AuthScreen>
  );
}
