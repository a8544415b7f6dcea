/**
 * The ticket form (SPEC.md section 5): the shared zod schema, the optional `meta` details, the files, and
 * the checks that need the database (the unit is one the actor may use; the category is offered on that
 * unit). Every problem of a submission is answered at once as 422 field errors; nothing is stored here.
 */
import {
  type Actor,
  type AvailabilityRange,
  can,
  en,
  fieldErrors,
  type TicketValues,
  ticketSchema,
  unitNameOrWhole,
} from '@mend/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categories, properties, unitCategories, units } from '../../db/schema';
import { type FieldErrors, validationFailed } from '../../lib/errors';
import type { UploadedFile } from '../../lib/form-body';
import { IMAGES_FIELD, type PreparedFile, prepareTicketFiles } from './files';

const v = en.validation;

/**
 * Built once, for a form whose unit is unknown (the unit's time zone then is not known either); its "not
 * earlier than yesterday" rule reads the clock at every parse.
 */
const TICKET_FORM = ticketSchema();

/** Limits of the free-form details (`meta[name]=value`, or their JSON text). */
const META_MAX_ENTRIES = 20;
const META_MAX_KEY = 100;
const META_MAX_VALUE = 1000;

/** Where a ticket's work is: a unit, or the whole property (issue 26: `id` null). */
export interface UnitInfo {
  id: number | null;
  name: string;
  propertyId: number;
  propertyName: string;
  landlordId: number;
  /** The property's IANA time zone: the form's times are wall-clock times there. */
  timeZone: string;
}

export interface TicketForm {
  values: TicketValues;
  /** Undefined when the form did not send `meta` (an edit then keeps the ticket's details). */
  meta: Record<string, string> | undefined;
  files: PreparedFile[];
  unit: UnitInfo;
  category: { id: number; title: string };
}

/** The body as a plain object (JSON bodies may be anything). */
export function asRecord(body: unknown): Record<string, unknown> {
  return typeof body === 'object' && body !== null && !Array.isArray(body)
    ? { ...(body as Record<string, unknown>) }
    : {};
}

/** A positive whole number from a form value, else undefined. */
export function positiveInt(value: unknown): number | undefined {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  return /^\d{1,9}$/.test(text) && Number(text) > 0 ? Number(text) : undefined;
}

/** `remove_images[]` (or a comma-separated list): ids; anything else is ignored. */
export function idsOf(value: unknown): number[] {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [value];
  return [...new Set(items.map(positiveInt).filter((id): id is number => id !== undefined))];
}

