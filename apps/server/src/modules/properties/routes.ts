/** Properties (SPEC.md sections 2, 3, 7): list, detail, form data, create, update, delete. Rules live in service.ts. */
import type { FastifyInstance } from 'fastify';
import { parseListQuery } from '../../lib/list-query';
import { filterId, recordId } from '../../lib/record-helpers';
import { defineRoutes } from '../../lib/routes';
import {
  createProperty,
  deleteProperty,
  getProperty,
  listProperties,
  propertyCreateForm,
  propertyEditForm,
  updateProperty,
} from './service';

export function propertyRoutes(app: FastifyInstance): void {
  defineRoutes(app, [
    {
      method: 'GET',
      url: '/properties',
      handler: async (request, _reply, { actor }) =>
        listProperties(app.db, actor, parseListQuery(request.query), {
          landlordId: filterId(request.query, 'landlord_id'),
        }),
    },
    {
      method: 'GET',
      url: '/properties/create',
      handler: async (_request, _reply, { actor }) => propertyCreateForm(app.db, actor),
    },
    {
      method: 'POST',
      url: '/properties',
      handler: async (request, reply, { actor }) => {
        reply.code(201);
        return createProperty(app, actor, request.body, request.uploads);
      },
    },
    {
      method: 'GET',
      url: '/properties/:id',
      handler: async (request, _reply, { actor }) => getProperty(app.db, actor, recordId(request)),
    },
    {
      method: 'GET',
      url: '/properties/:id/edit',
      handler: async (request, _reply, { actor }) => propertyEditForm(app.db, actor, recordId(request)),
    },
    {
      method: 'PATCH',
      url: '/properties/:id',
      handler: async (request, _reply, { actor }) =>
        updateProperty(app, actor, recordId(request), request.body, request.uploads),
    },
    {
      method: 'DELETE',
      url: '/properties/:id',
      handler: async (request, _reply, { actor }) => deleteProperty(app, actor, recordId(request)),
    },
  ]);
}
