/**
 * Schedules of recurring and preventive work (issue 26): list, read, create, update, delete, pause and resume. Staff
 * only: the super admin every schedule, a manager those on its landlord's properties (`schedule.view`,
 * `schedule.manage`). Each write computes the next date a ticket is due for (`next_on`), from today at the property:
 * the due-work worker (occurrences.ts) creates the tickets.
 */
import {
  type Actor,
  type ApiSchedule,
  addDays,
  can,
  en,
  format,
  LIST_COUNT_CAP,
  occurrenceOnOrAfter,
  SCHEDULE_OCCURRENCES_SHOWN,
  type ScheduleRecurrence,
  type ScheduleState,
  type ScheduleValues,
  SEARCH_COUNT_CAP,
  scheduleSchema,
  zonedToday,
} from '@mend/shared';
import {
  type AnyColumn,
  and,
  asc,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  max,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import {
  hiddenFromPlanner,
  type Placeholders,
  shaped,
  type ViewerShape,
  viewerIn,
  viewerShape,
} from '../../db/reusable';
import { categories, properties, scheduleOccurrences, schedules, units } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import { fieldError, forbidden, notFound } from '../../lib/errors';
import {
  cappedTotal,
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
  type SortShape,
  searchWalkLength,
  sortOf,
  walkedPage,
} from '../../lib/list-query';
import { parseForm, qb, textSort } from '../../lib/record-helpers';
import { seesEveryRow, visibleSchedules } from '../../lib/scopes';
import {
  LIST_ROW,
  recurrenceOf,
  type ScheduleExtras,
  type ScheduleJoinedRow,
  serializeSchedule,
} from './serialize';

export interface ScheduleFilters {
  propertyId?: number;
  state?: ScheduleState;
}

const joinedColumns = {
  schedule: schedules,
  propertyName: properties.name,
  landlordId: properties.landlordId,
  timeZone: properties.timeZone,
  unitName: units.name,
  categoryTitle: categories.title,
};

/** Schedules with their property, unit and category, and any `more` columns. */
function selectSchedules<More extends SelectedFields>(db: Db | Tx, more: More = {} as More) {
  return db
    .select({ ...joinedColumns, ...more })
    .from(schedules)
    .innerJoin(properties, eq(properties.id, schedules.propertyId))
    .leftJoin(units, eq(units.id, schedules.unitId))
    .innerJoin(categories, eq(categories.id, schedules.categoryId));
}

/** The sort keys (`next_on` is written by `scheduleOrder`: ended schedules last both ways). */
const SORTABLE = {
  title: textSort(schedules.title),
  next_on: schedules.nextOn,
  created_at: schedules.createdAt,
  property: textSort(properties.name),
} satisfies SortColumns<'schedules'>;
const DEFAULT_SORT = { sort: 'created_at', order: 'desc' } as const;

/**
 * ORDER BY the shape's sort key, the id breaking ties. The next date puts ended schedules (no next date) last in both
 * directions, as schedules_next_on_sort_idx and schedules_next_on_desc_sort_idx hold them.
 */
function scheduleOrder(shape: SortShape): SQL[] {
  if (shape.sort !== 'next_on') return orderOf(shape, SORTABLE, DEFAULT_SORT, schedules.id);
  const by = shape.direction === 'asc' ? asc : desc;
  return [sql`${schedules.nextOn} ${sql.raw(shape.direction)} nulls last`, by(schedules.id)];
}

/** What changes the text of a schedules page's statement (db/reusable.ts `shaped`); its values are placeholders. */
export interface ScheduleListShape extends ViewerShape {
  byProperty: boolean;
  state: ScheduleState | 'any';
  search: 'none' | 'wide' | 'narrow';
  sort: string;
  direction: 'asc' | 'desc';
  perPage: number;
  /** A page after the first: its offset and its count limit are placeholders (see `laterPageNumber`). */
  later: boolean;
}

/** A schedules page's shape and the values of its placeholders (`viewerLandlordId`, `propertyId`, `search`, ...). */
export function scheduleListShape(actor: Actor, query: ListQuery, filters: ScheduleFilters = {}) {
  const byProperty = filters.propertyId !== undefined;
  const wide = seesEveryRow(actor) && !byProperty;
  const { key: sort, direction } = sortOf(query, SORTABLE, DEFAULT_SORT);
  const offset = pageOffset(query);
  const viewer = viewerShape(actor);
  const shape: ScheduleListShape = Object.assign({}, viewer.shape, {
    byProperty,
    state: filters.state ?? 'any',
    search: query.search === '' ? 'none' : wide ? 'wide' : 'narrow',
    sort,
    direction,
    perPage: query.per_page,
    later: offset > 0,
  } satisfies Omit<ScheduleListShape, keyof ViewerShape>);
  const values = Object.assign({}, viewer.values, {
    propertyId: filters.propertyId,
    search: wide ? likePattern(query.search) : query.search,
    offset,
    over: listCountCap(query) + 1,
    walk: searchWalkLength(query),
  });
  return { shape, values, cap: listCountCap(query) };
}

/**
 * Search: the title, the description and the property's name, case-insensitive. Every schedule (`wide`, the super
 * admin's): ILIKE with the escaped pattern, which the title's and description's trigram indexes answer; the property's
 * name is in its lower-cased search text (migration 0008), whose trigram index finds the properties (ILIKE on the
 * name keeps those whose name matches), and their schedules come from the property's index. Written as `= any(array(
 * ...))`, not a join, so that the three stay one OR that PostgreSQL answers with its indexes together; planned with
 * the pattern on every call. A narrower scope (a manager's landlord, one property): `strpos` on the lower-cased text
 * row by row, the same matches, so that a prepared statement's generic plan starts from the scope (ADR 0009).
 */
function scheduleSearch(search: ScheduleListShape['search'], term: Placeholder): SQL | undefined {
  if (search === 'none') return undefined;
  if (search === 'wide') {
    const named = qb
      .select({ id: properties.id })
      .from(properties)
      .where(and(sql`${properties.searchText} like lower(${term})`, ilike(properties.name, term)));
    return sql`(${ilike(schedules.title, term)} or ${ilike(schedules.description, term)} or ${schedules.propertyId} = any(array(${named})))`;
  }
  const found = (column: AnyColumn) => sql`strpos(lower(${column}), lower(${term})) > 0`;
  return sql`(${found(schedules.title)} or ${found(schedules.description)} or ${found(properties.name)})`;
}

/** The schedules a list shows: the viewer's scope, the filters and the search. */
function scheduleListWhere(shape: ScheduleListShape, p: Placeholders): SQL | undefined {
  return and(
    visibleSchedules(viewerIn(shape, p)),
    shape.byProperty ? eq(schedules.propertyId, p.propertyId) : undefined,
    shape.state === 'paused'
      ? isNotNull(schedules.pausedAt)
      : shape.state === 'active'
        ? isNull(schedules.pausedAt)
        : undefined,
    scheduleSearch(shape.search, p.search),
  );
}

/** The list's conditions read the property (a manager's landlord, a narrow search of its name). */
const readsProperty = (shape: ScheduleListShape) =>
  !seesEveryRow({ role: shape.viewerRole }) || shape.search === 'narrow';

/** Nothing narrows the list (the super admin's, unfiltered, not searched). */
const everySchedule = (shape: ScheduleListShape) =>
  seesEveryRow({ role: shape.viewerRole }) &&
  !shape.byProperty &&
  shape.state === 'any' &&
  shape.search === 'none';

/** The schedules' ids, joined to their property where the conditions or the sort read it. */
function scheduleIds<F extends SelectedFields>(db: Db, shape: ScheduleListShape, columns: F) {
  const ids = db.select(columns).from(schedules);
  return readsProperty(shape) || shape.sort === 'property'
    ? ids.innerJoin(properties, eq(properties.id, schedules.propertyId))
    : ids;
}

/**
 * The schedules a list counts (ADR 0007, 0014): up to its cap past the page's first row. On page 1 that number is
 * written into the text (as a value, PostgreSQL's generic plan would reckon with any limit and it would plan every
 * call); a later page's is `over`, hidden from the planner (`hiddenFromPlanner`), so that the statement keeps one
 * generic plan for every page. The property is joined only where the conditions read it: every schedule has one.
 * A search of every schedule counts in the walk that finds its page (`scheduleSearchPage`).
 */
function matchingSchedules(db: Db, shape: ScheduleListShape, p: Placeholders) {
  const firstCap = (shape.search === 'none' ? LIST_COUNT_CAP : SEARCH_COUNT_CAP) + 1;
  const limit = shape.later ? hiddenFromPlanner(p.over) : (sql.raw(String(firstCap)) as unknown as number);
  const matching = db.select({ one: sql`1` }).from(schedules);
  return (
    readsProperty(shape) ? matching.innerJoin(properties, eq(properties.id, schedules.propertyId)) : matching
  )
    .where(scheduleListWhere(shape, p))
    .limit(limit)
    .as('matching');
}

/**
 * One page of schedules in one statement: the rows, their property, unit and category, and the list's total
 * (`matched`, counted up to the cap). Page 1 of the super admin's unnarrowed list takes "over the cap" from the
 * table's estimate. Every page finds its ids first, from the sort's index (a deep page skips index entries, not joined
 * rows), then joins its own rows: joined in the same step as the sort's walk, PostgreSQL planned the joins for the
 * whole table and set up caches (Memoize) sized for it on every call, which cost more than the page. The page size is
 * written into the text, so PostgreSQL settles on one plan for the shape. Exported so that its plans can be read with
 * values (`withValues`).
 */
export function scheduleListPage(db: Db, shape: ScheduleListShape, p: Placeholders) {
  const order = scheduleOrder(shape);
  const limit = sql.raw(String(shape.perPage)) as unknown as number;
  const matched =
    everySchedule(shape) && !shape.later
      ? everyRowCountUpTo(schedules, LIST_COUNT_CAP)
      : sql`(select count(*) from ${matchingSchedules(db, shape, p)})`;
  const page = scheduleIds(db, shape, { id: schedules.id })
    .where(scheduleListWhere(shape, p))
    .orderBy(...order)
    .limit(limit);
  return db
    .select({ ...joinedColumns, matched: sql<number>`${matched}`.mapWith(Number) })
    .from(schedules)
    .innerJoin(properties, eq(properties.id, schedules.propertyId))
    .leftJoin(units, eq(units.id, schedules.unitId))
    .innerJoin(categories, eq(categories.id, schedules.categoryId))
    .where(inArray(schedules.id, shape.later ? page.offset(hiddenFromPlanner(p.offset)) : page))
    .orderBy(...order);
}

/**
 * A search of every schedule (the super admin's): the ids of its matches in the page's order, as many as its page and
 * count need (`walk`, ADR 0051), planned with the pattern on every call. In the page's order, not the table's:
 * PostgreSQL takes a common word's matches to be spread evenly over the table, and reading in the table's own order
 * went through every older schedule before the first match of a word only newer ones have. Counted apart, the three
 * conditions of the search (the property names' among them) were worked out twice. The rows are then read by id
 * (`schedulesByIds`, prepared), so that planning their joins is not part of every search.
 */
export function scheduleSearchPage(db: Db, shape: ScheduleListShape, p: Placeholders) {
  return scheduleIds(db, shape, { id: schedules.id })
    .where(scheduleListWhere(shape, p))
    .orderBy(...scheduleOrder(shape))
    .limit(p.walk as unknown as number);
}

/** Schedules with their property, unit and category by id (`ids`), in a list's order. */
function schedulesByIds(db: Db, shape: SortShape, p: Placeholders) {
  return selectSchedules(db)
    .where(sql`${schedules.id} = any(${p.ids})`)
    .orderBy(...scheduleOrder(shape));
}

/** A page's rows, and the list's total as its statements counted it (undefined: no row carried it). */
async function readSchedulePage(db: Db, shape: ScheduleListShape, values: Record<string, unknown>) {
  if (shape.search !== 'wide') {
    const rows = await shaped(db, 'schedule_list', shape, scheduleListPage).execute(values);
    return { rows, matched: rows[0]?.matched };
  }
  const walked = await shaped(db, 'schedule_search', shape, scheduleSearchPage).execute(values);
  const order = { sort: shape.sort, direction: shape.direction };
  return walkedPage(walked, values, shape.perPage, (ids) =>
    shaped(db, 'schedules_by_ids', order, schedulesByIds).execute({ ids }),
  );
}

export async function listSchedules(
  db: Db,
  actor: Actor,
  query: ListQuery,
  filters: ScheduleFilters,
): Promise<ListPage<ApiSchedule>> {
  if (!can(actor, 'schedule.view')) throw forbidden();
  const { shape, values, cap } = scheduleListShape(actor, query, filters);
  const { rows, matched } = await readSchedulePage(db, shape, values);
  let total = cappedTotal(matched ?? 0, cap);
  if (matched === undefined && shape.later) {
    // Past the last page no row carries the total: counted alone, whatever the sort and page size.
    const counting = shaped(
      db,
      'schedule_list_count',
      { ...shape, sort: '', direction: 'asc' as const, perPage: 0 },
      (db, shape, p) => db.select({ counted: countAll }).from(matchingSchedules(db, shape, p)),
    );
    const [{ counted }] = await counting.execute(values);
    total = cappedTotal(counted, cap);
  }
  return listPage(
    rows.map((row) => serializeSchedule(row, actor, LIST_ROW)),
    total,
    query,
  );
}

async function findVisible(db: Db | Tx, actor: Actor, id: number): Promise<ScheduleJoinedRow> {
  if (!can(actor, 'schedule.view')) throw forbidden();
  const [row] = await selectSchedules(db)
    .where(and(eq(schedules.id, id), visibleSchedules(actor)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** A schedule's last tickets, newest first, read with the schedule (`SCHEDULE_OCCURRENCES_SHOWN` of them). */
const recentOccurrences = sql<
  ScheduleExtras['occurrences']
>`(select coalesce(json_agg(json_build_object('occursOn', recent.occurs_on, 'ticketId', recent.ticket_id) order by recent.occurs_on desc), '[]'::json) from (select ${scheduleOccurrences.occursOn} as occurs_on, ${scheduleOccurrences.ticketId} as ticket_id from ${scheduleOccurrences} where ${scheduleOccurrences.scheduleId} = ${schedules.id} order by ${scheduleOccurrences.occursOn} desc limit ${sql.raw(String(SCHEDULE_OCCURRENCES_SHOWN))}) as recent)`;

/** GET schedules/{id}: the schedule and its last tickets in one prepared statement. */
export async function getSchedule(db: Db, actor: Actor, id: number): Promise<ApiSchedule> {
  if (!can(actor, 'schedule.view')) throw forbidden();
  const viewer = viewerShape(actor);
  const [row] = await shaped(db, 'schedule_detail', viewer.shape, (db, shape, p) =>
    selectSchedules(db, { occurrences: recentOccurrences }).where(
      and(eq(schedules.id, p.id), visibleSchedules(viewerIn(shape, p))),
    ),
  ).execute({ ...viewer.values, id });
  if (!row) throw notFound();
  return serializeSchedule(row, actor, { occurrences: row.occurrences, upcoming: true });
}

/**
 * The next date a ticket is due for: from today at the property, the start when later, and after the last date that
 * already has its ticket (an edit never makes a date due twice); null: none.
 */
export function nextOccurrence(
  recurrence: ScheduleRecurrence,
  timeZone: string,
  now: Date,
  lastDone: string | null = null,
): string | null {
  const from = [
    zonedToday(timeZone, now),
    recurrence.starts_on,
    lastDone === null ? '' : addDays(lastDone, 1),
  ];
  return occurrenceOnOrAfter(recurrence, from.sort().at(-1) as string);
}

/** The last date of a schedule that has its ticket, if any. */
async function lastOccurrence(db: Db, scheduleId: number): Promise<string | null> {
  const [row] = await db
    .select({ last: max(scheduleOccurrences.occursOn) })
    .from(scheduleOccurrences)
    .where(eq(scheduleOccurrences.scheduleId, scheduleId));
  return row?.last ?? null;
}

/** The property, unit and category of the form, checked against what the actor may manage. */
async function placeOf(db: Db, actor: Actor, values: ScheduleValues) {
  const [property] = await db
    .select({ id: properties.id, landlordId: properties.landlordId, timeZone: properties.timeZone })
    .from(properties)
    .where(eq(properties.id, values.property_id))
    .limit(1);
  if (!property || !can(actor, 'schedule.manage', property))
    throw fieldError('property_id', en.validation.scheduleProperty);
  if (values.unit_id !== null) {
    const [unit] = await db
      .select({ id: units.id })
      .from(units)
      .where(and(eq(units.id, values.unit_id), eq(units.propertyId, property.id)))
      .limit(1);
    if (!unit) throw fieldError('unit_id', en.validation.scheduleUnit);
  }
  const [category] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.id, values.category_id))
    .limit(1);
  if (!category) throw fieldError('category_id', en.validation.category);
  return property;
}

function columnsOf(values: ScheduleValues) {
  return {
    propertyId: values.property_id,
    unitId: values.unit_id,
    title: values.title,
    description: values.description.replace(/\r\n?/g, '\n'),
    categoryId: values.category_id,
    priority: values.priority,
    frequency: values.frequency,
    interval: values.interval,
    weekday: values.weekday,
    monthDay: values.month_day,
    month: values.month,
    startsOn: values.starts_on,
    endsOn: values.ends_on,
    leadDays: values.lead_days,
  };
}

export async function createSchedule(
  context: ServiceContext,
  actor: Actor,
  body: unknown,
  now: Date,
): Promise<ApiSchedule> {
  if (!can(actor, 'schedule.manage')) throw forbidden();
  const { values } = await parseForm(scheduleSchema, body, [], null);
  const property = await placeOf(context.db, actor, values);
  const [row] = await context.db
    .insert(schedules)
    .values({
      ...columnsOf(values),
      nextOn: nextOccurrence(values, property.timeZone, now),
      createdBy: actor.id,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: schedules.id });
  return getSchedule(context.db, actor, row.id);
}

/** The schedule if the actor may change it. */
async function findManaged(db: Db | Tx, actor: Actor, id: number): Promise<ScheduleJoinedRow> {
  const row = await findVisible(db, actor, id);
  if (!can(actor, 'schedule.manage', { landlordId: row.landlordId })) throw forbidden();
  return row;
}

export async function updateSchedule(
  context: ServiceContext,
  actor: Actor,
  id: number,
  body: unknown,
  now: Date,
): Promise<ApiSchedule> {
  await findManaged(context.db, actor, id);
  const { values } = await parseForm(scheduleSchema, body, [], null);
  const property = await placeOf(context.db, actor, values);
  await context.db
    .update(schedules)
    .set({
      ...columnsOf(values),
      nextOn: nextOccurrence(values, property.timeZone, now, await lastOccurrence(context.db, id)),
      updatedAt: now,
    })
    .where(eq(schedules.id, id));
  return getSchedule(context.db, actor, id);
}

export async function deleteSchedule(
  context: ServiceContext,
  actor: Actor,
  id: number,
): Promise<{ message: string }> {
  const row = await findManaged(context.db, actor, id);
  // Its tickets stay: they are work like any other.
  await context.db.delete(schedules).where(eq(schedules.id, id));
  return { message: format(en.schedules.deleted, { title: row.schedule.title }) };
}

/** Pauses a schedule: it creates no tickets until resumed. */
export async function pauseSchedule(
  context: ServiceContext,
  actor: Actor,
  id: number,
  now: Date,
): Promise<ApiSchedule> {
  const row = await findManaged(context.db, actor, id);
  if (row.schedule.pausedAt === null)
    await context.db.update(schedules).set({ pausedAt: now, updatedAt: now }).where(eq(schedules.id, id));
  return getSchedule(context.db, actor, id);
}

/** Resumes a paused schedule from today at the property: the dates it missed while paused are skipped. */
export async function resumeSchedule(
  context: ServiceContext,
  actor: Actor,
  id: number,
  now: Date,
): Promise<ApiSchedule> {
  const row = await findManaged(context.db, actor, id);
  if (row.schedule.pausedAt !== null)
    await context.db
      .update(schedules)
      .set({
        pausedAt: null,
        nextOn: nextOccurrence(
          recurrenceOf(row.schedule),
          row.timeZone,
          now,
          await lastOccurrence(context.db, id),
        ),
        updatedAt: now,
      })
      .where(eq(schedules.id, id));
  return getSchedule(context.db, actor, id);
}
