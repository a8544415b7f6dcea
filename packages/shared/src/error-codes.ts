/**
 * The machine-readable `code` every error answer carries beside SPEC.md's `message`: clients decide what to do
 * from the code (retry with a fresh anti-forgery token, go to activation), never from the wording, which is for
 * people and may change.
 */

export const ERROR_CODE = {
  badRequest: 'bad_request',
  unauthenticated: 'unauthenticated',
  /** A temporary account signing in: the answer's `redirect` is its activation page. */
  activationRequired: 'activation_required',
  forbidden: 'forbidden',
  /** A comment's author changing it after its edit window (COMMENT_EDIT_MINUTES) closed. */
  editWindowClosed: 'edit_window_closed',
  notFound: 'not_found',
  methodNotAllowed: 'method_not_allowed',
  conflict: 'conflict',
  /** The same form (its `_nonce`) is still being handled. */
  duplicateSubmission: 'duplicate_submission',
  payloadTooLarge: 'payload_too_large',
  unsupportedMediaType: 'unsupported_media_type',
  /** The anti-forgery token is missing or wrong: fetch a fresh one and send again. */
  csrfMismatch: 'csrf_mismatch',
  validationFailed: 'validation_failed',
  tooManyRequests: 'too_many_requests',
  serverError: 'server_error',
} as const;

export type ErrorCode = (typeof ERROR_CODE)[keyof typeof ERROR_CODE];

const CODE_OF_STATUS: Record<number, ErrorCode> = {
  400: ERROR_CODE.badRequest,
  401: ERROR_CODE.unauthenticated,
  403: ERROR_CODE.forbidden,
  404: ERROR_CODE.notFound,
  405: ERROR_CODE.methodNotAllowed,
  409: ERROR_CODE.conflict,
  413: ERROR_CODE.payloadTooLarge,
  415: ERROR_CODE.unsupportedMediaType,
  419: ERROR_CODE.csrfMismatch,
  422: ERROR_CODE.validationFailed,
  429: ERROR_CODE.tooManyRequests,
};

/** The code an error answer of this status carries unless it says something more precise. */
export function errorCodeOfStatus(status: number): ErrorCode {
  return CODE_OF_STATUS[status] ?? (status >= 500 ? ERROR_CODE.serverError : ERROR_CODE.badRequest);
}
