import type { ApiTicket } from '@mend/shared';
import type { QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { cachedKeys } from '../../../lib/query-cache.testing';
import { applyVisitAnswer, showVisitAnswer } from './visit-data';

const KEYS = {
  detail: ['tickets', 'detail', 'tickets/5'],
  comments: ['tickets', 'comments', 5],
  list: ['tickets', 'list', 'tickets', { page: 1 }],
  calendar: ['visits', 'calendar', 1_795_000_000, 1_795_604_800],
  notifications: ['notifications', 1],
  feed: ['calendar-feed', 1],
  units: ['units', 'list', 'units', { page: 1 }],
} satisfies Record<string, QueryKey>;

describe('a visit write’s answer', () => {
  it('shows the ticket at once, then refreshes its details, the lists, the calendar and the bell', async () => {
    const { client: queryClient, stale } = cachedKeys(KEYS);
    const ticket = { id: 5, title: 'Leak' } as ApiTicket;
    await applyVisitAnswer(queryClient, 5, { message: 'Visit booked.', data: ticket });
    expect(queryClient.getQueryData(KEYS.detail)).toEqual(ticket);
    expect(stale()).toEqual(['detail', 'list', 'calendar', 'notifications']);
  });

  it('leaves the details alone when the answer is another ticket, or none', () => {
    const { client: queryClient, stale } = cachedKeys(KEYS);
    showVisitAnswer(queryClient, 5, { message: '', data: { id: 6 } as ApiTicket });
    showVisitAnswer(queryClient, 5, { message: '', data: null });
    showVisitAnswer(queryClient, 5, undefined);
    expect(queryClient.getQueryData(KEYS.detail)).toEqual({ cached: true });
    expect(stale()).toEqual([]);
  });
});
