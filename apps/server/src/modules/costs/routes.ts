/**
 * Estimates, invoices and the owner's approval (issue 26): the contractor sends, staff decide and mark paid, an owner
 * answers from its signed link, signed out. Routes parse, call the service and answer; the rules live in service.ts
 * and owner-links.ts. `clock` is the app's clock (tests move it).
 */
import { costDeclineSchema, costPaidSchema, costSchema } from '@mend/shared';
import { errorResponseSchema } from '@mend/shared/responses/common';
import {
  apiApprovalLinkAnswerSchema,
  apiApprovalLinkSchema,
  apiTicketAssignmentResponseSchema,
} from '@mend/shared/responses/tickets';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idParams, recordIdParam } from '../../lib/contracts';
import { privateFileAnswer, sendPrivateFile } from '../../lib/private-files';
import { defineRoutes, route } from '../../lib/routes';
import { viewerOf } from '../tickets/service';
import { answerApprovalLink, showApprovalLink } from './owner-links';
import { costAttachment, decideEstimate, markPaid, submitCost } from './service';

const costParams = z.object({ id: recordIdParam, costId: recordIdParam });
const tokenParams = z.object({ token: z.string() });
/** A link that is not one Mend signed, or has expired (400); an estimate decided already (409). */
const linkErrors = { 400: errorResponseSchema, 409: errorResponseSchema };

export function costRoutes(app: FastifyInstance, clock: () => Date = () => new Date()): void {
  const submitRoute = (kind: 'estimate' | 'invoice') =>
    route({
      method: 'POST',
      url: `/tickets/:id/${kind}s`,
      summary:
        kind === 'estimate'
          ? 'Send an estimate before the work (the contractor that accepted the job)'
          : 'Send an invoice after the work (the contractor that accepted the job)',
      params: idParams,
      body: costSchema,
      answers: { 201: apiTicketAssignmentResponseSchema },
      handler: async (request, reply, signedIn) => {
        reply.code(201);
        return submitCost(
          app,
          viewerOf(signedIn),
          signedIn.params.id,
          kind,
          request.body,
          request.uploads,
          clock(),
        );
      },
    });
  const decideRoute = (approved: boolean) =>
    route({
      method: 'POST',
      url: `/tickets/:id/costs/:costId/${approved ? 'approve' : 'decline'}`,
      summary: approved
        ? 'Approve an estimate within the approval limit (staff)'
        : 'Decline an estimate within the approval limit, with a reason (staff)',
      params: costParams,
      body: approved ? undefined : costDeclineSchema,
      answers: { 200: apiTicketAssignmentResponseSchema },
      errors: { 409: errorResponseSchema },
      handler: async (request, _reply, signedIn) =>
        decideEstimate(
          app,
          viewerOf(signedIn),
          signedIn.params.id,
          signedIn.params.costId,
          approved,
          request.body,
          clock(),
        ),
    });
  const linkAnswerRoute = (approved: boolean) =>
    route({
      method: 'POST',
      url: `/approval-links/:token/${approved ? 'approve' : 'decline'}`,
      summary: approved
        ? 'Approve the estimate an owner’s signed link names, signed out'
        : 'Decline the estimate an owner’s signed link names, with a reason, signed out',
      auth: false,
      params: tokenParams,
      body: approved ? undefined : costDeclineSchema,
      answers: { 200: apiApprovalLinkAnswerSchema },
      errors: linkErrors,
      handler: async (request, _reply, { params }) =>
        answerApprovalLink(app, params.token, approved, request.body, clock()),
    });

  defineRoutes(app, 'Costs', [
    submitRoute('estimate'),
    submitRoute('invoice'),
    decideRoute(true),
    decideRoute(false),
    route({
      method: 'POST',
      url: '/tickets/:id/costs/:costId/paid',
      summary: 'Mark an invoice paid on a date (staff)',
      params: costParams,
      body: costPaidSchema,
      answers: { 200: apiTicketAssignmentResponseSchema },
      errors: { 409: errorResponseSchema },
      handler: async (request, _reply, signedIn) =>
        markPaid(app, viewerOf(signedIn), signedIn.params.id, signedIn.params.costId, request.body, clock()),
    }),
    route({
      method: 'GET',
      url: '/tickets/:id/costs/:costId/attachment',
      summary: 'The PDF or image attached to an estimate or invoice',
      params: costParams,
      answers: { 200: privateFileAnswer },
      handler: async (_request, reply, signedIn) =>
        sendPrivateFile(
          app.storage,
          reply,
          await costAttachment(app, viewerOf(signedIn), signedIn.params.id, signedIn.params.costId),
        ),
    }),
    route({
      method: 'GET',
      url: '/approval-links/:token',
      summary: 'The estimate an owner’s signed link names, signed out',
      auth: false,
      params: tokenParams,
      answers: { 200: apiApprovalLinkSchema },
      errors: linkErrors,
      handler: async (_request, _reply, { params }) => showApprovalLink(app, params.token, clock()),
    }),
    linkAnswerRoute(true),
    linkAnswerRoute(false),
  ]);
}
