/**
 * Users, tenants and contractors: reading through the actor's scope (lib/scopes.ts), the rules of @mend/shared
 * `can()`, the form rules of SPEC.md section 5, and every write in one transaction with its links (tenant unit,
 * contractor properties and categories) and its avatar file.
 */
import {
  type ApiCreatedUser,
  type ApiRoleOption,
  type ApiUserEdit,
  type ApiUserFormOptions,
  type ApiUserRecord,
  assignableRoles,
  can,
  defaultRoleForType,
  en,
  fieldErrors,
  format,
  isTemporaryEmail,
  LIST_COUNT_CAP,
  landlordScope,
  type MessageResponse,
  parseRole,
  ROLE,
  type Role,
  ratingSummary,
  roleName,
  SEARCH_COUNT_CAP,
  temporaryEmailFor,
  typeHoldsRole,
  type UserFormValues,
  type UserListResponse,
  type UserType,
  userFormSchema,
  userTypeForRole,
} from '@mend/shared';
import { and, asc, eq, getTableName, inArray, ne, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, isUniqueViolation } from '../../db/client';
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
  contractorCategories,
  contractorProperties,
  contractorRatings,
  landlords,
  properties,
  tenantUnits,
  type UserRow,
  units,
  users,
} from '../../db/schema';
import type { Actor } from '../../lib/actor';
import type { ServiceContext } from '../../lib/context';
import { listQueryWith, optionalIdFilter } from '../../lib/contracts';
import {
  AppError,
  type FieldErrors,
  fieldError,
  forbidden,
  notFound,
  validationFailed,
} from '../../lib/errors';
import type { UploadedFile } from '../../lib/form-body';
import type { ListExport } from '../../lib/list-export';
import {
  cappedTotal,
  countAll,
  everyRowCountUpTo,
  likePattern,
  listCountCap,
  listPage,
  orderOf,
  pageOffset,
  type SortColumns,
  searchWalkLength,
  sortOf,
  walkedPage,
} from '../../lib/list-query';
import { roleIn, seesEveryRow, userScope } from '../../lib/scopes';
import { newStorageKey, type ProcessedImage, processAvatarUpload } from '../../lib/uploads';
import { categoryChoices } from '../categories/service';
import { landlordOption } from '../landlords/service';
import { passwordFor, uniqueUsernames, violatedConstraint } from './accounts';
import { displayName, NO_LINKS, serializeUserRecord, type UserLinks } from './serialize';

const v = en.validation;

/** Avatars live under one folder per user: avatars/users/7/3f9c….webp. */
export const avatarFolder = (userId: number) => `avatars/users/${userId}`;

// ---------------------------------------------------------------------------------------------------------
// Reading

/**
 * Sortable list columns (SPEC.md section 2); name and company sort case-insensitively. A role's people come in the
 * order they joined: ordered by role and id, a list of one role (tenants, contractors) was ordered by id alone, and
 * PostgreSQL walked every user by id to the first of that role (the 12,000 staff and contractors before the first
 * tenant at full scale) rather than the role's own date index.
 */
const SORTABLE = {
  name: sql`lower(${users.firstName} || ' ' || ${users.lastName})`,
  company_name: sql`lower(${users.companyName})`,
  email: users.email,
  role: [users.role, users.createdAt],
  created_at: users.createdAt,
} satisfies SortColumns<'users'>;
const DEFAULT_SORT = { sort: 'created_at', order: 'desc' } as const;

/**
 * The same sorts for the super admin's search, with the keys that hold the searched words (name, company,
 * email) hidden from their indexes by `|| ''` (same values, same order). Otherwise PostgreSQL walks the sort's
 * index until ten rows match, expecting matches spread evenly; but "leah" matches the names in the L stretch
 * of the name index, so the walk read a large part of the table. From the trigram index, only the matches are
 * read and sorted (ADR 0019).
 */
const SORTABLE_WHILE_SEARCHING = {
  ...SORTABLE,
  name: sql`${SORTABLE.name} || ''`,
  company_name: sql`${SORTABLE.company_name} || ''`,
  email: sql`${users.email} || ''`,
} satisfies SortColumns<'users'>;

/** GET /{type}'s query: the page, search and sort, and its filters; anything unreadable is ignored rather than refused. */
export const userListQuery = listQueryWith({
  landlord_id: optionalIdFilter,
  role: z.coerce.number().int().min(0).max(3).optional().catch(undefined),
});
export type UserListQuery = z.output<typeof userListQuery>;

/** PostgreSQL text cannot hold NUL characters; one in a search or a form would be a 500, not a miss. */
const withoutNul = (text: string) => text.replaceAll('\u0000', '');

/** The form body with NUL characters removed from every stored text (passwords are never stored as text). */
export function cleanBody(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const clean = (value: unknown): unknown =>
    typeof value === 'string' ? withoutNul(value) : Array.isArray(value) ? value.map(clean) : value;
  return Object.fromEntries(
    Object.entries(body).map(([key, value]) => [key, key.startsWith('password') ? value : clean(value)]),
  );
}

