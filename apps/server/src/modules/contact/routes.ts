/** The contact form: POST contact (anyone signed in); GET contact and contact/{id} (super admin). */
import type { FastifyInstance } from 'fastify';
import { recordId } from '../../lib/record-helpers';
import { defineRoutes } from '../../lib/routes';
import { getContactMessage, listContactMessages, sendContactMessage } from './service';

export function contactRoutes(app: FastifyInstance): void {
  defineRoutes(app, [
    {
      method: 'POST',
      url: '/contact',
      handler: async (request, reply, { actor }) => {
        const sent = await sendContactMessage(app, actor, request.body);
        reply.code(201);
        return sent;
      },
    },
    {
      method: 'GET',
      url: '/contact',
      handler: (request, _reply, { actor }) => listContactMessages(app.db, actor, request.query),
    },
    {
      method: 'GET',
      url: '/contact/:id',
      handler: (request, _reply, { actor }) => getContactMessage(app.db, actor, recordId(request)),
    },
  ]);
}
