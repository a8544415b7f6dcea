/**
 * JSON shapes of the tickets API (SPEC.md sections 3 and 7, DESIGN.md), as zod schemas; the types in
 * ../api-tickets.ts are derived from them. Every field of the Ticket entity is computed on the server. Times:
 * `*_timestamp`, `timestamp`, `start` and `end` are seconds since the epoch; `created_at`, `updated_at` and
 * `closed_at` are ISO strings.
 */
import { z } from 'zod';
import {
  ASSIGNMENT_STATES,
  COMMENT_VISIBILITIES,
  COST_KINDS,
  COST_LINE_KINDS,
  COST_STATES,
  DUE_STATES,
  SIGNOFF_STATES,
  TARGET_KINDS,
  VISIT_STATES,
} from '../constants';
import { wallClockRangeSchema } from '../schemas/tickets';
import { listMetaSchema } from './common';

/** Where the work is: a unit, or the whole property (issue 26: `id` null, `name` "Whole property", its address). */
export const apiTicketUnitSchema = z
  .object({
    id: z.number().int().nullable(),
    name: z.string(),
    address: z.string(),
    postal_code: z.string(),
    /** City and province of the unit's property (DESIGN.md replaces the fixed "Edmonton, AB" line). */
    city: z.string(),
    province: z.string(),
    country: z.string(),
    /** The unit's map link, else its property's; '' when neither has one. */
    gmaps_url: z.string(),
  })
  .meta({ id: 'ApiTicketUnit' });

export const apiTicketCategorySchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
  })
  .meta({ id: 'ApiTicketCategory' });

export const apiTicketTenantSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    company_name: z.string(),
    /** URL of the avatar, or null. */
    avatar: z.string().nullable(),
  })
  .meta({ id: 'ApiTicketTenant' });

export const apiTicketContactDetailsSchema = z
  .object({
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    phone_number: z.string(),
  })
  .meta({ id: 'ApiTicketContactDetails' });

/** One uploaded file of a ticket (image or PDF), served only to users who may see the ticket. */
export const apiTicketImageSchema = z
  .object({
    id: z.number().int(),
    /** `/api/tickets/{id}/images/{imageId}` */
    url: z.string(),
    /** `/api/tickets/{id}/images/{imageId}/thumbnail` (320 px WebP); null for PDFs. */
    thumbnail_url: z.string().nullable(),
    mime_type: z.string(),
    /** The name the file was uploaded with (shown only; never used to store it). */
    name: z.string(),
    size: z.number().int(),
    is_image: z.boolean(),
  })
  .meta({ id: 'ApiTicketImage' });

export const apiTicketAvailabilitySchema = z
  .object({
    start: z.number(),
    end: z.number(),
  })
  .meta({ id: 'ApiTicketAvailability' });

export const apiTicketLogEntrySchema = z
  .object({
    id: z.number().int(),
    /** Stable code: created, routed, updated, status_changed, images_added, images_removed. */
    action: z.string(),
    description: z.string(),
    /** Who did it; null when that user has been deleted (or for system entries). */
    user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    timestamp: z.number(),
  })
  .meta({ id: 'ApiTicketLogEntry' });

/** What the viewer may do to the ticket, so the web shows only the buttons that work. */
export const apiTicketPermissionsSchema = z
  .object({
    update: z.boolean(),
    delete: z.boolean(),
    change_status: z.boolean(),
    /** Assign, reassign or unassign its contractor (staff of its landlord). */
    assign: z.boolean(),
    /** Accept or decline it: the viewer is its assigned contractor and has not answered yet. */
    answer_assignment: z.boolean(),
    /** Book (or propose) a visit, or another time for it: the viewer is the contractor that accepted the job. */
    book_visit: z.boolean(),
    /** Confirm or refuse the proposed visit: the viewer is the ticket's tenant and a visit is proposed. */
    answer_visit: z.boolean(),
    /** Cancel the visit: the contractor that holds the job, or staff, while a visit is proposed or booked. */
    cancel_visit: z.boolean(),
    /** Confirm and rate the repair, or reopen the ticket: the viewer is its tenant and is asked now. */
    sign_off: z.boolean(),
    /** Change its due times (staff of its landlord, issue 26). */
    change_due: z.boolean(),
  })
  .meta({ id: 'ApiTicketPermissions' });

