/** Tickets: raise, route, work and close maintenance tickets (tickets issue). */
import type { FastifyInstance } from 'fastify';
import { defineRoutes } from '../../lib/routes';

export function ticketRoutes(app: FastifyInstance): void {
  defineRoutes(app, []);
}
