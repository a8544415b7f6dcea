/**
 * Pure rules of the notifications bell (SPEC.md sections 2 and 4): where a notification leads, how
 * many are unviewed, the sidebar count badges, and marking some viewed in a cached list.
 */
import type { ApiNotification, MenuEntry } from '@mend/shared';

/** Where clicking a notification goes: a route of the app, another site, or nowhere. */
export type NotificationTarget = { kind: 'route'; to: string } | { kind: 'external'; href: string } | null;

/**
 * A notification opens its ticket, or its contact submission, or else its link. A link on this
 * origin (absolute or a path) stays inside the app; another http(s) site is left to the browser;
 * anything else (javascript:, data:, a protocol-relative path) goes nowhere.
 */
export function notificationTarget(notification: ApiNotification, origin: string): NotificationTarget {
  if (notification.ticket_id !== null && notification.ticket_id !== undefined)
    return { kind: 'route', to: `/tickets/${notification.ticket_id}` };
  if (notification.contact_id !== null && notification.contact_id !== undefined)
    return { kind: 'route', to: `/contact/${notification.contact_id}` };
  const link = notification.link?.trim();
  if (!link) return null;
  if (link.startsWith('/') && !link.startsWith('//') && !link.startsWith('/\\'))
    return { kind: 'route', to: link };
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.origin === origin) return { kind: 'route', to: `${url.pathname}${url.search}${url.hash}` };
  return { kind: 'external', href: url.href };
}

export function unviewedCount(notifications: readonly ApiNotification[]): number {
  return notifications.reduce((count, notification) => count + (notification.viewed ? 0 : 1), 0);
}

/** The ids of unviewed notifications (for "mark all as read"). */
export function unviewedIds(notifications: readonly ApiNotification[]): number[] {
  return notifications.filter((notification) => !notification.viewed).map((notification) => notification.id);
}

/** How many tickets have an unviewed notification (several notifications about one ticket count once). */
export function unviewedTicketCount(notifications: readonly ApiNotification[]): number {
  const tickets = new Set<number>();
  for (const notification of notifications)
    if (!notification.viewed && notification.ticket_id !== null) tickets.add(notification.ticket_id);
  return tickets.size;
}

/**
 * The count badge of a sidebar entry: "My Tickets" of roles 2 and 3 show their tickets with unviewed
 * notifications; entries without a badge show none (0 hides the badge).
 */
export function badgeCount(
  entry: Pick<MenuEntry, 'badge'>,
  notifications: readonly ApiNotification[],
): number {
  if (entry.badge === 'unviewedTickets' || entry.badge === 'tickets')
    return unviewedTicketCount(notifications);
  return 0;
}

/** Newest first (ties: higher id first), without changing the given list. */
export function sortNotifications(notifications: readonly ApiNotification[]): ApiNotification[] {
  return [...notifications].sort((a, b) => b.timestamp - a.timestamp || b.id - a.id);
}

/** The list with the given notifications marked viewed (same list when nothing changes). */
export function markViewed(
  notifications: readonly ApiNotification[],
  ids: readonly number[],
): readonly ApiNotification[] {
  const set = new Set(ids);
  if (!notifications.some((notification) => set.has(notification.id) && !notification.viewed))
    return notifications;
  return notifications.map((notification) =>
    set.has(notification.id) && !notification.viewed ? { ...notification, viewed: true } : notification,
  );
}

/** The notifications of a GET or PATCH notification-history answer (`{ data: [...] }`), or null. */
export function readNotifications(body: unknown): ApiNotification[] | null {
  if (typeof body !== 'object' || body === null) return null;
  const data = (body as { data?: unknown }).data;
  if (!Array.isArray(data)) return null;
  return data.filter(
    (item): item is ApiNotification =>
      typeof item === 'object' && item !== null && typeof (item as { id?: unknown }).id === 'number',
  );
}
