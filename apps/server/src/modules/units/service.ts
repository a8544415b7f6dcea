/**
 * Units: who sees them, list/detail/form data, the categories offered on a unit, create, update, delete.
 *
 * Permissions (SPEC.md section 6):
 * - role 0 sees and manages every unit;
 * - role 1 sees and manages the units of its landlord's properties (property_id of another landlord: 422);
 * - role 2 reads its own unit only; role 3 reads the units of the properties it works on ("Tenant List").
 * A unit's `tickets` are the newest 20 the viewer may see (a contractor: the tickets routed to it).
 * Moving a unit to another property moves its tickets' property along; to another landlord, its tenants too.
 */
import {
  type Actor,
  type ApiCategorySummary,
  type ApiUnit,
  type ApiUnitEdit,
  type ApiUnitFormOptions,
  type ApiUnitTicket,
  can,
  en,
  ROLE,
  type UnitValues,
  unitSchema,
} from '@mend/shared';
import { and, asc, eq, getTableColumns, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import {
  categories,
  contractorProperties,
  landlords,
  properties,
  tenantUnits,
  tickets,
  type UnitRow,
  unitCategories,
  units,
  users,
} from '../../db/schema';
import { type FieldErrors, forbidden, notFound, validationFailed } from '../../lib/errors';
import type { UploadedFile } from '../../lib/form-body';
import {
  countAll,
  countUpTo,
  type ListPage,
  type ListQuery,
  likePattern,
  listPage,
  orderBy,
  pageOffset,
  type SortColumns,
  sortOf,
} from '../../lib/list-query';
import {
  deletedMessage,
  deleteGuarded,
  dependents,
  discardFile,
  everyRow,
  groupBy,
  hasField,
  inUse,
  noRow,
  type Person,
  parseForm,
  personColumns,
  qb,
  type RecordsContext,
  requestedLandlordSchema,
  textSort,
  withStoredImage,
} from '../../lib/record-helpers';
import type { ScopedActor } from '../../lib/session';
import { visibleLandlords } from '../landlords/service';
import { visibleProperties } from '../properties/service';
import { visibleTickets } from '../tickets/queries';
import { timeZoneOf } from '../tickets/time-zones';
import { serializeUnit, serializeUnitTicket } from './serialize';

/** How many of a unit's newest tickets come with it. */
export const UNIT_TICKETS = 20;

/**
 * The units an actor may see: all (role 0), those of its landlord's properties (role 1), its own
 * (role 2), those of the properties it works on (role 3).
 */
export function visibleUnits(actor: ScopedActor): SQL {
  switch (actor.role) {
    case ROLE.superAdmin:
      return everyRow();
    case ROLE.manager:
      return actor.landlordId === null
        ? noRow()
        : inArray(
            units.propertyId,
            qb
              .select({ id: properties.id })
              .from(properties)
              .where(eq(properties.landlordId, actor.landlordId)),
          );
    case ROLE.tenant:
      return inArray(
        units.id,
        qb.select({ id: tenantUnits.unitId }).from(tenantUnits).where(eq(tenantUnits.userId, actor.id)),
      );
    default:
      return inArray(
        units.propertyId,
        qb
          .select({ id: contractorProperties.propertyId })
          .from(contractorProperties)
          .where(eq(contractorProperties.userId, actor.id)),
      );
  }
}

/** Unit pictures need a signed-in user (the uploads route's rule for avatars/). */
const avatarFolder = (id: number) => `avatars/units/${id}`;

const SORTABLE = {
  name: textSort(units.name),
  created_at: units.createdAt,
  property: textSort(properties.name),
} satisfies SortColumns<'units'>;
const DEFAULT_SORT = { sort: 'created_at', order: 'desc' } as const;

/**
 * Search: name, description, property name, and the company and names of its tenants, all in the unit's
 * lower-cased `search_text` (kept by the triggers of migration 0007, as tickets' is by ADR 0009).
 * - `wide` (every unit): `LIKE lower('%term%')`, which the column's trigram index answers.
 * - otherwise (a landlord's, a property's or a contractor's few hundred units): `strpos`, the same substring
 *   test row by row. That statement is prepared, and a generic plan offered the trigram index could AND the
 *   whole scope with a common word's posting lists.
 */
function unitSearch(term: string, wide: boolean): SQL | undefined {
  if (!term) return undefined;
  return wide
    ? sql`${units.searchText} like lower(${likePattern(term)})`
    : sql`strpos(${units.searchText}, lower(${term})) > 0`;
}

interface Loaded {
  unit: Omit<UnitRow, 'searchText'>;
  propertyName: string;
  landlordId: number;
  province: string;
}

const { searchText: _searchText, ...unitColumns } = getTableColumns(units);

const loadedColumns = {
  unit: unitColumns,
  propertyName: properties.name,
  landlordId: properties.landlordId,
  province: properties.province,
};

async function newestTickets(db: Db, actor: Actor, ids: number[]) {
  const ranked = db
    .select({
      id: tickets.id,
      unitId: tickets.unitId,
      title: tickets.title,
      status: tickets.status,
      rank: sql<number>`row_number() over (partition by ${tickets.unitId} order by ${tickets.createdAt} desc, ${tickets.id} desc)`
        .mapWith(Number)
        .as('rank'),
    })
    .from(tickets)
    .where(and(inArray(tickets.unitId, ids), visibleTickets(actor)))
    .as('ranked');
  return db
    .select()
    .from(ranked)
    .where(lte(ranked.rank, UNIT_TICKETS))
    .orderBy(asc(ranked.unitId), asc(ranked.rank));
}

async function serializeMany(db: Db, actor: Actor, rows: Loaded[]): Promise<ApiUnit[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.unit.id);
  const [tenantRows, ticketRows, categoryRows] = await Promise.all([
    db
      .select({ ...personColumns, unitId: tenantUnits.unitId })
      .from(tenantUnits)
      .innerJoin(users, eq(users.id, tenantUnits.userId))
      .where(inArray(tenantUnits.unitId, ids))
      // The first tenant is the one who has been around longest.
      .orderBy(asc(users.createdAt), asc(users.id)),
    newestTickets(db, actor, ids),
    db
      .select({
        id: categories.id,
        title: categories.title,
        description: categories.description,
        unitId: unitCategories.unitId,
      })
      .from(unitCategories)
      .innerJoin(categories, eq(categories.id, unitCategories.categoryId))
      .where(inArray(unitCategories.unitId, ids))
      .orderBy(textSort(categories.title), asc(categories.id)),
  ]);
  const tenantsOf = groupBy(tenantRows as (Person & { unitId: number })[], (row) => row.unitId);
  const ticketsOf = groupBy(ticketRows, (row) => row.unitId);
  const categoriesOf = groupBy(categoryRows, (row) => row.unitId);
  return rows.map(({ unit, propertyName, landlordId, province }) =>
    serializeUnit(
      unit,
      { id: unit.propertyId, name: propertyName, landlord_id: landlordId },
      timeZoneOf(province),
      tenantsOf.get(unit.id) ?? [],
      (ticketsOf.get(unit.id) ?? []).map((ticket): ApiUnitTicket => serializeUnitTicket(ticket)),
      (categoriesOf.get(unit.id) ?? []).map(
        ({ id, title, description }): ApiCategorySummary => ({ id, title, description }),
      ),
    ),
  );
}

