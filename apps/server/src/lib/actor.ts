/** The signed-in user as the permission rules and the row scopes (scopes.ts) see it. */
import type { Role } from '@mend/shared';
import type { Placeholder } from 'drizzle-orm';
import type { UserRow } from '../db/schema';

export interface Actor {
  id: number;
  role: Role;
  landlordId: number | null;
}

/**
 * An actor as a scope condition reads it: the role decides the text; the id and the landlord are values, or
 * placeholders in a statement built once per shape (`shaped`, db/reusable.ts).
 */
export interface ScopedActor {
  role: Role;
  id: number | Placeholder;
  landlordId: number | Placeholder | null;
}

export function actorOf(user: UserRow): Actor {
  return { id: user.id, role: user.role, landlordId: user.landlordId };
}
