/**
 * The conversation on a ticket (issue 25): who may do what, and every write in one transaction with its files,
 * its activity-log line and its notifications.
 *
 * - Reading: a ticket the viewer sees (else 404), and of its comments only those whose visibility the viewer's role
 *   reads (`commentVisibilitiesFor`), a page at a time, newest first, each in one statement (`threadPageOf`); a
 *   comment it may not read is a 404, like one that does not exist.
 * - Posting: everyone on the ticket, with a visibility it reads (else 422 on `visibility`); files checked, re-encoded
 *   and stored as ticket images are (tickets/files.ts), before the transaction, and removed again if it fails.
 * - Editing: the author within COMMENT_EDIT_MINUTES; deleting: the author within them, or staff any time. A refusal is
 *   a 403: `edit_window_closed` for the author past the window, `forbidden` for anybody else.
 * - Time is the app's clock (`now`, given by the route), so tests can move past the edit window.
 * - A reply by email (inbound-mail.ts) is posted by `postComment` too, as its sender, with `replyVisibility` and
 *   its Message-ID: the unique index on (ticket, author, Message-ID) decides, inside the transaction, that a reply
 *   delivered again posts nothing (`DuplicateReply`), even when both deliveries arrive at once (ADR 0030).
 */
import {
  type ApiTicketComment,
  type ApiTicketCommentList,
  type ApiTicketCommentResponse,
  COMMENT_DELETED_LOG_ACTION,
  COMMENT_EDIT_MINUTES,
  COMMENT_PAGE_SIZE,
  type CommentValues,
  type CommentVisibility,
  can,
  commentEditSchema,
  commentSchema,
  commentVisibilitiesFor,
  ERROR_CODE,
  en,
  fieldErrors,
  format,
  type MessageResponse,
  unitNameOrWhole,
} from '@mend/shared';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { ticketCommentFiles, ticketComments, ticketLog, tickets } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import { optionalIdFilter } from '../../lib/contracts';
import { AppError, type FieldErrors, forbidden, notFound, validationFailed } from '../../lib/errors';
import type { UploadedFile } from '../../lib/form-body';
import { withoutNul } from '../../lib/record-helpers';
import {
  discardFiles,
  keysOf,
  type PreparedFile,
  prepareTicketFiles,
  storeTicketFiles,
} from '../tickets/files';
import { asRecord } from '../tickets/form';
import { findTicketRow, type TicketJoinedRow, visibleTickets } from '../tickets/queries';
import type { Viewer } from '../tickets/service';
import { displayName } from '../users/serialize';
import { queueWebhookEvent } from '../webhooks/events';
import { type CommentedTicket, notifyComment } from './notify';
import {
  type CommentFile,
  filesOf,
  findReadableComment,
  findReadableCommentFile,
  type ReadableComment,
  threadPageOf,
} from './queries';
import { commentSubject, serializeComment } from './serialize';

/** The form field of a comment's files (`attachments` or `attachments[]`). */
export const ATTACHMENTS_FIELD = 'attachments';

const c = en.tickets.comments;

/** A ticket the viewer sees, or 404. */
async function visibleTicket(db: Db, viewer: Viewer, ticketId: number): Promise<TicketJoinedRow> {
  const row = await findTicketRow(db, viewer, ticketId);
  if (!row) throw notFound();
  return row;
}

/** A comment the viewer may read, or 404. */
async function readableComment(
  db: Db,
  viewer: Viewer,
  ticketId: number,
  commentId: number,
): Promise<ReadableComment> {
  const found = await findReadableComment(db, viewer, ticketId, commentId);
  if (!found) throw notFound();
  return found;
}

/** The 403 of a change the rules refuse: the author past the edit window, or somebody else's comment. */
function refusal(viewer: Viewer, found: ReadableComment): AppError {
  if (found.comment.userId === viewer.id) {
    const message = format(c.editWindowClosed, { minutes: COMMENT_EDIT_MINUTES });
    return new AppError(403, message, undefined, undefined, ERROR_CODE.editWindowClosed);
  }
  return forbidden(c.notYours);
}