/** What changes the text of a people list's statement (db/reusable.ts `shaped`); its values are placeholders. */
export interface UserListShape extends ViewerShape {
  type: UserType;
  byLandlord: boolean;
  /** The role filter, in the text (four values). */
  role: Role | null;
  search: 'none' | 'wide' | 'narrow';
  sort: string;
  direction: 'asc' | 'desc';
  perPage: number;
  /** A page after the first: its ids are found first (see `userListPage`). */
  later: boolean;
}

/** A people list's shape and the values of its placeholders (`viewerId`, `landlordId`, `search`, ...). */
export function userListShape(actor: Actor, type: UserType, query: UserListQuery) {
  const term = withoutNul(query.search);
  const wide = seesEveryRow(actor) && query.landlord_id === undefined;
  const { key: sort, direction } = sortOf(query, SORTABLE, DEFAULT_SORT);
  const offset = pageOffset(query);
  const viewer = viewerShape(actor);
  const shape: UserListShape = Object.assign({}, viewer.shape, {
    type,
    byLandlord: query.landlord_id !== undefined,
    role: query.role === undefined ? null : (query.role as Role),
    search: term === '' ? 'none' : wide ? 'wide' : 'narrow',
    sort,
    direction,
    perPage: query.per_page,
    later: offset > 0,
  } satisfies Omit<UserListShape, keyof ViewerShape>);
  const values = Object.assign({}, viewer.values, {
    landlordId: query.landlord_id,
    search: wide ? likePattern(term) : term,
    offset,
    over: listCountCap(query) + 1,
    walk: searchWalkLength(query),
  });
  return { shape, values, cap: listCountCap(query) };
}

/**
 * Search (SPEC.md section 2): name (first, last, or both as shown), description, company, email,
 * username, the tenant's unit name and the contractor's category titles (any of them, so a
 * contractor is found by every trade it handles, not only the first). All of it is one lower-cased
 * column, `users.search_text`, kept by database triggers (migration 0007, as tickets' in ADR 0009):
 * - a wide scope (the super admin's lists, 250,000 people) matches `search_text LIKE lower('%term%')`,
 *   which the trigram index answers whatever the term (the statement is planned with its pattern every time);
 * - a narrow one (a manager's landlord, a contractor's tenants, one landlord's people) tests its few
 *   hundred rows with `strpos`, the same substring test, which no index takes: its prepared statement's
 *   generic plan stays on the scope's own index.
 */
function userSearch(search: UserListShape['search'], term: Placeholder): SQL | undefined {
  if (search === 'none') return undefined;
  return search === 'wide'
    ? sql`${users.searchText} like lower(${term})`
    : sql`strpos(${users.searchText}, lower(${term})) > 0`;
}

/**
 * The role filter. One that contradicts the list's type (tenants filtered to managers) matches nothing, and says so
 * in the text: given both roles, PostgreSQL found the contradiction but still planned scans of the type's rows in
 * parallel workers on every call.
 */
function roleFilter(shape: UserListShape): SQL | undefined {
  if (shape.role === null) return undefined;
  return typeHoldsRole(shape.type, shape.role) ? roleIn(shape.role) : sql`false`;
}

/** The rows a people list shows: the viewer's scope, the filters and the search. */
function userListWhere(shape: UserListShape, p: Placeholders): SQL | undefined {
  return and(
    userScope(viewerIn(shape, p), shape.type),
    shape.byLandlord ? eq(users.landlordId, p.landlordId) : undefined,
    roleFilter(shape),
    userSearch(shape.search, p.search),
  );
}

/**
 * The people a list counts (ADR 0007, 0014): up to its cap past page 1's first row, a number written into the
 * text; a later page's, `over`, hidden from the planner. Given as a value, PostgreSQL would never settle on a plan
 * for all calls (its generic plan reckons with any limit) and would plan the statement on every call.
 */
function matchingUsers(db: Db, shape: UserListShape, p: Placeholders) {
  const firstCap = (shape.search === 'none' ? LIST_COUNT_CAP : SEARCH_COUNT_CAP) + 1;
  const over = shape.later ? hiddenFromPlanner(p.over) : sql.raw(String(firstCap));
  return db
    .select({ one: sql`1` })
    .from(users)
    .where(userListWhere(shape, p))
    .limit(over as unknown as number)
    .as('matching');
}

/**
 * A column of the listed user, written with its table's name: drizzle writes the columns of a statement on one
 * table unqualified, and in a subquery `"id"` would be the subquery's own table's.
 */
const listed = (column: typeof users.id | typeof users.landlordId) =>
  sql`${sql.identifier(getTableName(users))}.${sql.identifier(column.name)}`;

/**
 * What a record shows beside the user's own columns, read with them (a list's page, single records): the landlord's
 * name, a tenant's unit, a contractor's properties and categories (JSON). By role: a unit is a tenant's link,
 * properties and categories a contractor's.
 */
