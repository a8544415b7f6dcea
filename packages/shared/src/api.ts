/** Shapes of the JSON the API answers (SPEC.md sections 3 and 7). Server and web both use these. */
import type { ErrorCode } from './error-codes';
import type { Role } from './roles';

export interface NotificationOptions {
  mail: { tickets: boolean; reminders: boolean; support: boolean };
  sms: { phone_number: string; tickets: boolean; reminders: boolean; support: boolean };
  phone: { phone_number: string; tickets: boolean };
}

export interface ApiNotification {
  id: number;
  viewed: boolean;
  ticket_id: number | null;
  contact_id: number | null;
  link: string | null;
  title: string;
  subtitle: string;
  description: string;
  image: string | null;
  /** Seconds since the epoch. */
  timestamp: number;
}

export interface ApiUser {
  id: number;
  username: string | null;
  name: string;
  first_name: string;
  last_name: string;
  company_name: string;
  email: string;
  phone_number: string;
  address_1: string;
  address_2: string;
  country: string;
  province: string;
  city: string;
  postal: string;
  avatar: string | null;
  role: Role;
  role_name: string;
  is_super_admin: boolean;
  is_temporary: boolean;
  email_verified_at: string | null;
  landlord_id: number | null;
  notification_options: NotificationOptions;
  created_at_timestamp: number;
  /** API path of the user, ending in a slash: /api/users/7/ */
  path: string;
}

export interface ApiLandlordSummary {
  id: number;
  name: string;
  description: string;
  avatar: string | null;
  path: string;
}

export interface CurrentUserResponse {
  user: ApiUser;
  role: Role;
  /** Same as user.path. */
  path: string;
  /** The landlord the user belongs to (role 1, or a tenant/contractor's landlord), if any. */
  landlord: ApiLandlordSummary | null;
  notifications: ApiNotification[];
}

/**
 * POST login with the username and generated password of a temporary account (403): no session is given; the
 * account is activated at `redirect` first (SPEC.md section 2).
 */
export interface ActivationRequiredResponse {
  message: string;
  redirect: string;
}

export interface LoginResponse {
  user: ApiUser;
  /** Where the browser should go next (the safe login_redirect, else "/"). */
  redirect: string;
}

export interface ListMeta {
  total: number;
  page: number;
  per_page: number;
  /** Present when counting stopped at LIST_COUNT_CAP: there are more than `total` rows. */
  total_capped?: true;
}

export interface ListResponse<T> {
  data: T[];
  meta?: ListMeta;
}

/** A list that failed or is empty on purpose: the message becomes the table's empty text. */
export interface ListErrorResponse {
  error: true;
  message: string;
}

/** Every error answer: SPEC.md's `message` for people, a `code` for programs, and more fields for some. */
export interface ErrorResponse {
  code: ErrorCode;
  message: string;
  errors?: Record<string, string[]>;
}

/** A rejected form: the title is `message`, field errors under `errors`. */
export interface FormErrorResponse extends ErrorResponse {
  errors: Record<string, string[]>;
}

export interface MessageResponse {
  message: string;
}
