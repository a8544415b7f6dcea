/** The profile tabs: GET users/{id}/profile and PATCH info, language, email, password and notifications. */
import {
  emailChangeSchema,
  languageChangeSchema,
  passwordChangeSchema,
  profileInfoSchema,
} from '@mend/shared';
import {
  notificationOptionsSavedResponseSchema,
  profileResponseSchema,
  profileSavedResponseSchema,
} from '@mend/shared/responses/accounts';
import type { FastifyInstance } from 'fastify';
import { idParams } from '../../lib/contracts';
import { defineRoutes, route } from '../../lib/routes';
import {
  changeEmail,
  changePassword,
  getProfile,
  notificationFormSchema,
  updateInfo,
  updateLanguage,
  updateNotificationOptions,
} from './service';

export function profileRoutes(app: FastifyInstance): void {
  defineRoutes(app, 'Profile', [
    route({
      method: 'GET',
      url: '/users/:id/profile',
      summary: 'A user’s profile',
      params: idParams,
      answers: { 200: profileResponseSchema },
      handler: async (_request, _reply, { actor, params }) => getProfile(app.db, actor, params.id),
    }),
    route({
      method: 'PATCH',
      url: '/users/:id/info',
      summary: 'Update a user’s name, company, phone and address',
      params: idParams,
      body: profileInfoSchema,
      answers: { 200: profileSavedResponseSchema },
      handler: async (request, _reply, { actor, params }) =>
        updateInfo(app.db, actor, params.id, request.body),
    }),
    route({
      method: 'PATCH',
      url: '/users/:id/language',
      summary: 'Choose the language of a user’s pages',
      params: idParams,
      body: languageChangeSchema,
      answers: { 200: profileSavedResponseSchema },
      handler: async (request, _reply, { actor, params }) =>
        updateLanguage(app.db, actor, params.id, request.body),
    }),
    route({
      method: 'PATCH',
      url: '/users/:id/email',
      summary: 'Change a user’s email (a verification link is sent)',
      params: idParams,
      body: emailChangeSchema,
      answers: { 200: profileSavedResponseSchema },
      handler: async (request, _reply, { actor, params }) => changeEmail(app, actor, params.id, request.body),
    }),
    route({
      method: 'PATCH',
      url: '/users/:id/password',
      summary: 'Change a user’s password (their other sessions end)',
      params: idParams,
      body: passwordChangeSchema,
      answers: { 200: profileSavedResponseSchema },
      handler: async (request, _reply, { user, params }) =>
        changePassword(app.db, user, request.session?.id ?? null, params.id, request.body),
    }),
    route({
      method: 'PATCH',
      url: '/users/:id/notifications',
      summary: 'Update how a user is notified',
      params: idParams,
      body: notificationFormSchema,
      answers: { 200: notificationOptionsSavedResponseSchema },
      handler: async (request, _reply, { actor, params }) =>
        updateNotificationOptions(app.db, actor, params.id, request.body),
    }),
  ]);
}
