/**
 * Turns every failure into SPEC.md section 7 shapes with real status codes:
 * AppError → its status and message (plus field errors); zod errors → 422 with field errors;
 * Fastify's own client errors keep their 4xx; anything else is a logged 500 with no details.
 */
import { en, fieldErrors } from '@mend/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { AppError } from './errors';

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof AppError) {
      const body = error.errors
        ? { message: error.message, errors: error.errors, ...error.details }
        : { message: error.message, ...error.details };
      return reply.code(error.statusCode).send(body);
    }
    if (error instanceof ZodError) {
      return reply.code(422).send({ message: en.errors.validation, errors: fieldErrors(error) });
    }
    // PostgreSQL "data exception" class (22xxx): text it cannot store (a NUL character), a number out of
    // range... The input was bad, not the server.
    const sqlState =
      (error as { code?: unknown }).code ?? (error as { cause?: { code?: unknown } }).cause?.code;
    if (typeof sqlState === 'string' && /^22[0-9A-Z]{3}$/.test(sqlState)) {
      return reply.code(400).send({ message: en.errors.validation });
    }
    // 08P01 about parameters: a statement with more bound values than the wire protocol carries (65,535),
    // from a list in the input too long to bind (tens of thousands of ids or ranges). Too big, not broken.
    const sqlMessage = (error as { cause?: { message?: unknown } }).cause?.message ?? error.message;
    if (sqlState === '08P01' && /parameter/i.test(String(sqlMessage))) {
      return reply.code(413).send({ message: en.errors.payloadTooLarge });
    }
    const status = (error as FastifyError).statusCode;
    if (status === 429) {
      return reply.code(429).send({ message: error.message || en.errors.tooManyRequests });
    }
    if (status === 413) {
      return reply.code(413).send({ message: en.errors.payloadTooLarge });
    }
    if (status === 415) {
      return reply.code(415).send({ message: en.errors.unsupportedMediaType });
    }
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return reply.code(status).send({ message: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: en.errors.server, request_id: request.id });
  });
}