const linkColumns = {
  landlordName: sql<
    string | null
  >`(select ${landlords.name} from ${landlords} where ${landlords.id} = ${listed(users.landlordId)})`,
  unit: sql<{
    id: number;
    name: string;
  } | null>`case when ${roleIn(ROLE.tenant)} then (select json_build_object('id', ${units.id}, 'name', ${units.name}) from ${tenantUnits} inner join ${units} on ${units.id} = ${tenantUnits.unitId} where ${tenantUnits.userId} = ${listed(users.id)} limit 1) end`,
  properties: sql<
    { id: number; name: string }[] | null
  >`case when ${roleIn(ROLE.contractor)} then (select json_agg(json_build_object('id', ${properties.id}, 'name', ${properties.name}) order by ${properties.name}, ${properties.id}) from ${contractorProperties} inner join ${properties} on ${properties.id} = ${contractorProperties.propertyId} where ${contractorProperties.userId} = ${listed(users.id)}) end`,
  categories: sql<
    { id: number; title: string }[] | null
  >`case when ${roleIn(ROLE.contractor)} then (select json_agg(json_build_object('id', ${categories.id}, 'title', ${categories.title}) order by ${categories.title}, ${categories.id}) from ${contractorCategories} inner join ${categories} on ${categories.id} = ${contractorCategories.categoryId} where ${contractorCategories.userId} = ${listed(users.id)}) end`,
  // A contractor's ratings (issue 25), as the sign-offs' trigger keeps them: one row by its key.
  ratings: sql<{
    count: number;
    sum: number;
  } | null>`case when ${roleIn(ROLE.contractor)} then (select json_build_object('count', ${contractorRatings.ratings}, 'sum', ${contractorRatings.ratingSum}) from ${contractorRatings} where ${contractorRatings.contractorId} = ${listed(users.id)}) end`,
};

type LinkColumnValues = { [K in keyof typeof linkColumns]: (typeof linkColumns)[K]['_']['type'] };

/** A record's links from its link columns. */
function linksOf(user: UserRow, columns: LinkColumnValues): UserLinks {
  return {
    landlord: columns.landlordName === null ? null : { id: user.landlordId!, name: columns.landlordName },
    unit: columns.unit,
    properties: columns.properties ?? [],
    categories: columns.categories ?? [],
  };
}

/** A user as the viewer sees it: its links (none when they were not read), what it may do, a contractor's rating. */
function recordFor(actor: Actor, user: UserRow, columns: LinkColumnValues | undefined): ApiUserRecord {
  const ratings = columns?.ratings ?? { count: 0, sum: 0 };
  return serializeUserRecord(
    user,
    columns ? linksOf(user, columns) : NO_LINKS,
    { update: can(actor, 'user.updateRecord', user), delete: can(actor, 'user.delete', user) },
    can(actor, 'user.viewRating', user) ? ratingSummary(ratings.count, ratings.sum) : null,
  );
}

/** Records as the viewer sees them (links plus what it may do to each). */
export async function toRecords(db: Db, actor: Actor, rows: UserRow[]): Promise<ApiUserRecord[]> {
  if (rows.length === 0) return [];
  const found = await db
    .select({ id: users.id, ...linkColumns })
    .from(users)
    .where(
      inArray(
        users.id,
        rows.map((row) => row.id),
      ),
    );
  const linksById = new Map(found.map(({ id, ...columns }) => [id, columns]));
  return rows.map((row) => recordFor(actor, row, linksById.get(row.id)));
}

/**
 * Whether a people list reads a scope of a few hundred people (a manager's landlord, a contractor's tenants, one
 * landlord's people) rather than the super admin's 250,000: its page and total come from one pass over them.
 */
const isNarrow = (shape: UserListShape) => !seesEveryRow({ role: shape.viewerRole }) || shape.byLandlord;

/**
 * One page of a people list in one statement (but the super admin's search: `userSearchPage`): the rows, their
 * links and the list's total (`matched`). A narrow list (`isNarrow`) finds its page and counts its few hundred people
 * in one pass (`count(*) over ()`); the super admin's whole lists count up to the cap, and their unfiltered page 1
 * takes "over the cap" from the table's estimate. A later page of those finds its ids first, from the sort's index alone (no table reads for the rows it
 * skips), then reads its own rows. Exported so that a test can
 * check its plans (each sort has an index; see users-list-plans.test.ts).
 */
