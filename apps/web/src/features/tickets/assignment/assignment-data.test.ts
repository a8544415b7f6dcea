import type { ApiTicket } from '@mend/shared';
import type { QueryKey } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { cachedKeys } from '../../../lib/query-cache.testing';
import { applyAssignmentAnswer, isTicketsOwnKey } from './assignment-data';

const KEYS = {
  detail: ['tickets', 'detail', 'tickets/5'],
  comments: ['tickets', 'comments', 5],
  choices: ['tickets', 'assignable-contractors', 5],
  otherDetail: ['tickets', 'detail', 'tickets/6'],
  list: ['tickets', 'list', 'tickets', { page: 1 }],
  notifications: ['notifications', 1],
  outbox: ['outbox', 'list', 'outbox', { page: 1 }],
  units: ['units', 'list', 'units', { page: 1 }],
} satisfies Record<string, QueryKey>;
type Name = keyof typeof KEYS;
const NAMES = Object.keys(KEYS) as Name[];

describe('isTicketsOwnKey', () => {
  it("names a ticket's details, conversation and contractor choices, not another ticket's or a list", () => {
    expect(NAMES.filter((name) => isTicketsOwnKey(KEYS[name], 5))).toEqual(['detail', 'comments', 'choices']);
    expect(isTicketsOwnKey(['tickets', 'detail', 'tickets/5', 'more'], 5)).toBe(false);
  });
});

describe('applyAssignmentAnswer', () => {
  it('shows the answered ticket at once and refreshes what the assignment shows on', async () => {
    const { client: queryClient, stale } = cachedKeys(KEYS);
    const onGone = vi.fn();
    const ticket = { id: 5, title: 'Leak' } as ApiTicket;
    await applyAssignmentAnswer(queryClient, 5, { message: 'Done', data: ticket }, onGone);
    expect(onGone).not.toHaveBeenCalled();
    expect(queryClient.getQueryData(KEYS.detail)).toEqual(ticket);
    expect(stale()).toEqual([
      'detail',
      'comments',
      'choices',
      'otherDetail',
      'list',
      'notifications',
      'outbox',
    ]);
  });

  it('closes a ticket the viewer no longer sees, marking its own queries stale without asking for them', async () => {
    const { client: queryClient, stale } = cachedKeys(KEYS);
    const onGone = vi.fn();
    const refetched: string[] = [];
    const spy = vi.spyOn(queryClient, 'invalidateQueries');
    await applyAssignmentAnswer(queryClient, 5, { message: 'Declined', data: null }, onGone);
    expect(onGone).toHaveBeenCalledOnce();
    expect(queryClient.getQueryData(KEYS.detail)).toEqual({ cached: true });
    expect(stale()).toEqual([
      'detail',
      'comments',
      'choices',
      'otherDetail',
      'list',
      'notifications',
      'outbox',
    ]);
    // The ticket's own queries are invalidated with refetchType 'none': nothing asks the server for them.
    for (const [filters] of spy.mock.calls) {
      const { predicate, refetchType } = filters as {
        predicate: (query: { queryKey: QueryKey }) => boolean;
        refetchType?: string;
      };
      if (refetchType !== 'none')
        refetched.push(...NAMES.filter((name) => predicate({ queryKey: KEYS[name] })));
    }
    expect(refetched).toEqual(['otherDetail', 'list', 'notifications', 'outbox']);
  });
});
