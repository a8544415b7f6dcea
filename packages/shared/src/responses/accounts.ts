/**
 * Shapes of the account, profile, notification, contact and outbox API (SPEC.md sections 2, 3 and 7), as zod
 * schemas; the types in ../api-accounts.ts are derived from them.
 * Bodies are multipart or JSON; a rejected form answers 422 `{ message, errors: { field: [messages] } }`.
 *
 * Paths (under /api/, each also with a trailing slash):
 * Accounts (no sign-in needed unless stated)
 * - POST   password/email {email}                         → MessageResponse (same answer whether or not
 *                                                           the email exists; rate-limited per address)
 * - POST   password/reset {token, email, password, password_confirmation}
 *                                                         → RedirectMessageResponse (redirect '/login');
 *                                                           bad/expired/used token or other email: 422 errors.token
 * - GET    user-activation/{username}                     → ActivationLookupResponse (404: no temporary account)
 * - PATCH  user-activation {username, email, email_confirmation, old_password, password,
 *                           password_confirmation, login_redirect}
 *                                                         → RedirectMessageResponse (redirect '/login');
 *                                                           wrong old password: 422 errors.old_password
 * - GET    email/resend (signed in)                       → MessageResponse (rate-limited)
 * - GET    email/verify/{token}                           → 302 to /login?verified=1 (or ?verified=0)
 * - POST   unsubscribe/{token}                            → MessageResponse; 400 for a token that is not genuine
 * Profile (oneself, or the super admin for anyone)
 * - GET    users/{id}/profile                             → ProfileResponse
 * - PATCH  users/{id}/info          (profileInfoSchema)   → ProfileSavedResponse
 * - PATCH  users/{id}/email {old_email, email, email_confirmation}
 *                                                         → ProfileSavedResponse (email unverified, link sent)
 * - PATCH  users/{id}/password {old_password, password, password_confirmation}
 *                                                         → ProfileSavedResponse (the super admin changing
 *                                                           another user's password confirms with its own)
 * - PATCH  users/{id}/notifications {notification_options[mail|sms|phone][...]}
 *                                                         → NotificationOptionsSavedResponse
 * API tokens (oneself only, from a browser session: a request made with a token is refused 403)
 * - GET    users/{id}/api-tokens                          → ApiTokenListResponse (newest first)
 * - POST   users/{id}/api-tokens {name, lifetime}         → ApiTokenCreatedResponse (201; the secret, this once)
 * - DELETE users/{id}/api-tokens/{tokenId}                → MessageResponse (the token stops working at once)
 * Notifications (oneself only)
 * - GET    users/{id}/notification-history                → NotificationHistoryResponse (newest first, 50)
 * - PATCH  users/{id}/notification-history {notifications_to_set: ids[]}
 *                                                         → NotificationHistoryResponse (after marking viewed)
 * Contact
 * - POST   contact {meta[first_name|last_name|company_name|email|phone_number], subject, message}
 *                                                         → ContactSentResponse (201; any signed-in user)
 * - GET    contact (super admin; ?page, per_page, search, sort, order)
 *                                                         → ContactListResponse
 * - GET    contact/{id} (super admin; marks its notifications viewed) → ApiContactSubmission
 * Outbox (super admin)
 * - GET    outbox (?page, per_page, search, sort, order, status, channel) → OutboxListResponse
 * - POST   outbox/{id}/retry                              → OutboxRetryResponse
 */
import { z } from 'zod';
import { WEBHOOK_EVENTS } from '../constants';
import { apiNotificationSchema, apiUserSchema, listMetaSchema, notificationOptionsSchema } from './common';

/** Answer of a form whose next step is another page (reset, activation). */
export const redirectMessageResponseSchema = z
  .object({
    message: z.string(),
    redirect: z.string(),
  })
  .meta({ id: 'RedirectMessageResponse' });

export const activationLookupResponseSchema = z
  .object({
    username: z.string(),
    is_temporary: z.boolean(),
  })
  .meta({ id: 'ActivationLookupResponse' });

