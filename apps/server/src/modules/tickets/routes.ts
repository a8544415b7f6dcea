/**
 * Tickets (SPEC.md sections 2-7): lists, detail, create, edit, status changes, deletes, batch actions and
 * the ticket files. Routes parse, call the service and answer; the rules live in service.ts.
 *
 * `PATCH tickets/{id}` (the edit form) and `PATCH {ticket path}` (status only) are the same route: a body
 * with nothing but `status` is a status change. `/tickets/batch…` are static paths, which Fastify prefers
 * to `/tickets/:id`.
 */
import { TICKET_PRIORITIES, TICKET_STATUSES } from '@mend/shared';
import type { FastifyInstance } from 'fastify';
import { notFound, unauthenticated } from '../../lib/errors';
import { parseListQuery } from '../../lib/list-query';
import { parseRecordId, recordId } from '../../lib/record-helpers';
import { defineRoutes, type SignedIn, type SignedInHandler } from '../../lib/routes';
import { loadSessionFrom } from '../../lib/session';
import { displayName } from '../users/serialize';
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
  parseTicketFilters,
  updateTicket,
  type Viewer,
} from './service';

/** The signed-in user (routes need one by default) as the service sees it. */
function viewerOf({ user }: SignedIn): Viewer {
  return { id: user.id, role: user.role, landlordId: user.landlordId, name: displayName(user) };
}

/** Ticket files: private to the users who may see the ticket; ids never change what they point at. */
function fileRoute(app: FastifyInstance, thumbnail: boolean): SignedInHandler {
  return async (request, reply, signedIn) => {
    const file = await findTicketFile(
      app.db,
      viewerOf(signedIn),
      recordId(request),
      recordId(request, 'imageId'),
      thumbnail,
    );
    const stored = await app.storage.get(file.key).catch(() => null);
    if (!stored) throw notFound();
    const extension = file.key.split('.').pop();
    const name = `${file.name.replace(/\.[^.]*$/, '').replace(/[^\w.-]+/g, '_') || 'file'}.${extension}`;
    return reply
      .type(file.mimeType)
      .header('content-length', stored.size)
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', `inline; filename="${name}"`)
      .header('cache-control', 'private, max-age=3600')
      .send(stored.stream);
  };
}

export function ticketRoutes(app: FastifyInstance): void {
  defineRoutes(app, [
    { method: 'GET', url: '/tickets/statuses', handler: async () => [...TICKET_STATUSES] },
    { method: 'GET', url: '/tickets/priorities', handler: async () => [...TICKET_PRIORITIES] },
    {
      method: 'GET',
      url: '/tickets',
      handler: async (request, _reply, signedIn) =>
        listTickets(
          app.db,
          viewerOf(signedIn),
          parseTicketFilters(request.query),
          parseListQuery(request.query),
        ),
    },
    {
      method: 'POST',
      url: '/tickets',
      handler: async (request, reply, signedIn) => {
        const ticket = await createTicket(app, viewerOf(signedIn), request.body, request.uploads);
        reply.code(201);
        return ticket;
      },
    },
    {
      method: 'DELETE',
      url: '/tickets/batch',
      handler: async (request, _reply, signedIn) => batchDeleteTickets(app, viewerOf(signedIn), request.body),
    },
    {
      method: 'PATCH',
      url: '/tickets/batch/status',
      handler: async (request, _reply, signedIn) => batchChangeStatus(app, viewerOf(signedIn), request.body),
    },
    {
      method: 'GET',
      url: '/tickets/:id',
      // Opening a ticket reads the session and the ticket in one statement (ADR 0013).
      sessionInQuery: true,
      handler: async (request) => {
        const id = parseRecordId(request);
        const found = await loadSessionFrom(request, (values) =>
          ticketDetailWithSession(app.db).execute({ ...values, ticketId: id ?? 0 }),
        );
        if (!request.actor) throw unauthenticated();
        if (id === null) throw notFound();
        return answerTicketDetail(app.db, request.actor, found);
      },
    },
    {
      method: 'PATCH',
      url: '/tickets/:id',
      handler: async (request, _reply, signedIn) =>
        isStatusOnly(request.body, request.uploads)
          ? changeTicketStatus(app, viewerOf(signedIn), recordId(request), request.body)
          : updateTicket(app, viewerOf(signedIn), recordId(request), request.body, request.uploads),
    },
    {
      method: 'DELETE',
      url: '/tickets/:id',
      handler: async (request, _reply, signedIn) => deleteTicket(app, viewerOf(signedIn), recordId(request)),
    },
    { method: 'GET', url: '/tickets/:id/images/:imageId', handler: fileRoute(app, false) },
    { method: 'GET', url: '/tickets/:id/images/:imageId/thumbnail', handler: fileRoute(app, true) },
    {
      method: 'GET',
      url: '/landlords/:id/tickets',
      handler: async (request, _reply, signedIn) =>
        listLandlordTickets(
          app.db,
          viewerOf(signedIn),
          recordId(request),
          parseTicketFilters(request.query),
          parseListQuery(request.query),
        ),
    },
    {
      method: 'GET',
      url: '/users/:id/tickets',
      handler: async (request, _reply, signedIn) =>
        listUserTickets(
          app.db,
          viewerOf(signedIn),
          recordId(request),
          parseTicketFilters(request.query),
          parseListQuery(request.query),
        ),
    },
  ]);
}
