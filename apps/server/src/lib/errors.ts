/**
 * One error type for the whole API (DESIGN.md "One error type"): a status, a user-facing message, a code for
 * programs (@mend/shared ERROR_CODE, by default the status's) and, for form errors, field messages. The error
 * handler (error-handler.ts) turns it into SPEC.md section 7 shapes.
 */
import { CSRF_STATUS, ERROR_CODE, type ErrorCode, en, errorCodeOfStatus } from '@mend/shared';

export type FieldErrors = Record<string, string[]>;

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
    /** More fields of the answer beside `message` (e.g. where to go next). */
    readonly details?: Record<string, string>,
    readonly code: ErrorCode = errorCodeOfStatus(statusCode),
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const unauthenticated = () => new AppError(401, en.auth.unauthenticated);
export const forbidden = (message: string = en.errors.forbidden) => new AppError(403, message);
export const notFound = (message: string = en.errors.notFound) => new AppError(404, message);
export const csrfMismatch = () => new AppError(CSRF_STATUS, en.errors.csrf);
/** The same form (its `_nonce`) is still being handled by another request. */
export const duplicateSubmission = () =>
  new AppError(409, en.errors.duplicateSubmission, undefined, undefined, ERROR_CODE.duplicateSubmission);
/** A temporary account signing in: no session, and where its activation page is. */
export const activationRequired = (redirect: string) =>
  new AppError(403, en.auth.activationRequired, undefined, { redirect }, ERROR_CODE.activationRequired);

/** A 422 form error: `fieldError('email', 'Invalid Email')` or many fields at once. */
export function validationFailed(errors: FieldErrors, message: string = en.errors.validation): AppError {
  return new AppError(422, message, errors);
}

export function fieldError(field: string, message: string): AppError {
  return validationFailed({ [field]: [message] });
}
