/**
 * Categories: list, detail, create, update, delete. Every signed-in user reads them (tickets and unit
 * forms offer them); only the super admin creates, edits or deletes them (SPEC.md section 6).
 * The attributes (label, format, value) are replaced as a set in the same transaction as the category.
 */
import {
  type Actor,
  type ApiCategory,
  type ApiCategoryAttribute,
  type ApiCategorySummary,
  type CategoryValues,
  can,
  categorySchema,
} from '@mend/shared';
import { and, asc, eq, getTableName, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { hiddenFromPlanner, type Placeholders, shaped, viewerIn, viewerShape } from '../../db/reusable';
import { type CategoryRow, categories, categoryAttributes, ticketCategories } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import { forbidden, notFound } from '../../lib/errors';
import {
  countAll,
  type ListPage,
  type ListQuery,
  likePattern,
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
  hasField,
  inUse,
  parseForm,
  textSort,
} from '../../lib/record-helpers';
import { visibleCategories } from '../../lib/scopes';
import { serializeCategory } from './serialize';

const SORTABLE = {
  title: textSort(categories.title),
  created_at: categories.createdAt,
} satisfies SortColumns<'categories'>;
const DEFAULT_SORT = { sort: 'created_at', order: 'desc' } as const;

/** Attributes without a format show as plain text. */
const DEFAULT_FORMAT = 'text';

/**
 * The category a subquery belongs to, written with its table's name: drizzle writes the columns of a statement on
 * one table unqualified, and inside a subquery `"id"` would be the subquery's own table's.
 */
const outerCategoryId = sql`${sql.identifier(getTableName(categories))}.${sql.identifier(categories.id.name)}`;

/** A category's attributes in their order, as the API shows them, read with the category. */
const attributesJson = sql<
  ApiCategoryAttribute[]
>`(select coalesce(json_agg(json_build_object('id', ${categoryAttributes.id}, 'label', ${categoryAttributes.label}, 'format', ${categoryAttributes.format}, 'value', ${categoryAttributes.value}) order by ${categoryAttributes.position}, ${categoryAttributes.id}), '[]'::json) from ${categoryAttributes} where ${categoryAttributes.categoryId} = ${outerCategoryId})`;

/** What changes the text of the categories list's statement (db/reusable.ts `shaped`). */
interface CategoryListShape {
  searching: boolean;
  sort: string;
  direction: 'asc' | 'desc';
  perPage: number;
}

/**
 * One page of categories in one statement: the rows, their attributes and the total (a few dozen categories are
 * counted exactly). Every signed-in user sees them all: the viewer is not part of it.
 */
function categoryListPage(db: Db, shape: CategoryListShape, p: Placeholders) {
  const where = shape.searching
    ? or(ilike(categories.title, p.search), ilike(categories.description, p.search))
    : undefined;
  const matched = sql<number>`(select count(*) from ${db.select({ one: sql`1` }).from(categories).where(where).as('matching')})`;
  return db
    .select({ category: categories, attributes: attributesJson, matched: matched.mapWith(Number) })
    .from(categories)
    .where(where)
    .orderBy(...orderOf(shape, SORTABLE, DEFAULT_SORT, categories.id))
    .limit(sql.raw(String(shape.perPage)) as unknown as number)
    .offset(hiddenFromPlanner(p.offset));
}

export async function listCategories(
  db: Db,
  _actor: Actor,
  query: ListQuery,
): Promise<ListPage<ApiCategory>> {
  const { key: sort, direction } = sortOf(query, SORTABLE, DEFAULT_SORT);
  const shape = { searching: query.search !== '', sort, direction, perPage: query.per_page };
  const values = { search: likePattern(query.search), offset: pageOffset(query) };
  const rows = await shaped(db, 'category_list', shape, categoryListPage).execute(values);
  let total = rows[0]?.matched ?? 0;
  if (rows.length === 0 && query.page > 1) {
    // Past the last page no row carries the total: page 1's rows do.
    const [first] = await shaped(db, 'category_list', shape, categoryListPage).execute({
      ...values,
      offset: 0,
    });
    total = first?.matched ?? 0;
  }
  return listPage(
    rows.map((row) => serializeCategory(row.category, row.attributes)),
    total,
    query,
  );
}

/** The order every form offers categories in: by title, whatever its case, then by id. */
const choiceOrder = () => [textSort(categories.title), asc(categories.id)] as const;

/** Every category as the forms offer it (the unit form, the contractor form): id, title and description. */
export function categoryChoices(db: Db): Promise<ApiCategorySummary[]> {
  return shaped(db, 'category_choices', {}, (db) =>
    db
      .select({ id: categories.id, title: categories.title, description: categories.description })
      .from(categories)
      .orderBy(...choiceOrder()),
  ).execute();
}

/** The categories `from` names, as the ticket form offers them, in one JSON array column (in the same order). */
export const categoryChoicesJson = (from: SQL) =>
  sql<
    ApiCategorySummary[] | null
  >`(select json_agg(json_build_object('id', ${categories.id}, 'title', ${categories.title}, 'description', ${categories.description}) order by ${sql.join([...choiceOrder()], sql`, `)}) from ${from})`;

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
  const viewer = viewerShape(actor);
  const [row] = await shaped(db, 'category_record', viewer.shape, (db, shape, p) =>
    db
      .select({ category: categories, attributes: attributesJson })
      .from(categories)
      .where(and(eq(categories.id, p.categoryId), visibleCategories(viewerIn(shape, p)))),
  ).execute({ ...viewer.values, categoryId: id });
  if (!row) throw notFound();
  return serializeCategory(row.category, row.attributes);
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
  context: ServiceContext,
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
  context: ServiceContext,
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
  context: ServiceContext,
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
      if (count > 0) throw inUse('category', row.title, dependents(count, 'tickets'));
      // Attributes, unit and contractor links go with it (ON DELETE CASCADE).
      await tx.delete(categories).where(eq(categories.id, id));
      return row;
    }),
  );
  return deletedMessage('category', removed.title);
}
