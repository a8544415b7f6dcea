/**
 * Shapes of the JSON the API answers (SPEC.md sections 3 and 7). Server and web both use these. Each type is
 * derived from its zod schema in ./responses/common.ts (the one definition, with the field docs); importing
 * the types only keeps zod out of the web bundle.
 */
import type { z } from 'zod';
import type {
  activationRequiredResponseSchema,
  apiLandlordSummarySchema,
  apiNotificationSchema,
  apiUserSchema,
  currentUserResponseSchema,
  errorResponseSchema,
  formErrorResponseSchema,
  listErrorResponseSchema,
  listMetaSchema,
  listResponseSchema,
  loginResponseSchema,
  messageResponseSchema,
  notificationOptionsSchema,
} from './responses/common';

export type NotificationOptions = z.output<typeof notificationOptionsSchema>;
export type ApiNotification = z.output<typeof apiNotificationSchema>;
export type ApiUser = z.output<typeof apiUserSchema>;
export type ApiLandlordSummary = z.output<typeof apiLandlordSummarySchema>;
export type CurrentUserResponse = z.output<typeof currentUserResponseSchema>;
export type ActivationRequiredResponse = z.output<typeof activationRequiredResponseSchema>;
export type LoginResponse = z.output<typeof loginResponseSchema>;
export type ListMeta = z.output<typeof listMetaSchema>;
/** A page of rows of type T: `listResponseSchema(itemSchema)`'s shape. */
export type ListResponse<T> = z.output<ReturnType<typeof listResponseSchema<z.ZodType<T>>>>;
export type ListErrorResponse = z.output<typeof listErrorResponseSchema>;
export type ErrorResponse = z.output<typeof errorResponseSchema>;
export type FormErrorResponse = z.output<typeof formErrorResponseSchema>;
export type MessageResponse = z.output<typeof messageResponseSchema>;
