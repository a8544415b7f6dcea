/** Categories (SPEC.md sections 2, 3, 7): list, detail, edit data, create, update, delete. Rules live in service.ts. */
import { categorySchema } from '@mend/shared';
import { listResponseSchema, messageResponseSchema } from '@mend/shared/responses/common';
import { apiCategorySchema } from '@mend/shared/responses/records';
import type { FastifyInstance } from 'fastify';
import { idParams, listQueryWith } from '../../lib/contracts';
import { defineRoutes, route } from '../../lib/routes';
import {
  categoryEditForm,
  createCategory,
  deleteCategory,
  getCategory,
  listCategories,
  updateCategory,
} from './service';

export function categoryRoutes(app: FastifyInstance): void {
  defineRoutes(app, 'Categories', [
    route({
      method: 'GET',
      url: '/categories',
      reusesSession: true,
      summary: 'A page of the categories',
      query: listQueryWith({}),
      answers: { 200: listResponseSchema(apiCategorySchema) },
      handler: async (_request, _reply, { actor, query }) => listCategories(app.db, actor, query),
    }),
    route({
      method: 'POST',
      url: '/categories',
      summary: 'Create a category',
      body: categorySchema,
      answers: { 201: apiCategorySchema },
      handler: async (request, reply, { actor }) => {
        reply.code(201);
        return createCategory(app, actor, request.body);
      },
    }),
    route({
      method: 'GET',
      url: '/categories/:id',
      reusesSession: true,
      summary: 'A category',
      params: idParams,
      answers: { 200: apiCategorySchema },
      handler: async (_request, _reply, { actor, params }) => getCategory(app.db, actor, params.id),
    }),
    route({
      method: 'GET',
      url: '/categories/:id/edit',
      reusesSession: true,
      summary: 'A category, for its edit form',
      params: idParams,
      answers: { 200: apiCategorySchema },
      handler: async (_request, _reply, { actor, params }) => categoryEditForm(app.db, actor, params.id),
    }),
    route({
      method: 'PATCH',
      url: '/categories/:id',
      summary: 'Update a category',
      params: idParams,
      body: categorySchema,
      answers: { 200: apiCategorySchema },
      handler: async (request, _reply, { actor, params }) =>
        updateCategory(app, actor, params.id, request.body),
    }),
    route({
      method: 'DELETE',
      url: '/categories/:id',
      summary: 'Delete a category',
      params: idParams,
      answers: { 200: messageResponseSchema },
      handler: async (_request, _reply, { actor, params }) => deleteCategory(app, actor, params.id),
    }),
  ]);
}
