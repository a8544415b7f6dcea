/** Sign-in, activation and password-reset forms (SPEC.md section 5). */
import type { z } from 'zod';
import { en } from '../messages';
import { anyText, email, form, optionalPassword, password, text, whenValid } from './common';

const v = en.validation;

/** Where to go after sign-in: never an error; the server passes it through `safeRedirect`. */
const loginRedirect = () => anyText();

/** Login: `email` is the identifier (email or username, any text); the password is not trimmed. */
export const loginSchema = form({
  email: text(v.invalidEmail),
  password: password(v.invalidPassword),
  login_redirect: loginRedirect(),
});
export type LoginValues = z.infer<typeof loginSchema>;

/** Activation of a temporary account: a real email and password replace the placeholders. */
export const activationSchema = form({
  username: anyText(),
  email: email(v.invalidEmail),
  email_confirmation: text(v.emailDoesNotMatchActivation, { optional: true }),
  old_password: password(v.invalidPassword),
  password: password(v.invalidPassword),
  password_confirmation: optionalPassword(v.passwordDoesNotMatchActivation),
  login_redirect: loginRedirect(),
})
  .refine((values) => values.email_confirmation === values.email, {
    error: v.emailDoesNotMatchActivation,
    path: ['email_confirmation'],
    when: whenValid('email', 'email_confirmation'),
  })
  .refine((values) => values.password_confirmation === values.password, {
    error: v.passwordDoesNotMatchActivation,
    path: ['password_confirmation'],
    when: whenValid('password', 'password_confirmation'),
  });
export type ActivationValues = z.infer<typeof activationSchema>;

/** Forgot password: the email to send the reset link to. */
export const passwordResetRequestSchema = form({
  email: email(v.invalidEmail),
});
export type PasswordResetRequestValues = z.infer<typeof passwordResetRequestSchema>;

/** Password reset from the emailed link (the token comes from the route, the email from the query). */
export const passwordResetSchema = form({
  token: text(v.tokenRequired),
  email: email(v.invalidEmail),
  password: password(v.invalidPassword),
  password_confirmation: optionalPassword(v.passwordDoesNotMatchActivation),
}).refine((values) => values.password_confirmation === values.password, {
  error: v.passwordDoesNotMatchActivation,
  path: ['password_confirmation'],
  when: whenValid('password', 'password_confirmation'),
});
export type PasswordResetValues = z.infer<typeof passwordResetSchema>;
