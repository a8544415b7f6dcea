/**
 * CSV exports of the lists (issue 27): `GET {list}/export.csv` beside each list, with the list's own query (search,
 * sort, order, filters; a page or its size is ignored: every row), its own rule (who may read it: 403 and 404 as for
 * its pages) and its own scope, condition and order (each list's service, `export…`). The file is streamed
 * (send.ts); its columns are the screen's (columns.ts).
 *
 * `/tickets/export.csv` and the others are static paths, which Fastify prefers to `/tickets/:id`.
 */
import { USER_TYPES, type UserType } from '@mend/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idParams, listQueryWith } from '../../lib/contracts';
import { defineRoutes, type RouteDefinition, route } from '../../lib/routes';
import { exportContactMessages } from '../contact/service';
import { propertyListQuery } from '../properties/routes';
import { exportProperties } from '../properties/service';
import {
  exportLandlordTickets,
  exportTickets,
  exportUserTickets,
  ticketFiltersOf,
  ticketListQuery,
  viewerOf,
} from '../tickets/service';
import { unitListQuery } from '../units/routes';
import { exportUnits } from '../units/service';
import { exportUsers, userListQuery } from '../users/service';
import { contactColumns, propertyColumns, ticketColumns, unitColumns, userColumns } from './columns';
import { sendCsv } from './send';

/**
 * The answer of every export: CSV text (UTF-8, with a byte order mark), as an attachment. Its `content` is what the
 * API reference reads (fastify-type-provider-zod documents a response with `content` under those media types); the
 * schema itself is what the route contract holds.
 */
const csvText = () =>
  z.string().meta({
    description:
      'A CSV file (RFC 4180, UTF-8 with a byte order mark): a header row, then every row of the list in its order',
  });
export const csvAnswer = Object.assign(csvText(), { content: { 'text/csv': { schema: csvText() } } });

export function exportRoutes(app: FastifyInstance, clock: () => Date = () => new Date()): void {
  const typeRoute = (type: UserType): RouteDefinition =>
    route({
      method: 'GET',
      url: `/${type}/export.csv`,
      summary: `Every one of the ${type} the user may see (the list's search, sort and filters) as CSV`,
      query: userListQuery,
      answers: { 200: csvAnswer },
      handler: async (_request, reply, { actor, query }) =>
        sendCsv(app, reply, type, exportUsers(app.db, actor, type, query), userColumns(actor, type), clock()),
    });

  defineRoutes(app, 'Exports', [
    route({
      method: 'GET',
      url: '/tickets/export.csv',
      summary: "Every ticket the user sees (the list's search, sort and filters) as CSV",
      query: ticketListQuery,
      answers: { 200: csvAnswer },
      handler: async (_request, reply, signedIn) => {
        const viewer = viewerOf(signedIn);
        const now = clock();
        const list = exportTickets(app.db, viewer, ticketFiltersOf(signedIn.query), signedIn.query, now);
        return sendCsv(app, reply, 'tickets', list, ticketColumns(viewer), now);
      },
    }),
    route({
      method: 'GET',
      url: '/landlords/:id/tickets/export.csv',
      summary: "Every ticket of a landlord (the list's search, sort and filters) as CSV",
      params: idParams,
      query: ticketListQuery,
      answers: { 200: csvAnswer },
      handler: async (_request, reply, signedIn) => {
        const viewer = viewerOf(signedIn);
        const { params, query } = signedIn;
        const now = clock();
        const list = await exportLandlordTickets(
          app.db,
          viewer,
          params.id,
          ticketFiltersOf(query),
          query,
          now,
        );
        return sendCsv(app, reply, `landlord-${params.id}-tickets`, list, ticketColumns(viewer), now);
      },
    }),
    route({
      method: 'GET',
      url: '/users/:id/tickets/export.csv',
      summary: "Every ticket of a user's list (the list's search, sort and filters) as CSV",
      params: idParams,
      query: ticketListQuery,
      answers: { 200: csvAnswer },
      handler: async (_request, reply, signedIn) => {
        const viewer = viewerOf(signedIn);
        const { params, query } = signedIn;
        const now = clock();
        const list = await exportUserTickets(app.db, viewer, params.id, ticketFiltersOf(query), query, now);
        return sendCsv(app, reply, `user-${params.id}-tickets`, list, ticketColumns(viewer), now);
      },
    }),
    route({
      method: 'GET',
      url: '/properties/export.csv',
      summary: "Every property the user may see (the list's search, sort and filters) as CSV",
      query: propertyListQuery,
      answers: { 200: csvAnswer },
      handler: async (_request, reply, { actor, query }) => {
        const list = exportProperties(app.db, actor, query, { landlordId: query.landlord_id });
        return sendCsv(app, reply, 'properties', list, propertyColumns(actor), clock());
      },
    }),
    route({
      method: 'GET',
      url: '/units/export.csv',
      summary: "Every unit the user may see (the list's search, sort and filters) as CSV",
      query: unitListQuery,
      answers: { 200: csvAnswer },
      handler: async (_request, reply, { actor, query }) => {
        const filters = { propertyId: query.property_id, landlordId: query.landlord_id };
        return sendCsv(
          app,
          reply,
          'units',
          exportUnits(app.db, actor, query, filters),
          unitColumns(actor),
          clock(),
        );
      },
    }),
    ...USER_TYPES.map(typeRoute),
    route({
      method: 'GET',
      url: '/contact/export.csv',
      summary: "Every message sent to support (the list's search and sort) as CSV",
      query: listQueryWith({}),
      answers: { 200: csvAnswer },
      handler: async (_request, reply, { actor, query }) =>
        sendCsv(
          app,
          reply,
          'contact',
          exportContactMessages(app.db, actor, query),
          contactColumns(),
          clock(),
        ),
    }),
  ]);
}
