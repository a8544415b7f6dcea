/** Roles are numbers; a lower number means more power (SPEC.md section 1, DESIGN.md). */
export const ROLE = { superAdmin: 0, manager: 1, tenant: 2, contractor: 3 } as const;
export type Role = (typeof ROLE)[keyof typeof ROLE];
export const ROLES: readonly Role[] = [0, 1, 2, 3];

export const ROLE_NAMES: Record<Role, string> = {
  0: 'Super Admin',
  1: 'Manager',
  2: 'Tenant',
  3: 'Contractor',
};

/** The three user-list types of SPEC.md section 2 ("type plus s" in the API paths). */
export const USER_TYPES = ['users', 'tenants', 'contractors'] as const;
export type UserType = (typeof USER_TYPES)[number];

export function isRole(value: unknown): value is Role {
  return value === 0 || value === 1 || value === 2 || value === 3;
}

export function roleName(role: Role): string {
  return ROLE_NAMES[role];
}

/** The separate super-admin flag of SPEC.md equals role 0. */
export function isSuperAdmin(role: Role): boolean {
  return role === ROLE.superAdmin;
}

/** Roles a viewer may give to a user it creates: the super admin any, others only less powerful roles. */
export function assignableRoles(viewerRole: Role): Role[] {
  if (isSuperAdmin(viewerRole)) return [...ROLES];
  return ROLES.filter((role) => role > viewerRole);
}

/** Default role on user create: 3 for contractors, 2 for tenants, otherwise 1 (SPEC.md section 6). */
export function defaultRoleForType(type: UserType): Role {
  if (type === 'contractors') return ROLE.contractor;
  if (type === 'tenants') return ROLE.tenant;
  return ROLE.manager;
}

/** Which list a user of a role belongs to. */
export function userTypeForRole(role: Role): UserType {
  if (role === ROLE.contractor) return 'contractors';
  if (role === ROLE.tenant) return 'tenants';
  return 'users';
}

/**
 * A role as the API may send it: the number, or its digits as a form sends them ("2"); null for anything else.
 */
export function parseRole(value: unknown): Role | null {
  const role = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  return isRole(role) ? role : null;
}

/** Users of every role but the super admin belong to a landlord (managers, tenants, contractors; decision 0002). */
export function belongsToLandlord(role: Role): boolean {
  return role !== ROLE.superAdmin;
}

/** A manager runs one landlord: it is nothing without one. */
export function managesLandlord(role: Role): boolean {
  return role === ROLE.manager;
}

/** A tenant lives in one unit (its tickets are on it). */
export function hasUnit(role: Role): boolean {
  return role === ROLE.tenant;
}

/** A contractor works on properties (and for categories); its units are its "Tenant List". */
export function worksOnProperties(role: Role): boolean {
  return role === ROLE.contractor;
}

/** Whether a user list holds users of a role: /users every role, /tenants tenants, /contractors contractors. */
export function typeHoldsRole(type: UserType, role: Role): boolean {
  return type === 'users' || role === defaultRoleForType(type);
}
