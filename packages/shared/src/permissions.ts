/**
 * The role matrix of SPEC.md section 6 with the decisions of DESIGN.md, as one pure `can()`.
 * Lower role numbers mean more power: 0 super admin, 1 manager of one landlord, 2 tenant of one
 * unit, 3 contractor. `can()` answers "may this role do this kind of thing (to this subject)";
 * which rows an actor may see at all is the server's per-entity scope (see `ticketScope`).
 */
import type { ApiUser } from './api';
import {
  ACTIVE_VISIT_STATES,
  type AssignmentState,
  COMMENT_EDIT_MINUTES,
  COMMENT_VISIBILITIES,
  type CommentVisibility,
  type VisitState,
} from './constants';
import { assignableRoles, ROLE, type Role } from './roles';

/** Who is acting: the signed-in user. */
export interface Actor {
  id: number;
  role: Role;
  /** The landlord a manager (role 1) belongs to; null when none. */
  landlordId: number | null;
}

/** The actor of a user as the API returns it (GET users/current). */
export function actorFromUser(user: Pick<ApiUser, 'id' | 'role' | 'landlord_id'>): Actor {
  return { id: user.id, role: user.role, landlordId: user.landlord_id };
}

/** A record that belongs to a landlord (property, unit). */
export interface LandlordOwned {
  landlordId: number | null;
}

/**
 * A comment on a ticket acted upon: its author, the landlord of its ticket, when it was posted, and the time now
 * (the server's clock, so that tests can move it; the web passes its own).
 */
export interface CommentSubject {
  /** null when the author has been deleted. */
  authorId: number | null;
  landlordId: number | null;
  createdAt: Date;
  now: Date;
}

/** A ticket's visit acted upon: its state, the contractor that holds the job, the ticket's landlord. */
export interface VisitSubject {
  visitState: VisitState;
  contractorId: number | null;
  landlordId: number | null;
}

/** A user acted upon. */
export interface UserSubject {
  id: number;
  role: Role;
  landlordId: number | null;
}

/**
 * What each action needs to know about its subject. `undefined` means no subject; a union with
 * `undefined` means the subject is optional (without it `can` answers "in general", e.g. whether
 * to show a create button); otherwise TypeScript requires it.
 */
