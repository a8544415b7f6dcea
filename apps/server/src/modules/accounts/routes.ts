/**
 * Password reset, activation, email verification and unsubscribe (api-accounts.ts lists the shapes).
 * Everything here works signed out except GET /email/resend. The calls that send email, or that check a
 * password or a token, are rate-limited (lib/rate-limits.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { defineRoutes, type RouteHandler } from '../../lib/routes';
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

const param = (request: FastifyRequest, name: string): string =>
  String((request.params as Record<string, unknown>)[name] ?? '');

export function accountRoutes(app: FastifyInstance): void {
  const activate: RouteHandler = (request) => activateAccount(app, request.body, request.ip);

  defineRoutes(app, [
    {
      method: 'POST',
      url: '/password/email',
      auth: false,
      handler: (request) => requestPasswordReset(app, request.body, request.ip),
    },
    {
      method: 'POST',
      url: '/password/reset',
      auth: false,
      handler: (request) => resetPassword(app, request.body, request.ip),
    },
    {
      method: 'GET',
      url: '/user-activation/:username',
      auth: false,
      handler: (request) => lookUpActivation(app.db, param(request, 'username')),
    },
    // SPEC.md sends the activation as PATCH (a POST with _method=PATCH); a plain POST is taken too.
    { method: 'POST', url: '/user-activation', auth: false, handler: activate },
    { method: 'PATCH', url: '/user-activation', auth: false, handler: activate },
    {
      method: 'GET',
      url: '/email/resend',
      handler: (_request, _reply, { user }) => resendVerification(app, user),
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
      handler: (request) => unsubscribe(app, param(request, 'token')),
    },
  ]);
}
