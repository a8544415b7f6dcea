/** The signed-in user's landlord (GET landlords/current). Landlord records come with the records issue. */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { landlords } from '../../db/schema';
import { defineRoutes } from '../../lib/routes';
import { serializeLandlordSummary } from '../users/serialize';

export function landlordRoutes(app: FastifyInstance): void {
  defineRoutes(app, [
    {
      method: 'GET',
      url: '/landlords/current',
      handler: async (request) => {
        const landlordId = request.user!.landlordId;
        const [row] = landlordId
          ? await app.db.select().from(landlords).where(eq(landlords.id, landlordId)).limit(1)
          : [];
        return { landlord: row ? serializeLandlordSummary(row) : null };
      },
    },
  ]);
}
