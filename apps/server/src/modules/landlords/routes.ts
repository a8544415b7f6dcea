/**
 * Landlords (SPEC.md sections 2, 3, 7): list, detail, create/edit form data, create, update, delete,
 * the signed-in user's landlord, and the public logo of the login screen. Rules live in service.ts.
 */

import type { FastifyInstance } from 'fastify';
import { parseListQuery } from '../../lib/list-query';
import { recordId } from '../../lib/record-helpers';
import { defineRoutes } from '../../lib/routes';
import {
  createLandlord,
  currentLandlord,
  deleteLandlord,
  getLandlord,
  landlordCreateForm,
  landlordEditForm,
  landlordLogo,
  listLandlords,
  updateLandlord,
} from './service';

export function landlordRoutes(app: FastifyInstance): void {
  defineRoutes(app, [
    {
      method: 'GET',
      url: '/landlords/current',
      handler: async (request) => ({ landlord: await currentLandlord(app.db, request.user!.landlordId) }),
    },
    {
      method: 'GET',
      url: '/landlords',
      handler: async (request) => listLandlords(app.db, request.actor!, parseListQuery(request.query)),
    },
    {
      method: 'GET',
      url: '/landlords/create',
      handler: async (request) => landlordCreateForm(app.db, request.actor!),
    },
    {
      method: 'POST',
      url: '/landlords',
      handler: async (request, reply) => {
        reply.code(201);
        return createLandlord(app, request.actor!, request.body, request.uploads);
      },
    },
    {
      method: 'GET',
      url: '/landlords/:id',
      handler: async (request) => getLandlord(app.db, request.actor!, recordId(request)),
    },
    {
      method: 'GET',
      url: '/landlords/:id/edit',
      handler: async (request) => landlordEditForm(app.db, request.actor!, recordId(request)),
    },
    {
      // The login screen shows the logo before anyone signs in: id, name and logo URL only.
      method: 'GET',
      url: '/landlords/:id/logo',
      auth: false,
      handler: async (request) => landlordLogo(app.db, recordId(request)),
    },
    {
      method: 'PATCH',
      url: '/landlords/:id',
      handler: async (request) =>
        updateLandlord(app, request.actor!, recordId(request), request.body, request.uploads),
    },
    {
      method: 'DELETE',
      url: '/landlords/:id',
      handler: async (request) => deleteLandlord(app, request.actor!, recordId(request)),
    },
  ]);
}
