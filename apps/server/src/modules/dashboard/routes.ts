/**
 * GET /api/dashboard?time_zone=: the dashboard figures of the signed-in user (any role; the ticket scope
 * decides), its weeks in the viewer's time zone.
 */
import { dashboardQuerySchema } from '@mend/shared';
import type { FastifyInstance } from 'fastify';
import { defineRoutes } from '../../lib/routes';
import { getDashboard } from './service';

export function dashboardRoutes(app: FastifyInstance): void {
  defineRoutes(app, [
    {
      method: 'GET',
      url: '/dashboard',
      handler: async (request, _reply, { actor }) =>
        getDashboard(app.db, actor, dashboardQuerySchema.parse(request.query ?? {}).time_zone),
    },
  ]);
}
