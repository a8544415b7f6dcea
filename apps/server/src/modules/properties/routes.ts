/** Properties: list, detail, edit data, create, update, delete (records issue). */
import type { FastifyInstance } from 'fastify';
import { defineRoutes } from '../../lib/routes';

export function propertyRoutes(app: FastifyInstance): void {
  defineRoutes(app, []);
}
