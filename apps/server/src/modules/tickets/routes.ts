/**
 * Tickets (SPEC.md sections 2-7): lists, detail, create, edit, status changes, deletes, batch actions and
 * the ticket files. Routes parse, call the service and answer; the rules live in service.ts.
 *
 * `PATCH tickets/{id}` (the edit form) and `PATCH {ticket path}` (status only) are the same route: a body
 * with nothing but `status` is a status change. `/tickets/batch…` are static paths, which Fastify prefers
 * to `/tickets/:id`.
 */
import {
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  ticketBatchDeleteSchema,
  ticketBatchStatusSchema,
  ticketDueSchema,
  ticketSchema,
  ticketStatusSchema,
} from '@mend/shared';
import {
  apiTicketBatchDeleteResponseSchema,
  apiTicketBatchStatusResponseSchema,
  apiTicketDeleteResponseSchema,
  apiTicketListSchema,
  apiTicketSchema,
} from '@mend/shared/responses/tickets';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idParams, recordIdParam } from '../../lib/contracts';
import { unauthenticated } from '../../lib/errors';
import { privateFileAnswer, sendPrivateFile } from '../../lib/private-files';
import { defineRoutes, route } from '../../lib/routes';
import { loadSessionFrom } from '../../lib/session';
import { changeDueTimes } from './due';
import { ticketDetailWithSession } from './queries';
import {
  answerTicketDetail,
  batchChangeStatus,
  batchDeleteTickets,
  changeTicketStatus,
  createTicket,
  deleteTicket,
  findTicketFile,
  isStatusOnly,
  listLandlordTickets,
  listTickets,
  listUserTickets,
  ticketFiltersOf,
  ticketListQuery,
  updateTicket,
  viewerOf,
} from './service';

const ticketForm = ticketSchema();
const imageParams = z.object({ id: recordIdParam, imageId: recordIdParam });

/** Ticket files: private to the users who may see the ticket; ids never change what they point at. */
function fileRoute(app: FastifyInstance, thumbnail: boolean) {
  return route({
    method: 'GET',
    url: thumbnail ? '/tickets/:id/images/:imageId/thumbnail' : '/tickets/:id/images/:imageId',
    summary: thumbnail ? "A ticket image's thumbnail" : 'A file of a ticket',
    params: imageParams,
    answers: { 200: privateFileAnswer },
    handler: async (_request, reply, signedIn) => {
      const { params } = signedIn;
      const file = await findTicketFile(app.db, viewerOf(signedIn), params.id, params.imageId, thumbnail);
      return sendPrivateFile(app.storage, reply, file);
    },
  });
}

