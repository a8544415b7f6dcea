/**
 * The calendar's data through TanStack Query: the visits of a span (GET visits?from=&to=, under 'visits', so every
 * visit write and every ticket or assignment write refreshes it: lib/invalidation.ts), and the signed-in user's
 * private calendar feed (GET users/{id}/calendar-feed; its reset's answer replaces it, nothing else changes it).
 */
import type { ApiCalendar, ApiCalendarFeed } from '@mend/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchJson } from '../../lib/records';

export const calendarKey = (from: number, to: number) => ['visits', 'calendar', from, to] as const;

/** The proposed and booked visits the viewer sees that overlap [from, to) (seconds). */
export function useCalendarVisits(from: number, to: number) {
  return useQuery({
    queryKey: calendarKey(from, to),
    queryFn: () => fetchJson<ApiCalendar>('visits', { from, to }),
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
