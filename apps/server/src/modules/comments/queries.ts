/**
 * Comment reads. Who sees a comment is two rules, both written elsewhere and only asked here: the ticket's
 * visibility (`visibleTickets`, tickets/queries.ts) and the comment's (`commentVisibilitiesFor`, @mend/shared).
 *
 * A page of a ticket's thread (`threadPageOf`) is one prepared statement, shaped by the viewer's role and whether
 * it is an earlier page: the ticket's landlord when the viewer sees the ticket (no row otherwise), and the page's
 * comments, their files and their authors as three JSON columns. Comments read as rows cost more to parse in Node
 * than to find (each row's timestamps, each author again); as JSON it is one value per column, and each author
 * comes once.
 */
import { type Actor, commentVisibilitiesFor } from '@mend/shared';
import { and, asc, eq, getTableColumns, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { hiddenFromPlanner, shaped, viewerIn, viewerShape, written } from '../../db/reusable';
import {
  properties,
  type TicketCommentFileRow,
  type TicketCommentRow,
  ticketCommentFiles,
  ticketComments,
  tickets,
  users,
} from '../../db/schema';
import { visibleTickets } from '../tickets/queries';

/** What a comment shows of its author. */
const authorColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  companyName: users.companyName,
  email: users.email,
  avatar: users.avatar,
  role: users.role,
};

/** What a comment's answer shows of it (its row but the Message-ID of a reply by email). */
export type CommentFields = Pick<
  TicketCommentRow,
  'id' | 'ticketId' | 'userId' | 'body' | 'visibility' | 'createdAt' | 'editedAt'
>;

/** What a comment shows of its author. */
export interface CommentAuthor {
  id: number;
  firstName: string;
  lastName: string;
  companyName: string;
  email: string;
  avatar: string | null;
  role: Actor['role'];
}

/** A comment with its author (null once the author is deleted). */
export interface CommentWithAuthor {
  comment: CommentFields;
  author: CommentAuthor | null;
}

/** What a comment's answer shows of a file. */
export type CommentFile = Pick<
  TicketCommentFileRow,
  'id' | 'commentId' | 'thumbnailKey' | 'mimeType' | 'originalName'
>;

/** A page of a ticket's thread as the viewer may read it: oldest first, with the files and the ticket's landlord. */
export interface ThreadPage {
  landlordId: number;
  comments: CommentWithAuthor[];
  /** In upload order. */
  files: CommentFile[];
  /** The viewer may read comments older than the page's oldest. */
  hasEarlier: boolean;
}

/** Which page of a thread: the newest `limit` comments, or the newest `limit` older than the comment `before`. */
export interface ThreadPageRequest {
  limit: number;
  before?: number;
}

/** A comment as `threadPageOf`'s JSON carries it: its times in milliseconds since 1970 (exact: numeric, microseconds). */
interface JsonComment {
  id: number;
  userId: number | null;
  body: string;
  visibility: TicketCommentRow['visibility'];
  createdAt: number;
  editedAt: number | null;
}

interface ThreadRow extends Record<string, unknown> {
  landlordId: number;
  comments: JsonComment[];
  files: CommentFile[];
  authors: CommentAuthor[];
}

/**
 * A page of the thread of a ticket the viewer sees, in one statement (module comment); undefined when the ticket
 * is not the viewer's to see, or does not exist.
 *
 * Paged by keyset on (created_at, id), the thread's order, which the index on (ticket_id, created_at, id) walks
 * backwards from the page's start and stops at its end: a page costs its own comments (and the unreadable ones
 * between them), whatever the thread's length.
 * Ids alone would not do: a comment's time is the app's clock when it is posted, its id is taken when it is
 * written, and two posts at once (or two app servers' clocks) can write them in the other order. `before` is a
 * comment id (what the screen has), whose time the statement reads itself, among the comments the viewer may read
 * on this ticket only: another ticket's comment, one the viewer may not read or one deleted meanwhile starts no
 * page (an empty one), so the answer tells nothing about comments the viewer does not see.
 *
 * One comment more than the page is read: when it comes, there are earlier ones; it is left out of the page.
 */
