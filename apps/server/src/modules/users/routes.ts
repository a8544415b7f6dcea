/**
 * Users, tenants and contractors (SPEC.md sections 2, 3, 7): `{type}` is users | tenants | contractors.
 * Handlers only read the request, call the service and answer; the rules live in @mend/shared `can()`,
 * service.ts and batch.ts. Every path also answers with a trailing slash (records' `path` ends in one).
 */
import { batchCreateSchema, USER_TYPES, type UserType, userFormSchema } from '@mend/shared';
import { currentUserResponseSchema, messageResponseSchema } from '@mend/shared/responses/common';
import {
  apiUserEditSchema,
  apiUserFormOptionsSchema,
  apiUserRecordSchema,
  batchCreateUsersResponseSchema,
  userListResponseSchema,
  userSavedResponseSchema,
} from '@mend/shared/responses/users';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idParams, requestedLandlordQuery } from '../../lib/contracts';
import { unauthenticated } from '../../lib/errors';
import { defineRoutes, type RouteDefinition, route } from '../../lib/routes';
import { loadSessionWith } from '../../lib/session';
import { batchCreateUsers } from './batch';
import { answerCurrentUserColumn, currentUserColumn } from './current';
import {
  createFormData,
  createUser,
  deleteUser,
  editFormData,
  getUserRecord,
  listUsers,
  updateAvatar,
  updateUser,
  userListQuery,
} from './service';

/** One of a type's records, in the summaries. */
const ONE: Record<UserType, string> = { users: 'user', tenants: 'tenant', contractors: 'contractor' };

/** PATCH users/{id}/avatar: the image file alone (the service reads it from the uploads). */
const avatarBody = z.object({
  avatar: z.string().meta({ format: 'binary', description: 'One image file, re-encoded as WebP' }),
});

/** The routes of one list type: `/users`, `/tenants` or `/contractors`. */
function typeRoutes(app: FastifyInstance, type: UserType): RouteDefinition[] {
  const one = ONE[type];
  return [
    route({
      method: 'GET',
      url: `/${type}`,
      reusesSession: true,
      summary: `A page of the ${type} the user may see`,
      query: userListQuery,
      answers: { 200: userListResponseSchema },
      handler: async (_request, _reply, { actor, query }) => listUsers(app.db, actor, type, query),
    }),
    route({
      method: 'GET',
      url: `/${type}/create`,
      reusesSession: true,
      summary: `The roles and choices of the new-${one} form`,
      query: requestedLandlordQuery,
      answers: { 200: apiUserFormOptionsSchema },
      handler: async (_request, _reply, { actor, query }) =>
        createFormData(app.db, actor, type, query.landlord_id),
    }),
    route({
      method: 'POST',
      url: `/${type}`,
      summary: `Create a ${one}`,
      body: userFormSchema(type, 'create'),
      answers: { 201: userSavedResponseSchema },
      handler: async (request, reply, { actor }) => {
        const saved = await createUser(app, actor, type, request.body, request.uploads);
        reply.code(201);
        return saved;
      },
    }),
    route({
      method: 'GET',
      url: `/${type}/:id`,
      reusesSession: true,
      summary: `A ${one}`,
      params: idParams,
      answers: { 200: apiUserRecordSchema },
      handler: async (_request, _reply, { actor, params }) => getUserRecord(app.db, actor, type, params.id),
    }),
    route({
      method: 'GET',
      url: `/${type}/:id/edit`,
      reusesSession: true,
      summary: `A ${one} and the choices of its edit form`,
      params: idParams,
      query: requestedLandlordQuery,
      answers: { 200: apiUserEditSchema },
      handler: async (_request, _reply, { actor, params, query }) =>
        editFormData(app.db, actor, type, params.id, query.landlord_id),
    }),
    route({
      method: 'PATCH',
      url: `/${type}/:id`,
      summary: `Update a ${one}`,
      params: idParams,
      body: userFormSchema(type, 'update'),
      answers: { 200: userSavedResponseSchema },
      handler: async (request, _reply, { actor, params }) =>
        updateUser(app, actor, type, params.id, request.body, request.uploads),
    }),
    route({
      method: 'DELETE',
      url: `/${type}/:id`,
      summary: `Delete a ${one}`,
      params: idParams,
      answers: { 200: messageResponseSchema },
      handler: async (_request, _reply, { actor, params }) => deleteUser(app, actor, type, params.id),
    }),
  ];
}

export function userRoutes(app: FastifyInstance): void {
  defineRoutes(app, 'Users', [
    route({
      method: 'GET',
      url: '/users/current',
      summary: 'The signed-in user, their landlord and latest notifications',
      // Read with the session, in one statement (lib/session.ts `loadSessionWith`).
      sessionInQuery: true,
      answers: { 200: currentUserResponseSchema },
      handler: async (request) => {
        const read = await loadSessionWith(request, 'current_user', currentUserColumn, {});
        if (!request.user || !read) throw unauthenticated();
        return answerCurrentUserColumn(request.user, read);
      },
    }),
    ...USER_TYPES.flatMap((type) => typeRoutes(app, type)),
    route({
      method: 'PATCH',
      url: '/users/:id/avatar',
      summary: 'Replace a user’s avatar',
      params: idParams,
      body: avatarBody,
      answers: { 200: userSavedResponseSchema },
      handler: async (request, _reply, { actor, params }) =>
        updateAvatar(app, actor, params.id, request.uploads),
    }),
    route({
      method: 'POST',
      url: '/users/batch/tenants',
      summary: 'Create many users at once from CSV text',
      body: batchCreateSchema,
      answers: { 201: batchCreateUsersResponseSchema },
      handler: async (request, reply, { actor }) => {
        const created = await batchCreateUsers(app, actor, request.body);
        reply.code(201);
        return created;
      },
    }),
  ]);
}
