/**
 * The notifications of the signed-in layout: the polled history, refetched on every route change and
 * whenever a ticket or contact submission has been opened; a failed fetch goes to /login (SPEC.md
 * section 8).
 */
import type { ApiNotification } from '@mend/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { loginUrl } from '../../lib/redirects';
import {
  invalidateNotifications,
  MARK_VIEWED_KEY,
  useMarkNotificationsViewed,
  useNotifications,
  watchOpenedRecords,
} from './queries';

export function useSignedInNotifications(userId: number, initial: readonly ApiNotification[]) {
  const queryClient = useQueryClient();
  const query = useNotifications(userId, initial);
  const mark = useMarkNotificationsViewed(userId);
  const location = useLocation();
  const navigate = useNavigate();

  // A route change refetches (not on the first render: the list is the one the user came with,
  // nor while a "mark viewed" is on its way: its answer is newer than any list fetched meanwhile).
  const firstPath = useRef(true);
  useEffect(() => {
    if (firstPath.current) {
      firstPath.current = false;
      return;
    }
    if (location.pathname && queryClient.isMutating({ mutationKey: MARK_VIEWED_KEY }) === 0)
      void invalidateNotifications(queryClient);
  }, [location.pathname, queryClient]);

  useEffect(() => watchOpenedRecords(queryClient), [queryClient]);

  const failed = query.isError;
  const here = `${location.pathname}${location.search}`;
  useEffect(() => {
    if (!failed) return;
    console.error('The notifications could not be loaded; signing in again.');
    navigate(loginUrl(here), { replace: true });
  }, [failed, here, navigate]);

  return {
    notifications: query.data ?? initial,
    markViewed: (ids: number[]) => {
      if (ids.length > 0) mark.mutate(ids);
    },
  };
}
