/** GET and PATCH users/{id}/notification-history (the bell's list; polled every 30 s). */
import { notificationHistoryResponseSchema } from '@mend/shared/responses/accounts';
import type { FastifyInstance } from 'fastify';
import { idParams } from '../../lib/contracts';
import { unauthenticated } from '../../lib/errors';
import { defineRoutes, route } from '../../lib/routes';
import { loadSessionWith } from '../../lib/session';
import {
  answerHistoryColumn,
  historyColumn,
  markNotificationsViewed,
  notificationsToSetSchema,
} from './service';

export function notificationRoutes(app: FastifyInstance): void {
  defineRoutes(app, 'Notifications', [
    route({
      method: 'GET',
      url: '/users/:id/notification-history',
      summary: 'The user’s 50 newest notifications, newest first',
      params: idParams,
      // The bell polls this every 30 s in every open tab: its session is read in the same statement.
      sessionInQuery: true,
      answers: { 200: notificationHistoryResponseSchema },
      handler: async (request, _reply, { params }) => {
        const history = await loadSessionWith(request, 'notification_history', historyColumn, {
          userId: params.id,
        });
        if (!request.actor) throw unauthenticated();
        return answerHistoryColumn(request.actor, params.id, history ?? []);
      },
    }),
    route({
      method: 'PATCH',
      url: '/users/:id/notification-history',
      summary: 'Mark the user’s notifications viewed; answers the history',
      params: idParams,
      body: notificationsToSetSchema,
      answers: { 200: notificationHistoryResponseSchema },
      handler: async (request, _reply, { actor, params }) =>
        markNotificationsViewed(app.db, actor, params.id, request.body),
    }),
  ]);
}
