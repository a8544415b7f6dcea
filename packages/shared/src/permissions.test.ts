import { describe, expect, it } from 'vitest';
import {
  ACTIONS,
  type Action,
  type Actor,
  actorFromUser,
  can,
  landlordScope,
  ticketScope,
} from './permissions';
import type { Role } from './roles';

const LANDLORD = 10;
const OTHER_LANDLORD = 20;

/** One actor per role; everyone but the super admin belongs to landlord 10. */
const actors: Record<Role, Actor> = {
  0: { id: 1, role: 0, landlordId: null },
  1: { id: 2, role: 1, landlordId: LANDLORD },
  2: { id: 3, role: 2, landlordId: LANDLORD },
  3: { id: 4, role: 3, landlordId: LANDLORD },
};
const ROLES: Role[] = [0, 1, 2, 3];

/** Expected answer for roles [0, 1, 2, 3]. */
type Row = [boolean, boolean, boolean, boolean];

/** Actions without a subject: one row each (SPEC.md section 6, DESIGN.md). */
const withoutSubject: Partial<Record<Action, Row>> = {
  'user.viewRoleColumn': [true, false, false, false],
  'user.batchCreate': [true, false, false, false],
  'user.linkRecords': [true, true, false, false],
  'users.list': [true, false, false, false],
  'tenants.list': [true, true, false, true],
  'contractors.list': [true, true, false, false],
  'users.create': [true, false, false, false],
  'tenants.create': [true, true, false, false],
  'contractors.create': [true, true, false, false],
  'landlords.list': [true, true, false, false],
  'landlord.viewAll': [true, false, false, false],
  'outbox.view': [true, false, false, false],
  'ticket.create': [true, true, true, false],
  'ticket.update': [true, true, true, false],
  'ticket.delete': [true, true, true, false],
  'ticket.bulkDelete': [true, true, true, false],
  'ticket.updateStatus': [true, true, true, true],
  'ticket.setStatusInForm': [true, true, false, false],
  'ticket.statusFooter': [false, false, true, true],
  'ticket.filterByProperty': [true, true, false, true],
  'ticket.changeUnitOnEdit': [true, false, false, false],
  'ticket.viewAll': [true, false, false, false],
  'dashboard.viewByProperty': [true, true, false, true],
  'category.create': [true, false, false, false],
  'category.update': [true, false, false, false],
  'category.delete': [true, false, false, false],
  'landlord.create': [true, false, false, false],
  'landlord.delete': [true, false, false, false],
  // Landlord Settings is a manager's; the super admin has the landlords list.
  'landlord.settingsLink': [false, true, false, false],
  'landlord.pickOnProperty': [true, false, false, false],
  'landlord.pickOnUser': [true, false, false, false],
  'landlord.pickOnUnit': [true, false, false, false],
  'landlord.changeUsers': [true, false, false, false],
  // Optional subject left out: whether the role may ask for a landlord's tickets at all.
  'landlord.viewTickets': [true, true, false, false],
  'picture.viewAll': [true, false, false, false],
  'property.viewLandlord': [true, false, false, false],
  'property.linkUnits': [true, true, false, true],
  'unit.viewProperty': [true, true, false, false],
  'contact.list': [true, false, false, false],
  // The super admin is the support the contact form reaches.
  'contact.create': [false, true, true, true],
  // Optional subject left out: "may this role do it at all" (create buttons).
  'unit.create': [true, true, false, false],
  'unit.update': [true, true, false, false],
  'unit.delete': [true, true, false, false],
  'user.create': [true, true, false, false],
  'property.create': [true, true, false, false],
  'property.update': [true, true, false, false],
  'property.delete': [true, true, false, false],
  // Whether the role edits other users at all (the record forms; everyone edits its own profile).
  'user.update': [true, true, false, false],
  // A manager edits its own landlord.
  'landlord.update': [true, true, false, false],
  'ticket.pickUnit': [true, true, false, false],
};

interface SubjectCase {
  name: string;
  subject: unknown;
  expected: Row;
}

