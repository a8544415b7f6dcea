/**
 * Tickets: who may do what (SPEC.md section 6, DESIGN.md), and every write in one transaction together
 * with its activity-log rows, routing, notifications and outbox messages.
 *
 * - Visibility: `visibleTickets` (queries.ts) on every read and write; a ticket outside it is a 404.
 * - Create: roles 0-2. A tenant's ticket is on its own unit; a manager picks a unit of its landlord.
 * - Edit and delete: roles 0-2 on tickets they see; only the super admin may move a ticket to another unit;
 *   only roles 0 and 1 may set the status in the form (others' `status` field is ignored).
 * - Status change: anyone on tickets they see (a contractor sees the tickets routed to it).
 */
import {
  type Actor,
  type ApiTicket,
  type ApiTicketBatchDeleteResponse,
  type ApiTicketBatchStatusResponse,
  type ApiTicketDeleteResponse,
  type ApiTicketList,
  type ApiTicketSummary,
  can,
  DUE_FILTERS,
  en,
  format,
  hasUnit,
  isClosedStatus,
  TICKET_IMAGE_MAX_FILES,
  TICKET_STATUSES,
  ticketBatchDeleteSchema,
  ticketBatchStatusSchema,
  ticketStatusSchema,
  UNASSIGNED_FILTER,
} from '@mend/shared';
import { and, asc, eq, inArray, max, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import {
  categories,
  landlords,
  type NewTicketRow,
  properties,
  type TicketRow,
  tenantUnits,
  ticketAvailability,
  ticketCategories,
  ticketCommentFiles,
  ticketComments,
  ticketImages,
  ticketLog,
  tickets,
  ticketVisits,
  units,
  users,
} from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import { listQueryWith, optionalIdFilter } from '../../lib/contracts';
import { AppError, fieldError, forbidden, notFound } from '../../lib/errors';
import type { UploadedFile } from '../../lib/form-body';
import type { ListExport } from '../../lib/list-export';
import { countAll, type ListQuery, listPage } from '../../lib/list-query';
import { messagingFor } from '../../lib/outbox/context';
import type { SignedIn } from '../../lib/routes';
import { seesEveryRow } from '../../lib/scopes';
import { announceDeletedTickets } from '../live/events';
import { markViewedAbout } from '../notifications/service';
import { signoffOnStatusChange } from '../signoffs/ask';
import { displayName } from '../users/serialize';
import { queueWebhookEvent } from '../webhooks/events';
import { discardFiles, IMAGES_FIELD, keysOf, type StoredFile, storeTicketFiles } from './files';
import { asRecord, idsOf, parseTicketForm, type TicketForm } from './form';
import { unitNameColumn } from './place';
import {
  availabilityOf,
  detailForViewer,
  findTicketDetail,
  findTicketRow,
  imagesOf,
  listTicketRows,
  type TicketDetailWithSession,
  type TicketFilters,
  type TicketJoinedRow,
  type TicketListRow,
  ticketListAll,
  ticketRowsByIds,
  visibleTickets,
} from './queries';
import { type Author, notifyStatusChange, routeTicket, type TicketFacts } from './routing';
import { serializeTicket, serializeTicketSummary } from './serialize';
import { statusLogLine, writeStatus } from './status';

/** The signed-in user as the rules see it, with the name written into the activity log. */
export interface Viewer extends Actor {
  name: string;
}

/** The signed-in user of a route as the ticket services see it. */
export function viewerOf({ user }: SignedIn): Viewer {
  return { id: user.id, role: user.role, landlordId: user.landlordId, name: displayName(user) };
}

/**
 * The answer of a change to a ticket's part (its assignment, its visit): a message and the ticket as the viewer now
 * sees it, or null once it no longer does (a contractor that declined a job it saw only because it held it).
 */
export async function answerWithTicket(
  db: Db,
  viewer: Viewer,
  ticketId: number,
  message: string,
): Promise<{ message: string; data: ApiTicket | null }> {
  const visible = await findTicketRow(db, viewer, ticketId);
  return { message, data: visible ? await loadTicket(db, viewer, ticketId) : null };
}

/** Most tickets one batch call may name. */
export const MAX_BATCH = 500;

// ---------------------------------------------------------------------------------------------------------
// Reads

async function summaries(
  db: Db,
  viewer: Actor,
  rows: TicketListRow[],
  now: Date,
): Promise<ApiTicketSummary[]> {
  const closing = await closingEntries(db, rows);
  return rows.map((row) =>
    serializeTicketSummary(row, row.categoriesJson, viewer, closing.get(row.ticket.id), undefined, now),
  );
}

/**
 * For closed tickets without a stored closing time (closed before it was kept), the newest log entry that
 * mentions complete or cancelled (SPEC.md's closing date), in one query for a whole page.
 */
async function closingEntries(db: Db, rows: TicketJoinedRow[]): Promise<Map<number, Date>> {
  const ids = rows
    .filter((row) => isClosedStatus(row.ticket.status) && row.ticket.closedAt === null)
    .map((row) => row.ticket.id);
  if (ids.length === 0) return new Map();
  const found = await db
    .select({ ticketId: ticketLog.ticketId, at: max(ticketLog.createdAt) })
    .from(ticketLog)
    .where(and(inArray(ticketLog.ticketId, ids), sql`${ticketLog.description} ~* '(complet|cancel)'`))
    .groupBy(ticketLog.ticketId);
  return new Map(found.flatMap((row) => (row.at ? [[row.ticketId, new Date(row.at)] as const] : [])));
}

/** One ticket with everything it shows, as the viewer sees it; 404 outside the viewer's scope. */
export async function loadTicket(db: Db, viewer: Actor, id: number, now = new Date()): Promise<ApiTicket> {
  const detail = await findTicketDetail(db, viewer, id);
  if (!detail) throw notFound();
  return serializeTicket(detail, viewer, now);
}

/**
 * GET tickets/{id} as the route reads it: the session and the ticket in one statement
 * (`ticketDetailWithSession`), answered only if the viewer may see it (else 404, as for a missing one).
 * Also marks the viewer's notifications about it as viewed (SPEC.md section 4).
 */
export async function answerTicketDetail(
  db: Db,
  viewer: Actor,
  found: TicketDetailWithSession | undefined,
  now = new Date(),
): Promise<ApiTicket> {
  const detail = found && detailForViewer(viewer, found);
  if (!detail) throw notFound();
  const ticket = serializeTicket(detail, viewer, now);
  // Usually there is nothing to mark: the detail's own statement says so, which saves a round trip.
  if (found.unviewedNotifications) await markViewedAbout(db, viewer.id, 'ticketId', ticket.id);
  return ticket;
}

/**
 * A ticket list's query: the list query and `?status=2&property_id=5&assigned_to=7` (`assigned_to=none`: tickets
 * nobody holds); anything unreadable: no filter.
 */
export const ticketListQuery = listQueryWith({
  status: z
    .string()
    .trim()
    .regex(/^\d$/)
    .transform(Number)
    .pipe(z.number().max(TICKET_STATUSES.length - 1))
    .optional()
    .catch(undefined),
  property_id: optionalIdFilter,
  assigned_to: z
    .union([z.literal(UNASSIGNED_FILTER), optionalIdFilter])
    .optional()
    .catch(undefined),
  due: z.enum(DUE_FILTERS).optional().catch(undefined),
});
export type TicketListQuery = z.output<typeof ticketListQuery>;

/** The filters of a ticket list's query. */
export const ticketFiltersOf = (query: TicketListQuery): TicketFilters => ({
  status: query.status,
  propertyId: query.property_id,
  assignedTo: query.assigned_to,
  due: query.due,
});

/** The filters a viewer's list reads: a tenant is not shown due times, so it cannot filter by them either. */
function allowedFilters(viewer: Actor, filters: TicketFilters): TicketFilters {
  return can(viewer, 'ticket.viewDue') ? filters : { ...filters, due: undefined };
}

async function listWith(
  db: Db,
  viewer: Actor,
  filters: TicketFilters,
  query: ListQuery,
  now: Date,
): Promise<ApiTicketList> {
  const { rows, total } = await listTicketRows(db, viewer, allowedFilters(viewer, filters), query, now);
  const page = listPage(await summaries(db, viewer, rows, now), total, query);
  return { data: page.data, meta: page.meta };
}

/** GET tickets: everything the viewer sees (all of them for the super admin). */
export function listTickets(
  db: Db,
  viewer: Actor,
  filters: TicketFilters,
  query: ListQuery,
  now = new Date(),
): Promise<ApiTicketList> {
  return listWith(db, viewer, filters, query, now);
}

/**
 * GET landlords/{id}/tickets' rule, for its pages and its export: the super admin, or a manager of that landlord (403
 * for the other roles, 404 for another landlord); the filters its list reads.
 */
function landlordTicketFilters(viewer: Actor, landlordId: number, filters: TicketFilters): TicketFilters {
  if (!can(viewer, 'landlord.viewTickets')) throw forbidden();
  if (!can(viewer, 'landlord.viewTickets', { id: landlordId })) throw notFound();
  // A manager's own landlord narrows nothing: its list is the manager's /tickets, with that list's fast paths
  // (ADR 0008), which served three times the requests of the general path for the same rows.
  return seesEveryRow(viewer) ? { ...filters, landlordId } : filters;
}

/** GET landlords/{id}/tickets: the super admin, or a manager of that landlord. */
export async function listLandlordTickets(
  db: Db,
  viewer: Actor,
  landlordId: number,
  filters: TicketFilters,
  query: ListQuery,
  now = new Date(),
): Promise<ApiTicketList> {
  const page = await listWith(db, viewer, landlordTicketFilters(viewer, landlordId, filters), query, now);
  // A page with tickets shows the landlord exists; only an empty one asks (a round trip less on every other page).
  if (page.data.length === 0 && !(await landlordExists(db, landlordId))) throw notFound();
  return page;
}

async function landlordExists(db: Db, landlordId: number): Promise<boolean> {
  const [landlord] = await db
    .select({ id: landlords.id })
    .from(landlords)
    .where(eq(landlords.id, landlordId));
  return landlord !== undefined;
}

/**
 * GET users/{id}/tickets' rule, for its pages and its export: the user itself, the super admin, or the manager of the
 * user's landlord (404 for anyone else, as for a user that does not exist); the filters its list reads.
 */
async function userTicketFilters(
  db: Db,
  viewer: Actor,
  userId: number,
  filters: TicketFilters,
): Promise<TicketFilters> {
  // The viewer's own tab is its own list: nothing to look up.
  if (userId === viewer.id) return filters;
  const [user] = await db
    .select({ id: users.id, role: users.role, landlordId: users.landlordId })
    .from(users)
    .where(eq(users.id, userId));
  if (!user || !can(viewer, 'user.viewTickets', user)) throw notFound();
  // A user who sees every ticket narrows nothing: the viewer's list, with its fast paths (a super admin's search of
  // another super admin's tab would otherwise test every ticket's text row by row).
  return seesEveryRow(user) ? filters : { ...filters, alsoVisibleTo: user };
}

/**
 * GET users/{id}/tickets: the tickets that user sees (SPEC.md "own tickets via the user's own path"), for
 * the user itself, the super admin, or the manager of the user's landlord; limited to what the viewer sees.
 */
export async function listUserTickets(
  db: Db,
  viewer: Actor,
  userId: number,
  filters: TicketFilters,
  query: ListQuery,
  now = new Date(),
): Promise<ApiTicketList> {
  return listWith(db, viewer, await userTicketFilters(db, viewer, userId, filters), query, now);
}

// ---------------------------------------------------------------------------------------------------------
// Exports (issue 27): every ticket of a list as its pages show them, read through a cursor by modules/exports

/** Every ticket of the list for `filters` and `query` (its search and sort; no page), answered as its pages are. */
function ticketExport(
  db: Db,
  viewer: Actor,
  filters: TicketFilters,
  query: ListQuery,
  now: Date,
): ListExport<TicketListRow, ApiTicketSummary> {
  return {
    select: ticketListAll(db, viewer, allowedFilters(viewer, filters), query, now),
    answer: (tx, rows) => summaries(tx, viewer, rows, now),
  };
}

/** GET tickets' export. */
export function exportTickets(
  db: Db,
  viewer: Actor,
  filters: TicketFilters,
  query: ListQuery,
  now = new Date(),
): ListExport<TicketListRow, ApiTicketSummary> {
  return ticketExport(db, viewer, filters, query, now);
}

/** GET landlords/{id}/tickets' export: its rule, and a landlord that does not exist is a 404, not an empty file. */
export async function exportLandlordTickets(
  db: Db,
  viewer: Actor,
  landlordId: number,
  filters: TicketFilters,
  query: ListQuery,
  now = new Date(),
): Promise<ListExport<TicketListRow, ApiTicketSummary>> {
  const allowed = landlordTicketFilters(viewer, landlordId, filters);
  if (!(await landlordExists(db, landlordId))) throw notFound();
  return ticketExport(db, viewer, allowed, query, now);
}

/** GET users/{id}/tickets' export, under its rule. */
export async function exportUserTickets(
  db: Db,
  viewer: Actor,
  userId: number,
  filters: TicketFilters,
  query: ListQuery,
  now = new Date(),
): Promise<ListExport<TicketListRow, ApiTicketSummary>> {
  return ticketExport(db, viewer, await userTicketFilters(db, viewer, userId, filters), query, now);
}

/** A ticket file the viewer may see: its storage key and how to serve it; 404 otherwise. */
export async function findTicketFile(
  db: Db,
  viewer: Actor,
  ticketId: number,
  imageId: number,
  thumbnail: boolean,
): Promise<{ key: string; mimeType: string; name: string }> {
  const [image] = await db
    .select({
      storageKey: ticketImages.storageKey,
      thumbnailKey: ticketImages.thumbnailKey,
      mimeType: ticketImages.mimeType,
      originalName: ticketImages.originalName,
    })
    .from(ticketImages)
    .innerJoin(tickets, eq(tickets.id, ticketImages.ticketId))
    .where(and(eq(ticketImages.id, imageId), eq(ticketImages.ticketId, ticketId), visibleTickets(viewer)))
    .limit(1);
  if (!image) throw notFound();
  if (thumbnail) {
    if (!image.thumbnailKey) throw notFound();
    return { key: image.thumbnailKey, mimeType: 'image/webp', name: image.originalName };
  }
  return { key: image.storageKey, mimeType: image.mimeType, name: image.originalName };
}

// ---------------------------------------------------------------------------------------------------------
// Writes: helpers

const authorOf = (viewer: Viewer): Author => ({ id: viewer.id, role: viewer.role, name: viewer.name });

/** A tenant's unit (null when it has none). */
async function tenantUnitOf(db: Db, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ unitId: tenantUnits.unitId })
    .from(tenantUnits)
    .where(eq(tenantUnits.userId, userId));
  return row?.unitId ?? null;
}

