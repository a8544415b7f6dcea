/**
 * Every list's total is the number of rows it shows, when they fit on one page, and its pages hold those rows in the
 * same order, each with the same total: for every list of the catalogue (helpers/endpoints.ts), as every role,
 * unfiltered, in every order, searched, and with every value of every filter a screen offers (the values the bench
 * measures). A later page takes paths of its own too (an offset hidden from the planner, a count past the last page). The lists count on paths of their own (an estimate for the super
 * admin's whole table, a count in the page's pass, a walk shared with the page); one that counted rows its filter
 * leaves out showed a pager over pages of nothing, as the super admin's tickets due today did.
 */
import { LIST_SORTS, type ListName, MAX_PAGE_SIZE } from '@mend/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../src/db/schema';
import { createTestApp, type TestApp, type TestClient } from './helpers/app';
import {
  createEndpointWorld,
  ENDPOINTS,
  type Endpoint,
  type EndpointWorld,
  listFilterValues,
  sideFill,
} from './helpers/endpoints';
import { clientFor, insertTicket } from './helpers/ticket-factories';

interface ListPage {
  data: unknown[];
  meta: { total: number };
}

type Actor = 'admin' | 'manager' | 'tenant' | 'contractor';
const ACTORS: Actor[] = ['admin', 'manager', 'tenant', 'contractor'];

let t: TestApp;
let w: EndpointWorld;
const clients = {} as Record<Actor, TestClient>;

const userOf = (actor: Actor): UserRow =>
  ({ admin: w.admin, manager: w.a.manager, tenant: w.a.tenant, contractor: w.a.plumber })[actor];

beforeAll(async () => {
  t = await createTestApp();
  w = await createEndpointWorld(t);
  // Open for a month: overdue, so that the due filters keep a ticket and leave others out.
  const monthAgo = new Date(Date.now() - 30 * 24 * 3600 * 1000);
  await insertTicket(t.db, {
    unit: w.a.unit,
    tenant: w.a.tenant,
    recipients: [w.a.plumber, w.a.manager],
    createdAt: monthAgo,
  });
  for (const actor of ACTORS) clients[actor] = await clientFor(t, userOf(actor));
});
afterAll(() => t?.close());

const LISTS = ENDPOINTS.filter(
  (endpoint) => endpoint.method === 'GET' && endpoint.list && endpoint.answers !== 'csv',
);

/** The list's path with side A's records (the actor itself for `user`). */
function pathFor(template: string, params: Endpoint['params'], actor: Actor): string {
  const fill = sideFill(w, w.a);
  return template.replace(/:([A-Za-z]+)/g, (_whole, name: string) =>
    String(params[name] === 'user' ? userOf(actor).id : fill(params[name])),
  );
}

/** The queries a list's screen can send: unfiltered, every order, a search, every filter value. */
function queriesOf(list: ListName, filters: string[]): Record<string, string>[] {
  const ids = { landlord: w.a.landlord.id, property: w.a.property.id, contractor: w.a.plumber.id };
  return [
    {},
    ...LIST_SORTS[list].flatMap((sort) => (['asc', 'desc'] as const).map((order) => ({ sort, order }))),
    { search: 'north' },
    { search: 'qzxj' },
    ...filters.flatMap((filter) => listFilterValues(filter, list, ids).map((value) => ({ [filter]: value }))),
  ];
}

/** A row as a list answers it: its id, or the whole row where it has none. */
const keyOf = (row: unknown) => {
  const id = (row as { id?: unknown }).id;
  return id === undefined ? JSON.stringify(row) : String(id);
};

describe('every list counts the rows it shows, and pages through them', () => {
  for (const endpoint of LISTS) {
    const list = endpoint.list!;
    it.each(ACTORS)(`${endpoint.path} as %s`, async (actor) => {
      const path = pathFor(endpoint.path, endpoint.params, actor);
      const read = async (query: Record<string, string>, page: number, perPage: number) => {
        const url = `${path}?${new URLSearchParams({ ...query, page: String(page), per_page: String(perPage) })}`;
        const response = await clients[actor].get(url);
        return { url, response };
      };
      let answered = 0;
      for (const query of queriesOf(list, endpoint.filters ?? [])) {
        const { url, response } = await read(query, 1, MAX_PAGE_SIZE);
        // A list or a filter the role is refused is not its screen (the authorization matrix checks those).
        if (response.statusCode === 403 || response.statusCode === 404 || response.statusCode === 422)
          continue;
        expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
        const all = response.json() as ListPage;
        expect(all.data.length, url).toBeLessThan(MAX_PAGE_SIZE);
        expect(all.meta.total, url).toBe(all.data.length);
        // Two rows a page, and one page past the last: the same rows in the same order, the same total on each.
        const paged: string[] = [];
        for (let page = 1; page <= Math.ceil(all.data.length / 2) + 1; page++) {
          const { url: pageUrl, response: pageResponse } = await read(query, page, 2);
          expect(pageResponse.statusCode, `${pageUrl}: ${pageResponse.body}`).toBe(200);
          const part = pageResponse.json() as ListPage;
          expect(part.meta.total, pageUrl).toBe(all.meta.total);
          paged.push(...part.data.map(keyOf));
        }
        expect(paged, url).toEqual(all.data.map(keyOf));
        answered++;
      }
      // The super admin sees every list.
      if (actor === 'admin') expect(answered).toBeGreaterThan(0);
    });
  }
});