/** A comment as the viewer sees it now, with its files. */
async function answerComment(
  db: Db,
  viewer: Viewer,
  ticketId: number,
  commentId: number,
  now: Date,
): Promise<ApiTicketComment> {
  const found = await readableComment(db, viewer, ticketId, commentId);
  return serializeComment(found, await filesOf(db, [commentId]), viewer, found.landlordId, now);
}

// ---------------------------------------------------------------------------------------------------------
// Reads

/**
 * GET tickets/{id}/comments' query: `limit` (at most, and by default, COMMENT_PAGE_SIZE) and `before`, a comment id.
 * Like every list query it never fails: an unreadable value is not given, a larger limit is the largest.
 */
export const commentPageQuery = z.object({
  before: optionalIdFilter.meta({
    description: 'A comment id: the page ends just before it (the oldest comment of the page shown)',
  }),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .transform((size) => Math.min(size, COMMENT_PAGE_SIZE))
    .catch(COMMENT_PAGE_SIZE)
    .default(COMMENT_PAGE_SIZE)
    .meta({ description: `How many comments, at most ${COMMENT_PAGE_SIZE} (the default)` }),
});
export type CommentPageQuery = z.output<typeof commentPageQuery>;

/**
 * GET tickets/{id}/comments: a page of what the viewer may read (the newest, or those before a comment), oldest
 * first, whether there are earlier ones, and the visibilities the viewer may post with.
 */
export async function listComments(
  db: Db,
  viewer: Viewer,
  ticketId: number,
  query: CommentPageQuery,
  now: Date,
): Promise<ApiTicketCommentList> {
  const thread = await threadPageOf(db, viewer, ticketId, query);
  if (!thread) throw notFound();
  const filesByComment = new Map<number, CommentFile[]>();
  for (const file of thread.files) {
    const files = filesByComment.get(file.commentId);
    if (files) files.push(file);
    else filesByComment.set(file.commentId, [file]);
  }
  return {
    data: thread.comments.map((row) =>
      serializeComment(row, filesByComment.get(row.comment.id) ?? [], viewer, thread.landlordId, now),
    ),
    has_earlier: thread.hasEarlier,
    visibilities: commentVisibilitiesFor(viewer.role),
  };
}

/** A file of a comment the viewer may read: its storage key and how to serve it; 404 otherwise. */
export async function findCommentFile(
  db: Db,
  viewer: Viewer,
  ids: { ticketId: number; commentId: number; fileId: number },
  thumbnail: boolean,
): Promise<{ key: string; mimeType: string; name: string }> {
  const file = await findReadableCommentFile(db, viewer, ids);
  if (!file) throw notFound();
  if (!thumbnail) return { key: file.storageKey, mimeType: file.mimeType, name: file.originalName };
  if (!file.thumbnailKey) throw notFound();
  return { key: file.thumbnailKey, mimeType: 'image/webp', name: file.originalName };
}

// ---------------------------------------------------------------------------------------------------------
// Post

interface CommentForm {
  values: CommentValues;
  files: PreparedFile[];
}

/** Parses a body with a form schema (NUL characters dropped, PostgreSQL cannot store them). */
function parsed<S extends z.ZodType>(schema: S, body: unknown): { data?: z.output<S>; errors: FieldErrors } {
  const result = schema.safeParse(withoutNul(asRecord(body)));
  return result.success ? { data: result.data, errors: {} } : { errors: fieldErrors(result.error) };
}

/**
 * The comment form: text, a visibility the viewer may use, and at most 5 files, checked like ticket images (count,
 * size and type always; re-encoded only when the rest of the form is fine). Every problem is answered at once.
 */
async function parseCommentForm(
  viewer: Viewer,
  body: unknown,
  uploads: UploadedFile[],
): Promise<CommentForm> {
  const { data, errors } = parsed(commentSchema, body);
  if (data && !can(viewer, 'comment.post', { visibility: data.visibility }))
    errors.visibility = [en.validation.commentVisibility];
  const files = await prepareTicketFiles(uploads, 0, {
    convert: Object.keys(errors).length === 0,
    field: ATTACHMENTS_FIELD,
  });
  if (files.problem) errors[ATTACHMENTS_FIELD] = [files.problem];
  if (!data || Object.keys(errors).length > 0) throw validationFailed(errors);
  return { values: data, files: files.prepared };
}

