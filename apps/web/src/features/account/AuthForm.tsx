/**
 * The form of a signed-out account screen (activation, forgot and reset password): its fields, the error
 * summary, then one full-width button. SettingsForm's counterpart in the auth layout, taking the same props
 * and the same `submission` (components/forms/useSubmittingForm.ts); the heading and intro are AuthScreen's.
 */
import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormButton } from '../../components/FormButton';
import { FormErrorAlert } from '../../components/forms/FormErrorAlert';
import type { SettingsFormProps } from '../../components/forms/SettingsForm';

export type AuthFormProps = Omit<SettingsFormProps, 'title' | 'intro' | 'label'> & {
  /** Between the error summary and the button: what to do about the error (the reset's "request again"). */
  afterError?: ReactNode;
};

export function AuthForm({ onSubmit, children, error, afterError, ...button }: AuthFormProps) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {children}
        <FormErrorAlert error={error} />
        {afterError}
        <FormButton
          state={button.buttonState}
          label={button.submitLabel}
          errorLabel={button.errorLabel}
          disabled={!button.canSubmit && button.buttonState === 'default'}
          fullWidth
          size="md"
        />
      </Stack>
    </form>
  );
}
