/**
 * No landlord's people can read or change another landlord's records, through any endpoint.
 *
 * Landlord A's manager, tenant and contractor call every endpoint that names a record (helpers/endpoints.ts)
 * with landlord B's records, with guessed and random ids, and with bodies that would succeed for B's own
 * people. Every answer is a 403/404 (the few public answers are checked for what they reveal), no answer
 * carries B's data, and a snapshot of the whole database (every row of every table) is unchanged afterwards.
 * Batch endpoints given a mix of own and foreign ids change only the own ones and report the others as
 * refused; forms of A's own records that name B's ids are refused; lists never show B's rows, whatever
 * filter or search names them.
 */
import { en } from '@mend/shared';
import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, tickets, type UserRow, units } from '../src/db/schema';
import { createTestApp, type TestApp, type TestClient } from './helpers/app';
import {
  createEndpointWorld,
  ENDPOINTS,
  type Endpoint,
  type EndpointWorld,
  FILE_ENDPOINT,
  fillPath,
  ID_ENDPOINTS,
  label,
  type ParamKind,
  sideFill,
  sideRows,
  snapshot,
} from './helpers/endpoints';
import { TEST_PASSWORD } from './helpers/factories';
import {
  ALL_CHANNELS,
  clientFor,
  file,
  insertTicket,
  pngImage,
  ticketForm,
} from './helpers/ticket-factories';
import { personFields } from './helpers/user-factories';

type Actor = 'managerA' | 'tenantA' | 'contractorA';
const ACTORS: Actor[] = ['managerA', 'tenantA', 'contractorA'];

let t: TestApp;
let w: EndpointWorld;
let png: Buffer;
const clients = {} as Record<Actor, TestClient>;

beforeAll(async () => {
  t = await createTestApp({ env: { MAIL_RATE_LIMIT: '100000', LOGIN_RATE_LIMIT: '100000' } });
  w = await createEndpointWorld(t);
  clients.managerA = await clientFor(t, w.a.manager);
  clients.tenantA = await clientFor(t, w.a.tenant);
  clients.contractorA = await clientFor(t, w.a.plumber);
  png = await pngImage();
});
afterAll(() => t.close());

const userOf = (actor: Actor): UserRow =>
  actor === 'managerA' ? w.a.manager : actor === 'tenantA' ? w.a.tenant : w.a.plumber;

/** Text that only landlord B's records hold: no answer to A's people may contain any of it. */
function markersOfB(): string[] {
  const b = w.b;
  const people = [b.manager, b.tenant, b.tenant2, b.plumber, b.electrician, b.plumber2];
  return ['South', ...people.flatMap((person) => [person.email, person.firstName])];
}

function expectNoDataOfB(response: LightMyRequestResponse, context: string): void {
  for (const marker of markersOfB())
    expect(response.body, `${context} leaks "${marker}"`).not.toContain(marker);
}

async function send(
  actor: Actor,
  method: Endpoint['method'],
  url: string,
  body?: Record<string, unknown>,
  transport: 'override' | 'real' = 'override',
): Promise<LightMyRequestResponse> {
  const client = clients[actor];
  if (method === 'GET') return client.get(url);
  if (method === 'POST' || transport === 'real') return client.send(method, url, body ?? {});
  return client.post(url, { ...body, _method: method });
}

// ---------------------------------------------------------------------------------------------------------
// Bodies that would succeed for landlord B's own people.

const propertyForm = (landlordId: number) => ({
  name: 'Hijacked',
  description: 'Hijacked',
  gmaps_url: '',
  country: 'CA',
  province: 'AB',
  city: 'Edmonton',
  postal_code: 'T5J 0N3',
  address: '1 Hijack St',
  landlord_id: landlordId,
});
const unitForm = (propertyId: number) => ({
  name: 'Hijacked',
  description: 'Hijacked',
  gmaps_url: '',
  postal_code: 'T5J 0N3',
  address: '1 Hijack St',
  property_id: propertyId,
});

