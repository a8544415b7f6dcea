/**
 * Shapes of the users / tenants / contractors API (SPEC.md sections 3 and 7), as zod schemas; the types in
 * ../api-users.ts are derived from them.
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
import { z } from 'zod';
import { apiRatingSummarySchema, apiUserSchema, listMetaSchema, roleSchema, userTypeSchema } from './common';
import { apiRecordRefSchema } from './records';

/** A category in brief. */
export const apiCategoryRefSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
  })
  .meta({ id: 'ApiCategoryRef' });

/** A user, tenant or contractor as the records API answers it. */
export const apiUserRecordSchema = apiUserSchema
  .extend({
    /** Which list the user belongs to: 'tenants' (role 2), 'contractors' (role 3), else 'users'. */
    type: userTypeSchema,
    landlord: apiRecordRefSchema.nullable(),
    /** Tenants: their one unit (null otherwise). */
    unit_id: z.number().int().nullable(),
    /** Tenants: [their unit] (empty otherwise). */
    units: z.array(apiRecordRefSchema),
    /** Contractors: the properties they work on, by name (empty otherwise). */
    property_ids: z.array(z.number().int()),
    properties: z.array(apiRecordRefSchema),
    /** Contractors: the categories they handle, by title (empty otherwise). */
    category_ids: z.array(z.number().int()),
    categories: z.array(apiCategoryRefSchema),
    /** What the signed-in viewer may do with this user (edit form / delete button). */
    can: z.object({ update: z.boolean(), delete: z.boolean() }),
    /** Contractors: the ratings of their repairs, for staff and the contractor itself; null otherwise. */
    rating: apiRatingSummarySchema.nullable(),
  })
  .meta({ id: 'ApiUserRecord' });

export const userListResponseSchema = z
  .object({
    data: z.array(apiUserRecordSchema),
    meta: listMetaSchema,
  })
  .meta({ id: 'UserListResponse' });

/** A created or batch-created user: the generated password is answered once, never stored in clear. */
export const apiCreatedUserSchema = apiUserRecordSchema
  .extend({
    /** Only when the server generated the password (none was given), so the account can be activated. */
    generated_password: z.string().optional(),
  })
  .meta({ id: 'ApiCreatedUser' });

/** Answer of a create (201), an update or an avatar upload. */
export const userSavedResponseSchema = z
  .object({
    message: z.string(),
    data: apiCreatedUserSchema,
  })
  .meta({ id: 'UserSavedResponse' });

/** A role the viewer may give on create: the number and its name. */
export const apiRoleOptionSchema = z
  .object({
    value: roleSchema,
    name: z.string(),
  })
  .meta({ id: 'ApiRoleOption' });

export const apiUserUnitOptionSchema = apiRecordRefSchema
  .extend({
    property_id: z.number().int(),
    property_name: z.string(),
  })
  .meta({ id: 'ApiUserUnitOption' });

/** What the user form needs (GET {type}/create; also part of GET {type}/{id}/edit). */
export const apiUserFormOptionsSchema = z
  .object({
    /** Roles the viewer may give for this type (tenants: [2], contractors: [3], users: every assignable role). */
    roles: z.array(apiRoleOptionSchema),
    /** defaultRoleForType(type). */
    default_role: roleSchema,
    /** Role 0 picks the landlord; a manager's tenants and contractors are fixed to its own. */
    can_pick_landlord: z.boolean(),
    /** The landlord the form starts from, if any (a manager: its own); the super admin searches others (ADR 0025). */
    landlord_options: z.array(apiRecordRefSchema),
    /**
     * The landlord the unit and property options below belong to (SPEC.md section 6): `?landlord_id=`,
     * else the edited user's, else the manager's own; null when none is chosen yet (the lists are empty).
     */
    options_landlord_id: z.number().int().nullable(),
    /** Tenants: the units of that landlord. */
    unit_options: z.array(apiUserUnitOptionSchema),
    /** Contractors: the properties of that landlord. */
    property_options: z.array(apiRecordRefSchema),
    /** Contractors: every category. */
    category_options: z.array(apiCategoryRefSchema),
  })
  .meta({ id: 'ApiUserFormOptions' });

/** GET {type}/{id}/edit: the user and its form options, side by side. */
export const apiUserEditSchema = apiUserRecordSchema
  .extend(apiUserFormOptionsSchema.shape)
  .meta({ id: 'ApiUserEdit' });

export const batchCreateUsersResponseSchema = z
  .object({
    message: z.string(),
    created: z.number().int(),
    data: z.array(apiCreatedUserSchema),
  })
  .meta({ id: 'BatchCreateUsersResponse' });
