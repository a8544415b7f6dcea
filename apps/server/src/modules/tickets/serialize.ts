/** API shapes of tickets (SPEC.md section 3): every field of the Ticket entity is computed here. */
import {
  type Actor,
  type ApiSignoff,
  type ApiTicket,
  type ApiTicketAssignee,
  type ApiTicketAssignment,
  type ApiTicketDue,
  type ApiTicketImage,
  type ApiTicketLogEntry,
  type ApiTicketSummary,
  assignmentStateText,
  COMMENT_DELETED_LOG_ACTION,
  can,
  dueStateBefore,
  isClosedStatus,
  isCommentVisibility,
  priorityText,
  signoffStateText,
  statusSlug,
  statusText,
  unitNameOrWhole,
  visibleId,
} from '@mend/shared';
import type { TicketImageRow, TicketLogRow } from '../../db/schema';
import { fileUrl } from '../../lib/storage-urls';
import { awaitingOwner, serializeCosts, serializeCostTotals } from '../costs/serialize';
import { displayName, toSeconds } from '../users/serialize';
import { isActiveVisit, serializeVisit } from '../visits/serialize';
import type {
  JsonAssignment,
  JsonSignoff,
  JsonVisit,
  LogRowWithUser,
  TicketDetailRows,
  TicketJoinedRow,
} from './queries';
import { availabilityText, endOfDayIn, momentAt, wallClockRange } from './time-zones';

export const ticketPath = (id: number) => `/api/tickets/${id}/`;
export const imageUrl = (ticketId: number, imageId: number) => `/api/tickets/${ticketId}/images/${imageId}`;
export const thumbnailUrl = (ticketId: number, imageId: number) => `${imageUrl(ticketId, imageId)}/thumbnail`;

/** SPEC.md: the closing date is the newest log entry mentioning complete or cancelled. */
const CLOSING_WORDS = /complet|cancel/i;

/** The newest log entry that mentions complete or cancelled (SPEC.md's closing date), if any. */
export function newestClosingEntry(log: Pick<TicketLogRow, 'description' | 'createdAt'>[]): Date | undefined {
  let newest: Date | undefined;
  for (const entry of log) {
    if (CLOSING_WORDS.test(entry.description) && (!newest || entry.createdAt > newest))
      newest = entry.createdAt;
  }
  return newest;
}

/**
 * closed_at (SPEC.md section 2): null while the status is below 3; else the stored closing time, else the
 * newest log entry that mentions complete or cancelled (tickets closed before closed_at was kept), else the
 * last update.
 */
export function closedAt(
  ticket: { status: number; closedAt: Date | null; updatedAt: Date },
  closingLogAt?: Date,
): Date | null {
  if (!isClosedStatus(ticket.status)) return null;
  return ticket.closedAt ?? closingLogAt ?? ticket.updatedAt;
}

/** What only a ticket's details read of it: the visit proposed or booked now, the newest sign-off. */
export interface DetailParts {
  activeVisit: JsonVisit | null;
  newestSignoff: JsonSignoff | null;
}

/**
 * What the viewer may do to a ticket it sees (the scope already decided that it sees it). Lists offer no visit or
 * sign-off actions: they have no `parts`.
 */
export function ticketPermissions(
  viewer: Actor,
  row: TicketJoinedRow,
  { activeVisit, newestSignoff }: DetailParts = { activeVisit: null, newestSignoff: null },
): ApiTicketSummary['can'] {
  const { assignment } = row;
  const open = !isClosedStatus(row.ticket.status);
  const visitSubject = activeVisit && {
    visitState: activeVisit.state,
    contractorId: assignment?.contractorId ?? null,
    landlordId: row.property.landlordId,
  };
  return {
    update: can(viewer, 'ticket.update'),
    delete: can(viewer, 'ticket.delete'),
    change_status: can(viewer, 'ticket.updateStatus'),
    // A completed or cancelled ticket keeps the assignment it had.
    assign: open && can(viewer, 'ticket.assign', { landlordId: row.property.landlordId }),
    answer_assignment:
      assignment !== null &&
      assignment.state === 'pending' &&
      can(viewer, 'ticket.answerAssignment', { contractorId: assignment.contractorId }),
    book_visit:
      open &&
      can(viewer, 'visit.book', {
        contractorId: assignment?.contractorId ?? null,
        assignmentState: assignment?.state ?? null,
      }),
    answer_visit:
      activeVisit !== null &&
      can(viewer, 'visit.answer', { tenantId: row.ticket.tenantId, visitState: activeVisit.state }),
    cancel_visit: visitSubject !== null && can(viewer, 'visit.cancel', visitSubject),
    sign_off:
      newestSignoff !== null &&
      newestSignoff.state === 'asked' &&
      can(viewer, 'ticket.signOff', { tenantId: newestSignoff.tenantId }),
    change_due: can(viewer, 'ticket.changeDue', { landlordId: row.property.landlordId }),
  };
}

