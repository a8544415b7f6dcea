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
      handler: async (request, _reply, { actor }) =>
        listCategories(app.db, actor, parseListQuery(request.query)),
    },
    {
      method: 'POST',
      url: '/categories',
      handler: async (request, reply, { actor }) => {
        reply.code(201);
        return createCategory(app, actor, request.body);
      },
    },
    {
      method: 'GET',
      url: '/categories/:id',
      handler: async (request, _reply, { actor }) => getCategory(app.db, actor, recordId(request)),
    },
    {
      method: 'GET',
      url: '/categories/:id/edit',
      handler: async (request, _reply, { actor }) => categoryEditForm(app.db, actor, recordId(request)),
    },
    {
      method: 'PATCH',
      url: '/categories/:id',
      handler: async (request, _reply, { actor }) =>
        updateCategory(app, actor, recordId(request), request.body),
    },
    {
      method: 'DELETE',
      url: '/categories/:id',
      handler: async (request, _reply, { actor }) => deleteCategory(app, actor, recordId(request)),
    },
  ]);
}
