/**
 * Properties: who sees them, list/detail/form data, create, update, delete.
 *
 * Permissions (SPEC.md section 6):
 * - role 0 sees and manages every property and picks its landlord;
 * - role 1 sees and manages its own landlord's properties; a new property is fixed to that landlord (a
 *   missing landlord_id is filled in, another landlord's id is a 422 on landlord_id);
 * - roles 2 and 3 read only the properties they are linked to (a tenant: the property of its unit; a
 *   contractor: its contractor_properties). A tenant sees the property's contractors, not its other tenants.
 * Moving a property to another landlord (role 0) takes its units' tenants along, and drops the links of
 * contractors who belong to another landlord (decision 0002: one landlord per user).
 */
import {
  type Actor,
  type ApiProperty,
  type ApiPropertyEdit,
  type ApiPropertyFormOptions,
  type ApiPropertyListRow,
  type ApiRecordRef,
  can,
  en,
  LIST_COUNT_CAP,
  type PropertyValues,
  propertySchema,
  SEARCH_COUNT_CAP,
} from '@mend/shared';
import {
  and,
  eq,
  getTableColumns,
  getTableName,
  inArray,
  isNotNull,
  ne,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
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
  contractorProperties,
  landlords,
  type PropertyRow,
  properties,
  tenantUnits,
  units,
  users,
} from '../../db/schema';
import type { ScopedActor } from '../../lib/actor';
import type { ServiceContext } from '../../lib/context';
import { fieldError, forbidden, notFound } from '../../lib/errors';
import type { UploadedFile } from '../../lib/form-body';
import type { ListExport } from '../../lib/list-export';
import {
  countAll,
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
  inUse,
  parseForm,
  personSort,
  qb,
  textSort,
  withStoredImage,
} from '../../lib/record-helpers';
import { type RecordListStatements, readRecordListPage } from '../../lib/record-list-page';
import {
  seesEveryRow,
  seesPropertyTenants,
  visibleLandlords,
  visibleProperties,
  visibleUnits,
} from '../../lib/scopes';
import { landlordOption } from '../landlords/service';
import { type PropertyPerson, serializeProperty, serializePropertyListRow } from './serialize';

/** Property pictures need a signed-in user (the uploads route's rule for avatars/). */
const avatarFolder = (id: number) => `avatars/properties/${id}`;

const SORTABLE = {
  name: textSort(properties.name),
  created_at: properties.createdAt,
  city: textSort(properties.city),
  landlord: textSort(landlords.name),
} satisfies SortColumns<'properties'>;
const DEFAULT_SORT = { sort: 'created_at', order: 'desc' } as const;

/**
 * Search: name, description, address, city and the landlord's name, all in the property's lower-cased
 * `search_text` (kept by the triggers of migration 0007). Every property (`wide`): `LIKE` with the escaped
 * pattern, which the trigram index answers (planned per call: `shaped` does not prepare a LIKE); a narrower scope:
 * `strpos` with the term row by row, so a prepared statement's generic plan keeps to the scope (ADR 0009).
 */
function propertySearch(search: PropertyListShape['search'], term: Placeholder): SQL | undefined {
  if (search === 'none') return undefined;
  return search === 'wide'
    ? sql`${properties.searchText} like lower(${term})`
    : sql`strpos(${properties.searchText}, lower(${term})) > 0`;
}

const { searchText: _searchText, ...propertyColumns } = getTableColumns(properties);

/**
 * The property a link subquery belongs to, written with its table's name: drizzle writes the columns of a
 * statement on one table unqualified, and inside a subquery `"id"` would be the subquery's own table's.
 */
const outerPropertyId = sql`${sql.identifier(getTableName(properties))}.${sql.identifier(properties.id.name)}`;

/** A JSON array of people, in the order people are listed: by shown name, then id (`personSort`). */
const peopleJson = sql`coalesce(json_agg(json_build_object('id', ${users.id}, 'firstName', ${users.firstName}, 'lastName', ${users.lastName}, 'companyName', ${users.companyName}, 'email', ${users.email}, 'role', ${users.role}) order by ${personSort}, ${users.id}), '[]'::json)`;

/**
 * What a property's record shows beside its own columns, read with it in one statement: its landlord's name (the
 * statement joins landlords), the units the viewer may see (by name, then id), its contractors and the tenants of
 * its units (JSON). The list and the detail read the same columns, so the rules live here once.
 */