interface Subjects {
  'unit.create': LandlordOwned | undefined;
  'unit.update': LandlordOwned | undefined;
  'unit.delete': LandlordOwned | undefined;
  'user.create': { role: Role } | undefined;
  'user.delete': UserSubject;
  'user.viewRoleColumn': undefined;
  'user.linkRecords': undefined;
  'user.batchCreate': undefined;
  'user.update': UserSubject | undefined;
  'user.updateRecord': UserSubject;
  'user.viewTickets': UserSubject;
  'users.list': undefined;
  'tenants.list': undefined;
  'contractors.list': undefined;
  'users.create': undefined;
  'tenants.create': undefined;
  'contractors.create': undefined;
  'ticket.create': undefined;
  'ticket.update': undefined;
  'ticket.delete': undefined;
  'ticket.bulkDelete': undefined;
  'ticket.updateStatus': undefined;
  'ticket.pickUnit': LandlordOwned | undefined;
  'ticket.setStatusInForm': undefined;
  'ticket.statusFooter': undefined;
  'ticket.filterByProperty': undefined;
  'ticket.changeUnitOnEdit': undefined;
  'ticket.viewAll': undefined;
  'ticket.assign': LandlordOwned | undefined;
  'ticket.answerAssignment': { contractorId: number };
  'ticket.viewAssignment': { state: AssignmentState };
  'ticket.viewDeclineReason': { contractorId: number };
  'visit.book': { contractorId: number | null; assignmentState: AssignmentState | null };
  'visit.answer': { tenantId: number | null; visitState: VisitState };
  'visit.cancel': VisitSubject;
  'calendar.view': undefined;
  'ticket.signOff': { tenantId: number | null };
  'ticket.viewDue': undefined;
  'ticket.changeDue': LandlordOwned | undefined;
  'schedule.view': undefined;
  'schedule.manage': LandlordOwned | undefined;
  'ticket.wholeProperty': undefined;
  'cost.submit': { contractorId: number | null; assignmentState: AssignmentState | null };
  'cost.view': undefined;
  'cost.decide': LandlordOwned;
  'cost.viewTotals': undefined;
  'user.viewRating': { id: number; role: Role };
  'dashboard.viewRatings': undefined;
  'dashboard.viewByProperty': undefined;
  'category.create': undefined;
  'category.update': undefined;
  'category.delete': undefined;
  'landlord.create': undefined;
  'landlord.update': { id: number } | undefined;
  'landlord.delete': undefined;
  'landlords.list': undefined;
  'landlord.viewAll': undefined;
  'landlord.settingsLink': undefined;
  'landlord.pickOnProperty': undefined;
  'landlord.pickOnUser': undefined;
  'landlord.pickOnUnit': undefined;
  'landlord.changeUsers': undefined;
  'landlord.viewTickets': { id: number } | undefined;
  'property.create': LandlordOwned | undefined;
  'property.update': LandlordOwned | undefined;
  'property.delete': LandlordOwned | undefined;
  'property.viewLandlord': undefined;
  'property.linkUnits': undefined;
  'unit.viewProperty': undefined;
  'contact.list': undefined;
  'contact.create': undefined;
  'outbox.view': undefined;
  'picture.viewAll': undefined;
  'profile.update': { id: number };
  'apiToken.manage': { id: number };
  'webhook.manage': { id: number };
  'comment.read': { visibility: CommentVisibility };
  'comment.post': { visibility: CommentVisibility } | undefined;
  'comment.update': CommentSubject;
  'comment.delete': CommentSubject;
}

export type Action = keyof Subjects;
export type SubjectOf<A extends Action> = Subjects[A];

type Rule<A extends Action> = (actor: Actor, subject: Subjects[A]) => boolean;

const isSuper = (actor: Actor) => actor.role === ROLE.superAdmin;
const isManager = (actor: Actor) => actor.role === ROLE.manager;

/** A manager acts only on its own landlord's records, and never when it has no landlord. */
function ownsLandlord(actor: Actor, landlordId: number | null): boolean {
  return isManager(actor) && actor.landlordId !== null && actor.landlordId === landlordId;
}

/** Oneself; the super admin anyone; a manager the less powerful users of its own landlord. */
function selfOrManaged(actor: Actor, subject: UserSubject): boolean {
  return (
    subject.id === actor.id ||
    isSuper(actor) ||
    (subject.role > actor.role && ownsLandlord(actor, subject.landlordId))
  );
}

/** Super admin anything; manager only records of its own landlord (or "in general" without a subject). */
function landlordScoped(actor: Actor, subject: LandlordOwned | undefined): boolean {
  if (isSuper(actor)) return true;
  return isManager(actor) && (subject === undefined || ownsLandlord(actor, subject.landlordId));
}