/** Actions with a subject: several subjects each, every role. */
const withSubject: Partial<Record<Action, SubjectCase[]>> = {
  'unit.create': [
    { name: 'own landlord', subject: { landlordId: LANDLORD }, expected: [true, true, false, false] },
    {
      name: 'other landlord',
      subject: { landlordId: OTHER_LANDLORD },
      expected: [true, false, false, false],
    },
  ],
  'unit.update': [
    { name: 'own landlord', subject: { landlordId: LANDLORD }, expected: [true, true, false, false] },
    {
      name: 'other landlord',
      subject: { landlordId: OTHER_LANDLORD },
      expected: [true, false, false, false],
    },
  ],
  // A unit picked on the ticket form: any for the super admin, its landlord's for a manager.
  'ticket.pickUnit': [
    { name: 'own landlord', subject: { landlordId: LANDLORD }, expected: [true, true, false, false] },
    {
      name: 'other landlord',
      subject: { landlordId: OTHER_LANDLORD },
      expected: [true, false, false, false],
    },
  ],
  'unit.delete': [
    { name: 'own landlord', subject: { landlordId: LANDLORD }, expected: [true, true, false, false] },
    {
      name: 'other landlord',
      subject: { landlordId: OTHER_LANDLORD },
      expected: [true, false, false, false],
    },
  ],
  'user.create': [
    { name: 'a super admin', subject: { role: 0 }, expected: [true, false, false, false] },
    { name: 'a manager', subject: { role: 1 }, expected: [true, false, false, false] },
    { name: 'a tenant', subject: { role: 2 }, expected: [true, true, false, false] },
    { name: 'a contractor', subject: { role: 3 }, expected: [true, true, false, false] },
  ],
  'user.delete': [
    {
      name: 'a super admin',
      subject: { id: 9, role: 0, landlordId: null },
      expected: [false, false, false, false],
    },
    {
      name: 'a manager of landlord 10',
      subject: { id: 9, role: 1, landlordId: LANDLORD },
      expected: [true, false, false, false],
    },
    {
      name: 'a tenant of landlord 10',
      subject: { id: 9, role: 2, landlordId: LANDLORD },
      expected: [true, true, false, false],
    },
    {
      name: 'a contractor of landlord 10',
      subject: { id: 9, role: 3, landlordId: LANDLORD },
      expected: [true, true, false, false],
    },
    {
      name: 'a tenant of landlord 20',
      subject: { id: 9, role: 2, landlordId: OTHER_LANDLORD },
      expected: [true, false, false, false],
    },
    // Never oneself (ids 1..4 are the actors of roles 0..3).
    {
      name: 'self (super admin)',
      subject: { id: 1, role: 0, landlordId: null },
      expected: [false, false, false, false],
    },
    {
      name: 'self (tenant)',
      subject: { id: 3, role: 2, landlordId: LANDLORD },
      expected: [true, true, false, false],
    },
  ],
  'user.update': [
    // Everyone edits themselves (ids 1..4 are the actors of roles 0..3).
    {
      name: 'self (super admin)',
      subject: { id: 1, role: 0, landlordId: null },
      expected: [true, false, false, false],
    },
    {
      name: 'self (manager)',
      subject: { id: 2, role: 1, landlordId: LANDLORD },
      expected: [true, true, false, false],
    },
    // The tenant and contractor of landlord 10 are also editable by that landlord's manager.
    {
      name: 'self (tenant)',
      subject: { id: 3, role: 2, landlordId: LANDLORD },
      expected: [true, true, true, false],
    },
    {
      name: 'self (contractor)',
      subject: { id: 4, role: 3, landlordId: LANDLORD },
      expected: [true, true, false, true],
    },
    {
      name: 'another manager of 10',
      subject: { id: 9, role: 1, landlordId: LANDLORD },
      expected: [true, false, false, false],
    },
    {
      name: 'a tenant of 10',
      subject: { id: 9, role: 2, landlordId: LANDLORD },
      expected: [true, true, false, false],
    },
    {
      name: 'a contractor of 10',
      subject: { id: 9, role: 3, landlordId: LANDLORD },
      expected: [true, true, false, false],
    },
    {
      name: 'a tenant of 20',
      subject: { id: 9, role: 2, landlordId: OTHER_LANDLORD },
      expected: [true, false, false, false],
    },
    {
      name: 'a super admin',
      subject: { id: 9, role: 0, landlordId: null },
      expected: [true, false, false, false],
    },
  ],
  // The record form: as user.update, but only the super admin edits itself there.
  'user.updateRecord': [
    {
      name: 'self (super admin)',
      subject: { id: 1, role: 0, landlordId: null },
      expected: [true, false, false, false],
    },
    {
      name: 'self (manager)',
      subject: { id: 2, role: 1, landlordId: LANDLORD },
      expected: [true, false, false, false],
    },
    {
      name: 'self (tenant)',
      subject: { id: 3, role: 2, landlordId: LANDLORD },
      expected: [true, true, false, false],
    },
    {
      name: 'self (contractor)',
      subject: { id: 4, role: 3, landlordId: LANDLORD },
      expected: [true, true, false, false],
    },
    {
      name: 'another manager of 10',
      subject: { id: 9, role: 1, landlordId: LANDLORD },
      expected: [true, false, false, false],
    },
    {
      name: 'a tenant of 10',
      subject: { id: 9, role: 2, landlordId: LANDLORD },
      expected: [true, true, false, false],
    },
    {
      name: 'a tenant of 20',
      subject: { id: 9, role: 2, landlordId: OTHER_LANDLORD },
      expected: [true, false, false, false],
    },
    {
      name: 'a super admin',
      subject: { id: 9, role: 0, landlordId: null },
      expected: [true, false, false, false],
    },
  ],
  // A user's tickets tab: the same people as user.update.
  'user.viewTickets': [
    // Everyone sees its own tickets (ids 1..4 are the actors of roles 0..3).
    {
      name: 'self (super admin)',
      subject: { id: 1, role: 0, landlordId: null },
      expected: [true, false, false, false],
    },
    {
      name: 'self (manager)',
      subject: { id: 2, role: 1, landlordId: LANDLORD },
      expected: [true, true, false, false],
    },
    // The tickets of landlord 10's tenant and contractor are also its manager's to see.
    {
      name: 'self (tenant)',
      subject: { id: 3, role: 2, landlordId: LANDLORD },
      expected: [true, true, true, false],
    },
    {
      name: 'self (contractor)',
      subject: { id: 4, role: 3, landlordId: LANDLORD },
      expected: [true, true, false, true],
    },
    {
      name: 'another manager of 10',
      subject: { id: 9, role: 1, landlordId: LANDLORD },
      expected: [true, false, false, false],
    },
    {
      name: 'a tenant of 10',
      subject: { id: 9, role: 2, landlordId: LANDLORD },
      expected: [true, true, false, false],
    },
    {
      name: 'a contractor of 10',
      subject: { id: 9, role: 3, landlordId: LANDLORD },
      expected: [true, true, false, false],
    },
    {
      name: 'a tenant of 20',
      subject: { id: 9, role: 2, landlordId: OTHER_LANDLORD },
      expected: [true, false, false, false],
    },
    {
      name: 'a super admin',
      subject: { id: 9, role: 0, landlordId: null },
      expected: [true, false, false, false],
    },
  ],
  'landlord.viewTickets': [
    { name: 'own landlord', subject: { id: LANDLORD }, expected: [true, true, false, false] },
    { name: 'other landlord', subject: { id: OTHER_LANDLORD }, expected: [true, false, false, false] },
  ],
  'landlord.update': [
    { name: 'own landlord', subject: { id: LANDLORD }, expected: [true, true, false, false] },
    { name: 'other landlord', subject: { id: OTHER_LANDLORD }, expected: [true, false, false, false] },
  ],
  'property.create': [
    { name: 'own landlord', subject: { landlordId: LANDLORD }, expected: [true, true, false, false] },
    {
      name: 'other landlord',
      subject: { landlordId: OTHER_LANDLORD },
      expected: [true, false, false, false],
    },
    { name: 'no landlord', subject: { landlordId: null }, expected: [true, false, false, false] },
  ],
  'property.update': [
    { name: 'own landlord', subject: { landlordId: LANDLORD }, expected: [true, true, false, false] },
    {
      name: 'other landlord',
      subject: { landlordId: OTHER_LANDLORD },
      expected: [true, false, false, false],
    },
  ],
  'property.delete': [
    { name: 'own landlord', subject: { landlordId: LANDLORD }, expected: [true, true, false, false] },
    {
      name: 'other landlord',
      subject: { landlordId: OTHER_LANDLORD },
      expected: [true, false, false, false],
    },
  ],
  'profile.update': [
    { name: 'user 1', subject: { id: 1 }, expected: [true, false, false, false] },
    { name: 'user 2', subject: { id: 2 }, expected: [true, true, false, false] },
    { name: 'user 3', subject: { id: 3 }, expected: [true, false, true, false] },
    { name: 'user 4', subject: { id: 4 }, expected: [true, false, false, true] },
    { name: 'someone else', subject: { id: 99 }, expected: [true, false, false, false] },
  ],
};

