/**
 * A landlord's ticket list (GET landlords/{id}/tickets) must name the landlord's properties as the tickets' own
 * property ids, not only through the joined property: with the join's condition alone PostgreSQL walked every one
 * of 1,000,000 tickets in date order for the super admin (0.5 s instead of 5 ms, bench:http --surface --sweep). A
 * test's few rows plan well either way, so the statement the endpoint runs is captured and its condition checked,
 * and its plan must still read the tickets by property when sequential scans are priced out. For a manager the
 * list narrows nothing: it is the manager's /tickets, with that list's fast paths (three times the requests).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';
import { type CapturedStatement, explain, statementRecorder } from './helpers/statements';
import { clientFor, createWorld, insertTicket, type World } from './helpers/ticket-factories';

let t: TestApp;
let w: World;

let recorder: ReturnType<typeof statementRecorder>;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
  for (let n = 0; n < 3; n++) await insertTicket(t.db, { unit: w.north.unit, tenant: w.north.tenant });
  await insertTicket(t.db, { unit: w.south.unit, tenant: w.south.tenant });
  recorder = statementRecorder(t.db);
});
afterAll(() => t?.close());

/** The statements one request runs. */
async function statementsOf(user: World['admin'], path: string): Promise<CapturedStatement[]> {
  const client = await clientFor(t, user);
  return recorder.during(async () => {
    const response = await client.get(path);
    expect(response.statusCode, response.body).toBe(200);
  });
}

/** The plan of a captured statement with sequential scans (and, given `sorts: false`, sorts) priced out. */
const planOf = (statement: CapturedStatement, { sorts = true } = {}) =>
  explain(t.db, statement, sorts ? ['seqscan'] : ['seqscan', 'sort', 'incremental_sort']);

describe("a landlord's ticket list", () => {
  const path = () => `/api/landlords/${w.north.landlord.id}/tickets?page=1&per_page=10`;

  it('reads the tickets of its properties by property, for the super admin', async () => {
    const statements = await statementsOf(w.admin, path());
    const lists = statements.filter((statement) => /count\(\*\) over \(\)/.test(statement.text));
    expect(lists).toHaveLength(1);
    expect(lists[0].text).toContain(
      '"tickets"."property_id" in (select "id" from "properties" where "properties"."landlord_id" = $',
    );
    const plan = await planOf(lists[0]);
    expect(plan).toMatch(/Index (Only )?Scan using tickets_property_id_created_at_idx on tickets/);
  });

  it("is read from its own tickets when filtered due today, not matched against the portfolio's", async () => {
    // The portfolio's tickets due today (a thousand ids at full scale) looked up for each of a landlord's rows doubled
    // the statement's time for the super admin (bench:http --surface).
    const landlordTab = await statementsOf(w.admin, `${path()}&due=today`);
    const [tab] = pageStatements(landlordTab);
    expect(tab.text).not.toContain('with recursive zones');
    // Each ticket is matched to its property's zone by a semi-join: as a subquery priced for each of the landlord's
    // tickets, PostgreSQL intersected the portfolio's due time index with each property's tickets instead.
    expect(tab.text).toContain(
      'exists (select 1 from properties place where place.id = "tickets"."property_id" and "tickets"."due_at" <',
    );
    const plan = await planOf(tab);
    expect(plan).toMatch(/Index Only Scan using tickets_property_id_created_at_idx on tickets/);
    expect(plan).not.toContain('tickets_due_at_sort_idx');
    const portfolio = pageStatements(
      await statementsOf(w.admin, '/api/tickets?page=1&per_page=10&due=today'),
    );
    expect(portfolio[0].text).toContain('with recursive zones');
  });

  it("counts the portfolio's tickets due today from the due time index alone", async () => {
    // Each of the thousand tickets due within the zones' ends of the day was read from the table, for the page and
    // again for the count, to match it to its property's zone (bench:http --surface): the index carries the property.
    const [portfolio] = pageStatements(
      await statementsOf(w.admin, '/api/tickets?page=1&per_page=10&due=today'),
    );
    expect(portfolio.text).not.toContain('= any(array(');
    expect(await planOf(portfolio)).toMatch(/Index Only Scan using tickets_due_at_sort_idx on tickets/);
  });

  it("is its manager's own list, read as its /tickets is (the same statements, the same answer)", async () => {
    const client = await clientFor(t, w.north.manager);
    // Both read from the session the app kept (ADR 0045), as every request after the first does.
    expect((await client.get('/api/tickets?page=1&per_page=10')).statusCode).toBe(200);
    const own = await statementsOf(w.north.manager, '/api/tickets?page=1&per_page=10');
    const landlords = await statementsOf(w.north.manager, path());
    // The landlord's list checks that the landlord exists first.
    const lists = landlords.filter((statement) => !/^select "id" from "landlords"/.test(statement.text));
    expect(lists.map((statement) => statement.text)).toEqual(own.map((statement) => statement.text));
    expect((await client.get(path())).json()).toEqual(
      (await client.get('/api/tickets?page=1&per_page=10')).json(),
    );
  });
});

