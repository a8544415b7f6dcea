/** The super admin's Outbox view: GET outbox, POST outbox/{id}/retry. */
import type { FastifyInstance } from 'fastify';
import { recordId } from '../../lib/record-helpers';
import { defineRoutes } from '../../lib/routes';
import { listOutbox, retryOutboxMessage } from './service';

export function outboxRoutes(app: FastifyInstance): void {
  defineRoutes(app, [
    {
      method: 'GET',
      url: '/outbox',
      handler: (request, _reply, { actor }) => listOutbox(app.db, actor, request.query),
    },
    {
      method: 'POST',
      url: '/outbox/:id/retry',
      handler: (request, _reply, { actor }) => retryOutboxMessage(app.db, actor, recordId(request)),
    },
  ]);
}
