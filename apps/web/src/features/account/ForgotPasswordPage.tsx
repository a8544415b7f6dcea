/**
 * Forgot password (/password/reset and /password/email; SPEC.md sections 2, 5 and 7): the email of the
 * account (passwordResetRequestSchema: "Invalid Email"), POST /password/email, then "An email has
 * been sent to {email} with instructions on how to reset your password."
 */
import { Alert } from '@mantine/core';
import {
  type MessageResponse,
  type PasswordResetRequestValues,
  passwordResetRequestSchema,
} from '@mend/shared';
import { IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { type FieldSpec, FormFields } from '../../components/forms/FormFields';
import type { FormValues } from '../../components/forms/form-values';
import { useSubmittingForm } from '../../components/forms/useSubmittingForm';
import { format, t } from '../../lib/translations';
import { AuthForm } from './AuthForm';
import { AuthScreen } from './AuthScreen';

const A = t.accountScreens;

type RequestValues = FormValues<PasswordResetRequestValues>;

/** The only field, so it has the focus; "email" lets the browser offer the addresses it knows. */
const EMAIL: FieldSpec = {
  path: 'email',
  label: A.fields.email,
  type: 'email',
  autoComplete: 'email',
  verbatim: true,
  autoFocus: true,
  required: true,
};

export default function ForgotPasswordPage() {
  const [params] = useSearchParams();
  const [sent, setSent] = useState<string | null>(null);
  const { form, submit, submission } = useSubmittingForm<RequestValues>({
    initialValues: { email: params.get('email') ?? '' },
    schema: passwordResetRequestSchema,
    writes: 'accounts',
  });

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
      <AuthForm
        {...submission}
        onSubmit={onSubmit}
        submitLabel={A.forgot.submit}
        errorLabel={t.buttonErrors.send}
      >
        <FormFields form={form} fields={[EMAIL]} size="md" />
      </AuthForm>
    </AuthScreen>
  );
}
