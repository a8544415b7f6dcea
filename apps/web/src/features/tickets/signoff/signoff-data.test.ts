import type { ApiTicket } from '@mend/shared';
import type { QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { cachedKeys } from '../../../lib/query-cache.testing';
import { applySignoffAnswer, showSignoffAnswer } from './signoff-data';

const KEYS = {
  detail: ['tickets', 'detail', 'tickets/5'],
  comments: ['tickets', 'comments', 5],
  choices: ['tickets', 'assignable-contractors', 5],
  list: ['tickets', 'list', 'tickets', { page: 1 }],
  unit: ['units', 'detail', 'units/3'],
  contractor: ['contractors', 'detail', 'contractors/9'],
  user: ['users', 'detail', 'users/9'],
  contractorList: ['contractors', 'list', 'contractors', { page: 1 }],
  dashboard: ['dashboard'],
  calendar: ['visits', 'calendar', 1_795_000_000, 1_795_604_800],
  notifications: ['notifications', 1],
  outbox: ['outbox', 'list', 'outbox', { page: 1 }],
  link: ['signoff-links', 'token'],
} satisfies Record<string, QueryKey>;

describe('a sign-off’s answer', () => {
  it("shows the ticket at once, then refreshes its details and lists, its unit, the contractor's record, the dashboard, the calendar, the bell and the outbox", async () => {
    const { client: queryClient, stale } = cachedKeys(KEYS);
    const ticket = { id: 5, title: 'Leak', status: 2 } as ApiTicket;
    await applySignoffAnswer(queryClient, 5, { message: 'The ticket is reopened.', data: ticket });
    expect(queryClient.getQueryData(KEYS.detail)).toEqual(ticket);
    expect(stale()).toEqual([
      'detail',
      'list',
      'unit',
      'contractor',
      'user',
      'dashboard',
      'calendar',
      'notifications',
      'outbox',
    ]);
  });

  it('leaves the details alone when the answer is another ticket, or none', () => {
    const { client: queryClient, stale } = cachedKeys(KEYS);
    showSignoffAnswer(queryClient, 5, { message: '', data: { id: 6 } as ApiTicket });
    showSignoffAnswer(queryClient, 5, { message: '', data: null });
    showSignoffAnswer(queryClient, 5, undefined);
    expect(queryClient.getQueryData(KEYS.detail)).toEqual({ cached: true });
    expect(stale()).toEqual([]);
  });
});
