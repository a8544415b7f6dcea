/**
 * Categories: list, detail, create, update, delete. Every signed-in user reads them (tickets and unit
 * forms offer them); only the super admin creates, edits or deletes them (SPEC.md section 6).
 * The attributes (label, format, value) are replaced as a set in the same transaction as the category.
 */
import { type Actor, type ApiCategory, type CategoryValues, can, categorySchema } from '@mend/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { type CategoryRow, categories, categoryAttributes, ticketCategories } from '../../db/schema';
import { forbidden, notFound } from '../../lib/errors';
import {
  countAll,
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
  everyRow,
  groupBy,
  hasField,
  inUse,
  parseForm,
  type RecordsContext,
  textSort,
} from '../../lib/record-helpers';
import type { ScopedActor } from '../../lib/session';
import { serializeCategory } from './serialize';

/** Categories are not owned by a landlord: every signed-in user sees all of them. */
export function visibleCategories(_actor: ScopedActor) {
  return everyRow();
}

const SORTABLE = {
  title: textSort(categories.title),
  created_at: categories.createdAt,
} satisfies SortColumns<'categories'>;
const DEFAULT_SORT = { sort: 'created_at', order: 'desc' } as const;

/** Attributes without a format show as plain text. */
const DEFAULT_FORMAT = 'text';

async function serializeMany(db: Db, rows: CategoryRow[]): Promise<ApiCategory[]> {
  if (rows.length === 0) return [];
  const attributes = await db
    .select()
    .from(categoryAttributes)
    .where(
      inArray(
        categoryAttributes.categoryId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(categoryAttributes.position), asc(categoryAttributes.id));
  const attributesOf = groupBy(attributes, (row) => row.categoryId);
  return rows.map((row) => serializeCategory(row, attributesOf.get(row.id) ?? []));
}

export async function listCategories(db: Db, actor: Actor, query: ListQuery): Promise<ListPage<ApiCategory>> {
  const where = and(
    visibleCategories(actor),
    searchCondition(query.search, [categories.title, categories.description]),
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(categories)
      .where(where)
      .orderBy(...orderBy(query, SORTABLE, DEFAULT_SORT, categories.id))
      .limit(query.per_page)
      .offset(pageOffset(query)),
    db.select({ total: countAll }).from(categories).where(where),
  ]);
  return listPage(await serializeMany(db, rows), total, query);
}

async function findVisible(db: Db, actor: Actor, id: number): Promise<CategoryRow> {
  const [row] = await db
    .select()
    .from(categories)
    .where(and(eq(categories.id, id), visibleCategories(actor)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

export async function getCategory(db: Db, actor: Actor, id: number): Promise<ApiCategory> {
  const [category] = await serializeMany(db, [await findVisible(db, actor, id)]);
  return category;
}

/** GET categories/{id}/edit: the category, for the super admin's form. */
export async function categoryEditForm(db: Db, actor: Actor, id: number): Promise<ApiCategory> {
  const category = await getCategory(db, actor, id);
  if (!can(actor, 'category.update')) throw forbidden();
  return category;
}

async function setAttributes(tx: Tx, categoryId: number, values: CategoryValues): Promise<void> {
  await tx.delete(categoryAttributes).where(eq(categoryAttributes.categoryId, categoryId));
  if (values.attributes.length === 0) return;
  await tx.insert(categoryAttributes).values(
    values.attributes.map((attribute, position) => ({
      categoryId,
      label: attribute.label,
      format: attribute.format || DEFAULT_FORMAT,
      value: attribute.value,
      position,
    })),
  );
}

export async function createCategory(
  context: RecordsContext,
  actor: Actor,
  body: unknown,
): Promise<ApiCategory> {
  if (!can(actor, 'category.create')) throw forbidden();
  const { values } = await parseForm(categorySchema, body, [], null);
  const id = await context.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(categories)
      .values({ title: values.title, description: values.description })
      .returning({ id: categories.id });
    await setAttributes(tx, row.id, values);
    return row.id;
  });
  return getCategory(context.db, actor, id);
}

export async function updateCategory(
  context: RecordsContext,
  actor: Actor,
  id: number,
  body: unknown,
): Promise<ApiCategory> {
  await findVisible(context.db, actor, id);
  if (!can(actor, 'category.update')) throw forbidden();
  const { values } = await parseForm(categorySchema, body, [], null);
  await context.db.transaction(async (tx) => {
    const [current] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
    if (!current) throw notFound();
    await tx
      .update(categories)
      .set({ title: values.title, description: values.description })
      .where(eq(categories.id, id));
    // Absent attributes leave the set alone; sent ones (even an empty list) replace it.
    if (hasField(body, 'attributes')) await setAttributes(tx, id, values);
  });
  return getCategory(context.db, actor, id);
}

export async function deleteCategory(
  context: RecordsContext,
  actor: Actor,
  id: number,
): Promise<{ message: string }> {
  const existing = await findVisible(context.db, actor, id);
  if (!can(actor, 'category.delete')) throw forbidden();
  const removed = await deleteGuarded('category', existing.title, () =>
    context.db.transaction(async (tx) => {
      const [row] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
      if (!row) throw notFound();
      const [{ count }] = await tx
        .select({ count: countAll })
        .from(ticketCategories)
        .where(eq(ticketCategories.categoryId, id));
      if (count > 0) throw inUse('category', row.title, dependents(count, 'ticket', 'tickets'));
      // Attributes, unit and contractor links go with it (ON DELETE CASCADE).
      await tx.delete(categories).where(eq(categories.id, id));
      return row;
    }),
  );
  return deletedMessage('category', removed.title);
}
