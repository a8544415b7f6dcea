/**
 * Authorization matrix of a ticket's conversation (issue 25): every comment endpoint as every kind of actor — role ×
 * own or other landlord × on the ticket (its tenant, routed to it) or not — on a ticket of landlord "north", with a
 * comment of each visibility (each with a file). Outside the ticket's scope, or for a comment the role may not read,
 * every answer is 404; on a comment it reads but may not change, 403; signed out, 401.
 */
import type { CommentVisibility } from '@mend/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketComments, type UserRow } from '../src/db/schema';
import { createTestApp, type TestApp, type TestClient } from './helpers/app';
import {
  type ActorRow,
  type SignedInActor,
  sendAs,
  TICKET_ACTORS,
  type TicketActor,
  ticketActors,
} from './helpers/ticket-actors';
import { createWorld, file, insertTicket, pngImage, type World } from './helpers/ticket-factories';

const ACTORS = TICKET_ACTORS;
type ActorKey = TicketActor;

type Row = ActorRow;

let t: TestApp;
let w: World;
let ticketId: number;
let clients: Record<ActorKey, TestClient>;
let users: Record<SignedInActor, UserRow>;
/** A comment of each visibility on the ticket, each with one image: ids of the comment and its file. */
const comments = {} as Record<CommentVisibility, { id: number; file: number }>;
/** Who wrote each visibility's comment. */
const authorOf = (visibility: CommentVisibility): Exclude<ActorKey, 'guest'> =>
  visibility === 'everyone' ? 'tenant' : visibility === 'contractor' ? 'contractor' : 'manager';

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
  const n = w.north;
  const ticket = await insertTicket(t.db, {
    unit: n.unit,
    tenant: n.tenant,
    category: w.plumbing,
    recipients: [n.plumber, n.manager],
  });
  ticketId = ticket.id;
  ({ users, clients } = await ticketActors(t, w));
  const png = await pngImage();
  for (const visibility of ['everyone', 'contractor', 'staff'] as const) {
    const response = await clients[authorOf(visibility)].post(`/api/tickets/${ticketId}/comments`, {
      body: `A ${visibility} comment`,
      visibility,
      attachments: [file(png, `${visibility}.png`, 'image/png')],
    });
    expect(response.statusCode, response.body).toBe(201);
    const data = response.json().data;
    comments[visibility] = { id: data.id, file: data.attachments[0].id };
  }
});
afterAll(() => t.close());

const base = () => `/api/tickets/${ticketId}/comments`;
const fileUrl = (visibility: CommentVisibility) =>
  `${base()}/${comments[visibility].id}/attachments/${comments[visibility].file}`;

/** A fresh comment written straight into the database (each actor deletes its own copy). */
async function freshComment(visibility: CommentVisibility): Promise<number> {
  const [row] = await t.db
    .insert(ticketComments)
    .values({ ticketId, userId: users[authorOf(visibility)].id, body: 'To delete', visibility })
    .returning({ id: ticketComments.id });
  return row.id;
}

interface Case {
  label: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: () => string | Promise<string>;
  body?: Record<string, unknown>;
  expected: Row;
}

