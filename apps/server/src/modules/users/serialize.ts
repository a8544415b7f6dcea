/** API shapes of users and their notifications (SPEC.md section 3). */
import {
  type ApiCategoryRef,
  type ApiLandlordSummary,
  type ApiNotification,
  type ApiRecordRef,
  type ApiUser,
  type ApiUserRecord,
  isSuperAdmin,
  isTemporaryEmail,
  roleName,
  userTypeForRole,
} from '@mend/shared';
import type { LandlordRow, NotificationRow, UserRow } from '../../db/schema';
import { fileUrl } from '../../lib/storage-urls';

export const toSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * A user's email as the API shows it: a temporary account's placeholder (decision 0005) is not an address
 * anyone can write to, so it is never shown as one ('' instead; `is_temporary` and `username` say the rest).
 */
export function shownEmail(email: string): string {
  return isTemporaryEmail(email) ? '' : email;
}

export function displayName(user: Pick<UserRow, 'firstName' | 'lastName' | 'companyName' | 'email'>): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.companyName || shownEmail(user.email);
}

export function userPath(id: number): string {
  return `/api/users/${id}/`;
}

export function serializeUser(user: UserRow): ApiUser {
  return {
    id: user.id,
    username: user.username,
    name: displayName(user),
    first_name: user.firstName,
    last_name: user.lastName,
    company_name: user.companyName,
    email: shownEmail(user.email),
    phone_number: user.phoneNumber,
    address_1: user.address1,
    address_2: user.address2,
    country: user.country,
    province: user.province,
    city: user.city,
    postal: user.postal,
    avatar: fileUrl(user.avatar),
    role: user.role,
    role_name: roleName(user.role),
    is_super_admin: isSuperAdmin(user.role),
    is_temporary: isTemporaryEmail(user.email),
    email_verified_at: user.emailVerifiedAt?.toISOString() ?? null,
    landlord_id: user.landlordId,
    notification_options: user.notificationOptions,
    language: user.language,
    created_at_timestamp: toSeconds(user.createdAt),
    path: userPath(user.id),
  };
}

/** What a user record shows beside its own columns (loaded for a whole page at once, see service.ts). */
export interface UserLinks {
  landlord: ApiRecordRef | null;
  unit: ApiRecordRef | null;
  properties: ApiRecordRef[];
  categories: ApiCategoryRef[];
}

export const NO_LINKS: UserLinks = { landlord: null, unit: null, properties: [], categories: [] };

/** A user of the users / tenants / contractors API, with what the viewer may do to it. */
export function serializeUserRecord(
  user: UserRow,
  links: UserLinks,
  can: ApiUserRecord['can'],
  rating: ApiUserRecord['rating'],
): ApiUserRecord {
  // Object.assign, not `{ ...serializeUser(user), type, … }`: Node 20's V8 takes a slow path for every property
  // written after a spread in an object literal, and this runs for every row of the people lists.
  return Object.assign(serializeUser(user), {
    type: userTypeForRole(user.role),
    landlord: links.landlord,
    unit_id: links.unit?.id ?? null,
    units: links.unit ? [links.unit] : [],
    property_ids: links.properties.map((property) => property.id),
    properties: links.properties,
    category_ids: links.categories.map((category) => category.id),
    categories: links.categories,
    can,
    rating,
  });
}

export function serializeLandlordSummary(landlord: LandlordRow): ApiLandlordSummary {
  return {
    id: landlord.id,
    name: landlord.name,
    description: landlord.description,
    avatar: fileUrl(landlord.avatar),
    path: `/api/landlords/${landlord.id}/`,
  };
}

export function serializeNotification(notification: NotificationRow): ApiNotification {
  return {
    id: notification.id,
    viewed: notification.viewedAt !== null,
    ticket_id: notification.ticketId,
    contact_id: notification.contactId,
    link: notification.link,
    title: notification.title,
    subtitle: notification.subtitle,
    description: notification.description,
    image: notification.image,
    timestamp: toSeconds(notification.createdAt),
  };
}