/** The statements of a request that read list rows (a ticket's title), apart from the session and access checks. */
const pageStatements = (statements: CapturedStatement[]) =>
  statements.filter((statement) => statement.text.includes('"tickets"."title"'));

describe('a ticket list page', () => {
  // Each page was two statements (the page's ids and total, then its rows) on every path but the first page and
  // a scope's search; a list page is one statement built once per shape (ADR 0022).
  it('is one statement on every path that is not a search of every ticket', async () => {
    const { north } = w;
    const paths: [World['admin'], string][] = [
      [w.admin, '/api/tickets?page=1&per_page=2'],
      [w.admin, '/api/tickets?page=2&per_page=2'],
      [w.admin, '/api/tickets?page=2&per_page=2&status=0&sort=title&order=asc'],
      [w.admin, `/api/landlords/${north.landlord.id}/tickets?page=1&per_page=2`],
      [w.admin, `/api/landlords/${north.landlord.id}/tickets?page=2&per_page=2&sort=tenant`],
      [w.admin, `/api/landlords/${north.landlord.id}/tickets?search=ticket`],
      [w.admin, `/api/users/${north.tenant.id}/tickets?page=1&per_page=2`],
      [north.manager, `/api/users/${north.tenant.id}/tickets?page=2&per_page=2&search=ticket`],
      [north.manager, '/api/tickets?page=2&per_page=2'],
      [north.manager, '/api/tickets?search=ticket'],
      [north.tenant, '/api/tickets?page=2&per_page=1&sort=status&order=desc'],
    ];
    for (const [user, path] of paths) {
      expect(pageStatements(await statementsOf(user, path)), path).toHaveLength(1);
    }
  });

  it("reads a landlord's page without looking the landlord up, and answers 404 for one that does not exist", async () => {
    const path = `/api/landlords/${w.north.landlord.id}/tickets?page=1&per_page=2`;
    const statements = await statementsOf(w.admin, path);
    expect(statements.filter((statement) => !statement.text.includes('"sessions"'))).toHaveLength(1);
    const client = await clientFor(t, w.admin);
    expect((await client.get('/api/landlords/999999/tickets')).statusCode).toBe(404);
    // A landlord without tickets is found, with an empty list.
    const empty = await client.get(`/api/landlords/${w.north.landlord.id}/tickets?search=zzzz-nothing`);
    expect(empty.statusCode).toBe(200);
  });

  it("reads a user's own tab as its own list, without looking the user up", async () => {
    const statements = await statementsOf(
      w.north.tenant,
      `/api/users/${w.north.tenant.id}/tickets?per_page=2`,
    );
    expect(statements.filter((statement) => !statement.text.includes('"sessions"'))).toHaveLength(1);
    const client = await clientFor(t, w.north.tenant);
    const own = (await client.get('/api/tickets?per_page=2')).json();
    expect((await client.get(`/api/users/${w.north.tenant.id}/tickets?per_page=2`)).json()).toEqual(own);
  });

  it('counts its total alone only past the last page', async () => {
    const path = `/api/landlords/${w.north.landlord.id}/tickets?page=9&per_page=2`;
    const statements = await statementsOf(w.admin, path);
    expect(pageStatements(statements)).toHaveLength(1);
    const client = await clientFor(t, w.admin);
    const answer = (await client.get(path)).json() as { data: unknown[]; meta: { total: number } };
    expect(answer.data).toEqual([]);
    expect(answer.meta.total).toBe(3);
  });
});

describe("the whole list filtered by status (the super admin's)", () => {
  it('reads its page from the status index in the exact order of the list, both ways', async () => {
    // Without the id in that index the page needed a sort, and PostgreSQL walked the date index instead, past
    // thousands of recent tickets of other statuses (a status with few recent tickets: 6 ms instead of 1).
    for (const order of ['desc', 'asc']) {
      const statements = await statementsOf(w.admin, `/api/tickets?status=0&sort=created_at&order=${order}`);
      const [page] = statements.filter((statement) =>
        statement.text.includes('"tickets"."status" = (select $'),
      );
      const plan = await planOf(page, { sorts: false });
      expect(plan, order).toMatch(
        /Index (Only )?Scan (Backward )?using tickets_status_created_at_idx on tickets/,
      );
      expect(plan, order).not.toMatch(/Sort Key: tickets_\d+\.created_at/);
    }
  });
});

