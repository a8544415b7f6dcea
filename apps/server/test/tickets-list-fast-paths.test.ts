/**
 * The ticket list's fast paths (docs/performance.md) answer what the general path answers:
 * - a contractor's pages and counts come from ticket_recipients (its copies of each ticket's created_at, title,
 *   status, property and due time, kept by triggers): the rows, their order (ties broken by id) and the total;
 * - a manager's search reads its total from the page's own rows (`count(*) over ()`), and a page past the
 *   last one still gets the total;
 * - "Assigned to": a contractor's own jobs and those nobody holds come from its ticket_recipients rows (those that
 *   say it holds the job, or not), and a manager's tickets nobody holds are found and counted in one pass;
 * - the super admin's unfiltered total is capped without counting only when PostgreSQL estimates the tickets
 *   table at over ten times the cap.
 */
import { LIST_COUNT_CAP } from '@mend/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketAssignments, ticketRecipients } from '../src/db/schema';
import { ESTIMATE_MARGIN } from '../src/lib/list-query';
import { createTestApp, type TestApp } from './helpers/app';
import { statementRecorder } from './helpers/statements';
import { clientFor, createWorld, insertTicket, ticketForm, type World } from './helpers/ticket-factories';

let t: TestApp;
let w: World;
const base = Date.parse('2026-03-01T12:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
  const plumber = w.north.plumber;
  // 14 routed tickets: pairs share a created_at, so the order needs the id too; 3 not routed to him.
  for (let n = 0; n < 14; n++) {
    await insertTicket(t.db, {
      unit: w.north.unit,
      tenant: w.north.tenant,
      title: `Routed ${n}`,
      status: n % 3,
      recipients: [plumber],
      createdAt: new Date(base + Math.floor(n / 2) * 60_000),
    });
  }
  for (let n = 0; n < 3; n++) {
    await insertTicket(t.db, {
      unit: w.north.unit,
      title: `Not routed ${n}`,
      recipients: [w.north.manager],
      createdAt: new Date(base + 3_600_000),
    });
  }
}, 60_000);

afterAll(() => t?.close());

type Row = { id: number; title: string; created_at: string };

async function list(user: World['admin'], query: string) {
  const response = await (await clientFor(t, user)).get(`/api/tickets${query}`);
  expect(response.statusCode).toBe(200);
  return response.json() as { data: Row[]; meta: { total: number; total_capped?: true } };
}

/** The expected order: created_at, then id, both in the given direction. */
function sorted(rows: Row[], direction: 'asc' | 'desc'): number[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...rows]
    .sort((a, b) => sign * (Date.parse(a.created_at) - Date.parse(b.created_at) || a.id - b.id))
    .map((row) => row.id);
}

