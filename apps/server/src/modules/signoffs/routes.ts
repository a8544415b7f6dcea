/**
 * The tenant's sign-off of a completed ticket (issue 25): confirm and rate the repair, or reopen the ticket; signed in,
 * or from the signed link of its email or SMS. Routes parse, call the service and answer; the rules live in
 * service.ts. `clock` is the app's clock (tests move it).
 */
import { signoffConfirmSchema, signoffReopenSchema } from '@mend/shared';
import { errorResponseSchema } from '@mend/shared/responses/common';
import {
  apiSignoffLinkAnswerSchema,
  apiSignoffLinkSchema,
  apiTicketAssignmentResponseSchema,
} from '@mend/shared/responses/tickets';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idParams } from '../../lib/contracts';
import { defineRoutes, route } from '../../lib/routes';
import { viewerOf } from '../tickets/service';
import { answerSignoff, answerSignoffLink, showSignoffLink } from './service';

/** A signed link's token. */
const tokenParams = z.object({ token: z.string() });

/** A link that is not one Mend signed, or has expired (400); a question no longer asked, or answered (409). */
const linkErrors = { 400: errorResponseSchema, 409: errorResponseSchema };

export function signoffRoutes(app: FastifyInstance, clock: () => Date = () => new Date()): void {
  const answerRoute = (confirm: boolean) =>
    route({
      method: 'POST',
      url: `/tickets/:id/signoff/${confirm ? 'confirm' : 'reopen'}`,
      summary: confirm
        ? 'Confirm the repair of a completed ticket and rate it (its tenant)'
        : 'Reopen a completed ticket, saying what still needs fixing (its tenant)',
      params: idParams,
      body: confirm ? signoffConfirmSchema : signoffReopenSchema,
      answers: { 200: apiTicketAssignmentResponseSchema },
      errors: { 409: errorResponseSchema },
      handler: async (request, _reply, signedIn) =>
        answerSignoff(app, viewerOf(signedIn), signedIn.params.id, confirm, request.body, clock()),
    });
  const linkAnswerRoute = (confirm: boolean) =>
    route({
      method: 'POST',
      url: `/signoff-links/:token/${confirm ? 'confirm' : 'reopen'}`,
      summary: confirm
        ? 'Confirm and rate the repair the signed link names, signed out'
        : 'Reopen the ticket the signed link names, with what still needs fixing, signed out',
      auth: false,
      params: tokenParams,
      body: confirm ? signoffConfirmSchema : signoffReopenSchema,
      answers: { 200: apiSignoffLinkAnswerSchema },
      errors: linkErrors,
      handler: async (request, _reply, { params }) =>
        answerSignoffLink(app, params.token, confirm, request.body, clock()),
    });

  defineRoutes(app, 'Sign-offs', [
    answerRoute(true),
    answerRoute(false),
    route({
      method: 'GET',
      url: '/signoff-links/:token',
      summary: 'The completed ticket a signed link in the tenant’s email or SMS names, signed out',
      auth: false,
      params: tokenParams,
      answers: { 200: apiSignoffLinkSchema },
      errors: linkErrors,
      handler: async (_request, _reply, { params }) => showSignoffLink(app, params.token, clock()),
    }),
    linkAnswerRoute(true),
    linkAnswerRoute(false),
  ]);
}