const RULES: { [A in Action]: Rule<A> } = {
  // SPEC 6: create units: role 0 or 1 (roles 2 and 3 see no create buttons); a manager within its landlord.
  'unit.create': landlordScoped,
  // SPEC 6: edit and delete units: role below 2 (a manager within its landlord).
  'unit.update': landlordScoped,
  'unit.delete': landlordScoped,
  // SPEC 6: create users: role 0 or 1, with a role from the viewer's assignable roles.
  'user.create': (actor, subject) =>
    actor.role <= ROLE.manager &&
    (subject === undefined || assignableRoles(actor.role).includes(subject.role)),
  // SPEC 6: delete a user only when its role number is higher than the viewer's (never oneself); a manager within
  // its landlord.
  'user.delete': (actor, subject) =>
    subject.id !== actor.id &&
    subject.role > actor.role &&
    (isSuper(actor) || ownsLandlord(actor, subject.landlordId)),
  // SPEC 6: the role column in user lists shows for role 0 only.
  'user.viewRoleColumn': isSuper,
  // A user's details link to its unit (tenant) and properties (contractor) for roles 0 and 1, who manage
  // them; the others see the names only.
  'user.linkRecords': (actor) => actor.role <= ROLE.manager,
  // SPEC 6: batch create users: super admin only.
  'user.batchCreate': isSuper,
  // SPEC 6: own profile always; role 0 anyone; a manager its landlord's less powerful users. Without a
  // subject: whether the role edits other users at all (the user forms of /users, /tenants, /contractors).
  'user.update': (actor, subject) =>
    subject === undefined ? actor.role <= ROLE.manager : selfOrManaged(actor, subject),
  // The record form of a user (landlord, unit, properties, categories): as user.update, but oneself only for the
  // super admin; the others edit their own details through the profile tabs, because this form would let a manager
  // move itself to another landlord or a tenant to another unit.
  'user.updateRecord': (actor, subject) =>
    subject.id === actor.id ? isSuper(actor) : selfOrManaged(actor, subject),
  // SPEC 2 "own tickets via the user's own path": a user's tickets tab: its own; role 0 anyone's; a manager those of
  // its landlord's less powerful users.
  'user.viewTickets': selfOrManaged,
  // SPEC 6: see all users: role 0 (managers see tenants and contractors through their landlord scope).
  'users.list': isSuper,
  // SPEC 2: the Tenants list of roles 0 and 1; a contractor's Tenant List is about the tenants it works for.
  'tenants.list': (actor) => actor.role <= ROLE.manager || actor.role === ROLE.contractor,
  // SPEC 2: the Contractors list of roles 0 and 1.
  'contractors.list': (actor) => actor.role <= ROLE.manager,
  // SPEC 6: the create form of /users is the super admin's (any role); of /tenants and /contractors also a
  // manager's, for its own landlord.
  'users.create': isSuper,
  'tenants.create': (actor) => actor.role <= ROLE.manager,
  'contractors.create': (actor) => actor.role <= ROLE.manager,
  // SPEC 6: create a ticket: role below 3.
  'ticket.create': (actor) => actor.role < ROLE.contractor,
  // SPEC 6: edit a single ticket: role below 3.
  'ticket.update': (actor) => actor.role < ROLE.contractor,
  // SPEC 6: delete a single ticket: role below 3.
  'ticket.delete': (actor) => actor.role < ROLE.contractor,
  // SPEC 6: delete tickets in bulk: role below 3.
  'ticket.bulkDelete': (actor) => actor.role < ROLE.contractor,
  // SPEC 4 + DESIGN: every role may change the status of a ticket it can see ("Mark As...", form, or footer).
  'ticket.updateStatus': () => true,
  // SPEC 6: pick the unit when creating a ticket: role 1 or below (others use their first unit).
  'ticket.pickUnit': landlordScoped,
  // SPEC 6: set the status in the ticket edit form: role 1 or below.
  'ticket.setStatusInForm': (actor) => actor.role <= ROLE.manager,
  // SPEC 6: status dropdown in the detail footer for role 2; DESIGN.md adds contractors (role 3).
  'ticket.statusFooter': (actor) => actor.role === ROLE.tenant || actor.role === ROLE.contractor,
  // SPEC 6: the property filter on tickets is hidden for role 2.
  'ticket.filterByProperty': (actor) => actor.role !== ROLE.tenant,
  // SPEC 6: choose the unit when editing a ticket: super admin.
  'ticket.changeUnitOnEdit': isSuper,
  // SPEC 6: see all tickets (global list): role 0.
  'ticket.viewAll': isSuper,
  // Issue 25: one contractor is assigned by staff: the super admin, or a manager of the ticket's landlord.
  'ticket.assign': landlordScoped,
  // Issue 25: only the assigned contractor accepts or declines its job.
  'ticket.answerAssignment': (actor, subject) =>
    actor.role === ROLE.contractor && actor.id === subject.contractorId,
  // Issue 25: who is assigned is told to staff and contractors; to the tenant once the contractor accepted (who is
  // coming, not who was asked).
  'ticket.viewAssignment': (actor, subject) => actor.role !== ROLE.tenant || subject.state === 'accepted',
  // Issue 25: why a contractor declined is for staff and that contractor.
  'ticket.viewDeclineReason': (actor, subject) =>
    actor.role <= ROLE.manager || actor.id === subject.contractorId,
  // Issue 25: the contractor that accepted the job books its visit (or another time for it).
  'visit.book': (actor, subject) =>
    actor.role === ROLE.contractor &&
    actor.id === subject.contractorId &&
    subject.assignmentState === 'accepted',
  // Issue 25: the ticket's tenant confirms or refuses a time proposed outside its availability.
  'visit.answer': (actor, subject) =>
    actor.role === ROLE.tenant && actor.id === subject.tenantId && subject.visitState === 'proposed',
  // Issue 25: a proposed or booked visit is cancelled by the contractor that holds the job, or by staff.
  'visit.cancel': (actor, subject) =>
    (ACTIVE_VISIT_STATES as readonly VisitState[]).includes(subject.visitState) &&
    ((actor.role === ROLE.contractor && actor.id === subject.contractorId) ||
      isSuper(actor) ||
      ownsLandlord(actor, subject.landlordId)),
  // Issue 25: the calendar of visits is staff's and the contractors' (a tenant's one visit is on its ticket).
  'calendar.view': (actor) => actor.role !== ROLE.tenant,
  // Issue 25: the ticket's tenant confirms (and rates) the repair of a completed ticket, or reopens it.
  'ticket.signOff': (actor, subject) => actor.role === ROLE.tenant && actor.id === subject.tenantId,
  // Issue 26: due times and their breaches are the managers' and the contractors' (who work to them), not the tenant's.
  'ticket.viewDue': (actor) => actor.role !== ROLE.tenant,
  // Issue 26: staff of the ticket's landlord change its due times.
  'ticket.changeDue': landlordScoped,
  // Issue 26: recurring work is planned by staff: the super admin's every schedule, a manager's on its landlord's
  // properties (the schedules screen; tenants and contractors see the tickets it creates, as any ticket).
  'schedule.view': (actor) => actor.role <= ROLE.manager,
  'schedule.manage': landlordScoped,
  // Issue 26: a ticket of a whole property (roof, boiler, common areas), not one unit: raised by staff; tenants see the
  // tickets of their unit only.
  'ticket.wholeProperty': (actor) => actor.role <= ROLE.manager,
  // Issue 26: the contractor that accepted the job sends its estimate before the work and its invoice after.
  'cost.submit': (actor, subject) =>
    actor.role === ROLE.contractor &&
    actor.id === subject.contractorId &&
    subject.assignmentState === 'accepted',
  // Issue 26: a ticket's money is for staff and its contractors (who see their own), never its tenant.
  'cost.view': (actor) => actor.role !== ROLE.tenant,
  // Issue 26: staff of the ticket's landlord approve or decline an estimate within the limit and mark invoices paid.
  'cost.decide': landlordScoped,
  // Issue 26: the cost columns of the ticket lists are staff's.
  'cost.viewTotals': (actor) => actor.role <= ROLE.manager,
  // Issue 25: a contractor's average rating is for staff (who choose whom to assign) and the contractor itself.
  'user.viewRating': (actor, subject) =>
    subject.role === ROLE.contractor && (actor.role <= ROLE.manager || actor.id === subject.id),
  // Issue 25: the dashboard's average rating: the repairs staff oversee, or a contractor's own; tenants give ratings.
  'dashboard.viewRatings': (actor) => actor.role !== ROLE.tenant,
  // The dashboard's tickets-by-property chart: not for role 2, whose tickets are all on its one unit.
  'dashboard.viewByProperty': (actor) => actor.role !== ROLE.tenant,
  // SPEC 6: create categories: super admin.
  'category.create': isSuper,
  // SPEC 6: categories are managed by role 0 only (the create button is super admin only).
  'category.update': isSuper,
  'category.delete': isSuper,
  // SPEC 6: create landlords: role 0 (a manager may not).
  'landlord.create': isSuper,
  // SPEC 6: edit landlords: role 0; a manager edits its own landlord (without a subject: it has one).
  'landlord.update': (actor, subject) =>
    isSuper(actor) || ownsLandlord(actor, subject === undefined ? actor.landlordId : subject.id),
  // SPEC 6: delete landlords: role 0 (a manager may not).
  'landlord.delete': isSuper,
  // SPEC 2 and 6: the landlord screens are role 0's, and a manager's for its own (Landlord Settings).
  'landlords.list': (actor) => actor.role <= ROLE.manager,
  // SPEC 2 "Layout": Landlord Settings (the account-menu link, and what /landlords shows) is a manager's
  // own landlord as a page; the super admin has the landlords list instead (landlord.viewAll).
  'landlord.settingsLink': isManager,
  // Every landlord (the landlords list, links to a landlord's record): role 0; a manager sees only its own.
  'landlord.viewAll': isSuper,
  // SPEC 6: the landlord picker on property forms: role 0 (a manager's new property is fixed to its landlord).
  'landlord.pickOnProperty': isSuper,
  // SPEC 6: the landlord picker on user forms: role 0 (a manager's tenants and contractors are its landlord's).
  'landlord.pickOnUser': isSuper,
  // The landlord picker on unit forms (whose properties it offers): role 0 (a manager's units are its landlord's).
  'landlord.pickOnUnit': isSuper,
  // Which users belong to a landlord (its form's users picker): role 0; a manager may not change them.
  'landlord.changeUsers': isSuper,
  // A landlord's tickets (GET landlords/{id}/tickets): role 0 any; a manager its own (without a subject: the roles
  // that may ask at all).
  'landlord.viewTickets': (actor, subject) =>
    subject === undefined ? actor.role <= ROLE.manager : isSuper(actor) || ownsLandlord(actor, subject.id),
  // SPEC 6: create properties: role 0 any; role 1 only for its own landlord; roles 2 and 3 never.
  'property.create': landlordScoped,
  // SPEC 6: edit properties: role 0 any; role 1 its own landlord's; roles 2 and 3 read-only.
  'property.update': landlordScoped,
  // SPEC 6: delete properties: role 0 any; role 1 its own landlord's; roles 2 and 3 never.
  'property.delete': landlordScoped,
  // The landlord of a property (list column, details field): role 0; a manager's properties are all its own.
  'property.viewLandlord': isSuper,
  // A property's details link to its units for roles 0 and 1, and role 3 (whose Tenant List is the units).
  'property.linkUnits': (actor) => actor.role !== ROLE.tenant,
  // The property of a unit (list column, details field): roles 0 and 1; roles 2 and 3 see its address.
  'unit.viewProperty': (actor) => actor.role <= ROLE.manager,
  // SPEC 6: see contact submissions: role 0.
  'contact.list': isSuper,
  // SPEC 1: tenants (and the other users of a landlord) reach support through the contact form; the super
  // admin is the support it reaches, and reads the submissions instead.
  'contact.create': (actor) => !isSuper(actor),
  // DESIGN.md "Delivery": the outbox of every message is the super admin's.
  'outbox.view': isSuper,
  // Every uploaded picture (avatars of users, landlords, properties, units): role 0; the others see their own
  // avatar and their own landlord's pictures.
  'picture.viewAll': isSuper,
  // SPEC 6: edit own profile (others show "Not You"); role 0 may edit anyone's.
  'profile.update': (actor, subject) => subject.id === actor.id || isSuper(actor),
  // Issue 27: a user's API tokens act as that user, so only that user lists, creates and revokes them (not even the
  // super admin, who may edit the rest of a profile).
  'apiToken.manage': (actor, subject) => subject.id === actor.id,
  // Issue 27: a landlord's webhooks (subject: the landlord): the super admin any, a manager its own landlord's.
  'webhook.manage': (actor, subject) => isSuper(actor) || ownsLandlord(actor, subject.id),
  // DESIGN.md "Comment visibility": a comment is read by the roles its visibility names (commentVisibilitiesFor), on
  // tickets they see (the ticket's scope decides that).
  'comment.read': (actor, subject) => commentVisibilitiesFor(actor.role).includes(subject.visibility),
  // Everyone on a ticket may comment on it, with a visibility it may read (without a subject: may it comment at all).
  'comment.post': (actor, subject) =>
    subject === undefined || commentVisibilitiesFor(actor.role).includes(subject.visibility),
  // Issue 25: the author edits its comment for COMMENT_EDIT_MINUTES; nobody else ever does.
  'comment.update': (actor, subject) => isCommentAuthor(actor, subject) && withinCommentEditWindow(subject),
  // Issue 25: the author within the edit window; staff (the super admin, a manager of the ticket's landlord) any time.
  'comment.delete': (actor, subject) =>
    (isCommentAuthor(actor, subject) && withinCommentEditWindow(subject)) ||
    isSuper(actor) ||
    ownsLandlord(actor, subject.landlordId),
};

