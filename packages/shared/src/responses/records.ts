/**
 * JSON shapes of the records API: landlords, properties, units and categories (SPEC.md sections 3 and 7), as
 * zod schemas; the types in ../api-records.ts are derived from them.
 * Every `path` ends with a slash (`/api/units/5/`); every `created_at_timestamp` is in seconds.
 * Lists answer `listResponseSchema(row)` with `meta` always present; deletes answer `messageResponseSchema`.
 */
import { z } from 'zod';
import { CURRENCIES } from '../constants';
import { LANGUAGES } from '../languages';
import { roleSchema } from './common';

/** A linked record in brief. */
export const apiRecordRefSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
  })
  .meta({ id: 'ApiRecordRef' });

// ---------------------------------------------------------------------------------------------------------
// Landlords

export const apiLandlordUserSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    company_name: z.string(),
    role_name: z.string(),
  })
  .meta({ id: 'ApiLandlordUser' });

/** An owner contact of a landlord (issue 26). */
export const apiLandlordOwnerSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    phone_number: z.string(),
    /** The language of its approval emails. */
    language: z.enum(LANGUAGES),
  })
  .meta({ id: 'ApiLandlordOwner' });

export const apiLandlordSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    /** URL of the logo (public: the login screen shows it), or null. */
    avatar: z.string().nullable(),
    user_ids: z.array(z.number().int()),
    properties: z.array(apiRecordRefSchema),
    users: z.array(apiLandlordUserSchema),
    path: z.string(),
    created_at_timestamp: z.number(),
    /** Hours an assigned contractor has to accept or decline before the managers are alerted (issue 25). */
    assignment_response_hours: z.number().int(),
    /** Its service targets (issue 26): hours from a ticket's creation, per priority (TARGET_FIELDS). */
    normal_response_hours: z.number().int(),
    normal_resolution_hours: z.number().int(),
    high_response_hours: z.number().int(),
    high_resolution_hours: z.number().int(),
    /** Issue 26: the currency of its estimates and invoices, and the estimate total above which its owner approves. */
    currency: z.enum(CURRENCIES),
    approval_limit_cents: z.number().int(),
    /** Its owner contacts (staff only see landlords). */
    owners: z.array(apiLandlordOwnerSchema),
  })
  .meta({ id: 'ApiLandlord' });

/**
 * A landlord as its list shows it (ADR 0024): its own fields and how many properties and users it has. The record
 * (GET landlords/{id}) carries the lists themselves; a page of a portfolio's landlords carried thousands of people.
 */
export const apiLandlordListRowSchema = apiLandlordSchema
  .omit({ user_ids: true, properties: true, users: true, owners: true })
  .extend({
    property_count: z.number().int(),
    user_count: z.number().int(),
  })
  .meta({ id: 'ApiLandlordListRow' });

/** A user the landlord form's users multi-select may offer. */
export const apiLandlordUserOptionSchema = apiLandlordUserSchema
  .extend({
    role: roleSchema,
    email: z.string(),
    landlord_id: z.number().int().nullable(),
  })
  .meta({ id: 'ApiLandlordUserOption' });

/** What the landlord form needs (GET landlords/create). */
export const apiLandlordFormOptionsSchema = z
  .object({
    /** Role 0: users of role 1-3 that belong to no landlord (the landlord's own are its `users`). Role 1: none. */
    user_options: z.array(apiLandlordUserOptionSchema),
    /** False for a manager: it may edit its landlord but not change which users belong to it. */
    can_change_users: z.boolean(),
  })
  .meta({ id: 'ApiLandlordFormOptions' });

/** GET landlords/{id}/edit. */
export const apiLandlordEditSchema = apiLandlordSchema
  .extend(apiLandlordFormOptionsSchema.shape)
  .meta({ id: 'ApiLandlordEdit' });

/** GET landlords/{id}/logo (public, for the login screen). */
export const apiLandlordLogoSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    avatar: z.string().nullable(),
  })
  .meta({ id: 'ApiLandlordLogo' });

// ---------------------------------------------------------------------------------------------------------
// Properties

export const apiPropertyUserSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    role_name: z.string(),
  })
  .meta({ id: 'ApiPropertyUser' });

export const apiPropertySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    /** URL of the picture (signed-in users only), or null. */
    avatar: z.string().nullable(),
    gmaps_url: z.string(),
    country: z.string(),
    province: z.string(),
    city: z.string(),
    postal_code: z.string(),
    address: z.string(),
    /** IANA time zone the property's tickets' availability is entered and shown in. */
    time_zone: z.string(),
    landlord_id: z.number().int(),
    landlord: apiRecordRefSchema,
    /** The units of the property the viewer may see. */
    units: z.array(apiRecordRefSchema),
    /** Its contractors and the tenants of its units (a tenant viewer sees the contractors only). */
    users: z.array(apiPropertyUserSchema),
    path: z.string(),
    created_at_timestamp: z.number(),
  })
  .meta({ id: 'ApiProperty' });