/** A ticket's due times against its targets at `now` (issue 26); null for a viewer not shown them (a tenant). */
export function serializeDue(
  viewer: Actor,
  { ticket, property }: Pick<TicketJoinedRow, 'ticket' | 'property'>,
  now: Date,
): ApiTicketDue | null {
  if (!can(viewer, 'ticket.viewDue')) return null;
  const zone = property.timeZone;
  const next = ticket.dueAt === null ? null : ticket.respondedAt === null ? 'response' : 'resolution';
  const nextAt = ticket.dueAt && toSeconds(ticket.dueAt);
  const respondBy = toSeconds(ticket.respondBy);
  const resolveBy = toSeconds(ticket.resolveBy);
  const respondAt = momentAt(ticket.respondBy, zone);
  const resolveAt = momentAt(ticket.resolveBy, zone);
  return {
    respond_by_timestamp: respondBy,
    resolve_by_timestamp: resolveBy,
    responded_at_timestamp: ticket.respondedAt && toSeconds(ticket.respondedAt),
    next,
    next_timestamp: nextAt,
    state: dueStateBefore(nextAt, toSeconds(now), endOfDayIn(zone, now)),
    respond_by_text: respondAt.text,
    resolve_by_text: resolveAt.text,
    respond_by: { date: respondAt.date, time: respondAt.time },
    resolve_by: { date: resolveAt.date, time: resolveAt.time },
    time_zone: zone,
  };
}

/** A sign-off as the details show it. */
export function serializeSignoff(signoff: JsonSignoff): ApiSignoff {
  const person = (id: number | null, names: JsonSignoff['tenant']) =>
    id !== null && names ? { id, name: displayName(names) } : null;
  return {
    id: signoff.id,
    state: signoff.state,
    state_text: signoffStateText(signoff.state),
    asked_at_timestamp: toSeconds(new Date(signoff.askedAt)),
    answered_at_timestamp: signoff.answeredAt ? toSeconds(new Date(signoff.answeredAt)) : null,
    tenant: person(signoff.tenantId, signoff.tenant),
    contractor: person(signoff.contractorId, signoff.contractor),
    rating: signoff.rating,
    comment: signoff.comment,
    reopen_reason: signoff.reopenReason,
  };
}

/** The assigned contractor as lists show it; null when none, or not for this viewer. */
export function serializeAssignee(
  viewer: Actor,
  assignment: JsonAssignment | null,
): ApiTicketAssignee | null {
  if (!assignment || !can(viewer, 'ticket.viewAssignment', assignment)) return null;
  return {
    id: assignment.contractorId,
    name: displayName(assignment),
    state: assignment.state,
    state_text: assignmentStateText(assignment.state),
  };
}

/** The assignment as the details show it; the reason of a decline only to staff and the contractor itself. */
export function serializeAssignment(
  viewer: Actor,
  assignment: JsonAssignment | null,
): ApiTicketAssignment | null {
  const assignee = serializeAssignee(viewer, assignment);
  if (!assignee || !assignment) return null;
  const toldWhy = can(viewer, 'ticket.viewDeclineReason', assignment);
  return Object.assign(assignee, {
    company_name: assignment.companyName,
    avatar: fileUrl(assignment.avatar),
    assigned_at_timestamp: toSeconds(new Date(assignment.assignedAt)),
    respond_by_timestamp: toSeconds(new Date(assignment.respondBy)),
    answered_at_timestamp: assignment.answeredAt ? toSeconds(new Date(assignment.answeredAt)) : null,
    decline_reason: toldWhy ? assignment.declineReason : '',
  });
}

export function serializeTicketSummary(
  row: TicketJoinedRow,
  categories: { id: number; title: string }[],
  viewer: Actor,
  closingLogAt?: Date,
  parts?: DetailParts,
  now: Date = new Date(),
): ApiTicketSummary {
  const { ticket, unit, property, tenant } = row;
  const status = statusText(ticket.status);
  const tenantName = tenant ? displayName(tenant) : '';
  const closed = closedAt(ticket, closingLogAt);
  return {
    id: ticket.id,
    visible_id: visibleId(ticket.id),
    title: ticket.title,
    description: ticket.description,
    priority: ticket.priority,
    priority_text: priorityText(ticket.priority),
    status: ticket.status,
    status_text: status,
    status_slug: statusSlug(status),
    unit_id: ticket.unitId,
    property_id: ticket.propertyId,
    // Where the work is: the unit, or for work on the whole property (issue 26) the property itself.
    unit: {
      id: unit?.id ?? null,
      name: unitNameOrWhole(unit?.name),
      address: unit ? unit.address : property.address,
      postal_code: unit ? unit.postalCode : property.postalCode,
      city: property.city,
      province: property.province,
      country: property.country,
      gmaps_url: unit?.gmapsUrl || property.gmapsUrl,
    },
    category_ids: categories.map((category) => category.id),
    categories: categories.map(({ id, title }) => ({ id, title })),
    tenant: tenant
      ? { id: tenant.id, name: tenantName, company_name: tenant.companyName, avatar: fileUrl(tenant.avatar) }
      : null,
    // SPEC.md: the tenant column shows the company name, else the name.
    tenant_name: tenant ? tenant.companyName || tenantName : '',
    property_name: property.name,
    meta: ticket.meta,
    contact_details: {
      first_name: ticket.contactFirstName,
      last_name: ticket.contactLastName,
      email: ticket.contactEmail,
      phone_number: ticket.contactPhoneNumber,
    },
    created_at: ticket.createdAt.toISOString(),
    created_at_timestamp: toSeconds(ticket.createdAt),
    updated_at: ticket.updatedAt.toISOString(),
    closed_at: closed?.toISOString() ?? null,
    path: ticketPath(ticket.id),
    highlighted: false,
    can: ticketPermissions(viewer, row, parts),
    assignee: serializeAssignee(viewer, row.assignment),
    due: serializeDue(viewer, row, now),
    awaiting_owner: awaitingOwner(viewer, row.costFlags),
    cost_totals: serializeCostTotals(viewer, row.costFlags),
  };
}

