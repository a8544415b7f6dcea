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
      handler: async (_request, _reply, { user }) => ({
        landlord: await currentLandlord(app.db, user.landlordId),
      }),
    },
    {
      method: 'GET',
      url: '/landlords',
      handler: async (request, _reply, { actor }) =>
        listLandlords(app.db, actor, parseListQuery(request.query)),
    },
    {
      method: 'GET',
      url: '/landlords/create',
      handler: async (_request, _reply, { actor }) => landlordCreateForm(app.db, actor),
    },
    {
      method: 'POST',
      url: '/landlords',
      handler: async (request, reply, { actor }) => {
        reply.code(201);
        return createLandlord(app, actor, request.body, request.uploads);
      },
    },
    {
      method: 'GET',
      url: '/landlords/:id',
      handler: async (request, _reply, { actor }) => getLandlord(app.db, actor, recordId(request)),
    },
    {
      method: 'GET',
      url: '/landlords/:id/edit',
      handler: async (request, _reply, { actor }) => landlordEditForm(app.db, actor, recordId(request)),
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
      handler: async (request, _reply, { actor }) =>
        updateLandlord(app, actor, recordId(request), request.body, request.uploads),
    },
    {
      method: 'DELETE',
      url: '/landlords/:id',
      handler: async (request, _reply, { actor }) => deleteLandlord(app, actor, recordId(request)),
    },
  ]);
}
