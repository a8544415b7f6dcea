/**
 * The conversation of a ticket without React (issue 25 section 1): where a thread is cached and sent, when a
 * comment may still be edited, what the composer sends and checks, and how attachments show.
 */
import {
  type ApiTicketComment,
  type ApiTicketCommentList,
  COMMENT_MAX_FILES,
  COMMENT_VISIBILITIES,
  type CommentVisibility,
  checkTicketImages,
  checkUploadCount,
  type UploadInfo,
} from '@mend/shared';
import type { ShownFile } from '../TicketPhotos';

/**
 * The thread's key: under 'tickets', so that every write that refreshes a ticket (a person's new name, the
 * ticket itself) refreshes its conversation too; a comment's own writes name it (lib/invalidation.ts).
 */
export const commentsKey = (ticketId: number) => ['tickets', 'comments', ticketId] as const;

/** GET (the thread) and POST (a new comment). */
export const commentsPath = (ticketId: number) => `tickets/${ticketId}/comments`;

/** Which page of the thread is asked for: the newest (null), or the one before a comment (its id). */
export type ThreadPageParam = number | null;

/** The query of a page of the thread: none for the newest, `before` for an earlier one. */
export function threadPageQuery(before: ThreadPageParam): { before: number } | undefined {
  return before === null ? undefined : { before };
}

/** The page before `page`: before its oldest comment, when the server says the viewer may read earlier ones. */
export function earlierPageParam(page: ApiTicketCommentList): number | undefined {
  return page.has_earlier ? page.data[0]?.id : undefined;
}

/** The thread as shown: every page loaded, oldest first, and what the viewer may post with. */
export interface ShownThread {
  comments: ApiTicketComment[];
  visibilities: CommentVisibility[];
}

/** The pages as loaded (the newest first, then each earlier one) as one thread, oldest first. */
export function threadOfPages(pages: readonly ApiTicketCommentList[]): ShownThread {
  return {
    comments: [...pages].reverse().flatMap((page) => page.data),
    visibilities: pages[0]?.visibilities ?? [],
  };
}

/** PATCH (edit) and DELETE. */
export const commentPath = (ticketId: number, commentId: number) =>
  `tickets/${ticketId}/comments/${commentId}`;

/** Whether the Edit button shows at `nowMs`: the server allows it and the author's window is still open. */
export function editableAt(comment: ApiTicketComment, nowMs: number): boolean {
  return comment.can_edit && nowMs < comment.editable_until_timestamp * 1000;
}

/** When (ms since the epoch) the next edit window among `comments` closes after `nowMs`; null when none will. */
export function nextEditDeadline(comments: readonly ApiTicketComment[], nowMs: number): number | null {
  let next: number | null = null;
  for (const comment of comments) {
    if (!editableAt(comment, nowMs)) continue;
    const closes = comment.editable_until_timestamp * 1000;
    if (next === null || closes < next) next = closes;
  }
  return next;
}

/** What the composer holds. */
export interface CommentFormValues extends Record<string, unknown> {
  body: string;
  visibility: string;
  /** New files, already prepared (features/tickets/photo-prep.ts). */
  attachments: File[];
}

/** The visibility a new comment starts with: the viewer's first choice (the server lists them widest first). */
export function initialVisibility(visibilities: readonly string[]): string {
  return visibilities[0] ?? COMMENT_VISIBILITIES[0];
}

/** The composer's first values. */
export function emptyComment(visibilities: readonly string[]): CommentFormValues {
  return { body: '', visibility: initialVisibility(visibilities), attachments: [] };
}

/** The body of POST tickets/{id}/comments: the text, the visibility and the files (`attachments[]`) when any. */
export function commentPayload(values: CommentFormValues): Record<string, unknown> {
  const body: Record<string, unknown> = { body: values.body, visibility: values.visibility };
  if (values.attachments.length > 0) body.attachments = values.attachments;
  return body;
}

/** The attachment rules, the ticket images' (count, size, type); the message, or null when fine. */
export function attachmentsError(files: readonly UploadInfo[]): string | null {
  return checkUploadCount(files.length, COMMENT_MAX_FILES) ?? checkTicketImages(files);
}

/**
 * The attachments' error among a form's errors: the field's own, or the first of one file's
 * (`attachments.0`, as the server may name it).
 */
export function attachmentsFieldError<E>(errors: Record<string, E>): E | undefined {
  if (errors.attachments) return errors.attachments;
  const key = Object.keys(errors).find((name) => /^attachments\.\d+$/.test(name) && errors[name]);
  return key === undefined ? undefined : errors[key];
}

/** A comment's attachments as the ticket photos show files (TicketPhotos.tsx): images open the lightbox. */
export function attachmentFiles(attachments: ApiTicketComment['attachments']): ShownFile[] {
  return attachments.map((attachment) => ({
    id: attachment.id,
    url: attachment.url,
    thumbnail_url: attachment.thumbnail_url,
    name: attachment.original_name || attachment.mime_type,
    is_image: attachment.mime_type.toLowerCase().startsWith('image/'),
  }));
}

/** Whether a comment carries a badge: only those not shown to everyone on the ticket. */
export function restricted(visibility: CommentVisibility): boolean {
  return visibility !== 'everyone';
}

/** A comment as the delete question names it: its first line, cut at `max` characters. */
export function commentExcerpt(body: string, max = 60): string {
  const line = body.trim().split(/\r?\n/, 1)[0]?.trim() ?? '';
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}
