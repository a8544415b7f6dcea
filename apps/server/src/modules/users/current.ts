/**
 * What GET /api/users/current answers: the signed-in user, their role, landlord and latest
 * notifications. The page itself carries the same answer for a signed-in visitor (modules/web), so
 * the app starts without waiting for that call.
 */
import type { CurrentUserResponse } from '@mend/shared';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { landlords, notifications, type UserRow } from '../../db/schema';
import { serializeLandlordSummary, serializeNotification, serializeUser, userPath } from './serialize';

/** How many recent notifications come with the current user. */
const CURRENT_USER_NOTIFICATIONS = 50;

export async function currentUserResponse(db: Db, user: UserRow): Promise<CurrentUserResponse> {
  const [landlordRow] = user.landlordId
    ? await db.select().from(landlords).where(eq(landlords.id, user.landlordId)).limit(1)
    : [];
  const recent = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, user.id))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(CURRENT_USER_NOTIFICATIONS);
  return {
    user: serializeUser(user),
    role: user.role,
    path: userPath(user.id),
    landlord: landlordRow ? serializeLandlordSummary(landlordRow) : null,
    notifications: recent.map(serializeNotification),
  };
}
