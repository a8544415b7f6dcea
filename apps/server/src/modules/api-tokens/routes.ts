/** A user's personal API tokens (issue 27): list, create (the secret answered once) and revoke. */
import { apiTokenSchema } from '@mend/shared';
import { apiTokenCreatedResponseSchema, apiTokenListResponseSchema } from '@mend/shared/responses/accounts';
import { messageResponseSchema } from '@mend/shared/responses/common';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { recordIdParam } from '../../lib/contracts';
import { defineRoutes, route } from '../../lib/routes';
import { createApiToken, listApiTokens, revokeApiToken } from './service';

const userParams = z.object({ id: recordIdParam });
const tokenParams = z.object({
  id: recordIdParam,
  tokenId: z.string().meta({ description: 'The id the token list gives', example: '3f9a0c1b2d4e5f60' }),
});

export function apiTokenRoutes(app: FastifyInstance): void {
  defineRoutes(app, 'API tokens', [
    route({
      method: 'GET',
      url: '/users/:id/api-tokens',
      summary: 'Your API tokens (from a browser session)',
      params: userParams,
      answers: { 200: apiTokenListResponseSchema },
      handler: async (request, _reply, { actor, params }) =>
        listApiTokens(app.db, { actor, session: request.session }, params.id),
    }),
    route({
      method: 'POST',
      url: '/users/:id/api-tokens',
      summary: 'Create an API token; its secret is answered this once',
      params: userParams,
      body: apiTokenSchema,
      answers: { 201: apiTokenCreatedResponseSchema },
      handler: async (request, reply, { actor, params }) => {
        const requester = {
          actor,
          session: request.session,
          userAgent: request.headers['user-agent'] ?? '',
          ip: request.ip,
        };
        const created = await createApiToken(app.db, requester, params.id, request.body);
        reply.code(201);
        return created;
      },
    }),
    route({
      method: 'DELETE',
      url: '/users/:id/api-tokens/:tokenId',
      summary: 'Revoke an API token: it stops working at once',
      params: tokenParams,
      answers: { 200: messageResponseSchema },
      handler: async (request, _reply, { actor, params }) =>
        revokeApiToken(app.db, { actor, session: request.session }, params.id, params.tokenId),
    }),
  ]);
}
