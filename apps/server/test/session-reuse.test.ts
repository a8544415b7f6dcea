/**
 * A GET's session kept by the app process and proved by the statement of its answer (ADR 0045,
 * lib/session-reuse.ts). `other` is a second app on the same database, as a second app process behind a proxy
 * (ADR 0043): what it changes, this process's kept copy must not hide.
 *
 * It fails when a kept session is trusted without proof (the signed-out, demoted, moved or expired viewer is answered
 * as before), when a statement that returns no row is taken for proof, or when nothing is kept (the second read of a
 * list sends the session's statement again).
 */
import { CSRF_HEADER, en, ROLE, TEMPORARY_EMAIL_DOMAIN } from '@mend/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { sessions, users } from '../src/db/schema';
import { createTestApp, type TestApp, type TestClient } from './helpers/app';
import { statementsDuring } from './helpers/sessions';
import { createWorld, freshClientFor, insertTicket, type World } from './helpers/ticket-factories';

let t: TestApp;
let other: FastifyInstance;
let world: World;

beforeAll(async () => {
  t = await createTestApp();
  world = await createWorld(t.db);
  for (const title of ['Leaking tap', 'Broken heater'])
    await insertTicket(t.db, {
      unit: world.north.unit,
      tenant: world.north.tenant,
      title,
      recipients: [world.north.manager],
    });
  other = await buildApp({ config: t.app.config, db: t.db, logger: false });
  await other.ready();
});

afterAll(async () => {
  await other.close();
  await t.close();
});

/** A manager's lists and records: gated page statements, an empty page (no row to prove it), a form, the dashboard. */
const READS = [
  '/api/tickets',
  '/api/tickets?search=qzxj',
  '/api/properties',
  '/api/units?search=qzxj',
  '/api/units/create',
  '/api/dashboard',
];

/** A manager of north, signed in on this process, each read answered once (so its session is kept). */
async function managerWithKeptSession(): Promise<TestClient> {
  const client = await freshClientFor(t, world.north.manager);
  for (const path of READS) expect((await client.get(path)).statusCode, path).toBe(200);
  return client;
}

beforeEach(async () => {
  // Each test changes the manager; it starts from north's manager again.
  await t.db
    .update(users)
    .set({ role: ROLE.manager, landlordId: world.north.landlord.id, email: world.north.manager.email })
    .where(eq(users.id, world.north.manager.id));
});

describe('a kept session', () => {
  it('spares the session statement from the second read on', async () => {
    const client = await freshClientFor(t, world.north.manager);
    const first = await statementsDuring(t, async () => {
      expect((await client.get('/api/tickets')).statusCode).toBe(200);
    });
    const second = await statementsDuring(t, async () => {
      const response = await client.get('/api/tickets');
      expect(response.statusCode).toBe(200);
      expect(
        response
          .json()
          .data.map((row: { title: string }) => row.title)
          .sort(),
      ).toEqual(['Broken heater', 'Leaking tap']);
    });
    expect(second).toBe(first - 1);
  });

  it('is refused once signed out on another process, whether the page has rows or not', async () => {
    const client = await managerWithKeptSession();
    const signOut = await other.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: client.cookieHeader, [CSRF_HEADER]: client.csrfToken },
    });
    expect(signOut.statusCode).toBe(200);
    for (const path of READS) {
      const response = await client.get(path);
      expect(response.statusCode, path).toBe(401);
      expect(response.json().message).toBe(en.auth.unauthenticated);
    }
  });

  it('is refused once expired', async () => {
    const client = await managerWithKeptSession();
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, world.north.manager.id));
    for (const path of READS) expect((await client.get(path)).statusCode, path).toBe(401);
  });

  it('answers for the role the user has now, changed on another process', async () => {
    const client = await managerWithKeptSession();
    expect((await client.get('/api/tenants')).statusCode).toBe(200);
    await t.db.update(users).set({ role: ROLE.tenant }).where(eq(users.id, world.north.manager.id));
    // A tenant is refused the people lists, and sees only its own tickets (none).
    expect((await client.get('/api/tenants')).statusCode).toBe(403);
    const tickets = await client.get('/api/tickets');
    expect(tickets.statusCode).toBe(200);
    expect(tickets.json().data).toEqual([]);
  });

  it("answers for the landlord the user has now, and not the old landlord's rows", async () => {
    const client = await managerWithKeptSession();
    const before = await client.get('/api/properties');
    expect(
      before
        .json()
        .data.map((row: { id: number }) => row.id)
        .sort(),
    ).toEqual([world.north.property.id, world.north.property2.id].sort());
    await t.db
      .update(users)
      .set({ landlordId: world.south.landlord.id })
      .where(eq(users.id, world.north.manager.id));
    const after = await client.get('/api/properties');
    expect(after.statusCode).toBe(200);
    expect(
      after
        .json()
        .data.map((row: { id: number }) => row.id)
        .sort(),
    ).toEqual([world.south.property.id, world.south.property2.id].sort());
    const tickets = await client.get('/api/tickets');
    expect(tickets.json().data).toEqual([]);
  });

  it('is refused once its account needs activating again (a temporary email)', async () => {
    const client = await managerWithKeptSession();
    await t.db
      .update(users)
      .set({ email: `temp-${world.north.manager.id}@${TEMPORARY_EMAIL_DOMAIN}` })
      .where(eq(users.id, world.north.manager.id));
    expect((await client.get('/api/tickets')).statusCode).toBe(401);
  });
});
