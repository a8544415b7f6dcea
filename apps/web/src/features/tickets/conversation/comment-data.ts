/**
 * The thread of a ticket through TanStack Query, and the clock that hides Edit once a comment's window
 * closes (comment-rules.ts has the rules themselves).
 */
import { type ApiTicketCommentList, RELATIVE_TIME_LIST_REFRESH_MS } from '@mend/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { fetchJson } from '../../../lib/records';
import { useNow } from '../TicketParts';
import { commentsKey, commentsPath, nextEditDeadline } from './comment-rules';

/** GET tickets/{id}/comments: the comments the viewer may see, oldest first, and what it may post with. */
export function useComments(ticketId: number) {
  return useQuery({
    queryKey: commentsKey(ticketId),
    queryFn: () => fetchJson<ApiTicketCommentList>(commentsPath(ticketId)),
  });
}

/**
 * The thread's clock (ms): ticks for the relative times, and once more as each edit window closes, when the
 * thread is asked for again (the server then says what the viewer may still do, e.g. delete).
 */
export function useThreadClock(ticketId: number, thread: ApiTicketCommentList | undefined): number {
  const queryClient = useQueryClient();
  const ticking = useNow(RELATIVE_TIME_LIST_REFRESH_MS);
  const [woken, setWoken] = useState(0);
  const now = Math.max(ticking, woken);
  const deadline = thread ? nextEditDeadline(thread.data, now) : null;

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
