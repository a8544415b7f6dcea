/** A small world of two landlords with people of every role, for the users / tenants / contractors tests. */
import type { Db } from '../../src/db/client';
import {
  type CategoryRow,
  contractorCategories,
  contractorProperties,
  type LandlordRow,
  type PropertyRow,
  type UnitRow,
  type UserRow,
} from '../../src/db/schema';
import type { TestApp, TestClient } from './app';
import {
  createCategory,
  createLandlord,
  createProperty,
  createTenant,
  createUnit,
  createUser,
  TEST_PASSWORD,
} from './factories';

/** A contractor (role 3) working on properties and handling categories. */
export async function createContractor(
  db: Db,
  landlordId: number,
  propertyIds: number[],
  categoryIds: number[],
  email?: string,
): Promise<UserRow> {
  const user = await createUser(db, { role: 3, landlordId, email });
  if (propertyIds.length)
    await db
      .insert(contractorProperties)
      .values(propertyIds.map((propertyId) => ({ userId: user.id, propertyId })));
  if (categoryIds.length)
    await db
      .insert(contractorCategories)
      .values(categoryIds.map((categoryId) => ({ userId: user.id, categoryId })));
  return user;
}

export interface Side {
  landlord: LandlordRow;
  property: PropertyRow;
  /** A second property whose units no contractor of this side works on. */
  otherProperty: PropertyRow;
  unit: UnitRow;
  otherUnit: UnitRow;
  manager: UserRow;
  /** Lives in `unit` (a property `contractor` works on). */
  tenant: UserRow;
  /** Lives in `otherUnit` (on `otherProperty`). */
  otherTenant: UserRow;
  contractor: UserRow;
}

export interface World {
  admin: UserRow;
  a: Side;
  b: Side;
  categories: CategoryRow[];
}

async function createSide(db: Db, name: string, categories: CategoryRow[]): Promise<Side> {
  const landlord = await createLandlord(db, name);
  const property = await createProperty(db, landlord.id, `${name} Tower`);
  const otherProperty = await createProperty(db, landlord.id, `${name} Court`);
  const unit = await createUnit(db, property.id, `${name} Tower 101`);
  const otherUnit = await createUnit(db, otherProperty.id, `${name} Court 5`);
  const manager = await createUser(db, { role: 1, landlordId: landlord.id });
  const tenant = await createTenant(db, unit, landlord.id);
  const otherTenant = await createTenant(db, otherUnit, landlord.id);
  const contractor = await createContractor(db, landlord.id, [property.id], [categories[0].id]);
  return { landlord, property, otherProperty, unit, otherUnit, manager, tenant, otherTenant, contractor };
}

export async function createWorld(db: Db): Promise<World> {
  const categories = [await createCategory(db, 'Plumbing'), await createCategory(db, 'Electrical')];
  const admin = await createUser(db, { role: 0 });
  const a = await createSide(db, 'Alpha', categories);
  const b = await createSide(db, 'Beta', categories);
  return { admin, a, b, categories };
}

/** A client signed in as the user (every factory user has TEST_PASSWORD). */
export async function signedIn(t: TestApp, user: Pick<UserRow, 'email'>): Promise<TestClient> {
  const client = await t.client();
  const response = await client.login(user.email, TEST_PASSWORD);
  if (response.statusCode !== 200) throw new Error(`sign-in of ${user.email} failed: ${response.body}`);
  return client;
}

/** A complete, valid person part of the user form. */
export function personFields(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    first_name: 'Ann',
    last_name: 'Lee',
    company_name: 'Lee Holdings',
    phone_number: '780 555 0134',
    address_1: '10 Main St',
    address_2: '',
    country: 'Canada',
    province: 'Alberta',
    city: 'Edmonton',
    postal: 'T5J 0N3',
    ...overrides,
  };
}

let emailCounter = 0;
/** A fresh email for a form. */
export const freshEmail = (prefix = 'person') => `${prefix}${++emailCounter}-${Date.now()}@example.test`;
