/**
 * Authorization matrix of visits and the calendar (issue 25): every visit endpoint as every kind of actor — role × own
 * or other landlord × on the ticket (its tenant, routed to it, holding the job) or not — on a fresh ticket of landlord
 * "north" per call. Outside the ticket's scope every answer is 404; inside it, 403 for whoever may not do it; signed
 * out, 401. The calendar answers each role its own scope (tenants have none: 403); a feed address is its user's alone.
 */
import { zonedDateTime } from '@mend/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketVisits, type UserRow } from '../src/db/schema';
import { createTestApp, type TestApp, type TestClient } from './helpers/app';
import {
  type ActorRow,
  type SignedInActor,
  TICKET_ACTORS,
  type TicketActor,
  ticketActors,
} from './helpers/ticket-actors';
import { acceptJob, createWorld, insertTicket, type World } from './helpers/ticket-factories';

const ACTORS = TICKET_ACTORS;
type ActorKey = TicketActor;
type Holder = 'contractor' | 'unroutedContractor';

type Row = ActorRow;

let t: TestApp;
let w: World;
let clients: Record<ActorKey, TestClient>;
let users: Record<SignedInActor, UserRow>;
const HOUR = 3600_000;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
  ({ users, clients } = await ticketActors(t, w));
});
afterAll(() => t.close());

/** A fresh ticket of north's tenant, routed to its plumber and manager, whose job `holder` accepted. */
async function acceptedTicket(holder: Holder): Promise<number> {
  const n = w.north;
  const ticket = await insertTicket(t.db, {
    unit: n.unit,
    tenant: n.tenant,
    category: w.plumbing,
    recipients: [n.plumber, n.manager],
  });
  await acceptJob(t.db, ticket, users[holder].id, n.manager.id);
  return ticket.id;
}

/** A fresh ticket whose plumber holds the job, with a visit in `state`: the visit's URL with `action`. */
const withVisit = (state: 'proposed' | 'booked', action: string) => async () => {
  const ticketId = await acceptedTicket('contractor');
  const startsAt = new Date(Math.ceil(Date.now() / HOUR) * HOUR + 48 * HOUR);
  const [visit] = await t.db
    .insert(ticketVisits)
    .values({
      ticketId,
      contractorId: users.contractor.id,
      propertyId: w.north.property.id,
      state,
      startsAt,
      endsAt: new Date(startsAt.getTime() + HOUR),
      inWindow: state === 'booked',
    })
    .returning({ id: ticketVisits.id });
  return `/api/tickets/${ticketId}/visits/${visit.id}/${action}`;
};

/** The day after tomorrow, 10 to 11 at the property (America/Edmonton), as the booking form sends it. */
function bookingForm(): Record<string, unknown> {
  const start = Math.ceil(Date.now() / HOUR) * (HOUR / 1000) + 48 * 3600;
  const from = zonedDateTime(start, 'America/Edmonton');
  const to = zonedDateTime(start + 3600, 'America/Edmonton');
  return {
    visit: JSON.stringify({
      start_date: from.date,
      start_time: from.time,
      end_date: to.date,
      end_time: to.time,
    }),
  };
}

interface Case {
  label: string;
  url: () => Promise<string>;
  method: 'GET' | 'POST';
  body?: () => Record<string, unknown>;
  expected: Row;
}

const booking = (holder: Holder) => async () => `/api/tickets/${await acceptedTicket(holder)}/visits`;
const feedOf = (path: string) => async () => `/api/users/${users.contractor.id}/calendar-feed${path}`;

// biome-ignore format: a table, aligned by column
const CASES: Case[] = [
  //                                                                                      adm  man  oMan lMan ten  nei  oTen con  uCon oCon guest
  { label: 'book, the routed contractor holding the job', method: 'POST', url: booking('contractor'), body: bookingForm,
                                                                                  expected: [403, 403, 404, 404, 403, 404, 404, 200, 404, 404, 401] },
  { label: 'book, an unrouted contractor holding the job', method: 'POST', url: booking('unroutedContractor'), body: bookingForm,
                                                                                  expected: [403, 403, 404, 404, 403, 404, 404, 403, 200, 404, 401] },
  { label: 'confirm a proposed visit', method: 'POST', url: withVisit('proposed', 'confirm'),
                                                                                  expected: [403, 403, 404, 404, 200, 404, 404, 403, 404, 404, 401] },
  { label: 'refuse a proposed visit', method: 'POST', url: withVisit('proposed', 'refuse'), body: () => ({ reason: 'No' }),
                                                                                  expected: [403, 403, 404, 404, 200, 404, 404, 403, 404, 404, 401] },
  { label: 'cancel a booked visit', method: 'POST', url: withVisit('booked', 'cancel'),
                                                                                  expected: [200, 200, 404, 404, 403, 404, 404, 200, 404, 404, 401] },
  { label: 'read the calendar', method: 'GET', url: async () => '/api/visits',   expected: [200, 200, 200, 200, 403, 403, 403, 200, 200, 200, 401] },
  { label: 'read the plumber’s feed address', method: 'GET', url: feedOf(''),   expected: [404, 404, 404, 404, 404, 404, 404, 200, 404, 404, 401] },
  { label: 'make a new feed address for the plumber', method: 'POST', url: feedOf('/reset'),
                                                                                  expected: [404, 404, 404, 404, 404, 404, 404, 200, 404, 404, 401] },
];

describe.each(CASES)('$label ($method)', ({ method, url, body, expected }) => {
  it.each(ACTORS.map((actor, index) => ({ actor, status: expected[index] })))(
    '$actor → $status',
    async ({ actor, status }) => {
      const target = await url();
      const response =
        method === 'GET' ? await clients[actor].get(target) : await clients[actor].post(target, body?.());
      expect(response.statusCode, `${method} ${target} as ${actor}: ${response.body.slice(0, 200)}`).toBe(
        status,
      );
      if (status >= 400) {
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        expect(typeof response.json().message).toBe('string');
        expect(response.body).not.toContain('/calendar/');
      }
    },
  );
});
