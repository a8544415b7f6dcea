/**
 * ticket_counts (migration 0011) always equals a count of the tickets per property and status: kept by the
 * tickets' statement triggers through inserts (one and many), status changes, moves to another property,
 * updates that change neither, deletes, and a rolled-back write. The dashboard reads it for the super admin and
 * managers, so its figures must match the tickets whatever writes them.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tickets } from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers/app';
import { clientFor, createWorld, insertTicket, type World } from './helpers/ticket-factories';

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
}, 60_000);

afterAll(() => t?.close());

type CountRow = { property_id: number; status: number; tickets: number };

/** The kept counts (zero rows left out) and the counted ones, in one order. */
async function keptAndCounted(): Promise<{ kept: CountRow[]; counted: CountRow[] }> {
  const kept = await t.db.execute<CountRow>(
    sql`select property_id, status::int, tickets from ticket_counts where tickets <> 0 order by 1, 2`,
  );
  const counted = await t.db.execute<CountRow>(
    sql`select property_id, status::int, count(*)::int as tickets from tickets group by 1, 2 order by 1, 2`,
  );
  return { kept: kept.rows, counted: counted.rows };
}

async function expectInStep() {
  const { kept, counted } = await keptAndCounted();
  expect(kept).toEqual(counted);
  return counted;
}

describe('ticket_counts', () => {
  it('follows one insert and a bulk insert', async () => {
    await insertTicket(t.db, { unit: w.north.unit, tenant: w.north.tenant });
    await t.db.execute(sql`
      insert into tickets (unit_id, property_id, title, description, status, priority,
        contact_first_name, contact_last_name, contact_email, contact_phone_number)
      select ${w.north.unit2.id}, ${w.north.unit2.propertyId}, 'Bulk ' || i, 'Bulk', i % 5, 0,
        'A', 'B', 'a@example.test', '780 555 0100'
      from generate_series(1, 25) i`);
    const counted = await expectInStep();
    expect(counted.reduce((sum, row) => sum + row.tickets, 0)).toBeGreaterThanOrEqual(26);
  });

  it('follows status changes, moves between properties and updates that change neither', async () => {
    const ticket = await insertTicket(t.db, { unit: w.north.unit, status: 0 });
    await t.db.execute(sql`update tickets set status = 2 where id = ${ticket.id}`);
    await expectInStep();
    await t.db.execute(
      sql`update tickets set unit_id = ${w.south.unit.id}, property_id = ${w.south.unit.propertyId} where id = ${ticket.id}`,
    );
    await expectInStep();
    await t.db.execute(sql`update tickets set title = 'Renamed', updated_at = now()`);
    await expectInStep();
    // Many tickets at once, across properties and statuses.
    await t.db.execute(sql`update tickets set status = (status + 1) % 5 where title like 'Bulk%'`);
    await expectInStep();
  });

  it('follows a status change made through the API', async () => {
    const ticket = await insertTicket(t.db, { unit: w.north.unit, tenant: w.north.tenant, status: 0 });
    const manager = await clientFor(t, w.north.manager);
    const response = await manager.send('PATCH', '/api/tickets/batch/status', {
      tickets: [ticket.id],
      status: 3,
    });
    expect(response.statusCode, response.body).toBe(200);
    const [{ status }] = await t.db
      .select({ status: tickets.status })
      .from(tickets)
      .where(sql`${tickets.id} = ${ticket.id}`);
    expect(status).toBe(3);
    await expectInStep();
  });

  it('follows deletes, and keeps nothing of a write that rolled back', async () => {
    await t.db.execute(sql`delete from tickets where title like 'Bulk%' and status = 1`);
    await expectInStep();
    await expect(
      t.db.transaction(async (tx) => {
        await tx.execute(sql`update tickets set status = 4`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await expectInStep();
    await t.db.execute(sql`delete from tickets`);
    const { kept } = await keptAndCounted();
    expect(kept).toEqual([]);
  });
});