function bodiesFor(endpoint: Endpoint): Array<Record<string, unknown> | undefined> {
  const a = w.a;
  const b = w.b;
  const userForm = {
    ...personFields({ first_name: 'Hijacked' }),
    email: 'hijacked@example.test',
    landlord_id: b.landlord.id,
    unit_id: b.unit.id,
    property_ids: [b.property.id],
    category_ids: [w.plumbing.id],
  };
  switch (label(endpoint)) {
    case 'PATCH /api/users/:id':
    case 'PATCH /api/tenants/:id':
    case 'PATCH /api/contractors/:id':
      return [userForm, { ...userForm, landlord_id: a.landlord.id, unit_id: a.unit.id }];
    case 'PATCH /api/users/:id/avatar':
      return [{ avatar: file(png, 'me.png', 'image/png') }];
    case 'PATCH /api/users/:id/info':
      return [personFields({ first_name: 'Hijacked' })];
    case 'PATCH /api/users/:id/email':
      return [
        {
          old_email: b.tenant.email,
          email: 'hijacked@example.test',
          email_confirmation: 'hijacked@example.test',
        },
      ];
    case 'PATCH /api/users/:id/password':
      return [
        {
          old_password: TEST_PASSWORD,
          password: 'hijacked password',
          password_confirmation: 'hijacked password',
        },
      ];
    case 'PATCH /api/users/:id/notifications':
      return [{ notification_options: ALL_CHANNELS }];
    case 'PATCH /api/users/:id/notification-history':
      return [{ notifications_to_set: [b.notification] }];
    case 'POST /api/users/:id/api-tokens':
      return [{ name: 'Hijacked', lifetime: 'never' }];
    case 'PATCH /api/landlords/:id':
      return [{ name: 'Hijacked', description: 'Hijacked', users: [a.manager.id] }];
    case 'PATCH /api/properties/:id':
      return [propertyForm(b.landlord.id), propertyForm(a.landlord.id)];
    case 'PATCH /api/units/:id':
      return [unitForm(b.property.id), unitForm(a.property.id)];
    case 'PATCH /api/categories/:id':
      return [{ title: 'Hijacked', description: 'Hijacked' }];
    case 'POST /api/tickets/:id/comments':
      return [
        { body: 'Hijacked', visibility: 'everyone' },
        { body: 'Hijacked', visibility: 'staff', attachments: [file(png, 'x.png', 'image/png')] },
      ];
    case 'PATCH /api/tickets/:id/comments/:commentId':
      return [{ body: 'Hijacked' }];
    case 'PATCH /api/tickets/:id':
      return [
        { status: 4 },
        ticketForm({ title: 'Hijacked', unit_id: b.unit.id, category_id: w.plumbing.id, status: 4 }),
      ];
    default:
      return [endpoint.method === 'GET' ? undefined : {}];
  }
}

/**
 * What an endpoint may answer when it names another landlord's record. Refusals by default; a few
 * answers are public by design and are checked for revealing nothing more than they should.
 */
function expectRefusal(endpoint: Endpoint, response: LightMyRequestResponse, context: string): void {
  const status = response.statusCode;
  switch (label(endpoint)) {
    case 'GET /api/landlords/:id/logo':
      // The login screen shows a landlord's logo before sign-in: id, name and logo only (or 404).
      if (status === 200) {
        expect(Object.keys(response.json()).sort(), context).toEqual(['avatar', 'id', 'name']);
        return;
      }
      break;
    case 'GET /api/user-activation/:username':
      // The activation screen: whether a temporary account has that username, nothing else.
      if (status === 200) {
        expect(Object.keys(response.json()).sort(), context).toEqual(['is_temporary', 'username']);
        return;
      }
      break;
    case 'GET /api/categories/:id':
      // Categories are shared by every landlord (SPEC.md section 6: everyone reads them).
      if (status === 200) return;
      break;
    case 'GET /api/email/verify/:token':
      expect(status, context).toBe(302);
      expect(response.headers.location, context).toBe('/login?verified=0');
      return;
    case 'POST /api/unsubscribe/:token':
    // A signed assignment or sign-off link names a ticket and a person only through its signature: forged, it is
    // refused before anything is read (issue 25).
    case 'GET /api/assignment-links/:token':
    case 'POST /api/assignment-links/:token/accept':
    case 'POST /api/assignment-links/:token/decline':
    case 'GET /api/signoff-links/:token':
    case 'POST /api/signoff-links/:token/confirm':
    case 'POST /api/signoff-links/:token/reopen':
    // So does an owner's approval link of an estimate (issue 26).
    case 'GET /api/approval-links/:token':
    case 'POST /api/approval-links/:token/approve':
    case 'POST /api/approval-links/:token/decline':
      expect(status, context).toBe(400);
      return;
  }
  expect([403, 404], `${context} → ${status} ${response.body.slice(0, 200)}`).toContain(status);
  expect(typeof response.json().message, context).toBe('string');
  expectNoDataOfB(response, context);
}

