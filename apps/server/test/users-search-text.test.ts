/**
 * `users.search_text`: the one column the people search reads, kept by database triggers (migration 0007).
 * Every write that changes what a person's search matches — the person's own fields, a tenant's unit (moved,
 * renamed, removed), a contractor's categories (replaced, renamed) — changes what the search finds, for the
 * super admin's whole lists (LIKE, trigram index) and for narrow scopes (strpos): a manager's, a contractor's.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, contractorCategories, tenantUnits, units, users } from '../src/db/schema';
import { createTestApp, type TestApp, type TestClient } from './helpers/app';
import { createUnit } from './helpers/factories';
import { createWorld, freshEmail, personFields, signedIn, type World } from './helpers/user-factories';

let t: TestApp;
let w: World;
let admin: TestClient;
let manager: TestClient;
let contractor: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
  admin = await signedIn(t, w.admin);
  manager = await signedIn(t, w.a.manager);
  contractor = await signedIn(t, w.a.contractor);
});
afterAll(() => t?.close());

/** The ids a list's search finds, in the list's order. */
async function found(client: TestClient, path: string, term: string): Promise<number[]> {
  const response = await client.get(
    `${path}${path.includes('?') ? '&' : '?'}per_page=100&search=${encodeURIComponent(term)}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.map((row: { id: number }) => row.id);
}

async function searchTextOf(id: number): Promise<string> {
  const [row] = await t.db.select({ text: users.searchText }).from(users).where(eq(users.id, id));
  return row.text;
}

describe('users.search_text', () => {
  it('is written when a person is created and edited through the API, and never answered', async () => {
    const email = freshEmail('den');
    const created = await manager.post('/api/tenants', {
      ...personFields({ first_name: 'Quokka', last_name: 'Zed', company_name: 'Zed Works' }),
      email,
      unit_id: w.a.otherUnit.id,
    });
    expect(created.statusCode, created.body).toBe(201);
    const person = created.json().data;
    expect(person).not.toHaveProperty('search_text');
    expect(person).not.toHaveProperty('searchText');
    expect(await searchTextOf(person.id)).toBe(
      ['Quokka Zed', 'Zed Works', email, w.a.otherUnit.name].join('\u001f').toLowerCase(),
    );
    expect(await found(admin, '/api/users', 'QUOKKA Z')).toEqual([person.id]);
    expect(await found(manager, '/api/tenants', 'QUOKKA Z')).toEqual([person.id]);

    const edited = await manager.send('PATCH', `/api/tenants/${person.id}`, {
      ...personFields({ first_name: 'Wombat', last_name: 'Zed', company_name: 'Zed Works' }),
      email,
      unit_id: w.a.otherUnit.id,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await found(admin, '/api/users', 'quokka')).toEqual([]);
    expect(await found(admin, '/api/users', 'wombat zed')).toEqual([person.id]);
    expect(await found(manager, '/api/tenants', 'wombat zed')).toEqual([person.id]);
  });

  it('follows a tenant to a new unit, a unit’s new name, and a removed unit', async () => {
    const tenant = w.a.tenant.id;
    expect(await found(admin, '/api/tenants', 'alpha tower 101')).toEqual([tenant]);

    const loft = await createUnit(t.db, w.a.property.id, 'Skyloft 9');
    await t.db.update(tenantUnits).set({ unitId: loft.id }).where(eq(tenantUnits.userId, tenant));
    expect(await found(admin, '/api/tenants', 'skyloft')).toEqual([tenant]);
    expect(await found(admin, '/api/tenants', 'alpha tower 101')).toEqual([]);

    await t.db.update(units).set({ name: 'Moonloft 9' }).where(eq(units.id, loft.id));
    expect(await found(admin, '/api/tenants', 'skyloft')).toEqual([]);
    expect(await found(admin, '/api/tenants', 'moonloft')).toEqual([tenant]);
    // The narrow scopes find it the same way: its manager's list and the contractor of its property.
    expect(await found(manager, '/api/tenants', 'moonloft')).toEqual([tenant]);
    expect(await found(contractor, '/api/tenants', 'moonloft')).toEqual([tenant]);

    await t.db.delete(tenantUnits).where(eq(tenantUnits.userId, tenant));
    expect(await found(admin, '/api/tenants', 'moonloft')).toEqual([]);
    await t.db.insert(tenantUnits).values({ userId: tenant, unitId: w.a.unit.id });
    expect(await found(admin, '/api/tenants', 'alpha tower 101')).toEqual([tenant]);
  });

  it('follows a contractor’s categories and a category’s new title', async () => {
    const fixer = w.b.contractor.id;
    const [glazing] = await t.db.insert(categories).values({ title: 'Glazing' }).returning();
    await t.db.insert(contractorCategories).values({ userId: fixer, categoryId: glazing.id });
    expect(await found(admin, '/api/contractors', 'glazing')).toEqual([fixer]);

    await t.db.update(categories).set({ title: 'Stained Glass' }).where(eq(categories.id, glazing.id));
    expect(await found(admin, '/api/contractors', 'glazing')).toEqual([]);
    expect(await found(admin, '/api/contractors', 'stained')).toEqual([fixer]);
    expect(await found(admin, `/api/contractors?landlord_id=${w.b.landlord.id}`, 'stained')).toEqual([fixer]);

    await t.db.delete(contractorCategories).where(eq(contractorCategories.categoryId, glazing.id));
    expect(await found(admin, '/api/contractors', 'stained')).toEqual([]);
    await t.db.delete(categories).where(eq(categories.id, glazing.id));
  });

  it('is rebuilt for every user by setting it to NULL', async () => {
    await t.db.update(users).set({ searchText: 'stale' }).where(eq(users.id, w.b.tenant.id));
    expect(await searchTextOf(w.b.tenant.id)).toBe('stale');
    await t.db.execute(sql`update users set search_text = null`);
    expect(await searchTextOf(w.b.tenant.id)).toContain(w.b.unit.name.toLowerCase());
  });
});