export function serializeTicketImage(image: TicketImageRow): ApiTicketImage {
  const isImage = image.mimeType.startsWith('image/');
  return {
    id: image.id,
    url: imageUrl(image.ticketId, image.id),
    thumbnail_url: image.thumbnailKey ? thumbnailUrl(image.ticketId, image.id) : null,
    mime_type: image.mimeType,
    name: image.originalName,
    size: image.sizeBytes,
    is_image: isImage,
  };
}

/**
 * An entry's description says what happened; the log shows who did it beside it. Entries written before
 * that ("Ticket created by Ann Lee") lose the name they end with, so it does not read twice.
 */
export function actionOnly(description: string, name: string | null): string {
  const by = name ? ` by ${name}` : '';
  return by && description.endsWith(by) ? description.slice(0, -by.length) : description;
}

export function serializeLogEntry({ entry, user }: LogRowWithUser): ApiTicketLogEntry {
  const name = user ? displayName(user) : null;
  return {
    id: entry.id,
    action: entry.action,
    description: actionOnly(entry.description, name),
    user: user && name !== null ? { id: user.id, name } : null,
    timestamp: toSeconds(entry.createdAt),
  };
}

/**
 * Whether the viewer may read a log entry: a line whose data names a visibility only for those who could read a
 * comment of that visibility — a deleted comment's line, so a tenant never learns of a staff-only note, and an
 * assignment's decline or missed answer (issue 25), whose reasons are for staff and contractors.
 */
function logEntryReadableBy(viewer: Actor, { entry }: LogRowWithUser): boolean {
  if (!('visibility' in entry.data)) return entry.action !== COMMENT_DELETED_LOG_ACTION;
  const { visibility } = entry.data;
  return isCommentVisibility(visibility) && can(viewer, 'comment.read', { visibility });
}

export function serializeTicket(detail: TicketDetailRows, viewer: Actor, now: Date = new Date()): ApiTicket {
  const { row, categories, images, availability, log, visits, signoffs } = detail;
  const activeVisit = visits.find((visit) => isActiveVisit(visit.state)) ?? null;
  const newestSignoff = signoffs[0] ?? null;
  const zone = row.property.timeZone;
  const ranges = availability.map((range) => ({
    start: toSeconds(range.startsAt),
    end: toSeconds(range.endsAt),
  }));
  const files = images.map(serializeTicketImage);
  const readable = log.filter((entry) => logEntryReadableBy(viewer, entry));
  // Object.assign rather than a spread followed by properties (slow in Node 20's V8; see serializeUserRecord).
  return Object.assign(
    serializeTicketSummary(
      row,
      categories,
      viewer,
      newestClosingEntry(log.map(({ entry }) => entry)),
      {
        activeVisit,
        newestSignoff,
      },
      now,
    ),
    {
      images: files.map((file) => file.url),
      thumbnails: files.map((file) => file.thumbnail_url),
      image_files: files,
      availability: ranges,
      availability_ranges: ranges.map((range) => wallClockRange(range, zone)),
      availability_strings: ranges.map((range) => availabilityText(range, zone)),
      availability_time_zone: zone,
      log: readable.map(serializeLogEntry),
      log_length: readable.length,
      assignment: serializeAssignment(viewer, row.assignment),
      visit: activeVisit && serializeVisit(activeVisit, zone),
      visits: visits.map((visit) => serializeVisit(visit, zone)),
      signoff: newestSignoff && serializeSignoff(newestSignoff),
      signoffs: signoffs.map(serializeSignoff),
      costs: serializeCosts(viewer, {
        id: row.ticket.id,
        landlordId: row.property.landlordId,
        costs: detail.costs,
        money: detail.money,
        assignment: row.assignment,
      }),
    },
  );
}