function propertyLinkColumns(viewer: ScopedActor) {
  return {
    landlordName: landlords.name,
    units: sql<
      ApiRecordRef[]
    >`(select coalesce(json_agg(json_build_object('id', ${units.id}, 'name', ${units.name}) order by ${textSort(units.name)}, ${units.id}), '[]'::json) from ${units} where ${units.propertyId} = ${outerPropertyId} and ${visibleUnits(viewer)})`,
    contractors: sql<
      PropertyPerson[]
    >`(select ${peopleJson} from ${contractorProperties} inner join ${users} on ${users.id} = ${contractorProperties.userId} where ${contractorProperties.propertyId} = ${outerPropertyId})`,
    // A tenant does not get the list of its neighbours.
    tenants: !seesPropertyTenants(viewer)
      ? sql<PropertyPerson[]>`'[]'::json`
      : sql<
          PropertyPerson[]
        >`(select ${peopleJson} from ${tenantUnits} inner join ${units} on ${units.id} = ${tenantUnits.unitId} inner join ${users} on ${users.id} = ${tenantUnits.userId} where ${units.propertyId} = ${outerPropertyId})`,
  };
}

/**
 * What a property's list row shows beside its own columns (ADR 0024): its landlord's name and how many units the
 * viewer may see. The tenants of its units, read as JSON for each of a page's properties, were most of a page's cost.
 */
function propertyListColumns(viewer: ScopedActor) {
  return {
    landlordName: landlords.name,
    unitCount:
      sql<number>`(select count(*) from ${units} where ${units.propertyId} = ${outerPropertyId} and ${visibleUnits(viewer)})`.mapWith(
        Number,
      ),
  };
}

/** A row read with `propertyLinkColumns`. */
interface PropertyRecordRow {
  property: Omit<PropertyRow, 'searchText'>;
  landlordName: string;
  units: ApiRecordRef[];
  contractors: PropertyPerson[];
  tenants: PropertyPerson[];
}

function toApiProperty(row: PropertyRecordRow): ApiProperty {
  const { property } = row;
  return serializeProperty(property, { id: property.landlordId, name: row.landlordName }, row.units, [
    ...row.contractors,
    ...row.tenants,
  ]);
}

export interface PropertyFilters {
  landlordId?: number;
}

/** What changes the text of the properties list's statement (db/reusable.ts `shaped`); its values are placeholders. */
export interface PropertyListShape extends ViewerShape {
  byLandlord: boolean;
  search: 'none' | 'wide' | 'narrow';
  sort: string;
  direction: 'asc' | 'desc';
  perPage: number;
  /** A page after the first: its ids are found first (see `propertyListPage`). */
  later: boolean;
}

/** The list's shape and the values of its placeholders (`viewerId`, `landlordId`, `search`, `offset`, `over`). */
export function propertyListShape(actor: Actor, query: ListQuery, filters: PropertyFilters = {}) {
  const narrowed = !seesEveryRow(actor) || filters.landlordId !== undefined;
  const { key: sort, direction } = sortOf(query, SORTABLE, DEFAULT_SORT);
  const offset = pageOffset(query);
  const viewer = viewerShape(actor);
  const shape: PropertyListShape = Object.assign({}, viewer.shape, {
    byLandlord: filters.landlordId !== undefined,
    search: query.search === '' ? 'none' : narrowed ? 'narrow' : 'wide',
    sort,
    direction,
    perPage: query.per_page,
    later: offset > 0,
  } satisfies Omit<PropertyListShape, keyof ViewerShape>);
  const values = Object.assign({}, viewer.values, {
    landlordId: filters.landlordId,
    search: narrowed ? query.search : likePattern(query.search),
    offset,
    over: listCountCap(query) + 1,
  });
  return { shape, values, cap: listCountCap(query) };
}

/** The properties a list shows: the viewer's scope, the landlord filter and the search (only properties' columns). */
function propertyListWhere(shape: PropertyListShape, p: Placeholders): SQL | undefined {
  return and(
    visibleProperties(viewerIn(shape, p)),
    shape.byLandlord ? eq(properties.landlordId, p.landlordId) : undefined,
    propertySearch(shape.search, p.search),
  );
}

/**
 * The properties a list counts (ADR 0007, 0014): up to its cap past the page's first row. On page 1 that number is
 * written into the text (as a value, PostgreSQL's generic plan would reckon with any limit and it would plan every
 * call); a later page's, `over`, is hidden from the planner. No join: every property has a landlord.
 */