/** `can` with a subject built at run time (the typed API is checked below). */
const canAny = can as (actor: Actor, action: Action, subject?: unknown) => boolean;

describe('can: every action is covered by these tests', () => {
  it('has an expectation for every action', () => {
    const covered = new Set([...Object.keys(withoutSubject), ...Object.keys(withSubject)]);
    expect([...covered].sort()).toEqual([...ACTIONS].sort());
  });
});

describe.each(Object.entries(withoutSubject))('can(actor, %s)', (action, row) => {
  it.each(ROLES)('role %i', (role) => {
    expect(canAny(actors[role], action as Action)).toBe(row?.[role]);
  });
});

describe.each(Object.entries(withSubject))('can(actor, %s, subject)', (action, cases) => {
  for (const { name, subject, expected } of cases ?? []) {
    it.each(ROLES)(`${name}: role %i`, (role) => {
      expect(canAny(actors[role], action as Action, subject)).toBe(expected[role]);
    });
  }
});

describe('a manager without a landlord', () => {
  const lost: Actor = { id: 5, role: 1, landlordId: null };
  it('owns no landlord-less record', () => {
    expect(can(lost, 'property.update', { landlordId: null })).toBe(false);
    expect(can(lost, 'unit.update', { landlordId: null })).toBe(false);
    expect(can(lost, 'ticket.pickUnit', { landlordId: null })).toBe(false);
    expect(can(lost, 'user.delete', { id: 9, role: 2, landlordId: null })).toBe(false);
    expect(can(lost, 'user.viewTickets', { id: 9, role: 2, landlordId: null })).toBe(false);
    expect(can(lost, 'user.update', { id: 9, role: 2, landlordId: null })).toBe(false);
  });
  it('still edits itself', () => {
    expect(can(lost, 'user.update', { id: 5, role: 1, landlordId: null })).toBe(true);
  });
  it('has no landlord to edit', () => {
    expect(can(lost, 'landlord.update')).toBe(false);
  });
});

