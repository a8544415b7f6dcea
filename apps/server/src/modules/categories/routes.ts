/** Categories: list, detail, edit data, create, update, delete (records issue). */
import type { FastifyInstance } from 'fastify';
import { defineRoutes } from '../../lib/routes';

export function categoryRoutes(app: FastifyInstance): void {
  defineRoutes(app, []);
}