describe("the whole list searched for a word (the super admin's)", () => {
  it('finds its page and counts its matches in one walk from the newest', async () => {
    // A page and a count apart walked the date index for the same matches twice (ADR 0051).
    const statements = await statementsOf(w.admin, '/api/tickets?search=leak');
    const searches = statements.filter((statement) => statement.text.includes('like lower('));
    expect(searches).toHaveLength(1);
    expect(searches[0].text).not.toContain('count(');
    expect(searches[0].text).toMatch(
      /order by "tickets"\."created_at" desc, "tickets"\."id" desc limit \$\d+\)/,
    );
  });

  it('sorted otherwise, counts its matches from the newest, by the date index', async () => {
    // Unordered, a common word's count scanned the table from its oldest pages, read around the shared buffers on
    // every call: half the counts a second of the date index's walk from the newest ("carpet" at full scale).
    const statements = await statementsOf(w.admin, '/api/tickets?search=leak&sort=title');
    const [search] = statements.filter((statement) => statement.text.includes('like lower('));
    const plan = await planOf(search, { sorts: false });
    // The count: the Aggregate node and the nodes under it (indented further).
    const lines = plan.split('\n');
    const at = lines.findIndex((line) => line.includes('Aggregate'));
    const indent = (line: string) => line.search(/\S/);
    const below = lines.slice(at + 1);
    const end = below.findIndex((line) => indent(line) <= indent(lines[at]));
    const count = [lines[at], ...(end < 0 ? below : below.slice(0, end))].join('\n');
    expect(count, plan).toMatch(/Index Scan (Backward )?using tickets_created_at_idx on tickets/);
  });
});

describe("a contractor's list filtered by status", () => {
  it('reads the routing rows of the contractor, not every ticket of the status', async () => {
    // Scanning tickets by status, PostgreSQL read 13,000 "new" tickets at full scale for a contractor's few hundred
    // (2.6 ms of database time a call instead of 0.5). Its routing rows carry each ticket's status.
    await t.db.execute(sql`vacuum analyze ticket_recipients`);
    const statements = await statementsOf(w.north.plumber, '/api/tickets?status=0');
    const [page] = pageStatements(statements);
    const plan = await planOf(page);
    expect(plan).toMatch(/Index (Only )?Scan using ticket_recipients_user_id_assigned_created_at_idx/);
    expect(plan).not.toMatch(/tickets_status/);
  });
});

describe("a manager's list sorted or filtered", () => {
  it.each(['sort=title&order=desc', 'sort=status&order=asc', 'sort=property', 'sort=tenant', 'status=0'])(
    'reads its scope’s keys from the property index alone (%s)',
    async (query) => {
      // Every ticket of the landlord's properties is read to sort and count them. Without the keys in the
      // property index each was a visit to its row (half the database time of the call at full scale).
      await t.db.execute(sql`vacuum analyze tickets`);
      const statements = await statementsOf(w.north.manager, `/api/tickets?${query}`);
      const [page] = pageStatements(statements);
      expect(await planOf(page)).toMatch(
        /Index Only Scan using tickets_property_id_created_at_idx on tickets/,
      );
    },
  );
});

describe('a list filtered by status', () => {
  it('hides the status from the planner, so that one plan serves every status', async () => {
    // Seeing a rare status, PostgreSQL estimated its custom plans cheaper than the generic one and planned the
    // list anew on every call: 1-2 ms of planning for half a millisecond of work (bench:http, a manager's list).
    const statements = await statementsOf(w.north.manager, '/api/tickets?status=1');
    const [page] = pageStatements(statements);
    expect(page.text).toMatch(/"tickets"\."status" = \(select \$\d+::smallint\)/);
  });
});

describe("a contractor's list due today", () => {
  it('hides the contractor from the planner, so that its plan is made once', async () => {
    // Seeing the contractor, PostgreSQL priced the end of the day looked up for each of its routed rows above the
    // generic plan's average and planned the list anew on every call: 3 ms of planning for 0.4 of work (bench:http).
    const statements = await statementsOf(w.north.plumber, '/api/tickets?due=today');
    const [page] = pageStatements(statements);
    expect(page.text).toMatch(/"ticket_recipients"\."user_id" = \(select \$\d+::integer\)/);
  });
});
