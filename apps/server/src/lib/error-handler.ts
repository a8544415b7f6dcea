/**
 * Turns every failure into SPEC.md section 7 shapes with real status codes, each with the machine-readable `code`
 * of @mend/shared ERROR_CODE beside its message:
 * AppError → its status, code and message (plus field errors); zod errors → 422 with field errors;
 * Fastify's own client errors keep their 4xx; anything else is a logged 500 with no details.
 */
import { type ErrorCode, en, errorCodeOfStatus, fieldErrors } from '@mend/shared';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { ZodError } from 'zod';
import { AppError } from './errors';
import { AnswerContractError } from './routes';

/** An error answer: its status's code unless `code` says more. */
function answer(
  reply: FastifyReply,
  status: number,
  body: { message: string } & Record<string, unknown>,
  code: ErrorCode = errorCodeOfStatus(status),
) {
  return reply.code(status).send({ code, ...body });
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof AppError) {
      const body = error.errors
        ? { message: error.message, errors: error.errors, ...error.details }
        : { message: error.message, ...error.details };
      return answer(reply, error.statusCode, body, error.code);
    }
    if (error instanceof ZodError) {
      return answer(reply, 422, { message: en.errors.validation, errors: fieldErrors(error) });
    }
    // PostgreSQL "data exception" class (22xxx): text it cannot store (a NUL character), a number out of
    // range... The input was bad, not the server.
    const sqlState =
      (error as { code?: unknown }).code ?? (error as { cause?: { code?: unknown } }).cause?.code;
    if (typeof sqlState === 'string' && /^22[0-9A-Z]{3}$/.test(sqlState)) {
      return answer(reply, 400, { message: en.errors.validation });
    }
    // 08P01 about parameters: a statement with more bound values than the wire protocol carries (65,535),
    // from a list in the input too long to bind (tens of thousands of ids or ranges). Too big, not broken.
    const sqlMessage = (error as { cause?: { message?: unknown } }).cause?.message ?? error.message;
    if (sqlState === '08P01' && /parameter/i.test(String(sqlMessage))) {
      return answer(reply, 413, { message: en.errors.payloadTooLarge });
    }
    const status = (error as FastifyError).statusCode;
    if (status === 429) {
      return answer(reply, 429, { message: error.message || en.errors.tooManyRequests });
    }
    if (status === 413) {
      return answer(reply, 413, { message: en.errors.payloadTooLarge });
    }
    if (status === 415) {
      return answer(reply, 415, { message: en.errors.unsupportedMediaType });
    }
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return answer(reply, status, { message: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    // Only ever in tests (config.checkAnswers): the failing test shows which answer broke its contract.
    if (error instanceof AnswerContractError) return answer(reply, 500, { message: error.message });
    return answer(reply, 500, { message: en.errors.server, request_id: request.id });
  });
}