export function userListPage(db: Db, shape: UserListShape, p: Placeholders) {
  const where = userListWhere(shape, p);
  const order = orderOf(shape, SORTABLE, DEFAULT_SORT, users.id);
  const limit = sql.raw(String(shape.perPage));
  if (isNarrow(shape)) {
    // The page's ids and the total in one pass over the scope's few hundred people; then those rows and links.
    const offset = shape.later ? sql` offset ${hiddenFromPlanner(p.offset)}` : sql``;
    const page = sql`(select ${users.id} as id, count(*) over () as matched from ${users} where ${where ?? sql`true`} order by ${sql.join(order, sql`, `)} limit ${limit}${offset}) as page`;
    return db
      .select({ user: users, ...linkColumns, matched: sql<number>`page.matched`.mapWith(Number) })
      .from(page)
      .innerJoin(users, sql`${users.id} = page.id`)
      .orderBy(...order);
  }
  const matched =
    where === undefined && !shape.later
      ? everyRowCountUpTo(users, LIST_COUNT_CAP)
      : sql`(select count(*) from ${matchingUsers(db, shape, p)})`;
  const rows = db
    .select({ user: users, ...linkColumns, matched: sql<number>`${matched}`.mapWith(Number) })
    .from(users);
  if (!shape.later)
    return rows
      .where(where)
      .orderBy(...order)
      .limit(limit as unknown as number);
  const pageIds = sql`select ${users.id} from ${users} where ${where ?? sql`true`} order by ${sql.join(order, sql`, `)} limit ${limit} offset ${hiddenFromPlanner(p.offset)}`;
  return rows.where(sql`${users.id} in (${pageIds})`).orderBy(...order);
}

/**
 * A search of every user (the super admin's): the ids of its matches in the list's order, as many as its page and
 * count need (`walk`, ADR 0051). Counted apart, a common word ("leah", 5,000 people) gathered every match from the
 * trigram index beside the walk that found the page. The statement is planned with its pattern on every call: the
 * sort's index for a common word, the trigram index for a rare one's few matches. The rows are then read by id
 * (`usersByIds`, prepared).
 */
export function userSearchPage(db: Db, shape: UserListShape, p: Placeholders) {
  return db
    .select({ id: users.id })
    .from(users)
    .where(userListWhere(shape, p))
    .orderBy(...orderOf(shape, SORTABLE_WHILE_SEARCHING, DEFAULT_SORT, users.id))
    .limit(p.walk as unknown as number);
}

/** Users and their links by id (`ids`), in a list's order. */
function usersByIds(db: Db, shape: Pick<UserListShape, 'sort' | 'direction'>, p: Placeholders) {
  return db
    .select({ user: users, ...linkColumns })
    .from(users)
    .where(sql`${users.id} = any(${p.ids})`)
    .orderBy(...orderOf(shape, SORTABLE_WHILE_SEARCHING, DEFAULT_SORT, users.id));
}

/** A page's rows with their links, and the list's total as its statements counted it (undefined: no row carried it). */
async function readUserPage(db: Db, shape: UserListShape, values: Record<string, unknown>) {
  if (shape.search !== 'wide') {
    const rows = await shaped(db, 'user_list', shape, userListPage).execute(values);
    return { rows, matched: rows[0]?.matched };
  }
  const walked = await shaped(db, 'user_search', shape, userSearchPage).execute(values);
  const order = { sort: shape.sort, direction: shape.direction };
  return walkedPage(walked, values, shape.perPage, (ids) =>
    shaped(db, 'users_by_ids', order, usersByIds).execute({ ids }),
  );
}

/** GET /{type}: one page, searched, sorted and counted in SQL, within the actor's scope. */
export async function listUsers(
  db: Db,
  actor: Actor,
  type: UserType,
  query: UserListQuery,
): Promise<UserListResponse> {
  if (!can(actor, `${type}.list`)) throw forbidden();
  const { shape, values, cap } = userListShape(actor, type, query);
  const { rows, matched } = await readUserPage(db, shape, values);
  let total = cappedTotal(matched ?? 0, cap);
  if (matched === undefined && shape.later) {
    // Past the last page no row carries the total: counted alone, as far past this page as a page counts.
    const counting = shaped(db, 'user_list_count', { ...shape, sort: '' }, (db, shape, p) =>
      db.select({ counted: countAll }).from(matchingUsers(db, shape, p)),
    );
    const [{ counted }] = await counting.execute(values);
    total = cappedTotal(counted, cap);
  }
  const records = rows.map((row) => recordFor(actor, row.user, row));
  return listPage(records, total, query);
}

/**
 * GET /{type}'s export (issue 27, modules/exports): its rule (403 as for the list), then every person of the list for
 * `query` (its search, sort and filters; no page), with the page's own condition and order (`userListWhere`, the
 * shape's sort, as the wide search writes it) and the values written in as parameters; answered as its rows are.
 */
export function exportUsers(
  db: Db,
  actor: Actor,
  type: UserType,
  query: UserListQuery,
): ListExport<{ user: UserRow } & LinkColumnValues, ApiUserRecord> {
  if (!can(actor, `${type}.list`)) throw forbidden();
  const { shape, values } = userListShape(actor, type, { ...query, page: 1 });
  const p = withValues(values);
  const sortable = shape.search === 'wide' ? SORTABLE_WHILE_SEARCHING : SORTABLE;
  return {
    select: db
      .select({ user: users, ...linkColumns })
      .from(users)
      .where(userListWhere(shape, p))
      .orderBy(...orderOf(shape, sortable, DEFAULT_SORT, users.id)),
    answer: (_db, rows) => rows.map((row) => recordFor(actor, row.user, row)),
  };
}

