/** Sign-in rules: who a login identifier names, and whether the password fits. */
import { eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type UserRow, users } from '../../db/schema';
import { hashPassword, verifyPassword } from '../../lib/password';

let dummyHash: Promise<string> | null = null;

/**
 * The user named by an email or a username, if the password is theirs; null otherwise.
 * An unknown identifier still costs one hash check, so timing does not tell which part was wrong.
 */
export async function findUserByCredentials(
  db: Db,
  identifier: string,
  password: string,
): Promise<UserRow | null> {
  const wanted = identifier.trim().toLowerCase();
  const [user] = await db
    .select()
    .from(users)
    .where(or(eq(users.email, wanted), eq(sql`lower(${users.username})`, wanted)))
    .limit(1);
  if (!user) {
    dummyHash ??= hashPassword('mend-timing-equaliser');
    await verifyPassword(await dummyHash, password);
    return null;
  }
  return (await verifyPassword(user.passwordHash, password)) ? user : null;
}
