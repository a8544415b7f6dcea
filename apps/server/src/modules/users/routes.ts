/**
 * Users, tenants and contractors (SPEC.md sections 2, 3, 7): `{type}` is users | tenants | contractors.
 * Handlers only read the request, call the service and answer; the rules live in service.ts,
 * policy.ts and batch.ts. Every path also answers with a trailing slash (records' `path` ends in one).
 */
import { USER_TYPES } from '@mend/shared';
import type { FastifyInstance } from 'fastify';
import { unauthenticated } from '../../lib/errors';
import { recordId } from '../../lib/record-helpers';
import { defineRoutes, type RouteDefinition } from '../../lib/routes';
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
} from './service';

export function userRoutes(app: FastifyInstance): void {
  const perType = USER_TYPES.flatMap((type): RouteDefinition[] => [
    {
      method: 'GET',
      url: `/${type}`,
      handler: (request) => listUsers(app.db, request.actor!, type, request.query),
    },
    {
      method: 'GET',
      url: `/${type}/create`,
      handler: (request) => createFormData(app.db, request.actor!, type, request.query),
    },
    {
      method: 'POST',
      url: `/${type}`,
      handler: async (request, reply) => {
        const saved = await createUser(app, request.actor!, type, request.body, request.uploads);
        reply.code(201);
        return saved;
      },
    },
    {
      method: 'GET',
      url: `/${type}/:id`,
      handler: (request) => getUserRecord(app.db, request.actor!, type, recordId(request)),
    },
    {
      method: 'GET',
      url: `/${type}/:id/edit`,
      handler: (request) => editFormData(app.db, request.actor!, type, recordId(request), request.query),
    },
    {
      method: 'PATCH',
      url: `/${type}/:id`,
      handler: (request) =>
        updateUser(app, request.actor!, type, recordId(request), request.body, request.uploads),
    },
    {
      method: 'DELETE',
      url: `/${type}/:id`,
      handler: (request) => deleteUser(app, request.actor!, type, recordId(request)),
    },
  ]);

  defineRoutes(app, [
    {
      method: 'GET',
      url: '/users/current',
      // Read with the session, in one statement (lib/session.ts `loadSessionWith`).
      sessionInQuery: true,
      handler: async (request) => {
        const read = await loadSessionWith(request, 'current_user', currentUserColumn, {});
        if (!request.user || !read) throw unauthenticated();
        return answerCurrentUserColumn(request.user, read);
      },
    },
    ...perType,
    {
      method: 'PATCH',
      url: '/users/:id/avatar',
      handler: (request) => updateAvatar(app, request.actor!, recordId(request), request.uploads),
    },
    {
      method: 'POST',
      url: '/users/batch/tenants',
      handler: async (request, reply) => {
        const created = await batchCreateUsers(app, request.actor!, request.body);
        reply.code(201);
        return created;
      },
    },
  ]);
}