function matchingProperties(db: Db, shape: PropertyListShape, p: Placeholders) {
  const firstCap = (shape.search === 'none' ? LIST_COUNT_CAP : SEARCH_COUNT_CAP) + 1;
  return db
    .select({ one: sql`1` })
    .from(properties)
    .where(propertyListWhere(shape, p))
    .limit(shape.later ? hiddenFromPlanner(p.over) : (sql.raw(String(firstCap)) as unknown as number))
    .as('matching');
}

/**
 * One page of the properties list in one statement: the rows, their links and the list's total (`matched`,
 * counted up to the cap). Page 1 reads its rows under the LIMIT, so the links are read for those rows only. A later
 * page finds its ids first, from the sort's index alone (a deep page skips index entries, not joined rows and their
 * links; only the landlord sort needs the join), then reads its own rows. The page size is written into the text,
 * so PostgreSQL settles on one plan for the shape. Exported so that its plans can be read.
 */
export function propertyListPage(db: Db, shape: PropertyListShape, p: Placeholders) {
  const where = propertyListWhere(shape, p);
  const order = orderOf(shape, SORTABLE, DEFAULT_SORT, properties.id);
  const limit = sql.raw(String(shape.perPage)) as unknown as number;
  const matched = sql<number>`(select count(*) from ${matchingProperties(db, shape, p)})`.mapWith(Number);
  const rows = db
    .select({ property: propertyColumns, ...propertyListColumns(viewerIn(shape, p)), matched })
    .from(properties)
    .innerJoin(landlords, eq(landlords.id, properties.landlordId));
  if (!shape.later)
    return rows
      .where(where)
      .orderBy(...order)
      .limit(limit);
  const pageIds = (
    shape.sort === 'landlord'
      ? db
          .select({ id: properties.id })
          .from(properties)
          .innerJoin(landlords, eq(landlords.id, properties.landlordId))
      : db.select({ id: properties.id }).from(properties)
  )
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(hiddenFromPlanner(p.offset));
  return rows.where(inArray(properties.id, pageIds)).orderBy(...order);
}

/**
 * A search of every property (the super admin's): only the page's ids and the total. Its `LIKE` is planned with
 * the pattern on every call, and planning the links' subqueries with it cost more than the search itself; the rows
 * are then read by id (`propertiesByIds`, prepared).
 */
export function propertySearchPage(db: Db, shape: PropertyListShape, p: Placeholders) {
  const matched = sql<number>`(select count(*) from ${matchingProperties(db, shape, p)})`.mapWith(Number);
  const found = db.select({ id: properties.id, matched }).from(properties);
  return (
    shape.sort === 'landlord' ? found.innerJoin(landlords, eq(landlords.id, properties.landlordId)) : found
  )
    .where(propertyListWhere(shape, p))
    .orderBy(...orderOf(shape, SORTABLE, DEFAULT_SORT, properties.id))
    .limit(sql.raw(String(shape.perPage)) as unknown as number)
    .offset(p.offset as unknown as number);
}

/** Properties with what a list row shows beside them (`propertyListColumns`), not yet narrowed or ordered. */
function selectListedProperties(db: Db, viewer: ScopedActor) {
  return db
    .select({ property: propertyColumns, ...propertyListColumns(viewer) })
    .from(properties)
    .innerJoin(landlords, eq(landlords.id, properties.landlordId));
}

/** Properties as a list shows them by id (`ids`), in a list's order, as the viewer sees them. */
function propertiesByIds(
  db: Db,
  shape: Pick<PropertyListShape, keyof ViewerShape | 'sort' | 'direction'>,
  p: Placeholders,
) {
  return selectListedProperties(db, viewerIn(shape, p))
    .where(sql`${properties.id} = any(${p.ids})`)
    .orderBy(...orderOf(shape, SORTABLE, DEFAULT_SORT, properties.id));
}

type ListedProperty = Awaited<ReturnType<ReturnType<typeof selectListedProperties>['execute']>>[number];

/** A list row as the API answers it. */
function toPropertyListRow({ property, landlordName, unitCount }: ListedProperty): ApiPropertyListRow {
  return serializePropertyListRow(property, { id: property.landlordId, name: landlordName }, unitCount);
}

/** How a properties page is read (lib/record-list-page.ts). */
const PROPERTY_LIST: RecordListStatements<PropertyListShape, ListedProperty> = {
  names: {
    page: 'property_list',
    search: 'property_search',
    byIds: 'properties_by_ids',
    count: 'property_list_count',
  },
  page: propertyListPage,
  search: propertySearchPage,
  byIds: propertiesByIds,
  matching: matchingProperties,
};

