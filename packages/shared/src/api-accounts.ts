/**
 * Shapes of the account, profile, notification, contact and outbox API (SPEC.md sections 2, 3 and 7).
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
import type { ApiNotification, ApiUser, ListMeta, NotificationOptions } from './api';

/** Answer of a form whose next step is another page (reset, activation). */
export interface RedirectMessageResponse {
  message: string;
  redirect: string;
}

export interface ActivationLookupResponse {
  username: string;
  is_temporary: boolean;
}

export interface ProfileResponse {
  user: ApiUser;
  /** True when the viewer is looking at someone else's profile ("Not You" banner). */
  not_you: boolean;
}

export interface ProfileSavedResponse {
  message: string;
  data: ApiUser;
}

export interface NotificationOptionsSavedResponse {
  message: string;
  data: NotificationOptions;
}

export interface NotificationHistoryResponse {
  data: ApiNotification[];
}

export interface ApiContactMeta {
  email: string;
  company_name: string;
  first_name: string;
  last_name: string;
  phone_number: string;
}

export interface ApiContactSubmission {
  id: number;
  subject: string;
  message: string;
  /** Seconds since the epoch. */
  created_at_timestamp: number;
  meta: ApiContactMeta;
  /** API path, ending in a slash: /api/contact/7/ */
  path: string;
}

export interface ContactSentResponse {
  message: string;
  data: ApiContactSubmission;
}

export interface ContactListResponse {
  data: ApiContactSubmission[];
  meta: ListMeta;
}

export type ApiOutboxChannel = 'email' | 'sms' | 'voice';
export type ApiOutboxStatus = 'pending' | 'sending' | 'sent' | 'failed';

/** A message in the outbox, as the super admin's Outbox view shows it (never its body). */
export interface ApiOutboxMessage {
  id: number;
  channel: ApiOutboxChannel;
  /** What it is about: 'ticket.created', 'ticket.status_changed', 'password_reset', 'contact.received'... */
  kind: string;
  /** Email address or phone number. */
  recipient: string;
  subject: string;
  status: ApiOutboxStatus;
  attempts: number;
  last_error: string | null;
  /** ISO 8601. */
  created_at: string;
  sent_at: string | null;
  /** When the next attempt is due (pending rows). */
  next_attempt_at: string;
}

export interface OutboxListResponse {
  data: ApiOutboxMessage[];
  meta: ListMeta;
}

export interface OutboxRetryResponse {
  message: string;
  data: ApiOutboxMessage;
}
