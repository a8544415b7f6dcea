/**
 * A landlord's webhooks (issue 27): its endpoints (the signing secret answered once, on creation), switching them on and
 * off, and each one's delivery log with a redeliver. Rules live in service.ts.
 */
import { webhookSchema } from '@mend/shared';
import {
  webhookCreatedResponseSchema,
  webhookDeliveryListResponseSchema,
  webhookListResponseSchema,
  webhookRedeliveredResponseSchema,
  webhookSavedResponseSchema,
} from '@mend/shared/responses/accounts';
import { messageResponseSchema } from '@mend/shared/responses/common';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idParams, optionalIdFilter, recordIdParam } from '../../lib/contracts';
import { defineRoutes, route } from '../../lib/routes';
import {
  createWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  listWebhooks,
  redeliverWebhook,
  setWebhookEnabled,
  updateWebhook,
  type WebhookSettings,
} from './service';

const webhookParams = idParams.extend({ webhookId: recordIdParam });
const deliveryParams = webhookParams.extend({ deliveryId: recordIdParam });
const deliveriesQuery = z.object({
  before: optionalIdFilter.meta({ description: 'The `next_before` of the page before', example: '120' }),
});

/** Switching an endpoint on and off: one route each, the same rule. */
const SWITCHES = [
  {
    action: 'enable',
    summary: 'Switch a webhook endpoint on (its failures in a row are forgotten)',
    enabled: true,
  },
  {
    action: 'disable',
    summary: 'Switch a webhook endpoint off: its waiting deliveries fail, new events are not sent',
    enabled: false,
  },
] as const;

export function webhookRoutes(app: FastifyInstance, settings: WebhookSettings): void {
  defineRoutes(app, 'Webhooks', [
    route({
      method: 'GET',
      url: '/landlords/:id/webhooks',
      summary: "A landlord's webhook endpoints",
      params: idParams,
      answers: { 200: webhookListResponseSchema },
      handler: async (_request, _reply, { actor, params }) => listWebhooks(app.db, actor, params.id),
    }),
    route({
      method: 'POST',
      url: '/landlords/:id/webhooks',
      summary: 'Add a webhook endpoint; its signing secret is answered this once',
      params: idParams,
      body: webhookSchema,
      answers: { 201: webhookCreatedResponseSchema },
      handler: async (request, reply, { actor, params }) => {
        const created = await createWebhook(app.db, settings, actor, params.id, request.body);
        reply.code(201);
        return created;
      },
    }),
    route({
      method: 'PATCH',
      url: '/landlords/:id/webhooks/:webhookId',
      summary: "Change a webhook endpoint's address, description or events",
      params: webhookParams,
      body: webhookSchema,
      answers: { 200: webhookSavedResponseSchema },
      handler: async (request, _reply, { actor, params }) =>
        updateWebhook(app.db, settings, actor, params.id, params.webhookId, request.body),
    }),
    ...SWITCHES.map(({ action, summary, enabled }) =>
      route({
        method: 'POST',
        url: `/landlords/:id/webhooks/:webhookId/${action}`,
        summary,
        params: webhookParams,
        answers: { 200: webhookSavedResponseSchema },
        handler: async (_request, _reply, { actor, params }) =>
          setWebhookEnabled(app.db, actor, params.id, params.webhookId, enabled),
      }),
    ),
    route({
      method: 'DELETE',
      url: '/landlords/:id/webhooks/:webhookId',
      summary: 'Remove a webhook endpoint with its deliveries',
      params: webhookParams,
      answers: { 200: messageResponseSchema },
      handler: async (_request, _reply, { actor, params }) =>
        deleteWebhook(app.db, actor, params.id, params.webhookId),
    }),
    route({
      method: 'GET',
      url: '/landlords/:id/webhooks/:webhookId/deliveries',
      summary: "A page of a webhook endpoint's deliveries, newest first",
      params: webhookParams,
      query: deliveriesQuery,
      answers: { 200: webhookDeliveryListResponseSchema },
      handler: async (_request, _reply, { actor, params, query }) =>
        listWebhookDeliveries(app.db, actor, params.id, params.webhookId, query.before),
    }),
    route({
      method: 'POST',
      url: '/landlords/:id/webhooks/:webhookId/deliveries/:deliveryId/redeliver',
      summary: "Send a delivery's event again (same webhook-id)",
      params: deliveryParams,
      answers: { 201: webhookRedeliveredResponseSchema },
      handler: async (_request, reply, { actor, params }) => {
        const sent = await redeliverWebhook(app.db, actor, params.id, params.webhookId, params.deliveryId);
        reply.code(201);
        return sent;
      },
    }),
  ]);
}
