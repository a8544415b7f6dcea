/**
 * JSON shapes of the records API: landlords, properties, units and categories (SPEC.md sections 3 and 7).
 * Every `path` ends with a slash (`/api/units/5/`); every `created_at_timestamp` is in seconds.
 * Lists answer `ListResponse<T>` with `meta` always present; deletes answer `MessageResponse`.
 */
import type { Role } from './roles';

/** A linked record in brief. */
export interface ApiRecordRef {
  id: number;
  name: string;
}

// ---------------------------------------------------------------------------------------------------------
// Landlords

export interface ApiLandlordUser {
  id: number;
  name: string;
  company_name: string;
  role_name: string;
}

export interface ApiLandlord {
  id: number;
  name: string;
  description: string;
  /** URL of the logo (public: the login screen shows it), or null. */
  avatar: string | null;
  user_ids: number[];
  properties: ApiRecordRef[];
  users: ApiLandlordUser[];
  path: string;
  created_at_timestamp: number;
}

/**
 * A landlord as its list shows it (ADR 0024): its own fields and how many properties and users it has. The record
 * (GET landlords/{id}) carries the lists themselves; a page of a portfolio's landlords carried thousands of people.
 */
export type ApiLandlordListRow = Omit<ApiLandlord, 'user_ids' | 'properties' | 'users'> & {
  property_count: number;
  user_count: number;
};

/** A user the landlord form's users multi-select may offer. */
export interface ApiLandlordUserOption extends ApiLandlordUser {
  role: Role;
  email: string;
  landlord_id: number | null;
}

/** What the landlord form needs (GET landlords/create). */
export interface ApiLandlordFormOptions {
  /** Role 0: users of role 1-3 that belong to no landlord (the landlord's own are its `users`). Role 1: none. */
  user_options: ApiLandlordUserOption[];
  /** False for a manager: it may edit its landlord but not change which users belong to it. */
  can_change_users: boolean;
}

/** GET landlords/{id}/edit. */
export type ApiLandlordEdit = ApiLandlord & ApiLandlordFormOptions;

/** GET landlords/{id}/logo (public, for the login screen). */
export interface ApiLandlordLogo {
  id: number;
  name: string;
  avatar: string | null;
}

// ---------------------------------------------------------------------------------------------------------
// Properties

export interface ApiPropertyUser {
  id: number;
  name: string;
  role_name: string;
}

export interface ApiProperty {
  id: number;
  name: string;
  description: string;
  /** URL of the picture (signed-in users only), or null. */
  avatar: string | null;
  gmaps_url: string;
  country: string;
  province: string;
  city: string;
  postal_code: string;
  address: string;
  landlord_id: number;
  landlord: ApiRecordRef;
  /** The units of the property the viewer may see. */
  units: ApiRecordRef[];
  /** Its contractors and the tenants of its units (a tenant viewer sees the contractors only). */
  users: ApiPropertyUser[];
  path: string;
  created_at_timestamp: number;
}

/**
 * A property as its list shows it (ADR 0024): its own fields, its landlord and how many units the viewer may see. The
 * record (GET properties/{id}) carries its units and people.
 */
export type ApiPropertyListRow = Omit<ApiProperty, 'units' | 'users'> & { unit_count: number };

/** What the property form needs (GET properties/create). */
export interface ApiPropertyFormOptions {
  /** The edited property's landlord (role 0, who searches others: ADR 0025); role 1 its own (a new property is fixed to it). */
  landlord_options: ApiRecordRef[];
  can_pick_landlord: boolean;
}

/** GET properties/{id}/edit. */
export type ApiPropertyEdit = ApiProperty & ApiPropertyFormOptions;

// ---------------------------------------------------------------------------------------------------------
// Units

export interface ApiUnitTenant {
  id: number;
  company_name: string;
  name: string;
  email: string;
  phone_number: string;
  avatar: string | null;
}

export interface ApiUnitTicket {
  id: number;
  title: string;
  status: number;
  status_text: string;
}

export interface ApiUnitProperty {
  id: number;
  name: string;
  landlord_id: number;
}

export interface ApiCategorySummary {
  id: number;
  title: string;
  description: string;
}

export interface ApiUnit {
  id: number;
  name: string;
  description: string;
  gmaps_url: string;
  postal_code: string;
  address: string;
  avatar: string | null;
  property_id: number;
  property: ApiUnitProperty;
  /** IANA time zone of the unit's property: a ticket's availability on the unit is entered and shown in it. */
  time_zone: string;
  /** The first tenant, or null. */
  tenant: ApiUnitTenant | null;
  /** All tenants of the unit. */
  users: ApiUnitTenant[];
  /** The newest 20 tickets of the unit the viewer may see. */
  tickets: ApiUnitTicket[];
  /** The unit's own categories (may be empty: then every category is offered, see GET units/{id}/categories). */
  category_ids: number[];
  categories: ApiCategorySummary[];
  path: string;
  created_at_timestamp: number;
}

/**
 * What the unit form needs (GET units/create, units/{id}/edit; both take `?landlord_id=`). The properties
 * are offered for one landlord at a time, as the user forms' units and properties are: the super admin's
 * every property (tens of thousands) would be one answer of megabytes.
 */
export interface ApiUnitFormOptions {
  /** Role 0 picks the landlord first; a manager's properties are always its own landlord's. */
  can_pick_landlord: boolean;
  /** The landlord the form starts from, if any (a manager: its own); role 0 searches others (ADR 0025). */
  landlord_options: ApiRecordRef[];
  /**
   * The landlord the property options below belong to: role 0's `?landlord_id=`, else (edit) the unit's
   * property's landlord; a manager's own whatever it asks for. Null when none is chosen yet (an unknown or
   * unreadable `?landlord_id=` is none): then `property_options` is empty.
   */
  options_landlord_id: number | null;
  /** The properties of that landlord the viewer may put a unit in. */
  property_options: ApiUnitProperty[];
  category_options: ApiCategorySummary[];
}

/** GET units/{id}/edit. */
export type ApiUnitEdit = ApiUnit & ApiUnitFormOptions;

// ---------------------------------------------------------------------------------------------------------
// Categories

export interface ApiCategoryAttribute {
  id: number;
  label: string;
  format: string;
  value: string;
}

export interface ApiCategory {
  id: number;
  title: string;
  description: string;
  attributes: ApiCategoryAttribute[];
  path: string;
  created_at_timestamp: number;
}