/** A wall-clock date (`YYYY-MM-DD`) and time (`HH:mm`) at the ticket's property. */
const wallClockSchema = z.object({ date: z.string(), time: z.string() });

/**
 * A ticket's due times against its landlord's targets (issue 26). Its next due time is its response's while nobody
 * has acted on it, then its resolution's; none once it is closed.
 */
export const apiTicketDueSchema = z
  .object({
    respond_by_timestamp: z.number(),
    resolve_by_timestamp: z.number(),
    /** When someone first acted on it (its status left Open, or a contractor was assigned); null until then. */
    responded_at_timestamp: z.number().nullable(),
    /** Which due time comes next; null once closed. */
    next: z.enum(TARGET_KINDS).nullable(),
    next_timestamp: z.number().nullable(),
    /** Past it, due before the end of the day at the property, or later; null once closed. */
    state: z.enum(DUE_STATES).nullable(),
    /** e.g. "Tue, Dec 1, 4:00 PM", in the time zone of the ticket's property. */
    respond_by_text: z.string(),
    resolve_by_text: z.string(),
    /** The same times as wall-clock dates and times at the property (what the change form edits). */
    respond_by: wallClockSchema,
    resolve_by: wallClockSchema,
    time_zone: z.string(),
  })
  .meta({ id: 'ApiTicketDue' });

/** The contractor assigned to a ticket, as lists show it: its name and its answer so far. */
export const apiTicketAssigneeSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    state: z.enum(ASSIGNMENT_STATES),
    state_text: z.string(),
  })
  .meta({ id: 'ApiTicketAssignee' });

/** The assignment of a ticket as its details show it (issue 25). */
export const apiTicketAssignmentSchema = apiTicketAssigneeSchema
  .extend({
    company_name: z.string(),
    /** URL of the contractor's avatar, or null. */
    avatar: z.string().nullable(),
    assigned_at_timestamp: z.number(),
    /** When the managers are alerted if the contractor has not answered (the landlord's hours after assigning). */
    respond_by_timestamp: z.number(),
    /** null until the contractor accepts or declines. */
    answered_at_timestamp: z.number().nullable(),
    /** Why it declined; '' unless declined (and for the tenant, who is not told). */
    decline_reason: z.string(),
  })
  .meta({ id: 'ApiTicketAssignment' });

/** A visit of a ticket's contractor (issue 25), in the ticket's details and in the calendar. */
export const apiVisitSchema = z
  .object({
    id: z.number().int(),
    ticket_id: z.number().int(),
    state: z.enum(VISIT_STATES),
    state_text: z.string(),
    /** Seconds since the epoch. */
    start: z.number(),
    end: z.number(),
    /** e.g. "Mon, Nov 23, 8:00 AM – 10:00 AM", in the time zone of the ticket's property. */
    text: z.string(),
    /** The same times as wall-clock dates and times at the property (what the form edits). */
    range: wallClockRangeSchema,
    time_zone: z.string(),
    /** Inside one of the tenant's availability windows when it was booked or proposed. */
    in_window: z.boolean(),
    contractor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    /** Why it was refused or cancelled; '' when none was given. */
    reason: z.string(),
    created_at_timestamp: z.number(),
  })
  .meta({ id: 'ApiVisit' });

/** A person named by a ticket's part: id and shown name. */
const personRefSchema = z.object({ id: z.number().int(), name: z.string() });

/**
 * The tenant's sign-off of a completed ticket (issue 25): asked each time the ticket is completed, then confirmed with
 * a rating, reopened with a reason, or withdrawn when the ticket left Completed another way.
 */
export const apiSignoffSchema = z
  .object({
    id: z.number().int(),
    state: z.enum(SIGNOFF_STATES),
    state_text: z.string(),
    /** When the ticket was completed and the tenant asked. */
    asked_at_timestamp: z.number(),
    answered_at_timestamp: z.number().nullable(),
    /** The tenant asked; null once that user is deleted. */
    tenant: personRefSchema.nullable(),
    /** The contractor that held the job, whose work it rates; null when nobody did. */
    contractor: personRefSchema.nullable(),
    /** RATING_MIN to RATING_MAX stars once confirmed; null otherwise. */
    rating: z.number().int().nullable(),
    /** The tenant's comment with its rating; '' when none. */
    comment: z.string(),
    /** What still needed fixing when it reopened the ticket; '' otherwise. */
    reopen_reason: z.string(),
  })
  .meta({ id: 'ApiSignoff' });

