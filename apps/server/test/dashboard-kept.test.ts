/**
 * The portfolio's dashboard kept per process (modules/dashboard/kept.ts, ADR 0037): the super admin's figures are read
 * once per window of the app's clock, so a change another process writes (here: straight into the database) shows
 * in the next window; a change this process answers, or its due-work worker does, shows at once; a refused write
 * drops nothing; a manager's dashboard is read on every call.
 */
import type { ApiDashboard } from '@mend/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DueWorker } from '../src/lib/due-work';
import { PORTFOLIO_DASHBOARD_KEPT_MS } from '../src/modules/dashboard/kept';
import { createTestApp, type TestApp, type TestClient } from './helpers/app';
import { clientFor, createWorld, insertTicket, ticketForm, type World } from './helpers/ticket-factories';

let clock = new Date('2027-03-02T15:00:01Z');
let t: TestApp;
let w: World;
let admin: TestClient;
let manager: TestClient;
let tenant: TestClient;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  w = await createWorld(t.db);
  admin = await clientFor(t, w.admin);
  manager = await clientFor(t, w.north.manager);
  tenant = await clientFor(t, w.north.tenant);
});
afterAll(() => t.close());

async function allTickets(client: TestClient): Promise<number> {
  const response = await client.get('/api/dashboard?time_zone=UTC');
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as ApiDashboard).totals.all;
}

const written = (title: string) => insertTicket(t.db, { unit: w.north.unit, title });

describe("the portfolio's dashboard", () => {
  it("is kept for its window: another process's ticket shows in the next one, a manager's at once", async () => {
    const before = await allTickets(admin);
    const managerBefore = await allTickets(manager);
    await written('Written by another process');
    expect(await allTickets(admin)).toBe(before);
    expect(await allTickets(manager)).toBe(managerBefore + 1);
    clock = new Date(clock.getTime() + PORTFOLIO_DASHBOARD_KEPT_MS);
    expect(await allTickets(admin)).toBe(before + 1);
  });

  it("shows this process's own change at once, and a refused one drops nothing", async () => {
    const before = await allTickets(admin);
    await written('Written by another process');
    const refused = await tenant.post('/api/tickets', ticketForm({ category_id: w.plumbing.id, title: '' }));
    expect(refused.statusCode).toBe(422);
    expect(await allTickets(admin)).toBe(before);
    const created = await tenant.post(
      '/api/tickets',
      ticketForm({ category_id: w.plumbing.id, title: 'Leak' }),
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(await allTickets(admin)).toBe(before + 2);
  });
});

describe('the due-work worker', () => {
  it('calls afterWork after a look in which a job did something, not after an idle one', async () => {
    let done = 0;
    let calls = 0;
    const worker = new DueWorker({
      jobs: [
        { name: 'idle', run: async () => 0 },
        { name: 'busy', run: async () => done },
      ],
      pollMs: 60_000,
      afterWork: () => calls++,
    });
    await worker.runOnce();
    expect(calls).toBe(0);
    done = 2;
    await worker.runOnce();
    expect(calls).toBe(1);
  });
});