/** `meta` as a name/value map: ok=false when it is not one (or is too big). */
export function parseMeta(raw: unknown): { ok: boolean; value?: Record<string, string> } {
  if (raw === undefined || raw === null) return { ok: true };
  let value = raw;
  if (typeof raw === 'string') {
    if (raw.trim() === '') return { ok: true, value: {} };
    try {
      value = JSON.parse(raw);
    } catch {
      return { ok: false };
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false };
  const entries: [string, string][] = [];
  for (const [key, item] of Object.entries(value)) {
    const name = key.trim();
    if (name === '') continue;
    if (typeof item !== 'string' && typeof item !== 'number' && typeof item !== 'boolean')
      return { ok: false };
    const text = String(item).trim();
    if (name.length > META_MAX_KEY || text.length > META_MAX_VALUE) return { ok: false };
    entries.push([name, text]);
  }
  if (entries.length > META_MAX_ENTRIES) return { ok: false };
  return { ok: true, value: Object.fromEntries(entries) };
}

export async function findUnit(db: Db, id: number): Promise<UnitInfo | undefined> {
  const [row] = await db
    .select({
      id: units.id,
      name: units.name,
      propertyId: units.propertyId,
      propertyName: properties.name,
      landlordId: properties.landlordId,
      timeZone: properties.timeZone,
    })
    .from(units)
    .innerJoin(properties, eq(properties.id, units.propertyId))
    .where(eq(units.id, id))
    .limit(1);
  return row;
}

/** A whole property as the place of a ticket (issue 26), when it exists. */
export async function findWholeProperty(db: Db, id: number): Promise<UnitInfo | undefined> {
  const [row] = await db
    .select({
      propertyId: properties.id,
      propertyName: properties.name,
      landlordId: properties.landlordId,
      timeZone: properties.timeZone,
    })
    .from(properties)
    .where(eq(properties.id, id))
    .limit(1);
  return row && { id: null, name: unitNameOrWhole(null), ...row };
}

/**
 * The category if the place offers it: one of the unit's categories, or any category when it has none; any category
 * for the whole property (its common parts are not a unit's).
 */
async function offeredCategory(
  db: Db,
  unitId: number | null,
  categoryId: number,
): Promise<{ id: number; title: string } | undefined> {
  const offered =
    unitId === null
      ? []
      : await db
          .select({ id: unitCategories.categoryId })
          .from(unitCategories)
          .where(eq(unitCategories.unitId, unitId));
  if (offered.length > 0 && !offered.some((row) => row.id === categoryId)) return undefined;
  const [category] = await db
    .select({ id: categories.id, title: categories.title })
    .from(categories)
    .where(eq(categories.id, categoryId))
    .limit(1);
  return category;
}

export interface ParseOptions {
  /** Files the ticket keeps (edit), counted against the limit of 5. */
  kept: number;
  /** The unit was set by the server (tenant's own unit, or the ticket's unit on edit), not chosen. */
  unitForced: boolean;
  /** Edit: the ticket's stored availability, which may stay even when it starts before yesterday. */
  keptRanges?: readonly AvailabilityRange[];
}

export async function parseTicketForm(
  db: Db,
  actor: Actor,
  input: Record<string, unknown>,
  uploads: UploadedFile[],
  { kept, unitForced, keptRanges }: ParseOptions,
): Promise<TicketForm> {
  // The unit first: its property's time zone is the one "yesterday" is read in. Checked whenever it parsed, so
  // one answer lists every problem.
  const unitId = positiveInt(input.unit_id);
  // No unit but a property: a ticket of the whole property, which staff raise (issue 26).
  // (Or the place the server kept on an edit, whoever edits.)
  const wholePropertyId =
    unitId === undefined && (unitForced || can(actor, 'ticket.wholeProperty'))
      ? positiveInt(input.property_id)
      : undefined;
  let unit =
    unitId !== undefined
      ? await findUnit(db, unitId)
      : wholePropertyId !== undefined
        ? await findWholeProperty(db, wholePropertyId)
        : undefined;
  const timeZone = unit?.timeZone;
  const schema = keptRanges?.length || timeZone ? ticketSchema({ kept: keptRanges, timeZone }) : TICKET_FORM;
  const parsed = schema.safeParse(input);
  const errors: FieldErrors = parsed.success ? {} : fieldErrors(parsed.error);
  const meta = parseMeta(input.meta);
  if (!meta.ok) errors.meta = [en.tickets.meta];

  let category: { id: number; title: string } | undefined;
  if (errors.unit_id) unit = undefined;
  else if (
    (unitId !== undefined || wholePropertyId !== undefined) &&
    (!unit || !(unitForced || can(actor, 'ticket.pickUnit', unit)))
  ) {
    unit = undefined;
    errors.unit_id = [v.ticketUnit];
  }
  const categoryId = errors.category_id ? undefined : positiveInt(input.category_id);
  if (unit && categoryId !== undefined) {
    category = await offeredCategory(db, unit.id, categoryId);
    if (!category) errors.category_id = [v.category];
  }

  if (!unit && !errors.unit_id) errors.unit_id = [v.ticketUnit];
  if (unit && !category && !errors.category_id) errors.category_id = [v.category];

  // Files are converted only when the rest of the form is fine (re-encoding is the expensive part), but
  // their count, size and type are always checked.
  const files = await prepareTicketFiles(uploads, kept, { convert: Object.keys(errors).length === 0 });
  if (files.problem) errors[IMAGES_FIELD] = [files.problem];

  if (!parsed.success || !unit || !category || Object.keys(errors).length > 0) throw validationFailed(errors);
  // Browsers send a textarea's line breaks as CRLF; store them as \n.
  const values = { ...parsed.data, description: parsed.data.description.replace(/\r\n?/g, '\n') };
  return { values, meta: meta.value, files: files.prepared, unit, category };
}
