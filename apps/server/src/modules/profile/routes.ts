/** The profile tabs: GET users/{id}/profile and PATCH info, email, password and notifications. */
import type { FastifyInstance } from 'fastify';
import { recordId } from '../../lib/record-helpers';
import { defineRoutes } from '../../lib/routes';
import { changeEmail, changePassword, getProfile, updateInfo, updateNotificationOptions } from './service';

export function profileRoutes(app: FastifyInstance): void {
  defineRoutes(app, [
    {
      method: 'GET',
      url: '/users/:id/profile',
      handler: (request, _reply, { actor }) => getProfile(app.db, actor, recordId(request)),
    },
    {
      method: 'PATCH',
      url: '/users/:id/info',
      handler: (request, _reply, { actor }) => updateInfo(app.db, actor, recordId(request), request.body),
    },
    {
      method: 'PATCH',
      url: '/users/:id/email',
      handler: (request, _reply, { actor }) => changeEmail(app, actor, recordId(request), request.body),
    },
    {
      method: 'PATCH',
      url: '/users/:id/password',
      handler: (request, _reply, { user }) =>
        changePassword(app.db, user, request.session?.id ?? null, recordId(request), request.body),
    },
    {
      method: 'PATCH',
      url: '/users/:id/notifications',
      handler: (request, _reply, { actor }) =>
        updateNotificationOptions(app.db, actor, recordId(request), request.body),
    },
  ]);
}