/** The tenant a ticket is for when someone else raises it on a unit: the unit's first tenant, if any. */
export async function firstTenantOf(db: Db | Tx, unitId: number | null): Promise<number | null> {
  // Work on the whole property is no tenant's (issue 26).
  if (unitId === null) return null;
  const [row] = await db
    .select({ userId: tenantUnits.userId })
    .from(tenantUnits)
    .where(eq(tenantUnits.unitId, unitId))
    .orderBy(asc(tenantUnits.userId))
    .limit(1);
  return row?.userId ?? null;
}

/**
 * Takes the next ticket id before the transaction, so the files can be stored under `tickets/{id}/` first
 * and the transaction stays short (a failed transaction only leaves a gap in the ids).
 */
async function reserveTicketId(db: Db): Promise<number> {
  const result = await db.execute<{ id: number }>(
    sql`select nextval(pg_get_serial_sequence('tickets', 'id'))::int as id`,
  );
  return Number(result.rows[0].id);
}

/** What messages about the ticket say: its unit, property, landlord and category. */
export async function factsOf(tx: Tx, id: number): Promise<TicketFacts> {
  const [row] = await tx
    .select({
      id: tickets.id,
      title: tickets.title,
      description: tickets.description,
      priority: tickets.priority,
      propertyId: tickets.propertyId,
      propertyName: properties.name,
      landlordId: properties.landlordId,
      unitName: unitNameColumn,
      tenantId: tickets.tenantId,
      createdBy: tickets.createdBy,
      createdAt: tickets.createdAt,
    })
    .from(tickets)
    .leftJoin(units, eq(units.id, tickets.unitId))
    .innerJoin(properties, eq(properties.id, tickets.propertyId))
    .where(eq(tickets.id, id));
  const [category] = await tx
    .select({ id: categories.id, title: categories.title })
    .from(ticketCategories)
    .innerJoin(categories, eq(categories.id, ticketCategories.categoryId))
    .where(eq(ticketCategories.ticketId, id))
    .orderBy(asc(categories.id))
    .limit(1);
  return { ...row, categoryId: category?.id ?? 0, categoryTitle: category?.title ?? '' };
}

