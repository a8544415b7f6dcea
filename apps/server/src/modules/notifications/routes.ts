/** GET and PATCH users/{id}/notification-history (the bell's list; polled every 30 s). */
import type { FastifyInstance } from 'fastify';
import { recordId } from '../../lib/record-helpers';
import { defineRoutes } from '../../lib/routes';
import { markNotificationsViewed, notificationHistory } from './service';

export function notificationRoutes(app: FastifyInstance): void {
  defineRoutes(app, [
    {
      method: 'GET',
      url: '/users/:id/notification-history',
      handler: (request) => notificationHistory(app.db, request.actor!, recordId(request)),
    },
    {
      method: 'PATCH',
      url: '/users/:id/notification-history',
      handler: (request) => markNotificationsViewed(app.db, request.actor!, recordId(request), request.body),
    },
  ]);
}
