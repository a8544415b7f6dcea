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
      handler: (request) => listOutbox(app.db, request.actor!, request.query),
    },
    {
      method: 'POST',
      url: '/outbox/:id/retry',
      handler: (request) => retryOutboxMessage(app.db, request.actor!, recordId(request)),
    },
  ]);
}
