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
  type ApiRecordRef,
  can,
  en,
  type PropertyValues,
  propertySchema,
  ROLE,
} from '@mend/shared';
import { and, asc, eq, getTableColumns, inArray, isNotNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  contractorProperties,
  landlords,
  type PropertyRow,
  properties,
  tenantUnits,
  units,
  users,
} from '../../db/schema';
import { fieldError, forbidden, notFound } from '../../lib/errors';
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
  inUse,
  noRow,
  type Person,
  parseForm,
  personColumns,
  personSort,
  qb,
  type RecordsContext,
  textSort,
  withStoredImage,
} from '../../lib/record-helpers';
import type { ScopedActor } from '../../lib/session';
import { visibleLandlords } from '../landlords/service';
import { visibleUnits } from '../units/service';
import { serializeProperty } from './serialize';

/**
 * The properties an actor may see: all (role 0), its landlord's (role 1), the property of its unit
 * (role 2), the properties it works on (role 3).
 */
export function visibleProperties(actor: ScopedActor): SQL {
  switch (actor.role) {
    case ROLE.superAdmin:
      return everyRow();
    case ROLE.manager:
      return actor.landlordId === null ? noRow() : eq(properties.landlordId, actor.landlordId);
    case ROLE.tenant:
      return inArray(
        properties.id,
        qb
          .select({ id: units.propertyId })
          .from(tenantUnits)
          .innerJoin(units, eq(units.id, tenantUnits.unitId))
          .where(eq(tenantUnits.userId, actor.id)),
      );
    default:
      return inArray(
        properties.id,
        qb
          .select({ id: contractorProperties.propertyId })
          .from(contractorProperties)
          .where(eq(contractorProperties.userId, actor.id)),
      );
  }
}

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
 * `search_text` (kept by the triggers of migration 0007). Every property (`wide`): `LIKE`, which the trigram
 * index answers; a narrower scope: `strpos` row by row, so a prepared statement's generic plan keeps to the scope
 * (ADR 0009).
 */
function propertySearch(term: string, wide: boolean): SQL | undefined {
  if (!term) return undefined;
  return wide
    ? sql`${properties.searchText} like lower(${likePattern(term)})`
    : sql`strpos(${properties.searchText}, lower(${term})) > 0`;
}

const { searchText: _searchText, ...propertyColumns } = getTableColumns(properties);

interface Loaded {
  property: Omit<PropertyRow, 'searchText'>;
  landlordName: string;
}

async function serializeMany(db: Db, actor: Actor, rows: Loaded[]): Promise<ApiProperty[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.property.id);
  const [unitRows, contractorRows, tenantRows] = await Promise.all([
    db
      .select({ id: units.id, name: units.name, propertyId: units.propertyId })
      .from(units)
      .where(and(inArray(units.propertyId, ids), visibleUnits(actor)))
      .orderBy(textSort(units.name), asc(units.id)),
    db
      .select({ ...personColumns, propertyId: contractorProperties.propertyId })
      .from(contractorProperties)
      .innerJoin(users, eq(users.id, contractorProperties.userId))
      .where(inArray(contractorProperties.propertyId, ids))
      .orderBy(personSort, asc(users.id)),
    // A tenant does not get the list of its neighbours.
    actor.role === ROLE.tenant
      ? Promise.resolve([])
      : db
          .select({ ...personColumns, propertyId: units.propertyId })
          .from(tenantUnits)
          .innerJoin(units, eq(units.id, tenantUnits.unitId))
          .innerJoin(users, eq(users.id, tenantUnits.userId))
          .where(inArray(units.propertyId, ids))
          .orderBy(personSort, asc(users.id)),
  ]);
  const unitsOf = groupBy(unitRows, (row) => row.propertyId);
  const contractorsOf = groupBy(
    contractorRows as (Person & { propertyId: number })[],
    (row) => row.propertyId,
  );
  const tenantsOf = groupBy(tenantRows as (Person & { propertyId: number })[], (row) => row.propertyId);
  return rows.map(({ property, landlordName }) =>
    serializeProperty(
      property,
      { id: property.landlordId, name: landlordName },
      (unitsOf.get(property.id) ?? []).map(({ id, name }): ApiRecordRef => ({ id, name })),
      [...(contractorsOf.get(property.id) ?? []), ...(tenantsOf.get(property.id) ?? [])],
    ),
  );
}

