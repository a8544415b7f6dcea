/** User, tenant and contractor create/edit forms, and the profile tabs (SPEC.md section 5). */
import { z } from 'zod';
import { LANGUAGES } from '../languages';
import { en } from '../messages';
import { belongsToLandlord, defaultRoleForType, ROLES, type Role, type UserType } from '../roles';
import {
  country,
  email,
  flag,
  form,
  id,
  idList,
  nested,
  optionalId,
  optionalPassword,
  password,
  phone,
  province,
  role,
  text,
  whenValid,
  withPlace,
} from './common';

const v = en.validation;

export type FormMode = 'create' | 'update';

/** Name, company, phone and address: shared by the user forms and the profile info tab. */
function personShape(addressRequired: boolean) {
  return {
    first_name: text(v.firstName),
    last_name: text(v.lastName),
    company_name: text(v.company),
    phone_number: phone(v.phone),
    address_1: text(v.address, { optional: !addressRequired }),
    address_2: text(v.address, { optional: true }),
    country: country(),
    province: province(),
    city: text(v.city),
    postal: text(v.postal),
  };
}

/** What a parsed user form holds; which optional keys are present depends on type and mode. */
export interface UserFormValues {
  /** '' only on create: the server then makes a temporary account (placeholder email, username). */
  email: string;
  first_name: string;
  last_name: string;
  company_name: string;
  phone_number: string;
  /** '' allowed on create only. */
  address_1: string;
  address_2: string;
  country: string;
  province: string;
  city: string;
  postal: string;
  /** 'users': required unless the (new or edited) user is role 0. Tenants and contractors: optional, null when blank. */
  landlord_id: number | null;
  /** Create only; defaults to `defaultRoleForType(type)` when the field is absent. */
  role?: Role;
  /** Create only; '' means "generate one". */
  password?: string;
  password_confirmation?: string;
  /** Tenants only: their one unit. */
  unit_id?: number;
  /** Contractors only: required (non-empty) on create, may be empty on edit. */
  property_ids?: number[];
  category_ids?: number[];
}

export interface UserFormOptions {
  /** Create: the roles the actor may give, i.e. `assignableRoles(actor.role)`; default all four. */
  roles?: readonly Role[];
  /** Update: the edited user's role; on the 'users' form a landlord is required unless this is 0. */
  role?: Role;
}

/**
 * The create/edit form of /users, /tenants or /contractors. The user form requires address_1 on
 * edit only; role and password exist on create only; tenants pick one unit; contractors pick
 * properties and categories (required on create).
 */
export function userFormSchema(
  type: UserType,
  mode: FormMode,
  options: UserFormOptions = {},
): z.ZodType<UserFormValues> {
  const creating = mode === 'create';
  const shape = {
    email: email(v.validEmail, creating),
    ...personShape(!creating),
    landlord_id: optionalId(v.landlord),
    ...(creating && {
      // An absent role field means the type's default (3 contractors, 2 tenants, else 1).
      role: role(v.role, options.roles ?? ROLES, defaultRoleForType(type)),
      password: optionalPassword(v.passwordDoesNotMatch),
      password_confirmation: optionalPassword(v.passwordDoesNotMatch),
    }),
    ...(type === 'tenants' && { unit_id: id(v.unit) }),
    ...(type === 'contractors' && {
      property_ids: idList(v.property, { required: creating }),
      category_ids: idList(v.category, { required: creating }),
    }),
  };
  // The shape depends on type and mode, so TypeScript sees the optional keys as unknown: read them as UserFormValues.
  const read = (values: object) => values as Partial<UserFormValues>;
  const schema = withPlace(
    form(shape)
      .refine((values) => !creating || read(values).password_confirmation === read(values).password, {
        error: v.passwordDoesNotMatch,
        path: ['password_confirmation'],
        when: whenValid('password', 'password_confirmation'),
      })
      .refine(
        (values) => {
          const userRole = creating ? read(values).role : options.role;
          const needsLandlord = userRole === undefined || belongsToLandlord(userRole);
          return type !== 'users' || !needsLandlord || values.landlord_id !== null;
        },
        { error: v.landlord, path: ['landlord_id'], when: whenValid('landlord_id', 'role') },
      ) as unknown as z.ZodType<UserFormValues>,
  );
  return schema as unknown as z.ZodType<UserFormValues>;
}

export const userCreateSchema = (type: UserType, options?: UserFormOptions) =>
  userFormSchema(type, 'create', options);
export const userUpdateSchema = (type: UserType, options?: UserFormOptions) =>
  userFormSchema(type, 'update', options);

/** Profile "Account Info" tab: everything required except address_2. */
export const profileInfoSchema = withPlace(form(personShape(true)));
export type ProfileInfoValues = z.infer<typeof profileInfoSchema>;

/** Profile "Security" tab, email part. */
export const emailChangeSchema = form({
  old_email: email(v.validEmail),
  email: email(v.validEmail),
  email_confirmation: text(v.emailDoesNotMatch, { optional: true }),
}).refine((values) => values.email_confirmation === values.email, {
  error: v.emailDoesNotMatch,
  path: ['email_confirmation'],
  when: whenValid('email', 'email_confirmation'),
});
export type EmailChangeValues = z.infer<typeof emailChangeSchema>;

/** Profile "Security" tab, password part. */
export const passwordChangeSchema = form({
  old_password: password(v.validPassword),
  password: password(v.validPassword),
  password_confirmation: password(v.validPassword),
}).refine((values) => values.password_confirmation === values.password, {
  error: v.passwordDoesNotMatch,
  path: ['password_confirmation'],
  when: whenValid('password', 'password_confirmation'),
});
export type PasswordChangeValues = z.infer<typeof passwordChangeSchema>;

/** Profile "Account Info" tab, language part (issue 28): the account's pages. */
export const languageChangeSchema = form({ language: z.enum(LANGUAGES, { error: v.language }) });
export type LanguageChangeValues = z.infer<typeof languageChangeSchema>;

/** A channel's phone number: valid when given, and required while any flag of the channel is on. */
const phoneNeeded = { error: v.phone, path: ['phone_number'], when: whenValid('phone_number') };

/** Profile "Notifications" tab: the NotificationOptions shape (api.ts); absent flags are off. */
export const notificationOptionsSchema = form({
  mail: nested({ tickets: flag(), reminders: flag(), support: flag() }),
  sms: nested({
    phone_number: phone(v.phone, true),
    tickets: flag(),
    reminders: flag(),
    support: flag(),
  }).refine((sms) => sms.phone_number !== '' || !(sms.tickets || sms.reminders || sms.support), phoneNeeded),
  phone: nested({ phone_number: phone(v.phone, true), tickets: flag() }).refine(
    (phone) => phone.phone_number !== '' || !phone.tickets,
    phoneNeeded,
  ),
});
export type NotificationOptionsValues = z.infer<typeof notificationOptionsSchema>;
