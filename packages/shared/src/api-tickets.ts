/**
 * JSON shapes of the tickets API (SPEC.md sections 3 and 7, DESIGN.md). Every field of the Ticket entity is
 * computed on the server. Times: `*_timestamp`, `timestamp`, `start` and `end` are seconds since the epoch;
 * `created_at`, `updated_at` and `closed_at` are ISO strings.
 * Each type is derived from its zod schema in ./responses/tickets.ts (the one definition, with the field docs);
 * importing the types only keeps zod out of the web bundle.
 */
import type { z } from 'zod';
import type {
  apiApprovalLinkSchema,
  apiAssignableContractorListSchema,
  apiAssignableContractorSchema,
  apiAssignmentLinkAnswerSchema,
  apiAssignmentLinkSchema,
  apiCalendarFeedSchema,
  apiCalendarSchema,
  apiCalendarVisitSchema,
  apiSignoffLinkAnswerSchema,
  apiSignoffLinkSchema,
  apiSignoffSchema,
  apiTicketAssigneeSchema,
  apiTicketAssignmentResponseSchema,
  apiTicketAssignmentSchema,
  apiTicketAvailabilitySchema,
  apiTicketBatchDeleteResponseSchema,
  apiTicketBatchStatusResponseSchema,
  apiTicketCategorySchema,
  apiTicketCommentAttachmentSchema,
  apiTicketCommentAuthorSchema,
  apiTicketCommentListSchema,
  apiTicketCommentResponseSchema,
  apiTicketCommentSchema,
  apiTicketContactDetailsSchema,
  apiTicketCostSchema,
  apiTicketCostsSchema,
  apiTicketCostTotalsSchema,
  apiTicketDeleteResponseSchema,
  apiTicketDueSchema,
  apiTicketImageSchema,
  apiTicketListSchema,
  apiTicketLogEntrySchema,
  apiTicketPermissionsSchema,
  apiTicketSchema,
  apiTicketSummarySchema,
  apiTicketTenantSchema,
  apiTicketUnitSchema,
  apiVisitSchema,
} from './responses/tickets';

export type ApiTicketUnit = z.output<typeof apiTicketUnitSchema>;
export type ApiTicketCategory = z.output<typeof apiTicketCategorySchema>;
export type ApiTicketTenant = z.output<typeof apiTicketTenantSchema>;
export type ApiTicketContactDetails = z.output<typeof apiTicketContactDetailsSchema>;
export type ApiTicketImage = z.output<typeof apiTicketImageSchema>;
export type ApiTicketAvailability = z.output<typeof apiTicketAvailabilitySchema>;
export type ApiTicketLogEntry = z.output<typeof apiTicketLogEntrySchema>;
export type ApiTicketPermissions = z.output<typeof apiTicketPermissionsSchema>;
export type ApiTicketSummary = z.output<typeof apiTicketSummarySchema>;
export type ApiTicket = z.output<typeof apiTicketSchema>;
export type ApiTicketList = z.output<typeof apiTicketListSchema>;
export type ApiTicketBatchStatusResponse = z.output<typeof apiTicketBatchStatusResponseSchema>;
export type ApiTicketBatchDeleteResponse = z.output<typeof apiTicketBatchDeleteResponseSchema>;
export type ApiTicketDeleteResponse = z.output<typeof apiTicketDeleteResponseSchema>;
export type ApiTicketCommentAuthor = z.output<typeof apiTicketCommentAuthorSchema>;
export type ApiTicketCommentAttachment = z.output<typeof apiTicketCommentAttachmentSchema>;
export type ApiTicketComment = z.output<typeof apiTicketCommentSchema>;
export type ApiTicketCommentList = z.output<typeof apiTicketCommentListSchema>;
export type ApiTicketCommentResponse = z.output<typeof apiTicketCommentResponseSchema>;
export type ApiTicketAssignee = z.output<typeof apiTicketAssigneeSchema>;
export type ApiTicketDue = z.output<typeof apiTicketDueSchema>;
export type ApiTicketAssignment = z.output<typeof apiTicketAssignmentSchema>;
export type ApiAssignableContractor = z.output<typeof apiAssignableContractorSchema>;
export type ApiAssignableContractorList = z.output<typeof apiAssignableContractorListSchema>;
export type ApiTicketAssignmentResponse = z.output<typeof apiTicketAssignmentResponseSchema>;
export type ApiAssignmentLink = z.output<typeof apiAssignmentLinkSchema>;
export type ApiAssignmentLinkAnswer = z.output<typeof apiAssignmentLinkAnswerSchema>;
export type ApiVisit = z.output<typeof apiVisitSchema>;
export type ApiCalendarVisit = z.output<typeof apiCalendarVisitSchema>;
export type ApiCalendar = z.output<typeof apiCalendarSchema>;
export type ApiCalendarFeed = z.output<typeof apiCalendarFeedSchema>;
export type ApiSignoff = z.output<typeof apiSignoffSchema>;
export type ApiTicketCost = z.output<typeof apiTicketCostSchema>;
export type ApiApprovalLink = z.output<typeof apiApprovalLinkSchema>;
export type ApiTicketCosts = z.output<typeof apiTicketCostsSchema>;
export type ApiTicketCostTotals = z.output<typeof apiTicketCostTotalsSchema>;
export type ApiSignoffLink = z.output<typeof apiSignoffLinkSchema>;
export type ApiSignoffLinkAnswer = z.output<typeof apiSignoffLinkAnswerSchema>;