const commentedTicket = ({ ticket, unit, property }: TicketJoinedRow): CommentedTicket => ({
  id: ticket.id,
  title: ticket.title,
  propertyName: property.name,
  unitName: unitNameOrWhole(unit?.name),
  landlordId: property.landlordId,
  tenantId: ticket.tenantId,
  createdBy: ticket.createdBy,
});

/**
 * A reply by email already posted: a comment of this ticket by this sender records its Message-ID. Nothing of it
 * was written (the transaction rolled back) and its files are removed again.
 */
export class DuplicateReply extends Error {
  constructor(readonly emailMessageId: string) {
    super('This reply was posted already.');
    this.name = 'DuplicateReply';
  }
}

/** Where a comment comes from, beside the form: the Message-ID of the email reply that posts it (normalised). */
export interface CommentSource {
  emailMessageId?: string | null;
}

/** POST tickets/{id}/comments, and a reply by email (`source`). */
export async function postComment(
  ctx: ServiceContext,
  viewer: Viewer,
  ticketId: number,
  body: unknown,
  uploads: UploadedFile[],
  now: Date,
  source: CommentSource = {},
): Promise<ApiTicketCommentResponse> {
  const emailMessageId = source.emailMessageId ?? null;
  const ticket = await visibleTicket(ctx.db, viewer, ticketId);
  if (!can(viewer, 'comment.post')) throw forbidden();
  const form = await parseCommentForm(viewer, body, uploads);
  // Stored before the transaction (under the ticket's folder, which only the ticket's file routes serve), and
  // removed again if it fails: a refused or rolled-back comment leaves neither a row nor a file.
  const stored = await storeTicketFiles(ctx.storage, ctx.log, ticketId, form.files);
  let commentId: number;
  try {
    commentId = await ctx.db.transaction(async (tx) => {
      // The ticket stays (and stays the viewer's) until the comment is written.
      const [locked] = await tx
        .select({ id: tickets.id })
        .from(tickets)
        .where(and(eq(tickets.id, ticketId), visibleTickets(viewer)))
        .for('share');
      if (!locked) throw notFound();
      const insert = tx.insert(ticketComments).values({
        ticketId,
        userId: viewer.id,
        body: form.values.body,
        visibility: form.values.visibility,
        createdAt: now,
        emailMessageId,
      });
      // The same reply posted meanwhile (committed, or committing: the insert waits for it) is no conflict to
      // report but the answer itself; the unique index decides, so two deliveries at once still make one comment.
      const [comment] = await (emailMessageId === null
        ? insert.returning()
        : insert
            .onConflictDoNothing({
              target: [ticketComments.ticketId, ticketComments.userId, ticketComments.emailMessageId],
              where: sql`email_message_id is not null`,
            })
            .returning());
      if (!comment) throw new DuplicateReply(emailMessageId ?? '');
      if (stored.length > 0) {
        await tx.insert(ticketCommentFiles).values(
          stored.map((file, position) => ({
            commentId: comment.id,
            storageKey: file.storageKey,
            thumbnailKey: file.thumbnailKey,
            mimeType: file.mimeType,
            sizeBytes: file.data.length,
            originalName: file.originalName,
            position,
          })),
        );
      }
      await notifyComment(tx, ctx, commentedTicket(ticket), viewer, comment);
      await queueWebhookEvent(
        tx,
        ctx.messaging.appUrl,
        'comment.added',
        ticketId,
        {
          comment: {
            id: comment.id,
            author_id: viewer.id,
            body: comment.body,
            visibility: comment.visibility,
            attachments: stored.length,
            by_email: emailMessageId !== null,
            created_at: comment.createdAt.toISOString(),
          },
        },
        now,
      );
      return comment.id;
    });
  } catch (error) {
    await discardFiles(ctx.storage, ctx.log, keysOf(stored));
    throw error;
  }
  return { message: c.posted, data: await answerComment(ctx.db, viewer, ticketId, commentId, now) };
}

