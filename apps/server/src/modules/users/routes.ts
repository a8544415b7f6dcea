/**
 * Users, tenants and contractors (SPEC.md sections 2, 3, 7): `{type}` is users | tenants | contractors.
 * Handlers only read the request, call the service and answer; the rules live in service.ts,
 * policy.ts and batch.ts. Every path also answers with a trailing slash (records' `path` ends in one).
 */
import { type CurrentUserResponse, USER_TYPES } from '@mend/shared';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { landlords, notifications } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { defineRoutes, type RouteDefinition } from '../../lib/routes';
import { batchCreateUsers } from './batch';
import { serializeLandlordSummary, serializeNotification, serializeUser, userPath } from './serialize';
import {
  createFormData,
  createUser,
  deleteUser,
  editFormData,
  getUserRecord,
  listUsers,
  type UserDeps,
  updateAvatar,
  updateUser,
} from './service';

/** How many recent notifications come with the current user. */
const CURRENT_USER_NOTIFICATIONS = 50;

/** The `:id` of the path; anything but a positive whole number names no user. */
function idOf(request: FastifyRequest): number {
  const raw = (request.params as { id?: string }).id ?? '';
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  if (id <= 0) throw notFound();
  return id;
}

export function userRoutes(app: FastifyInstance): void {
  const deps: UserDeps = { db: app.db, storage: app.storage };

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
        const saved = await createUser(deps, request.actor!, type, request.body, request.uploads);
        reply.code(201);
        return saved;
      },
    },
    {
      method: 'GET',
      url: `/${type}/:id`,
      handler: (request) => getUserRecord(app.db, request.actor!, type, idOf(request)),
    },
    {
      method: 'GET',
      url: `/${type}/:id/edit`,
      handler: (request) => editFormData(app.db, request.actor!, type, idOf(request), request.query),
    },
    {
      method: 'PATCH',
      url: `/${type}/:id`,
      handler: (request) =>
        updateUser(deps, request.actor!, type, idOf(request), request.body, request.uploads),
    },
    {
      method: 'DELETE',
      url: `/${type}/:id`,
      handler: (request) => deleteUser(deps, request.actor!, type, idOf(request)),
    },
  ]);

  defineRoutes(app, [
    {
      method: 'GET',
      url: '/users/current',
      handler: async (request) => {
        const user = request.user!;
        const [landlordRow] = user.landlordId
          ? await app.db.select().from(landlords).where(eq(landlords.id, user.landlordId)).limit(1)
          : [];
        const recent = await app.db
          .select()
          .from(notifications)
          .where(eq(notifications.userId, user.id))
          .orderBy(desc(notifications.createdAt), desc(notifications.id))
          .limit(CURRENT_USER_NOTIFICATIONS);
        const body: CurrentUserResponse = {
          user: serializeUser(user),
          role: user.role,
          path: userPath(user.id),
          landlord: landlordRow ? serializeLandlordSummary(landlordRow) : null,
          notifications: recent.map(serializeNotification),
        };
        return body;
      },
    },
    ...perType,
    {
      method: 'PATCH',
      url: '/users/:id/avatar',
      handler: (request) => updateAvatar(deps, request.actor!, idOf(request), request.uploads),
    },
    {
      method: 'POST',
      url: '/users/batch/tenants',
      handler: async (request, reply) => {
        const created = await batchCreateUsers(deps, request.actor!, request.body);
        reply.code(201);
        return created;
      },
    },
  ]);
}
