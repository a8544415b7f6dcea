import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { invalidateAfterWrite, isInvalidatedBy, WRITE_EFFECTS, type WrittenResource } from './invalidation';

/** One key of each kind the app caches (lib/records.ts, the list tables, lib/auth.tsx, the feature queries). */
const KEYS: Record<string, QueryKey> = {
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
  ticketStatuses: ['ticket-lists', 'statuses'],
  contactList: ['contact', 'list', 'contact', { page: 1 }],
  notifications: ['notifications', 1],
  outbox: ['outbox', 'list', 'outbox', { page: 1 }],
  dashboard: ['dashboard'],
  activation: ['user-activation', 'ann'],
};

const invalidated = (resource: WrittenResource) =>
  Object.keys(KEYS).filter((name) => isInvalidatedBy(resource, KEYS[name]));

const PEOPLE_SHOWN = [
  'landlordList',
  'landlordRecord',
  'landlordForm',
  'landlordPicker',
  'propertyList',
  'propertyRecord',
  'propertyFilter',
  'unitList',
  'unitRecord',
  'unitPicker',
  'ownUnit',
  'unitCategories',
  'userList',
  'userRecord',
  'currentUser',
  'tenantList',
  'tenantForm',
  'contractorRecord',
  'profile',
  'ticketList',
  'ticketRecord',
  'outbox',
];

describe('isInvalidatedBy', () => {
  it('refreshes, after a landlord save, what shows landlords and who belongs to them', () => {
    expect(invalidated('landlords')).toEqual([
      'landlordList',
      'landlordRecord',
      'landlordForm',
      'landlordPicker',
      'currentLandlord',
      'propertyList',
      'propertyRecord',
      'propertyFilter',
      'unitList',
      'unitRecord',
      'unitPicker',
      'ownUnit',
      'unitCategories',
      'userList',
      'userRecord',
      'currentUser',
      'tenantList',
      'tenantForm',
      'contractorRecord',
      'profile',
    ]);
  });

  it('refreshes, after a property save, its landlord, units, people, tickets and the dashboard', () => {
    expect(invalidated('properties')).toEqual([
      'landlordList',
      'landlordRecord',
      'landlordForm',
      'landlordPicker',
      'propertyList',
      'propertyRecord',
      'propertyFilter',
      'unitList',
      'unitRecord',
      'unitPicker',
      'ownUnit',
      'unitCategories',
      'userList',
      'userRecord',
      'tenantList',
      'tenantForm',
      'contractorRecord',
      'ticketList',
      'ticketRecord',
      'dashboard',
    ]);
  });

  it('refreshes, after a unit save, its property, tenants and tickets', () => {
    expect(invalidated('units')).toEqual([
      'propertyList',
      'propertyRecord',
      'propertyFilter',
      'unitList',
      'unitRecord',
      'unitPicker',
      'ownUnit',
      'unitCategories',
      'userList',
      'userRecord',
      'tenantList',
      'tenantForm',
      'ticketList',
      'ticketRecord',
    ]);
  });

  it('refreshes, after a category save, units, contractors and tickets', () => {
    expect(invalidated('categories')).toEqual([
      'unitList',
      'unitRecord',
      'unitPicker',
      'ownUnit',
      'unitCategories',
      'categoryList',
      'categoryRecord',
      'userList',
      'userRecord',
      'contractorRecord',
      'ticketList',
      'ticketRecord',
    ]);
  });

  it('refreshes, after a save of a person of any type, everything that shows people', () => {
    for (const resource of ['users', 'tenants', 'contractors'] as const)
      expect(invalidated(resource)).toEqual(PEOPLE_SHOWN);
  });

  it('refreshes, after a ticket save, the tickets, the unit records listing them and the dashboard', () => {
    expect(invalidated('tickets')).toEqual([
      'unitRecord',
      'ticketList',
      'ticketRecord',
      'outbox',
      'dashboard',
    ]);
  });

  it('refreshes the submissions after a contact message and only the outbox after a reset or activation', () => {
    expect(invalidated('contact')).toEqual(['contactList', 'outbox']);
    expect(invalidated('accounts')).toEqual(['outbox']);
  });

  it('never refreshes the fixed lists or the bell (which refetches on the route change after a save)', () => {
    for (const resource of Object.keys(WRITE_EFFECTS) as WrittenResource[]) {
      expect(isInvalidatedBy(resource, KEYS.ticketStatuses)).toBe(false);
      expect(isInvalidatedBy(resource, KEYS.notifications)).toBe(false);
    }
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
    const stale = Object.keys(KEYS).filter(
      (name) => queryClient.getQueryState(KEYS[name])?.isInvalidated === true,
    );
    expect(stale).toEqual(invalidated('categories'));
    queryClient.clear();
  });
});
