/**
 * The actors of the authorization matrices of a ticket's parts (its comments, assignment, visits): every kind of user
 * around a ticket of landlord "north" — role × own or other landlord × on the ticket or not — and a visitor.
 */
import type { UserRow } from '../../src/db/schema';
import type { TestApp, TestClient } from './app';
import { clientFor, createPerson, type World } from './ticket-factories';

export const TICKET_ACTORS = [
  'admin',
  'manager',
  'otherManager',
  'landlordlessManager',
  'tenant',
  'neighbour',
  'otherTenant',
  'contractor',
  'unroutedContractor',
  'otherContractor',
  'guest',
] as const;
export type TicketActor = (typeof TICKET_ACTORS)[number];
export type SignedInActor = Exclude<TicketActor, 'guest'>;

/**
 * Expected statuses, in the order of TICKET_ACTORS: the super admin; the manager of the ticket's landlord, of another
 * landlord, of none; the ticket's tenant, a tenant of another unit of the landlord, of another landlord; the
 * contractor the ticket was routed to, one of the same landlord it was not routed to, one of another landlord; a
 * visitor.
 */
export type ActorRow = [
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
];

/** The users of each actor (north's plumber is the routed contractor, its electrician the unrouted one). */
export async function ticketActors(
  t: TestApp,
  w: World,
): Promise<{ users: Record<SignedInActor, UserRow>; clients: Record<TicketActor, TestClient> }> {
  const n = w.north;
  const users: Record<SignedInActor, UserRow> = {
    admin: w.admin,
    manager: n.manager,
    otherManager: w.south.manager,
    landlordlessManager: await createPerson(t.db, 1, null, 'Lost', 'Manager'),
    tenant: n.tenant,
    neighbour: n.tenant2,
    otherTenant: w.south.tenant,
    contractor: n.plumber,
    unroutedContractor: n.electrician,
    otherContractor: w.south.plumber,
  };
  const clients = {} as Record<TicketActor, TestClient>;
  for (const [key, user] of Object.entries(users)) clients[key as SignedInActor] = await clientFor(t, user);
  clients.guest = await t.client();
  return { users, clients };
}

/** Sends a matrix case: GET, POST, or another method through the `_method` override. */
export function sendAs(
  client: TestClient,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: Record<string, unknown>,
) {
  if (method === 'GET') return client.get(url);
  if (method === 'POST') return client.post(url, body);
  return client.post(url, { ...body, _method: method });
}