function logRow(ticketId: number, viewer: Viewer, action: string, description: string, data = {}) {
  return { ticketId, userId: viewer.id, action, description, data };
}

async function insertAvailability(
  tx: Tx,
  ticketId: number,
  ranges: { start: number; end: number }[],
): Promise<void> {
  if (ranges.length === 0) return;
  await tx.insert(ticketAvailability).values(
    ranges.map((range) => ({
      ticketId,
      startsAt: new Date(range.start * 1000),
      endsAt: new Date(range.end * 1000),
    })),
  );
}

async function insertImages(
  tx: Tx,
  ticketId: number,
  files: StoredFile[],
  firstPosition: number,
): Promise<number[]> {
  if (files.length === 0) return [];
  const rows = await tx
    .insert(ticketImages)
    .values(
      files.map((file, i) => ({
        ticketId,
        storageKey: file.storageKey,
        thumbnailKey: file.thumbnailKey,
        mimeType: file.mimeType,
        sizeBytes: file.data.length,
        originalName: file.originalName,
        position: firstPosition + i,
      })),
    )
    .returning({ id: ticketImages.id });
  return rows.map((row) => row.id);
}

function filesLog(
  ticketId: number,
  viewer: Viewer,
  action: 'images_added' | 'images_removed',
  ids: number[],
) {
  const l = en.tickets.log;
  const description = format(action === 'images_added' ? l.filesAdded : l.filesRemoved, {
    count: ids.length,
  });
  return logRow(ticketId, viewer, action, description, { ids });
}

