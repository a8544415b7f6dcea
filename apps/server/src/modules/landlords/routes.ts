/**
 * Landlords (SPEC.md sections 2, 3, 7): list, detail, create/edit form data, create, update, delete,
 * the signed-in user's landlord, and the public logo of the login screen. Rules live in service.ts.
 */
import { landlordSchema } from '@mend/shared';
import {
  apiLandlordSummarySchema,
  listResponseSchema,
  messageResponseSchema,
} from '@mend/shared/responses/common';
import {
  apiLandlordEditSchema,
  apiLandlordFormOptionsSchema,
  apiLandlordListRowSchema,
  apiLandlordLogoSchema,
  apiLandlordSchema,
} from '@mend/shared/responses/records';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idParams, listQueryWith } from '../../lib/contracts';
import { defineRoutes, route } from '../../lib/routes';
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
  defineRoutes(app, 'Landlords', [
    route({
      method: 'GET',
      url: '/landlords/current',
      summary: "The signed-in user's landlord in brief, or null",
      answers: { 200: z.object({ landlord: apiLandlordSummarySchema.nullable() }) },
      handler: async (_request, _reply, { user }) => ({
        landlord: await currentLandlord(app.db, user.landlordId),
      }),
    }),
    route({
      method: 'GET',
      url: '/landlords',
      reusesSession: true,
      summary: 'A page of the landlords the user may see',
      query: listQueryWith({}),
      answers: { 200: listResponseSchema(apiLandlordListRowSchema) },
      handler: async (_request, _reply, { actor, query }) => listLandlords(app.db, actor, query),
    }),
    route({
      method: 'GET',
      url: '/landlords/create',
      reusesSession: true,
      summary: 'The choices of the new-landlord form',
      answers: { 200: apiLandlordFormOptionsSchema },
      handler: async (_request, _reply, { actor }) => landlordCreateForm(app.db, actor),
    }),
    route({
      method: 'POST',
      url: '/landlords',
      summary: 'Create a landlord',
      body: landlordSchema,
      answers: { 201: apiLandlordSchema },
      handler: async (request, reply, { actor }) => {
        reply.code(201);
        return createLandlord(app, actor, request.body, request.uploads);
      },
    }),
    route({
      method: 'GET',
      url: '/landlords/:id',
      reusesSession: true,
      summary: 'A landlord',
      params: idParams,
      answers: { 200: apiLandlordSchema },
      handler: async (_request, _reply, { actor, params }) => getLandlord(app.db, actor, params.id),
    }),
    route({
      method: 'GET',
      url: '/landlords/:id/edit',
      reusesSession: true,
      summary: 'A landlord and the choices of its edit form',
      params: idParams,
      answers: { 200: apiLandlordEditSchema },
      handler: async (_request, _reply, { actor, params }) => landlordEditForm(app.db, actor, params.id),
    }),
    route({
      // The login screen shows the logo before anyone signs in: id, name and logo URL only.
      method: 'GET',
      url: '/landlords/:id/logo',
      summary: "A landlord's name and logo, for the login screen",
      auth: false,
      params: idParams,
      answers: { 200: apiLandlordLogoSchema },
      handler: async (_request, _reply, { params }) => landlordLogo(app.db, params.id),
    }),
    route({
      method: 'PATCH',
      url: '/landlords/:id',
      summary: 'Update a landlord',
      params: idParams,
      body: landlordSchema,
      answers: { 200: apiLandlordSchema },
      handler: async (request, _reply, { actor, params }) =>
        updateLandlord(app, actor, params.id, request.body, request.uploads),
    }),
    route({
      method: 'DELETE',
      url: '/landlords/:id',
      summary: 'Delete a landlord',
      params: idParams,
      answers: { 200: messageResponseSchema },
      handler: async (_request, _reply, { actor, params }) => deleteLandlord(app, actor, params.id),
    }),
  ]);
}
