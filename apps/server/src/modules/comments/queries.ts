/**
 * Comment reads. Who sees a comment is two rules, both written elsewhere and only asked here: the ticket's
 * visibility (`visibleTickets`, tickets/queries.ts) and the comment's (`commentVisibilitiesFor`, @mend/shared).
 */
import { type Actor, type CommentVisibility, commentVisibilitiesFor } from '@mend/shared';
import { and, asc, eq, getTableColumns, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
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

/** A comment with its author (null once the author is deleted). */
export interface CommentWithAuthor {
  comment: TicketCommentRow;
  author: {
    id: number;
    firstName: string;
    lastName: string;
    companyName: string;
    email: string;
    avatar: string | null;
    role: Actor['role'];
  } | null;
}

/** The comments of a ticket with one of `visibilities`, oldest first (the caller has checked the ticket). */
export function commentsOf(
  db: Db,
  ticketId: number,
  visibilities: CommentVisibility[],
): Promise<CommentWithAuthor[]> {
  return db
    .select({ comment: getTableColumns(ticketComments), author: authorColumns })
    .from(ticketComments)
    .leftJoin(users, eq(users.id, ticketComments.userId))
    .where(and(eq(ticketComments.ticketId, ticketId), inArray(ticketComments.visibility, visibilities)))
    .orderBy(asc(ticketComments.createdAt), asc(ticketComments.id));
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
