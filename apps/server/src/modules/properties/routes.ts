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
      handler: async (request) =>
        listProperties(app.db, request.actor!, parseListQuery(request.query), {
          landlordId: filterId(request.query, 'landlord_id'),
        }),
    },
    {
      method: 'GET',
      url: '/properties/create',
      handler: async (request) => propertyCreateForm(app.db, request.actor!),
    },
    {
      method: 'POST',
      url: '/properties',
      handler: async (request, reply) => {
        reply.code(201);
        return createProperty(app, request.actor!, request.body, request.uploads);
      },
    },
    {
      method: 'GET',
      url: '/properties/:id',
      handler: async (request) => getProperty(app.db, request.actor!, recordId(request)),
    },
    {
      method: 'GET',
      url: '/properties/:id/edit',
      handler: async (request) => propertyEditForm(app.db, request.actor!, recordId(request)),
    },
    {
      method: 'PATCH',
      url: '/properties/:id',
      handler: async (request) =>
        updateProperty(app, request.actor!, recordId(request), request.body, request.uploads),
    },
    {
      method: 'DELETE',
      url: '/properties/:id',
      handler: async (request) => deleteProperty(app, request.actor!, recordId(request)),
    },
  ]);
}
