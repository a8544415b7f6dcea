/**
 * What GET /api/users/current answers: the signed-in user, their role, landlord and latest
 * notifications. The page itself carries the same answer for a signed-in visitor (modules/web), so
 * the app starts without waiting for that call.
 */
import type { CurrentUserResponse } from '@mend/shared';
import { desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jsonRowReader } from '../../db/json-rows';
import {
  type LandlordRow,
  landlords,
  type NotificationRow,
  notifications,
  type UserRow,
  users,
} from '../../db/schema';
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
  return answerOf(user, landlordRow ?? null, recent);
}

function answerOf(
  user: UserRow,
  landlord: LandlordRow | null,
  recent: NotificationRow[],
): CurrentUserResponse {
  return {
    user: serializeUser(user),
    role: user.role,
    path: userPath(user.id),
    landlord: landlord ? serializeLandlordSummary(landlord) : null,
    notifications: recent.map(serializeNotification),
  };
}

/** What `currentUserColumn` reads beside the session: the user's landlord and newest notifications, as JSON. */
interface CurrentUserJson {
  landlord: Record<string, unknown> | null;
  notifications: Record<string, unknown>[];
}

/**
 * The session's user's landlord and newest notifications as one JSON column of the session's own statement
 * (`loadSessionWith`): GET users/current in one round trip instead of three. It reads the joined `users` row.
 */
export const currentUserColumn = (_db: Db): SQL<CurrentUserJson> =>
  sql<CurrentUserJson>`json_build_object(
    'landlord', (select row_to_json(l) from ${landlords} l where l.id = ${users.landlordId}),
    'notifications', (select coalesce(json_agg(n order by n.created_at desc, n.id desc), '[]'::json) from (
      select * from ${notifications} where ${notifications.userId} = ${users.id}
      order by ${notifications.createdAt} desc, ${notifications.id} desc limit ${sql.raw(String(CURRENT_USER_NOTIFICATIONS))}
    ) n)
  )`;

const landlordFromJson = jsonRowReader(landlords);
const notificationFromJson = jsonRowReader(notifications);

/** GET users/current from what `currentUserColumn` read with the session. */
export function answerCurrentUserColumn(user: UserRow, read: CurrentUserJson): CurrentUserResponse {
  return answerOf(
    user,
    read.landlord ? landlordFromJson(read.landlord) : null,
    read.notifications.map(notificationFromJson),
  );
}