export const profileResponseSchema = z
  .object({
    user: apiUserSchema,
    /** True when the viewer is looking at someone else's profile ("Not You" banner). */
    not_you: z.boolean(),
  })
  .meta({ id: 'ProfileResponse' });

export const profileSavedResponseSchema = z
  .object({
    message: z.string(),
    data: apiUserSchema,
  })
  .meta({ id: 'ProfileSavedResponse' });

export const notificationOptionsSavedResponseSchema = z
  .object({
    message: z.string(),
    data: notificationOptionsSchema,
  })
  .meta({ id: 'NotificationOptionsSavedResponse' });

export const notificationHistoryResponseSchema = z
  .object({
    data: z.array(apiNotificationSchema),
  })
  .meta({ id: 'NotificationHistoryResponse' });

export const apiContactMetaSchema = z
  .object({
    email: z.string(),
    company_name: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    phone_number: z.string(),
  })
  .meta({ id: 'ApiContactMeta' });

export const apiContactSubmissionSchema = z
  .object({
    id: z.number().int(),
    subject: z.string(),
    message: z.string(),
    /** Seconds since the epoch. */
    created_at_timestamp: z.number(),
    meta: apiContactMetaSchema,
    /** API path, ending in a slash: /api/contact/7/ */
    path: z.string(),
  })
  .meta({ id: 'ApiContactSubmission' });

export const contactSentResponseSchema = z
  .object({
    message: z.string(),
    data: apiContactSubmissionSchema,
  })
  .meta({ id: 'ContactSentResponse' });

export const contactListResponseSchema = z
  .object({
    data: z.array(apiContactSubmissionSchema),
    meta: listMetaSchema,
  })
  .meta({ id: 'ContactListResponse' });

export const apiOutboxChannelSchema = z
  .enum(['email', 'sms', 'voice', 'webhook'])
  .meta({ id: 'ApiOutboxChannel' });

export const apiOutboxStatusSchema = z
  .enum(['pending', 'sending', 'sent', 'failed'])
  .meta({ id: 'ApiOutboxStatus' });

/** A message in the outbox, as the super admin's Outbox view shows it (never its body). */
export const apiOutboxMessageSchema = z
  .object({
    id: z.number().int(),
    channel: apiOutboxChannelSchema,
    /** What it is about: 'ticket.created', 'ticket.status_changed', 'password_reset', 'contact.received'... */
    kind: z.string(),
    /** Email address or phone number. */
    recipient: z.string(),
    subject: z.string(),
    status: apiOutboxStatusSchema,
    attempts: z.number().int(),
    last_error: z.string().nullable(),
    /** ISO 8601. */
    created_at: z.string(),
    sent_at: z.string().nullable(),
    /** When the next attempt is due (pending rows). */
    next_attempt_at: z.string(),
  })
  .meta({ id: 'ApiOutboxMessage' });

export const outboxListResponseSchema = z
  .object({
    data: z.array(apiOutboxMessageSchema),
    meta: listMetaSchema,
  })
  .meta({ id: 'OutboxListResponse' });

export const outboxRetryResponseSchema = z
  .object({
    message: z.string(),
    data: apiOutboxMessageSchema,
  })
  .meta({ id: 'OutboxRetryResponse' });

/**
 * A personal API token as its owner's list shows it (issue 27). Its secret is never shown again after it was created;
 * `id` names it for revoking (a part of its stored hash, which says nothing of the secret).
 */
export const apiTokenSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    created_at: z.string(),
    /** null: until it is revoked. */
    expires_at: z.string().nullable(),
    expired: z.boolean(),
    /** null: never used; noted at most every few minutes. */
    last_used_at: z.string().nullable(),
  })
  .meta({ id: 'ApiToken' });

export const apiTokenListResponseSchema = z
  .object({ data: z.array(apiTokenSchema) })
  .meta({ id: 'ApiTokenListResponse' });

