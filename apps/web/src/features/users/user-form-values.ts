/**
 * The values of the user, tenant and contractor form (UserForm.tsx), as pure functions: what the form starts
 * from, the choices its selects offer, when the landlord must be chosen first, and the body it sends.
 */
import type { UseFormReturnType } from '@mantine/form';
import {
  type ApiUserFormOptions,
  type ApiUserRecord,
  belongsToLandlord,
  isTemporaryEmail,
  type UserFormValues as ParsedUserValues,
  parseRole,
  type UserType,
} from '@mend/shared';
import type { FormValues } from '../../components/forms/form-values';

/**
 * Every field the schema may hold (which ones it checks depends on type and mode: role and passwords on
 * create, a tenant's unit, a contractor's properties and categories), and the avatar (checked apart).
 */
export type UserFormValues = FormValues<ParsedUserValues> & { avatar: File | null };

/** The form the sections of the user form fill in. */
export type UserFormState = UseFormReturnType<UserFormValues>;

/** One option of a select: the id as a string, and what it shows. */
export interface Choice {
  value: string;
  label: string;
}

export function initialUserValues(
  type: UserType,
  user: ApiUserRecord | null,
  options: ApiUserFormOptions,
): UserFormValues {
  const landlord = user?.landlord_id ?? options.options_landlord_id ?? null;
  return {
    avatar: null,
    email: user && !isTemporaryEmail(user.email) ? user.email : '',
    first_name: user?.first_name ?? '',
    last_name: user?.last_name ?? '',
    company_name: user?.company_name ?? '',
    phone_number: user?.phone_number ?? '',
    address_1: user?.address_1 ?? '',
    address_2: user?.address_2 ?? '',
    country: user?.country ?? '',
    province: user?.province ?? '',
    city: user?.city ?? '',
    postal: user?.postal ?? '',
    landlord_id: landlord === null ? '' : String(landlord),
    role: String(user?.role ?? options.default_role),
    password: '',
    password_confirmation: '',
    unit_id: type === 'tenants' && user?.unit_id ? String(user.unit_id) : '',
    property_ids: (user?.property_ids ?? []).map(String),
    category_ids: (user?.category_ids ?? []).map(String),
  };
}

export function roleChoices(options: ApiUserFormOptions): Choice[] {
  return options.roles.map((role) => ({ value: String(role.value), label: role.name }));
}

export function unitChoices(options: ApiUserFormOptions): Choice[] {
  return (options.unit_options ?? []).map((unit) => ({
    value: String(unit.id),
    label: unit.property_name ? `${unit.name} · ${unit.property_name}` : unit.name,
  }));
}

export function propertyChoices(options: ApiUserFormOptions): Choice[] {
  return (options.property_options ?? []).map((property) => ({
    value: String(property.id),
    label: property.name,
  }));
}

export function categoryChoices(options: ApiUserFormOptions): Choice[] {
  return (options.category_options ?? []).map((category) => ({
    value: String(category.id),
    label: category.title,
  }));
}

/** Units and properties follow the landlord: one the viewer picks is not chosen yet. */
export function waitsForLandlord(values: UserFormValues, options: ApiUserFormOptions): boolean {
  return !values.landlord_id && options.can_pick_landlord;
}

/** The form's role belongs to no landlord (the super admin's): the form has no landlord picker. */
export function isSuperAdminRole(role: string): boolean {
  const pickedRole = parseRole(role);
  return pickedRole !== null && !belongsToLandlord(pickedRole);
}

/**
 * What the form sends: role and passwords on create only, a tenant's unit, a contractor's properties and
 * categories.
 */
export function userFormBody(
  type: UserType,
  creating: boolean,
  values: UserFormValues,
): Record<string, unknown> {
  const body: Record<string, unknown> = {
    avatar: values.avatar,
    email: values.email,
    first_name: values.first_name,
    last_name: values.last_name,
    company_name: values.company_name,
    phone_number: values.phone_number,
    address_1: values.address_1,
    address_2: values.address_2,
    country: values.country,
    province: values.province,
    city: values.city,
    postal: values.postal,
    landlord_id: values.landlord_id,
  };
  if (creating) {
    body.role = values.role;
    body.password = values.password;
    body.password_confirmation = values.password_confirmation;
  }
  if (type === 'tenants') body.unit_id = values.unit_id;
  if (type === 'contractors') {
    body.property_ids = values.property_ids;
    body.category_ids = values.category_ids;
  }
  return body;
}