/**
 * A property as its list shows it (ADR 0024): its own fields, its landlord and how many units the viewer may see. The
 * record (GET properties/{id}) carries its units and people.
 */
export const apiPropertyListRowSchema = apiPropertySchema
  .omit({ units: true, users: true })
  .extend({ unit_count: z.number().int() })
  .meta({ id: 'ApiPropertyListRow' });

/** What the property form needs (GET properties/create). */
export const apiPropertyFormOptionsSchema = z
  .object({
    /** The edited property's landlord (role 0, who searches others: ADR 0025); role 1 its own (a new property is fixed to it). */
    landlord_options: z.array(apiRecordRefSchema),
    can_pick_landlord: z.boolean(),
  })
  .meta({ id: 'ApiPropertyFormOptions' });

/** GET properties/{id}/edit. */
export const apiPropertyEditSchema = apiPropertySchema
  .extend(apiPropertyFormOptionsSchema.shape)
  .meta({ id: 'ApiPropertyEdit' });

// ---------------------------------------------------------------------------------------------------------
// Units

export const apiUnitTenantSchema = z
  .object({
    id: z.number().int(),
    company_name: z.string(),
    name: z.string(),
    email: z.string(),
    phone_number: z.string(),
    avatar: z.string().nullable(),
  })
  .meta({ id: 'ApiUnitTenant' });

export const apiUnitTicketSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    status: z.number().int(),
    status_text: z.string(),
  })
  .meta({ id: 'ApiUnitTicket' });

export const apiUnitPropertySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    landlord_id: z.number().int(),
  })
  .meta({ id: 'ApiUnitProperty' });

export const apiCategorySummarySchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    description: z.string(),
  })
  .meta({ id: 'ApiCategorySummary' });

export const apiUnitSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    gmaps_url: z.string(),
    postal_code: z.string(),
    address: z.string(),
    avatar: z.string().nullable(),
    property_id: z.number().int(),
    property: apiUnitPropertySchema,
    /** IANA time zone of the unit's property: a ticket's availability on the unit is entered and shown in it. */
    time_zone: z.string(),
    /** The first tenant, or null. */
    tenant: apiUnitTenantSchema.nullable(),
    /** All tenants of the unit. */
    users: z.array(apiUnitTenantSchema),
    /** The newest 20 tickets of the unit the viewer may see. */
    tickets: z.array(apiUnitTicketSchema),
    /** The unit's own categories (may be empty: then every category is offered, see GET units/{id}/categories). */
    category_ids: z.array(z.number().int()),
    categories: z.array(apiCategorySummarySchema),
    path: z.string(),
    created_at_timestamp: z.number(),
  })
  .meta({ id: 'ApiUnit' });

/**
 * What the unit form needs (GET units/create, units/{id}/edit; both take `?landlord_id=`). The properties
 * are offered for one landlord at a time, as the user forms' units and properties are: the super admin's
 * every property (tens of thousands) would be one answer of megabytes.
 */
export const apiUnitFormOptionsSchema = z
  .object({
    /** Role 0 picks the landlord first; a manager's properties are always its own landlord's. */
    can_pick_landlord: z.boolean(),
    /** The landlord the form starts from, if any (a manager: its own); role 0 searches others (ADR 0025). */
    landlord_options: z.array(apiRecordRefSchema),
    /**
     * The landlord the property options below belong to: role 0's `?landlord_id=`, else (edit) the unit's
     * property's landlord; a manager's own whatever it asks for. Null when none is chosen yet (an unknown or
     * unreadable `?landlord_id=` is none): then `property_options` is empty.
     */
    options_landlord_id: z.number().int().nullable(),
    /** The properties of that landlord the viewer may put a unit in. */
    property_options: z.array(apiUnitPropertySchema),
    category_options: z.array(apiCategorySummarySchema),
  })
  .meta({ id: 'ApiUnitFormOptions' });

/** GET units/{id}/edit. */
export const apiUnitEditSchema = apiUnitSchema
  .extend(apiUnitFormOptionsSchema.shape)
  .meta({ id: 'ApiUnitEdit' });

// ---------------------------------------------------------------------------------------------------------
// Categories

export const apiCategoryAttributeSchema = z
  .object({
    id: z.number().int(),
    label: z.string(),
    format: z.string(),
    value: z.string(),
  })
  .meta({ id: 'ApiCategoryAttribute' });

export const apiCategorySchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    description: z.string(),
    attributes: z.array(apiCategoryAttributeSchema),
    path: z.string(),
    created_at_timestamp: z.number(),
  })
  .meta({ id: 'ApiCategory' });