export interface PropertyFilters {
  landlordId?: number;
}

export async function listProperties(
  db: Db,
  actor: Actor,
  query: ListQuery,
  filters: PropertyFilters = {},
): Promise<ListPage<ApiProperty>> {
  const narrowed = actor.role !== ROLE.superAdmin || filters.landlordId !== undefined;
  // Only properties' own columns: the count need not join landlords (every property has one).
  const where = and(
    visibleProperties(actor),
    filters.landlordId === undefined ? undefined : eq(properties.landlordId, filters.landlordId),
    propertySearch(query.search, !narrowed),
  );
  const order = orderBy(query, SORTABLE, DEFAULT_SORT, properties.id);
  // The page's ids first, then its rows: a deep page skips index entries alone (an index-only scan) instead of
  // reading and joining every row it skips. Only the landlord sort needs the join.
  const pageIds = (
    sortOf(query, SORTABLE, DEFAULT_SORT).key === 'landlord'
      ? db
          .select({ id: properties.id })
          .from(properties)
          .innerJoin(landlords, eq(landlords.id, properties.landlordId))
      : db.select({ id: properties.id }).from(properties)
  )
    .where(where)
    .orderBy(...order)
    .limit(query.per_page)
    .offset(pageOffset(query));
  const [rows, total] = await Promise.all([
    db
      .select({ property: propertyColumns, landlordName: landlords.name })
      .from(properties)
      .innerJoin(landlords, eq(landlords.id, properties.landlordId))
      .where(inArray(properties.id, pageIds))
      .orderBy(...order),
    countUpTo(db, db.select({ one: sql`1` }).from(properties).where(where), query),
  ]);
  return listPage(await serializeMany(db, actor, rows), total, query);
}

/** The property if the actor may see it; 404 otherwise. */
async function findVisible(db: Db, actor: Actor, id: number): Promise<Loaded> {
  const [row] = await db
    .select({ property: propertyColumns, landlordName: landlords.name })
    .from(properties)
    .innerJoin(landlords, eq(landlords.id, properties.landlordId))
    .where(and(eq(properties.id, id), visibleProperties(actor)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

export async function getProperty(db: Db, actor: Actor, id: number): Promise<ApiProperty> {
  const [property] = await serializeMany(db, actor, [await findVisible(db, actor, id)]);
  return property;
}

async function formOptions(db: Db, actor: Actor): Promise<ApiPropertyFormOptions> {
  const options = await db
    .select({ id: landlords.id, name: landlords.name })
    .from(landlords)
    .where(visibleLandlords(actor))
    .orderBy(textSort(landlords.name), asc(landlords.id));
  return { landlord_options: options, can_pick_landlord: can(actor, 'landlord.pickOnProperty') };
}

/** GET properties/create: the landlord choices (role 0: all; role 1: its own). */
export async function propertyCreateForm(db: Db, actor: Actor): Promise<ApiPropertyFormOptions> {
  if (!can(actor, 'property.create')) throw forbidden();
  return formOptions(db, actor);
}

export async function propertyEditForm(db: Db, actor: Actor, id: number): Promise<ApiPropertyEdit> {
  const property = await getProperty(db, actor, id);
  if (!can(actor, 'property.update', { landlordId: property.landlord_id })) throw forbidden();
  return { ...property, ...(await formOptions(db, actor)) };
}

/** A manager's property belongs to its own landlord: a form without landlord_id gets it filled in. */
function withOwnLandlord(actor: Actor, body: unknown): unknown {
  if (actor.role !== ROLE.manager || typeof body !== 'object' || body === null) return body;
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
  };
}

export async function createProperty(
  context: RecordsContext,
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
  context: RecordsContext,
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
  context: RecordsContext,
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
      if (count > 0) throw inUse('property', row.name, dependents(count, 'unit', 'units'));
      // Contractor links go with it (ON DELETE CASCADE).
      await tx.delete(properties).where(eq(properties.id, id));
      return row;
    }),
  );
  await discardFile(context, removed.avatar);
  return deletedMessage('property', removed.name);
}