export async function listProperties(
  db: Db,
  actor: Actor,
  query: ListQuery,
  filters: PropertyFilters = {},
): Promise<ListPage<ApiPropertyListRow>> {
  const { shape, values, cap } = propertyListShape(actor, query, filters);
  const { rows, total } = await readRecordListPage(db, PROPERTY_LIST, shape, values, cap);
  return listPage(rows.map(toPropertyListRow), total, query);
}

/**
 * GET properties' export (issue 27, modules/exports): every property of the list for `query` (its search and sort;
 * no page) and `filters`, with the page's own condition and order (`propertyListWhere`, the shape's sort) and the
 * values written in as parameters; answered as its rows are.
 */
export function exportProperties(
  db: Db,
  actor: Actor,
  query: ListQuery,
  filters: PropertyFilters = {},
): ListExport<ListedProperty, ApiPropertyListRow> {
  const { shape, values } = propertyListShape(actor, { ...query, page: 1 }, filters);
  const p = withValues(values);
  return {
    select: selectListedProperties(db, viewerIn(shape, p))
      .where(propertyListWhere(shape, p))
      .orderBy(...orderOf(shape, SORTABLE, DEFAULT_SORT, properties.id)),
    answer: (_db, rows) => rows.map(toPropertyListRow),
  };
}

