import type { ApiNotification } from '@mend/shared';
import { describe, expect, it } from 'vitest';
import {
  badgeCount,
  markViewed,
  notificationTarget,
  readNotifications,
  sortNotifications,
  unviewedCount,
  unviewedIds,
  unviewedTicketCount,
} from './notifications';
import { opensNotifiedRecord } from './queries';

const ORIGIN = 'https://mend.example';

function note(id: number, extra: Partial<ApiNotification> = {}): ApiNotification {
  return {
    id,
    viewed: false,
    ticket_id: null,
    contact_id: null,
    link: null,
    title: `Notification ${id}`,
    subtitle: '',
    description: '',
    image: null,
    timestamp: 1_700_000_000 + id,
    ...extra,
  };
}

describe('notificationTarget', () => {
  it('opens the ticket first, then the contact submission, then the link', () => {
    expect(notificationTarget(note(1, { ticket_id: 7, contact_id: 3, link: '/x' }), ORIGIN)).toEqual({
      kind: 'route',
      to: '/tickets/7',
    });
    expect(notificationTarget(note(2, { contact_id: 3, link: '/x' }), ORIGIN)).toEqual({
      kind: 'route',
      to: '/contact/3',
    });
    expect(notificationTarget(note(3, { link: '/units/4?tab=1#top' }), ORIGIN)).toEqual({
      kind: 'route',
      to: '/units/4?tab=1#top',
    });
  });

  it('keeps links of this origin inside the app and leaves other sites to the browser', () => {
    expect(notificationTarget(note(1, { link: `${ORIGIN}/tickets/9?x=1` }), ORIGIN)).toEqual({
      kind: 'route',
      to: '/tickets/9?x=1',
    });
    expect(notificationTarget(note(2, { link: 'https://status.example.com/incident' }), ORIGIN)).toEqual({
      kind: 'external',
      href: 'https://status.example.com/incident',
    });
  });

  it('goes nowhere without a target or for links that are not web pages', () => {
    expect(notificationTarget(note(1), ORIGIN)).toBeNull();
    expect(notificationTarget(note(2, { link: '   ' }), ORIGIN)).toBeNull();
    expect(notificationTarget(note(3, { link: 'javascript:alert(1)' }), ORIGIN)).toBeNull();
    expect(notificationTarget(note(4, { link: 'data:text/html,hi' }), ORIGIN)).toBeNull();
    expect(notificationTarget(note(5, { link: '//evil.example/path' }), ORIGIN)).toBeNull();
    expect(notificationTarget(note(6, { link: '/\\evil.example' }), ORIGIN)).toBeNull();
    expect(notificationTarget(note(7, { link: 'not a url' }), ORIGIN)).toBeNull();
  });

  it('treats a ticket or contact id of 0 as a real id', () => {
    expect(notificationTarget(note(1, { ticket_id: 0 }), ORIGIN)).toEqual({
      kind: 'route',
      to: '/tickets/0',
    });
  });
});

describe('counts', () => {
  const list = [
    note(1, { ticket_id: 5 }),
    note(2, { ticket_id: 5 }),
    note(3, { ticket_id: 6, viewed: true }),
    note(4, { ticket_id: 8 }),
    note(5, { contact_id: 2 }),
  ];

  it('counts unviewed notifications and lists their ids', () => {
    expect(unviewedCount(list)).toBe(4);
    expect(unviewedIds(list)).toEqual([1, 2, 4, 5]);
    expect(unviewedCount([])).toBe(0);
  });

  it('counts tickets with unviewed notifications once each', () => {
    expect(unviewedTicketCount(list)).toBe(2);
  });

  it('gives the My Tickets badges of roles 2 and 3 that count, and other entries none', () => {
    expect(badgeCount({ badge: 'unviewedTickets' }, list)).toBe(2);
    expect(badgeCount({ badge: 'tickets' }, list)).toBe(2);
    expect(badgeCount({}, list)).toBe(0);
    expect(badgeCount({ badge: 'unviewedTickets' }, [])).toBe(0);
  });
});

describe('list helpers', () => {
  it('sorts newest first without touching the given list', () => {
    const list = [note(1, { timestamp: 10 }), note(2, { timestamp: 30 }), note(3, { timestamp: 30 })];
    expect(sortNotifications(list).map((n) => n.id)).toEqual([3, 2, 1]);
    expect(list.map((n) => n.id)).toEqual([1, 2, 3]);
  });

  it('marks notifications viewed, keeping the same list when nothing changes', () => {
    const list = [note(1), note(2, { viewed: true }), note(3)];
    const marked = markViewed(list, [1, 2]);
    expect(marked.map((n) => n.viewed)).toEqual([true, true, false]);
    expect(marked[1]).toBe(list[1]);
    expect(markViewed(list, [2])).toBe(list);
    expect(markViewed(list, [])).toBe(list);
  });

  it('reads the notifications of a history answer', () => {
    expect(readNotifications({ data: [note(1), { nope: true }, null] })).toEqual([note(1)]);
    expect(readNotifications({ data: 'x' })).toBeNull();
    expect(readNotifications(null)).toBeNull();
    expect(readNotifications('<html>')).toBeNull();
  });
});

describe('opensNotifiedRecord', () => {
  it('spots the load of one ticket or one contact submission', () => {
    expect(opensNotifiedRecord(['tickets', 'detail', 'tickets/5'])).toBe(true);
    expect(opensNotifiedRecord(['contact', 'detail', 'contact/2'])).toBe(true);
    expect(opensNotifiedRecord(['tickets', 'list', 'tickets', {}])).toBe(false);
    expect(opensNotifiedRecord(['units', 'detail', 'units/5'])).toBe(false);
    expect(opensNotifiedRecord(['notifications', 3])).toBe(false);
  });
});