/** Sets a new status with its closing time, log entry, sign-off and notifications; false when it is unchanged. */
async function applyStatus(
  tx: Tx,
  appUrl: string,
  viewer: Viewer,
  ticket: Pick<TicketRow, 'id' | 'status'>,
  status: number,
  now: Date,
): Promise<boolean> {
  if (ticket.status === status) return false;
  const asked = await writeStatus(tx, messagingFor(appUrl), ticket, status, viewer, now);
  // A tenant asked to sign the repair off hears of the completion from that question alone.
  const told = asked === null ? [] : [asked];
  await notifyStatusChange(
    tx,
    appUrl,
    await factsOf(tx, ticket.id),
    authorOf(viewer),
    ticket.status,
    status,
    told,
  );
  return true;
}

/** Runs a write after files were stored; if it fails, the files go again. */
async function withStoredFiles<T>(
  ctx: ServiceContext,
  stored: StoredFile[],
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    await discardFiles(ctx.storage, ctx.log, keysOf(stored));
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Create

export async function createTicket(
  ctx: ServiceContext,
  viewer: Viewer,
  body: unknown,
  uploads: UploadedFile[],
  now = new Date(),
): Promise<ApiTicket> {
  if (!can(viewer, 'ticket.create')) throw forbidden();
  const input = asRecord(body);
  if (!can(viewer, 'ticket.setStatusInForm')) delete input.status;
  // SPEC.md section 6: a tenant does not pick the unit; its ticket is on its own unit.
  const unitForced = !can(viewer, 'ticket.pickUnit');
  if (unitForced) {
    const own = await tenantUnitOf(ctx.db, viewer.id);
    if (own === null) throw fieldError('unit_id', en.tickets.noUnit);
    input.unit_id = own;
  }
  const form = await parseTicketForm(ctx.db, viewer, input, uploads, { kept: 0, unitForced });
  const tenantId = hasUnit(viewer.role) ? viewer.id : await firstTenantOf(ctx.db, form.unit.id);
  const id = await reserveTicketId(ctx.db);
  const stored = await storeTicketFiles(ctx.storage, ctx.log, id, form.files);
  await withStoredFiles(ctx, stored, () =>
    ctx.db.transaction(async (tx) => {
      const { values } = form;
      const status = values.status ?? 0;
      await tx.insert(tickets).values({
        id,
        unitId: form.unit.id,
        propertyId: form.unit.propertyId,
        tenantId,
        createdBy: viewer.id,
        ...ticketColumns(form),
        status,
        meta: form.meta ?? {},
        closedAt: isClosedStatus(status) ? now : null,
        // Raised in another status than Open, someone already acted on it (issue 26).
        respondedAt: status !== 0 ? now : null,
      });
      await tx.insert(ticketCategories).values({ ticketId: id, categoryId: form.category.id });
      await insertAvailability(tx, id, values.availability);
      await insertImages(tx, id, stored, 0);
      await tx.insert(ticketLog).values(logRow(id, viewer, 'created', en.tickets.log.created));
      if (status !== 0) await tx.insert(ticketLog).values(statusLogLine(id, viewer, 0, status));
      await routeTicket(tx, ctx.config.appUrl, await factsOf(tx, id), authorOf(viewer));
      // Raised as Completed (work logged after it was done): its tenant is asked to sign it off too.
      await signoffOnStatusChange(tx, ctx.messaging, id, 0, status, viewer, now);
      await queueWebhookEvent(tx, ctx.config.appUrl, 'ticket.created', id, {}, now);
    }),
  );
  return loadTicket(ctx.db, viewer, id, now);
}

/** The ticket columns the form sets directly. */
function ticketColumns(form: TicketForm) {
  const { values } = form;
  return {
    title: values.title,
    description: values.description,
    priority: values.priority,
    contactFirstName: values.contact_details.first_name,
    contactLastName: values.contact_details.last_name,
    contactEmail: values.contact_details.email,
    contactPhoneNumber: values.contact_details.phone_number,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Update

type FieldKey = keyof typeof en.tickets.fields;

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const sortedRanges = (ranges: { start: number; end: number }[]) =>
  ranges.map((r) => [r.start, r.end]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
const sortedMeta = (meta: Record<string, string>) =>
  Object.entries(meta).sort(([a], [b]) => a.localeCompare(b));

/**
 * A status-only body (the detail footer and "Mark As..."): `status` and nothing else but `_nonce` /
 * `_method`. PATCH tickets/{id} with the whole form and PATCH {ticket path} with the status are one route.
 */
export function isStatusOnly(body: unknown, uploads: UploadedFile[]): boolean {
  const keys = Object.keys(asRecord(body)).filter((key) => key !== '_nonce' && key !== '_method');
  return uploads.length === 0 && keys.length === 1 && keys[0] === 'status';
}

export async function updateTicket(
  ctx: ServiceContext,
  viewer: Viewer,
  id: number,
  body: unknown,
  uploads: UploadedFile[],
  now = new Date(),
): Promise<ApiTicket> {
  const current = await findTicketRow(ctx.db, viewer, id);
  if (!current) throw notFound();
  if (!can(viewer, 'ticket.update')) throw forbidden();
  const input = asRecord(body);
  if (!can(viewer, 'ticket.setStatusInForm')) delete input.status;
  // SPEC.md section 6: only the super admin chooses the unit when editing; others keep the ticket's unit.
  const unitForced = !can(viewer, 'ticket.changeUnitOnEdit');
  if (unitForced) {
    input.unit_id = current.ticket.unitId;
    input.property_id = current.ticket.propertyId;
  }
  const existing = await imagesOf(ctx.db, id);
  const removeIds = idsOf(input.remove_images).filter((imageId) =>
    existing.some((image) => image.id === imageId),
  );
  const storedRanges = await availabilityOf(ctx.db, id);
  const form = await parseTicketForm(ctx.db, viewer, input, uploads, {
    kept: existing.length - removeIds.length,
    unitForced,
    keptRanges: storedRanges.map((range) => ({
      start: range.startsAt.getTime() / 1000,
      end: range.endsAt.getTime() / 1000,
    })),
  });
  const stored = await storeTicketFiles(ctx.storage, ctx.log, id, form.files);
  const removedKeys = await withStoredFiles(ctx, stored, () =>
    ctx.db.transaction((tx) => writeUpdate(tx, ctx.config.appUrl, viewer, id, form, stored, removeIds, now)),
  );
  // The rows are gone (committed): now their files may go.
  await discardFiles(ctx.storage, ctx.log, removedKeys);
  return loadTicket(ctx.db, viewer, id, now);
}

/** The update transaction; answers the storage keys of the removed files. */
async function writeUpdate(
  tx: Tx,
  appUrl: string,
  viewer: Viewer,
  id: number,
  form: TicketForm,
  stored: StoredFile[],
  removeIds: number[],
  now: Date,
): Promise<string[]> {
  const [locked] = await tx
    .select()
    .from(tickets)
    .where(and(eq(tickets.id, id), visibleTickets(viewer)))
    .for('update');
  if (!locked) throw notFound();
  const { values } = form;
  const [oldCategories, oldAvailability] = await Promise.all([
    tx
      .select({ id: ticketCategories.categoryId })
      .from(ticketCategories)
      .where(eq(ticketCategories.ticketId, id))
      .orderBy(asc(ticketCategories.categoryId)),
    tx
      .select({ startsAt: ticketAvailability.startsAt, endsAt: ticketAvailability.endsAt })
      .from(ticketAvailability)
      .where(eq(ticketAvailability.ticketId, id))
      .orderBy(asc(ticketAvailability.startsAt), asc(ticketAvailability.id)),
  ]);
  const oldRanges = sortedRanges(
    oldAvailability.map((r) => ({ start: r.startsAt.getTime() / 1000, end: r.endsAt.getTime() / 1000 })),
  );
  const newRanges = sortedRanges(values.availability);
  const meta = form.meta ?? locked.meta;
  const columns = ticketColumns(form);

  const changed: FieldKey[] = [];
  if (values.title !== locked.title) changed.push('title');
  if (values.description !== locked.description) changed.push('description');
  if (values.priority !== locked.priority) changed.push('priority');
  const categoryChanged = oldCategories.length !== 1 || oldCategories[0].id !== form.category.id;
  if (categoryChanged) changed.push('category');
  // A ticket of a whole property (no unit) may move to another property too.
  const unitChanged = form.unit.id !== locked.unitId || form.unit.propertyId !== locked.propertyId;
  if (unitChanged) changed.push('unit');
  if (
    columns.contactFirstName !== locked.contactFirstName ||
    columns.contactLastName !== locked.contactLastName ||
    columns.contactEmail !== locked.contactEmail ||
    columns.contactPhoneNumber !== locked.contactPhoneNumber
  )
    changed.push('contact_details');
  if (!sameJson(oldRanges, newRanges)) changed.push('availability');
  if (!sameJson(sortedMeta(meta), sortedMeta(locked.meta))) changed.push('meta');

  const set: Partial<NewTicketRow> = {};
  if (changed.length > 0) Object.assign(set, columns, { meta });
  if (unitChanged) {
    set.unitId = form.unit.id;
    set.propertyId = form.unit.propertyId;
    set.tenantId = await firstTenantOf(tx, form.unit.id);
    // Its visits' copy of the property (the calendar reads a property's visits by it).
    await tx
      .update(ticketVisits)
      .set({ propertyId: form.unit.propertyId })
      .where(eq(ticketVisits.ticketId, id));
  }
  const filesChanged = stored.length > 0 || removeIds.length > 0;
  if (changed.length > 0 || filesChanged) {
    await tx
      .update(tickets)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(tickets.id, id));
  }
  if (categoryChanged) {
    await tx.delete(ticketCategories).where(eq(ticketCategories.ticketId, id));
    await tx.insert(ticketCategories).values({ ticketId: id, categoryId: form.category.id });
  }
  if (changed.includes('availability')) {
    await tx.delete(ticketAvailability).where(eq(ticketAvailability.ticketId, id));
    await insertAvailability(tx, id, values.availability);
  }

  const removed =
    removeIds.length > 0
      ? await tx
          .delete(ticketImages)
          .where(and(eq(ticketImages.ticketId, id), inArray(ticketImages.id, removeIds)))
          .returning({
            id: ticketImages.id,
            storageKey: ticketImages.storageKey,
            thumbnailKey: ticketImages.thumbnailKey,
          })
      : [];
  const [{ last }] = await tx
    .select({ last: max(ticketImages.position) })
    .from(ticketImages)
    .where(eq(ticketImages.ticketId, id));
  const addedIds = await insertImages(tx, id, stored, (last ?? -1) + 1);
  // The count was checked before; this catches two edits adding files at the same time.
  const [{ total }] = await tx
    .select({ total: countAll })
    .from(ticketImages)
    .where(eq(ticketImages.ticketId, id));
  if (total > TICKET_IMAGE_MAX_FILES) throw fieldError(IMAGES_FIELD, en.errors.tooManyFiles);

  if (changed.length > 0) {
    const fields = changed.map((key) => en.tickets.fields[key]).join(', ');
    const description = format(en.tickets.log.updated, { fields });
    await tx.insert(ticketLog).values(logRow(id, viewer, 'updated', description, { fields: changed }));
  }
  if (addedIds.length > 0) await tx.insert(ticketLog).values(filesLog(id, viewer, 'images_added', addedIds));
  if (removed.length > 0)
    await tx.insert(ticketLog).values(
      filesLog(
        id,
        viewer,
        'images_removed',
        removed.map((image) => image.id),
      ),
    );
  if (changed.length > 0 || filesChanged) {
    const fields = filesChanged ? [...changed, 'images'] : changed;
    await queueWebhookEvent(tx, appUrl, 'ticket.updated', id, { fields }, now);
  }
  if (values.status !== undefined) await applyStatus(tx, appUrl, viewer, locked, values.status, now);
  // Moved to another property or category: its contractors (and managers) hear about it too.
  if (categoryChanged || (unitChanged && form.unit.propertyId !== locked.propertyId)) {
    await routeTicket(tx, appUrl, await factsOf(tx, id), authorOf(viewer));
  }
  return keysOf(removed);
}

// ---------------------------------------------------------------------------------------------------------
// Status

/** PATCH {ticket path} with `status` only. */
export async function changeTicketStatus(
  ctx: ServiceContext,
  viewer: Viewer,
  id: number,
  body: unknown,
  now = new Date(),
): Promise<ApiTicket> {
  if (!(await findTicketRow(ctx.db, viewer, id))) throw notFound();
  if (!can(viewer, 'ticket.updateStatus')) throw forbidden();
  const { status } = ticketStatusSchema.parse(asRecord(body));
  await ctx.db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: tickets.id, status: tickets.status })
      .from(tickets)
      .where(and(eq(tickets.id, id), visibleTickets(viewer)))
      .for('update');
    if (!locked) throw notFound();
    await applyStatus(tx, ctx.config.appUrl, viewer, locked, status, now);
  });
  return loadTicket(ctx.db, viewer, id, now);
}

