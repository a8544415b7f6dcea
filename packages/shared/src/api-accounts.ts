/**
 * Shapes of the account, profile, notification, contact and outbox API (SPEC.md sections 2, 3 and 7). Each
 * type is derived from its zod schema in ./responses/accounts.ts (the one definition, with the field docs and
 * the list of paths); importing the types only keeps zod out of the web bundle.
 */
import type { z } from 'zod';
import type {
  activationLookupResponseSchema,
  apiContactMetaSchema,
  apiContactSubmissionSchema,
  apiOutboxChannelSchema,
  apiOutboxMessageSchema,
  apiOutboxStatusSchema,
  apiTokenCreatedResponseSchema,
  apiTokenListResponseSchema,
  apiTokenSchema,
  apiWebhookDeliverySchema,
  apiWebhookSchema,
  contactListResponseSchema,
  contactSentResponseSchema,
  notificationHistoryResponseSchema,
  notificationOptionsSavedResponseSchema,
  outboxListResponseSchema,
  outboxRetryResponseSchema,
  profileResponseSchema,
  profileSavedResponseSchema,
  redirectMessageResponseSchema,
  webhookCreatedResponseSchema,
  webhookDeliveryListResponseSchema,
  webhookListResponseSchema,
  webhookRedeliveredResponseSchema,
  webhookSavedResponseSchema,
} from './responses/accounts';

export type RedirectMessageResponse = z.output<typeof redirectMessageResponseSchema>;
export type ApiToken = z.output<typeof apiTokenSchema>;
export type ApiTokenListResponse = z.output<typeof apiTokenListResponseSchema>;
export type ApiTokenCreatedResponse = z.output<typeof apiTokenCreatedResponseSchema>;
export type ActivationLookupResponse = z.output<typeof activationLookupResponseSchema>;
export type ProfileResponse = z.output<typeof profileResponseSchema>;
export type ProfileSavedResponse = z.output<typeof profileSavedResponseSchema>;
export type NotificationOptionsSavedResponse = z.output<typeof notificationOptionsSavedResponseSchema>;
export type NotificationHistoryResponse = z.output<typeof notificationHistoryResponseSchema>;
export type ApiContactMeta = z.output<typeof apiContactMetaSchema>;
export type ApiContactSubmission = z.output<typeof apiContactSubmissionSchema>;
export type ContactSentResponse = z.output<typeof contactSentResponseSchema>;
export type ContactListResponse = z.output<typeof contactListResponseSchema>;
export type ApiOutboxChannel = z.output<typeof apiOutboxChannelSchema>;
export type ApiOutboxStatus = z.output<typeof apiOutboxStatusSchema>;
export type ApiOutboxMessage = z.output<typeof apiOutboxMessageSchema>;
export type OutboxListResponse = z.output<typeof outboxListResponseSchema>;
export type OutboxRetryResponse = z.output<typeof outboxRetryResponseSchema>;
export type ApiWebhook = z.output<typeof apiWebhookSchema>;
export type ApiWebhookDelivery = z.output<typeof apiWebhookDeliverySchema>;
export type WebhookListResponse = z.output<typeof webhookListResponseSchema>;
export type WebhookCreatedResponse = z.output<typeof webhookCreatedResponseSchema>;
export type WebhookSavedResponse = z.output<typeof webhookSavedResponseSchema>;
export type WebhookDeliveryListResponse = z.output<typeof webhookDeliveryListResponseSchema>;
export type WebhookRedeliveredResponse = z.output<typeof webhookRedeliveredResponseSchema>;
