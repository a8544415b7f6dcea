/**
 * Shapes of the users / tenants / contractors API (SPEC.md sections 3 and 7).
 *
 * Paths (under /api/, each also with a trailing slash; `{type}` is users | tenants | contractors):
 * - GET    {type}                  → UserListResponse   (?page, per_page, search, sort, order, landlord_id, role)
 * - GET    {type}/create           → ApiUserFormOptions (?landlord_id): roles and options of the create form
 * - POST   {type}                  → UserSavedResponse (201)
 * - GET    users/{id}, {type}/{id} → ApiUserRecord
 * - GET    {type}/{id}/edit        → ApiUserEdit (?landlord_id): the user and its form options
 * - PATCH  {type}/{id}             → UserSavedResponse
 * - DELETE {type}/{id}, users/{id} → MessageResponse
 * - PATCH  users/{id}/avatar       → UserSavedResponse
 * - POST   users/batch/tenants     → BatchCreateUsersResponse (201)
 */
import type { ApiUser, ListMeta } from './api';
import type { ApiRecordRef } from './api-records';
import type { Role, UserType } from './roles';

/** A category in brief. */
export interface ApiCategoryRef {
  id: number;
  title: string;
}

/** A user, tenant or contractor as the records API answers it. */
export interface ApiUserRecord extends ApiUser {
  /** Which list the user belongs to: 'tenants' (role 2), 'contractors' (role 3), else 'users'. */
  type: UserType;
  landlord: ApiRecordRef | null;
  /** Tenants: their one unit (null otherwise). */
  unit_id: number | null;
  /** Tenants: [their unit] (empty otherwise). */
  units: ApiRecordRef[];
  /** Contractors: the properties they work on, by name (empty otherwise). */
  property_ids: number[];
  properties: ApiRecordRef[];
  /** Contractors: the categories they handle, by title (empty otherwise). */
  category_ids: number[];
  categories: ApiCategoryRef[];
  /** What the signed-in viewer may do with this user (edit form / delete button). */
  can: { update: boolean; delete: boolean };
}

export interface UserListResponse {
  data: ApiUserRecord[];
  meta: ListMeta;
}

/** A created or batch-created user: the generated password is answered once, never stored in clear. */
export type ApiCreatedUser = ApiUserRecord & {
  /** Only when the server generated the password (none was given), so the account can be activated. */
  generated_password?: string;
};

/** Answer of a create (201), an update or an avatar upload. */
export interface UserSavedResponse {
  message: string;
  data: ApiCreatedUser;
}

/** A role the viewer may give on create: the number and its name. */
export interface ApiRoleOption {
  value: Role;
  name: string;
}

export interface ApiUserUnitOption extends ApiRecordRef {
  property_id: number;
  property_name: string;
}

/** What the user form needs (GET {type}/create; also part of GET {type}/{id}/edit). */
export interface ApiUserFormOptions {
  /** Roles the viewer may give for this type (tenants: [2], contractors: [3], users: every assignable role). */
  roles: ApiRoleOption[];
  /** defaultRoleForType(type). */
  default_role: Role;
  /** Role 0 picks the landlord; a manager's tenants and contractors are fixed to its own. */
  can_pick_landlord: boolean;
  /** The landlord the form starts from, if any (a manager: its own); the super admin searches others (ADR 0025). */
  landlord_options: ApiRecordRef[];
  /**
   * The landlord the unit and property options below belong to (SPEC.md section 6): `?landlord_id=`,
   * else the edited user's, else the manager's own; null when none is chosen yet (the lists are empty).
   */
  options_landlord_id: number | null;
  /** Tenants: the units of that landlord. */
  unit_options: ApiUserUnitOption[];
  /** Contractors: the properties of that landlord. */
  property_options: ApiRecordRef[];
  /** Contractors: every category. */
  category_options: ApiCategoryRef[];
}

/** GET {type}/{id}/edit: the user and its form options, side by side. */
export type ApiUserEdit = ApiUserRecord & ApiUserFormOptions;

export interface BatchCreateUsersResponse {
  message: string;
  created: number;
  data: ApiCreatedUser[];
}
