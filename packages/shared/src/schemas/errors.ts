/** Turning zod failures into SPEC.md's form-error shape (`{ message, errors: { field: [messages] } }`). */
import type { z } from 'zod';
import type { FormErrorResponse } from '../api';
import { ERROR_CODE } from '../error-codes';
import { en } from '../messages';

/** Key for failures of the form as a whole (e.g. a body that is not an object). */
export const FORM_ERROR_KEY = '_form';

/**
 * `{ "field": [messages] }` with dotted paths for nested fields ("contact_details.email",
 * "availability.0"), in issue order, without repeating a message for the same field.
 */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : FORM_ERROR_KEY;
    errors[key] ??= [];
    if (!errors[key].includes(issue.message)) errors[key].push(issue.message);
  }
  return errors;
}

/** The whole 422 body the server answers for a rejected form. */
export function formError(error: z.ZodError, message: string = en.errors.validation): FormErrorResponse {
  return { code: ERROR_CODE.validationFailed, message, errors: fieldErrors(error) };
}
