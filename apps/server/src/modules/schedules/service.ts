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
  occurrenceOnOrAfter,
  SCHEDULE_OCCURRENCES_SHOWN,
  type ScheduleRecurrence,
  type ScheduleState,
  type ScheduleValues,
  scheduleSchema,
  zonedToday,
} from '@mend/shared';
import { and, asc, count, desc, eq, ilike, isNotNull, isNull, max, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { categories, properties, scheduleOccurrences, schedules, units } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import { fieldError, forbidden, notFound } from '../../lib/errors';
import {
  type ListPage,
  type ListQuery,
  likePattern,
  listPage,
  pageOffset,
  sortOf,
} from '../../lib/list-query';
import { noRow, parseForm, textSort } from '../../lib/record-helpers';
import { seesEveryRow } from '../../lib/scopes';
import { recurrenceOf, type ScheduleJoinedRow, serializeSchedule } from './serialize';

export interface ScheduleFilters {
  propertyId?: number;
  state?: ScheduleState;
}

/** The schedules an actor may see: all (role 0), those on its landlord's properties (role 1), none otherwise. */
function visibleSchedules(actor: Actor): SQL | undefined {
  if (!can(actor, 'schedule.view')) return noRow();
  if (seesEveryRow(actor)) return undefined;
  return actor.landlordId === null ? noRow() : eq(properties.landlordId, actor.landlordId);
}

const joinedColumns = {
  schedule: schedules,
  propertyName: properties.name,
  landlordId: properties.landlordId,
  timeZone: properties.timeZone,
  unitName: units.name,
  categoryTitle: categories.title,
};

function selectSchedules(db: Db | Tx) {
  return db
    .select(joinedColumns)
    .from(schedules)
    .innerJoin(properties, eq(properties.id, schedules.propertyId))
    .leftJoin(units, eq(units.id, schedules.unitId))
    .innerJoin(categories, eq(categories.id, schedules.categoryId));
}

const SORTABLE = {
  title: [textSort(schedules.title)],
  // Ended schedules (no next date) last.
  next_on: [sql`${schedules.nextOn} nulls last`],
  created_at: [schedules.createdAt],
  property: [textSort(properties.name)],
} as const;
const DEFAULT_SORT = { sort: 'created_at', order: 'desc' } as const;

export async function listSchedules(
  db: Db,
  actor: Actor,
  query: ListQuery,
  filters: ScheduleFilters,
): Promise<ListPage<ApiSchedule>> {
  if (!can(actor, 'schedule.view')) throw forbidden();
  const term = query.search.trim();
  const where = and(
    visibleSchedules(actor),
    filters.propertyId === undefined ? undefined : eq(schedules.propertyId, filters.propertyId),
    filters.state === 'paused'
      ? isNotNull(schedules.pausedAt)
      : filters.state === 'active'
        ? isNull(schedules.pausedAt)
        : undefined,
    term === ''
      ? undefined
      : or(
          ilike(schedules.title, likePattern(term)),
          ilike(schedules.description, likePattern(term)),
          ilike(properties.name, likePattern(term)),
        ),
  );
  const { key, direction } = sortOf(query, SORTABLE, DEFAULT_SORT);
  const by = direction === 'asc' ? asc : desc;
  const order = SORTABLE[key as keyof typeof SORTABLE].map((column) =>
    key === 'next_on' ? sql`${schedules.nextOn} ${sql.raw(direction)} nulls last` : by(column),
  );
  const [rows, [total]] = await Promise.all([
    selectSchedules(db)
      .where(where)
      .orderBy(...order, by(schedules.id))
      .limit(query.per_page)
      .offset(pageOffset(query)),
    db
      .select({ total: count() })
      .from(schedules)
      .innerJoin(properties, eq(properties.id, schedules.propertyId))
      .where(where),
  ]);
  return listPage(
    rows.map((row) => serializeSchedule(row, actor, [])),
    total?.total ?? 0,
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

export async function getSchedule(db: Db, actor: Actor, id: number): Promise<ApiSchedule> {
  const row = await findVisible(db, actor, id);
  const occurrences = await db
    .select({ occursOn: scheduleOccurrences.occursOn, ticketId: scheduleOccurrences.ticketId })
    .from(scheduleOccurrences)
    .where(eq(scheduleOccurrences.scheduleId, id))
    .orderBy(desc(scheduleOccurrences.occursOn))
    .limit(SCHEDULE_OCCURRENCES_SHOWN);
  return serializeSchedule(row, actor, occurrences);
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
