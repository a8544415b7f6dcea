/** Records for tests, created straight in the database. */
import type { Role } from '@mend/shared';
import type { Db } from '../../src/db/client';
import { type LandlordRow, landlords, type UserRow, users } from '../../src/db/schema';
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
