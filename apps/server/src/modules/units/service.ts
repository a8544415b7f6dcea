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
  can,
  en,
  LIST_COUNT_CAP,
  SEARCH_COUNT_CAP,
  type UnitValues,
  unitSchema,
} from '@mend/shared';
import {
  and,
  asc,
  eq,
  getTableColumns,
  getTableName,
  inArray,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import {
  hiddenFromPlanner,
  type Placeholders,
  shaped,
  type ViewerShape,
  viewerIn,
  viewerShape,
  withValues,
} from '../../db/reusable';
import {
  categories,
  properties,
  schedules,
  tenantUnits,
  tickets,
  type UnitRow,
  unitCategories,
  units,
  users,
} from '../../db/schema';
import type { ScopedActor } from '../../lib/actor';
import type { ServiceContext } from '../../lib/context';
import { type FieldErrors, forbidden, notFound, validationFailed } from '../../lib/errors';
import type { UploadedFile } from '../../lib/form-body';
import type { ListExport } from '../../lib/list-export';
import {
  countAll,
  everyRowCountUpTo,
  type ListPage,
  type ListQuery,
  likePattern,
  listCountCap,
  listPage,
  orderOf,
  pageOffset,
  type SortColumns,
  sortOf,
} from '../../lib/list-query';
import {
  deletedMessage,
  deleteGuarded,
  dependents,
  discardFile,
  hasField,
  inUse,
  parseForm,
  qb,
  textSort,
  withStoredImage,
} from '../../lib/record-helpers';
import { type RecordListStatements, readRecordListPage } from '../../lib/record-list-page';
import { seesEveryRow, visibleProperties, visibleUnits } from '../../lib/scopes';
import { categoryChoices, categoryChoicesJson } from '../categories/service';
import { landlordOption } from '../landlords/service';
import { visibleTickets } from '../tickets/queries';
import { serializeUnit, serializeUnitTicket, type UnitTenant } from './serialize';

/** How many of a unit's newest tickets come with it. */
export const UNIT_TICKETS = 20;

/** Unit pictures need a signed-in user (the uploads route's rule for avatars/). */
const avatarFolder = (id: number) => `avatars/units/${id}`;

const SORTABLE = {
  name: textSort(units.name),
  created_at: units.createdAt,
  // The property's name, then the property: its units stay together, and properties_name_sort_idx (lower(name), id)
  // serves the order (by the name alone, a page sorted the units of every property of that name: 1,001 for 10).
  property: [textSort(properties.name), properties.id],
} satisfies SortColumns<'units'>;
const DEFAULT_SORT = { sort: 'created_at', order: 'desc' } as const;

/**
 * Search: name, description, property name, and the company and names of its tenants, all in the unit's
 * lower-cased `search_text` (kept by the triggers of migration 0007, as tickets' is by ADR 0009).
 * - `wide` (every unit): `LIKE lower('%term%')`, which the column's trigram index answers (such a statement is
 *   planned with its pattern every time).
 * - `narrow` (a landlord's, a property's or a contractor's few hundred units): `strpos`, the same substring test
 *   row by row. That statement is prepared, and a generic plan offered the trigram index could AND the whole
 *   scope with a common word's posting lists.
 */
function unitSearch(search: UnitListShape['search'], term: Placeholder): SQL | undefined {
  if (search === 'none') return undefined;
  return search === 'wide'
    ? sql`${units.searchText} like lower(${term})`
    : sql`strpos(${units.searchText}, lower(${term})) > 0`;
}

interface Loaded {
  unit: Omit<UnitRow, 'searchText'>;
  propertyName: string;
  landlordId: number;
  timeZone: string;
}

const { searchText: _searchText, ...unitColumns } = getTableColumns(units);

const loadedColumns = {
  unit: unitColumns,
  propertyName: properties.name,
  landlordId: properties.landlordId,
  timeZone: properties.timeZone,
};

/**
 * The listed unit's id, written with its table's name: inside a link's subquery drizzle's `"id"` could be the
 * subquery's own table's.
 */
const listedUnitId = sql`${sql.identifier(getTableName(units))}.${sql.identifier(units.id.name)}`;

/**
 * What a unit shows beside its own row and property, each a JSON column read in the unit's statement: its tenants
 * (the first is the one who has been around longest), its newest UNIT_TICKETS tickets the viewer may see (a
 * contractor: those routed to it), its categories by title. The viewer's ids may be placeholders.
 */
function unitLinks(viewer: ScopedActor) {
  return {
    tenants: sql<
      UnitTenant[]
    >`(select coalesce(json_agg(json_build_object('id', ${users.id}, 'firstName', ${users.firstName}, 'lastName', ${users.lastName}, 'companyName', ${users.companyName}, 'email', ${users.email}, 'phoneNumber', ${users.phoneNumber}, 'avatar', ${users.avatar}) order by ${users.createdAt}, ${users.id}), '[]'::json) from ${tenantUnits} inner join ${users} on ${users.id} = ${tenantUnits.userId} where ${tenantUnits.unitId} = ${listedUnitId})`,
    tickets: sql<
      UnitTicket[]
    >`(select coalesce(json_agg(json_build_object('id', newest.id, 'title', newest.title, 'status', newest.status) order by newest.created_at desc, newest.id desc), '[]'::json) from (select ${tickets.id}, ${tickets.title}, ${tickets.status}, ${tickets.createdAt} from ${tickets} where ${tickets.unitId} = ${listedUnitId} and ${visibleTickets(viewer)} order by ${tickets.createdAt} desc, ${tickets.id} desc limit ${sql.raw(String(UNIT_TICKETS))}) as newest)`,
    categories: sql<
      ApiCategorySummary[]
    >`(select coalesce(json_agg(json_build_object('id', ${categories.id}, 'title', ${categories.title}, 'description', ${categories.description}) order by ${textSort(categories.title)}, ${categories.id}), '[]'::json) from ${unitCategories} inner join ${categories} on ${categories.id} = ${unitCategories.categoryId} where ${unitCategories.unitId} = ${listedUnitId})`,
  };
}

interface UnitTicket {
  id: number;
  title: string;
  status: number;
}

/** A unit read with its property and its links (`loadedColumns` and `unitLinks`). */
interface Linked extends Loaded {
  tenants: UnitTenant[];
  tickets: UnitTicket[];
  categories: ApiCategorySummary[];
}

function serializeLinked(row: Linked): ApiUnit {
  const { unit, propertyName, landlordId, timeZone } = row;
  return serializeUnit(
    unit,
    { id: unit.propertyId, name: propertyName, landlord_id: landlordId },
    timeZone,
    row.tenants,
    row.tickets.map(serializeUnitTicket),
    row.categories,
  );
}

export interface UnitFilters {
  propertyId?: number;
  landlordId?: number;
}

/** What changes the text of a units page's statement (db/reusable.ts `shaped`); its values are placeholders. */
export interface UnitListShape extends ViewerShape {
  byProperty: boolean;
  byLandlord: boolean;
  search: 'none' | 'wide' | 'narrow';
  sort: string;
  direction: 'asc' | 'desc';
  perPage: number;
  /** A page after the first: its ids are found first (see `unitListPage`). */
  later: boolean;
}

/** A units page's shape and the values of its placeholders (`viewerId`, `propertyId`, `search`, ...). */
export function unitListShape(actor: Actor, query: ListQuery, filters: UnitFilters = {}) {
  const byProperty = filters.propertyId !== undefined;
  const byLandlord = filters.landlordId !== undefined;
  const wide = seesEveryRow(actor) && !byProperty && !byLandlord;
  const { key: sort, direction } = sortOf(query, SORTABLE, DEFAULT_SORT);
  const offset = pageOffset(query);
  const viewer = viewerShape(actor);
  const shape: UnitListShape = Object.assign({}, viewer.shape, {
    byProperty,
    byLandlord,
    search: query.search === '' ? 'none' : wide ? 'wide' : 'narrow',
    sort,
    direction,
    perPage: query.per_page,
    later: offset > 0,
  } satisfies Omit<UnitListShape, keyof ViewerShape>);
  const values = Object.assign({}, viewer.values, {
    propertyId: filters.propertyId,
    landlordId: filters.landlordId,
    search: wide ? likePattern(query.search) : query.search,
    offset,
    over: listCountCap(query) + 1,
  });
  return { shape, values, cap: listCountCap(query) };
}

/** The units a list shows: the viewer's scope, the filters and the search, on units' own columns. */
function unitListWhere(shape: UnitListShape, p: Placeholders): SQL | undefined {
  return and(
    visibleUnits(viewerIn(shape, p)),
    shape.byProperty ? eq(units.propertyId, p.propertyId) : undefined,
    shape.byLandlord
      ? inArray(
          units.propertyId,
          qb.select({ id: properties.id }).from(properties).where(eq(properties.landlordId, p.landlordId)),
        )
      : undefined,
    unitSearch(shape.search, p.search),
  );
}

/** Nothing narrows the list (the super admin's, unfiltered, not searched). */
const everyUnit = (shape: UnitListShape) =>
  seesEveryRow({ role: shape.viewerRole }) &&
  !shape.byProperty &&
  !shape.byLandlord &&
  shape.search === 'none';

/**
 * A later page's offset or count limit: hidden from the planner (`hiddenFromPlanner`) where the statement is to
 * keep one generic plan for every page, a value where each call is planned anyway. A wide search is planned with
 * its pattern; every unit sorted by property finds its ids among joined rows, and planned for a tenth of them as
 * the offset (all a hidden one tells), a page ran in parallel workers, many times slower than planned for its
 * offset.
 */
function laterPageNumber(shape: UnitListShape, value: Placeholder): number {
  const plannedPerCall = shape.search === 'wide' || (everyUnit(shape) && shape.sort === 'property');
  return plannedPerCall ? (value as unknown as number) : hiddenFromPlanner(value);
}

/**
 * The units a list counts (ADR 0007, 0014): up to its cap past the page's first row. On page 1 that number is
 * written into the text (as a value, PostgreSQL's generic plan would reckon with any limit and it would plan every
 * call); a later page's is `over` (see `laterPageNumber`). Every unit has a property: no join.
 */
function matchingUnits(db: Db, shape: UnitListShape, p: Placeholders) {
  const firstCap = (shape.search === 'none' ? LIST_COUNT_CAP : SEARCH_COUNT_CAP) + 1;
  return db
    .select({ one: sql`1` })
    .from(units)
    .where(unitListWhere(shape, p))
    .limit(shape.later ? laterPageNumber(shape, p.over) : (sql.raw(String(firstCap)) as unknown as number))
    .as('matching');
}

/**
 * One page of units in one statement: the rows, their property, their links and the list's total (`matched`,
 * counted up to the cap). Page 1 of the super admin's unnarrowed list takes "over the cap" from the table's
 * estimate. A later page finds its ids first: a deep page skips index entries alone (an index-only scan) instead
 * of reading and joining every row it skips; only the property sort needs the join there. Exported so that its
 * plans can be read with values (`withValues`).
 */
export function unitListPage(db: Db, shape: UnitListShape, p: Placeholders) {
  const where = unitListWhere(shape, p);
  const order = orderOf(shape, SORTABLE, DEFAULT_SORT, units.id);
  // Written into the text: the page size decides the plan.
  const limit = sql.raw(String(shape.perPage)) as unknown as number;
  const matched =
    everyUnit(shape) && !shape.later
      ? everyRowCountUpTo(units, LIST_COUNT_CAP)
      : sql`(select count(*) from ${matchingUnits(db, shape, p)})`;
  const rows = db
    .select({
      ...loadedColumns,
      ...unitLinks(viewerIn(shape, p)),
      matched: sql<number>`${matched}`.mapWith(Number),
    })
    .from(units)
    .innerJoin(properties, eq(properties.id, units.propertyId));
  if (!shape.later)
    return rows
      .where(where)
      .orderBy(...order)
      .limit(limit);
  const pageIds = (
    shape.sort === 'property'
      ? qb.select({ id: units.id }).from(units).innerJoin(properties, eq(properties.id, units.propertyId))
      : qb.select({ id: units.id }).from(units)
  )
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(laterPageNumber(shape, p.offset));
  return rows.where(inArray(units.id, pageIds)).orderBy(...order);
}

/**
 * A search of every unit (the super admin's): only the page's ids and the total. Its `LIKE` is planned with the
 * pattern on every call, and planning the links' subqueries with it cost more than the search itself; the rows are then read by id (`unitsByIds`, prepared).
 */
export function unitSearchPage(db: Db, shape: UnitListShape, p: Placeholders) {
  const matched = sql<number>`(select count(*) from ${matchingUnits(db, shape, p)})`.mapWith(Number);
  const found = db.select({ id: units.id, matched }).from(units);
  return (
    shape.sort === 'property' ? found.innerJoin(properties, eq(properties.id, units.propertyId)) : found
  )
    .where(unitListWhere(shape, p))
    .orderBy(...orderOf(shape, SORTABLE, DEFAULT_SORT, units.id))
    .limit(sql.raw(String(shape.perPage)) as unknown as number)
    .offset(p.offset as unknown as number);
}

/** Units with their property and links by id (`ids`), in a list's order, as the viewer sees them. */
function unitsByIds(
  db: Db,
  shape: Pick<UnitListShape, keyof ViewerShape | 'sort' | 'direction'>,
  p: Placeholders,
) {
  return db
    .select({ ...loadedColumns, ...unitLinks(viewerIn(shape, p)) })
    .from(units)
    .innerJoin(properties, eq(properties.id, units.propertyId))
    .where(sql`${units.id} = any(${p.ids})`)
    .orderBy(...orderOf(shape, SORTABLE, DEFAULT_SORT, units.id));
}

/** How a units page is read (lib/record-list-page.ts). */
const UNIT_LIST: RecordListStatements<UnitListShape, Linked> = {
  names: { page: 'unit_list', search: 'unit_search', byIds: 'units_by_ids', count: 'unit_list_count' },
  page: unitListPage,
  search: unitSearchPage,
  byIds: unitsByIds,
  matching: matchingUnits,
};

export async function listUnits(
  db: Db,
  actor: Actor,
  query: ListQuery,
  filters: UnitFilters = {},
): Promise<ListPage<ApiUnit>> {
  const { shape, values, cap } = unitListShape(actor, query, filters);
  const { rows, total } = await readRecordListPage(db, UNIT_LIST, shape, values, cap);
  return listPage(rows.map(serializeLinked), total, query);
}

/**
 * GET units' export (issue 27, modules/exports): every unit of the list for `query` (its search and sort; no page)
 * and `filters`, with the page's own condition and order (`unitListWhere`, the shape's sort) and the values written
 * in as parameters. It reads the links its file shows (the tenants), not a unit's newest tickets or its categories,
 * which are a subquery each per row and no column of the file.
 */
export function exportUnits(
  db: Db,
  actor: Actor,
  query: ListQuery,
  filters: UnitFilters = {},
): ListExport<Loaded & Pick<Linked, 'tenants'>, ApiUnit> {
  const { shape, values } = unitListShape(actor, { ...query, page: 1 }, filters);
  const p = withValues(values);
  const { tenants } = unitLinks(viewerIn(shape, p));
  const select = db
    .select({ ...loadedColumns, tenants })
    .from(units)
    .innerJoin(properties, eq(properties.id, units.propertyId))
    .where(unitListWhere(shape, p))
    .orderBy(...orderOf(shape, SORTABLE, DEFAULT_SORT, units.id));
  return {
    select,
    answer: (_db, rows) => rows.map((row) => serializeLinked({ ...row, tickets: [], categories: [] })),
  };
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

/**
 * One unit with its property and links, as a list row has them, if the viewer may see it (`unitId`). Exported so
 * that its plans can be read with values (`withValues`).
 */
export function unitRecord(db: Db, shape: ViewerShape, p: Placeholders) {
  const viewer = viewerIn(shape, p);
  return db
    .select({ ...loadedColumns, ...unitLinks(viewer) })
    .from(units)
    .innerJoin(properties, eq(properties.id, units.propertyId))
    .where(and(eq(units.id, p.unitId), visibleUnits(viewer)));
}

/** The unit with its property and links if the actor may see it; 404 otherwise. */
async function findVisibleLinked(db: Db, actor: Actor, id: number): Promise<Linked> {
  const viewer = viewerShape(actor);
  const [row] = await shaped(db, 'unit_record', viewer.shape, unitRecord).execute({
    ...viewer.values,
    unitId: id,
  });
  if (!row) throw notFound();
  return row;
}

export async function getUnit(db: Db, actor: Actor, id: number): Promise<ApiUnit> {
  return serializeLinked(await findVisibleLinked(db, actor, id));
}

/**
 * The unit's categories, or every category when it has none of its own, if the viewer may see the unit
 * (`unitId`): one statement, no row for a unit the viewer may not see. Was four round trips, each built anew.
 */
function unitCategoryChoicesStatement(db: Db, shape: ViewerShape, p: Placeholders) {
  const own = categoryChoicesJson(
    sql`${unitCategories} inner join ${categories} on ${categories.id} = ${unitCategories.categoryId} where ${unitCategories.unitId} = ${units.id}`,
  );
  const every = categoryChoicesJson(sql`${categories}`);
  return db
    .select({ choices: sql<ApiCategorySummary[]>`coalesce(${own}, ${every}, '[]'::json)` })
    .from(units)
    .innerJoin(properties, eq(properties.id, units.propertyId))
    .where(and(eq(units.id, p.unitId), visibleUnits(viewerIn(shape, p))));
}

/** GET units/{id}/categories: the unit's categories, or every category when it has none of its own. */
export async function unitCategoryChoices(
  db: Db,
  actor: Actor,
  id: number,
): Promise<{ data: ApiCategorySummary[] }> {
  const viewer = viewerShape(actor);
  const [row] = await shaped(db, 'unit_category_choices', viewer.shape, unitCategoryChoicesStatement).execute(
    {
      ...viewer.values,
      unitId: id,
    },
  );
  if (!row) throw notFound();
  return { data: row.choices };
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
  requested: number | undefined,
  unitLandlordId: number | null,
): Promise<ApiUnitFormOptions> {
  const canPick = can(actor, 'landlord.pickOnUnit');
  const viewer = viewerShape(actor);
  const [offered, categoryOptions] = await Promise.all([
    landlordOption(db, actor, canPick ? (requested ?? unitLandlordId) : actor.landlordId),
    categoryChoices(db),
  ]);
  const chosen = offered?.id ?? null;
  const propertyOptions =
    chosen === null
      ? []
      : await shaped(db, 'unit_form_properties', viewer.shape, (db, shape, p) =>
          db
            .select({ id: properties.id, name: properties.name, landlord_id: properties.landlordId })
            .from(properties)
            .where(and(eq(properties.landlordId, p.landlordId), visibleProperties(viewerIn(shape, p))))
            .orderBy(textSort(properties.name), asc(properties.id)),
        ).execute({ ...viewer.values, landlordId: chosen });
  return {
    can_pick_landlord: canPick,
    landlord_options: offered ? [offered] : [],
    options_landlord_id: chosen,
    property_options: propertyOptions,
    category_options: categoryOptions,
  };
}

/** GET units/create: the landlord, property and category choices (roles 0 and 1); `?landlord_id=` picks the landlord. */
export async function unitCreateForm(
  db: Db,
  actor: Actor,
  requestedLandlordId: number | undefined,
): Promise<ApiUnitFormOptions> {
  if (!can(actor, 'unit.create')) throw forbidden();
  return formOptions(db, actor, requestedLandlordId, null);
}

/** GET units/{id}/edit: the unit and its form's choices, starting from the unit's landlord. */
export async function unitEditForm(
  db: Db,
  actor: Actor,
  id: number,
  requestedLandlordId: number | undefined,
): Promise<ApiUnitEdit> {
  const loaded = await findVisibleLinked(db, actor, id);
  if (!can(actor, 'unit.update', { landlordId: loaded.landlordId })) throw forbidden();
  const options = await formOptions(db, actor, requestedLandlordId, loaded.landlordId);
  return { ...serializeLinked(loaded), ...options };
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

/** The unit form (POST units, PATCH units/{id}): the shared fields and the unit's categories. */
export const unitFormSchema = unitSchema.extend({ category_ids: categoryIds });
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
  context: ServiceContext,
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

/** Keeps denormalised columns true when a unit moves: its tickets' and schedules' property, its tenants' landlord. */
async function followProperty(tx: Tx, unitId: number, propertyId: number, landlordId: number | null) {
  await tx.update(tickets).set({ propertyId }).where(eq(tickets.unitId, unitId));
  await tx.update(schedules).set({ propertyId }).where(eq(schedules.unitId, unitId));
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
  context: ServiceContext,
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
  context: ServiceContext,
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
      if (count > 0) throw inUse('unit', row.name, dependents(count, 'tickets'));
      // Tenant links and unit categories go with it (ON DELETE CASCADE); the tenants stay.
      await tx.delete(units).where(eq(units.id, id));
      return row;
    }),
  );
  await discardFile(context, removed.avatar);
  return deletedMessage('unit', removed.name);
}
