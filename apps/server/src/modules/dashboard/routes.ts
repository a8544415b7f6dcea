/**
 * GET /api/dashboard?time_zone=: the dashboard figures of the signed-in user (any role; the ticket scope
 * decides), its weeks in the viewer's time zone. The portfolio's is kept for a while (kept.ts).
 */
import { dashboardQuerySchema } from '@mend/shared';
import { apiDashboardSchema } from '@mend/shared/responses/dashboard';
import type { FastifyInstance } from 'fastify';
import { defineRoutes, route } from '../../lib/routes';
import { seesEveryRow } from '../../lib/scopes';
import { keptPortfolioDashboard } from './kept';
import { getDashboard } from './service';

export function dashboardRoutes(app: FastifyInstance, clock: () => Date = () => new Date()): void {
  defineRoutes(app, 'Dashboard', [
    route({
      method: 'GET',
      url: '/dashboard',
      reusesSession: true,
      summary: "The dashboard figures of the tickets the user may see, its weeks in the viewer's time zone",
      query: dashboardQuerySchema,
      answers: { 200: apiDashboardSchema },
      handler: async (_request, _reply, { actor, query }) => {
        const now = clock();
        const read = () => getDashboard(app.db, actor, query.time_zone, now);
        return seesEveryRow(actor) ? keptPortfolioDashboard(app.db, query.time_zone, now, read) : read();
      },
    }),
  ]);
}