function batchMessage(done: number, refused: number, template: string): string {
  const message = format(template, { count: done });
  return refused > 0 ? `${message} ${format(en.tickets.refused, { count: refused })}` : message;
}

function assertBatchSize(ids: number[], message: string): void {
  if (ids.length > MAX_BATCH) throw fieldError('tickets', message);
}

/**
 * PATCH /api/tickets/batch/status: every listed ticket the viewer may change, in one transaction. Tickets
 * it does not see are refused like the ones it may not change, so the answer tells nothing about them.
 */
export async function batchChangeStatus(
  ctx: ServiceContext,
  viewer: Viewer,
  body: unknown,
  now = new Date(),
): Promise<ApiTicketBatchStatusResponse> {
  const { tickets: ids, status } = ticketBatchStatusSchema.parse(asRecord(body));
  assertBatchSize(ids, en.errors.statusUpdateFailed);
  const changeable = can(viewer, 'ticket.updateStatus');
  const applied = await ctx.db.transaction(async (tx) => {
    if (!changeable) return [];
    // Locked in id order, so two batches over the same tickets cannot deadlock.
    const rows = await tx
      .select({ id: tickets.id, status: tickets.status })
      .from(tickets)
      .where(and(inArray(tickets.id, ids), visibleTickets(viewer)))
      .orderBy(asc(tickets.id))
      .for('update');
    for (const row of rows) await applyStatus(tx, ctx.config.appUrl, viewer, row, status, now);
    return rows.map((row) => row.id);
  });
  if (applied.length === 0) throw new AppError(403, en.errors.statusUpdateFailed);
  const refused = ids.filter((id) => !applied.includes(id));
  const data = await summaries(ctx.db, viewer, await ticketRowsByIds(ctx.db, viewer, applied), now);
  const t = en.tickets;
  return {
    data,
    refused,
    message: batchMessage(applied.length, refused.length, t.batchStatusUpdated),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Delete

/**
 * Deletes tickets (their rows cascade) and answers the stored files of their images and comments, to remove. Open
 * screens of those who saw them are told (modules/live).
 */
async function deleteRows(tx: Tx, ids: number[]): Promise<string[]> {
  const files = await tx
    .select({ storageKey: ticketImages.storageKey, thumbnailKey: ticketImages.thumbnailKey })
    .from(ticketImages)
    .where(inArray(ticketImages.ticketId, ids));
  const commentFiles = await tx
    .select({ storageKey: ticketCommentFiles.storageKey, thumbnailKey: ticketCommentFiles.thumbnailKey })
    .from(ticketCommentFiles)
    .innerJoin(ticketComments, eq(ticketComments.id, ticketCommentFiles.commentId))
    .where(inArray(ticketComments.ticketId, ids));
  await announceDeletedTickets(tx, ids);
  await tx.delete(tickets).where(inArray(tickets.id, ids));
  return keysOf([...files, ...commentFiles]);
}

export async function deleteTicket(
  ctx: ServiceContext,
  viewer: Viewer,
  id: number,
): Promise<ApiTicketDeleteResponse> {
  const current = await findTicketRow(ctx.db, viewer, id);
  if (!current) throw notFound();
  if (!can(viewer, 'ticket.delete')) throw forbidden();
  const keys = await ctx.db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.id, id), visibleTickets(viewer)))
      .for('update');
    if (!locked) throw notFound();
    return deleteRows(tx, [id]);
  });
  await discardFiles(ctx.storage, ctx.log, keys);
  return { id, message: format(en.tickets.deleted, { title: current.ticket.title }) };
}

/** DELETE /api/tickets/batch: every listed ticket the viewer may delete, in one transaction. */
export async function batchDeleteTickets(
  ctx: ServiceContext,
  viewer: Viewer,
  body: unknown,
): Promise<ApiTicketBatchDeleteResponse> {
  if (!can(viewer, 'ticket.bulkDelete')) throw forbidden(en.errors.batchDeleteFailed);
  const { tickets: ids } = ticketBatchDeleteSchema.parse(asRecord(body));
  assertBatchSize(ids, en.errors.batchDeleteFailed);
  const { deleted, keys } = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(inArray(tickets.id, ids), visibleTickets(viewer)))
      .orderBy(asc(tickets.id))
      .for('update');
    const found = rows.map((row) => row.id);
    return { deleted: found, keys: found.length > 0 ? await deleteRows(tx, found) : [] };
  });
  if (deleted.length === 0) throw new AppError(403, en.errors.batchDeleteFailed);
  await discardFiles(ctx.storage, ctx.log, keys);
  const refused = ids.filter((id) => !deleted.includes(id));
  const t = en.tickets;
  return {
    data: deleted,
    refused,
    message: batchMessage(deleted.length, refused.length, t.batchDeleted),
  };
}
