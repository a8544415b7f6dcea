import { describe, expect, it } from 'vitest';
import {
  ACTIONS,
  type Action,
  type Actor,
  actorFromUser,
  can,
  commentEditableUntil,
  commentVisibilitiesFor,
  landlordScope,
  ticketScope,
  withinCommentEditWindow,
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

type Mark = 'y' | '-';
/** The expected answers of roles 0, 1, 2 and 3, in that order: 'y' may, '-' may not. */
type Answers = `${Mark}${Mark}${Mark}${Mark}`;

/** Actions without a subject: one row each (SPEC.md section 6, DESIGN.md). */
const withoutSubject: Partial<Record<Action, Answers>> = {
  'user.viewRoleColumn': 'y---',
  'user.batchCreate': 'y---',
  'user.linkRecords': 'yy--',
  'users.list': 'y---',
  'tenants.list': 'yy-y',
  'contractors.list': 'yy--',
  'users.create': 'y---',
  'tenants.create': 'yy--',
  'contractors.create': 'yy--',
  'landlords.list': 'yy--',
  'landlord.viewAll': 'y---',
  'outbox.view': 'y---',
  'ticket.create': 'yyy-',
  'ticket.update': 'yyy-',
  'ticket.delete': 'yyy-',
  'ticket.bulkDelete': 'yyy-',
  'ticket.updateStatus': 'yyyy',
  'ticket.setStatusInForm': 'yy--',
  'ticket.statusFooter': '--yy',
  'ticket.filterByProperty': 'yy-y',
  'ticket.changeUnitOnEdit': 'y---',
  'ticket.viewAll': 'y---',
  'dashboard.viewByProperty': 'yy-y',
  'dashboard.viewRatings': 'yy-y',
  'ticket.viewDue': 'yy-y',
  'category.create': 'y---',
  'category.update': 'y---',
  'category.delete': 'y---',
  'landlord.create': 'y---',
  'landlord.delete': 'y---',
  // Landlord Settings is a manager's; the super admin has the landlords list.
  'landlord.settingsLink': '-y--',
  'landlord.pickOnProperty': 'y---',
  'landlord.pickOnUser': 'y---',
  'landlord.pickOnUnit': 'y---',
  'landlord.changeUsers': 'y---',
  // Optional subject left out: whether the role may ask for a landlord's tickets at all.
  'landlord.viewTickets': 'yy--',
  'picture.viewAll': 'y---',
  'property.viewLandlord': 'y---',
  'property.linkUnits': 'yy-y',
  'unit.viewProperty': 'yy--',
  'contact.list': 'y---',
  // The super admin is the support the contact form reaches.
  'contact.create': '-yyy',
  // Optional subject left out: "may this role do it at all" (create buttons).
  'unit.create': 'yy--',
  'unit.update': 'yy--',
  'unit.delete': 'yy--',
  'user.create': 'yy--',
  'property.create': 'yy--',
  'property.update': 'yy--',
  'property.delete': 'yy--',
  // Whether the role edits other users at all (the record forms; everyone edits its own profile).
  'user.update': 'yy--',
  // A manager edits its own landlord.
  'landlord.update': 'yy--',
  'ticket.pickUnit': 'yy--',
  'ticket.assign': 'yy--',
  'ticket.changeDue': 'yy--',
  'schedule.view': 'yy--',
  'schedule.manage': 'yy--',
  'ticket.wholeProperty': 'yy--',
  'cost.view': 'yy-y',
  'cost.viewTotals': 'yy--',
  'calendar.view': 'yy-y',
  // Optional subject left out: everyone on a ticket may comment on it.
  'comment.post': 'yyyy',
};

/** A comment posted at POSTED, asked about 14 minutes later (inside its edit window) and 16 minutes later (past it). */
const POSTED = new Date('2026-11-27T10:00:00Z');
const minutesAfter = (minutes: number) => new Date(POSTED.getTime() + minutes * 60_000);
const comment = (authorId: number | null, landlordId: number | null, minutes: number) => ({
  authorId,
  landlordId,
  createdAt: POSTED,
  now: minutesAfter(minutes),
});

interface SubjectCase {
  action: Action;
  name: string;
  subject: unknown;
  answers: Answers;
}

/**
 * Subjects of one kind asked of several actions: a row per subject, after its name and value a cell per
 * action (in the order of `actions`) with the answers of roles 0..3, or null where that action is not asked.
 */
function grid<const A extends readonly Action[]>(
  actions: A,
  rows: [name: string, subject: unknown, ...cells: { [K in keyof A]: Answers | null }][],
): SubjectCase[] {
  return actions.flatMap((action, column) =>
    rows.flatMap(([name, subject, ...cells]) => {
      const answers = cells[column];
      return answers ? [{ action, name, subject, answers }] : [];
    }),
  );
}

/** Actions with a subject: several subjects each, every role (ids 1..4 are the actors of roles 0..3). */
const withSubject: SubjectCase[] = [
  // A unit, and a unit picked on the ticket form: any for the super admin, its landlord's for a manager.
  // biome-ignore format: a table, aligned by column
  ...grid(
    ['unit.create', 'unit.update', 'unit.delete', 'ticket.pickUnit', 'ticket.assign', 'ticket.changeDue', 'schedule.manage'],
    [
      //                                               create  update  delete  pickUnit assign  changeDue schedule
      ['own landlord',   { landlordId: LANDLORD },       'yy--', 'yy--', 'yy--', 'yy--',  'yy--', 'yy--',  'yy--'],
      ['other landlord', { landlordId: OTHER_LANDLORD }, 'y---', 'y---', 'y---', 'y---',  'y---', 'y---',  'y---'],
    ],
  ),
  // The assigned contractor of a ticket: only that contractor answers its job (the contractor actor is id 4).
  // biome-ignore format: a table, aligned by column
  ...grid(
    ['ticket.answerAssignment'],
    [
      ['assigned to the contractor',   { contractorId: 4 }, '---y'],
      ['assigned to someone else',     { contractorId: 5 }, '----'],
      ['assigned to the tenant\'s id', { contractorId: 3 }, '----'],
    ],
  ),
  // A visit: booked by the contractor that accepted the job (the contractor actor is id 4, the tenant id 3);
  // answered by the ticket's tenant while proposed; cancelled by that contractor or staff while active.
  // biome-ignore format: a table, aligned by column
  ...grid(
    ['visit.book'],
    [
      ['accepted by the contractor',   { contractorId: 4, assignmentState: 'accepted' }, '---y'],
      ['pending for the contractor',   { contractorId: 4, assignmentState: 'pending' },  '----'],
      ['accepted by another',          { contractorId: 5, assignmentState: 'accepted' }, '----'],
      ['nobody assigned',              { contractorId: null, assignmentState: null },    '----'],
    ],
  ),
  // An estimate or invoice (issue 26): sent by the contractor that accepted the job; decided by staff of its landlord.
  // biome-ignore format: a table, aligned by column
  ...grid(
    ['cost.submit'],
    [
      ['accepted by the contractor',   { contractorId: 4, assignmentState: 'accepted' }, '---y'],
      ['pending for the contractor',   { contractorId: 4, assignmentState: 'pending' },  '----'],
      ['accepted by another',          { contractorId: 5, assignmentState: 'accepted' }, '----'],
      ['nobody assigned',              { contractorId: null, assignmentState: null },    '----'],
    ],
  ),
  // biome-ignore format: a table, aligned by column
  ...grid(
    ['cost.decide'],
    [
      ['own landlord',   { landlordId: LANDLORD },       'yy--'],
      ['other landlord', { landlordId: OTHER_LANDLORD }, 'y---'],
    ],
  ),
  // biome-ignore format: a table, aligned by column
  ...grid(
    ['visit.answer'],
    [
      ['proposed to the tenant',       { tenantId: 3, visitState: 'proposed' }, '--y-'],
      ['booked for the tenant',        { tenantId: 3, visitState: 'booked' },   '----'],
      ['proposed to another tenant',   { tenantId: 9, visitState: 'proposed' }, '----'],
    ],
  ),
  // biome-ignore format: a table, aligned by column
  ...grid(
    ['visit.cancel'],
    [
      ['booked, own landlord',         { visitState: 'booked', contractorId: 4, landlordId: LANDLORD },          'yy-y'],
      ['proposed, another contractor', { visitState: 'proposed', contractorId: 5, landlordId: LANDLORD },        'yy--'],
      ['booked, other landlord',       { visitState: 'booked', contractorId: 5, landlordId: OTHER_LANDLORD },    'y---'],
      ['already cancelled',            { visitState: 'cancelled', contractorId: 4, landlordId: LANDLORD },       '----'],
    ],
  ),
  // The sign-off of a completed ticket: its tenant answers (the tenant actor is id 3).
  // biome-ignore format: a table, aligned by column
  ...grid(
    ['ticket.signOff'],
    [
      ['the tenant\'s ticket',         { tenantId: 3 },    '--y-'],
      ['another tenant\'s ticket',     { tenantId: 9 },    '----'],
      ['a ticket without a tenant',    { tenantId: null }, '----'],
    ],
  ),
  // A contractor's average rating: staff, and the contractor itself (id 4); nobody's for a user of another role.
  // biome-ignore format: a table, aligned by column
  ...grid(
    ['user.viewRating'],
    [
      ['the contractor itself',        { id: 4, role: 3 }, 'yy-y'],
      ['another contractor',           { id: 5, role: 3 }, 'yy--'],
      ['a tenant',                     { id: 3, role: 2 }, '----'],
    ],
  ),
  // Who is told of an assignment, and of why it was declined.
  // biome-ignore format: a table, aligned by column
  ...grid(
    ['ticket.viewAssignment', 'ticket.viewDeclineReason'],
    [
      //                                                  viewAssignment viewDeclineReason
      ['pending, the contractor\'s',  { state: 'pending', contractorId: 4 },  'yy-y', 'yy-y'],
      ['accepted, another\'s',        { state: 'accepted', contractorId: 5 }, 'yyyy', 'yy--'],
      ['declined, another\'s',        { state: 'declined', contractorId: 5 }, 'yy-y', 'yy--'],
    ],
  ),
  // A property.
  // biome-ignore format: a table, aligned by column
  ...grid(
    ['property.create', 'property.update', 'property.delete'],
    [
      //                                               create  update  delete
      ['own landlord',   { landlordId: LANDLORD },       'yy--', 'yy--', 'yy--'],
      ['other landlord', { landlordId: OTHER_LANDLORD }, 'y---', 'y---', 'y---'],
      ['no landlord',    { landlordId: null },           'y---', null,   null],
    ],
  ),
  // A landlord.
  // biome-ignore format: a table, aligned by column
  ...grid(
    ['landlord.viewTickets', 'landlord.update', 'webhook.manage'],
    [
      //                                       viewTickets update  webhooks
      ['own landlord',   { id: LANDLORD },       'yy--',     'yy--', 'yy--'],
      ['other landlord', { id: OTHER_LANDLORD }, 'y---',     'y---', 'y---'],
    ],
  ),
  // The role of the user to create.
  // biome-ignore format: a table, aligned by column
  ...grid(
    ['user.create'],
    [
      ['a super admin', { role: 0 }, 'y---'],
      ['a manager',     { role: 1 }, 'y---'],
      ['a tenant',      { role: 2 }, 'yy--'],
      ['a contractor',  { role: 3 }, 'yy--'],
    ],
  ),
  // A person. Everyone edits itself; the tenant and contractor of landlord 10 are also that landlord's
  // manager's to edit. The record form (updateRecord) is user.update, but only the super admin edits itself
  // there. A user's tickets tab (viewTickets) shows to the same people as user.update. Nobody deletes itself
  // or a super admin.
  // biome-ignore format: a table, aligned by column
  ...grid(
    ['user.update', 'user.updateRecord', 'user.viewTickets', 'user.delete'],
    [
      //                                                                     update  record  tickets delete
      ['self (super admin)', { id: 1, role: 0, landlordId: null },           'y---', 'y---', 'y---', '----'],
      ['self (manager)',     { id: 2, role: 1, landlordId: LANDLORD },       'yy--', 'y---', 'yy--', null],
      ['self (tenant)',      { id: 3, role: 2, landlordId: LANDLORD },       'yyy-', 'yy--', 'yyy-', 'yy--'],
      ['self (contractor)',  { id: 4, role: 3, landlordId: LANDLORD },       'yy-y', 'yy--', 'yy-y', null],
      ['a manager of 10',    { id: 9, role: 1, landlordId: LANDLORD },       'y---', 'y---', 'y---', 'y---'],
      ['a tenant of 10',     { id: 9, role: 2, landlordId: LANDLORD },       'yy--', 'yy--', 'yy--', 'yy--'],
      ['a contractor of 10', { id: 9, role: 3, landlordId: LANDLORD },       'yy--', null,   'yy--', 'yy--'],
      ['a tenant of 20',     { id: 9, role: 2, landlordId: OTHER_LANDLORD }, 'y---', 'y---', 'y---', 'y---'],
      ['a super admin',      { id: 9, role: 0, landlordId: null },           'y---', 'y---', 'y---', '----'],
    ],
  ),
  // A comment's visibility: who reads it, and who may post with it (DESIGN.md "Comment visibility").
  // biome-ignore format: a table, aligned by column
  ...grid(
    ['comment.read', 'comment.post'],
    [
      //                                        read    post
      ['everyone',   { visibility: 'everyone' },   'yyyy', 'yyyy'],
      ['contractor', { visibility: 'contractor' }, 'yy-y', 'yy-y'],
      ['staff',      { visibility: 'staff' },      'yy--', 'yy--'],
    ],
  ),
  // A comment: its author edits it within the window only; its author within the window, the super admin and the
  // managers of its ticket's landlord delete it (actors 1..4 are roles 0..3; 9 is somebody else).
  // biome-ignore format: a table, aligned by column
  ...grid(
    ['comment.update', 'comment.delete'],
    [
      //                                                          update  delete
      ['the super admin’s, in the window',    comment(1, LANDLORD, 14),       'y---', 'yy--'],
      ['the manager’s, in the window',        comment(2, LANDLORD, 14),       '-y--', 'yy--'],
      ['the manager’s, past the window',      comment(2, LANDLORD, 16),       '----', 'yy--'],
      ['the tenant’s, in the window',         comment(3, LANDLORD, 14),       '--y-', 'yyy-'],
      ['the tenant’s, past the window',       comment(3, LANDLORD, 16),       '----', 'yy--'],
      ['the tenant’s, at the window’s end',   comment(3, LANDLORD, 15),       '----', 'yy--'],
      ['the contractor’s, in the window',     comment(4, LANDLORD, 14),       '---y', 'yy-y'],
      ['the contractor’s, past the window',   comment(4, LANDLORD, 16),       '----', 'yy--'],
      ['someone else’s, in the window',       comment(9, LANDLORD, 1),        '----', 'yy--'],
      ['a deleted author’s',                  comment(null, LANDLORD, 1),     '----', 'yy--'],
      ['on another landlord’s ticket',        comment(9, OTHER_LANDLORD, 1),  '----', 'y---'],
    ],
  ),
  // The profile of a user.
  // biome-ignore format: a table, aligned by column
  ...grid(
    ['profile.update'],
    [
      ['user 1',       { id: 1 },  'y---'],
      ['user 2',       { id: 2 },  'yy--'],
      ['user 3',       { id: 3 },  'y-y-'],
      ['user 4',       { id: 4 },  'y--y'],
      ['someone else', { id: 99 }, 'y---'],
    ],
  ),
  // A user's API tokens: only its own.
  // biome-ignore format: a table, aligned by column
  ...grid(
    ['apiToken.manage'],
    [
      ['user 1',       { id: 1 },  'y---'],
      ['user 2',       { id: 2 },  '-y--'],
      ['user 3',       { id: 3 },  '--y-'],
      ['user 4',       { id: 4 },  '---y'],
      ['someone else', { id: 99 }, '----'],
    ],
  ),
];

/** `can` with a subject built at run time (the typed API is checked below). */
const canAny = can as (actor: Actor, action: Action, subject?: unknown) => boolean;

describe('can: every action is covered by these tests', () => {
  it('has an expectation for every action', () => {
    const covered = new Set([...Object.keys(withoutSubject), ...withSubject.map((c) => c.action)]);
    expect([...covered].sort()).toEqual([...ACTIONS].sort());
  });
});

describe.each(Object.entries(withoutSubject))('can(actor, %s)', (action, answers) => {
  it.each(ROLES)('role %i', (role) => {
    expect(canAny(actors[role], action as Action)).toBe(answers?.[role] === 'y');
  });
});

describe.each([...new Set(withSubject.map((c) => c.action))])('can(actor, %s, subject)', (action) => {
  for (const { name, subject, answers } of withSubject.filter((c) => c.action === action)) {
    it.each(ROLES)(`${name}: role %i`, (role) => {
      expect(canAny(actors[role], action, subject)).toBe(answers[role] === 'y');
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
  it('commentVisibilitiesFor: staff read all three, a contractor two, a tenant `everyone`', () => {
    expect(ROLES.map((role) => commentVisibilitiesFor(role))).toEqual([
      ['everyone', 'contractor', 'staff'],
      ['everyone', 'contractor', 'staff'],
      ['everyone'],
      ['everyone', 'contractor'],
    ]);
  });
  it('the comment edit window lasts 15 minutes', () => {
    expect(commentEditableUntil(POSTED)).toEqual(minutesAfter(15));
    expect(withinCommentEditWindow({ createdAt: POSTED, now: minutesAfter(14.99) })).toBe(true);
    expect(withinCommentEditWindow({ createdAt: POSTED, now: minutesAfter(15) })).toBe(false);
  });
  it('actorFromUser', () => {
    expect(actorFromUser({ id: 7, role: 1, landlord_id: 3 })).toEqual({ id: 7, role: 1, landlordId: 3 });
  });
});
