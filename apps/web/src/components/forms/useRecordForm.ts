/**
 * The form machinery of the record screens (SPEC.md sections 4 and 5):
 * - values are checked with the shared zod schema when a field is left and on submit;
 * - a form that loads stored values (an edit form, a profile tab) shows the errors of those that break a
 *   rule at once: the button stays inactive until they are fixed, so the reason must show. A new form
 *   shows at once only the errors of the fields it starts filled in; empty ones keep quiet until left;
 * - the submit button is inactive until every field is valid and at least one was edited.
 * Sending, the server's errors, the toast and the cache refresh are useFormSubmit's (./useFormSubmit.ts).
 */
import { useForm } from '@mantine/form';
import { useEffect, useRef } from 'react';
import { type FormErrorMap, type ParsingSchema, schemaErrors } from './zod-errors';

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