export function ticketRoutes(app: FastifyInstance, clock: () => Date = () => new Date()): void {
  defineRoutes(app, 'Tickets', [
    route({
      method: 'GET',
      url: '/tickets/statuses',
      summary: 'The ticket statuses, by index',
      answers: { 200: z.array(z.enum(TICKET_STATUSES)) },
      handler: async () => [...TICKET_STATUSES],
    }),
    route({
      method: 'GET',
      url: '/tickets/priorities',
      summary: 'The ticket priorities, by index',
      answers: { 200: z.array(z.enum(TICKET_PRIORITIES)) },
      handler: async () => [...TICKET_PRIORITIES],
    }),
    route({
      method: 'GET',
      url: '/tickets',
      reusesSession: true,
      summary: 'A page of the tickets the user may see',
      query: ticketListQuery,
      answers: { 200: apiTicketListSchema },
      handler: async (_request, _reply, signedIn) =>
        listTickets(app.db, viewerOf(signedIn), ticketFiltersOf(signedIn.query), signedIn.query, clock()),
    }),
    route({
      method: 'POST',
      url: '/tickets',
      summary: 'Create a ticket',
      body: ticketForm,
      answers: { 201: apiTicketSchema },
      handler: async (request, reply, signedIn) => {
        const ticket = await createTicket(app, viewerOf(signedIn), request.body, request.uploads, clock());
        reply.code(201);
        return ticket;
      },
    }),
    route({
      method: 'DELETE',
      url: '/tickets/batch',
      summary: 'Delete several tickets',
      body: ticketBatchDeleteSchema,
      answers: { 200: apiTicketBatchDeleteResponseSchema },
      handler: async (request, _reply, signedIn) => batchDeleteTickets(app, viewerOf(signedIn), request.body),
    }),
    route({
      method: 'PATCH',
      url: '/tickets/batch/status',
      summary: 'Change the status of several tickets',
      body: ticketBatchStatusSchema,
      answers: { 200: apiTicketBatchStatusResponseSchema },
      handler: async (request, _reply, signedIn) =>
        batchChangeStatus(app, viewerOf(signedIn), request.body, clock()),
    }),
    route({
      method: 'GET',
      url: '/tickets/:id',
      summary: 'A ticket, its files, availability and log',
      params: idParams,
      // Opening a ticket reads the session and the ticket in one statement (ADR 0013).
      sessionInQuery: true,
      answers: { 200: apiTicketSchema },
      handler: async (request, _reply, { params }) => {
        const found = await loadSessionFrom(request, (values) =>
          ticketDetailWithSession(app.db).execute({ ...values, ticketId: params.id }),
        );
        if (!request.actor) throw unauthenticated();
        return answerTicketDetail(app.db, request.actor, found, clock());
      },
    }),
    route({
      method: 'PATCH',
      url: '/tickets/:id',
      summary: 'Update a ticket (the edit form), or change its status (a body of `status` alone)',
      params: idParams,
      body: z.union([ticketStatusSchema, ticketForm]),
      answers: { 200: apiTicketSchema },
      handler: async (request, _reply, signedIn) =>
        isStatusOnly(request.body, request.uploads)
          ? changeTicketStatus(app, viewerOf(signedIn), signedIn.params.id, request.body, clock())
          : updateTicket(app, viewerOf(signedIn), signedIn.params.id, request.body, request.uploads, clock()),
    }),
    route({
      method: 'DELETE',
      url: '/tickets/:id',
      summary: 'Delete a ticket',
      params: idParams,
      answers: { 200: apiTicketDeleteResponseSchema },
      handler: async (_request, _reply, signedIn) =>
        deleteTicket(app, viewerOf(signedIn), signedIn.params.id),
    }),
    route({
      method: 'PATCH',
      url: '/tickets/:id/due',
      summary: "Change a ticket's due times (staff of its landlord)",
      params: idParams,
      // Read again in the time zone of the ticket's property (tickets/due.ts); this one documents the fields.
      body: ticketDueSchema('UTC'),
      answers: { 200: apiTicketSchema },
      handler: async (request, _reply, signedIn) =>
        changeDueTimes(app, viewerOf(signedIn), signedIn.params.id, request.body, clock()),
    }),
    fileRoute(app, false),
    fileRoute(app, true),
    route({
      method: 'GET',
      url: '/landlords/:id/tickets',
      reusesSession: true,
      summary: "A page of a landlord's tickets",
      params: idParams,
      query: ticketListQuery,
      answers: { 200: apiTicketListSchema },
      handler: async (_request, _reply, signedIn) =>
        listLandlordTickets(
          app.db,
          viewerOf(signedIn),
          signedIn.params.id,
          ticketFiltersOf(signedIn.query),
          signedIn.query,
          clock(),
        ),
    }),
    route({
      method: 'GET',
      url: '/users/:id/tickets',
      reusesSession: true,
      summary: "A page of a user's tickets (theirs as tenant, assigned as contractor)",
      params: idParams,
      query: ticketListQuery,
      answers: { 200: apiTicketListSchema },
      handler: async (_request, _reply, signedIn) =>
        listUserTickets(
          app.db,
          viewerOf(signedIn),
          signedIn.params.id,
          ticketFiltersOf(signedIn.query),
          signedIn.query,
          clock(),
        ),
    }),
  ]);
}
