/** The contact form: POST contact (anyone signed in); GET contact and contact/{id} (super admin). */
import { contactFormSchema } from '@mend/shared';
import {
  apiContactSubmissionSchema,
  contactListResponseSchema,
  contactSentResponseSchema,
} from '@mend/shared/responses/accounts';
import type { FastifyInstance } from 'fastify';
import { idParams, listQueryWith } from '../../lib/contracts';
import { defineRoutes, route } from '../../lib/routes';
import { getContactMessage, listContactMessages, sendContactMessage } from './service';

export function contactRoutes(app: FastifyInstance): void {
  defineRoutes(app, 'Contact', [
    route({
      method: 'POST',
      url: '/contact',
      summary: 'Send a message to support',
      body: contactFormSchema,
      answers: { 201: contactSentResponseSchema },
      handler: async (request, reply, { actor }) => {
        const sent = await sendContactMessage(app, actor, request.body);
        reply.code(201);
        return sent;
      },
    }),
    route({
      method: 'GET',
      url: '/contact',
      reusesSession: true,
      summary: 'A page of the messages sent to support',
      query: listQueryWith({}),
      answers: { 200: contactListResponseSchema },
      handler: async (_request, _reply, { actor, query }) => listContactMessages(app.db, actor, query),
    }),
    route({
      method: 'GET',
      url: '/contact/:id',
      reusesSession: true,
      summary: 'A message sent to support',
      params: idParams,
      answers: { 200: apiContactSubmissionSchema },
      handler: async (_request, _reply, { actor, params }) => getContactMessage(app.db, actor, params.id),
    }),
  ]);
}
