/**
 * "Conversation" in a ticket's details (issue 25 section 1), above its activity log: the comments the viewer
 * may see, oldest first (CommentItem), and the composer under them (CommentComposer) when the viewer may post.
 * Which comments show is the server's answer: a contractor never gets a staff-only one, a tenant only those
 * for everyone on its own tickets. The newest page shows first; "Show earlier comments" above it adds the page
 * before, so a long thread costs its first page only.
 */
import { Button, Center, Loader, Text } from '@mantine/core';
import { DetailSection } from '../../../components/details';
import { errorMessage } from '../../../lib/records';
import { t } from '../../../lib/translations';
import { CommentComposer } from './CommentComposer';
import { CommentItem } from './CommentItem';
import { useComments, useThreadClock } from './comment-data';
import classes from './conversation.module.css';

const C = t.screens.comments;

export function TicketConversation({ ticketId }: { ticketId: number }) {
  const query = useComments(ticketId);
  const thread = query.data;
  const now = useThreadClock(ticketId, thread?.comments);

  return (
    <DetailSection title={C.title}>
      {query.isPending ? (
        <Center py="md" role="status">
          <Loader size="sm" role="progressbar" aria-label={t.app.loading} />
        </Center>
      ) : !thread ? (
        <Text size="sm" c="red.9" role="alert">
          {errorMessage(query.error)}
        </Text>
      ) : (
        <>
          {query.hasNextPage ? (
            <Button
              className={classes.earlier}
              variant="subtle"
              size="compact-sm"
              loading={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              {C.showEarlier}
            </Button>
          ) : null}
          {query.isFetchNextPageError ? (
            <Text size="sm" c="red.9" role="alert">
              {errorMessage(query.error)}
            </Text>
          ) : null}
          {thread.comments.length === 0 ? (
            <Text size="sm" c="dimmed">
              {C.empty}
            </Text>
          ) : (
            <ul className={classes.thread} aria-label={C.title}>
              {thread.comments.map((comment) => (
                <CommentItem key={comment.id} ticketId={ticketId} comment={comment} now={now} />
              ))}
            </ul>
          )}
          {thread.visibilities.length > 0 ? (
            <CommentComposer ticketId={ticketId} visibilities={thread.visibilities} />
          ) : null}
        </>
      )}
    </DetailSection>
  );
}
