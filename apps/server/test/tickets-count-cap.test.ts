/**
 * A ticket list counts at most LIST_COUNT_CAP matches past the page's first row (docs/decisions/0007-capped-list-totals-and-prepared-statements.md,
 * ADR 0014): past it the answer says `total_capped`, below it the total stays exact, and the rows are the same
 * either way. A search counts at most SEARCH_COUNT_CAP past the page's first row (ADR 0009, ADR 0014).
 */
import { LIST_COUNT_CAP, SEARCH_COUNT_CAP } from '@mend/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';
import { clientFor, createWorld, insertTicket, type World } from './helpers/ticket-factories';

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
  // One ticket in the north landlord, then LIST_COUNT_CAP in the south one: set-based, as the bench seeds.
  await insertTicket(t.db, { unit: w.north.unit, tenant: w.north.tenant, title: 'Only north ticket' });
  const unit = w.south.unit;
  await t.db.execute(sql`
    insert into tickets (unit_id, property_id, title, description, status, priority,
      contact_first_name, contact_last_name, contact_email, contact_phone_number)
    select ${unit.id}, ${unit.propertyId}, 'Bulk ticket ' || n, 'Bulk description', n % 3, 0,
      'Bulk', 'Contact', 'bulk@example.test', '780 555 0100'
    from generate_series(1, ${LIST_COUNT_CAP}) as n`);
}, 120_000);

afterAll(() => t?.close());

async function listMeta(user: World['admin'], query = '') {
  const response = await (await clientFor(t, user)).get(`/api/tickets${query}`);
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('ticket list totals', () => {
  it('stop at the cap and say so when more tickets match', async () => {
    const body = await listMeta(w.admin);
    expect(body.meta).toEqual({ total: LIST_COUNT_CAP, page: 1, per_page: 10, total_capped: true });
    expect(body.data).toHaveLength(10);
  });

  it('stay exact at or below the cap', async () => {
    // The south landlord holds exactly LIST_COUNT_CAP tickets: not capped.
    expect((await listMeta(w.south.manager)).meta).toEqual({ total: LIST_COUNT_CAP, page: 1, per_page: 10 });
    expect((await listMeta(w.north.manager)).meta).toEqual({ total: 1, page: 1, per_page: 10 });
    const searched = await listMeta(w.admin, '?search=Only%20north');
    expect(searched.meta).toEqual({ total: 1, page: 1, per_page: 10 });
  });

  it('a page past the first cap counts on past it, so the pager reaches every ticket', async () => {
    // 10,001 tickets: page 1001 starts at the 10,001st, and its count goes up to 20,000.
    const body = await listMeta(w.admin, `?page=${LIST_COUNT_CAP / 10 + 1}`);
    expect(body.meta).toEqual({ total: LIST_COUNT_CAP + 1, page: LIST_COUNT_CAP / 10 + 1, per_page: 10 });
    expect(body.data).toHaveLength(1);
  });

  it('a search stops at its own, smaller cap, for the whole list and for one landlord’s', async () => {
    for (const user of [w.admin, w.south.manager]) {
      const body = await listMeta(user, '?search=bulk%20ticket');
      expect(body.meta).toEqual({ total: SEARCH_COUNT_CAP, page: 1, per_page: 10, total_capped: true });
      expect(body.data).toHaveLength(10);
    }
    // Page 10 counts SEARCH_COUNT_CAP past its first row (the 91st), so the pager shows further pages.
    for (const user of [w.admin, w.south.manager]) {
      const body = await listMeta(user, '?search=bulk%20ticket&page=10');
      expect(body.meta).toEqual({ total: 90 + SEARCH_COUNT_CAP, page: 10, per_page: 10, total_capped: true });
      expect(body.data).toHaveLength(10);
      // Near the end the count reaches the last match and is exact.
      const last = await listMeta(user, `?search=bulk%20ticket&page=${LIST_COUNT_CAP / 10}`);
      expect(last.meta).toEqual({ total: LIST_COUNT_CAP, page: LIST_COUNT_CAP / 10, per_page: 10 });
      expect(last.data).toHaveLength(10);
    }
    // Exact below it: "bulk ticket 99" finds 99 and 990-999 (of 1-LIST_COUNT_CAP).
    expect(LIST_COUNT_CAP).toBe(1000);
    expect((await listMeta(w.admin, '?search=bulk%20ticket%2099')).meta).toEqual({
      total: 11,
      page: 1,
      per_page: 10,
    });
  });

  it('gives the whole list’s search the same pages as a landlord’s, up to and past the last', async () => {
    // The super admin's page and count are one walk of the matches (ADR 0051); the manager's list reads its
    // landlord's tickets, which hold every match, its own way.
    const ids = (body: { data: { id: number }[] }) => body.data.map((row) => row.id);
    for (const query of ['?search=bulk%20ticket&page=7', '?search=bulk%20ticket&page=3&per_page=100']) {
      const whole = await listMeta(w.admin, query);
      const landlords = await listMeta(w.south.manager, query);
      expect(ids(whole)).toEqual(ids(landlords));
      expect(whole.meta).toEqual(landlords.meta);
    }
    const last = await listMeta(w.admin, '?search=bulk%20ticket%2099&page=2');
    expect(last.meta).toEqual({ total: 11, page: 2, per_page: 10 });
    expect(last.data).toHaveLength(1);
    const past = await listMeta(w.admin, '?search=bulk%20ticket%2099&page=5');
    expect(past.meta).toEqual({ total: 11, page: 5, per_page: 10 });
    expect(past.data).toEqual([]);
  });
});