export interface UnitFilters {
  propertyId?: number;
  landlordId?: number;
}

export async function listUnits(
  db: Db,
  actor: Actor,
  query: ListQuery,
  filters: UnitFilters = {},
): Promise<ListPage<ApiUnit>> {
  const narrowed =
    actor.role !== ROLE.superAdmin || filters.propertyId !== undefined || filters.landlordId !== undefined;
  // Only units' own columns: the count need not join properties (every unit has one).
  const where = and(
    visibleUnits(actor),
    filters.propertyId === undefined ? undefined : eq(units.propertyId, filters.propertyId),
    filters.landlordId === undefined
      ? undefined
      : inArray(
          units.propertyId,
          qb
            .select({ id: properties.id })
            .from(properties)
            .where(eq(properties.landlordId, filters.landlordId)),
        ),
    unitSearch(query.search, !narrowed),
  );
  const order = orderBy(query, SORTABLE, DEFAULT_SORT, units.id);
  // The page's ids first, then its rows: a deep page (offset 9,990) skips index entries alone (an index-only scan,
  // 2 ms) instead of reading and joining every row it skips (14 ms). Only the property sort needs the join.
  const pageIds = (
    sortOf(query, SORTABLE, DEFAULT_SORT).key === 'property'
      ? db.select({ id: units.id }).from(units).innerJoin(properties, eq(properties.id, units.propertyId))
      : db.select({ id: units.id }).from(units)
  )
    .where(where)
    .orderBy(...order)
    .limit(query.per_page)
    .offset(pageOffset(query));
  const [rows, total] = await Promise.all([
    db
      .select(loadedColumns)
      .from(units)
      .innerJoin(properties, eq(properties.id, units.propertyId))
      .where(inArray(units.id, pageIds))
      .orderBy(...order),
    countUpTo(
      db,
      db.select({ one: sql`1` }).from(units).where(where),
      query,
      narrowed || query.search ? undefined : units,
    ),
  ]);
  return listPage(await serializeMany(db, actor, rows), total, query);
}