/** One user within the actor's scope for the type; 404 when outside it (never a hint that it exists). */
export async function findVisibleUser(db: Db, actor: Actor, type: UserType, id: number): Promise<UserRow> {
  const viewer = viewerShape(actor);
  const [row] = await shaped(db, 'visible_user', { ...viewer.shape, type }, (db, shape, p) =>
    db
      .select()
      .from(users)
      .where(and(eq(users.id, p.userId), userScope(viewerIn(shape, p), shape.type))),
  ).execute({ ...viewer.values, userId: id });
  if (!row) throw notFound();
  return row;
}

/**
 * One user with its links, if the viewer may see it in the type's scope (`userId`): one statement, built once per
 * viewer shape and type (it was two, each built anew). Exported so that its plans can be read.
 */
export function userRecordStatement(db: Db, shape: ViewerShape & { type: UserType }, p: Placeholders) {
  return db
    .select({ user: users, ...linkColumns })
    .from(users)
    .where(and(eq(users.id, p.userId), userScope(viewerIn(shape, p), shape.type)));
}

/** The user and its links, if the viewer may see it in the type's scope; 404 otherwise. */
async function visibleUserWithLinks(db: Db, actor: Actor, type: UserType, id: number) {
  const viewer = viewerShape(actor);
  const [row] = await shaped(db, 'user_record', { ...viewer.shape, type }, userRecordStatement).execute({
    ...viewer.values,
    userId: id,
  });
  if (!row) throw notFound();
  return row;
}

function recordOfRow(actor: Actor, row: Awaited<ReturnType<typeof visibleUserWithLinks>>): ApiUserRecord {
  return recordFor(actor, row.user, row);
}

/** GET /{type}/{id}. */
export async function getUserRecord(
  db: Db,
  actor: Actor,
  type: UserType,
  id: number,
): Promise<ApiUserRecord> {
  return recordOfRow(actor, await visibleUserWithLinks(db, actor, type, id));
}

/** Which option lists a form needs: the /users create form may become any type once a role is picked. */
type OptionKinds = UserType | 'any';

async function formOptions(
  db: Db,
  actor: Actor,
  kinds: OptionKinds,
  roles: Role[],
  defaultRole: Role,
  requested: number | undefined,
  subject: UserRow | null,
): Promise<ApiUserFormOptions> {
  const canPick = can(actor, 'landlord.pickOnUser');
  // Units and properties are offered for one landlord only (SPEC.md section 6).
  const offered = await landlordOption(
    db,
    actor,
    canPick ? (requested ?? subject?.landlordId ?? null) : actor.landlordId,
  );
  const chosen = offered?.id ?? null;
  const wantsUnits = kinds === 'tenants' || kinds === 'any';
  const wantsContractorLists = kinds === 'contractors' || kinds === 'any';
  const [unitOptions, propertyOptions, categoryOptions] = await Promise.all([
    wantsUnits && chosen !== null
      ? shaped(db, 'user_form_units', {}, (db, _shape, p) =>
          db
            .select({
              id: units.id,
              name: units.name,
              property_id: properties.id,
              property_name: properties.name,
            })
            .from(units)
            .innerJoin(properties, eq(properties.id, units.propertyId))
            .where(eq(properties.landlordId, p.landlordId))
            .orderBy(asc(properties.name), asc(units.name), asc(units.id)),
        ).execute({ landlordId: chosen })
      : [],
    wantsContractorLists && chosen !== null
      ? shaped(db, 'user_form_properties', {}, (db, _shape, p) =>
          db
            .select({ id: properties.id, name: properties.name })
            .from(properties)
            .where(eq(properties.landlordId, p.landlordId))
            .orderBy(asc(properties.name), asc(properties.id)),
        ).execute({ landlordId: chosen })
      : [],
    wantsContractorLists ? categoryChoices(db) : [],
  ]);
  return {
    roles: roles.map((role): ApiRoleOption => ({ value: role, name: roleName(role) })),
    default_role: defaultRole,
    can_pick_landlord: canPick,
    landlord_options: offered ? [offered] : [],
    options_landlord_id: chosen,
    unit_options: unitOptions,
    property_options: propertyOptions,
    category_options: categoryOptions,
  };
}

/** The roles the actor may give on a type's form: its assignable roles that the type's list holds. */
function rolesFor(actor: Actor, type: UserType): Role[] {
  return assignableRoles(actor.role).filter((role) => typeHoldsRole(type, role));
}

/** GET /{type}/create: the roles and choices of the create form. */
export async function createFormData(
  db: Db,
  actor: Actor,
  type: UserType,
  requestedLandlordId: number | undefined,
): Promise<ApiUserFormOptions> {
  if (!can(actor, `${type}.create`)) throw forbidden();
  const kinds = type === 'users' ? 'any' : type;
  return formOptions(
    db,
    actor,
    kinds,
    rolesFor(actor, type),
    defaultRoleForType(type),
    requestedLandlordId,
    null,
  );
}

