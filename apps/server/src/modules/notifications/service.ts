/**
 * The notification history of the bell (SPEC.md sections 2 and 4): newest first, polled every 30 s, and
 * marked viewed when the user opens them, or the ticket or contact message they are about. Only one's own.
 */
import { en, type NotificationHistoryResponse } from '@mend/shared';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { jsonRowReader } from '../../db/json-rows';
import { reusable } from '../../db/reusable';
import { notifications } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { forbidden } from '../../lib/errors';
import { serializeNotification } from '../users/serialize';

/** As many as GET /users/current brings. */
export const HISTORY_LIMIT = 50;

function ownOnly(actor: Actor, id: number): void {
  if (actor.id !== id) throw forbidden(en.accounts.notYourNotifications);
}

/** One's 50 newest notifications, newest first, for the user given as the placeholder `userId`. */
const newestOf = (db: Db) =>
  db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, sql.placeholder('userId')))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(HISTORY_LIMIT);

/**
 * The same history as one JSON column, for the poll, which reads it in its session's statement
 * (`loadSessionWith`): one round trip per poll instead of two. (`json_agg` of whole rows: building each
 * object with `json_build_object` took four times as long.)
 */
export const historyColumn = (db: Db) =>
  sql<
    Record<string, unknown>[]
  >`(select coalesce(json_agg(n order by n.created_at desc, n.id desc), '[]'::json) from ${newestOf(db)} n)`;

const notificationFromJson = jsonRowReader(notifications);

/** Answers the poll from what `historyColumn` read: only one's own. */
export function answerHistoryColumn(
  actor: Actor,
  id: number,
  history: Record<string, unknown>[],
): NotificationHistoryResponse {
  ownOnly(actor, id);
  return { data: history.map((json) => serializeNotification(notificationFromJson(json))) };
}

/** The history after a change to it (PATCH answers the list). */
async function notificationHistory(db: Db, actor: Actor, id: number): Promise<NotificationHistoryResponse> {
  ownOnly(actor, id);
  const history = reusable(db, 'notification_history', (db, name) => newestOf(db).prepare(name));
  const rows = await history.execute({ userId: actor.id });
  return { data: rows.map(serializeNotification) };
}

/**
 * PATCH /users/{id}/notification-history's form: ids as `notifications_to_set[]` entries, a JSON array, one
 * value or comma-separated text.
 */
export const notificationsToSetSchema = z.object({
  notifications_to_set: z.preprocess(
    (value) => {
      if (value === undefined || value === null || value === '') return [];
      if (typeof value === 'string') {
        const text = value.trim();
        if (text.startsWith('[')) {
          try {
            return JSON.parse(text);
          } catch {
            return value;
          }
        }
        return text.split(',').filter((part) => part.trim() !== '');
      }
      return Array.isArray(value) ? value : [value];
    },
    z.array(z.coerce.number({ error: en.errors.validation }).int().positive().max(2_147_483_647)).max(1000),
  ),
});

/** PATCH /users/{id}/notification-history: marks the given notifications of one's own viewed. */
export async function markNotificationsViewed(
  db: Db,
  actor: Actor,
  id: number,
  body: unknown,
): Promise<NotificationHistoryResponse> {
  ownOnly(actor, id);
  const { notifications_to_set: ids } = notificationsToSetSchema.parse(body ?? {});
  if (ids.length > 0) {
    // Ids of someone else's notifications simply match nothing.
    await db
      .update(notifications)
      .set({ viewedAt: new Date() })
      .where(
        and(
          eq(notifications.userId, actor.id),
          inArray(notifications.id, ids),
          isNull(notifications.viewedAt),
        ),
      );
  }
  return notificationHistory(db, actor, id);
}

/** What a notification may be about: a ticket or a contact message. */
type Subject = 'ticketId' | 'contactId';

/** The user opened a ticket or a contact message: its notifications of theirs about it are viewed. */
export async function markViewedAbout(db: Db, userId: number, about: Subject, id: number): Promise<void> {
  const marking = reusable(db, `notifications_viewed_by_${about}`, (db, name) =>
    db
      .update(notifications)
      .set({ viewedAt: sql`${sql.placeholder('now')}::timestamptz` })
      .where(
        and(
          eq(notifications.userId, sql.placeholder('userId')),
          eq(notifications[about], sql.placeholder('id')),
          isNull(notifications.viewedAt),
        ),
      )
      .prepare(name),
  );
  await marking.execute({ now: new Date().toISOString(), userId, id });
}