export async function threadPageOf(
  db: Db,
  viewer: Actor,
  ticketId: number,
  page: ThreadPageRequest,
): Promise<ThreadPage | undefined> {
  const viewerPart = viewerShape(viewer);
  const shape = Object.assign({}, viewerPart.shape, { earlier: page.before !== undefined });
  const query = shaped(db, 'comment_thread_page', shape, (db, shape, p) => {
    const visibilities = sql.join(
      commentVisibilitiesFor(shape.viewerRole).map((visibility) => sql`${visibility}`),
      sql`, `,
    );
    // The comments of the ticket the viewer's role reads, as `alias`.
    const readable = (alias: string) =>
      sql`${sql.raw(alias)}.ticket_id = ${p.ticketId} and ${sql.raw(alias)}.visibility in (${visibilities})`;
    // Two values, not a row from a sub-select, so the index's condition can hold them.
    const beforeCursor = shape.earlier
      ? sql`and (c.created_at, c.id) < ((select b.created_at from ticket_comments b where b.id = ${p.before} and ${readable('b')}), ${p.before})`
      : sql``;
    return written<ThreadRow>(
      db,
      sql`with page as (
            select c.id, c.user_id, c.body, c.visibility, c.created_at, c.edited_at
            from ticket_comments c where ${readable('c')} ${beforeCursor}
            order by c.created_at desc, c.id desc limit ${hiddenFromPlanner(p.commentsRead)})
        select ${properties.landlordId} as "landlordId",
          (select coalesce(json_agg(x order by x."createdAt", x.id), '[]') from (
            select c.id, c.user_id as "userId", c.body, c.visibility,
              extract(epoch from c.created_at) * 1000 as "createdAt",
              extract(epoch from c.edited_at) * 1000 as "editedAt"
            from page c) x) as comments,
          (select coalesce(json_agg(x order by x.position, x.id), '[]') from (
            select f.id, f.comment_id as "commentId", f.thumbnail_key as "thumbnailKey", f.mime_type as "mimeType",
              f.original_name as "originalName", f.position
            from ticket_comment_files f join page c on c.id = f.comment_id) x) as files,
          (select coalesce(json_agg(x), '[]') from (
            select u.id, u.first_name as "firstName", u.last_name as "lastName", u.company_name as "companyName",
              u.email, u.avatar, u.role
            from users u where u.id in (select c.user_id from page c)) x) as authors
        from ${tickets} join ${properties} on ${properties.id} = ${tickets.propertyId}
        where ${tickets.id} = ${p.ticketId} and ${visibleTickets(viewerIn(shape, p))}`,
    );
  });
  const {
    rows: [row],
  } = await query.execute({
    ...viewerPart.values,
    ticketId,
    before: page.before ?? null,
    commentsRead: page.limit + 1,
  });
  if (!row) return undefined;
  const authors = new Map(row.authors.map((author) => [author.id, author]));
  // Oldest first: the comment past the page, when read, is the first.
  const hasEarlier = row.comments.length > page.limit;
  const comments = hasEarlier ? row.comments.slice(1) : row.comments;
  return {
    landlordId: row.landlordId,
    comments: comments.map((comment) => ({
      comment: {
        id: comment.id,
        ticketId,
        userId: comment.userId,
        body: comment.body,
        visibility: comment.visibility,
        createdAt: new Date(comment.createdAt),
        editedAt: comment.editedAt === null ? null : new Date(comment.editedAt),
      },
      author: (comment.userId !== null && authors.get(comment.userId)) || null,
    })),
    // The files of the comment past the page are matched to no comment of it.
    files: row.files,
    hasEarlier,
  };
}

/** The files of the given comments, in upload order. */
export function filesOf(db: Db, commentIds: number[]): Promise<TicketCommentFileRow[]> {
  if (commentIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(ticketCommentFiles)
    .where(inArray(ticketCommentFiles.commentId, commentIds))
    .orderBy(asc(ticketCommentFiles.position), asc(ticketCommentFiles.id));
}

/** What the rules need to know beside the comment: the landlord of its ticket (whose managers are staff). */
export interface ReadableComment extends CommentWithAuthor {
  landlordId: number;
}

/**
 * A comment of `ticketId` that `viewer` may read: on a ticket it sees, with a visibility its role reads; undefined
 * otherwise (also for a comment of another ticket), which the caller answers as 404.
 */
export async function findReadableComment(
  db: Db,
  viewer: Actor,
  ticketId: number,
  commentId: number,
): Promise<ReadableComment | undefined> {
  const [found] = await db
    .select({
      comment: getTableColumns(ticketComments),
      author: authorColumns,
      landlordId: properties.landlordId,
    })
    .from(ticketComments)
    .innerJoin(tickets, eq(tickets.id, ticketComments.ticketId))
    .innerJoin(properties, eq(properties.id, tickets.propertyId))
    .leftJoin(users, eq(users.id, ticketComments.userId))
    .where(
      and(
        eq(ticketComments.id, commentId),
        eq(ticketComments.ticketId, ticketId),
        inArray(ticketComments.visibility, commentVisibilitiesFor(viewer.role)),
        visibleTickets(viewer),
      ),
    )
    .limit(1);
  return found;
}

/** A file of a comment the viewer may read (the ids must name each other): how to serve it, or undefined. */
export async function findReadableCommentFile(
  db: Db,
  viewer: Actor,
  ids: { ticketId: number; commentId: number; fileId: number },
): Promise<
  Pick<TicketCommentFileRow, 'storageKey' | 'thumbnailKey' | 'mimeType' | 'originalName'> | undefined
> {
  const [file] = await db
    .select({
      storageKey: ticketCommentFiles.storageKey,
      thumbnailKey: ticketCommentFiles.thumbnailKey,
      mimeType: ticketCommentFiles.mimeType,
      originalName: ticketCommentFiles.originalName,
    })
    .from(ticketCommentFiles)
    .innerJoin(ticketComments, eq(ticketComments.id, ticketCommentFiles.commentId))
    .innerJoin(tickets, eq(tickets.id, ticketComments.ticketId))
    .where(
      and(
        eq(ticketCommentFiles.id, ids.fileId),
        eq(ticketCommentFiles.commentId, ids.commentId),
        eq(ticketComments.ticketId, ids.ticketId),
        inArray(ticketComments.visibility, commentVisibilitiesFor(viewer.role)),
        visibleTickets(viewer),
      ),
    )
    .limit(1);
  return file;
}

/** The comment a reply by email posted on a ticket, known by its sender and normalised Message-ID; undefined if none. */
export async function findEmailReply(
  db: Db,
  ids: { ticketId: number; userId: number; emailMessageId: string },
): Promise<number | undefined> {
  const [found] = await db
    .select({ id: ticketComments.id })
    .from(ticketComments)
    .where(
      and(
        eq(ticketComments.ticketId, ids.ticketId),
        eq(ticketComments.userId, ids.userId),
        eq(ticketComments.emailMessageId, ids.emailMessageId),
        // The unique index's condition, so the planner may use it.
        isNotNull(ticketComments.emailMessageId),
      ),
    )
    .limit(1);
  return found?.id;
}
