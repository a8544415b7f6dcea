/** Categories (SPEC.md sections 2, 3, 7): list, detail, edit data, create, update, delete. Rules live in service.ts. */
import type { FastifyInstance } from 'fastify';
import { parseListQuery } from '../../lib/list-query';
import { recordId } from '../../lib/record-helpers';
import { defineRoutes } from '../../lib/routes';
import {
  categoryEditForm,
  createCategory,
  deleteCategory,
  getCategory,
  listCategories,
  updateCategory,
} from './service';

export function categoryRoutes(app: FastifyInstance): void {
  defineRoutes(app, [
    {
      method: 'GET',
      url: '/categories',
      handler: async (request) => listCategories(app.db, request.actor!, parseListQuery(request.query)),
    },
    {
      method: 'POST',
      url: '/categories',
      handler: async (request, reply) => {
        reply.code(201);
        return createCategory(app, request.actor!, request.body);
      },
    },
    {
      method: 'GET',
      url: '/categories/:id',
      handler: async (request) => getCategory(app.db, request.actor!, recordId(request)),
    },
    {
      method: 'GET',
      url: '/categories/:id/edit',
      handler: async (request) => categoryEditForm(app.db, request.actor!, recordId(request)),
    },
    {
      method: 'PATCH',
      url: '/categories/:id',
      handler: async (request) => updateCategory(app, request.actor!, recordId(request), request.body),
    },
    {
      method: 'DELETE',
      url: '/categories/:id',
      handler: async (request) => deleteCategory(app, request.actor!, recordId(request)),
    },
  ]);
}
