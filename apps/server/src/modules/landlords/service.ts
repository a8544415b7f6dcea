/**
 * Landlords: who sees them, list/detail/edit data, create, update, delete.
 *
 * Permissions (decided here, SPEC.md section 6 leaves them open):
 * - role 0 sees and manages every landlord;
 * - role 1 sees and edits its own landlord only; it may not create or delete landlords, nor change which
 *   users belong to one (it sees them; membership is set by the super admin or by the user screens);
 * - roles 2 and 3 get 403 on the landlord screens: the "Managed by" logo comes from GET landlords/current
 *   and the public logo route, and a landlord's user list is not theirs to read.
 */
import {
  type Actor,
  type ApiLandlord,
  type ApiLandlordEdit,
  type ApiLandlordFormOptions,
  type ApiLandlordLogo,
  type ApiRecordRef,
  can,
  en,
  type LandlordValues,
  landlordSchema,
  ROLE,
} from '@mend/shared';
import { and, asc, eq, gte, inArray, isNull, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { type LandlordRow, landlords, properties, users } from '../../db/schema';
import { fieldError, forbidden, notFound } from '../../lib/errors';
import type { UploadedFile } from '../../lib/form-body';
import {
  countAll,
  countUpTo,
  type ListPage,
  type ListQuery,
  listPage,
  orderBy,
  pageOffset,
  type SortColumns,
  searchCondition,
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
  personSort,
  type RecordsContext,
  textSort,
  withStoredImage,
} from '../../lib/record-helpers';
import type { ScopedActor } from '../../lib/session';
import { serializeLandlord, serializeLandlordLogo, serializeLandlordUserOption } from './serialize';

/** The landlords an actor may see: all (role 0), its own (role 1), none (roles 2, 3 and a manager without one). */
export function visibleLandlords(actor: ScopedActor): SQL {
  if (actor.role === ROLE.superAdmin) return everyRow();
  if (actor.role === ROLE.manager && actor.landlordId !== null) return eq(landlords.id, actor.landlordId);
  return noRow();
}

/** Tenants and contractors are kept off the landlord screens altogether (403, not an empty list). */
function assertMayReadLandlords(actor: Actor): void {
  if (!can(actor, 'landlords.list')) throw forbidden();
}

/** Where a landlord's logo is stored: under logos/, which the uploads route serves without sign-in. */
const logoFolder = (id: number) => `logos/landlords/${id}`;

const SORTABLE = {
  name: textSort(landlords.name),
  created_at: landlords.createdAt,
} satisfies SortColumns<'landlords'>;
const DEFAULT_SORT = { sort: 'created_at', order: 'desc' } as const;

async function serializeMany(db: Db, rows: LandlordRow[]): Promise<ApiLandlord[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [propertyRows, memberRows] = await Promise.all([
    db
      .select({ id: properties.id, name: properties.name, landlordId: properties.landlordId })
      .from(properties)
      .where(inArray(properties.landlordId, ids))
      .orderBy(textSort(properties.name), asc(properties.id)),
    db
      .select(personColumns)
      .from(users)
      .where(inArray(users.landlordId, ids))
      .orderBy(personSort, asc(users.id)),
  ]);
  const propertiesOf = groupBy(propertyRows, (row) => row.landlordId);
  const membersOf = groupBy(memberRows as Person[], (row) => row.landlordId);
  return rows.map((row) =>
    serializeLandlord(
      row,
      (propertiesOf.get(row.id) ?? []).map(({ id, name }): ApiRecordRef => ({ id, name })),
      membersOf.get(row.id) ?? [],
    ),
  );
}

export async function listLandlords(db: Db, actor: Actor, query: ListQuery): Promise<ListPage<ApiLandlord>> {
  assertMayReadLandlords(actor);
  const where = and(
    visibleLandlords(actor),
    searchCondition(query.search, [landlords.name, landlords.description]),
  );
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(landlords)
      .where(where)
      .orderBy(...orderBy(query, SORTABLE, DEFAULT_SORT, landlords.id))
      .limit(query.per_page)
      .offset(pageOffset(query)),
    countUpTo(db, db.select({ one: sql`1` }).from(landlords).where(where), query),
  ]);
  return listPage(await serializeMany(db, rows), total, query);
}

