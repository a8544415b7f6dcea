/**
 * One comment of a ticket's thread: the author's avatar, name and role, when (relative, "edited" after a
 * change), a badge when not everyone on the ticket sees it, the text with its line breaks (as text, never
 * HTML), the attachments as the ticket's thumbnails and lightbox, and Edit (inline, while the author's window
 * is open) and Delete (with the app's delete question) where the server allows them.
 */
import { Avatar, Button, Group } from '@mantine/core';
import type { ApiTicketComment } from '@mend/shared';
import { IconEyeOff, IconPencil, IconTrash, IconUsersGroup } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { StateTag } from '../../../components/StateTag';
import { useDeleteRecord } from '../../../components/useDeleteRecord';
import { dateFormat } from '../../../lib/dates';
import { t } from '../../../lib/translations';
import { RelativeTime } from '../TicketParts';
import { TicketPhotos } from '../TicketPhotos';
import { CommentEditor } from './CommentEditor';
import { attachmentFiles, commentExcerpt, commentPath, editableAt, restricted } from './comment-rules';
import classes from './conversation.module.css';

const C = t.screens.comments;

export function CommentItem({
  ticketId,
  comment,
  now,
}: {
  ticketId: number;
  comment: ApiTicketComment;
  /** The thread's clock (ms): relative times, and whether Edit still shows. */
  now: number;
}) {
  const [editing, setEditing] = useState(false);
  const { remove, deleting } = useDeleteRecord();
  const name = comment.author?.name ?? C.deletedUser;
  const canEdit = editableAt(comment, now);
  const files = attachmentFiles(comment.attachments);

  return (
    <li className={classes.comment} data-comment={comment.id} data-visibility={comment.visibility}>
      <Avatar
        src={comment.author?.avatar ?? null}
        name={name}
        alt=""
        color="initials"
        size={36}
        radius="xl"
      />
      <div className={classes.main}>
        <Group gap={6} wrap="wrap" align="baseline">
          <span className={classes.name}>{name}</span>
          {comment.author?.role_name ? (
            <span className={classes.meta}>{comment.author.role_name}</span>
          ) : null}
          <span className={classes.meta} aria-hidden>
            ·
          </span>
          <RelativeTime
            timestamp={comment.created_at_timestamp}
            // Never "in a few seconds": the clock ticks every half minute, and the server's may run ahead.
            now={Math.max(now, comment.created_at_timestamp * 1000)}
            className={classes.meta}
          />
          {comment.edited_at_timestamp !== null ? (
            <span
              className={classes.meta}
              title={dayjs.unix(comment.edited_at_timestamp).format(dateFormat('dateTime'))}
              data-edited
            >
              ({C.edited})
            </span>
          ) : null}
          {restricted(comment.visibility) ? <VisibilityBadge visibility={comment.visibility} /> : null}
        </Group>
        {editing ? (
          <CommentEditor ticketId={ticketId} comment={comment} onDone={() => setEditing(false)} />
        ) : (
          <div className={classes.bubble} data-visibility={comment.visibility}>
            <p className={classes.body}>{comment.body}</p>
          </div>
        )}
        {files.length > 0 ? <TicketPhotos files={files} label={C.attachment} /> : null}
        {!editing && (canEdit || comment.can_delete) ? (
          <Group gap={4}>
            {canEdit ? (
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconPencil size={14} aria-hidden />}
                onClick={() => setEditing(true)}
              >
                {C.edit}
              </Button>
            ) : null}
            {comment.can_delete ? (
              <Button
                variant="subtle"
                color="red"
                size="compact-sm"
                leftSection={<IconTrash size={14} aria-hidden />}
                loading={deleting}
                onClick={() =>
                  void remove({
                    path: commentPath(ticketId, comment.id),
                    entity: t.screens.entities.comment.word,
                    name: commentExcerpt(comment.body),
                    resource: 'comments',
                    onDeleted: () => {},
                  })
                }
              >
                {C.delete}
              </Button>
            ) : null}
          </Group>
        ) : null}
      </div>
    </li>
  );
}

/** "Staff and contractor" or "Staff only". */
function VisibilityBadge({ visibility }: { visibility: ApiTicketComment['visibility'] }) {
  const staff = visibility === 'staff';
  const Icon = staff ? IconEyeOff : IconUsersGroup;
  return (
    <StateTag
      color={staff ? 'orange' : 'grape'}
      leftSection={<Icon size={12} aria-hidden />}
      data-visibility-badge={visibility}
    >
      {C.visibilities[visibility]}
    </StateTag>
  );
}
