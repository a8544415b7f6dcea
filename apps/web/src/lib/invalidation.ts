/**
 * What a write makes stale: the one rule every form's save follows (components/forms/useFormSubmit.ts).
 *
 * Every query key starts with the resource it shows ('units', 'tickets', 'dashboard' ...: lib/records.ts,
 * the list tables, the feature queries), so a write names the key prefixes whose data it may change:
 * its own resource, and every other one that shows some of it (a unit's property name, a ticket's tenant,
 * a landlord's user count). Invalidating a prefix refreshes the lists, records, form options and pickers
 * under it: the queries on screen refetch at once, the others when next shown.
 *
 * A prefix is written as the key's first parts joined by '/': 'units' is every key starting with 'units',
 * 'units/detail' only the records (`['units', 'detail', url]`).
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Keys under a resource's root that show something else: the signed-in user (['users', 'current']: its own
 * account, its landlord, its notifications) and that landlord (['landlords', 'current', id]). Only a write
 * naming them refreshes them, not every write to a user or landlord list.
 */
export const SET_APART = ['users/current', 'landlords/current'] as const;

/**
 * A person is cached under 'users' (that list holds every role, and /users/{id} opens anyone) and under its
 * type's root; its name shows on landlords (users, user count), properties (tenants and contractors), units
 * (tenants), tickets (tenant, activity log) and the calendar (a visit's contractor); the signed-in user and the
 * profile screens show it too. An email change queues a verification email (outbox).
 */
const PERSON_EFFECTS = [
  'users',
  'tenants',
  'contractors',
  'users/current',
  'profile',
  'landlords',
  'properties',
  'units',
  'tickets',
  'visits',
  'outbox',
] as const;

/** The key prefixes each written resource refreshes. */
export const WRITE_EFFECTS = {
  /**
   * Its name shows on properties, units (form choices) and people; it decides who belongs to it (people's
   * `landlord_id`, the profile's), and the signed-in user's landlord may be this one. Its hours to answer an
   * assignment set when its tickets' assigned contractors must answer (the details' "Answer by").
   */
  landlords: [
    'landlords',
    'landlords/current',
    'properties',
    'units',
    'users',
    'tenants',
    'contractors',
    'users/current',
    'profile',
    'tickets/detail',
  ],
  /**
   * Its name, place and time zone show on its landlord (properties, count), units, people (contractors'
   * properties, tenants' unit choices), tickets (property, address, availability zone), the calendar's visits
   * and the dashboard.
   */
  properties: [
    'properties',
    'landlords',
    'units',
    'users',
    'tenants',
    'contractors',
    'tickets',
    'visits',
    'dashboard',
  ],
  /** Its name shows on its property (units, count), tenants (their unit, unit choices), tickets and visits. */
  units: ['units', 'properties', 'users', 'tenants', 'tickets', 'visits'],
  /** Its title shows on units (their categories, choices), contractors (theirs, choices) and tickets. */
  categories: ['categories', 'units', 'users', 'contractors', 'tickets'],
  users: PERSON_EFFECTS,
  tenants: PERSON_EFFECTS,
  contractors: PERSON_EFFECTS,
  /**
   * Tickets show on their unit's record (its newest tickets), on the dashboard and (their visits: a title, a
   * ticket closed or deleted) on the calendar; a save queues the notification messages (outbox). The bell
   * refetches on the route change that follows every save.
   */
  tickets: ['tickets', 'units/detail', 'dashboard', 'visits', 'outbox'],
  /**
   * A ticket's conversation (['tickets', 'comments', id]: under 'tickets', so a ticket's writes refresh it
   * too) and the ticket's details, whose activity log notes a deleted comment; a new comment queues its
   * notification messages (outbox).
   */
  comments: ['tickets/comments', 'tickets/detail', 'outbox'],
  /**
   * A ticket's assigned contractor (issue 25: assign, reassign, unassign, accept, decline): the ticket's
   * details (the assignment, its activity log, the staff's choices), the lists (Assigned to, and a
   * contractor's jobs first) and the bell, whose notifications about the job change (an answered one is
   * done); every change queues messages (outbox). A contractor unassigned loses the ticket's visit (calendar).
   */
  assignments: ['tickets', 'visits', 'notifications', 'outbox'],
  /**
   * A ticket's visit (issue 25: book, reschedule, confirm, refuse, cancel): the ticket's details (the visit,
   * its history, the activity log) and its status (Scheduled) in the lists, on its unit's record and on the
   * dashboard; the calendar (['visits', 'calendar', from, to]); the bell, whose notifications about the visit
   * change; every change queues messages (outbox).
   */
  visits: [
    'tickets/detail',
    'tickets/list',
    'units/detail',
    'dashboard',
    'visits',
    'notifications',
    'outbox',
  ],
  /**
   * The tenant's sign-off of a completed ticket (issue 25: confirm and rate, or reopen): the ticket's details (the
   * sign-off, its activity log) and, reopened, its status (In Progress) in the lists, on its unit's record, on the
   * calendar's visits and on the dashboard, which also shows the ratings; the contractor's record (its average, under
   * 'contractors' and 'users'); the bell, whose question about the repair is answered; every answer queues messages
   * (outbox).
   */
  signoffs: [
    'tickets/detail',
    'tickets/list',
    'units/detail',
    'users/detail',
    'contractors/detail',
    'dashboard',
    'visits',
    'notifications',
    'outbox',
  ],
  /**
   * A ticket's due times, changed by its managers (issue 26): the ticket's details (the times, its activity log), the
   * lists (the Due column, filter and sort) and the dashboard's overdue and due-soon counts.
   */
  due: ['tickets/detail', 'tickets/list', 'dashboard'],
  /**
   * Schedules of recurring work (issue 26): their list and records. Nothing else shows a schedule, and its writes
   * (save, delete, pause, resume) create no ticket themselves: the server's due-work worker does, later.
   */
  schedules: ['schedules'],
  /** A user's API tokens (issue 27): shown on its profile's Security tab only. */
  apiTokens: ['apiTokens'],
  /** A landlord's webhooks and their deliveries (issue 27): a redelivery is a new outbox message too. */
  webhooks: ['webhooks', 'outbox'],
  /** The submissions list; the email to support is queued (outbox). */
  contact: ['contact', 'outbox'],
  /**
   * Password reset and account activation queue emails (outbox). The activation lookup is left as it is: the
   * page that asked it shows "Account Activated" next, and a refetch would first show "already active".
   */
  accounts: ['outbox'],
} as const satisfies Record<string, readonly string[]>;

/** A resource a form writes to. */
export type WrittenResource = keyof typeof WRITE_EFFECTS;

const parts = (prefix: string): string[] => prefix.split('/');

function startsWith(key: QueryKey, prefix: readonly string[]): boolean {
  return prefix.length <= key.length && prefix.every((part, index) => key[index] === part);
}

/** Whether a write to `resource` makes the query `key` stale (see WRITE_EFFECTS and SET_APART). */
export function isInvalidatedBy(resource: WrittenResource, key: QueryKey): boolean {
  const apart = SET_APART.map(parts).find((prefix) => startsWith(key, prefix));
  return WRITE_EFFECTS[resource].some((effect) => {
    const prefix = parts(effect);
    return startsWith(key, prefix) && (apart === undefined || prefix.length >= apart.length);
  });
}

/** After a successful write to `resource`: marks stale, and refetches if shown, every query it affects. */
export function invalidateAfterWrite(queryClient: QueryClient, resource: WrittenResource): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => isInvalidatedBy(resource, query.queryKey) });
}
