/**
 * The units, properties and outbox lists read a page's ids first (a deep page skips index entries only), then its
 * rows: page after page, every sort gives the rows of the whole list in the same order, ties broken by id, with
 * none repeated or skipped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../src/db/schema';
import { createTestApp, type TestApp, type TestClient } from './helpers/app';
import { createLandlord, createProperty, createUnit, createUser } from './helpers/factories';
import { signedIn } from './helpers/records-factories';

let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  // Two landlords and two properties of the same name (lower-cased), so the joined sorts have ties.
  const landlords = [
    await createLandlord(t.db, 'Twin Holdings'),
    await createLandlord(t.db, 'twin holdings'),
  ];
  for (const [index, landlord] of landlords.entries()) {
    for (const name of ['Cedar Row', 'cedar row', 'Aspen Row']) {
      const property = await createProperty(t.db, landlord.id, name);
      for (const unit of ['B', 'a', 'C']) await createUnit(t.db, property.id, `${unit} ${index}`);
    }
  }
  await t.db.insert(outboxMessages).values(
    Array.from({ length: 9 }, (_, i) => ({
      channel: 'email' as const,
      kind: 'ticket_created',
      recipient: `r${i % 3}@example.test`,
      status: (['pending', 'sent', 'failed'] as const)[i % 3],
      attempts: i % 2,
    })),
  );
  await createUser(t.db, { role: 0, email: 'admin@pages.test' });
  admin = await signedIn(t, 'admin@pages.test');
});
afterAll(() => t.close());

async function idsOf(path: string): Promise<number[]> {
  const response = await admin.get(`/api/${path}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.map((row: { id: number }) => row.id);
}

/** The ids of every page of 2, in turn, and the ids of one page of 100. */
async function pagedAndWhole(list: string, sort: string, order: string) {
  const whole = await idsOf(`${list}?sort=${sort}&order=${order}&per_page=100`);
  const paged: number[] = [];
  for (let page = 1; paged.length < whole.length && page < 100; page++) {
    paged.push(...(await idsOf(`${list}?sort=${sort}&order=${order}&per_page=2&page=${page}`)));
  }
  return { whole, paged };
}

describe('a page read by its ids', () => {
  const cases: Array<[string, string[]]> = [
    ['units', ['property', 'name', 'created_at']],
    ['properties', ['landlord', 'name', 'city', 'created_at']],
    ['outbox', ['status', 'attempts', 'recipient', 'created_at', 'sent_at']],
  ];
  for (const [list, sorts] of cases) {
    for (const sort of sorts) {
      for (const order of ['asc', 'desc']) {
        it(`${list} by ${sort} ${order}: pages follow the whole list`, async () => {
          const { whole, paged } = await pagedAndWhole(list, sort, order);
          expect(whole.length).toBeGreaterThan(2);
          expect(paged).toEqual(whole);
          expect(new Set(whole).size).toBe(whole.length);
        });
      }
    }
  }

  it('sorts units by property name, ties by unit id', async () => {
    const response = await admin.get('/api/units?sort=property&order=asc&per_page=100');
    const rows: Array<{ id: number; property: { name: string } }> = response.json().data;
    const expected = [...rows].sort(
      (a, b) => a.property.name.toLowerCase().localeCompare(b.property.name.toLowerCase()) || a.id - b.id,
    );
    expect(rows.map((row) => row.id)).toEqual(expected.map((row) => row.id));
  });
});
