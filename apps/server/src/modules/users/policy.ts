/**
 * Who may see and manage which users (SPEC.md section 6, DESIGN.md "access checks as data").
 *
 * `userScope(actor, type)` is THE condition every list and every single load goes through, so a user
 * outside it is never listed and answers 404 when asked for by id:
 * - role 0 sees everyone;
 * - role 1 sees itself and the tenants and contractors of its own landlord (never other managers);
 * - role 2 sees only itself;
 * - role 3 sees itself and, read-only, the tenants of the units of the properties it works on (its
 *   "Tenant List": who lives where it is sent to work).
 * The list type narrows it further: tenants = role 2, contractors = role 3, users = every role.
 */
import { assignableRoles, can, ROLE, type Role, type UserType } from '@mend/shared';
import { and, eq, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { contractorProperties, tenantUnits, units, users } from '../../db/schema';
import type { Actor, ScopedActor } from '../../lib/session';

/**
 * `users.role` is one of these roles, the numbers written into the text: a statement prepared once (db/reusable.ts)
 * is then planned knowing them (the role's own indexes and statistics), not for any role.
 */
export function roleIn(...roles: Role[]): SQL {
  return roles.length === 1
    ? sql`${users.role} = ${sql.raw(String(roles[0]))}`
    : sql`${users.role} in (${sql.raw(roles.join(', '))})`;
}

/** The role a list type holds (users: any). */
export function typeCondition(type: UserType): SQL | undefined {
  if (type === 'tenants') return roleIn(ROLE.tenant);
  if (type === 'contractors') return roleIn(ROLE.contractor);
  return undefined;
}

/**
 * The ids a contractor sees: itself, and the tenants living in a unit of a property it works on (the
 * caller keeps only tenants among the latter). One `IN` list read from the contractor's properties
 * outwards (a few hundred ids): written as `self OR EXISTS (...)`, PostgreSQL tested the EXISTS against
 * every tenant, 100-190 ms per page at 250,000 users.
 */
function peopleOfContractor(contractorId: number | Placeholder): SQL {
  return sql`select ${contractorId}::integer union all
    select ${tenantUnits.userId} from ${contractorProperties}
    inner join ${units} on ${units.propertyId} = ${contractorProperties.propertyId}
    inner join ${tenantUnits} on ${tenantUnits.unitId} = ${units.id}
    where ${contractorProperties.userId} = ${contractorId}`;
}

/** Every user the actor may see, of any type (undefined: no limit). */
export function visibleUsers(actor: ScopedActor): SQL | undefined {
  const self = eq(users.id, actor.id);
  switch (actor.role) {
    case ROLE.superAdmin:
      return undefined;
    case ROLE.manager:
      if (actor.landlordId === null) return self;
      return or(self, and(eq(users.landlordId, actor.landlordId), roleIn(ROLE.tenant, ROLE.contractor)));
    case ROLE.contractor:
      return and(or(self, roleIn(ROLE.tenant)), sql`${users.id} in (${peopleOfContractor(actor.id)})`);
    default:
      return self;
  }
}

/** The scope of one list type: what the actor may see, of that type. */
export function userScope(actor: ScopedActor, type: UserType): SQL | undefined {
  return and(visibleUsers(actor), typeCondition(type));
}

/**
 * Who may open a list at all: /users the super admin (`users.list`); /contractors role 0 and 1;
 * /tenants role 0 and 1, and a contractor for its Tenant List. Role 2 has no list.
 */
export function mayList(actor: Actor, type: UserType): boolean {
  return can(actor, `${type}.list`);
}

/**
 * Who may create through a type's form: /users is the super admin's (any role); /tenants and
 * /contractors also a manager, for its own landlord.
 */
export function mayCreateType(actor: Actor, type: UserType): boolean {
  if (type === 'users') return can(actor, 'users.list');
  return can(actor, 'user.create');
}

/** The roles the actor may give on a type's create form: assignableRoles, narrowed to the type's role. */
export function rolesFor(actor: Actor, type: UserType): Role[] {
  const roles = assignableRoles(actor.role);
  if (type === 'tenants') return roles.filter((role) => role === ROLE.tenant);
  if (type === 'contractors') return roles.filter((role) => role === ROLE.contractor);
  return roles;
}

export interface UserSubject {
  id: number;
  role: Role;
  landlordId: number | null;
}

/**
 * The edit form (landlord, unit, properties, categories) of another user: `can('user.update')`.
 * Only the super admin edits itself there; everybody else edits its own details through the profile
 * tabs, because this form would let a manager move itself to another landlord or a tenant to another unit.
 */
export function mayEdit(actor: Actor, subject: UserSubject): boolean {
  if (subject.id === actor.id) return actor.role === ROLE.superAdmin;
  return can(actor, 'user.update', subject);
}

/** Delete: only users with a higher role number (`can('user.delete')`), never oneself. */
export function mayDelete(actor: Actor, subject: UserSubject): boolean {
  return subject.id !== actor.id && can(actor, 'user.delete', subject);
}

/** Avatar: one's own (profile tab), or a user one may edit. */
export function mayChangeAvatar(actor: Actor, subject: UserSubject): boolean {
  return can(actor, 'user.update', subject);
}
