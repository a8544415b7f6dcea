/** The super admin's Outbox view: GET outbox, POST outbox/{id}/retry. */
import { outboxListResponseSchema, outboxRetryResponseSchema } from '@mend/shared/responses/accounts';
import type { FastifyInstance } from 'fastify';
import { idParams } from '../../lib/contracts';
import { defineRoutes, route } from '../../lib/routes';
import { listOutbox, outboxListQuery, retryOutboxMessage } from './service';

export function outboxRoutes(app: FastifyInstance): void {
  defineRoutes(app, 'Outbox', [
    route({
      method: 'GET',
      url: '/outbox',
      reusesSession: true,
      summary: 'A page of the messages waiting, sent or failed',
      query: outboxListQuery,
      answers: { 200: outboxListResponseSchema },
      handler: async (_request, _reply, { actor, query }) => listOutbox(app.db, actor, query),
    }),
    route({
      method: 'POST',
      url: '/outbox/:id/retry',
      summary: 'Send a failed or waiting message again now',
      params: idParams,
      answers: { 200: outboxRetryResponseSchema },
      handler: async (_request, _reply, { actor, params }) => retryOutboxMessage(app.db, actor, params.id),
    }),
  ]);
}
