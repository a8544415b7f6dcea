/**
 * Comment reads. Who sees a comment is two rules, both written elsewhere and only asked here: the ticket's
 * visibility (`visibleTickets`, tickets/queries.ts) and the comment's (`commentVisibilitiesFor`, @mend/shared).
 *
 * A ticket's thread (`threadOf`) is one prepared statement, shaped by the viewer's role: the ticket's landlord when
 * the viewer sees the ticket (no row otherwise), and the comments, their files and their authors as three JSON
 * columns. A thread of a few hundred comments read as rows cost more to parse in Node than to find (each row's
 * timestamps, each author again); as JSON it is one value per column, and each author comes once.
 */
import { type Actor, commentVisibilitiesFor } from '@mend/shared';
import { and, asc, eq, getTableColumns, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { shaped, viewerIn, viewerShape, written } from '../../db/reusable';
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

/** A ticket's thread as the viewer may read it: oldest first, with the files and the ticket's landlord. */
export interface Thread {
  landlordId: number;
  comments: CommentWithAuthor[];
  /** In upload order. */
  files: CommentFile[];
}

/** A comment as `threadOf`'s JSON carries it: its times in milliseconds since 1970 (exact: numeric, microseconds). */
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
 * The thread of a ticket the viewer sees, in one statement (module comment); undefined when the ticket is not the
 * viewer's to see, or does not exist.
 */
export async function threadOf(db: Db, viewer: Actor, ticketId: number): Promise<Thread | undefined> {
  const { shape, values } = viewerShape(viewer);
  const query = shaped(db, 'comment_thread', shape, (db, shape, p) => {
    // The comments the viewer's role reads: a condition on `c`, the comments of the ticket read.
    const readable = sql`c.ticket_id = ${tickets.id} and c.visibility in (${sql.join(
      commentVisibilitiesFor(shape.viewerRole).map((visibility) => sql`${visibility}`),
      sql`, `,
    )})`;
    return written<ThreadRow>(
      db,
      sql`select ${properties.landlordId} as "landlordId",
          (select coalesce(json_agg(x order by x."createdAt", x.id), '[]') from (
            select c.id, c.user_id as "userId", c.body, c.visibility,
              extract(epoch from c.created_at) * 1000 as "createdAt",
              extract(epoch from c.edited_at) * 1000 as "editedAt"
            from ticket_comments c where ${readable}) x) as comments,
          (select coalesce(json_agg(x order by x.position, x.id), '[]') from (
            select f.id, f.comment_id as "commentId", f.thumbnail_key as "thumbnailKey", f.mime_type as "mimeType",
              f.original_name as "originalName", f.position
            from ticket_comment_files f join ticket_comments c on c.id = f.comment_id where ${readable}) x) as files,
          (select coalesce(json_agg(x), '[]') from (
            select u.id, u.first_name as "firstName", u.last_name as "lastName", u.company_name as "companyName",
              u.email, u.avatar, u.role
            from users u where u.id in (select c.user_id from ticket_comments c where ${readable})) x) as authors
        from ${tickets} join ${properties} on ${properties.id} = ${tickets.propertyId}
        where ${tickets.id} = ${p.ticketId} and ${visibleTickets(viewerIn(shape, p))}`,
    );
  });
  const {
    rows: [row],
  } = await query.execute({ ...values, ticketId });
  if (!row) return undefined;
  const authors = new Map(row.authors.map((author) => [author.id, author]));
  return {
    landlordId: row.landlordId,
    comments: row.comments.map((comment) => ({
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
    files: row.files,
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
