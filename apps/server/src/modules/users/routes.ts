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
      handler: (request, _reply, { actor }) => listUsers(app.db, actor, type, request.query),
    },
    {
      method: 'GET',
      url: `/${type}/create`,
      handler: (request, _reply, { actor }) => createFormData(app.db, actor, type, request.query),
    },
    {
      method: 'POST',
      url: `/${type}`,
      handler: async (request, reply, { actor }) => {
        const saved = await createUser(app, actor, type, request.body, request.uploads);
        reply.code(201);
        return saved;
      },
    },
    {
      method: 'GET',
      url: `/${type}/:id`,
      handler: (request, _reply, { actor }) => getUserRecord(app.db, actor, type, recordId(request)),
    },
    {
      method: 'GET',
      url: `/${type}/:id/edit`,
      handler: (request, _reply, { actor }) =>
        editFormData(app.db, actor, type, recordId(request), request.query),
    },
    {
      method: 'PATCH',
      url: `/${type}/:id`,
      handler: (request, _reply, { actor }) =>
        updateUser(app, actor, type, recordId(request), request.body, request.uploads),
    },
    {
      method: 'DELETE',
      url: `/${type}/:id`,
      handler: (request, _reply, { actor }) => deleteUser(app, actor, type, recordId(request)),
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
      handler: (request, _reply, { actor }) => updateAvatar(app, actor, recordId(request), request.uploads),
    },
    {
      method: 'POST',
      url: '/users/batch/tenants',
      handler: async (request, reply, { actor }) => {
        const created = await batchCreateUsers(app, actor, request.body);
        reply.code(201);
        return created;
      },
    },
  ]);
}