/** GET /{type}/{id}/edit: the user and the choices of its form (by the user's own type). */
export async function editFormData(
  db: Db,
  actor: Actor,
  type: UserType,
  id: number,
  requestedLandlordId: number | undefined,
): Promise<ApiUserEdit> {
  const row = await visibleUserWithLinks(db, actor, type, id);
  if (!can(actor, 'user.updateRecord', row.user)) throw forbidden();
  const ownType = userTypeForRole(row.user.role);
  const options = await formOptions(
    db,
    actor,
    ownType,
    rolesFor(actor, ownType),
    defaultRoleForType(ownType),
    requestedLandlordId,
    row.user,
  );
  return { ...recordOfRow(actor, row), ...options };
}

// ---------------------------------------------------------------------------------------------------------
// Writing

/** The links a saved user gets; a key left undefined is not touched. */
interface Links {
  landlordId: number | null;
  unitId?: number;
  propertyIds?: number[];
  categoryIds?: number[];
}

function addError(errors: FieldErrors, field: string, message: string): void {
  errors[field] ??= [];
  if (!errors[field].includes(message)) errors[field].push(message);
}

/**
 * The landlord and links of a form, checked against the database (SPEC.md section 6: a tenant's unit
 * and a contractor's properties belong to the chosen landlord). A manager's people always belong to
 * its own landlord, whatever the form says. A super admin who leaves the landlord blank gets the
 * landlord of the tenant's unit or of the contractor's first property.
 */
async function checkLinks(
  db: Db,
  actor: Actor,
  type: UserType,
  values: UserFormValues,
  errors: FieldErrors,
): Promise<Links> {
  // Who may not pick the landlord (a manager) gives its own.
  const forced = !can(actor, 'landlord.pickOnUser');
  let landlordId = forced ? actor.landlordId : values.landlord_id;
  let landlordKnown = true;
  if (!forced && landlordId !== null) {
    const [found] = await db
      .select({ id: landlords.id })
      .from(landlords)
      .where(eq(landlords.id, landlordId))
      .limit(1);
    if (!found) {
      addError(errors, 'landlord_id', v.landlord);
      landlordKnown = false;
    }
  }
  const links: Links = { landlordId };

  if (type === 'tenants' && values.unit_id !== undefined) {
    const [unit] = await db
      .select({ id: units.id, landlordId: properties.landlordId })
      .from(units)
      .innerJoin(properties, eq(properties.id, units.propertyId))
      .where(eq(units.id, values.unit_id))
      .limit(1);
    landlordId ??= unit?.landlordId ?? null;
    if (!unit || (landlordKnown && unit.landlordId !== landlordId)) addError(errors, 'unit_id', v.unit);
    links.unitId = values.unit_id;
  }

  if (type === 'contractors') {
    const propertyIds = values.property_ids ?? [];
    const found = propertyIds.length
      ? await db
          .select({ id: properties.id, landlordId: properties.landlordId })
          .from(properties)
          .where(inArray(properties.id, propertyIds))
      : [];
    landlordId ??= found.find((property) => property.id === propertyIds[0])?.landlordId ?? null;
    const foreign = found.some((property) => landlordKnown && property.landlordId !== landlordId);
    if (found.length !== propertyIds.length || foreign) addError(errors, 'property_ids', v.property);

    const categoryIds = values.category_ids ?? [];
    const knownCategories = categoryIds.length
      ? await db.select({ id: categories.id }).from(categories).where(inArray(categories.id, categoryIds))
      : [];
    if (knownCategories.length !== categoryIds.length) addError(errors, 'category_ids', v.category);
    links.propertyIds = propertyIds;
    links.categoryIds = categoryIds;
  }
  links.landlordId = landlordId;
  return links;
}

/** Emails are unique case-insensitively (stored lower-case); the temporary-account domain is reserved. */
async function checkEmail(
  db: Db,
  email: string,
  current: UserRow | null,
  errors: FieldErrors,
): Promise<void> {
  if (email === '' || email === current?.email) return;
  if (isTemporaryEmail(email)) return addError(errors, 'email', en.people.reservedEmail);
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), current ? ne(users.id, current.id) : undefined))
    .limit(1);
  if (taken) addError(errors, 'email', en.people.emailTaken);
}

/** Replaces a user's links of its type (tenant unit; contractor properties and categories). */
async function writeLinks(db: Db, userId: number, links: Links): Promise<void> {
  if (links.unitId !== undefined) {
    await db
      .insert(tenantUnits)
      .values({ userId, unitId: links.unitId })
      .onConflictDoUpdate({ target: tenantUnits.userId, set: { unitId: links.unitId } });
  }
  if (links.propertyIds !== undefined) {
    await db.delete(contractorProperties).where(eq(contractorProperties.userId, userId));
    if (links.propertyIds.length > 0)
      await db
        .insert(contractorProperties)
        .values(links.propertyIds.map((propertyId) => ({ userId, propertyId })));
  }
  if (links.categoryIds !== undefined) {
    await db.delete(contractorCategories).where(eq(contractorCategories.userId, userId));
    if (links.categoryIds.length > 0)
      await db
        .insert(contractorCategories)
        .values(links.categoryIds.map((categoryId) => ({ userId, categoryId })));
  }
}

