/**
 * A record form and its submission together (useRecordForm and useFormSubmit, see their headers), for the
 * forms framed by SettingsForm or the account screens' form: `submission` is what such a frame shows of
 * them (the error summary, the button's state, whether it may be pressed), spread onto it as it is.
 */
import type { FormSubmitOptions } from './useFormSubmit';
import { useFormSubmit } from './useFormSubmit';
import { type RecordFormOptions, useRecordForm } from './useRecordForm';

export function useSubmittingForm<Values extends Record<string, unknown>>(
  options: RecordFormOptions<Values> & FormSubmitOptions,
) {
  const { form, canSubmit } = useRecordForm<Values>(options);
  const { submit, buttonState, error, resetButton } = useFormSubmit(form, options);
  return { form, submit, resetButton, submission: { error, buttonState, canSubmit } };
}
