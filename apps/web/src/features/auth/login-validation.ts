/**
 * Login field rules: the shared `loginSchema` (zod) through Mantine's `schemaResolver`, giving the
 * dictionary's "Invalid Email" / "Invalid Password". zod is loaded when the visitor starts using the
 * page (about 48 KB gzip with the shared schemas, kept off its first load); validation simply waits for it. Should the chunk fail
 * to load, the same two rules are checked by hand. The schema's messages are English (it is built with the English
 * dictionary): they are shown in the page's language.
 */
import { type FormErrors, schemaResolver } from '@mantine/form';
import { inPageLanguage, t } from '../../lib/translations';

export interface LoginFormValues {
  /** Email or username. */
  email: string;
  password: string;
}

type Resolver = (values: LoginFormValues) => FormErrors;

function fallbackResolver(values: LoginFormValues): FormErrors {
  const errors: FormErrors = {};
  if (!values.email.trim()) errors.email = t.validation.invalidEmail;
  if (!values.password?.trim()) errors.password = t.validation.invalidPassword;
  return errors;
}

let pending: Promise<Resolver> | null = null;

/** Starts (once) loading the schema; the login page calls it at the first pointer move or focus. */
export function loadLoginResolver(): Promise<Resolver> {
  pending ??= import('./login-schema')
    .then(({ loginSchema }): Resolver => {
      const resolve = schemaResolver(loginSchema, { sync: true });
      return (values) =>
        Object.fromEntries(
          Object.entries(resolve(values)).map(([field, error]) => [
            field,
            typeof error === 'string' ? inPageLanguage(error) : error,
          ]),
        );
    })
    .catch(() => fallbackResolver);
  return pending;
}

export async function validateLogin(values: LoginFormValues): Promise<FormErrors> {
  const resolve = await loadLoginResolver();
  return resolve(values);
}