/** Every action, for tests and for building permission tables. */
export const ACTIONS = Object.keys(RULES) as Action[];

/** Optional subjects may be left out; required ones may not. */
type SubjectArgs<A extends Action> = undefined extends Subjects[A]
  ? [subject?: Subjects[A]]
  : [subject: Subjects[A]];

/** May `actor` do `action` (to `subject`)? */
export function can<A extends Action>(actor: Actor, action: A, ...[subject]: SubjectArgs<A>): boolean {
  const rule = RULES[action] as Rule<A>;
  return rule(actor, subject as Subjects[A]);
}

/**
 * Which tickets an actor sees (DESIGN.md): all (role 0), its landlord's properties (role 1),
 * its own unit (role 2), or the tickets routed to it (role 3).
 */
export type TicketScope = 'all' | 'landlord' | 'unit' | 'routed';

export function ticketScope(actor: Pick<Actor, 'role'>): TicketScope {
  if (actor.role === ROLE.superAdmin) return 'all';
  if (actor.role === ROLE.manager) return 'landlord';
  if (actor.role === ROLE.tenant) return 'unit';
  return 'routed';
}

/**
 * Which comment visibilities a role reads and may post with (DESIGN.md "Comment visibility"): staff (the super admin,
 * a manager) all three; a contractor `everyone` and `contractor`; a tenant `everyone` only. This is the comments' row
 * scope: the server reads only the comments whose visibility is in it, on tickets the actor sees.
 */
export function commentVisibilitiesFor(role: Role): CommentVisibility[] {
  if (role === ROLE.superAdmin || role === ROLE.manager) return [...COMMENT_VISIBILITIES];
  if (role === ROLE.contractor) return ['everyone', 'contractor'];
  return ['everyone'];
}

/** Until when a comment posted at `createdAt` may be edited by its author. */
export function commentEditableUntil(createdAt: Date): Date {
  return new Date(createdAt.getTime() + COMMENT_EDIT_MINUTES * 60_000);
}

/** Whether the edit window of a comment is still open at `subject.now`. */
export function withinCommentEditWindow(subject: Pick<CommentSubject, 'createdAt' | 'now'>): boolean {
  return subject.now.getTime() < commentEditableUntil(subject.createdAt).getTime();
}

function isCommentAuthor(actor: Actor, subject: CommentSubject): boolean {
  return subject.authorId !== null && subject.authorId === actor.id;
}

/** The landlord an actor's lists are limited to: 'all' for the super admin, else its own (null: none). */
export function landlordScope(actor: Actor): number | null | 'all' {
  return isSuper(actor) ? 'all' : actor.landlordId;
}