/** A line of an estimate or invoice (issue 26). */
export const apiCostLineSchema = z
  .object({
    kind: z.enum(COST_LINE_KINDS),
    kind_text: z.string(),
    description: z.string(),
    amount_cents: z.number().int(),
  })
  .meta({ id: 'ApiCostLine' });

/** An estimate or invoice of a ticket's contractor (issue 26); amounts in whole cents of `currency`. */
export const apiTicketCostSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(COST_KINDS),
    kind_text: z.string(),
    state: z.enum(COST_STATES),
    state_text: z.string(),
    /** Who sent it; null once that user is deleted. */
    contractor: personRefSchema.nullable(),
    currency: z.string(),
    lines: z.array(apiCostLineSchema),
    subtotal_cents: z.number().int(),
    tax_cents: z.number().int(),
    total_cents: z.number().int(),
    /** "$1,234.50" in its currency. */
    total_text: z.string(),
    note: z.string(),
    /** The attached PDF or image, or null. */
    attachment: z.object({ url: z.string(), name: z.string(), mime_type: z.string() }).nullable(),
    /** Who approved, declined or marked it paid (a manager's or an owner's name); '' before. */
    decided_by: z.string(),
    decided_at_timestamp: z.number().nullable(),
    decline_reason: z.string(),
    /** An invoice's payment date ("2027-03-01"); null until paid. */
    paid_on: z.string().nullable(),
    created_at_timestamp: z.number(),
    can: z.object({ approve: z.boolean(), decline: z.boolean(), mark_paid: z.boolean() }),
  })
  .meta({ id: 'ApiTicketCost' });

/** GET approval-links/{token} (issue 26): the estimate an owner's signed link names, as its page shows it. */
export const apiApprovalLinkSchema = apiTicketCostSchema
  .pick({
    currency: true,
    lines: true,
    subtotal_cents: true,
    tax_cents: true,
    total_cents: true,
    total_text: true,
    note: true,
    state: true,
    state_text: true,
    decided_by: true,
  })
  .extend({
    ticket: z.object({ visible_id: z.string(), title: z.string(), property: z.string(), unit: z.string() }),
    owner_name: z.string(),
    /** It still waits for an owner: the page offers Approve and Decline. */
    can_answer: z.boolean(),
  })
  .meta({ id: 'ApiApprovalLink' });

/** POST approval-links/{token}/approve and …/decline. */
export const apiApprovalLinkAnswerSchema = z
  .object({ message: z.string(), data: apiApprovalLinkSchema })
  .meta({ id: 'ApiApprovalLinkAnswer' });

/** A ticket's money (issue 26): null for its tenant. */
export const apiTicketCostsSchema = z
  .object({
    currency: z.string(),
    /** The landlord's approval limit; null for a contractor. */
    approval_limit_cents: z.number().int().nullable(),
    /** Newest first; a contractor sees its own. */
    items: z.array(apiTicketCostSchema),
    /** The viewer is the contractor that accepted the job: it may send an estimate or an invoice. */
    can_submit: z.boolean(),
  })
  .meta({ id: 'ApiTicketCosts' });

/** The cost columns of staff's ticket lists (issue 26): the latest estimate and invoice totals, or null. */
export const apiTicketCostTotalsSchema = z
  .object({
    currency: z.string(),
    estimate_cents: z.number().int().nullable(),
    invoice_cents: z.number().int().nullable(),
  })
  .meta({ id: 'ApiTicketCostTotals' });

