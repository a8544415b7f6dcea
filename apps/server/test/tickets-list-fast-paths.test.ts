/**
 * The ticket list's fast paths (docs/performance.md) answer what the general path answers:
 * - a contractor's first page and count come from ticket_recipients (its copy of each ticket's created_at):
 *   the rows, their order (ties broken by id) and the total;
 * - a manager's search reads its total from the page's own rows (`count(*) over ()`), and a page past the
 *   last one still gets the total;
 * - the super admin's unfiltered total is capped without counting only when PostgreSQL estimates the tickets
 *   table at over ten times the cap.
 */
import { LIST_COUNT_CAP } from '@mend/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  it('filtered or sorted otherwise, finds its page and counts in one pass over its tickets', async () => {
    // They were read twice, once for the page and once for the count: a third of the statement.
    const recorder = statementRecorder(t.db);
    const client = await clientFor(t, w.north.plumber);
    for (const query of ['?status=1&per_page=2', '?sort=title&order=asc&per_page=2']) {
      const statements = await recorder.during(async () => {
        const response = await client.get(`/api/tickets${query}`);
        expect(response.json().meta.total, query).toBe(query.startsWith('?status') ? 5 : 14);
      });
      const [page] = statements.filter((statement) => statement.text.includes('"tickets"'));
      expect(page.text, query).toContain('count(*) over ()');
    }
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

    await t.db.execute(sql`analyze tickets`);
    expect((await list(w.admin, '')).meta).toEqual(counted.meta);
  });
});
