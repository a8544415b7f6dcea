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
  type ApiLandlordListRow,
  type ApiLandlordLogo,
  type ApiLandlordOwner,
  type ApiLandlordSummary,
  type ApiRecordRef,
  belongsToLandlord,
  can,
  en,
  type LandlordValues,
  landlordSchema,
  ROLES,
  TARGET_FIELDS,
  TARGET_HOURS_DEFAULT,
  TARGET_KINDS,
  type TargetKind,
  type TargetValues,
  targetOutOfOrder,
} from '@mend/shared';
import { and, asc, eq, getTableName, ilike, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { reusable, shaped, type ViewerShape, viewerIn, viewerShape, withValues } from '../../db/reusable';
import { type LandlordRow, landlordOwners, landlords, properties, users } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import { fieldError, forbidden, notFound } from '../../lib/errors';
import type { UploadedFile } from '../../lib/form-body';
import {
  countAll,
  type ListPage,
  type ListQuery,
  likePattern,
  listPage,
  type SortColumns,
} from '../../lib/list-query';
import {
  deletedMessage,
  deleteGuarded,
  dependents,
  discardFile,
  hasField,
  inUse,
  type Person,
  parseForm,
  personColumns,
  personSort,
  textSort,
  withStoredImage,
} from '../../lib/record-helpers';
import { roleIn, visibleLandlords } from '../../lib/scopes';
import {
  pageStatement,
  readTableList,
  type TableList,
  type TableListShape,
  tableListShape,
} from '../../lib/table-list';
import { serializeLandlordSummary } from '../users/serialize';
import {
  type LandlordMember,
  serializeLandlord,
  serializeLandlordListRow,
  serializeLandlordLogo,
  serializeLandlordUserOption,
} from './serialize';

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

/** The listed landlord's id, written with its table's name (drizzle leaves a one-table statement's unqualified). */
const listedLandlordId = sql`${sql.identifier(getTableName(landlords))}.${sql.identifier(landlords.id.name)}`;

/**
 * What a landlord's record shows beside its own columns, read with them (a list's page, a single record): its
 * properties and its members, as ordered JSON.
 */
const linkColumns = {
  propertiesJson: sql<
    ApiRecordRef[]
  >`(select coalesce(json_agg(json_build_object('id', ${properties.id}, 'name', ${properties.name}) order by ${textSort(properties.name)}, ${properties.id}), '[]'::json) from ${properties} where ${properties.landlordId} = ${listedLandlordId})`,
  membersJson: sql<
    LandlordMember[]
  >`(select coalesce(json_agg(json_build_object('id', ${users.id}, 'firstName', ${users.firstName}, 'lastName', ${users.lastName}, 'companyName', ${users.companyName}, 'email', ${users.email}, 'role', ${users.role}) order by ${personSort}, ${users.id}), '[]'::json) from ${users} where ${users.landlordId} = ${listedLandlordId})`,
  // Issue 26: who approves the estimates above its limit.
  ownersJson: sql<
    ApiLandlordOwner[]
  >`(select coalesce(json_agg(json_build_object('id', ${landlordOwners.id}, 'name', ${landlordOwners.name}, 'email', ${landlordOwners.email}, 'phone_number', ${landlordOwners.phoneNumber}, 'language', ${landlordOwners.language}) order by ${landlordOwners.position}, ${landlordOwners.id}), '[]'::json) from ${landlordOwners} where ${landlordOwners.landlordId} = ${listedLandlordId})`,
};

type LandlordWithLinks = { landlord: LandlordRow } & {
  [K in keyof typeof linkColumns]: (typeof linkColumns)[K]['_']['type'];
};

const recordOf = (row: LandlordWithLinks): ApiLandlord =>
  serializeLandlord(row.landlord, row.propertiesJson, row.membersJson, row.ownersJson);

/** What a landlord's list row counts (ADR 0024), from the indexes on the landlord's id. */
const countColumns = {
  propertyCount:
    sql<number>`(select count(*) from ${properties} where ${properties.landlordId} = ${listedLandlordId})`.mapWith(
      Number,
    ),
  userCount:
    sql<number>`(select count(*) from ${users} where ${users.landlordId} = ${listedLandlordId})`.mapWith(
      Number,
    ),
};

/** What changes the text of the landlord list's statement: the viewer's role and whether it has a landlord. */
interface LandlordListShape extends TableListShape, ViewerShape {}

/**
 * The landlords a list shows, with how many properties and members each has (ADR 0022, 0024): the viewer's,
 * matching the search (name or description; `search` a LIKE pattern).
 */
const LANDLORD_LIST: TableList<LandlordListShape, { landlord: typeof landlords } & typeof countColumns> = {
  name: 'landlord_list',
  table: landlords,
  id: landlords.id,
  columns: { landlord: landlords, ...countColumns },
  sortable: SORTABLE,
  fallback: DEFAULT_SORT,
  where: (shape, p) => {
    const pattern = p.search as unknown as string;
    return and(
      visibleLandlords(viewerIn(shape, p)),
      shape.search ? or(ilike(landlords.name, pattern), ilike(landlords.description, pattern)) : undefined,
    );
  },
};

function landlordListShape(actor: Actor, query: ListQuery) {
  const viewer = viewerShape(actor);
  const list = tableListShape(query, LANDLORD_LIST);
  return {
    shape: Object.assign({}, list.shape, viewer.shape),
    values: Object.assign({}, list.values, viewer.values, { search: likePattern(query.search) }),
    cap: list.cap,
  };
}

/** The statement of a landlord list's page with its values written in: exported so that its plans can be read. */
export function landlordListPage(db: Db, actor: Actor, query: ListQuery) {
  const { shape, values } = landlordListShape(actor, query);
  return pageStatement(db, LANDLORD_LIST, shape, withValues(values));
}

export async function listLandlords(
  db: Db,
  actor: Actor,
  query: ListQuery,
): Promise<ListPage<ApiLandlordListRow>> {
  assertMayReadLandlords(actor);
  const { shape, values, cap } = landlordListShape(actor, query);
  const { rows, total } = await readTableList(db, LANDLORD_LIST, shape, values, cap);
  return listPage(
    rows.map((row) => serializeLandlordListRow(row.landlord, row.propertyCount, row.userCount)),
    total,
    query,
  );
}

/**
 * The landlord a form starts from, as its landlord picker's one option (id and name), or null: none wanted, or
 * one the actor may not read. The super admin's picker searches the others (GET landlords?search=) rather than
 * every form loading all of them: 2,000 landlords were 75 KB and most of each form's time (ADR 0025).
 */
export async function landlordOption(
  db: Db,
  actor: Actor,
  wanted: number | null,
): Promise<ApiRecordRef | null> {
  if (wanted === null) return null;
  const viewer = viewerShape(actor);
  const [row] = await shaped(db, 'landlord_option', viewer.shape, (db, shape, p) =>
    db
      .select({ id: landlords.id, name: landlords.name })
      .from(landlords)
      .where(and(eq(landlords.id, p.landlordId), visibleLandlords(viewerIn(shape, p)))),
  ).execute({ ...viewer.values, landlordId: wanted });
  return row ?? null;
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
  assertMayReadLandlords(actor);
  const viewer = viewerShape(actor);
  const [row] = await shaped(db, 'landlord_record', viewer.shape, (db, shape, p) =>
    db
      .select({ landlord: landlords, ...linkColumns })
      .from(landlords)
      .where(and(eq(landlords.id, p.landlordId), visibleLandlords(viewerIn(shape, p)))),
  ).execute({ ...viewer.values, landlordId: id });
  if (!row) throw notFound();
  return recordOf(row);
}

/** GET landlords/current: the signed-in user's landlord in brief (the "Managed by" logo), or null. */
export async function currentLandlord(db: Db, landlordId: number | null): Promise<ApiLandlordSummary | null> {
  if (landlordId === null) return null;
  const [row] = await reusable(db, 'current_landlord', (db, name) =>
    db
      .select()
      .from(landlords)
      .where(eq(landlords.id, sql.placeholder('landlordId')))
      .prepare(name),
  ).execute({ landlordId });
  return row ? serializeLandlordSummary(row) : null;
}

/**
 * What the landlord form's users picker offers beside the landlord's own users (its record's `users`): the
 * managers, tenants and contractors of no landlord, which the super admin may attach. Nothing for a manager, who
 * may not change them (ADR 0025: the own users were sent twice, 46 KB for a landlord of 200).
 */
async function formOptions(db: Db, actor: Actor): Promise<ApiLandlordFormOptions> {
  const mayChange = can(actor, 'landlord.changeUsers');
  const free = mayChange
    ? ((await reusable(db, 'landlord_form_free_users', (db, name) =>
        db
          .select(personColumns)
          .from(users)
          .where(and(roleIn(...ROLES.filter(belongsToLandlord)), isNull(users.landlordId)))
          .orderBy(personSort, asc(users.id))
          .prepare(name),
      ).execute()) as Person[])
    : [];
  return { user_options: free.map(serializeLandlordUserOption), can_change_users: mayChange };
}

/** GET landlords/create: what the create form needs (super admin only). */
export async function landlordCreateForm(db: Db, actor: Actor): Promise<ApiLandlordFormOptions> {
  if (!can(actor, 'landlord.create')) throw forbidden();
  return formOptions(db, actor);
}

export async function landlordEditForm(db: Db, actor: Actor, id: number): Promise<ApiLandlordEdit> {
  const landlord = await getLandlord(db, actor, id);
  if (!can(actor, 'landlord.update', { id })) throw forbidden();
  return { ...landlord, ...(await formOptions(db, actor)) };
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
    (row) => belongsToLandlord(row.role) && (row.landlordId === null || row.landlordId === landlordId),
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

/** The target columns of a landlord and their form fields (TARGET_FIELDS), by priority. */
const TARGET_COLUMNS = [
  { response: 'normalResponseHours', resolution: 'normalResolutionHours' },
  { response: 'highResponseHours', resolution: 'highResolutionHours' },
] as const satisfies readonly Record<TargetKind, keyof LandlordRow>[];

/**
 * The targets the form sent, as columns, checked with those it did not send (the stored ones, or the defaults of a new
 * landlord): a response target longer than its resolution target is refused on the response field.
 */
function targetColumns(values: LandlordValues, current: LandlordRow | null) {
  const merged: TargetValues = {};
  const columns: Partial<Record<(typeof TARGET_COLUMNS)[number][TargetKind], number>> = {};
  TARGET_FIELDS.forEach((fields, priority) => {
    for (const kind of TARGET_KINDS) {
      const sent = values[fields[kind]];
      const column = TARGET_COLUMNS[priority][kind];
      if (sent !== undefined) columns[column] = sent;
      merged[fields[kind]] = sent ?? current?.[column] ?? TARGET_HOURS_DEFAULT[priority][kind];
    }
  });
  const outOfOrder = targetOutOfOrder(merged);
  if (outOfOrder !== null) throw fieldError(TARGET_FIELDS[outOfOrder].response, en.validation.targetOrder);
  return columns;
}

/** The money settings the form sent (issue 26), as columns; absent ones keep their stored value or default. */
function moneyColumns(values: LandlordValues) {
  return {
    ...(values.currency !== undefined && { currency: values.currency }),
    ...(values.approval_limit_cents !== undefined && { approvalLimitCents: values.approval_limit_cents }),
  };
}

/**
 * Replaces the owner contacts when the form sent them: one sent with the id of one of the landlord's keeps its row
 * (its approval links stay good, and its language when none is sent), the others are new, those not sent go.
 */
async function setOwners(tx: Tx, landlordId: number, owners: LandlordValues['owners']): Promise<void> {
  if (owners === undefined) return;
  const current = await tx
    .select({ id: landlordOwners.id })
    .from(landlordOwners)
    .where(eq(landlordOwners.landlordId, landlordId));
  const kept = new Set(current.map((row) => row.id));
  const keptIds = owners.flatMap((owner) => (owner.id && kept.has(owner.id) ? [owner.id] : []));
  await tx
    .delete(landlordOwners)
    .where(
      and(
        eq(landlordOwners.landlordId, landlordId),
        keptIds.length > 0 ? notInArray(landlordOwners.id, keptIds) : undefined,
      ),
    );
  for (const [position, owner] of owners.entries()) {
    const columns = {
      name: owner.name,
      email: owner.email,
      phoneNumber: owner.phone_number,
      position,
      ...(owner.language !== undefined && { language: owner.language }),
    };
    if (owner.id && kept.has(owner.id))
      await tx.update(landlordOwners).set(columns).where(eq(landlordOwners.id, owner.id));
    else await tx.insert(landlordOwners).values({ landlordId, ...columns });
  }
}

export async function createLandlord(
  context: ServiceContext,
  actor: Actor,
  body: unknown,
  files: UploadedFile[],
): Promise<ApiLandlord> {
  if (!can(actor, 'landlord.create')) throw forbidden();
  const { values, image } = await parseForm(landlordSchema, body, files);
  const targets = targetColumns(values, null);
  const id = await withStoredImage(context, image, (store) =>
    context.db.transaction(async (tx) => {
      await assertAttachable(tx, values.users, null);
      const [row] = await tx
        .insert(landlords)
        .values({
          name: values.name,
          description: values.description,
          ...(values.assignment_response_hours !== undefined && {
            assignmentResponseHours: values.assignment_response_hours,
          }),
          ...targets,
          ...moneyColumns(values),
        })
        .returning({ id: landlords.id });
      await setMembers(tx, row.id, values.users);
      await setOwners(tx, row.id, values.owners);
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
  if (can(actor, 'landlord.changeUsers')) {
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
  context: ServiceContext,
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
        .set({
          name: values.name,
          description: values.description,
          ...(values.assignment_response_hours !== undefined && {
            assignmentResponseHours: values.assignment_response_hours,
          }),
          ...targetColumns(values, current),
          ...moneyColumns(values),
          ...(avatar ? { avatar } : {}),
        })
        .where(eq(landlords.id, id));
      await setOwners(tx, id, values.owners);
      return avatar ? current.avatar : null;
    }),
  );
  await discardFile(context, replaced);
  return getLandlord(context.db, actor, id);
}

export async function deleteLandlord(
  context: ServiceContext,
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
      if (count > 0) throw inUse('landlord', row.name, dependents(count, 'properties'));
      // Its users stay, detached (ON DELETE SET NULL).
      await tx.delete(landlords).where(eq(landlords.id, id));
      return row;
    }),
  );
  await discardFile(context, removed.avatar);
  return deletedMessage('landlord', removed.name);
}
