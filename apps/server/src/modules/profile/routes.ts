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
      handler: (request) => getProfile(app.db, request.actor!, recordId(request)),
    },
    {
      method: 'PATCH',
      url: '/users/:id/info',
      handler: (request) => updateInfo(app.db, request.actor!, recordId(request), request.body),
    },
    {
      method: 'PATCH',
      url: '/users/:id/email',
      handler: (request) => changeEmail(app, request.actor!, recordId(request), request.body),
    },
    {
      method: 'PATCH',
      url: '/users/:id/password',
      handler: (request) =>
        changePassword(app.db, request.user!, request.session?.id ?? null, recordId(request), request.body),
    },
    {
      method: 'PATCH',
      url: '/users/:id/notifications',
      handler: (request) =>
        updateNotificationOptions(app.db, request.actor!, recordId(request), request.body),
    },
  ]);
}