/**
 * Runs a transaction that stores files on the way. The files are written before the commit (so a
 * failed write rolls the rows back) and removed again when the transaction fails, so a failed
 * request never leaves a file behind.
 */
async function transactionWithFiles<T>(
  deps: ServiceContext,
  work: (tx: Db, store: (key: string, data: Buffer) => Promise<void>) => Promise<T>,
): Promise<T> {
  const stored: string[] = [];
  try {
    return await deps.db.transaction((tx) =>
      work(tx, async (key, data) => {
        stored.push(key);
        await deps.storage.put(key, data);
      }),
    );
  } catch (error) {
    await Promise.all(stored.map((key) => deps.storage.delete(key).catch(() => {})));
    throw error;
  }
}

/** Form fields and the avatar checked together, so one answer lists every problem. */
async function readForm(
  schema: z.ZodType<UserFormValues>,
  body: unknown,
  files: UploadedFile[],
): Promise<{ values: UserFormValues; avatar: ProcessedImage | null }> {
  const parsed = schema.safeParse(cleanBody(body ?? {}));
  const errors = parsed.success ? {} : fieldErrors(parsed.error);
  let avatar: ProcessedImage | null = null;
  try {
    avatar = await processAvatarUpload(files);
  } catch (error) {
    if (!(error instanceof AppError) || !error.errors) throw error;
    Object.assign(errors, error.errors);
  }
  if (!parsed.success || Object.keys(errors).length > 0) throw validationFailed(errors);
  return { values: parsed.data, avatar };
}

/** The person columns of a form. */
function personColumns(values: UserFormValues) {
  return {
    firstName: values.first_name,
    lastName: values.last_name,
    companyName: values.company_name,
    phoneNumber: values.phone_number,
    address1: values.address_1,
    address2: values.address_2,
    country: values.country,
    province: values.province,
    city: values.city,
    postal: values.postal,
  };
}

/** A unique-constraint failure at commit time (a concurrent insert won the race) as a form error. */
function uniqueFailure(error: unknown): AppError | null {
  if (!isUniqueViolation(error)) return null;
  const constraint = violatedConstraint(error) ?? '';
  if (constraint.includes('username')) return fieldError('email', en.people.usernameTaken);
  return fieldError('email', en.people.emailTaken);
}

/**
 * POST /users picks the form by the requested role (a tenant needs its unit, a contractor its
 * properties and categories); /tenants and /contractors are their own type.
 */
function formTypeForCreate(actor: Actor, type: UserType, body: unknown): UserType {
  if (type !== 'users') return type;
  const role = parseRole((body as Record<string, unknown> | null)?.role);
  return role !== null && can(actor, 'user.create', { role }) ? userTypeForRole(role) : 'users';
}

export interface SavedUser {
  message: string;
  data: ApiCreatedUser;
}

/** POST /{type}. An empty email makes a temporary account (generated username, placeholder email). */
export async function createUser(
  deps: ServiceContext,
  actor: Actor,
  type: UserType,
  body: unknown,
  files: UploadedFile[],
): Promise<SavedUser> {
  if (!can(actor, `${type}.create`)) throw forbidden();
  // A manager's people are its landlord's: one without a landlord has nowhere to put them.
  if (landlordScope(actor) === null) throw forbidden(en.people.managerWithoutLandlord);
  const roles = rolesFor(actor, type);
  const formType = formTypeForCreate(actor, type, body);
  const { values, avatar } = await readForm(userFormSchema(formType, 'create', { roles }), body, files);
  const email = values.email.toLowerCase();
  const password = await passwordFor(values.password ?? '');

  // A generated username can be taken by a concurrent request between reading and inserting: try again.
  for (let attempt = 1; ; attempt++) {
    try {
      const row = await transactionWithFiles(deps, async (tx, store) => {
        const errors: FieldErrors = {};
        const links = await checkLinks(tx, actor, formType, values, errors);
        await checkEmail(tx, email, null, errors);
        if (Object.keys(errors).length > 0) throw validationFailed(errors);
        const username =
          email === ''
            ? (await uniqueUsernames(tx, [{ firstName: values.first_name, lastName: values.last_name }]))[0]
            : null;
        const [inserted] = await tx
          .insert(users)
          .values({
            ...personColumns(values),
            role: values.role ?? defaultRoleForType(formType),
            email: username ? temporaryEmailFor(username) : email,
            username,
            passwordHash: password.hash,
            landlordId: links.landlordId,
          })
          .returning();
        await writeLinks(tx, inserted.id, links);
        if (!avatar) return inserted;
        const key = newStorageKey(avatarFolder(inserted.id), avatar.extension);
        await store(key, avatar.data);
        const [withAvatar] = await tx
          .update(users)
          .set({ avatar: key })
          .where(eq(users.id, inserted.id))
          .returning();
        return withAvatar;
      });
      const [record] = await toRecords(deps.db, actor, [row]);
      return {
        message: format(en.people.created, { name: displayName(row) }),
        data: password.generated ? { ...record, generated_password: password.generated } : record,
      };
    } catch (error) {
      const usernameRace =
        isUniqueViolation(error) && (violatedConstraint(error) ?? '').includes('username') && attempt < 3;
      if (usernameRace) continue;
      throw uniqueFailure(error) ?? error;
    }
  }
}