/** The landlord row if the actor may see it; 404 otherwise (also for ids that do not exist). */
async function findVisible(db: Db, actor: Actor, id: number): Promise<LandlordRow> {
  assertMayReadLandlords(actor);
  const [row] = await db
    .select()
    .from(landlords)
    .where(and(eq(landlords.id, id), visibleLandlords(actor)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

export async function getLandlord(db: Db, actor: Actor, id: number): Promise<ApiLandlord> {
  const [landlord] = await serializeMany(db, [await findVisible(db, actor, id)]);
  return landlord;
}

/** Users the super admin may attach: managers, tenants and contractors of no landlord or of this one. */
async function userOptions(db: Db, actor: Actor, landlordId: number | null): Promise<Person[]> {
  const own = landlordId === null ? isNull(users.landlordId) : eq(users.landlordId, landlordId);
  const where =
    actor.role === ROLE.superAdmin
      ? and(gte(users.role, ROLE.manager), landlordId === null ? own : or(isNull(users.landlordId), own))
      : own;
  return (await db
    .select(personColumns)
    .from(users)
    .where(where)
    .orderBy(personSort, asc(users.id))) as Person[];
}

async function formOptions(db: Db, actor: Actor, landlordId: number | null): Promise<ApiLandlordFormOptions> {
  const options = await userOptions(db, actor, landlordId);
  return {
    user_options: options.map(serializeLandlordUserOption),
    can_change_users: actor.role === ROLE.superAdmin,
  };
}

/** GET landlords/create: what the create form needs (super admin only). */
export async function landlordCreateForm(db: Db, actor: Actor): Promise<ApiLandlordFormOptions> {
  if (!can(actor, 'landlord.create')) throw forbidden();
  return formOptions(db, actor, null);
}

export async function landlordEditForm(db: Db, actor: Actor, id: number): Promise<ApiLandlordEdit> {
  const landlord = await getLandlord(db, actor, id);
  if (!can(actor, 'landlord.update', { id })) throw forbidden();
  return { ...landlord, ...(await formOptions(db, actor, id)) };
}

/** The public logo of the login screen: only the id, name and logo URL. */
export async function landlordLogo(db: Db, id: number): Promise<ApiLandlordLogo> {
  const [row] = await db
    .select({ id: landlords.id, name: landlords.name, avatar: landlords.avatar })
    .from(landlords)
    .where(eq(landlords.id, id))
    .limit(1);
  if (!row) throw notFound();
  return serializeLandlordLogo(row);
}

/** Checks that every user may join the landlord (422 otherwise); locks them so two forms cannot both take one. */
async function assertAttachable(tx: Tx, ids: number[], landlordId: number | null): Promise<void> {
  if (ids.length === 0) return;
  const rows = await tx
    .select({ id: users.id, role: users.role, landlordId: users.landlordId })
    .from(users)
    .where(inArray(users.id, ids))
    .for('update');
  const attachable = rows.filter(
    (row) => row.role >= ROLE.manager && (row.landlordId === null || row.landlordId === landlordId),
  );
  if (attachable.length !== ids.length) throw fieldError('users', en.records.usersNotAttachable);
}

/** Sets users.landlord_id (decision 0002): the given users join, the landlord's other users leave. */
async function setMembers(tx: Tx, landlordId: number, ids: number[]): Promise<void> {
  await tx
    .update(users)
    .set({ landlordId: null })
    .where(and(eq(users.landlordId, landlordId), ids.length > 0 ? notInArray(users.id, ids) : undefined));
  if (ids.length > 0) await tx.update(users).set({ landlordId }).where(inArray(users.id, ids));
}

export async function createLandlord(
  context: RecordsContext,
  actor: Actor,
  body: unknown,
  files: UploadedFile[],
): Promise<ApiLandlord> {
  if (!can(actor, 'landlord.create')) throw forbidden();
  const { values, image } = await parseForm(landlordSchema, body, files);
  const id = await withStoredImage(context, image, (store) =>
    context.db.transaction(async (tx) => {
      await assertAttachable(tx, values.users, null);
      const [row] = await tx
        .insert(landlords)
        .values({ name: values.name, description: values.description })
        .returning({ id: landlords.id });
      await setMembers(tx, row.id, values.users);
      const avatar = await store(logoFolder(row.id));
      if (avatar) await tx.update(landlords).set({ avatar }).where(eq(landlords.id, row.id));
      return row.id;
    }),
  );
  return getLandlord(context.db, actor, id);
}

/** Applies `users` only when the form sent it; a manager may send it unchanged but not change it (403). */
async function applyMembers(tx: Tx, actor: Actor, id: number, values: LandlordValues, sent: boolean) {
  if (!sent) return;
  if (actor.role === ROLE.superAdmin) {
    await assertAttachable(tx, values.users, id);
    await setMembers(tx, id, values.users);
    return;
  }
  const current = await tx.select({ id: users.id }).from(users).where(eq(users.landlordId, id));
  const same =
    current.length === values.users.length && current.every((row) => values.users.includes(row.id));
  if (!same) throw forbidden();
}

export async function updateLandlord(
  context: RecordsContext,
  actor: Actor,
  id: number,
  body: unknown,
  files: UploadedFile[],
): Promise<ApiLandlord> {
  await findVisible(context.db, actor, id);
  if (!can(actor, 'landlord.update', { id })) throw forbidden();
  const { values, image } = await parseForm(landlordSchema, body, files);
  const replaced = await withStoredImage(context, image, (store) =>
    context.db.transaction(async (tx) => {
      // Locked so two concurrent logo changes cannot both think they replace the same old file.
      const [current] = await tx.select().from(landlords).where(eq(landlords.id, id)).for('update');
      if (!current) throw notFound();
      await applyMembers(tx, actor, id, values, hasField(body, 'users'));
      const avatar = await store(logoFolder(id));
      await tx
        .update(landlords)
        .set({ name: values.name, description: values.description, ...(avatar ? { avatar } : {}) })
        .where(eq(landlords.id, id));
      return avatar ? current.avatar : null;
    }),
  );
  await discardFile(context, replaced);
  return getLandlord(context.db, actor, id);
}

export async function deleteLandlord(
  context: RecordsContext,
  actor: Actor,
  id: number,
): Promise<{ message: string }> {
  const existing = await findVisible(context.db, actor, id);
  if (!can(actor, 'landlord.delete')) throw forbidden();
  const removed = await deleteGuarded('landlord', existing.name, () =>
    context.db.transaction(async (tx) => {
      const [row] = await tx.select().from(landlords).where(eq(landlords.id, id)).for('update');
      if (!row) throw notFound();
      const [{ count }] = await tx
        .select({ count: countAll })
        .from(properties)
        .where(eq(properties.landlordId, id));
      if (count > 0) throw inUse('landlord', row.name, dependents(count, 'property', 'properties'));
      // Its users stay, detached (ON DELETE SET NULL).
      await tx.delete(landlords).where(eq(landlords.id, id));
      return row;
    }),
  );
  await discardFile(context, removed.avatar);
  return deletedMessage('landlord', removed.name);
}
