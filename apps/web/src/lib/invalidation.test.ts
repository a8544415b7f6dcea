import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { invalidateAfterWrite, isInvalidatedBy, WRITE_EFFECTS, type WrittenResource } from './invalidation';

/** One key of each kind the app caches (lib/records.ts, the list tables, lib/auth.tsx, the feature queries). */
const KEYS = {
  landlordList: ['landlords', 'list', 'landlords', { page: 1 }],
  landlordRecord: ['landlords', 'detail', 'landlords/1'],
  landlordForm: ['landlords', 'form', 'landlords/1/edit', {}],
  landlordPicker: ['landlords', 'picker', '', 20],
  currentLandlord: ['landlords', 'current', 1],
  propertyList: ['properties', 'list', 'properties', { page: 1 }],
  propertyRecord: ['properties', 'detail', 'properties/1'],
  propertyFilter: ['properties', 'ticket-filter'],
  unitList: ['units', 'list', 'units', { page: 1 }],
  unitRecord: ['units', 'detail', 'units/1'],
  unitPicker: ['units', 'picker', '', 100],
  ownUnit: ['units', 'own'],
  unitCategories: ['units', 'categories', '1'],
  scheduleUnitChoices: ['units', 'schedule-choices', 'units', '{"property_id":"1"}', ''],
  categoryList: ['categories', 'list', 'categories', { page: 1 }],
  categoryRecord: ['categories', 'detail', 'categories/1/edit'],
  userList: ['users', 'list', 'users', { page: 1 }],
  userRecord: ['users', 'detail', 'users/1'],
  currentUser: ['users', 'current'],
  tenantList: ['tenants', 'list', 'tenants', { page: 1 }],
  tenantForm: ['tenants', 'form', 'tenants/create', {}],
  contractorRecord: ['contractors', 'detail', 'contractors/1'],
  profile: ['profile', 1],
  ticketList: ['tickets', 'list', 'tickets', { page: 1 }],
  ticketRecord: ['tickets', 'detail', 'tickets/1'],
  ticketComments: ['tickets', 'comments', 1],
  assignableContractors: ['tickets', 'assignable-contractors', 1],
  assignmentLink: ['assignment-links', 'token'],
  signoffLink: ['signoff-links', 'token'],
  calendar: ['visits', 'calendar', 1_795_000_000, 1_795_604_800],
  calendarFeed: ['calendar-feed', 1],
  ticketStatuses: ['ticket-lists', 'statuses'],
  scheduleList: ['schedules', 'list', 'schedules', { page: 1 }],
  scheduleRecord: ['schedules', 'detail', 'schedules/1'],
  contactList: ['contact', 'list', 'contact', { page: 1 }],
  notifications: ['notifications', 1],
  outbox: ['outbox', 'list', 'outbox', { page: 1 }],
  dashboard: ['dashboard'],
  activation: ['user-activation', 'ann'],
  apiTokens: ['apiTokens', 1],
  webhooks: ['webhooks', 1],
} satisfies Record<string, QueryKey>;

type CachedKey = keyof typeof KEYS;
const NAMES = Object.keys(KEYS) as CachedKey[];

/** A person of any type: a write to a user, a tenant or a contractor refreshes the same keys. */
const PEOPLE = ['users', 'tenants', 'contractors'] as const;

