/**
 * Submitting the account, profile and contact forms (SPEC.md sections 4 and 8), the same way the
 * record forms do (components/forms/useRecordForm.ts): the button goes sending → sent / error (the
 * flash lasts BUTTON_FLASH_MS), every submit carries the current `_nonce` and a fresh one is made after
 * success and after error, and a rejected submit puts the server's field errors on their fields and a
 * summary (title: the server's message, or "Oops, something went wrong.") above the button.
 *
 * Unlike the record forms, these do not refresh the record caches or toast by themselves: each screen
 * says what a success means (a toast, a new view, a redirect).
 */
import type { UseFormReturnType } from '@mantine/form';
import { generateNonce } from '@mend/shared';
import { useState } from 'react';
import { type ApiResponse, apiSend, type SendMethod } from '../../lib/api';
import { t } from '../../lib/translations';
import { useFormButton } from '../FormButton';
import type { FormErrorState } from './FormErrorAlert';
import { formErrorLines, serverFieldErrors } from './zod-errors';

export interface FormSubmitOptions {
  /** Server field names that differ from the form's paths. */
  aliases?: Record<string, string>;
  /** Server fields with no input of their own (e.g. the reset `token`): their messages go to the summary only. */
  hiddenFields?: readonly string[];
}

export function useFormSubmit() {
  const [buttonState, setButtonState] = useFormButton();
  const [nonce, setNonce] = useState(generateNonce);
  const [error, setError] = useState<FormErrorState | null>(null);

  /** Sends the form; null when a submission is already on its way. */
  async function submit<T, Values>(
    form: UseFormReturnType<Values>,
    method: SendMethod,
    url: string,
    body: Record<string, unknown>,
    { aliases, hiddenFields = [] }: FormSubmitOptions = {},
  ): Promise<ApiResponse<T> | null> {
    if (buttonState === 'sending') return null;
    setButtonState('sending');
    setError(null);
    const result = await apiSend<T>(method, url, { ...body, _nonce: nonce });
    setNonce(generateNonce());
    if (result.ok) {
      setButtonState('sent');
      return result;
    }
    setButtonState('error');
    const fieldErrors = serverFieldErrors(result.data.errors, aliases);
    for (const field of hiddenFields) delete fieldErrors[field];
    form.setErrors(fieldErrors);
    setError({ title: result.data.message || t.errors.formTitle, lines: formErrorLines(result.data.errors) });
    return result;
  }

  return { buttonState, error, submit, setError };
}
