/** Sign-in, sign-out and the anti-forgery token (SPEC.md section 7). */
import {
  activationPath,
  en,
  isTemporaryEmail,
  type LoginResponse,
  loginSchema,
  safeRedirect,
} from '@mend/shared';
import {
  activationRequiredResponseSchema,
  errorResponseSchema,
  loginResponseSchema,
  messageResponseSchema,
} from '@mend/shared/responses/common';
import type { FastifyInstance } from 'fastify';
import { activationRequired, validationFailed } from '../../lib/errors';
import { defineRoutes, route } from '../../lib/routes';
import { signIn, signOut } from '../../lib/session';
import { serializeUser } from '../users/serialize';
import { findUserByCredentials } from './service';

export function authRoutes(app: FastifyInstance): void {
  defineRoutes(app, 'Sign-in', [
    route({
      method: 'POST',
      url: '/login',
      summary: 'Sign in with an email or username and a password',
      auth: false,
      idempotent: false,
      body: loginSchema,
      answers: { 200: loginResponseSchema },
      // A temporary account is sent to its activation; too many failures are refused for a while.
      errors: { 403: activationRequiredResponseSchema, 429: errorResponseSchema },
      handler: async (request, reply) => {
        const input = loginSchema.parse(request.body ?? {});
        // Failed attempts are limited per identifier and per address, whether or not the account exists.
        const attempt = await app.rateLimits.attempt({ account: input.email, address: request.ip });
        const user = await findUserByCredentials(app.db, input.email, input.password);
        // One message for an unknown identifier and a wrong password alike.
        if (!user) throw validationFailed({}, en.auth.invalidCredentials);
        await attempt.succeeded();
        // A temporary account signs in only once activated: no session before (SPEC.md section 2).
        if (isTemporaryEmail(user.email)) {
          const redirect = activationPath(user.username ?? input.email);
          throw activationRequired(redirect);
        }
        await signIn(request, reply, user);
        const origin = `${request.protocol}://${request.host}`;
        const body: LoginResponse = {
          user: serializeUser(user),
          redirect: safeRedirect(input.login_redirect, origin),
        };
        return body;
      },
    }),
    route({
      method: 'POST',
      url: '/logout',
      summary: 'Sign out',
      auth: false,
      idempotent: false,
      answers: { 200: messageResponseSchema },
      handler: async (request, reply) => {
        await signOut(request, reply);
        return { message: en.auth.signedOut };
      },
    }),
  ]);
}