/** For each key of KEYS, the writes that refresh it; every other write leaves it alone. */
const REFRESHED_BY: Record<CachedKey, readonly WrittenResource[]> = {
  landlordList: ['landlords', 'properties', ...PEOPLE],
  landlordRecord: ['landlords', 'properties', ...PEOPLE],
  landlordForm: ['landlords', 'properties', ...PEOPLE],
  landlordPicker: ['landlords', 'properties', ...PEOPLE],
  // The signed-in user's landlord: set apart from the landlord lists, only a landlord write names it.
  currentLandlord: ['landlords'],
  propertyList: ['landlords', 'properties', 'units', ...PEOPLE],
  propertyRecord: ['landlords', 'properties', 'units', ...PEOPLE],
  propertyFilter: ['landlords', 'properties', 'units', ...PEOPLE],
  unitList: ['landlords', 'properties', 'units', 'categories', ...PEOPLE],
  // A unit's record lists its newest tickets.
  unitRecord: ['landlords', 'properties', 'units', 'categories', ...PEOPLE, 'tickets', 'visits', 'signoffs'],
  unitPicker: ['landlords', 'properties', 'units', 'categories', ...PEOPLE],
  ownUnit: ['landlords', 'properties', 'units', 'categories', ...PEOPLE],
  unitCategories: ['landlords', 'properties', 'units', 'categories', ...PEOPLE],
  // The schedule form's units: under 'units', so refreshed as the unit pickers are, not by a schedule's writes.
  scheduleUnitChoices: ['landlords', 'properties', 'units', 'categories', ...PEOPLE],
  categoryList: ['categories'],
  categoryRecord: ['categories'],
  userList: ['landlords', 'properties', 'units', 'categories', ...PEOPLE],
  // A contractor's record shows its ratings.
  userRecord: ['landlords', 'properties', 'units', 'categories', ...PEOPLE, 'signoffs'],
  // The signed-in user: set apart from the user lists, only a landlord or person write names it.
  currentUser: ['landlords', ...PEOPLE],
  tenantList: ['landlords', 'properties', 'units', ...PEOPLE],
  tenantForm: ['landlords', 'properties', 'units', ...PEOPLE],
  contractorRecord: ['landlords', 'properties', 'categories', ...PEOPLE, 'signoffs'],
  profile: ['landlords', ...PEOPLE],
  // A visit booked makes the ticket Scheduled; a tenant reopening it makes it In Progress.
  ticketList: [
    'properties',
    'units',
    'categories',
    ...PEOPLE,
    'tickets',
    'assignments',
    'visits',
    'signoffs',
    'due',
  ],
  // A deleted comment leaves a line in the ticket's activity log; the landlord's hours set "Answer by"; the
  // visit shows there.
  ticketRecord: [
    'landlords',
    'properties',
    'units',
    'categories',
    ...PEOPLE,
    'tickets',
    'comments',
    'assignments',
    'visits',
    'signoffs',
    'due',
  ],
  // Its authors' names, and its own writes.
  ticketComments: ['properties', 'units', 'categories', ...PEOPLE, 'tickets', 'comments', 'assignments'],
  // The contractors staff may assign: their names, and who is assigned.
  assignableContractors: ['properties', 'units', 'categories', ...PEOPLE, 'tickets', 'assignments'],
  // The signed link's page reads its own answers (no sign-in, no other cache).
  assignmentLink: [],
  signoffLink: [],
  // The calendar's visits: their ticket, property, unit and contractor, who holds the job, and their own writes.
  calendar: ['properties', 'units', ...PEOPLE, 'tickets', 'assignments', 'visits', 'signoffs'],
  // The feed's address changes only by its own reset, whose answer replaces it.
  calendarFeed: [],
  // The fixed lists; the bell refetches on the route change after a save, and at once after an assignment
  // write (its notifications about the job change), a visit write (its notifications about the visit) or a
  // sign-off (its question about the repair).
  ticketStatuses: [],
  notifications: ['assignments', 'visits', 'signoffs'],
  // Only a schedule's own writes: nothing else shows one.
  scheduleList: ['schedules'],
  scheduleRecord: ['schedules'],
  contactList: ['contact'],
  // Every write that queues an email.
  outbox: [
    ...PEOPLE,
    'tickets',
    'comments',
    'assignments',
    'visits',
    'signoffs',
    'contact',
    'accounts',
    'webhooks',
  ],
  // A visit booked makes its ticket Scheduled; a sign-off reopens it or adds a rating; due times count as overdue.
  dashboard: ['properties', 'tickets', 'visits', 'signoffs', 'due'],
  // Left as it is after an activation (lib/invalidation.ts, WRITE_EFFECTS.accounts).
  activation: [],
  // A user's API tokens: only their own writes.
  apiTokens: ['apiTokens'],
  webhooks: ['webhooks'],
};

