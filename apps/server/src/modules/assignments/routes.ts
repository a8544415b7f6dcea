/**
 * One assigned contractor per ticket (issue 25): staff assign, reassign and unassign; the contractor accepts or
 * declines, signed in or from the signed link of its email or SMS. Routes parse, call the service and answer; the rules
 * live in service.ts. `clock` is the app's clock (tests move it).
 */
import { assignmentDeclineSchema, assignmentSchema } from '@mend/shared';
import { errorResponseSchema } from '@mend/shared/responses/common';
import {
  apiAssignableContractorListSchema,
  apiAssignmentLinkAnswerSchema,
  apiAssignmentLinkSchema,
  apiTicketAssignmentResponseSchema,
} from '@mend/shared/responses/tickets';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idParams } from '../../lib/contracts';
import { defineRoutes, route } from '../../lib/routes';
import { viewerOf } from '../tickets/service';
import {
  answerAssignment,
  answerAssignmentLink,
  assign,
  listAssignable,
  showAssignmentLink,
  unassign,
} from './service';

/** A signed link's token. */
const tokenParams = z.object({ token: z.string() });

/** A link that is not one Mend signed, or has expired (400); a job no longer the link's, or answered already (409). */
const linkErrors = { 400: errorResponseSchema, 409: errorResponseSchema };

export function assignmentRoutes(app: FastifyInstance, clock: () => Date = () => new Date()): void {
  const answerRoute = (accept: boolean) =>
    route({
      method: 'POST',
      url: `/tickets/:id/assignment/${accept ? 'accept' : 'decline'}`,
      summary: accept ? 'Accept the job (its assigned contractor)' : 'Decline the job, with a reason',
      params: idParams,
      body: accept ? undefined : assignmentDeclineSchema,
      answers: { 200: apiTicketAssignmentResponseSchema },
      errors: { 409: errorResponseSchema },
      handler: async (request, _reply, signedIn) =>
        answerAssignment(app, viewerOf(signedIn), signedIn.params.id, accept, request.body, clock()),
    });
  const linkAnswerRoute = (accept: boolean) =>
    route({
      method: 'POST',
      url: `/assignment-links/:token/${accept ? 'accept' : 'decline'}`,
      summary: accept
        ? 'Accept the job the signed link names, signed out'
        : 'Decline the job the signed link names, with a reason, signed out',
      auth: false,
      params: tokenParams,
      body: accept ? undefined : assignmentDeclineSchema,
      answers: { 200: apiAssignmentLinkAnswerSchema },
      errors: linkErrors,
      handler: async (request, _reply, { params }) =>
        answerAssignmentLink(app, params.token, accept, request.body, clock()),
    });

  defineRoutes(app, 'Assignments', [
    route({
      method: 'GET',
      url: '/tickets/:id/assignable-contractors',
      reusesSession: true,
      summary:
        'The contractors staff may assign to a ticket: matched by routing first, then the landlord’s others',
      params: idParams,
      answers: { 200: apiAssignableContractorListSchema },
      handler: async (_request, _reply, signedIn) =>
        listAssignable(app.db, viewerOf(signedIn), signedIn.params.id),
    }),
    route({
      method: 'PUT',
      url: '/tickets/:id/assignment',
      summary: 'Assign a contractor to a ticket (another one reassigns it)',
      params: idParams,
      body: assignmentSchema,
      answers: { 200: apiTicketAssignmentResponseSchema },
      errors: { 409: errorResponseSchema },
      handler: async (request, _reply, signedIn) =>
        assign(app, viewerOf(signedIn), signedIn.params.id, request.body, clock()),
    }),
    route({
      method: 'DELETE',
      url: '/tickets/:id/assignment',
      summary: 'Unassign the contractor of a ticket',
      params: idParams,
      answers: { 200: apiTicketAssignmentResponseSchema },
      errors: { 409: errorResponseSchema },
      handler: async (_request, _reply, signedIn) =>
        unassign(app, viewerOf(signedIn), signedIn.params.id, clock()),
    }),
    answerRoute(true),
    answerRoute(false),
    route({
      method: 'GET',
      url: '/assignment-links/:token',
      summary: 'The job a signed link in an assignment’s email or SMS names, signed out',
      auth: false,
      params: tokenParams,
      answers: { 200: apiAssignmentLinkSchema },
      errors: linkErrors,
      handler: async (_request, _reply, { params }) => showAssignmentLink(app, params.token, clock()),
    }),
    linkAnswerRoute(true),
    linkAnswerRoute(false),
  ]);
}
