/** Categories API: create/update with attributes, delete, validation, paging/search/sort. */
import { en } from '@mend/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, categoryAttributes, unitCategories } from '../src/db/schema';
import { createTestApp, type TestApp, type TestClient } from './helpers/app';
import { createCategory, createLandlord, createProperty, createUnit, createUser } from './helpers/factories';
import { addCategoryAttribute, createTicket, setUnitCategories, signedIn } from './helpers/records-factories';
import { statementRecorder } from './helpers/statements';

let t: TestApp;
let admin: TestClient;
let tenant: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.db, { role: 0, email: 'admin@example.test' });
  await createUser(t.db, { role: 2, email: 'tenant@example.test' });
  admin = await signedIn(t, 'admin@example.test');
  tenant = await signedIn(t, 'tenant@example.test');
});
afterAll(() => t.close());

const attributesOf = async (categoryId: number) =>
  t.db
    .select({
      label: categoryAttributes.label,
      format: categoryAttributes.format,
      value: categoryAttributes.value,
    })
    .from(categoryAttributes)
    .where(eq(categoryAttributes.categoryId, categoryId))
    .orderBy(categoryAttributes.position);
const categoryCount = async () => (await t.db.select().from(categories)).length;

/** `attributes[0][label]`-style entries, as the web client sends a list of objects. */
function indexed(name: string, items: Record<string, string>[]): Record<string, string> {
  const entries: Record<string, string> = {};
  items.forEach((item, index) => {
    for (const [key, value] of Object.entries(item)) entries[`${name}[${index}][${key}]`] = value;
  });
  return entries;
}

describe('POST /api/categories', () => {
  it('creates a category with multipart attributes and answers the detail shape with 201', async () => {
    const response = await admin.post('/api/categories', {
      title: 'Plumbing',
      description: 'Pipes, taps and drains',
      ...indexed('attributes', [
        { label: 'Emergency line', format: 'phone', value: '780 555 0100' },
        { label: 'Hourly rate', format: 'currency', value: '95' },
        { label: 'Notes' },
      ]),
    });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      id: expect.any(Number),
      title: 'Plumbing',
      description: 'Pipes, taps and drains',
      attributes: [
        { id: expect.any(Number), label: 'Emergency line', format: 'phone', value: '780 555 0100' },
        { id: expect.any(Number), label: 'Hourly rate', format: 'currency', value: '95' },
        { id: expect.any(Number), label: 'Notes', format: 'text', value: '' },
      ],
      path: `/api/categories/${body.id}/`,
      created_at_timestamp: expect.any(Number),
    });
    expect((await tenant.get(body.path)).json()).toEqual(body);
    expect((await admin.get(`${body.path}edit`)).json()).toEqual(body);
  });

  it('accepts attributes as JSON text and as a JSON body', async () => {
    const asText = await admin.post('/api/categories', {
      title: 'Heating',
      description: 'Furnaces',
      attributes: JSON.stringify([{ label: 'Brand', value: 'Lennox' }]),
    });
    expect(asText.statusCode, asText.body).toBe(201);
    expect(asText.json().attributes).toEqual([
      { id: expect.any(Number), label: 'Brand', format: 'text', value: 'Lennox' },
    ]);
    const asJson = await admin.post(
      '/api/categories',
      {
        title: 'Cooling',
        description: 'A/C',
        attributes: [{ label: 'Filter', format: 'text', value: 'MERV 13' }],
      },
      { json: true },
    );
    expect(asJson.statusCode, asJson.body).toBe(201);
    expect(asJson.json().attributes).toHaveLength(1);
  });

  it('answers every validation message of the category form', async () => {
    const before = await categoryCount();
    const response = await admin.post('/api/categories', {
      title: ' ',
      description: '',
      ...indexed('attributes', [{ label: '', value: 'orphan' }]),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 'validation_failed',
      message: en.errors.validation,
      errors: {
        title: ['Please enter the title for the Category'],
        description: ['Please enter a description for the Category'],
        'attributes.0.label': [en.validation.categoryAttributeLabel],
      },
    });
    expect(await categoryCount()).toBe(before);
  });
});