/** The property if the actor may see it; 404 otherwise. */
async function findVisible(
  db: Db,
  actor: Actor,
  id: number,
): Promise<Pick<PropertyRecordRow, 'property' | 'landlordName'>> {
  const [row] = await db
    .select({ property: propertyColumns, landlordName: landlords.name })
    .from(properties)
    .innerJoin(landlords, eq(landlords.id, properties.landlordId))
    .where(and(eq(properties.id, id), visibleProperties(actor)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** A property with its links (the list's columns), if the actor may see it; 404 otherwise. */
export async function getProperty(db: Db, actor: Actor, id: number): Promise<ApiProperty> {
  const viewer = viewerShape(actor);
  const [row] = await shaped(db, 'property_detail', viewer.shape, (db, shape, p) =>
    db
      .select({ property: propertyColumns, ...propertyLinkColumns(viewerIn(shape, p)) })
      .from(properties)
      .innerJoin(landlords, eq(landlords.id, properties.landlordId))
      .where(and(eq(properties.id, p.id), visibleProperties(viewerIn(shape, p)))),
  ).execute({ ...viewer.values, id });
  if (!row) throw notFound();
  return toApiProperty(row);
}

/** GET properties/create: no landlord yet for the super admin, who searches for one (ADR 0025); role 1 its own. */
export async function propertyCreateForm(db: Db, actor: Actor): Promise<ApiPropertyFormOptions> {
  if (!can(actor, 'property.create')) throw forbidden();
  const canPick = can(actor, 'landlord.pickOnProperty');
  const own = canPick ? null : await landlordOption(db, actor, actor.landlordId);
  return { landlord_options: own ? [own] : [], can_pick_landlord: canPick };
}

export async function propertyEditForm(db: Db, actor: Actor, id: number): Promise<ApiPropertyEdit> {
  const property = await getProperty(db, actor, id);
  if (!can(actor, 'property.update', { landlordId: property.landlord_id })) throw forbidden();
  // The form starts from the property's own landlord, which its record already carries.
  return {
    ...property,
    landlord_options: [property.landlord],
    can_pick_landlord: can(actor, 'landlord.pickOnProperty'),
  };
}

/** A manager's property belongs to its own landlord: a form without landlord_id gets it filled in. */
function withOwnLandlord(actor: Actor, body: unknown): unknown {
  if (can(actor, 'landlord.pickOnProperty') || typeof body !== 'object' || body === null) return body;
  const given = (body as Record<string, unknown>).landlord_id;
  const blank = given === undefined || given === null || (typeof given === 'string' && given.trim() === '');
  return blank ? { ...body, landlord_id: actor.landlordId ?? '' } : body;
}

/** The landlord must exist and be one the actor may put properties in (422 on landlord_id otherwise). */
async function assertLandlordChoice(tx: Tx, actor: Actor, landlordId: number): Promise<void> {
  const [row] = await tx
    .select({ id: landlords.id })
    .from(landlords)
    .where(and(eq(landlords.id, landlordId), visibleLandlords(actor)))
    .limit(1);
  if (!row || !can(actor, 'property.create', { landlordId })) {
    throw fieldError('landlord_id', en.validation.landlordSelect);
  }
}

function columnsOf(values: PropertyValues) {
  return {
    landlordId: values.landlord_id,
    name: values.name,
    description: values.description,
    gmapsUrl: values.gmaps_url,
    country: values.country,
    province: values.province,
    city: values.city,
    postalCode: values.postal_code,
    address: values.address,
    // Not sent (an API client of before ADR 0029): a new property takes the column's default, an edit keeps it.
    ...(values.time_zone !== undefined && { timeZone: values.time_zone }),
  };
}

export async function createProperty(
  context: ServiceContext,
  actor: Actor,
  body: unknown,
  files: UploadedFile[],
): Promise<ApiProperty> {
  if (!can(actor, 'property.create')) throw forbidden();
  const { values, image } = await parseForm(propertySchema, withOwnLandlord(actor, body), files);
  const id = await withStoredImage(context, image, (store) =>
    context.db.transaction(async (tx) => {
      await assertLandlordChoice(tx, actor, values.landlord_id);
      const [row] = await tx.insert(properties).values(columnsOf(values)).returning({ id: properties.id });
      const avatar = await store(avatarFolder(row.id));
      if (avatar) await tx.update(properties).set({ avatar }).where(eq(properties.id, row.id));
      return row.id;
    }),
  );
  return getProperty(context.db, actor, id);
}

/** Keeps people consistent with decision 0002 when a property changes landlord. */
async function followLandlord(tx: Tx, propertyId: number, landlordId: number): Promise<void> {
  await tx
    .update(users)
    .set({ landlordId })
    .where(
      inArray(
        users.id,
        qb
          .select({ id: tenantUnits.userId })
          .from(tenantUnits)
          .innerJoin(units, eq(units.id, tenantUnits.unitId))
          .where(eq(units.propertyId, propertyId)),
      ),
    );
  await tx.delete(contractorProperties).where(
    and(
      eq(contractorProperties.propertyId, propertyId),
      inArray(
        contractorProperties.userId,
        qb
          .select({ id: users.id })
          .from(users)
          .where(and(isNotNull(users.landlordId), ne(users.landlordId, landlordId))),
      ),
    ),
  );
}

export async function updateProperty(
  context: ServiceContext,
  actor: Actor,
  id: number,
  body: unknown,
  files: UploadedFile[],
): Promise<ApiProperty> {
  const { property } = await findVisible(context.db, actor, id);
  if (!can(actor, 'property.update', { landlordId: property.landlordId })) throw forbidden();
  const { values, image } = await parseForm(propertySchema, withOwnLandlord(actor, body), files);
  const replaced = await withStoredImage(context, image, (store) =>
    context.db.transaction(async (tx) => {
      const [current] = await tx.select().from(properties).where(eq(properties.id, id)).for('update');
      if (!current) throw notFound();
      if (values.landlord_id !== current.landlordId) {
        await assertLandlordChoice(tx, actor, values.landlord_id);
        await followLandlord(tx, id, values.landlord_id);
      }
      const avatar = await store(avatarFolder(id));
      await tx
        .update(properties)
        .set({ ...columnsOf(values), ...(avatar ? { avatar } : {}) })
        .where(eq(properties.id, id));
      return avatar ? current.avatar : null;
    }),
  );
  await discardFile(context, replaced);
  return getProperty(context.db, actor, id);
}

export async function deleteProperty(
  context: ServiceContext,
  actor: Actor,
  id: number,
): Promise<{ message: string }> {
  const { property } = await findVisible(context.db, actor, id);
  if (!can(actor, 'property.delete', { landlordId: property.landlordId })) throw forbidden();
  const removed = await deleteGuarded('property', property.name, () =>
    context.db.transaction(async (tx) => {
      const [row] = await tx.select().from(properties).where(eq(properties.id, id)).for('update');
      if (!row) throw notFound();
      const [{ count }] = await tx.select({ count: countAll }).from(units).where(eq(units.propertyId, id));
      if (count > 0) throw inUse('property', row.name, dependents(count, 'units'));
      // Contractor links go with it (ON DELETE CASCADE).
      await tx.delete(properties).where(eq(properties.id, id));
      return row;
    }),
  );
  await discardFile(context, removed.avatar);
  return deletedMessage('property', removed.name);
}
