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
      handler: async (request, reply) => {
        const sent = await sendContactMessage(app, request.actor!, request.body);
        reply.code(201);
        return sent;
      },
    },
    {
      method: 'GET',
      url: '/contact',
      handler: (request) => listContactMessages(app.db, request.actor!, request.query),
    },
    {
      method: 'GET',
      url: '/contact/:id',
      handler: (request) => getContactMessage(app.db, request.actor!, recordId(request)),
    },
  ]);
}
