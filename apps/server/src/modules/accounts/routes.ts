/**
 * Password reset, activation, email verification and unsubscribe (api-accounts.ts lists the shapes).
 * Everything here works signed out except GET /email/resend. The calls that send email, or that check a
 * password or a token, are rate-limited (lib/rate-limits.ts).
 */
import { activationSchema, passwordResetRequestSchema, passwordResetSchema } from '@mend/shared';
import {
  activationLookupResponseSchema,
  redirectMessageResponseSchema,
} from '@mend/shared/responses/accounts';
import { errorResponseSchema, messageResponseSchema } from '@mend/shared/responses/common';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineRoutes, route } from '../../lib/routes';
import {
  activateAccount,
  lookUpActivation,
  NOT_VERIFIED_PAGE,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  unsubscribe,
  VERIFIED_PAGE,
  verifyEmail,
} from './service';

/** Calls that send email or check a password or token are rate-limited (lib/rate-limits.ts). */
const rateLimited = { 429: errorResponseSchema };

/** A one-time or signed token in a link. */
const tokenParams = z.object({ token: z.string() });

export function accountRoutes(app: FastifyInstance): void {
  // SPEC.md sends the activation as PATCH (a POST with _method=PATCH); a plain POST is taken too.
  const activation = (method: 'POST' | 'PATCH') =>
    route({
      method,
      url: '/user-activation',
      summary: 'Activate a temporary account with a real email and password',
      auth: false,
      body: activationSchema,
      answers: { 200: redirectMessageResponseSchema },
      errors: rateLimited,
      handler: async (request) => activateAccount(app, request.body, request.ip),
    });

  defineRoutes(app, 'Accounts', [
    route({
      method: 'POST',
      url: '/password/email',
      summary: 'Email a password-reset link',
      auth: false,
      body: passwordResetRequestSchema,
      answers: { 200: messageResponseSchema },
      errors: rateLimited,
      handler: async (request) => requestPasswordReset(app, request.body, request.ip),
    }),
    route({
      method: 'POST',
      url: '/password/reset',
      summary: 'Set a new password with a reset link’s token',
      auth: false,
      body: passwordResetSchema,
      answers: { 200: redirectMessageResponseSchema },
      errors: rateLimited,
      handler: async (request) => resetPassword(app, request.body, request.ip),
    }),
    route({
      method: 'GET',
      url: '/user-activation/:username',
      summary: 'Whether a temporary account has this username',
      auth: false,
      params: z.object({ username: z.string() }),
      answers: { 200: activationLookupResponseSchema },
      handler: async (_request, _reply, { params }) => lookUpActivation(app.db, params.username),
    }),
    activation('POST'),
    activation('PATCH'),
    route({
      method: 'GET',
      url: '/email/resend',
      summary: 'Send a fresh verification link for the user’s email',
      answers: { 200: messageResponseSchema },
      errors: rateLimited,
      handler: async (_request, _reply, { user }) => resendVerification(app, user),
    }),
    route({
      method: 'GET',
      url: '/email/verify/:token',
      summary: 'Verify an email from its link, then go to the sign-in page',
      auth: false,
      params: tokenParams,
      answers: {
        302: z.null().meta({
          description: `To ${VERIFIED_PAGE}, or ${NOT_VERIFIED_PAGE} when the link verifies nothing`,
        }),
      },
      handler: async (_request, reply, { params }) => {
        const verified = await verifyEmail(app.db, params.token);
        reply.header('cache-control', 'no-store');
        return reply.redirect(verified ? VERIFIED_PAGE : NOT_VERIFIED_PAGE, 302);
      },
    }),
    route({
      method: 'POST',
      url: '/unsubscribe/:token',
      summary: 'Turn off the email the signed token names, signed out',
      auth: false,
      params: tokenParams,
      answers: { 200: messageResponseSchema },
      // A token that is not one Mend signed.
      errors: { 400: errorResponseSchema },
      handler: async (_request, _reply, { params }) => unsubscribe(app, params.token),
    }),
  ]);
}
