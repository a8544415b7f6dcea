/** GET and PATCH users/{id}/notification-history (the bell's list; polled every 30 s). */
import type { FastifyInstance } from 'fastify';
import { unauthenticated } from '../../lib/errors';
import { parseRecordId, recordId } from '../../lib/record-helpers';
import { defineRoutes } from '../../lib/routes';
import { loadSessionWith } from '../../lib/session';
import { answerHistoryColumn, historyColumn, markNotificationsViewed } from './service';

export function notificationRoutes(app: FastifyInstance): void {
  defineRoutes(app, [
    {
      method: 'GET',
      url: '/users/:id/notification-history',
      // The bell polls this every 30 s in every open tab: its session is read in the same statement.
      sessionInQuery: true,
      handler: async (request) => {
        const history = await loadSessionWith(request, 'notification_history', historyColumn, {
          userId: parseRecordId(request) ?? 0,
        });
        if (!request.actor) throw unauthenticated();
        return answerHistoryColumn(request.actor, recordId(request), history ?? []);
      },
    },
    {
      method: 'PATCH',
      url: '/users/:id/notification-history',
      handler: (request, _reply, { actor }) =>
        markNotificationsViewed(app.db, actor, recordId(request), request.body),
    },
  ]);
}