const invalidated = (resource: WrittenResource) =>
  NAMES.filter((name) => isInvalidatedBy(resource, KEYS[name]));

describe('isInvalidatedBy', () => {
  it.each(Object.keys(WRITE_EFFECTS) as WrittenResource[])(
    'refreshes, after a write to %s, exactly the keys whose REFRESHED_BY row names it',
    (resource) => {
      expect(invalidated(resource)).toEqual(NAMES.filter((name) => REFRESHED_BY[name].includes(resource)));
    },
  );

  it('never refreshes the fixed lists, nor the bell (which refetches on the route change after a save) but after an assignment, visit or sign-off write', () => {
    for (const resource of Object.keys(WRITE_EFFECTS) as WrittenResource[]) {
      expect(isInvalidatedBy(resource, KEYS.ticketStatuses)).toBe(false);
      expect(isInvalidatedBy(resource, KEYS.notifications)).toBe(
        resource === 'assignments' || resource === 'visits' || resource === 'signoffs',
      );
    }
  });

  it('refreshes after an assignment write the ticket, its lists and choices, the bell and the outbox only', () => {
    expect(invalidated('assignments')).toEqual([
      'ticketList',
      'ticketRecord',
      'ticketComments',
      'assignableContractors',
      'calendar',
      'notifications',
      'outbox',
    ]);
  });

  it("refreshes after a visit write the ticket's details and lists, its unit, the dashboard, the calendar, the bell and the outbox only", () => {
    expect(invalidated('visits')).toEqual([
      'unitRecord',
      'ticketList',
      'ticketRecord',
      'calendar',
      'notifications',
      'outbox',
      'dashboard',
    ]);
  });

  it("refreshes after a sign-off the ticket's details and lists, its unit, the contractor's record, the calendar, the bell, the outbox and the dashboard only", () => {
    expect(invalidated('signoffs')).toEqual([
      'unitRecord',
      'userRecord',
      'contractorRecord',
      'ticketList',
      'ticketRecord',
      'calendar',
      'notifications',
      'outbox',
      'dashboard',
    ]);
  });

  it("refreshes after a change of due times the ticket's details and lists and the dashboard only", () => {
    expect(invalidated('due')).toEqual(['ticketList', 'ticketRecord', 'dashboard']);
  });

  it("refreshes after an API token write the owner's token list only", () => {
    expect(invalidated('apiTokens')).toEqual(['apiTokens']);
  });

  it('refreshes after a schedule write its list and records only (the tickets it creates come later)', () => {
    expect(invalidated('schedules')).toEqual(['scheduleList', 'scheduleRecord']);
  });

  it('keeps the signed-in user and landlord apart from their lists', () => {
    expect(isInvalidatedBy('units', ['users', 'list'])).toBe(true);
    expect(isInvalidatedBy('units', ['users', 'current'])).toBe(false);
    expect(isInvalidatedBy('users', ['users', 'current'])).toBe(true);
    expect(isInvalidatedBy('properties', ['landlords', 'current', 1])).toBe(false);
    expect(isInvalidatedBy('landlords', ['landlords', 'current', 1])).toBe(true);
  });

  it('matches whole key parts, not the start of a word', () => {
    expect(isInvalidatedBy('units', ['units-archive'])).toBe(false);
    expect(isInvalidatedBy('tickets', ['units', 'detailed'])).toBe(false);
    expect(isInvalidatedBy('tickets', ['units'])).toBe(false);
  });
});

describe('invalidateAfterWrite', () => {
  it('marks stale exactly the cached queries the write affects', async () => {
    const queryClient = new QueryClient();
    for (const key of Object.values(KEYS)) queryClient.setQueryData(key, { cached: true });
    await invalidateAfterWrite(queryClient, 'categories');
    const stale = NAMES.filter((name) => queryClient.getQueryState(KEYS[name])?.isInvalidated === true);
    expect(stale).toEqual(invalidated('categories'));
    queryClient.clear();
  });
});
