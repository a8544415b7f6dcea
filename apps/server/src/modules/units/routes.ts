/**
 * Units (SPEC.md sections 2, 3, 7): list, detail, form data, the categories offered on a unit, create,
 * update, delete. Rules live in service.ts.
 */
import { listResponseSchema, messageResponseSchema } from '@mend/shared/responses/common';
import {
  apiCategorySummarySchema,
  apiUnitEditSchema,
  apiUnitFormOptionsSchema,
  apiUnitSchema,
} from '@mend/shared/responses/records';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idParams, listQueryWith, optionalIdFilter, requestedLandlordQuery } from '../../lib/contracts';
import { defineRoutes, route } from '../../lib/routes';
import {
  createUnit,
  deleteUnit,
  getUnit,
  listUnits,
  unitCategoryChoices,
  unitCreateForm,
  unitEditForm,
  unitFormSchema,
  updateUnit,
} from './service';

/** GET units' query (and its export's, modules/exports): the list query, `?property_id=` and `?landlord_id=`. */
export const unitListQuery = listQueryWith({ property_id: optionalIdFilter, landlord_id: optionalIdFilter });

export function unitRoutes(app: FastifyInstance): void {
  defineRoutes(app, 'Units', [
    route({
      method: 'GET',
      url: '/units',
      reusesSession: true,
      summary: 'A page of the units the user may see',
      query: unitListQuery,
      answers: { 200: listResponseSchema(apiUnitSchema) },
      handler: async (_request, _reply, { actor, query }) =>
        listUnits(app.db, actor, query, { propertyId: query.property_id, landlordId: query.landlord_id }),
    }),
    route({
      method: 'GET',
      url: '/units/create',
      reusesSession: true,
      summary: 'The choices of the new-unit form',
      query: requestedLandlordQuery,
      answers: { 200: apiUnitFormOptionsSchema },
      handler: async (_request, _reply, { actor, query }) => unitCreateForm(app.db, actor, query.landlord_id),
    }),
    route({
      method: 'POST',
      url: '/units',
      summary: 'Create a unit',
      body: unitFormSchema,
      answers: { 201: apiUnitSchema },
      handler: async (request, reply, { actor }) => {
        reply.code(201);
        return createUnit(app, actor, request.body, request.uploads);
      },
    }),
    route({
      method: 'GET',
      url: '/units/:id',
      reusesSession: true,
      summary: 'A unit',
      params: idParams,
      answers: { 200: apiUnitSchema },
      handler: async (_request, _reply, { actor, params }) => getUnit(app.db, actor, params.id),
    }),
    route({
      method: 'GET',
      url: '/units/:id/edit',
      reusesSession: true,
      summary: 'A unit and the choices of its edit form',
      params: idParams,
      query: requestedLandlordQuery,
      answers: { 200: apiUnitEditSchema },
      handler: async (_request, _reply, { actor, params, query }) =>
        unitEditForm(app.db, actor, params.id, query.landlord_id),
    }),
    route({
      method: 'GET',
      url: '/units/:id/categories',
      reusesSession: true,
      summary: 'The categories a ticket on the unit may pick',
      params: idParams,
      answers: { 200: z.object({ data: z.array(apiCategorySummarySchema) }) },
      handler: async (_request, _reply, { actor, params }) => unitCategoryChoices(app.db, actor, params.id),
    }),
    route({
      method: 'PATCH',
      url: '/units/:id',
      summary: 'Update a unit',
      params: idParams,
      body: unitFormSchema,
      answers: { 200: apiUnitSchema },
      handler: async (request, _reply, { actor, params }) =>
        updateUnit(app, actor, params.id, request.body, request.uploads),
    }),
    route({
      method: 'DELETE',
      url: '/units/:id',
      summary: 'Delete a unit',
      params: idParams,
      answers: { 200: messageResponseSchema },
      handler: async (_request, _reply, { actor, params }) => deleteUnit(app, actor, params.id),
    }),
  ]);
}
