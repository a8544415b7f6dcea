/**
 * Authorization matrix of a ticket's assignment (issue 25): every assignment endpoint as every kind of actor — role ×
 * own or other landlord × on the ticket (its tenant, routed to it, assigned to it) or not — on a fresh ticket of
 * landlord "north" per call. Outside the ticket's scope every answer is 404; inside it, 403 for whoever may not do
 * it; signed out, 401. The signed link is its own credential: it answers whoever holds it, signed in or not.
 */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages, type UserRow } from '../src/db/schema';
import { createTestApp, type TestApp, type TestClient } from './helpers/app';
import {
  type ActorRow,
  type SignedInActor,
  sendAs,
  TICKET_ACTORS,
  type TicketActor,
  ticketActors,
} from './helpers/ticket-actors';
import { createWorld, insertTicket, type World } from './helpers/ticket-factories';

const ACTORS = TICKET_ACTORS;
type ActorKey = TicketActor;

type Row = ActorRow;

let t: TestApp;
let w: World;
let clients: Record<ActorKey, TestClient>;
let users: Record<SignedInActor, UserRow>;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
  ({ users, clients } = await ticketActors(t, w));
});
afterAll(() => t.close());

/** A fresh ticket of north's tenant, routed to its plumber and manager; assigned to `assignee` when given. */
async function freshTicket(assignee?: 'contractor' | 'unroutedContractor'): Promise<number> {
  const n = w.north;
  const ticket = await insertTicket(t.db, {
    unit: n.unit,
    tenant: n.tenant,
    category: w.plumbing,
    recipients: [n.plumber, n.manager],
  });
  if (assignee) {
    const response = await clients.manager.send('PUT', `/api/tickets/${ticket.id}/assignment`, {
      contractor_id: users[assignee].id,
    });
    expect(response.statusCode, response.body).toBe(200);
  }
  return ticket.id;
}

/** The answer link of the newest assignment email to the user. */
async function newestLinkToken(userId: number): Promise<string> {
  const rows = await t.db
    .select({ text: outboxMessages.bodyText })
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.userId, userId),
        eq(outboxMessages.kind, 'ticket.assigned'),
        eq(outboxMessages.channel, 'email'),
      ),
    )
    .orderBy(desc(outboxMessages.id))
    .limit(1);
  const match = /\/assignment\/(\S+)/.exec(rows[0].text);
  if (!match) throw new Error('no link');
  return match[1];
}

interface Case {
  label: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: () => Promise<string>;
  body?: Record<string, unknown>;
  expected: Row;
}

const on = (suffix: string, assignee?: 'contractor' | 'unroutedContractor') => async () =>
  `/api/tickets/${await freshTicket(assignee)}${suffix}`;
const link = (suffix: string) => async () => {
  await freshTicket('contractor');
  return `/api/assignment-links/${await newestLinkToken(users.contractor.id)}${suffix}`;
};

// biome-ignore format: a table, aligned by column
const CASES: Case[] = [
  //                                                                                   adm  man  oMan lMan ten  nei  oTen con  uCon oCon guest
  { label: 'list the assignable contractors', method: 'GET', url: on('/assignable-contractors'),
                                                                              expected: [200, 200, 404, 404, 403, 404, 404, 403, 404, 404, 401] },
  { label: 'assign the routed contractor', method: 'PUT', url: on('/assignment'),
    body: { contractor_id: 0 /* the routed plumber, set below */ },           expected: [200, 200, 404, 404, 403, 404, 404, 403, 404, 404, 401] },
  { label: 'unassign', method: 'DELETE', url: on('/assignment', 'contractor'), expected: [200, 200, 404, 404, 403, 404, 404, 403, 404, 404, 401] },
  { label: 'accept a job assigned to the routed contractor', method: 'POST', url: on('/assignment/accept', 'contractor'),
                                                                              expected: [403, 403, 404, 404, 403, 404, 404, 200, 404, 404, 401] },
  { label: 'accept a job assigned to the unrouted contractor', method: 'POST', url: on('/assignment/accept', 'unroutedContractor'),
                                                                              expected: [403, 403, 404, 404, 403, 404, 404, 403, 200, 404, 401] },
  { label: 'accept a job nobody holds', method: 'POST', url: on('/assignment/accept'),
                                                                              expected: [403, 403, 404, 404, 403, 404, 404, 403, 404, 404, 401] },
  { label: 'decline a job assigned to the routed contractor', method: 'POST', url: on('/assignment/decline', 'contractor'),
    body: { reason: 'Too busy' },                                              expected: [403, 403, 404, 404, 403, 404, 404, 200, 404, 404, 401] },
  { label: 'see the job of a signed link', method: 'GET', url: link(''),      expected: [200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200] },
  { label: 'accept by a signed link', method: 'POST', url: link('/accept'),   expected: [200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200] },
];

describe.each(CASES)('$label ($method)', ({ method, url, body, expected }) => {
  it.each(ACTORS.map((actor, index) => ({ actor, status: expected[index] })))(
    '$actor → $status',
    async ({ actor, status }) => {
      const target = await url();
      const filled = body && 'contractor_id' in body ? { contractor_id: users.contractor.id } : body;
      const response = await sendAs(clients[actor], method, target, filled);
      expect(response.statusCode, `${method} ${target} as ${actor}: ${response.body.slice(0, 200)}`).toBe(
        status,
      );
      if (status >= 400) {
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        expect(typeof response.json().message).toBe('string');
        expect(response.body).not.toContain('Marco');
      }
    },
  );
});
