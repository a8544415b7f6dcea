/** Records for tests, created straight in the database. */
import type { Role } from '@mend/shared';
import type { Db } from '../../src/db/client';
import {
  type CategoryRow,
  categories,
  type LandlordRow,
  landlords,
  type PropertyRow,
  properties,
  tenantUnits,
  type UnitRow,
  type UserRow,
  units,
  users,
} from '../../src/db/schema';
import { hashPassword } from '../../src/lib/password';

let counter = 0;
let cachedHash: { password: string; hash: string } | null = null;

export const TEST_PASSWORD = 'correct horse battery staple';

async function hashFor(password: string): Promise<string> {
  if (cachedHash?.password === password) return cachedHash.hash;
  const hash = await hashPassword(password);
  if (password === TEST_PASSWORD) cachedHash = { password, hash };
  return hash;
}

export async function createLandlord(db: Db, name = `Landlord ${++counter}`): Promise<LandlordRow> {
  const [row] = await db
    .insert(landlords)
    .values({ name, description: `${name} description` })
    .returning();
  return row;
}

export async function createUser(
  db: Db,
  overrides: Partial<{
    role: Role;
    email: string;
    username: string | null;
    password: string;
    landlordId: number | null;
  }> = {},
): Promise<UserRow> {
  const n = ++counter;
  const [row] = await db
    .insert(users)
    .values({
      role: overrides.role ?? 2,
      email: overrides.email ?? `user${n}@example.test`,
      username: overrides.username ?? null,
      passwordHash: await hashFor(overrides.password ?? TEST_PASSWORD),
      firstName: 'Test',
      lastName: `User ${n}`,
      landlordId: overrides.landlordId ?? null,
    })
    .returning();
  return row;
}

export async function createProperty(
  db: Db,
  landlordId: number,
  name = `Property ${++counter}`,
): Promise<PropertyRow> {
  const [row] = await db
    .insert(properties)
    .values({
      landlordId,
      name,
      description: `${name} description`,
      country: 'CA',
      province: 'AB',
      city: 'Edmonton',
      postalCode: 'T5J 0N3',
      address: `${counter} Jasper Ave`,
    })
    .returning();
  return row;
}

export async function createUnit(db: Db, propertyId: number, name = `Unit ${++counter}`): Promise<UnitRow> {
  const [row] = await db
    .insert(units)
    .values({
      propertyId,
      name,
      description: `${name} description`,
      postalCode: 'T5J 0N3',
      address: `${counter} Main St`,
    })
    .returning();
  return row;
}

export async function createCategory(db: Db, title = `Category ${++counter}`): Promise<CategoryRow> {
  const [row] = await db
    .insert(categories)
    .values({ title, description: `${title} description` })
    .returning();
  return row;
}

/** A tenant (role 2) living in a unit. */
export async function createTenant(
  db: Db,
  unit: UnitRow,
  landlordId: number,
  email?: string,
): Promise<UserRow> {
  const user = await createUser(db, { role: 2, landlordId, email });
  await db.insert(tenantUnits).values({ userId: user.id, unitId: unit.id });
  return user;
}
