/**
 * ticket_counts (migration 0011) always equals a count of the tickets per property and status, and the whole
 * portfolio's figures (migration 0012, ADR 0023: tickets per status, open tickets per property, opened and closed
 * per hour, closings per week and bin of time to close) equal the same figures counted from the tickets: kept by
 * the tickets' statement triggers through inserts (one and many), status changes, closings and reopenings, moves to
 * another property, updates that change neither, deletes, and a rolled-back write. The dashboard reads them, so
 * its figures must match the tickets whatever writes them.
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

/** Rows of a statement, as plain objects with numbers (PostgreSQL answers bigint and sums as text). */
async function rowsOf(query: ReturnType<typeof sql>): Promise<Record<string, unknown>[]> {
  const { rows } = await t.db.execute<Record<string, unknown>>(query);
  return rows.map((row) =>
    Object.fromEntries(
      Object.entries(row).map(([key, value]) => [
        key,
        typeof value === 'string' && key !== 'key' ? Number(value) : value,
      ]),
    ),
  );
}

const CLOSED = sql.raw('status >= 3 and closed_at is not null');

/** Each portfolio figure as kept (zero rows left out) and as counted from the tickets, in one order. */
async function portfolioKeptAndCounted() {
  return {
    statuses: [
      await rowsOf(
        sql`select status::int as key, tickets from portfolio_ticket_counts where tickets <> 0 order by 1`,
      ),
      await rowsOf(
        sql`select status::int as key, count(*)::int as tickets from tickets group by 1 order by 1`,
      ),
    ],
    open: [
      await rowsOf(
        sql`select property_id as key, tickets from property_open_tickets where tickets <> 0 order by 1`,
      ),
      await rowsOf(
        sql`select property_id as key, count(*)::int as tickets from tickets where status < 3 group by 1 order by 1`,
      ),
    ],
    hours: [
      await rowsOf(sql`select hour::text as key, opened, closed from portfolio_ticket_hours
        where opened <> 0 or closed <> 0 order by hour`),
      await rowsOf(sql`select hour::text as key, sum(opened)::int as opened, sum(closed)::int as closed from (
          select date_trunc('hour', created_at, 'UTC') as hour, 1 as opened, 0 as closed from tickets
          union all
          select date_trunc('hour', closed_at, 'UTC'), 0, 1 from tickets where ${CLOSED}
        ) as events group by hour order by hour`),
    ],
    closings: [
      await rowsOf(sql`select span || ' ' || starts::text || ' ' || bin as key, tickets,
          round(seconds::numeric, 3) as seconds
        from portfolio_closings where tickets <> 0 order by span, starts, bin`),
      await rowsOf(sql`select span || ' ' || starts::text || ' ' || bin as key, count(*)::int as tickets,
          round(sum(seconds)::numeric, 3) as seconds
        from (
          select span, case when span = 7 then date_trunc('week', closed_at at time zone 'UTC')::date
              else (closed_at at time zone 'UTC')::date end as starts,
            floor(8 * ln(1 + greatest(extract(epoch from (closed_at - created_at)), 0) / 60) / ln(2))::int as bin,
            greatest(extract(epoch from (closed_at - created_at)), 0)::float8 as seconds
          from tickets cross join (values (1), (7)) as spans (span) where ${CLOSED}
        ) as closings group by span, starts, bin order by span, starts, bin`),
    ],
  };
}

async function expectInStep() {
  const { kept, counted } = await keptAndCounted();
  expect(kept).toEqual(counted);
  for (const [figure, [keptRows, countedRows]] of Object.entries(await portfolioKeptAndCounted())) {
    expect(keptRows, figure).toEqual(countedRows);
  }
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

  it('follows closings, reopenings and a closing moved in time', async () => {
    const ticket = await insertTicket(t.db, { unit: w.north.unit, status: 0 });
    await t.db.execute(
      sql`update tickets set status = 3, closed_at = created_at + interval '50 hours' where id = ${ticket.id}`,
    );
    await expectInStep();
    await t.db.execute(
      sql`update tickets set closed_at = closed_at + interval '9 days' where id = ${ticket.id}`,
    );
    await expectInStep();
    await t.db.execute(sql`update tickets set status = 4 where id = ${ticket.id}`);
    await expectInStep();
    await t.db.execute(sql`update tickets set status = 1, closed_at = null where id = ${ticket.id}`);
    await expectInStep();
    // Many at once, across weeks, some (wrongly) closed before they were created: their time to close is 0.
    await t.db.execute(sql`update tickets set status = 3,
      closed_at = created_at - (id % 7) * interval '13 days' + (id % 11) * interval '7 hours'
      where id % 2 = 0`);
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
