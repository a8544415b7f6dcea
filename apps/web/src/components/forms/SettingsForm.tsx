/** The frame of a settings form: an optional title and intro, the fields, the error summary and the button. */
import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormButton } from '../FormButton';
import { FormErrorAlert } from './FormErrorAlert';
import type { FormSubmission } from './RecordFormShell';

export interface SettingsFormProps extends FormSubmission {
  title?: string;
  intro?: ReactNode;
  children: ReactNode;
  /** Names the form for assistive technology (defaults to the title). */
  label?: string;
}

export function SettingsForm({
  title,
  intro,
  onSubmit,
  children,
  error,
  buttonState,
  canSubmit,
  submitLabel,
  errorLabel,
  label,
}: SettingsFormProps) {
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label ?? title}>
      <Stack gap="md">
        {title || intro ? (
          <Stack gap={4}>
            {title ? (
              <Title order={3} fz={18}>
                {title}
              </Title>
            ) : null}
            {intro ? (
              <Text size="sm" c="dimmed">
                {intro}
              </Text>
            ) : null}
          </Stack>
        ) : null}
        {children}
        <FormErrorAlert error={error} />
        <Group justify="flex-end">
          <FormButton
            state={buttonState}
            label={submitLabel}
            errorLabel={errorLabel}
            disabled={!canSubmit && buttonState === 'default'}
            miw={120}
          />
        </Group>
      </Stack>
    </form>
  );
}