// ---------------------------------------------------------------------------------------------------------

describe('every endpoint naming landlord B’s records, as landlord A’s people', () => {
  let before: Awaited<ReturnType<typeof snapshot>>;

  beforeAll(async () => {
    before = await snapshot(t.db);
  });

  const endpoints = [...ID_ENDPOINTS, FILE_ENDPOINT];
  const cases = endpoints.flatMap((endpoint) =>
    ACTORS.map((actor) => ({ endpoint, actor, name: label(endpoint) })),
  );

  it.each(cases)('$name as $actor: B’s ids are refused', async ({ endpoint, actor }) => {
    const url = fillPath(endpoint, sideFill(w, w.b));
    for (const body of bodiesFor(endpoint)) {
      for (const transport of endpoint.method === 'GET' || endpoint.method === 'POST'
        ? (['real'] as const)
        : (['override', 'real'] as const)) {
        const response = await send(actor, endpoint.method, url, body, transport);
        expectRefusal(endpoint, response, `${endpoint.method} ${url} (${transport}) as ${actor}`);
      }
    }
  });

  it.each(cases)('$name as $actor: guessed and random ids are refused', async ({ endpoint, actor }) => {
    const b = sideFill(w, w.b);
    const guess =
      (id: number) =>
      (kind: ParamKind): string | number => {
        if (kind === 'username') return `guess${id}`;
        if (kind === 'uploadKey')
          return `avatars/users/${w.b.tenant.id}/${id.toString(16).padStart(32, '0')}.webp`;
        if (
          kind === 'verifyToken' ||
          kind === 'unsubscribeToken' ||
          kind === 'ticketLinkToken' ||
          kind === 'approvalToken'
        )
          return b(kind);
        return id;
      };
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constantFrom(2_147_483_647, 1_000_000), fc.integer({ min: 100_000, max: 2_147_483_647 })),
        async (id) => {
          const url = fillPath(endpoint, guess(id));
          const [body] = bodiesFor(endpoint);
          const response = await send(actor, endpoint.method, url, body);
          // A record that does not exist: 404 (403 where the actor may not use the endpoint at all).
          if (endpoint.path.endsWith('/logo') || endpoint.path.startsWith('/api/user-activation')) {
            expect(response.statusCode, url).toBe(404);
          } else if (!endpoint.path.includes(':token')) {
            expect([403, 404], `${url} → ${response.statusCode}`).toContain(response.statusCode);
          }
          expect(response.statusCode, url).toBeLessThan(500);
        },
      ),
      { numRuns: 3 },
    );
  });

  it('a ticket’s image is only found under its own ticket', async () => {
    for (const actor of ACTORS) {
      const client = clients[actor];
      // B's image under A's visible ticket, and A's image under B's ticket.
      for (const url of [
        `/api/tickets/${w.a.ticket}/images/${w.b.image}`,
        `/api/tickets/${w.a.ticket}/images/${w.b.image}/thumbnail`,
        `/api/tickets/${w.b.ticket}/images/${w.a.image}`,
      ]) {
        const response = await client.get(url);
        expect(response.statusCode, `${url} as ${actor}`).toBe(404);
      }
      // Sanity: each of them sees the image of A's ticket under its own ticket.
      const own = await client.get(`/api/tickets/${w.a.ticket}/images/${w.a.image}`);
      expect(own.statusCode, actor).toBe(200);
    }
  });

  it('a comment and its file are only found under their own ticket and comment', async () => {
    const a = w.a;
    const b = w.b;
    const comments = (ticket: number) => `/api/tickets/${ticket}/comments`;
    const fileOf = (ticket: number, comment: number, file: number) =>
      `${comments(ticket)}/${comment}/attachments/${file}`;
    for (const actor of ACTORS) {
      const client = clients[actor];
      for (const url of [
        fileOf(a.ticket, b.comment, b.commentFile),
        `${fileOf(a.ticket, b.comment, b.commentFile)}/thumbnail`,
        fileOf(a.ticket, a.comment, b.commentFile),
        fileOf(b.ticket, a.comment, a.commentFile),
        fileOf(b.ticket, b.comment, a.commentFile),
      ]) {
        expect((await client.get(url)).statusCode, `${url} as ${actor}`).toBe(404);
      }
      // B's comment under A's ticket: neither edited nor deleted.
      const url = `${comments(a.ticket)}/${b.comment}`;
      expect((await client.post(url, { _method: 'PATCH', body: 'Hijacked' })).statusCode, actor).toBe(404);
      expect((await client.post(url, { _method: 'DELETE' })).statusCode, actor).toBe(404);
      // Sanity: each of them reads A's comment and its file.
      const own = await client.get(comments(a.ticket));
      expect(own.statusCode, actor).toBe(200);
      expect(
        own.json().data.map((comment: { id: number }) => comment.id),
        actor,
      ).toContain(a.comment);
      expect((await client.get(fileOf(a.ticket, a.comment, a.commentFile))).statusCode, actor).toBe(200);
    }
  });

  it('pictures of B’s people, units and properties are refused; A’s own are served', async () => {
    for (const actor of ACTORS) {
      for (const key of Object.values(w.b.avatars)) {
        const response = await clients[actor].get(`/uploads/${key}`);
        expect(response.statusCode, `${key} as ${actor}`).toBe(404);
      }
      for (const key of Object.values(w.a.avatars)) {
        const response = await clients[actor].get(`/uploads/${key}`);
        expect(response.statusCode, `${key} as ${actor}`).toBe(200);
      }
    }
    // The super admin sees both sides; a visitor neither.
    const admin = await clientFor(t, w.admin);
    for (const key of [...Object.values(w.a.avatars), ...Object.values(w.b.avatars)]) {
      expect((await admin.get(`/uploads/${key}`)).statusCode, key).toBe(200);
      expect((await (await t.client()).get(`/uploads/${key}`)).statusCode, key).toBe(401);
    }
  });

  it('nothing in the database changed (every row of every table)', async () => {
    expect(await snapshot(t.db)).toEqual(before);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('forms of A’s own records that name B’s ids', () => {
  let sideB: Awaited<ReturnType<typeof sideRows>>;

  beforeAll(async () => {
    sideB = await sideRows(t.db, w.b);
  });

  it('cannot move A’s records into B, nor create records in B', async () => {
    const a = w.a;
    const b = w.b;
    const manager = clients.managerA;
    const attempts: Array<[string, LightMyRequestResponse]> = [
      [
        'move A’s unit to B’s property',
        await manager.post(`/api/units/${a.unit2.id}`, { _method: 'PATCH', ...unitForm(b.property.id) }),
      ],
      ['create a unit on B’s property', await manager.post('/api/units', unitForm(b.property.id))],
      ['create a property for B', await manager.post('/api/properties', propertyForm(b.landlord.id))],
      [
        'move A’s property to B',
        await manager.post(`/api/properties/${a.property2.id}`, {
          _method: 'PATCH',
          ...propertyForm(b.landlord.id),
        }),
      ],
      [
        'create a tenant in B’s unit',
        await manager.post('/api/tenants', {
          ...personFields(),
          email: 'new.tenant@example.test',
          landlord_id: b.landlord.id,
          unit_id: b.unit.id,
        }),
      ],
      [
        'move A’s tenant into B’s unit',
        await manager.post(`/api/tenants/${a.tenant2.id}`, {
          _method: 'PATCH',
          ...personFields(),
          email: a.tenant2.email,
          landlord_id: a.landlord.id,
          unit_id: b.unit.id,
        }),
      ],
      [
        'create a contractor on B’s property',
        await manager.post('/api/contractors', {
          ...personFields(),
          email: 'new.contractor@example.test',
          landlord_id: a.landlord.id,
          property_ids: [b.property.id],
          category_ids: [w.plumbing.id],
        }),
      ],
      [
        'give A’s landlord B’s people',
        await manager.post(`/api/landlords/${a.landlord.id}`, {
          _method: 'PATCH',
          name: a.landlord.name,
          description: 'x',
          users: [b.tenant.id, b.manager.id],
        }),
      ],
      [
        'open a ticket on B’s unit (manager)',
        await manager.post('/api/tickets', ticketForm({ unit_id: b.unit.id, category_id: w.plumbing.id })),
      ],
      [
        'move A’s ticket to B’s unit',
        await manager.post(`/api/tickets/${a.ticket2}`, {
          _method: 'PATCH',
          ...ticketForm({ title: 'Moved?', unit_id: b.unit.id, category_id: w.electrical.id }),
        }),
      ],
      [
        'mark B’s notification viewed through one’s own history',
        await manager.post(`/api/users/${a.manager.id}/notification-history`, {
          _method: 'PATCH',
          notifications_to_set: [b.notification],
        }),
      ],
      [
        'open a ticket on B’s unit (tenant)',
        await clients.tenantA.post(
          '/api/tickets',
          ticketForm({ unit_id: b.unit.id, category_id: w.plumbing.id }),
        ),
      ],
      [
        'import tenants into B',
        await manager.post('/api/users/batch/tenants', {
          users: `x@example.test,2,A,B,,,,,,,,,${b.landlord.id},${b.property.id},${b.unit.id},`,
        }),
      ],
    ];
    for (const [what, response] of attempts) {
      expect(response.statusCode, `${what}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
      expectNoDataOfB(response, what);
    }
    // Whatever succeeded stayed on A's side.
    const [unit2] = await t.db.select().from(units).where(eq(units.id, a.unit2.id));
    expect(unit2.propertyId).toBe(a.property2.id);
    const [ticket2] = await t.db.select().from(tickets).where(eq(tickets.id, a.ticket2));
    expect(ticket2.unitId).toBe(a.unit2.id);
    const onB = await t.db.select({ id: tickets.id }).from(tickets).where(eq(tickets.unitId, b.unit.id));
    expect(onB.map((row) => row.id).sort()).toEqual([b.ticket]);
    const [notification] = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, b.notification));
    expect(notification.viewedAt).toBeNull();
    expect(await sideRows(t.db, w.b)).toEqual(sideB);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('batch endpoints with a mix of own and foreign ids', () => {
  let sideB: Awaited<ReturnType<typeof sideRows>>;

  beforeAll(async () => {
    sideB = await sideRows(t.db, w.b);
  });

  /** A fresh ticket of A that the actor sees (on the tenant's unit, routed to the plumber and manager). */
  const ownTicket = async () =>
    (
      await insertTicket(t.db, {
        unit: w.a.unit,
        tenant: w.a.tenant,
        category: w.plumbing,
        recipients: [w.a.plumber, w.a.manager],
      })
    ).id;

  it.each(ACTORS)('status batch as %s: own ones change, B’s are refused', async (actor) => {
    const own = await ownTicket();
    const ids = [own, w.b.ticket, w.b.ticket2];
    for (const json of [false, true]) {
      const response = await clients[actor].send(
        'PATCH',
        '/api/tickets/batch/status',
        { tickets: json ? ids : ids.join(','), status: json ? 2 : '1' },
        { json },
      );
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      expect(body.data.map((ticket: { id: number }) => ticket.id)).toEqual([own]);
      expect(body.refused.sort()).toEqual([w.b.ticket, w.b.ticket2].sort());
      expectNoDataOfB(response, `status batch as ${actor}`);
    }
    const [changed] = await t.db.select().from(tickets).where(eq(tickets.id, own));
    expect(changed.status).toBe(2);
  });

  it.each(ACTORS)('delete batch as %s: own ones go (if allowed), B’s are refused', async (actor) => {
    const own = await ownTicket();
    const response = await clients[actor].post('/api/tickets/batch', {
      _method: 'DELETE',
      tickets: [w.b.ticket, own, w.b.ticket2],
    });
    if (actor === 'contractorA') {
      // Contractors do not delete tickets (SPEC.md section 6).
      expect(response.statusCode).toBe(403);
      expect(await t.db.select().from(tickets).where(eq(tickets.id, own))).toHaveLength(1);
      return;
    }
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual([own]);
    expect(response.json().refused.sort()).toEqual([w.b.ticket, w.b.ticket2].sort());
    expect(await t.db.select().from(tickets).where(eq(tickets.id, own))).toHaveLength(0);
  });

  it.each(ACTORS)('only foreign ids as %s: refused, nothing changes', async (actor) => {
    const status = await clients[actor].post('/api/tickets/batch/status', {
      _method: 'PATCH',
      tickets: [w.b.ticket, w.b.ticket2, 2_000_000_000],
      status: 4,
    });
    expect(status.statusCode).toBe(403);
    expect(status.json().message).toBe(en.errors.statusUpdateFailed);
    const remove = await clients[actor].post('/api/tickets/batch', {
      _method: 'DELETE',
      tickets: [w.b.ticket, w.b.ticket2],
    });
    expect(remove.statusCode).toBe(403);
    expectNoDataOfB(status, actor);
    expectNoDataOfB(remove, actor);
  });

  it('B’s tickets and everything of B are exactly as they were', async () => {
    const rows = await t.db
      .select()
      .from(tickets)
      .where(inArray(tickets.id, [w.b.ticket, w.b.ticket2]));
    expect(rows).toHaveLength(2);
    expect(await sideRows(t.db, w.b)).toEqual(sideB);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('lists and form options never include B’s rows', () => {
  /**
   * Every GET that names no record of B: lists, create forms, the dashboard, the current user... The live stream
   * answers no rows, only events, whose scope live.test.ts checks (B's changes reach none of A's streams).
   */
  const reads = ENDPOINTS.filter(
    (endpoint) =>
      endpoint.method === 'GET' &&
      endpoint.auth &&
      endpoint.answers !== 'stream' &&
      Object.values(endpoint.params).every((kind) => kind === 'user' || kind === 'landlord'),
  );
  const queries = () => {
    const b = w.b;
    return [
      '',
      `landlord_id=${b.landlord.id}`,
      `property_id=${b.property.id}`,
      `landlord_id=${b.landlord.id}&property_id=${b.property.id}&unit_id=${b.unit.id}&per_page=100`,
      'search=South&per_page=100',
      `search=${encodeURIComponent(b.tenant.email)}`,
      `role=2&landlord_id=${b.landlord.id}&per_page=100`,
      `status=0&property_id=${b.property2.id}&per_page=100`,
      `search=${encodeURIComponent("' OR 1=1 --")}&landlord_id=${b.landlord.id}`,
    ];
  };
  const cases = reads.flatMap((endpoint) =>
    ACTORS.map((actor) => ({ endpoint, actor, name: label(endpoint) })),
  );

  it.each(cases)('$name as $actor', async ({ endpoint, actor }) => {
    const own = sideFill(w, w.a);
    const url = fillPath(endpoint, (kind) => (kind === 'user' ? userOf(actor).id : own(kind)));
    for (const query of queries()) {
      const response = await clients[actor].get(`${url}${query ? `?${query}` : ''}`);
      const context = `${url}?${query} as ${actor}`;
      expect([200, 403, 404], `${context} → ${response.statusCode}`).toContain(response.statusCode);
      expectNoDataOfB(response, context);
      if (response.statusCode === 200 && endpoint.path.endsWith('tickets')) {
        const ids = response.json().data.map((ticket: { id: number }) => ticket.id);
        expect(ids, context).not.toContain(w.b.ticket);
        expect(ids, context).not.toContain(w.b.ticket2);
      }
    }
  });

  it('B’s landlord and B’s people’s ticket lists are 404 to A’s people', async () => {
    for (const actor of ACTORS) {
      for (const url of [
        `/api/landlords/${w.b.landlord.id}/tickets`,
        `/api/users/${w.b.tenant.id}/tickets`,
        `/api/users/${w.b.manager.id}/tickets?landlord_id=${w.a.landlord.id}`,
      ]) {
        const response = await clients[actor].get(url);
        expect([403, 404], `${url} as ${actor}`).toContain(response.statusCode);
      }
    }
  });
});