/** A ticket as lists show it (GET tickets and friends, batch answers). */
export const apiTicketSummarySchema = z
  .object({
    id: z.number().int(),
    /** Zero-padded to 3 digits below 1000: "007". */
    visible_id: z.string(),
    title: z.string(),
    description: z.string(),
    priority: z.number().int(),
    priority_text: z.string(),
    status: z.number().int(),
    status_text: z.string(),
    status_slug: z.string(),
    /** Null for work on the whole property (issue 26). */
    unit_id: z.number().int().nullable(),
    property_id: z.number().int(),
    unit: apiTicketUnitSchema,
    category_ids: z.array(z.number().int()),
    categories: z.array(apiTicketCategorySchema),
    tenant: apiTicketTenantSchema.nullable(),
    /** The tenant's company name, else its name; '' when the ticket has no tenant. */
    tenant_name: z.string(),
    property_name: z.string(),
    meta: z.record(z.string(), z.string()),
    contact_details: apiTicketContactDetailsSchema,
    created_at: z.string(),
    created_at_timestamp: z.number(),
    updated_at: z.string(),
    /** Null while the status is below 3 (SPEC.md: the detail then shows the status text instead). */
    closed_at: z.string().nullable(),
    /** `/api/tickets/{id}/` */
    path: z.string(),
    highlighted: z.boolean(),
    can: apiTicketPermissionsSchema,
    /** The assigned contractor; null when nobody is (and, for the tenant, until the contractor accepts). */
    assignee: apiTicketAssigneeSchema.nullable(),
    /** Its due times (issue 26); null for a tenant, who is not shown them. */
    due: apiTicketDueSchema.nullable(),
    /** An estimate of it waits for an owner's approval (issue 26); always false for a tenant. */
    awaiting_owner: z.boolean(),
    /** Its latest estimate and invoice totals (issue 26): staff only, null for the others. */
    cost_totals: apiTicketCostTotalsSchema.nullable(),
  })
  .meta({ id: 'ApiTicketSummary' });

/** GET tickets/{id}/ and the answers of create, update and status changes. */
export const apiTicketSchema = apiTicketSummarySchema
  .extend({
    /** URLs of the files, in upload order (SPEC.md "images (list of URLs)"). */
    images: z.array(z.string()),
    /** Thumbnail URLs in the same order (null for a PDF). */
    thumbnails: z.array(z.string().nullable()),
    /** The same files with ids (for `remove_images[]`), names and types. */
    image_files: z.array(apiTicketImageSchema),
    availability: z.array(apiTicketAvailabilitySchema),
    /** The same ranges as wall-clock dates and times at the property (what the form edits and sends back). */
    availability_ranges: z.array(wallClockRangeSchema),
    /** e.g. "Mon, Nov 23, 8:00 AM – 9:00 AM", in the time zone of the unit's property. */
    availability_strings: z.array(z.string()),
    /** IANA time zone of the unit's property, which the availability is entered and shown in. */
    availability_time_zone: z.string(),
    /** Newest first. */
    log: z.array(apiTicketLogEntrySchema),
    log_length: z.number().int(),
    /** The assignment in full; null as `assignee` is. */
    assignment: apiTicketAssignmentSchema.nullable(),
    /** The visit proposed or booked now; null when none. */
    visit: apiVisitSchema.nullable(),
    /** Every visit of the ticket, newest first (the history: refused, cancelled, rescheduled ones too). */
    visits: z.array(apiVisitSchema),
    /** The newest sign-off (asked now, or the last answer); null when the ticket was never completed with a tenant. */
    signoff: apiSignoffSchema.nullable(),
    /** Every sign-off of the ticket, newest first (one per completion). */
    signoffs: z.array(apiSignoffSchema),
    /** Its estimates and invoices (issue 26); null for its tenant. */
    costs: apiTicketCostsSchema.nullable(),
  })
  .meta({ id: 'ApiTicket' });

export const apiTicketListSchema = z
  .object({
    data: z.array(apiTicketSummarySchema),
    meta: listMetaSchema,
  })
  .meta({ id: 'ApiTicketList' });

/** PATCH /api/tickets/batch/status. `refused`: ids the user may not change (or that it cannot see). */
export const apiTicketBatchStatusResponseSchema = z
  .object({
    data: z.array(apiTicketSummarySchema),
    refused: z.array(z.number().int()),
    message: z.string(),
  })
  .meta({ id: 'ApiTicketBatchStatusResponse' });

