/** The signed-in user (GET users/current). The user records themselves come with the records issue. */
import type { CurrentUserResponse } from '@mend/shared';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { landlords, notifications } from '../../db/schema';
import { defineRoutes } from '../../lib/routes';
import { serializeLandlordSummary, serializeNotification, serializeUser, userPath } from './serialize';

/** How many recent notifications come with the current user. */
const CURRENT_USER_NOTIFICATIONS = 50;

export function userRoutes(app: FastifyInstance): void {
  defineRoutes(app, [
    {
      method: 'GET',
      url: '/users/current',
      handler: async (request) => {
        const user = request.user!;
        const [landlordRow] = user.landlordId
          ? await app.db.select().from(landlords).where(eq(landlords.id, user.landlordId)).limit(1)
          : [];
        const recent = await app.db
          .select()
          .from(notifications)
          .where(eq(notifications.userId, user.id))
          .orderBy(desc(notifications.createdAt), desc(notifications.id))
          .limit(CURRENT_USER_NOTIFICATIONS);
        const body: CurrentUserResponse = {
          user: serializeUser(user),
          role: user.role,
          path: userPath(user.id),
          landlord: landlordRow ? serializeLandlordSummary(landlordRow) : null,
          notifications: recent.map(serializeNotification),
        };
        return body;
      },
    },
  ]);
}