describe("a contractor's first ticket page", () => {
  it('answers the newest routed tickets, ties by id, and the exact total', async () => {
    const all = await list(w.north.plumber, '?per_page=50');
    expect(all.meta.total).toBe(14);
    expect(all.data.every((row) => row.title.startsWith('Routed'))).toBe(true);
    expect(all.data.map((row) => row.id)).toEqual(sorted(all.data, 'desc'));

    const first = await list(w.north.plumber, '?per_page=5');
    expect(first.meta.total).toBe(14);
    expect(first.data.map((row) => row.id)).toEqual(sorted(all.data, 'desc').slice(0, 5));
    const second = await list(w.north.plumber, '?per_page=5&page=2');
    expect(second.data.map((row) => row.id)).toEqual(sorted(all.data, 'desc').slice(5, 10));
  });

  it('oldest first when asked', async () => {
    const all = await list(w.north.plumber, '?per_page=50');
    const first = await list(w.north.plumber, '?per_page=5&sort=created_at&order=asc');
    expect(first.data.map((row) => row.id)).toEqual(sorted(all.data, 'asc').slice(0, 5));
  });

  it('agrees with the filtered path', async () => {
    const all = await list(w.north.plumber, '?per_page=50');
    const open = await list(w.north.plumber, '?per_page=50&status=0');
    const statusOf = (row: Row) => Number(row.title.split(' ')[1]) % 3;
    expect(open.data.map((row) => row.id)).toEqual(
      all.data.filter((row) => statusOf(row) === 0).map((row) => row.id),
    );
  });

  it('filtered or sorted otherwise, reads its page and count from its routing rows, not from its tickets', async () => {
    // Each routed ticket's row was read to filter and sort them: half the database time of the call, at full scale.
    const recorder = statementRecorder(t.db);
    const client = await clientFor(t, w.north.plumber);
    const cases: [query: string, total: number][] = [
      ['?status=1&per_page=2', 5],
      ['?sort=title&order=asc&per_page=2', 14],
      [`?property_id=${w.north.property.id}&sort=due_at&order=desc&per_page=2`, 14],
      ['?due=overdue&sort=tenant&per_page=2', 14],
    ];
    for (const [query, total] of cases) {
      const statements = await recorder.during(async () => {
        const response = await client.get(`/api/tickets${query}`);
        expect(response.json().meta.total, query).toBe(total);
      });
      const [page] = statements.filter((statement) => statement.text.includes('"tickets"'));
      expect(page.text, query).toContain(
        'in (select "ticket_recipients"."ticket_id" from "ticket_recipients" where',
      );
      expect(page.text, query).toContain('(select count(*) from (select 1 from "ticket_recipients" where');
    }
  });

  it("follows its tickets' changes: a title, a status, a due time, a property's name", async () => {
    const all = await list(w.north.plumber, '?per_page=50');
    const byTitle = async () => (await list(w.north.plumber, '?per_page=50&sort=title&order=asc')).data;
    const [last] = all.data;
    await t.db.execute(sql`update tickets set title = 'A first one', status = 2 where id = ${last.id}`);
    expect((await byTitle()).map((row) => row.id)[0]).toBe(last.id);
    const inProgress = await list(w.north.plumber, '?per_page=50&status=2');
    expect(inProgress.data.map((row) => row.id)).toContain(last.id);
    // Its due time is a generated column, copied once the row is written: moved by a manager, it is overdue no more.
    const overdue = async () =>
      (await list(w.north.plumber, '?per_page=50&due=overdue')).data.map((row) => row.id);
    expect(await overdue()).toContain(last.id);
    await t.db.execute(
      sql`update tickets set respond_by = now() + interval '10 days', resolve_by = now() + interval '10 days' where id = ${last.id}`,
    );
    expect(await overdue()).not.toContain(last.id);

    // The property's name is the tickets' property_sort (their own trigger), copied on to the routing rows.
    const elsewhere = await insertTicket(t.db, {
      unit: w.south.unit,
      tenant: w.south.tenant,
      title: 'Routed elsewhere',
      recipients: [w.north.plumber],
    });
    const byProperty = async () =>
      (await list(w.north.plumber, '?per_page=50&sort=property&order=asc')).data.map((row) => row.id);
    await t.db.execute(sql`update properties set name = 'AAA' where id = ${w.south.property.id}`);
    expect((await byProperty())[0]).toBe(elsewhere.id);
    await t.db.execute(sql`update properties set name = 'ZZZ' where id = ${w.south.property.id}`);
    expect((await byProperty()).at(-1)).toBe(elsewhere.id);
    await t.db.execute(sql`delete from tickets where id = ${elsewhere.id}`);
    const status = Number(last.title.split(' ')[1]) % 3;
    await t.db.execute(
      sql`update tickets set title = ${last.title}, status = ${status} where id = ${last.id}`,
    );
  });

  it('includes a ticket created and routed through the API, at its own created_at', async () => {
    const before = (await list(w.north.plumber, '?per_page=1')).meta.total;
    const tenant = await clientFor(t, w.north.tenant);
    const created = await tenant.post(
      '/api/tickets',
      ticketForm({ unit_id: w.north.unit.id, category_id: w.plumbing.id }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const page = await list(w.north.plumber, '?per_page=1');
    expect(page.meta.total).toBe(before + 1);
    expect(page.data[0].id).toBe(created.json().id);
  });
});

describe("a manager's search", () => {
  it('answers the page and the total of all matches, also past the last page', async () => {
    // "Routed 0".."Routed 13" and "Not routed 0".."Not routed 2": 17 matches.
    const cases: [query: string, total: number, rows: number][] = [
      ['?search=routed&per_page=5', 17, 5],
      ['?search=routed&per_page=5&page=4', 17, 2],
      ['?search=routed&per_page=5&page=9', 17, 0],
      ['?search=zzzz-nothing', 0, 0],
    ];
    for (const [query, total, rows] of cases) {
      const answer = await list(w.north.manager, query);
      expect(answer.meta.total, query).toBe(total);
      expect(answer.data, query).toHaveLength(rows);
    }
  });
});

describe('"Assigned to"', () => {
  // The south landlord's tickets, routed to its plumber and manager: held by the plumber (pending or accepted),
  // declined by it, held by the electrician, or never assigned; by age, newest last.
  const holders = [
    'plumber',
    'plumber',
    'declined',
    'electrician',
    'nobody',
    'plumber',
    'nobody',
    'electrician',
  ];
  let held: { id: number; holder: string }[] = [];

  beforeAll(async () => {
    const south = w.south;
    held = [];
    for (const [n, holder] of holders.entries()) {
      const ticket = await insertTicket(t.db, {
        unit: south.unit,
        title: `Held ${n}`,
        recipients: [south.plumber, south.manager],
        createdAt: new Date(base + n * 60_000),
      });
      held.push({ id: ticket.id, holder });
      if (holder === 'nobody') continue;
      const contractor = holder === 'electrician' ? south.electrician : south.plumber;
      await t.db.insert(ticketAssignments).values({
        ticketId: ticket.id,
        contractorId: contractor.id,
        state: holder === 'declined' ? 'declined' : n % 2 ? 'accepted' : 'pending',
        assignedBy: south.manager.id,
        assignedAt: new Date(base),
        respondBy: new Date(base + 48 * 3_600_000),
      });
      // What the assignment writes beside it: its contractor sees the job, and its row says it holds it.
      if (holder === 'electrician')
        await t.db.insert(ticketRecipients).values({
          ticketId: ticket.id,
          userId: contractor.id,
          ticketCreatedAt: ticket.createdAt,
          assigned: true,
        });
      else if (holder === 'plumber')
        await t.db
          .update(ticketRecipients)
          .set({ assigned: true })
          .where(and(eq(ticketRecipients.ticketId, ticket.id), eq(ticketRecipients.userId, contractor.id)));
    }
  });

  const newestFirst = (holder: string) =>
    held
      .filter((ticket) => ticket.holder === holder)
      .map((ticket) => ticket.id)
      .reverse();

  it("reads a contractor's own jobs from its ticket_recipients rows, the same as every other path", async () => {
    const plumber = w.south.plumber;
    const mine = newestFirst('plumber');
    const recorder = statementRecorder(t.db);
    const client = await clientFor(t, plumber);
    const statements = await recorder.during(async () => {
      const page = await list(plumber, `?assigned_to=${plumber.id}&per_page=2`);
      expect(page.meta.total).toBe(mine.length);
      expect(page.data.map((row) => row.id)).toEqual(mine.slice(0, 2));
    });
    const [statement] = statements.filter((each) => each.text.includes('"tickets"'));
    expect(statement.text).toContain('"ticket_recipients"."assigned"');
    const later = await list(plumber, `?assigned_to=${plumber.id}&per_page=2&page=2`);
    expect(later.data.map((row) => row.id)).toEqual(mine.slice(2, 4));
    expect(later.meta.total).toBe(mine.length);
    const ownTab = await client.get(`/api/users/${plumber.id}/tickets?assigned_to=${plumber.id}`);
    expect(ownTab.json().data.map((row: Row) => row.id)).toEqual(mine);
    // The general path (sorted otherwise, filtered by status, or as the manager sees it) finds the same tickets.
    for (const query of ['&sort=title&order=desc', '&status=0']) {
      const other = await list(plumber, `?assigned_to=${plumber.id}&per_page=50${query}`);
      expect(other.data.map((row) => row.id).sort(), query).toEqual([...mine].sort());
    }
    const managed = await list(w.south.manager, `?assigned_to=${plumber.id}&per_page=50`);
    expect(managed.data.map((row) => row.id)).toEqual(mine);
  });

  it("finds and counts the tickets nobody holds in one pass over a manager's scope, a contractor's rows", async () => {
    const nobody = [...newestFirst('nobody'), ...newestFirst('declined')].sort((a, b) => b - a);
    const recorder = statementRecorder(t.db);
    for (const [user, read] of [
      [w.south.manager, 'count(*) over ()'],
      [w.south.plumber, 'not "ticket_recipients"."assigned"'],
    ] as const) {
      const client = await clientFor(t, user);
      for (const [query, rows] of [
        ['per_page=2', nobody.slice(0, 2)],
        ['per_page=2&page=2', nobody.slice(2, 4)],
      ] as const) {
        const statements = await recorder.during(async () => {
          const page = (await client.get(`/api/tickets?assigned_to=none&${query}`)).json();
          expect(page.meta.total, query).toBe(nobody.length);
          expect(
            page.data.map((row: Row) => row.id),
            query,
          ).toEqual(rows);
        });
        const [statement] = statements.filter((each) => each.text.includes('"tickets"'));
        expect(statement.text, query).toContain(read);
      }
    }
    // The general path (sorted otherwise) finds the same tickets.
    const byTitle = await list(w.south.plumber, '?assigned_to=none&sort=title&order=asc&per_page=50');
    expect(byTitle.data.map((row) => row.id).sort()).toEqual([...nobody].sort());
    // The tickets another contractor holds are not the plumber's jobs, and not nobody's.
    const electricians = await list(w.south.plumber, `?assigned_to=${w.south.electrician.id}&per_page=50`);
    expect(electricians.data.map((row) => row.id)).toEqual(newestFirst('electrician'));
    const everyone = await list(w.south.plumber, '?per_page=50');
    const rows = everyone.data.map((row) => row.id);
    expect(rows.filter((id) => held.some((ticket) => ticket.id === id))).toHaveLength(held.length);
    // The plumber's own jobs first, then the rest by date.
    expect(rows.slice(0, 3)).toEqual(newestFirst('plumber'));
  });
});

describe("the super admin's unfiltered total", () => {
  it('is counted while the estimate is small, and capped at once when the table is estimated huge', async () => {
    const counted = await list(w.admin, '');
    expect(counted.meta).toEqual({ total: counted.meta.total, page: 1, per_page: 10 });
    expect(counted.meta.total).toBeLessThan(100);

    // What autovacuum would write for a table of a million tickets.
    await t.db.execute(
      sql`update pg_class set reltuples = ${LIST_COUNT_CAP * ESTIMATE_MARGIN * 10} where oid = 'tickets'::regclass`,
    );
    const estimated = await list(w.admin, '');
    expect(estimated.meta).toEqual({ total: LIST_COUNT_CAP, page: 1, per_page: 10, total_capped: true });
    // Narrowed lists are still counted.
    expect((await list(w.admin, '?status=0')).meta.total_capped).toBeUndefined();
    for (const query of [
      `?property_id=${w.south.property.id}`,
      `?assigned_to=${w.south.plumber.id}`,
      '?assigned_to=none',
    ]) {
      const narrowed = await list(w.admin, query);
      expect(narrowed.meta.total_capped, query).toBeUndefined();
      expect(narrowed.meta.total, query).toBeLessThan(100);
    }

    await t.db.execute(sql`analyze tickets`);
    expect((await list(w.admin, '')).meta).toEqual(counted.meta);
  });
});
