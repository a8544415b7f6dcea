/**
 * Which users an actor may list, create, edit and delete (SPEC.md section 6), asked through @mend/shared `can()`;
 * which users it may see at all is `userScope` (lib/scopes.ts).
 */
import { assignableRoles, can, ROLE, type Role, type UserType } from '@mend/shared';
import type { Actor } from '../../lib/actor';

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
