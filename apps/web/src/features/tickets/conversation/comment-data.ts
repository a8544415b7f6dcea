/**
 * The thread of a ticket through TanStack Query, a page at a time, and the clock that hides Edit once a
 * comment's window closes (comment-rules.ts has the rules themselves).
 */
import {
  type ApiTicketComment,
  type ApiTicketCommentList,
  RELATIVE_TIME_LIST_REFRESH_MS,
} from '@mend/shared';
import { type InfiniteData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { fetchJson } from '../../../lib/records';
import { useNow } from '../TicketParts';
import {
  commentsKey,
  commentsPath,
  earlierPageParam,
  nextEditDeadline,
  type ThreadPageParam,
  threadOfPages,
  threadPageQuery,
} from './comment-rules';

// Outside the hook: one function, so TanStack Query joins the pages again only when they change.
const joinPages = (data: InfiniteData<ApiTicketCommentList, ThreadPageParam>) => threadOfPages(data.pages);

/**
 * GET tickets/{id}/comments: the newest page of the comments the viewer may see, and each earlier page asked for
 * (`fetchNextPage`: "next" is older here), as one thread oldest first. A write refreshes every page loaded.
 */
export function useComments(ticketId: number) {
  return useInfiniteQuery({
    queryKey: commentsKey(ticketId),
    queryFn: ({ pageParam }) =>
      fetchJson<ApiTicketCommentList>(commentsPath(ticketId), threadPageQuery(pageParam)),
    initialPageParam: null as ThreadPageParam,
    getNextPageParam: earlierPageParam,
    select: joinPages,
  });
}

/**
 * The thread's clock (ms): ticks for the relative times, and once more as each edit window closes, when the
 * thread is asked for again (the server then says what the viewer may still do, e.g. delete).
 */
export function useThreadClock(ticketId: number, comments: readonly ApiTicketComment[] | undefined): number {
  const queryClient = useQueryClient();
  const ticking = useNow(RELATIVE_TIME_LIST_REFRESH_MS);
  const [woken, setWoken] = useState(0);
  const now = Math.max(ticking, woken);
  const deadline = comments ? nextEditDeadline(comments, now) : null;

  useEffect(() => {
    if (deadline === null) return;
    const timer = setTimeout(
      () => {
        setWoken(Date.now());
        void queryClient.invalidateQueries({ queryKey: commentsKey(ticketId) });
      },
      // Just after it closes: a timer may fire a little early.
      Math.max(0, deadline - Date.now()) + 100,
    );
    return () => clearTimeout(timer);
  }, [deadline, queryClient, ticketId]);

  return now;
}
