/**
 * Units (SPEC.md sections 2, 3, 7): list, detail, form data, the categories offered on a unit, create,
 * update, delete. Rules live in service.ts.
 */
import type { FastifyInstance } from 'fastify';
import { parseListQuery } from '../../lib/list-query';
import { filterId, recordId } from '../../lib/record-helpers';
import { defineRoutes } from '../../lib/routes';
import {
  createUnit,
  deleteUnit,
  getUnit,
  listUnits,
  unitCategoryChoices,
  unitCreateForm,
  unitEditForm,
  updateUnit,
} from './service';

export function unitRoutes(app: FastifyInstance): void {
  defineRoutes(app, [
    {
      method: 'GET',
      url: '/units',
      handler: async (request, _reply, { actor }) =>
        listUnits(app.db, actor, parseListQuery(request.query), {
          propertyId: filterId(request.query, 'property_id'),
          landlordId: filterId(request.query, 'landlord_id'),
        }),
    },
    {
      method: 'GET',
      url: '/units/create',
      handler: async (request, _reply, { actor }) => unitCreateForm(app.db, actor, request.query),
    },
    {
      method: 'POST',
      url: '/units',
      handler: async (request, reply, { actor }) => {
        reply.code(201);
        return createUnit(app, actor, request.body, request.uploads);
      },
    },
    {
      method: 'GET',
      url: '/units/:id',
      handler: async (request, _reply, { actor }) => getUnit(app.db, actor, recordId(request)),
    },
    {
      method: 'GET',
      url: '/units/:id/edit',
      handler: async (request, _reply, { actor }) =>
        unitEditForm(app.db, actor, recordId(request), request.query),
    },
    {
      method: 'GET',
      url: '/units/:id/categories',
      handler: async (request, _reply, { actor }) => unitCategoryChoices(app.db, actor, recordId(request)),
    },
    {
      method: 'PATCH',
      url: '/units/:id',
      handler: async (request, _reply, { actor }) =>
        updateUnit(app, actor, recordId(request), request.body, request.uploads),
    },
    {
      method: 'DELETE',
      url: '/units/:id',
      handler: async (request, _reply, { actor }) => deleteUnit(app, actor, recordId(request)),
    },
  ]);
}
