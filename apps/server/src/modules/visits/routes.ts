/**
 * Visits of a ticket's assigned contractor and the calendar (issue 25): book, confirm, refuse, cancel; the calendar's
 * span; the user's private feed address and the feed itself (outside /api: calendar programs fetch it without a
 * session). Routes parse, call the service and answer; the rules live in service.ts and calendar.ts. `clock` is the
 * app's clock (tests move it).
 */
import { visitReasonSchema, visitSchema } from '@mend/shared';
import { errorResponseSchema } from '@mend/shared/responses/common';
import {
  apiCalendarFeedSchema,
  apiCalendarSchema,
  apiTicketAssignmentResponseSchema,
} from '@mend/shared/responses/tickets';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idParams, recordIdParam } from '../../lib/contracts';
import { defineRoutes, route } from '../../lib/routes';
import { viewerOf } from '../tickets/service';
import { calendar, calendarDocument, calendarFeed, calendarQuery, resetCalendarFeed } from './calendar';
import { answerVisit, bookVisit, cancelVisit } from './service';

const visitParams = z.object({ id: recordIdParam, visitId: recordIdParam });

/** The booking form as the reference shows it (the schema itself needs the property's zone and the clock). */
const bookingBody = visitSchema(new Date(0), 'UTC');

export function visitRoutes(app: FastifyInstance, clock: () => Date = () => new Date()): void {
  const visitAction = (action: 'confirm' | 'refuse' | 'cancel', summary: string) =>
    route({
      method: 'POST',
      url: `/tickets/:id/visits/:visitId/${action}`,
      summary,
      params: visitParams,
      body: action === 'confirm' ? undefined : visitReasonSchema,
      answers: { 200: apiTicketAssignmentResponseSchema },
      errors: { 409: errorResponseSchema },
      handler: async (request, _reply, signedIn) => {
        const { id, visitId } = signedIn.params;
        const viewer = viewerOf(signedIn);
        if (action === 'cancel') return cancelVisit(app, viewer, id, visitId, request.body, clock());
        return answerVisit(app, viewer, id, visitId, action === 'confirm', request.body, clock());
      },
    });

  defineRoutes(app, 'Visits', [
    route({
      method: 'POST',
      url: '/tickets/:id/visits',
      summary: 'Book a visit (or propose one outside the tenant’s availability), or another time for it',
      params: idParams,
      body: bookingBody,
      answers: { 200: apiTicketAssignmentResponseSchema },
      errors: { 409: errorResponseSchema },
      handler: async (request, _reply, signedIn) =>
        bookVisit(app, viewerOf(signedIn), signedIn.params.id, request.body, clock()),
    }),
    visitAction('confirm', 'Confirm the proposed visit (the ticket’s tenant)'),
    visitAction('refuse', 'Refuse the proposed visit, with an optional reason (the ticket’s tenant)'),
    visitAction('cancel', 'Cancel the visit (its contractor or staff), with an optional reason'),
    route({
      method: 'GET',
      url: '/visits',
      reusesSession: true,
      summary: 'The proposed and booked visits the user sees in a span (seconds since the epoch)',
      query: calendarQuery,
      answers: { 200: apiCalendarSchema },
      handler: async (_request, _reply, signedIn) =>
        calendar(app.db, signedIn.actor, signedIn.query, clock()),
    }),
    route({
      method: 'GET',
      url: '/users/:id/calendar-feed',
      summary: 'The private address of the user’s calendar feed (its own only)',
      params: idParams,
      answers: { 200: apiCalendarFeedSchema },
      handler: async (_request, _reply, signedIn) => calendarFeed(app, signedIn.actor, signedIn.params.id),
    }),
    route({
      method: 'POST',
      url: '/users/:id/calendar-feed/reset',
      summary: 'Make a new calendar feed address; the old one stops working',
      params: idParams,
      answers: { 200: apiCalendarFeedSchema },
      handler: async (_request, _reply, signedIn) =>
        resetCalendarFeed(app, signedIn.actor, signedIn.params.id),
    }),
  ]);
}

/** GET /calendar/{token}.ics: a user's visits for calendar programs, which fetch it without a session. */
export function calendarFeedRoute(app: FastifyInstance, clock: () => Date = () => new Date()): void {
  app.get('/calendar/:file', async (request, reply) => {
    const file = (request.params as { file: string }).file;
    const token = file.endsWith('.ics') ? file.slice(0, -'.ics'.length) : null;
    const document = token ? await calendarDocument(app, token, clock()) : null;
    if (document === null) {
      reply.code(404).type('text/plain; charset=utf-8');
      return 'Not found';
    }
    reply
      .type('text/calendar; charset=utf-8')
      .header('cache-control', 'private, max-age=300')
      .header('content-disposition', 'inline; filename="mend-visits.ics"');
    return document;
  });
}
