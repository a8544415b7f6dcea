/**
 * The super admin's Outbox view: every message waiting, sent or failed (never their bodies), and a retry
 * for one that failed or waits. Undeliverable messages are never dropped (lib/outbox/worker.ts).
 */
import {
  type ApiOutboxMessage,
  can,
  en,
  type OutboxListResponse,
  type OutboxRetryResponse,
} from '@mend/shared';
import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import {
  OUTBOX_CHANNELS,
  OUTBOX_STATUSES,
  type OutboxChannel,
  type OutboxMessageRow,
  type OutboxStatus,
  outboxMessages,
} from '../../db/schema';
import { AppError, forbidden, notFound } from '../../lib/errors';
import { likePattern, listPage, type SortColumns } from '../../lib/list-query';
import { recordListQuery } from '../../lib/record-helpers';
import type { Actor } from '../../lib/session';
import { readTableList, type TableList, type TableListShape, tableListShape } from '../../lib/table-list';

/** A message's columns without its search text, which no answer carries. */
const { searchText: _searchText, ...shownColumns } = getTableColumns(outboxMessages);

export function serializeOutboxMessage(row: Omit<OutboxMessageRow, 'searchText'>): ApiOutboxMessage {
  return {
    id: row.id,
    channel: row.channel,
    kind: row.kind,
    recipient: row.recipient,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
    next_attempt_at: row.nextAttemptAt.toISOString(),
  };
}

/** Only the super admin sees what is sent to whom. */
function superAdminOnly(actor: Actor): void {
  if (!can(actor, 'outbox.view')) throw forbidden();
}

const filtersSchema = z.object({
  status: z.enum(OUTBOX_STATUSES).optional().catch(undefined),
  channel: z.enum(OUTBOX_CHANNELS).optional().catch(undefined),
});

const SORTABLE = {
  created_at: outboxMessages.createdAt,
  sent_at: outboxMessages.sentAt,
  status: outboxMessages.status,
  attempts: outboxMessages.attempts,
  recipient: sql`lower(${outboxMessages.recipient})`,
} satisfies SortColumns<'outbox'>;
const DEFAULT_SORT = { sort: 'created_at', order: 'desc' } as const;

/** What changes the text of the outbox list's statement: which filters are set. */
interface OutboxListShape extends TableListShape {
  byStatus: boolean;
  byChannel: boolean;
}

const OUTBOX_LIST: TableList<OutboxListShape, typeof shownColumns> = {
  name: 'outbox_list',
  table: outboxMessages,
  id: outboxMessages.id,
  columns: shownColumns,
  sortable: SORTABLE,
  fallback: DEFAULT_SORT,
  where: (shape, p) =>
    and(
      shape.byStatus ? eq(outboxMessages.status, p.status as unknown as OutboxStatus) : undefined,
      shape.byChannel ? eq(outboxMessages.channel, p.channel as unknown as OutboxChannel) : undefined,
      // Recipient, subject and kind: one lower-cased generated column with a trigram index.
      shape.search ? sql`${outboxMessages.searchText} like lower(${p.search})` : undefined,
    ),
};

/** GET /outbox (?status, channel, search over recipient, subject and kind). */
export async function listOutbox(db: Db, actor: Actor, rawQuery: unknown): Promise<OutboxListResponse> {
  superAdminOnly(actor);
  const query = recordListQuery(rawQuery);
  const filters = filtersSchema.parse(rawQuery ?? {});
  const list = tableListShape(query, OUTBOX_LIST);
  const shape = {
    ...list.shape,
    byStatus: filters.status !== undefined,
    byChannel: filters.channel !== undefined,
  };
  const values = { ...list.values, ...filters, search: likePattern(query.search) };
  const { rows, total } = await readTableList(db, OUTBOX_LIST, shape, values, list.cap);
  return listPage(rows.map(serializeOutboxMessage), total, query);
}

/**
 * POST /outbox/{id}/retry: a failed (or waiting) message is due again now, with a fresh set of attempts.
 * A sent message is not sent twice; one being sent right now is left to its worker.
 */
export async function retryOutboxMessage(db: Db, actor: Actor, id: number): Promise<OutboxRetryResponse> {
  superAdminOnly(actor);
  const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, id)).limit(1);
  if (!row) throw notFound();
  if (row.status === 'sent') throw new AppError(409, en.accounts.outboxAlreadySent);
  const [updated] = await db
    .update(outboxMessages)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: new Date(), lockedAt: null, lastError: null })
    .where(and(eq(outboxMessages.id, id), inArray(outboxMessages.status, ['pending', 'failed'])))
    .returning();
  if (!updated) throw new AppError(409, en.accounts.outboxBusy);
  return { message: en.accounts.outboxRetried, data: serializeOutboxMessage(updated) };
}