export const apiTokenCreatedResponseSchema = z
  .object({
    message: z.string(),
    data: apiTokenSchema,
    /** The token itself (`mend_pat_…`), shown this once: send it as `Authorization: Bearer <token>`. */
    token: z.string(),
  })
  .meta({ id: 'ApiTokenCreatedResponse' });

/**
 * A landlord's webhook endpoint (issue 27). Its signing secret is answered only when it is created.
 *
 * Paths (under /api/; the super admin for any landlord, a manager for its own):
 * - GET    landlords/{id}/webhooks                          → WebhookListResponse (oldest first)
 * - POST   landlords/{id}/webhooks {url, description, events[]}
 *                                                           → WebhookCreatedResponse (201; the secret, this once)
 * - PATCH  landlords/{id}/webhooks/{webhookId} {url, description, events[]} → WebhookSavedResponse
 * - POST   landlords/{id}/webhooks/{webhookId}/enable      → WebhookSavedResponse (its failures forgotten)
 * - POST   landlords/{id}/webhooks/{webhookId}/disable     → WebhookSavedResponse
 * - DELETE landlords/{id}/webhooks/{webhookId}             → MessageResponse
 * - GET    landlords/{id}/webhooks/{webhookId}/deliveries?before={deliveryId}
 *                                                           → WebhookDeliveryListResponse (newest first)
 * - POST   landlords/{id}/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver
 *                                                           → WebhookRedeliveredResponse (201)
 */
export const apiWebhookSchema = z
  .object({
    id: z.number().int(),
    landlord_id: z.number().int(),
    url: z.string(),
    description: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENTS)),
    enabled: z.boolean(),
    /** When it was switched off after failing WEBHOOK_FAILURES_BEFORE_DISABLE times in a row; null otherwise. */
    disabled_at: z.string().nullable(),
    /** Failed attempts in a row (0 after any success). */
    failures: z.number().int(),
    created_at: z.string(),
  })
  .meta({ id: 'ApiWebhook' });

export const webhookListResponseSchema = z
  .object({ data: z.array(apiWebhookSchema) })
  .meta({ id: 'WebhookListResponse' });

export const webhookSavedResponseSchema = z
  .object({ message: z.string(), data: apiWebhookSchema })
  .meta({ id: 'WebhookSavedResponse' });

export const webhookCreatedResponseSchema = z
  .object({
    message: z.string(),
    data: apiWebhookSchema,
    /** The signing secret (`whsec_…`, Standard Webhooks), shown this once. */
    secret: z.string(),
  })
  .meta({ id: 'WebhookCreatedResponse' });

/** One event sent to one endpoint: its state is its outbox message's; its answer the endpoint's last. */
export const apiWebhookDeliverySchema = z
  .object({
    id: z.number().int(),
    event: z.enum(WEBHOOK_EVENTS),
    /** The `webhook-id` header: the same on every attempt and redelivery of the event. */
    event_id: z.string(),
    ticket_id: z.number().int().nullable(),
    status: apiOutboxStatusSchema,
    attempts: z.number().int(),
    /** The HTTP status of the last answer; null when none came (refused, timed out) or before the first try. */
    response_status: z.number().int().nullable(),
    response_ms: z.number().int().nullable(),
    last_error: z.string().nullable(),
    created_at: z.string(),
    attempted_at: z.string().nullable(),
    sent_at: z.string().nullable(),
    next_attempt_at: z.string(),
    /** The delivery this one sent again, if it is a redelivery. */
    redelivery_of: z.number().int().nullable(),
  })
  .meta({ id: 'ApiWebhookDelivery' });

export const webhookDeliveryListResponseSchema = z
  .object({
    data: z.array(apiWebhookDeliverySchema),
    /** Pass as `before` for the next older page; null: no more. */
    next_before: z.number().int().nullable(),
  })
  .meta({ id: 'WebhookDeliveryListResponse' });

export const webhookRedeliveredResponseSchema = z
  .object({ message: z.string(), data: apiWebhookDeliverySchema })
  .meta({ id: 'WebhookRedeliveredResponse' });
