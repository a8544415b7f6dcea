/** Properties (SPEC.md sections 2, 3, 7): list, detail, form data, create, update, delete. Rules live in service.ts. */
import { propertySchema } from '@mend/shared';
import { listResponseSchema, messageResponseSchema } from '@mend/shared/responses/common';
import {
  apiPropertyEditSchema,
  apiPropertyFormOptionsSchema,
  apiPropertyListRowSchema,
  apiPropertySchema,
} from '@mend/shared/responses/records';
import type { FastifyInstance } from 'fastify';
import { idParams, listQueryWith, optionalIdFilter } from '../../lib/contracts';
import { defineRoutes, route } from '../../lib/routes';
import {
  createProperty,
  deleteProperty,
  getProperty,
  listProperties,
  propertyCreateForm,
  propertyEditForm,
  updateProperty,
} from './service';

/** GET properties' query (and its export's, modules/exports): the list query and `?landlord_id=`. */
export const propertyListQuery = listQueryWith({ landlord_id: optionalIdFilter });

export function propertyRoutes(app: FastifyInstance): void {
  defineRoutes(app, 'Properties', [
    route({
      method: 'GET',
      url: '/properties',
      reusesSession: true,
      summary: 'A page of the properties the user may see',
      query: propertyListQuery,
      answers: { 200: listResponseSchema(apiPropertyListRowSchema) },
      handler: async (_request, _reply, { actor, query }) =>
        listProperties(app.db, actor, query, { landlordId: query.landlord_id }),
    }),
    route({
      method: 'GET',
      url: '/properties/create',
      reusesSession: true,
      summary: 'The choices of the new-property form',
      answers: { 200: apiPropertyFormOptionsSchema },
      handler: async (_request, _reply, { actor }) => propertyCreateForm(app.db, actor),
    }),
    route({
      method: 'POST',
      url: '/properties',
      summary: 'Create a property',
      body: propertySchema,
      answers: { 201: apiPropertySchema },
      handler: async (request, reply, { actor }) => {
        reply.code(201);
        return createProperty(app, actor, request.body, request.uploads);
      },
    }),
    route({
      method: 'GET',
      url: '/properties/:id',
      reusesSession: true,
      summary: 'A property',
      params: idParams,
      answers: { 200: apiPropertySchema },
      handler: async (_request, _reply, { actor, params }) => getProperty(app.db, actor, params.id),
    }),
    route({
      method: 'GET',
      url: '/properties/:id/edit',
      reusesSession: true,
      summary: 'A property and the choices of its edit form',
      params: idParams,
      answers: { 200: apiPropertyEditSchema },
      handler: async (_request, _reply, { actor, params }) => propertyEditForm(app.db, actor, params.id),
    }),
    route({
      method: 'PATCH',
      url: '/properties/:id',
      summary: 'Update a property',
      params: idParams,
      body: propertySchema,
      answers: { 200: apiPropertySchema },
      handler: async (request, _reply, { actor, params }) =>
        updateProperty(app, actor, params.id, request.body, request.uploads),
    }),
    route({
      method: 'DELETE',
      url: '/properties/:id',
      summary: 'Delete a property',
      params: idParams,
      answers: { 200: messageResponseSchema },
      handler: async (_request, _reply, { actor, params }) => deleteProperty(app, actor, params.id),
    }),
  ]);
}