/** The unit if the actor may see it; 404 otherwise. */
async function findVisible(db: Db, actor: Actor, id: number): Promise<Loaded> {
  const [row] = await db
    .select(loadedColumns)
    .from(units)
    .innerJoin(properties, eq(properties.id, units.propertyId))
    .where(and(eq(units.id, id), visibleUnits(actor)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

export async function getUnit(db: Db, actor: Actor, id: number): Promise<ApiUnit> {
  const [unit] = await serializeMany(db, actor, [await findVisible(db, actor, id)]);
  return unit;
}

/** GET units/{id}/categories: the unit's categories, or every category when it has none of its own. */
export async function unitCategoryChoices(
  db: Db,
  actor: Actor,
  id: number,
): Promise<{ data: ApiCategorySummary[] }> {
  await findVisible(db, actor, id);
  const columns = { id: categories.id, title: categories.title, description: categories.description };
  const own = await db
    .select(columns)
    .from(unitCategories)
    .innerJoin(categories, eq(categories.id, unitCategories.categoryId))
    .where(eq(unitCategories.unitId, id))
    .orderBy(textSort(categories.title), asc(categories.id));
  if (own.length > 0) return { data: own };
  const all = await db
    .select(columns)
    .from(categories)
    .orderBy(textSort(categories.title), asc(categories.id));
  return { data: all };
}

/**
 * The unit form's choices. Properties are offered for one landlord at a time (as the user forms' units and
 * properties are): the super admin's every property would be 20,000 options, a megabyte a call. The landlord
 * is the super admin's `?landlord_id=`, else the edited unit's landlord, else none yet (no properties); a
 * manager's own, whatever it asks for. An unknown or unreadable landlord id is none chosen.
 */
async function formOptions(
  db: Db,
  actor: Actor,
  rawQuery: unknown,
  unitLandlordId: number | null,
): Promise<ApiUnitFormOptions> {
  const isSuper = actor.role === ROLE.superAdmin;
  const requested = requestedLandlordSchema.parse(rawQuery ?? {}).landlord_id;
  const [landlordOptions, categoryOptions] = await Promise.all([
    db
      .select({ id: landlords.id, name: landlords.name })
      .from(landlords)
      .where(visibleLandlords(actor))
      .orderBy(textSort(landlords.name), asc(landlords.id)),
    db
      .select({ id: categories.id, title: categories.title, description: categories.description })
      .from(categories)
      .orderBy(textSort(categories.title), asc(categories.id)),
  ]);
  let chosen = isSuper ? (requested ?? unitLandlordId) : actor.landlordId;
  if (chosen !== null && !landlordOptions.some((landlord) => landlord.id === chosen)) chosen = null;
  const propertyOptions =
    chosen === null
      ? []
      : await db
          .select({ id: properties.id, name: properties.name, landlord_id: properties.landlordId })
          .from(properties)
          .where(and(eq(properties.landlordId, chosen), visibleProperties(actor)))
          .orderBy(textSort(properties.name), asc(properties.id));
  return {
    can_pick_landlord: isSuper,
    landlord_options: landlordOptions,
    options_landlord_id: chosen,
    property_options: propertyOptions,
    category_options: categoryOptions,
  };
}

/** GET units/create: the landlord, property and category choices (roles 0 and 1); `?landlord_id=` picks the landlord. */
export async function unitCreateForm(db: Db, actor: Actor, rawQuery: unknown): Promise<ApiUnitFormOptions> {
  if (!can(actor, 'unit.create')) throw forbidden();
  return formOptions(db, actor, rawQuery, null);
}

/** GET units/{id}/edit: the unit and its form's choices, starting from the unit's landlord. */
export async function unitEditForm(
  db: Db,
  actor: Actor,
  id: number,
  rawQuery: unknown,
): Promise<ApiUnitEdit> {
  const loaded = await findVisible(db, actor, id);
  if (!can(actor, 'unit.update', { landlordId: loaded.landlordId })) throw forbidden();
  const [[unit], options] = await Promise.all([
    serializeMany(db, actor, [loaded]),
    formOptions(db, actor, rawQuery, loaded.landlordId),
  ]);
  return { ...unit, ...options };
}

/** `category_ids[]` (or comma-separated text): blank entries skipped, duplicates dropped, else one message. */
const categoryIds = z.preprocess(
  (value) => {
    if (value === undefined || value === null || value === '') return [];
    const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [value];
    const ids = items
      .map((item) => (typeof item === 'number' ? String(item) : typeof item === 'string' ? item.trim() : '?'))
      .filter((item) => item !== '')
      .map((item) => (/^\d{1,9}$/.test(item) && Number(item) > 0 ? Number(item) : undefined));
    return ids.every((item) => item !== undefined) ? [...new Set(ids)] : undefined;
  },
  z.array(z.number(), { error: en.validation.category }),
);

const unitFormSchema = unitSchema.extend({ category_ids: categoryIds });
type UnitFormValues = UnitValues & { category_ids: number[] };

/**
 * The property must be one the actor may put units in, and every category must exist; both are
 * reported together as field errors. Answers the chosen property's landlord.
 */
async function assertReferences(tx: Tx, actor: Actor, values: UnitFormValues): Promise<number> {
  const errors: FieldErrors = {};
  const [property] = await tx
    .select({ id: properties.id, landlordId: properties.landlordId })
    .from(properties)
    .where(and(eq(properties.id, values.property_id), visibleProperties(actor)))
    .limit(1);
  if (!property || !can(actor, 'unit.create', { landlordId: property.landlordId })) {
    errors.property_id = [en.validation.property];
  }
  if (values.category_ids.length > 0) {
    const found = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(inArray(categories.id, values.category_ids));
    if (found.length !== values.category_ids.length) errors.category_ids = [en.validation.category];
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  return property.landlordId;
}

async function setCategories(tx: Tx, unitId: number, ids: number[]): Promise<void> {
  await tx.delete(unitCategories).where(eq(unitCategories.unitId, unitId));
  if (ids.length > 0) {
    await tx.insert(unitCategories).values(ids.map((categoryId) => ({ unitId, categoryId })));
  }
}

function columnsOf(values: UnitFormValues) {
  return {
    propertyId: values.property_id,
    name: values.name,
    description: values.description,
    gmapsUrl: values.gmaps_url,
    postalCode: values.postal_code,
    address: values.address,
  };
}

export async function createUnit(
  context: RecordsContext,
  actor: Actor,
  body: unknown,
  files: UploadedFile[],
): Promise<ApiUnit> {
  if (!can(actor, 'unit.create')) throw forbidden();
  const { values, image } = await parseForm(unitFormSchema, body, files);
  const id = await withStoredImage(context, image, (store) =>
    context.db.transaction(async (tx) => {
      await assertReferences(tx, actor, values);
      const [row] = await tx.insert(units).values(columnsOf(values)).returning({ id: units.id });
      await setCategories(tx, row.id, values.category_ids);
      const avatar = await store(avatarFolder(row.id));
      if (avatar) await tx.update(units).set({ avatar }).where(eq(units.id, row.id));
      return row.id;
    }),
  );
  return getUnit(context.db, actor, id);
}

/** Keeps denormalised columns true when a unit moves: its tickets' property, its tenants' landlord. */
async function followProperty(tx: Tx, unitId: number, propertyId: number, landlordId: number | null) {
  await tx.update(tickets).set({ propertyId }).where(eq(tickets.unitId, unitId));
  if (landlordId === null) return;
  await tx
    .update(users)
    .set({ landlordId })
    .where(
      inArray(
        users.id,
        qb.select({ id: tenantUnits.userId }).from(tenantUnits).where(eq(tenantUnits.unitId, unitId)),
      ),
    );
}

export async function updateUnit(
  context: RecordsContext,
  actor: Actor,
  id: number,
  body: unknown,
  files: UploadedFile[],
): Promise<ApiUnit> {
  const loaded = await findVisible(context.db, actor, id);
  if (!can(actor, 'unit.update', { landlordId: loaded.landlordId })) throw forbidden();
  const { values, image } = await parseForm(unitFormSchema, body, files);
  const replaceCategories = hasField(body, 'category_ids');
  const replaced = await withStoredImage(context, image, (store) =>
    context.db.transaction(async (tx) => {
      const [current] = await tx
        .select({ unit: units, landlordId: properties.landlordId })
        .from(units)
        .innerJoin(properties, eq(properties.id, units.propertyId))
        .where(eq(units.id, id))
        .for('update', { of: units });
      if (!current) throw notFound();
      const landlordId = await assertReferences(tx, actor, values);
      if (values.property_id !== current.unit.propertyId) {
        await followProperty(
          tx,
          id,
          values.property_id,
          landlordId !== current.landlordId ? landlordId : null,
        );
      }
      if (replaceCategories) await setCategories(tx, id, values.category_ids);
      const avatar = await store(avatarFolder(id));
      await tx
        .update(units)
        .set({ ...columnsOf(values), ...(avatar ? { avatar } : {}) })
        .where(eq(units.id, id));
      return avatar ? current.unit.avatar : null;
    }),
  );
  await discardFile(context, replaced);
  return getUnit(context.db, actor, id);
}

export async function deleteUnit(
  context: RecordsContext,
  actor: Actor,
  id: number,
): Promise<{ message: string }> {
  const loaded = await findVisible(context.db, actor, id);
  if (!can(actor, 'unit.delete', { landlordId: loaded.landlordId })) throw forbidden();
  const removed = await deleteGuarded('unit', loaded.unit.name, () =>
    context.db.transaction(async (tx) => {
      const [row] = await tx.select().from(units).where(eq(units.id, id)).for('update');
      if (!row) throw notFound();
      const [{ count }] = await tx.select({ count: countAll }).from(tickets).where(eq(tickets.unitId, id));
      if (count > 0) throw inUse('unit', row.name, dependents(count, 'ticket', 'tickets'));
      // Tenant links and unit categories go with it (ON DELETE CASCADE); the tenants stay.
      await tx.delete(units).where(eq(units.id, id));
      return row;
    }),
  );
  await discardFile(context, removed.avatar);
  return deletedMessage('unit', removed.name);
}
