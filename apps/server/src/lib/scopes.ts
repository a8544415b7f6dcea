/**
 * Which rows each actor may see (SPEC.md section 6, ADR 0005): the row scopes beside the role rules of @mend/shared
 * `can()`. Every list and every single read goes through one of them, so a row outside its scope is never listed
 * and answers 404 when asked for by id. Ticket visibility is in modules/tickets/queries.ts (`visibleTickets`).
 *
 * People (`userScope(actor, type)`):
 * - role 0 sees everyone;
 * - role 1 sees itself and the tenants and contractors of its own landlord (never other managers);
 * - role 2 sees only itself;
 * - role 3 sees itself and, read-only, the tenants of the units of the properties it works on (its
 *   "Tenant List": who lives where it is sent to work).
 * The list type narrows it further: tenants = role 2, contractors = role 3, users = every role.
 */
import { ROLE, type Role, type UserType } from '@mend/shared';
import { and, eq, inArray, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { contractorProperties, landlords, properties, tenantUnits, units, users } from '../db/schema';
import type { ScopedActor } from './actor';
import { everyRow, noRow, qb } from './record-helpers';

/** The ids of a landlord's properties, as a subquery. */
export function propertiesOfLandlord(landlordId: number | Placeholder) {
  return qb.select({ id: properties.id }).from(properties).where(eq(properties.landlordId, landlordId));
}

/** The ids of the properties a contractor works on, as a subquery. */
function propertiesOfContractor(userId: number | Placeholder) {
  return qb
    .select({ id: contractorProperties.propertyId })
    .from(contractorProperties)
    .where(eq(contractorProperties.userId, userId));
}

/**
 * The actor sees every row of every table (role 0): a list of all of them, not one narrowed to a landlord, a
 * property, a unit or the actor's work. Lists choose their statement by it (a wide search, the table's estimated
 * total); takes a shape's `{ role: viewerRole }` too.
 */
export function seesEveryRow(actor: Pick<ScopedActor, 'role'>): boolean {
  return actor.role === ROLE.superAdmin;
}

/** The tenants of a property's units: seen by all but a tenant, who does not get the list of its neighbours. */
export function seesPropertyTenants(actor: Pick<ScopedActor, 'role'>): boolean {
  return actor.role !== ROLE.tenant;
}

/** The landlords an actor may see: all (role 0), its own (role 1), none (roles 2, 3 and a manager without one). */
export function visibleLandlords(actor: ScopedActor): SQL {
  if (actor.role === ROLE.superAdmin) return everyRow();
  if (actor.role === ROLE.manager && actor.landlordId !== null) return eq(landlords.id, actor.landlordId);
  return noRow();
}

/**
 * The schedules an actor may see (issue 26), in a statement joined to their property: all (role 0), those of its
 * landlord's properties (role 1), none otherwise (`schedule.view` refuses the other roles first).
 */
export function visibleSchedules(actor: ScopedActor): SQL | undefined {
  if (actor.role === ROLE.superAdmin) return undefined;
  return actor.role === ROLE.manager && actor.landlordId !== null
    ? eq(properties.landlordId, actor.landlordId)
    : noRow();
}

/**
 * The properties an actor may see: all (role 0), its landlord's (role 1), the property of its unit
 * (role 2), the properties it works on (role 3).
 */
export function visibleProperties(actor: ScopedActor): SQL {
  switch (actor.role) {
    case ROLE.superAdmin:
      return everyRow();
    case ROLE.manager:
      return actor.landlordId === null ? noRow() : eq(properties.landlordId, actor.landlordId);
    case ROLE.tenant:
      return inArray(
        properties.id,
        qb
          .select({ id: units.propertyId })
          .from(tenantUnits)
          .innerJoin(units, eq(units.id, tenantUnits.unitId))
          .where(eq(tenantUnits.userId, actor.id)),
      );
    default:
      return inArray(properties.id, propertiesOfContractor(actor.id));
  }
}

/**
 * The units an actor may see: all (role 0), those of its landlord's properties (role 1), its own
 * (role 2), those of the properties it works on (role 3).
 */
export function visibleUnits(actor: ScopedActor): SQL {
  switch (actor.role) {
    case ROLE.superAdmin:
      return everyRow();
    case ROLE.manager:
      return actor.landlordId === null
        ? noRow()
        : inArray(units.propertyId, propertiesOfLandlord(actor.landlordId));
    case ROLE.tenant:
      return inArray(
        units.id,
        qb.select({ id: tenantUnits.unitId }).from(tenantUnits).where(eq(tenantUnits.userId, actor.id)),
      );
    default:
      return inArray(units.propertyId, propertiesOfContractor(actor.id));
  }
}

/** Categories are not owned by a landlord: every signed-in user sees all of them. */
export function visibleCategories(_actor: ScopedActor) {
  return everyRow();
}

/**
 * `users.role` is one of these roles, the numbers written into the text: a statement prepared once (db/reusable.ts)
 * is then planned knowing them (the role's own indexes and statistics), not for any role.
 */
export function roleIn(...roles: Role[]): SQL {
  return roles.length === 1
    ? sql`${users.role} = ${sql.raw(String(roles[0]))}`
    : sql`${users.role} in (${sql.raw(roles.join(', '))})`;
}

/** The role a list type holds (users: any). */
export function typeCondition(type: UserType): SQL | undefined {
  if (type === 'tenants') return roleIn(ROLE.tenant);
  if (type === 'contractors') return roleIn(ROLE.contractor);
  return undefined;
}

/**
 * The ids a contractor sees: itself, and the tenants living in a unit of a property it works on (the
 * caller keeps only tenants among the latter). One `IN` list read from the contractor's properties
 * outwards (a few hundred ids): written as `self OR EXISTS (...)`, PostgreSQL tested the EXISTS against
 * every tenant.
 */
function peopleOfContractor(contractorId: number | Placeholder): SQL {
  return sql`select ${contractorId}::integer union all
    select ${tenantUnits.userId} from ${contractorProperties}
    inner join ${units} on ${units.propertyId} = ${contractorProperties.propertyId}
    inner join ${tenantUnits} on ${tenantUnits.unitId} = ${units.id}
    where ${contractorProperties.userId} = ${contractorId}`;
}

/** Every user the actor may see, of any type (undefined: no limit). */
export function visibleUsers(actor: ScopedActor): SQL | undefined {
  const self = eq(users.id, actor.id);
  switch (actor.role) {
    case ROLE.superAdmin:
      return undefined;
    case ROLE.manager:
      if (actor.landlordId === null) return self;
      return or(self, and(eq(users.landlordId, actor.landlordId), roleIn(ROLE.tenant, ROLE.contractor)));
    case ROLE.contractor:
      return and(or(self, roleIn(ROLE.tenant)), sql`${users.id} in (${peopleOfContractor(actor.id)})`);
    default:
      return self;
  }
}

/** The scope of one list type: what the actor may see, of that type. */
export function userScope(actor: ScopedActor, type: UserType): SQL | undefined {
  return and(visibleUsers(actor), typeCondition(type));
}