describe('typing', () => {
  it('requires a subject where it matters and refuses one where it does not', () => {
    // Never called: tsc checks these lines (the test run only sees the function).
    const typeChecks = () => {
      // @ts-expect-error user.delete needs { id, role, landlordId }
      can(actors[0], 'user.delete');
      // @ts-expect-error user.delete needs an id and a landlordId too
      can(actors[0], 'user.delete', { role: 2 });
      // @ts-expect-error ticket.create takes no subject
      can(actors[0], 'ticket.create', { id: 1 });
      can(actors[0], 'property.create');
      can(actors[0], 'property.create', { landlordId: 1 });
    };
    expect(typeChecks).toBeTypeOf('function');
  });
});

describe('scopes', () => {
  it('ticketScope follows DESIGN.md', () => {
    expect(ROLES.map((role) => ticketScope(actors[role]))).toEqual(['all', 'landlord', 'unit', 'routed']);
  });
  it('landlordScope', () => {
    expect(landlordScope(actors[0])).toBe('all');
    expect(landlordScope(actors[1])).toBe(LANDLORD);
    expect(landlordScope({ id: 5, role: 1, landlordId: null })).toBeNull();
  });
  it('actorFromUser', () => {
    expect(actorFromUser({ id: 7, role: 1, landlord_id: 3 })).toEqual({ id: 7, role: 1, landlordId: 3 });
  });
});
