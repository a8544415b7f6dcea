/**
 * Authorization matrix of the tenant's sign-off (issue 25): every sign-off endpoint as every kind of actor — role × own
 * or other landlord × on the ticket (its tenant, routed to it, holding the job) or not — on a fresh completed ticket of
 * landlord "north" per call. Outside the ticket's scope every answer is 404; inside it, 403 for whoever is not its
 * tenant; signed out, 401. The signed link is its own credential: it answers whoever holds it, signed in or not, as
 * the tenant it names.
 */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages, type UserRow, users as usersTable } from '../src/db/schema';
import { createTestApp, type TestApp, type TestClient } from './helpers/app';
import {
  type ActorRow,
  type SignedInActor,
  sendAs,
  TICKET_ACTORS,
  type TicketActor,
  ticketActors,
} from './helpers/ticket-actors';
import { ALL_CHANNELS, acceptJob, createWorld, insertTicket, type World } from './helpers/ticket-factories';

const ACTORS = TICKET_ACTORS;
type Holder = 'contractor' | 'unroutedContractor';

let t: TestApp;
let w: World;
let clients: Record<TicketActor, TestClient>;
let users: Record<SignedInActor, UserRow>;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
  ({ users, clients } = await ticketActors(t, w));
  // Its emails carry the links.
  await t.db
    .update(usersTable)
    .set({ notificationOptions: ALL_CHANNELS })
    .where(eq(usersTable.id, users.tenant.id));
});
afterAll(() => t.close());

/** A fresh ticket of north's tenant, routed to its plumber and manager, whose job `holder` holds, then completed. */
async function completedTicket(holder: Holder = 'contractor'): Promise<number> {
  const n = w.north;
  const ticket = await insertTicket(t.db, {
    unit: n.unit,
    tenant: n.tenant,
    category: w.plumbing,
    status: 2,
    recipients: [n.plumber, n.manager],
  });
  await acceptJob(t.db, ticket, users[holder].id, n.manager.id);
  const completed = await clients.manager.send('PATCH', `/api/tickets/${ticket.id}`, { status: 3 });
  expect(completed.statusCode, completed.body).toBe(200);
  return ticket.id;
}

/** The sign-off link of the newest email asking north's tenant. */
async function newestLinkToken(): Promise<string> {
  const [row] = await t.db
    .select({ text: outboxMessages.bodyText })
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.userId, users.tenant.id),
        eq(outboxMessages.kind, 'ticket.signoff_asked'),
        eq(outboxMessages.channel, 'email'),
      ),
    )
    .orderBy(desc(outboxMessages.id))
    .limit(1);
  const match = /\/signoff\/(\S+)/.exec(row?.text ?? '');
  if (!match) throw new Error('no link');
  return match[1];
}

interface Case {
  label: string;
  method: 'GET' | 'POST';
  url: () => Promise<string>;
  body?: Record<string, unknown>;
  expected: ActorRow;
}

const on = (suffix: string, holder?: Holder) => async () =>
  `/api/tickets/${await completedTicket(holder)}${suffix}`;
const link = (suffix: string) => async () => {
  await completedTicket();
  return `/api/signoff-links/${await newestLinkToken()}${suffix}`;
};

// biome-ignore format: a table, aligned by column
const CASES: Case[] = [
  //                                                                                   adm  man  oMan lMan ten  nei  oTen con  uCon oCon guest
  { label: 'confirm and rate, the routed contractor holding the job', method: 'POST', url: on('/signoff/confirm'),
    body: { rating: 5 },                                                       expected: [403, 403, 404, 404, 200, 404, 404, 403, 404, 404, 401] },
  { label: 'confirm and rate, an unrouted contractor holding the job', method: 'POST', url: on('/signoff/confirm', 'unroutedContractor'),
    body: { rating: 4 },                                                       expected: [403, 403, 404, 404, 200, 404, 404, 403, 403, 404, 401] },
  { label: 'reopen', method: 'POST', url: on('/signoff/reopen'),
    body: { reason: 'Still leaking' },                                         expected: [403, 403, 404, 404, 200, 404, 404, 403, 404, 404, 401] },
  { label: 'see the question of a signed link', method: 'GET', url: link(''), expected: [200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200] },
  { label: 'confirm by a signed link', method: 'POST', url: link('/confirm'),
    body: { rating: 5 },                                                       expected: [200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200] },
  { label: 'reopen by a signed link', method: 'POST', url: link('/reopen'),
    body: { reason: 'Still leaking' },                                         expected: [200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200] },
];

describe.each(CASES)('$label ($method)', ({ method, url, body, expected }) => {
  it.each(ACTORS.map((actor, index) => ({ actor, status: expected[index] })))(
    '$actor → $status',
    async ({ actor, status }) => {
      const target = await url();
      const response = await sendAs(clients[actor], method, target, body);
      expect(response.statusCode, `${method} ${target} as ${actor}: ${response.body.slice(0, 200)}`).toBe(
        status,
      );
      if (status >= 400) {
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        expect(typeof response.json().message).toBe('string');
        expect(response.body).not.toContain('Jane');
      }
    },
  );
});
