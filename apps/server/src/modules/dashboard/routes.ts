/** GET /api/dashboard: the dashboard figures of the signed-in user (any role; the ticket scope decides). */
import type { FastifyInstance } from 'fastify';
import { defineRoutes } from '../../lib/routes';
import { getDashboard } from './service';

export function dashboardRoutes(app: FastifyInstance): void {
  defineRoutes(app, [
    {
      method: 'GET',
      url: '/dashboard',
      handler: async (request) => getDashboard(app.db, request.actor!),
    },
  ]);
}