/**
 * The visibility of a reply by email (issue 25, inbound-mail.ts), which then goes through `postComment` like the
 * form. Answering a comment: that comment's visibility, while the viewer still reads it (then it may post with it
 * too). Answering another ticket email (created, status changed): `everyone`, as the email said. A comment gone or
 * no longer the viewer's to read: the narrowest visibility the viewer may use, since who was meant is unknown.
 */
export async function replyVisibility(
  db: Db,
  viewer: Viewer,
  ticketId: number,
  commentId: number | null,
): Promise<CommentVisibility> {
  const usable = commentVisibilitiesFor(viewer.role);
  if (commentId === null) return 'everyone';
  const found = await findReadableComment(db, viewer, ticketId, commentId);
  const visibility = found?.comment.visibility;
  if (visibility && can(viewer, 'comment.post', { visibility })) return visibility;
  return usable[usable.length - 1];
}

// ---------------------------------------------------------------------------------------------------------
// Edit and delete

/** PATCH tickets/{id}/comments/{commentId}: its author, within the edit window. */
export async function updateComment(
  ctx: ServiceContext,
  viewer: Viewer,
  ticketId: number,
  commentId: number,
  body: unknown,
  now: Date,
): Promise<ApiTicketCommentResponse> {
  const found = await readableComment(ctx.db, viewer, ticketId, commentId);
  if (!can(viewer, 'comment.update', commentSubject(found, found.landlordId, now)))
    throw refusal(viewer, found);
  const { data, errors } = parsed(commentEditSchema, body);
  if (!data) throw validationFailed(errors);
  const updated = await ctx.db
    .update(ticketComments)
    .set({ body: data.body, editedAt: now })
    .where(and(eq(ticketComments.id, commentId), eq(ticketComments.ticketId, ticketId)))
    .returning({ id: ticketComments.id });
  // Deleted in the meantime.
  if (updated.length === 0) throw notFound();
  return { message: c.updated, data: await answerComment(ctx.db, viewer, ticketId, commentId, now) };
}

/**
 * DELETE tickets/{id}/comments/{commentId}: its author within the edit window, or staff. Its files' rows go with it
 * and its files once that has committed; the activity log keeps a line (action `comment_deleted`) saying who deleted
 * whose comment, with the comment's visibility in its data.
 */
export async function deleteComment(
  ctx: ServiceContext,
  viewer: Viewer,
  ticketId: number,
  commentId: number,
  now: Date,
): Promise<MessageResponse> {
  const found = await readableComment(ctx.db, viewer, ticketId, commentId);
  if (!can(viewer, 'comment.delete', commentSubject(found, found.landlordId, now)))
    throw refusal(viewer, found);
  const { comment, author } = found;
  const own = comment.userId === viewer.id || author === null;
  const description = own
    ? en.tickets.log.commentDeleted
    : format(en.tickets.log.commentOfDeleted, { name: displayName(author) });
  const keys = await ctx.db.transaction(async (tx) => {
    const files = await tx
      .delete(ticketCommentFiles)
      .where(eq(ticketCommentFiles.commentId, commentId))
      .returning({
        storageKey: ticketCommentFiles.storageKey,
        thumbnailKey: ticketCommentFiles.thumbnailKey,
      });
    const deleted = await tx
      .delete(ticketComments)
      .where(and(eq(ticketComments.id, commentId), eq(ticketComments.ticketId, ticketId)))
      .returning({ id: ticketComments.id });
    // Deleted in the meantime: nothing to log (the files' rows go back with the rollback).
    if (deleted.length === 0) throw notFound();
    await tx.insert(ticketLog).values({
      ticketId,
      userId: viewer.id,
      action: COMMENT_DELETED_LOG_ACTION,
      description,
      data: { comment_id: commentId, visibility: comment.visibility, author_id: comment.userId },
    });
    return keysOf(files);
  });
  // The rows are gone (committed): now their files may go.
  await discardFiles(ctx.storage, ctx.log, keys);
  return { message: c.deleted };
}