describe('PATCH /api/categories/:id', () => {
  it('updates with PATCH and POST _method=PATCH, replacing attributes only when sent', async () => {
    const category = await createCategory(t.db, 'Electrical');
    await addCategoryAttribute(t.db, category.id, 'Old', 0);
    const patched = await admin.send('PATCH', `/api/categories/${category.id}`, {
      title: 'Electric',
      description: 'Wiring',
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ title: 'Electric', description: 'Wiring' });
    expect(await attributesOf(category.id)).toEqual([{ label: 'Old', format: 'text', value: 'Old value' }]);

    const replaced = await admin.post(`/api/categories/${category.id}/`, {
      _method: 'PATCH',
      title: 'Electric',
      description: 'Wiring',
      ...indexed('attributes', [
        { label: 'First', value: '1' },
        { label: 'Second', format: 'number', value: '2' },
      ]),
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(await attributesOf(category.id)).toEqual([
      { label: 'First', format: 'text', value: '1' },
      { label: 'Second', format: 'number', value: '2' },
    ]);

    const cleared = await admin.send('PATCH', `/api/categories/${category.id}`, {
      title: 'Electric',
      description: 'Wiring',
      attributes: '[]',
    });
    expect(cleared.json().attributes).toEqual([]);
    expect(await attributesOf(category.id)).toEqual([]);
  });

  it('keeps the old attributes when the new set is invalid', async () => {
    const category = await createCategory(t.db, 'Roofing');
    await addCategoryAttribute(t.db, category.id, 'Keep me', 0);
    const response = await admin.send('PATCH', `/api/categories/${category.id}`, {
      title: 'Roofing',
      description: 'Shingles',
      ...indexed('attributes', [{ label: 'Fine' }, { label: '' }]),
    });
    expect(response.statusCode).toBe(422);
    expect(await attributesOf(category.id)).toEqual([
      { label: 'Keep me', format: 'text', value: 'Keep me value' },
    ]);
  });
});

describe('DELETE /api/categories/:id', () => {
  it('refuses a category used by a ticket with 409 and removes nothing', async () => {
    const landlord = await createLandlord(t.db);
    const unit = await createUnit(t.db, (await createProperty(t.db, landlord.id)).id);
    const category = await createCategory(t.db, 'In Use');
    await addCategoryAttribute(t.db, category.id, 'Stays');
    await createTicket(t.db, unit, { categoryIds: [category.id] });
    const response = await admin.send('DELETE', `/api/categories/${category.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'conflict',
      message: 'Category "In Use" cannot be deleted while it still has 1 ticket. Remove them first.',
    });
    expect(await t.db.select().from(categories).where(eq(categories.id, category.id))).toHaveLength(1);
    expect(await attributesOf(category.id)).toHaveLength(1);
  });

  it('deletes an unused category with its attributes and unit links', async () => {
    const landlord = await createLandlord(t.db);
    const unit = await createUnit(t.db, (await createProperty(t.db, landlord.id)).id);
    const category = await createCategory(t.db, 'Unused');
    await addCategoryAttribute(t.db, category.id, 'Goes');
    await setUnitCategories(t.db, unit.id, [category.id]);
    const response = await admin.post(`/api/categories/${category.id}/`, { _method: 'DELETE' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: 'Category "Unused" has been deleted.' });
    expect(await attributesOf(category.id)).toEqual([]);
    expect(await t.db.select().from(unitCategories).where(eq(unitCategories.unitId, unit.id))).toEqual([]);
    expect((await admin.get(`/api/categories/${category.id}`)).statusCode).toBe(404);
  });
});

describe('GET /api/categories (paging, search, sort)', () => {
  beforeAll(async () => {
    for (let i = 1; i <= 25; i++) await createCategory(t.db, `Trade ${String(i).padStart(2, '0')}`);
    const [special] = await t.db
      .insert(categories)
      .values({ title: 'Odd one', description: 'Covers 5% of calls' })
      .returning();
    expect(special.id).toBeGreaterThan(0);
  });

  const list = async (query: string) => {
    const response = await tenant.get(`/api/categories?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { data: { title: string }[]; meta: Record<string, number> };
  };

  it('pages, searches title and description ignoring case, and sorts by title both ways', async () => {
    const page = await list('search=TRADE&sort=title&order=asc&page=2');
    expect(page.meta).toEqual({ total: 25, page: 2, per_page: 10 });
    expect(page.data.map((row) => row.title)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Trade ${String(i + 11).padStart(2, '0')}`),
    );
    const desc = await list('search=trade&sort=title&order=desc&per_page=3');
    expect(desc.data.map((row) => row.title)).toEqual(['Trade 25', 'Trade 24', 'Trade 23']);
    expect((await list('search=5%25 OF')).data.map((row) => row.title)).toEqual(['Odd one']);
    expect((await list('search=trade&per_page=5&page=6')).data).toEqual([]);
  });

  it('lists newest first by default', async () => {
    const { data } = await list('search=trade&per_page=1');
    expect(data[0].title).toBe('Trade 25');
  });

  it('counts past the last page, where no row carries the total', async () => {
    expect((await list('search=trade&per_page=5&page=6')).meta).toEqual({ total: 25, page: 6, per_page: 5 });
  });

  it('reads a page, its categories’ attributes (in their order) and the total in one statement', async () => {
    const [category] = await t.db.select().from(categories).where(eq(categories.title, 'Trade 25'));
    await addCategoryAttribute(t.db, category.id, 'Second', 2);
    await addCategoryAttribute(t.db, category.id, 'First', 1);
    const recorder = statementRecorder(t.db);
    for (const query of ['', 'search=trade&per_page=1', 'sort=title&page=2']) {
      const statements = await recorder.during(() => list(query));
      expect(
        statements.filter((statement) => !statement.text.includes('"sessions"')),
        query,
      ).toHaveLength(1);
    }
    const { data } = await list('search=trade&per_page=1');
    const detail = (await tenant.get(`/api/categories/${category.id}`)).json();
    expect(data[0]).toEqual(detail);
    expect(detail.attributes.map((attribute: { label: string }) => attribute.label)).toEqual([
      'First',
      'Second',
    ]);
  });
});
