/**
 * What the print view of a work order shows (issue 27): the ticket as its details read it, and its whole
 * conversation, every page of it, as the viewer may read it. Both are the server's answers, so the view shows what
 * the details show this viewer: a contractor never gets a staff-only comment, a tenant no costs.
 */
import type { ApiTicketComment, ApiTicketCommentList } from '@mend/shared';
import { useQuery } from '@tanstack/react-query';
import { fetchJson } from '../../../lib/records';
import { commentsKey, commentsPath, earlierPageParam, threadPageQuery } from '../conversation/comment-rules';
import { ticketQuery } from '../ticket-data';

/** Every comment the viewer may read, oldest first: the thread's pages, walked back from the newest. */
export async function fetchWholeThread(ticketId: number): Promise<ApiTicketComment[]> {
  const comments: ApiTicketComment[] = [];
  let before: number | null = null;
  for (;;) {
    const page: ApiTicketCommentList = await fetchJson(commentsPath(ticketId), threadPageQuery(before));
    comments.unshift(...page.data);
    const earlier = earlierPageParam(page);
    if (earlier === undefined) return comments;
    before = earlier;
  }
}

/** The ticket and its whole thread; under the thread's key, so a change to the conversation refreshes it too. */
export function useWorkOrder(ticketId: number) {
  const ticket = useQuery(ticketQuery(ticketId));
  const thread = useQuery({
    queryKey: [...commentsKey(ticketId), 'whole'],
    queryFn: () => fetchWholeThread(ticketId),
    retry: false,
  });
  return { ticket, thread };
}
