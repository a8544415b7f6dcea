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
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
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
import type { Actor } from '../../lib/actor';
import { listQueryWith } from '../../lib/contracts';
import { AppError, forbidden, notFound } from '../../lib/errors';
import { likePattern, listPage, type SortColumns } from '../../lib/list-query';
import { readTableList, type TableList, type TableListShape, tableListShape } from '../../lib/table-list';

/** The columns a message's answer shows: never its bodies, payload or search text (a page would carry them all). */
const shownColumns = {
  id: outboxMessages.id,
  channel: outboxMessages.channel,
  kind: outboxMessages.kind,
  recipient: outboxMessages.recipient,
  subject: outboxMessages.subject,
  status: outboxMessages.status,
  attempts: outboxMessages.attempts,
  lastError: outboxMessages.lastError,
  createdAt: outboxMessages.createdAt,
  sentAt: outboxMessages.sentAt,
  nextAttemptAt: outboxMessages.nextAttemptAt,
};

type ShownMessage = Pick<OutboxMessageRow, keyof typeof shownColumns>;

export function serializeOutboxMessage(row: ShownMessage): ApiOutboxMessage {
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

/** GET /outbox's query: a list's page, search and sort, and the status and channel filters. */
export const outboxListQuery = listQueryWith({
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

/**
 * What changes the text of the outbox list's statement: the status and channel filters, written into the text (a
 * few fixed values each). As placeholders, PostgreSQL's generic plan reckoned with a common value: for one that
 * matches nothing (no voice messages, none sending) it counted by reading the whole table.
 */
interface OutboxListShape extends TableListShape {
  status: OutboxStatus | null;
  channel: OutboxChannel | null;
}

/** One of a column's fixed values as a literal of the statement's text (validated against the list first). */
function fixedValue<T extends string>(value: T, allowed: readonly T[]): SQL {
  if (!allowed.includes(value)) throw new Error(`Not one of the fixed values: ${value}`);
  return sql.raw(`'${value}'`);
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
      shape.status ? sql`${outboxMessages.status} = ${fixedValue(shape.status, OUTBOX_STATUSES)}` : undefined,
      shape.channel
        ? sql`${outboxMessages.channel} = ${fixedValue(shape.channel, OUTBOX_CHANNELS)}`
        : undefined,
      // Recipient, subject and kind: one lower-cased generated column with a trigram index.
      shape.search ? sql`${outboxMessages.searchText} like lower(${p.search})` : undefined,
    ),
};

/** GET /outbox (?status, channel, search over recipient, subject and kind). */
export async function listOutbox(
  db: Db,
  actor: Actor,
  query: z.output<typeof outboxListQuery>,
): Promise<OutboxListResponse> {
  superAdminOnly(actor);
  const list = tableListShape(query, OUTBOX_LIST);
  const shape = { ...list.shape, status: query.status ?? null, channel: query.channel ?? null };
  const values = { ...list.values, search: likePattern(query.search) };
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
