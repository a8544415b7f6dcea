/**
 * Password reset, activation, email verification and unsubscribe (api-accounts.ts lists the shapes).
 * Everything here works signed out except GET /email/resend. The calls that send email, or that check a
 * password, are rate-limited per address.
 */
import { en } from '@mend/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { defineRoutes, type RouteHandler } from '../../lib/routes';
import {
  type AccountsContext,
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

const param = (request: FastifyRequest, name: string): string =>
  String((request.params as Record<string, unknown>)[name] ?? '');

function limit(max: number, message: string) {
  return {
    rateLimit: {
      max,
      timeWindow: 60_000,
      errorResponseBuilder: () => ({ statusCode: 429, message }),
    },
  };
}

export function accountRoutes(app: FastifyInstance): void {
  const ctx: AccountsContext = { db: app.db, messaging: app.messaging };
  const mailLimit = limit(app.config.mailRateLimit, en.accounts.tooManyEmails);
  const activate: RouteHandler = (request) => activateAccount(ctx, request.body);

  defineRoutes(app, [
    {
      method: 'POST',
      url: '/password/email',
      auth: false,
      config: mailLimit,
      handler: (request) => requestPasswordReset(ctx, request.body),
    },
    {
      method: 'POST',
      url: '/password/reset',
      auth: false,
      config: limit(app.config.loginRateLimit, en.auth.tooManyAttempts),
      handler: (request) => resetPassword(ctx, request.body),
    },
    {
      method: 'GET',
      url: '/user-activation/:username',
      auth: false,
      handler: (request) => lookUpActivation(app.db, param(request, 'username')),
    },
    // SPEC.md sends the activation as PATCH (a POST with _method=PATCH). The POST route is declared too so
    // that its rate limit covers the overridden form, which Fastify routes as a POST.
    {
      method: 'POST',
      url: '/user-activation',
      auth: false,
      config: limit(app.config.loginRateLimit, en.auth.tooManyAttempts),
      handler: activate,
    },
    {
      method: 'PATCH',
      url: '/user-activation',
      auth: false,
      config: limit(app.config.loginRateLimit, en.auth.tooManyAttempts),
      handler: activate,
    },
    {
      method: 'GET',
      url: '/email/resend',
      config: mailLimit,
      handler: (request) => resendVerification(ctx, request.user!),
    },
    {
      method: 'GET',
      url: '/email/verify/:token',
      auth: false,
      handler: async (request, reply) => {
        const verified = await verifyEmail(app.db, param(request, 'token'));
        reply.header('cache-control', 'no-store');
        return reply.redirect(verified ? VERIFIED_PAGE : NOT_VERIFIED_PAGE, 302);
      },
    },
    {
      method: 'POST',
      url: '/unsubscribe/:token',
      auth: false,
      handler: (request) => unsubscribe(ctx, param(request, 'token')),
    },
  ]);
}
