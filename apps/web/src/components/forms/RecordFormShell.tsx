/** The frame of a record form in the side panel, and what every form frame shows of its submission. */
import { Button, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { t } from '../../lib/translations';
import { FormButton, type FormButtonState } from '../FormButton';
import { PanelFooter } from '../panel/SidePanel';
import { FormErrorAlert, type FormErrorState } from './FormErrorAlert';

/** What a form's frame shows of its submission: the error summary and the submit button. */
export interface FormSubmission {
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  error: FormErrorState | null;
  buttonState: FormButtonState;
  canSubmit: boolean;
  submitLabel: string;
  errorLabel: string;
}

export interface RecordFormShellProps extends FormSubmission {
  children: ReactNode;
  onCancel: () => void;
}

/** A panel form: fields, the error summary, and Cancel / Save in the panel footer. */
export function RecordFormShell({
  onSubmit,
  children,
  error,
  buttonState,
  canSubmit,
  submitLabel,
  errorLabel,
  onCancel,
}: RecordFormShellProps) {
  return (
    <form onSubmit={onSubmit} noValidate style={{ display: 'contents' }}>
      <Stack gap="md" pt="md" pb="lg">
        {children}
        <FormErrorAlert error={error} />
      </Stack>
      <PanelFooter>
        <Button variant="default" onClick={onCancel}>
          {t.buttons.cancel}
        </Button>
        <FormButton
          state={buttonState}
          label={submitLabel}
          errorLabel={errorLabel}
          disabled={!canSubmit && buttonState === 'default'}
        />
      </PanelFooter>
    </form>
  );
}
