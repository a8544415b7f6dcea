/**
 * Shapes of the JSON the API answers (SPEC.md sections 3 and 7), as zod schemas: the schema is the definition,
 * the TypeScript types in ../api.ts are derived from it. The server declares its answers with these (OpenAPI)
 * and tests check answers against them; the web imports only the types.
 */
import { z } from 'zod';
import { ERROR_CODE } from '../error-codes';
import { LANGUAGES } from '../languages';
import { ROLE, USER_TYPES } from '../roles';

/** Roles are numbers; a lower number means more power (SPEC.md section 1, DESIGN.md). */
export const roleSchema = z.enum(ROLE).meta({ id: 'Role' });

/** The three user-list types of SPEC.md section 2 ("type plus s" in the API paths). */
export const userTypeSchema = z.enum(USER_TYPES).meta({ id: 'UserType' });

/**
 * The machine-readable `code` every error answer carries beside SPEC.md's `message`: clients decide what to do
 * from the code, never from the wording, which is for people and may change.
 */
export const errorCodeSchema = z.enum(ERROR_CODE).meta({ id: 'ErrorCode' });

export const notificationOptionsSchema = z
  .object({
    mail: z.object({ tickets: z.boolean(), reminders: z.boolean(), support: z.boolean() }),
    sms: z.object({
      phone_number: z.string(),
      tickets: z.boolean(),
      reminders: z.boolean(),
      support: z.boolean(),
    }),
    phone: z.object({ phone_number: z.string(), tickets: z.boolean() }),
  })
  .meta({ id: 'NotificationOptions' });

export const apiNotificationSchema = z
  .object({
    id: z.number().int(),
    viewed: z.boolean(),
    ticket_id: z.number().int().nullable(),
    contact_id: z.number().int().nullable(),
    link: z.string().nullable(),
    title: z.string(),
    subtitle: z.string(),
    description: z.string(),
    image: z.string().nullable(),
    /** Seconds since the epoch. */
    timestamp: z.number(),
  })
  .meta({ id: 'ApiNotification' });

export const apiUserSchema = z
  .object({
    id: z.number().int(),
    username: z.string().nullable(),
    name: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    company_name: z.string(),
    email: z.string(),
    phone_number: z.string(),
    address_1: z.string(),
    address_2: z.string(),
    country: z.string(),
    province: z.string(),
    city: z.string(),
    postal: z.string(),
    avatar: z.string().nullable(),
    role: roleSchema,
    role_name: z.string(),
    is_super_admin: z.boolean(),
    is_temporary: z.boolean(),
    email_verified_at: z.string().nullable(),
    landlord_id: z.number().int().nullable(),
    notification_options: notificationOptionsSchema,
    /** The language the user chose (issue 28); null: not chosen, its pages follow its browser's. */
    language: z.enum(LANGUAGES).nullable(),
    created_at_timestamp: z.number(),
    /** API path of the user, ending in a slash: /api/users/7/ */
    path: z.string(),
  })
  .meta({ id: 'ApiUser' });

export const apiLandlordSummarySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    avatar: z.string().nullable(),
    path: z.string(),
  })
  .meta({ id: 'ApiLandlordSummary' });

export const currentUserResponseSchema = z
  .object({
    user: apiUserSchema,
    role: roleSchema,
    /** Same as user.path. */
    path: z.string(),
    /** The landlord the user belongs to (role 1, or a tenant/contractor's landlord), if any. */
    landlord: apiLandlordSummarySchema.nullable(),
    notifications: z.array(apiNotificationSchema),
  })
  .meta({ id: 'CurrentUserResponse' });

/**
 * POST login with the username and generated password of a temporary account (403): no session is given; the
 * account is activated at `redirect` first (SPEC.md section 2).
 */
export const activationRequiredResponseSchema = z
  .object({
    code: z.literal('activation_required'),
    message: z.string(),
    redirect: z.string(),
  })
  .meta({ id: 'ActivationRequiredResponse' });

export const loginResponseSchema = z
  .object({
    user: apiUserSchema,
    /** Where the browser should go next (the safe login_redirect, else "/"). */
    redirect: z.string(),
  })
  .meta({ id: 'LoginResponse' });

/** The ratings tenants gave repairs (issue 25): how many, and their average (null while there are none). */
export const apiRatingSummarySchema = z
  .object({
    count: z.number().int(),
    /** RATING_MIN to RATING_MAX, to two decimals; null when `count` is 0. */
    average: z.number().nullable(),
  })
  .meta({ id: 'ApiRatingSummary' });

export const listMetaSchema = z
  .object({
    total: z.number().int(),
    page: z.number().int(),
    per_page: z.number().int(),
    /** Present when counting stopped at LIST_COUNT_CAP: there are more than `total` rows. */
    total_capped: z.literal(true).optional(),
  })
  .meta({ id: 'ListMeta' });

/** A page of a list: its rows and, for paged lists, `meta`. Generic, so it has no id of its own. */
export function listResponseSchema<Item extends z.ZodType>(item: Item) {
  return z.object({
    data: z.array(item),
    meta: listMetaSchema.optional(),
  });
}

/** A list that failed or is empty on purpose: the message becomes the table's empty text. */
export const listErrorResponseSchema = z
  .object({
    error: z.literal(true),
    message: z.string(),
  })
  .meta({ id: 'ListErrorResponse' });

/** Every error answer: SPEC.md's `message` for people, a `code` for programs, and more fields for some. */
export const errorResponseSchema = z
  .object({
    code: errorCodeSchema,
    message: z.string(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
  })
  .meta({ id: 'ErrorResponse' });

/** A rejected form: the title is `message`, field errors under `errors`. */
export const formErrorResponseSchema = errorResponseSchema
  .extend({
    errors: z.record(z.string(), z.array(z.string())),
  })
  .meta({ id: 'FormErrorResponse' });

export const messageResponseSchema = z
  .object({
    message: z.string(),
  })
  .meta({ id: 'MessageResponse' });