// biome-ignore format: a table, aligned by column
const CASES: Case[] = [
  //                                                                         adm  man  oMan lMan ten  nei  oTen con  uCon oCon guest
  { label: 'list the comments', method: 'GET', url: base,                                      expected: [200, 200, 404, 404, 200, 404, 404, 200, 404, 404, 401] },
  { label: 'post for everyone', method: 'POST', url: base,
    body: { body: 'Hello', visibility: 'everyone' },                                            expected: [201, 201, 404, 404, 201, 404, 404, 201, 404, 404, 401] },
  { label: 'post for the contractor', method: 'POST', url: base,
    body: { body: 'Hello', visibility: 'contractor' },                                          expected: [201, 201, 404, 404, 422, 404, 404, 201, 404, 404, 401] },
  { label: 'post for staff', method: 'POST', url: base,
    body: { body: 'Hello', visibility: 'staff' },                                               expected: [201, 201, 404, 404, 422, 404, 404, 422, 404, 404, 401] },
  { label: 'edit the tenant’s comment', method: 'PATCH', url: () => `${base()}/${comments.everyone.id}`,
    body: { body: 'Edited' },                                                                   expected: [403, 403, 404, 404, 200, 404, 404, 403, 404, 404, 401] },
  { label: 'edit the contractor’s comment', method: 'PATCH', url: () => `${base()}/${comments.contractor.id}`,
    body: { body: 'Edited' },                                                                   expected: [403, 403, 404, 404, 404, 404, 404, 200, 404, 404, 401] },
  { label: 'edit the manager’s staff comment', method: 'PATCH', url: () => `${base()}/${comments.staff.id}`,
    body: { body: 'Edited' },                                                                   expected: [403, 200, 404, 404, 404, 404, 404, 404, 404, 404, 401] },
  { label: 'delete a tenant’s comment', method: 'DELETE', url: async () => `${base()}/${await freshComment('everyone')}`,
                                                                                                expected: [200, 200, 404, 404, 200, 404, 404, 403, 404, 404, 401] },
  { label: 'delete a contractor’s comment', method: 'DELETE', url: async () => `${base()}/${await freshComment('contractor')}`,
                                                                                                expected: [200, 200, 404, 404, 404, 404, 404, 200, 404, 404, 401] },
  { label: 'delete a manager’s staff comment', method: 'DELETE', url: async () => `${base()}/${await freshComment('staff')}`,
                                                                                                expected: [200, 200, 404, 404, 404, 404, 404, 404, 404, 404, 401] },
  { label: 'a file of an “everyone” comment', method: 'GET', url: () => fileUrl('everyone'),     expected: [200, 200, 404, 404, 200, 404, 404, 200, 404, 404, 401] },
  { label: 'its thumbnail', method: 'GET', url: () => `${fileUrl('everyone')}/thumbnail`,        expected: [200, 200, 404, 404, 200, 404, 404, 200, 404, 404, 401] },
  { label: 'a file of a “contractor” comment', method: 'GET', url: () => fileUrl('contractor'), expected: [200, 200, 404, 404, 404, 404, 404, 200, 404, 404, 401] },
  { label: 'its thumbnail', method: 'GET', url: () => `${fileUrl('contractor')}/thumbnail`,      expected: [200, 200, 404, 404, 404, 404, 404, 200, 404, 404, 401] },
  { label: 'a file of a “staff” comment', method: 'GET', url: () => fileUrl('staff'),           expected: [200, 200, 404, 404, 404, 404, 404, 404, 404, 404, 401] },
  { label: 'its thumbnail', method: 'GET', url: () => `${fileUrl('staff')}/thumbnail`,           expected: [200, 200, 404, 404, 404, 404, 404, 404, 404, 404, 401] },
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
        // A refusal tells nothing of the comments.
        for (const text of ['A everyone comment', 'A contractor comment', 'A staff comment', 'To delete'])
          expect(response.body).not.toContain(text);
      }
    },
  );
});

/** Every page of the thread as `actor` reads it, walking back from the newest (the cases above posted many). */
async function wholeThread(actor: ActorKey): Promise<{ id: number; visibility: string }[]> {
  const comments: { id: number; visibility: string }[] = [];
  let query = '';
  for (;;) {
    const page = (await clients[actor].get(base() + query)).json();
    comments.unshift(...page.data);
    if (!page.has_earlier) return comments;
    query = `?before=${page.data[0].id}`;
  }
}

describe('lists hold only what the role reads', () => {
  it.each([
    ['admin', ['everyone', 'contractor', 'staff']],
    ['manager', ['everyone', 'contractor', 'staff']],
    ['contractor', ['everyone', 'contractor']],
    ['tenant', ['everyone']],
  ] as const)('%s reads %j', async (actor, visibilities) => {
    const thread = await wholeThread(actor);
    const seen = new Set(thread.map((comment) => comment.visibility));
    expect([...seen].sort()).toEqual([...visibilities].sort());
    for (const visibility of ['everyone', 'contractor', 'staff'] as const) {
      const ids = thread.map((comment) => comment.id);
      expect(ids.includes(comments[visibility].id), visibility).toBe(
        (visibilities as readonly string[]).includes(visibility),
      );
    }
  });
});