/** PATCH /{type}/{id}: the form of the user's own type (PATCH users/{id} edits a user of any type). */
export async function updateUser(
  deps: ServiceContext,
  actor: Actor,
  type: UserType,
  id: number,
  body: unknown,
  files: UploadedFile[],
): Promise<SavedUser> {
  const subject = await findVisibleUser(deps.db, actor, type, id);
  if (!can(actor, 'user.updateRecord', subject)) throw forbidden();
  const ownType = userTypeForRole(subject.role);
  const schema = userFormSchema(ownType, 'update', { role: subject.role });
  const { values, avatar } = await readForm(schema, body, files);
  const email = values.email.toLowerCase();

  let previousAvatar: string | null = null;
  let row: UserRow;
  try {
    row = await transactionWithFiles(deps, async (tx, store) => {
      // Locked, so a concurrent avatar change cannot lose track of a file.
      const [current] = await tx.select().from(users).where(eq(users.id, id)).for('update');
      if (!current) throw notFound();
      const errors: FieldErrors = {};
      const links = await checkLinks(tx, actor, ownType, values, errors);
      await checkEmail(tx, email, current, errors);
      if (Object.keys(errors).length > 0) throw validationFailed(errors);
      let avatarKey = current.avatar;
      if (avatar) {
        avatarKey = newStorageKey(avatarFolder(id), avatar.extension);
        await store(avatarKey, avatar.data);
        previousAvatar = current.avatar;
      }
      const [updated] = await tx
        .update(users)
        .set({
          ...personColumns(values),
          email,
          // A new address has not been verified yet.
          emailVerifiedAt: email === current.email ? current.emailVerifiedAt : null,
          landlordId: links.landlordId,
          avatar: avatarKey,
        })
        .where(eq(users.id, id))
        .returning();
      await writeLinks(tx, id, links);
      return updated;
    });
  } catch (error) {
    throw uniqueFailure(error) ?? error;
  }
  // Only once the new file is committed does the old one go.
  if (previousAvatar) await deps.storage.delete(previousAvatar).catch(() => {});
  const [record] = await toRecords(deps.db, actor, [row]);
  return { message: format(en.people.updated, { name: displayName(row) }), data: record };
}

/** DELETE /{type}/{id}: only users with a higher role number, never oneself. */
export async function deleteUser(
  deps: ServiceContext,
  actor: Actor,
  type: UserType,
  id: number,
): Promise<MessageResponse> {
  const subject = await findVisibleUser(deps.db, actor, type, id);
  if (subject.id === actor.id) throw forbidden(en.people.cannotDeleteSelf);
  if (!can(actor, 'user.delete', subject)) throw forbidden();
  // Links, sessions and notifications go with the row (ON DELETE CASCADE); tickets keep a NULL tenant.
  const [deleted] = await deps.db.delete(users).where(eq(users.id, id)).returning({ avatar: users.avatar });
  if (!deleted) throw notFound();
  if (deleted.avatar) await deps.storage.delete(deleted.avatar).catch(() => {});
  return { message: format(en.people.deleted, { name: displayName(subject) }) };
}

/** PATCH /users/{id}/avatar: one image, re-encoded; the old file is deleted after the commit. */
export async function updateAvatar(
  deps: ServiceContext,
  actor: Actor,
  id: number,
  files: UploadedFile[],
): Promise<SavedUser> {
  const subject = await findVisibleUser(deps.db, actor, 'users', id);
  // One's own avatar (profile tab), or that of a user one may edit.
  if (!can(actor, 'user.update', subject)) throw forbidden();
  const image = await processAvatarUpload(files);
  if (!image) throw fieldError('avatar', en.people.avatarRequired);
  const { row, previous } = await transactionWithFiles(deps, async (tx, store) => {
    const [current] = await tx
      .select({ avatar: users.avatar })
      .from(users)
      .where(eq(users.id, id))
      .for('update');
    if (!current) throw notFound();
    const key = newStorageKey(avatarFolder(id), image.extension);
    await store(key, image.data);
    const [updated] = await tx.update(users).set({ avatar: key }).where(eq(users.id, id)).returning();
    return { row: updated, previous: current.avatar };
  });
  if (previous) await deps.storage.delete(previous).catch(() => {});
  const [record] = await toRecords(deps.db, actor, [row]);
  return { message: en.people.avatarUpdated, data: record };
}
