/**
 * The notification history of the signed-in user (SPEC.md sections 4, 7 and 8):
 * - GET users/{id}/notification-history, refetched when the live stream says it changed (lib/live.ts), polled
 *   every NOTIFICATION_POLL_MS only while the stream is down, and refetched when the window regains focus and on
 *   every route change (MainLayout);
 * - PATCH the same path with `notifications_to_set` (ids) marks them viewed and answers the list;
 * - a failed fetch sends the user to /login.
 *
 * Screens that open a ticket or a contact submission (the server then marks its notifications
 * viewed) call `invalidateNotifications(queryClient)` so the bell count drops at once. This module
 * has no UI imports, so importing the helper costs a screen nothing.
 */
import { type ApiNotification, NOTIFICATION_POLL_MS } from '@mend/shared';
import { type Query, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiGet, apiSend } from '../../lib/api';
import { isLive } from '../../lib/live';
import { t } from '../../lib/translations';
import { markViewed, readNotifications } from './notifications';

/** Root of every notification query key. */
export const NOTIFICATIONS_KEY = ['notifications'] as const;

/** Key of the "mark viewed" mutations (a route change does not refetch while one is on its way). */
export const MARK_VIEWED_KEY = ['notifications', 'mark-viewed'] as const;

export function notificationsKey(userId: number) {
  return [...NOTIFICATIONS_KEY, userId] as const;
}

/** Refetches the bell's notifications (call after opening a ticket or a contact submission). */
export function invalidateNotifications(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
}

/**
 * Whether a query is the load of one ticket or one contact submission (`[resource, 'detail', url]`,
 * see lib/records.ts): the server marks its notifications viewed while answering it.
 */
export function opensNotifiedRecord(queryKey: readonly unknown[]): boolean {
  return (queryKey[0] === 'tickets' || queryKey[0] === 'contact') && queryKey[1] === 'detail';
}

/**
 * Refetches the notifications whenever a ticket or contact submission finishes loading anywhere in
 * the app. Returns the unsubscribe function.
 */
export function watchOpenedRecords(queryClient: QueryClient): () => void {
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    const query = event.query as Query;
    if (opensNotifiedRecord(query.queryKey)) void invalidateNotifications(queryClient);
  });
}

function historyPath(userId: number): string {
  return `users/${userId}/notification-history`;
}

export async function fetchNotifications(userId: number): Promise<ApiNotification[]> {
  const result = await apiGet<unknown>(historyPath(userId));
  const list = result.ok ? readNotifications(result.data) : null;
  if (list) return list;
  throw new ApiError(result.ok ? 502 : result.status, result.ok ? { message: t.errors.server } : result.data);
}

/**
 * The bell's notifications. `initial` (those the current user came with: as many, just read by the
 * server) is the first list, so the layout does not ask for the same list again as it mounts; the
 * live stream (or the poll while it is down), a return to the window and the refetches on route changes keep it
 * current from there.
 */
export function useNotifications(userId: number, initial: readonly ApiNotification[]) {
  return useQuery({
    queryKey: notificationsKey(userId),
    queryFn: () => fetchNotifications(userId),
    initialData: () => [...initial],
    initialDataUpdatedAt: () => Date.now(),
    refetchOnMount: false,
    refetchInterval: () => (isLive() ? false : NOTIFICATION_POLL_MS),
    refetchOnWindowFocus: true,
    staleTime: 0,
    // One more try on network or server trouble; a 4xx answer goes straight to the login redirect.
    retry: (failureCount, error) =>
      failureCount < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
  });
}

/** Marks notifications viewed: at once in the cache, then on the server (its answer replaces the list). */
export function useMarkNotificationsViewed(userId: number) {
  const queryClient = useQueryClient();
  const key = notificationsKey(userId);
  return useMutation({
    mutationKey: MARK_VIEWED_KEY,
    mutationFn: async (ids: number[]) => {
      const result = await apiSend<unknown>('PATCH', historyPath(userId), { notifications_to_set: ids });
      const list = result.ok ? readNotifications(result.data) : null;
      if (!list) throw new ApiError(result.status, result.ok ? {} : result.data);
      return list;
    },
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<ApiNotification[]>(key);
      if (previous) queryClient.setQueryData<ApiNotification[]>(key, [...markViewed(previous, ids)]);
      return { previous };
    },
    onSuccess: (list) => {
      queryClient.setQueryData(key, list);
    },
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