/** DELETE /api/tickets/batch. `data`: the ids deleted. */
export const apiTicketBatchDeleteResponseSchema = z
  .object({
    data: z.array(z.number().int()),
    refused: z.array(z.number().int()),
    message: z.string(),
  })
  .meta({ id: 'ApiTicketBatchDeleteResponse' });

/** DELETE {ticket path}. */
export const apiTicketDeleteResponseSchema = z
  .object({
    id: z.number().int(),
    message: z.string(),
  })
  .meta({ id: 'ApiTicketDeleteResponse' });

// ---------------------------------------------------------------------------------------------------------
// The conversation on a ticket (issue 25)

/** Who may read a comment: everyone on the ticket, staff and the contractor, or staff only. */
const commentVisibility = z.enum(COMMENT_VISIBILITIES);

/** The author of a comment as the conversation shows it. */
export const apiTicketCommentAuthorSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    /** URL of the avatar, or null. */
    avatar: z.string().nullable(),
    role_name: z.string(),
  })
  .meta({ id: 'ApiTicketCommentAuthor' });

/** A file of a comment (image or PDF), served only to users who may read the comment. */
export const apiTicketCommentAttachmentSchema = z
  .object({
    id: z.number().int(),
    /** `/api/tickets/{id}/comments/{commentId}/attachments/{attachmentId}` */
    url: z.string(),
    /** `…/attachments/{attachmentId}/thumbnail` (320 px WebP); null for PDFs. */
    thumbnail_url: z.string().nullable(),
    mime_type: z.string(),
    /** The name the file was uploaded with (shown only; never used to store it); null when none was given. */
    original_name: z.string().nullable(),
  })
  .meta({ id: 'ApiTicketCommentAttachment' });

/** One comment of a ticket's conversation, as the viewer sees it. */
export const apiTicketCommentSchema = z
  .object({
    id: z.number().int(),
    ticket_id: z.number().int(),
    body: z.string(),
    visibility: commentVisibility,
    /** null when the author has been deleted. */
    author: apiTicketCommentAuthorSchema.nullable(),
    /** In upload order. */
    attachments: z.array(apiTicketCommentAttachmentSchema),
    created_at_timestamp: z.number(),
    /** null until its author edits it. */
    edited_at_timestamp: z.number().nullable(),
    /** The end of its author's edit window (COMMENT_EDIT_MINUTES after posting). */
    editable_until_timestamp: z.number(),
    /** The viewer is its author and the edit window is open. */
    can_edit: z.boolean(),
    /** The viewer is its author within the edit window, or staff (the super admin, a manager of the landlord). */
    can_delete: z.boolean(),
  })
  .meta({ id: 'ApiTicketComment' });

/**
 * GET tickets/{id}/comments: a page of the comments the viewer may read, the newest `limit` (before the comment
 * `before` when given), oldest first within the page.
 */
export const apiTicketCommentListSchema = z
  .object({
    data: z.array(apiTicketCommentSchema),
    /** The viewer may read comments older than this page's oldest: ask for them with `before` = its id. */
    has_earlier: z.boolean(),
    /** The visibilities the viewer may post with (and reads). */
    visibilities: z.array(commentVisibility),
  })
  .meta({ id: 'ApiTicketCommentList' });

/** POST tickets/{id}/comments and PATCH tickets/{id}/comments/{commentId}. */
export const apiTicketCommentResponseSchema = z
  .object({
    message: z.string(),
    data: apiTicketCommentSchema,
  })
  .meta({ id: 'ApiTicketCommentResponse' });

// ---------------------------------------------------------------------------------------------------------
// One assigned contractor (issue 25)

/** A contractor staff may assign to a ticket. */
export const apiAssignableContractorSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    company_name: z.string(),
    /** The routing matched it (the property's contractor for the ticket's category). */
    matched: z.boolean(),
  })
  .meta({ id: 'ApiAssignableContractor' });

/** GET tickets/{id}/assignable-contractors: those the routing matched first, then the landlord's others, by name. */
export const apiAssignableContractorListSchema = z
  .object({ data: z.array(apiAssignableContractorSchema) })
  .meta({ id: 'ApiAssignableContractorList' });

/**
 * The answers of the assignment calls: a message and the ticket as the viewer now sees it; null when it no longer
 * sees it (a contractor that declined a job it saw only because it was assigned).
 */
