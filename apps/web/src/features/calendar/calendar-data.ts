/**
 * The calendar's data through TanStack Query: the visits of a span (GET visits?from=&to=, of one landlord with
 * `&landlord_id=`; under 'visits', so every visit write and every ticket or assignment write refreshes it:
 * lib/invalidation.ts), and the signed-in user's
 * private calendar feed (GET users/{id}/calendar-feed; its reset's answer replaces it, nothing else changes it).
 */
import type { ApiCalendar, ApiCalendarFeed } from '@mend/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchJson } from '../../lib/records';

export const calendarKey = (from: number, to: number, landlordId: number | null = null) =>
  ['visits', 'calendar', from, to, landlordId] as const;

/**
 * The proposed and booked visits the viewer sees that overlap [from, to) (seconds), of one landlord's properties when
 * `landlordId` is given; nothing is asked while `enabled` is false.
 */
export function useCalendarVisits(
  from: number,
  to: number,
  landlordId: number | null = null,
  enabled = true,
) {
  return useQuery({
    queryKey: calendarKey(from, to, landlordId),
    queryFn: () => fetchJson<ApiCalendar>('visits', { from, to, landlord_id: landlordId }),
    enabled,
    // Stepping to the next week keeps the last one on screen until the next arrives.
    placeholderData: keepPreviousData,
  });
}

export const calendarFeedPath = (userId: number) => `users/${userId}/calendar-feed`;
export const calendarFeedKey = (userId: number) => ['calendar-feed', userId] as const;

export function useCalendarFeed(userId: number) {
  return useQuery({
    queryKey: calendarFeedKey(userId),
    queryFn: () => fetchJson<ApiCalendarFeed>(calendarFeedPath(userId)),
    retry: false,
    staleTime: 5 * 60_000,
  });
}
