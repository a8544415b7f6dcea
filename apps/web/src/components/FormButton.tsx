import { Button, type ButtonProps, Loader } from '@mantine/core';
import { BUTTON_FLASH_MS } from '@mend/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { t } from '../lib/translations';

/** SPEC.md section 4: default, sending, sent, error; sent and error flash for BUTTON_FLASH_MS. */
export type FormButtonState = 'default' | 'sending' | 'sent' | 'error';

export function useFormButton(flashMs: number = BUTTON_FLASH_MS) {
  const [state, setState] = useState<FormButtonState>('default');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const set = useCallback(
    (next: FormButtonState) => {
      clearTimeout(timer.current);
      setState(next);
      if (next === 'sent' || next === 'error') timer.current = setTimeout(() => setState('default'), flashMs);
    },
    [flashMs],
  );

  return [state, set] as const;
}

export interface FormButtonProps extends Omit<ButtonProps, 'children' | 'color' | 'loading'> {
  state: FormButtonState;
  label: string;
  /** Shown in the error state, e.g. UNABLE TO SIGN IN. */
  errorLabel: string;
  sentLabel?: string;
  sendingLabel?: string;
  disabled?: boolean;
}

/** The submit button of a form, showing its state in its label and colour. */
export function FormButton({
  state,
  label,
  errorLabel,
  sentLabel = t.buttons.sent,
  sendingLabel = t.buttons.sending,
  disabled,
  ...props
}: FormButtonProps) {
  const text = { default: label, sending: sendingLabel, sent: sentLabel, error: errorLabel }[state];
  const color = state === 'error' ? 'red' : state === 'sent' ? 'teal' : undefined;
  return (
    <Button
      type="submit"
      color={color}
      disabled={disabled}
      aria-disabled={state === 'sending' || undefined}
      data-state={state}
      leftSection={state === 'sending' ? <Loader size={16} color="white" aria-hidden /> : undefined}
      {...props}
    >
      {text}
    </Button>
  );
}
