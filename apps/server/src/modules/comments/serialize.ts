/** API shapes of a ticket's conversation (issue 25). */
import {
  type Actor,
  type ApiTicketComment,
  type ApiTicketCommentAttachment,
  type CommentSubject,
  can,
  commentEditableUntil,
  roleName,
} from '@mend/shared';
import { fileUrl } from '../../lib/storage-urls';
import { displayName, toSeconds } from '../users/serialize';
import type { CommentFile, CommentWithAuthor } from './queries';

export const commentsPath = (ticketId: number) => `/api/tickets/${ticketId}/comments`;
export const attachmentUrl = (ticketId: number, commentId: number, fileId: number) =>
  `${commentsPath(ticketId)}/${commentId}/attachments/${fileId}`;

/** What the rules ask about a comment (permissions.ts `comment.update`, `comment.delete`). */
export function commentSubject(
  { comment }: CommentWithAuthor,
  landlordId: number | null,
  now: Date,
): CommentSubject {
  return { authorId: comment.userId, landlordId, createdAt: comment.createdAt, now };
}

function serializeAttachment(ticketId: number, file: CommentFile): ApiTicketCommentAttachment {
  const url = attachmentUrl(ticketId, file.commentId, file.id);
  return {
    id: file.id,
    url,
    thumbnail_url: file.thumbnailKey ? `${url}/thumbnail` : null,
    mime_type: file.mimeType,
    original_name: file.originalName || null,
  };
}

/** A comment as `viewer` sees it at `now`; `files` may hold other comments' files too. */
export function serializeComment(
  row: CommentWithAuthor,
  files: CommentFile[],
  viewer: Actor,
  landlordId: number | null,
  now: Date,
): ApiTicketComment {
  const { comment, author } = row;
  const subject = commentSubject(row, landlordId, now);
  return {
    id: comment.id,
    ticket_id: comment.ticketId,
    body: comment.body,
    visibility: comment.visibility,
    author: author && {
      id: author.id,
      name: displayName(author),
      avatar: fileUrl(author.avatar),
      role_name: roleName(author.role),
    },
    attachments: files
      .filter((file) => file.commentId === comment.id)
      .map((file) => serializeAttachment(comment.ticketId, file)),
    created_at_timestamp: toSeconds(comment.createdAt),
    edited_at_timestamp: comment.editedAt ? toSeconds(comment.editedAt) : null,
    editable_until_timestamp: toSeconds(commentEditableUntil(comment.createdAt)),
    can_edit: can(viewer, 'comment.update', subject),
    can_delete: can(viewer, 'comment.delete', subject),
  };
}