export const apiTicketAssignmentResponseSchema = z
  .object({ message: z.string(), data: apiTicketSchema.nullable() })
  .meta({ id: 'ApiTicketAssignmentResponse' });

/** GET assignment-links/{token}: what a signed link in an assignment's email or SMS shows, without signing in. */
export const apiAssignmentLinkSchema = z
  .object({
    ticket_id: z.number().int(),
    visible_id: z.string(),
    title: z.string(),
    description: z.string(),
    property_name: z.string(),
    /** Null: the work is on the whole property (the page names it in its language). */
    unit_name: z.string().nullable(),
    /** City and province of the property. */
    city: z.string(),
    priority_text: z.string(),
    contractor_name: z.string(),
    state: z.enum(ASSIGNMENT_STATES),
    respond_by_timestamp: z.number(),
    /** The tenant's availability as the ticket shows it, in the property's time zone. */
    availability_strings: z.array(z.string()),
    /** IANA time zone of the property. */
    availability_time_zone: z.string(),
  })
  .meta({ id: 'ApiAssignmentLink' });

/** POST assignment-links/{token}/accept and …/decline. */
export const apiAssignmentLinkAnswerSchema = z
  .object({ message: z.string(), data: apiAssignmentLinkSchema })
  .meta({ id: 'ApiAssignmentLinkAnswer' });

/** GET signoff-links/{token}: what the signed link of a completed ticket's email or SMS shows, without signing in. */
export const apiSignoffLinkSchema = z
  .object({
    ticket_id: z.number().int(),
    visible_id: z.string(),
    title: z.string(),
    property_name: z.string(),
    /** Null: the work is on the whole property (the page names it in its language). */
    unit_name: z.string().nullable(),
    tenant_name: z.string(),
    /** Who did the work; '' when nobody was assigned. */
    contractor_name: z.string(),
    state: z.enum(SIGNOFF_STATES),
    asked_at_timestamp: z.number(),
    rating: z.number().int().nullable(),
    comment: z.string(),
    reopen_reason: z.string(),
  })
  .meta({ id: 'ApiSignoffLink' });

/** POST signoff-links/{token}/confirm and …/reopen. */
export const apiSignoffLinkAnswerSchema = z
  .object({ message: z.string(), data: apiSignoffLinkSchema })
  .meta({ id: 'ApiSignoffLinkAnswer' });

// ---------------------------------------------------------------------------------------------------------
// Visits and the calendar (issue 25)

/**
 * A visit as the calendar shows it: with its ticket's number, title and place. Its times are `start` and `end`, which
 * the calendar shows in the viewer's own zone (not the property's `text` and `range`: formatting those for a busy
 * week's hundreds of visits cost more than reading them).
 */
export const apiCalendarVisitSchema = apiVisitSchema
  .omit({ range: true, text: true })
  .extend({
    visible_id: z.string(),
    title: z.string(),
    property_name: z.string(),
    /** Null: the work is on the whole property (the page names it in its language). */
    unit_name: z.string().nullable(),
    /** `/tickets/{id}` */
    link: z.string(),
  })
  .meta({ id: 'ApiCalendarVisit' });

/**
 * GET visits?from=<seconds>&to=<seconds>: the proposed and booked visits the viewer sees that overlap the span, by
 * start time (the screen asks for its week or month in the browser's time zone).
 */
export const apiCalendarSchema = z
  .object({
    data: z.array(apiCalendarVisitSchema),
    /** More visits than CALENDAR_MAX_VISITS fall in the span: narrow it. */
    truncated: z.boolean(),
    /** The span read, in seconds: as asked, or clamped to CALENDAR_MAX_DAYS from `from` (default: this week). */
    from: z.number(),
    to: z.number(),
  })
  .meta({ id: 'ApiCalendar' });

/** GET users/{id}/calendar-feed and its reset: the private address of the user's calendar (.ics). */
export const apiCalendarFeedSchema = z
  .object({
    /** Absolute; whoever has it reads the user's visits, so it is shown only to the user. */
    url: z.string(),
    message: z.string().optional(),
  })
  .meta({ id: 'ApiCalendarFeed' });
