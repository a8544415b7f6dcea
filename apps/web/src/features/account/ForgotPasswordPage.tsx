/**
 * Forgot password (/password/reset and /password/email; SPEC.md sections 2, 5 and 7): the email of the
 * account (passwordResetRequestSchema: "Invalid Email"), POST /password/email, then "An email has
 * been sent to {email} with instructions on how to reset your password."
 */
import { Alert, Stack, TextInput } from '@mantine/core';
import { type MessageResponse, passwordResetRequestSchema } from '@mend/shared';
import { IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { FormButton } from '../../components/FormButton';
import { FormErrorAlert } from '../../components/forms/FormErrorAlert';
import { useFormSubmit } from '../../components/forms/useFormSubmit';
import { useRecordForm } from '../../components/forms/useRecordForm';
import { format, t } from '../../lib/translations';
import { AuthScreen } from './AuthScreen';

const A = t.accountScreens;

type RequestValues = { email: string };

export default function ForgotPasswordPage() {
  const [params] = useSearchParams();
  const [sent, setSent] = useState<string | null>(null);
  const { form, canSubmit } = useRecordForm<RequestValues>({
    initialValues: { email: params.get('email') ?? '' },
    schema: passwordResetRequestSchema,
  });
  const { buttonState, error, submit } = useFormSubmit();

  const onSubmit = form.onSubmit(async (values) => {
    const email = values.email.trim();
    const result = await submit<MessageResponse, RequestValues>(form, 'POST', 'password/email', { email });
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
