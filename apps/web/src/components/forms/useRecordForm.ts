/**
 * The form machinery of the record screens (SPEC.md sections 4 and 5):
 * - values are checked with the shared zod schema when a field is left and on submit;
 * - a form that loads stored values (an edit form, a profile tab) shows the errors of those that break a
 *   rule at once: the button stays inactive until they are fixed, so the reason must show. A new form
 *   shows at once only the errors of the fields it starts filled in; empty ones keep quiet until left;
 * - the submit button is inactive until every field is valid and at least one was edited;
 * - every submit sends a fresh `_nonce`, regenerated after success and after error;
 * - a rejected submit shows the server's field errors on their fields and a summary alert
 *   (title: the server's message, or "Oops, something went wrong.");
 * - a successful one refreshes the record caches, shows a toast and hands the saved record over.
 */
import { type UseFormReturnType, useForm } from '@mantine/form';
import { generateNonce } from '@mend/shared';
import { useEffect, useRef, useState } from 'react';
import { apiSend, type SendMethod } from '../../lib/api';
import { useInvalidateRecords } from '../../lib/records';
import { t } from '../../lib/translations';
import { useFormButton } from '../FormButton';
import { toastSuccess } from '../feedback';
import type { FormErrorState } from './FormErrorAlert';
import { formPayload, savedRecord } from './payload';
import {
  type FormErrorMap,
  formErrorLines,
  type ParsingSchema,
  schemaErrors,
  serverFieldErrors,
} from './zod-errors';

export interface RecordFormOptions<Values> {
  initialValues: Values;
  /** The shared zod schema of the form (created once per form instance). */
  schema: ParsingSchema;
  /** Checks the schema does not cover (files). */
  extraValidate?: (values: Values) => FormErrorMap;
  /** The initial values are a stored record's (edit forms, profile tabs): every broken rule shows at once. */
  stored?: boolean;
}

/** A value someone filled in (or the record came with): text that is not blank, a non-empty list, a file. */
function isFilled(value: unknown): boolean {
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return value !== null && value !== undefined;
}

export function useRecordForm<Values extends Record<string, unknown>>({
  initialValues,
  schema,
  extraValidate,
  stored = false,
}: RecordFormOptions<Values>) {
  const validate = (values: Values): FormErrorMap => ({
    ...schemaErrors(schema, values),
    ...extraValidate?.(values),
  });
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues,
    validateInputOnBlur: true,
    validate,
  });
  const valid = Object.keys(validate(form.values)).length === 0;

  // Once, on the values the form starts with: see the header.
  const reported = useRef(false);
  useEffect(() => {
    if (reported.current) return;
    reported.current = true;
    const shown = Object.entries(validate(form.getValues())).filter(
      ([path]) => stored || isFilled(form.getInputProps(path).value),
    );
    if (shown.length > 0) form.setErrors(Object.fromEntries(shown));
  });

  return { form, canSubmit: valid && form.isDirty() };
}

export interface SubmitOptions {
  method: SendMethod;
  url: string;
  /** Toast title on success (Created, Updated, Landlord Created ...); null for no toast (the screen says it otherwise). */
  successTitle: string | null;
  /** Server field names that differ from the form's paths. */
  aliases?: Record<string, string>;
  /** Called with the saved record's id, the answer's message and its record. */
  onSaved: (saved: { id: number | null; message: string | null; data: unknown }) => void;
}

export function useSubmitRecord() {
  const [buttonState, setButtonState] = useFormButton();
  const [nonce, setNonce] = useState(generateNonce);
  const [error, setError] = useState<FormErrorState | null>(null);
  const invalidate = useInvalidateRecords();

  async function submit<Values>(
    form: UseFormReturnType<Values>,
    body: Record<string, unknown>,
    { method, url, successTitle, aliases, onSaved }: SubmitOptions,
  ): Promise<boolean> {
    if (buttonState === 'sending') return false;
    setButtonState('sending');
    setError(null);
    const result = await apiSend<unknown>(method, url, { ...formPayload(body), _nonce: nonce });
    setNonce(generateNonce());
    if (result.ok) {
      setButtonState('sent');
      const saved = savedRecord(result.data);
      await invalidate();
      if (successTitle !== null) toastSuccess(successTitle, saved.message ?? undefined);
      onSaved(saved);
      return true;
    }
    setButtonState('error');
    form.setErrors(serverFieldErrors(result.data.errors, aliases));
    setError({ title: result.data.message || t.errors.formTitle, lines: formErrorLines(result.data.errors) });
    return false;
  }

  return { buttonState, error, submit, nonce };
}
