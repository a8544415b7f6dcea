/**
 * The whole read surface of the API, for bench:http: every GET a screen calls, for every role, with every
 * search, sort and filter its list offers. Nothing here is hand-picked:
 *
 * - the endpoints are the API catalogue the tests check against the app's registered routes
 *   (apps/server/test/helpers/endpoints.ts), and `checkCatalogue` stops the bench when the app has a GET route
 *   the catalogue does not know, so a new list is measured the day it lands;
 * - a list's sort keys are LIST_SORTS (@mend/shared), the keys the server and the screens share, each in both
 *   directions; its filters are the catalogue's, filled with a value the viewer can see;
 * - every role gets every endpoint; what a role is refused (403, 404) is not a screen of that role, and is
 *   left out after one probe request.
 *
 * Left out, with the reason: files (images, logos: bytes from storage, not lists), the lists' CSV exports (a download
 * of every row, not a page: bench/export.ts measures the largest), calls without a session
 * (user activation, email verification links), GET /api/email/resend (it sends an email) and GET /api/live (a stream
 * of live events: bench/live.ts measures it).
 */
import { CALENDAR_MAX_DAYS, LIST_SORTS, PAGE_SIZE } from '@mend/shared';
import type { FastifyInstance } from 'fastify';
import {
  apiRoutesOf,
  type Endpoint as CatalogueEndpoint,
  ENDPOINTS,
  FILE_ENDPOINT,
  listFilterValues,
  type ParamKind,
  routesOf,
} from '../apps/server/test/helpers/endpoints';
import type { AccountsFile } from './lib';

export type Viewer = 'superAdmin' | 'manager' | 'tenant' | 'contractor';
export const VIEWERS: Viewer[] = ['superAdmin', 'manager', 'tenant', 'contractor'];

/** One GET of the surface as one viewer makes it. */
export interface SurfaceCall {
  /** Unique, e.g. `units?sort=name&order=desc @manager`. */
  name: string;
  who: Viewer;
  /** The catalogue's path template, e.g. `/api/units`. */
  route: string;
  path: string;
  /** `list`, `page N (last)`, `search "…"`, `sort name desc`, `filter property_id`, `read` or `earlier page`. */
  variant: string;
  dashboard: boolean;
}

/** Skipped GETs of the catalogue, with why. */
const NOT_MEASURED: Record<string, string> = {
  '/api/email/resend': 'sends an email',
};

function skipReason(endpoint: CatalogueEndpoint): string | null {
  if (endpoint.method !== 'GET') return 'not a read';
  if (endpoint.answers === 'file') return 'a file, not JSON';
  if (endpoint.answers === 'csv')
    return "a list's CSV download (bench:export measures it), not a screen's read";
  if (endpoint.answers === 'pdf') return "a ticket's work order as a PDF download, not a screen's read";
  if (endpoint.answers === 'redirect') return 'a redirect from an emailed link';
  if (endpoint.answers === 'stream')
    return 'a stream of live events that lasts while a screen is open (bench:live)';
  if (!endpoint.auth) return 'answers visitors (no screen list)';
  return NOT_MEASURED[endpoint.path] ?? null;
}

/** The GET endpoints measured, from the catalogue. */
export function measuredEndpoints(): CatalogueEndpoint[] {
  return ENDPOINTS.filter((endpoint) => skipReason(endpoint) === null);
}

/** Stops the bench when the app registers a route the catalogue does not account for. */
export function checkCatalogue(app: FastifyInstance): void {
  const known = new Set(routesOf([...ENDPOINTS, FILE_ENDPOINT]));
  const missing = apiRoutesOf(app).filter((route) => !known.has(route));
  if (missing.length > 0) {
    throw new Error(
      `Routes the API catalogue (apps/server/test/helpers/endpoints.ts) does not know: ${missing.join(', ')}. ` +
        'Add them there; the tests and this bench read it.',
    );
  }
}

type Query = (text: string, values: unknown[]) => Promise<Record<string, unknown>[]>;

/** Ids a viewer can read, one per kind of record, from the bench database. */
export type ViewerIds = Partial<Record<ParamKind, number>>;

async function first(query: Query, text: string, values: unknown[]): Promise<number | undefined> {
  const rows = await query(text, values);
  return rows.length > 0 ? Number(Object.values(rows[0])[0]) : undefined;
}

/**
 * Records each viewer reads on its screens: the manager's landlord's (the super admin looks at the same
 * landlord, so the two compare), the tenant's own, the contractor's.
 */
export async function viewerIds(
  query: Query,
  { accounts }: AccountsFile,
): Promise<Record<Viewer, ViewerIds>> {
  const landlord = accounts.manager.landlordId;
  const landlordProperty = await first(
    query,
    'select id from properties where landlord_id = $1 order by id limit 1',
    [landlord],
  );
  const landlordUnit = await first(query, 'select id from units where property_id = $1 order by id limit 1', [
    landlordProperty,
  ]);
  const landlordTicket = await first(
    query,
    'select t.id from tickets t join properties p on p.id = t.property_id where p.landlord_id = $1 order by t.id desc limit 1',
    [landlord],
  );
  const landlordTenant = await first(
    query,
    `select u.id from users u join tenant_units tu on tu.user_id = u.id join units n on n.id = tu.unit_id
     join properties p on p.id = n.property_id where p.landlord_id = $1 order by u.id limit 1`,
    [landlord],
  );
  const category = accounts.contractor.categoryIds[0];
  const contact = await first(query, 'select id from contact_submissions order by id desc limit 1', []);
  const outbox = await first(query, 'select id from outbox_messages order by id desc limit 1', []);
  const schedule = await first(query, 'select id from schedules where property_id = $1 order by id limit 1', [
    landlordProperty,
  ]);
  // The landlord's webhook (issue 27; bench/seed.ts gives one to landlord 1) and its newest delivery.
  const webhook = await first(
    query,
    'select id from webhook_endpoints where landlord_id = $1 order by id limit 1',
    [landlord],
  );
  const webhookDelivery = await first(
    query,
    'select id from webhook_deliveries where endpoint_id = $1 order by id desc limit 1',
    [webhook],
  );
  const shared: ViewerIds = {
    landlord,
    property: landlordProperty,
    unit: landlordUnit,
    ticket: landlordTicket,
    tenant: landlordTenant,
    contractor: accounts.contractor.id,
    category,
    contact,
    outbox,
    schedule,
    webhook,
    webhookDelivery,
  };

  const tenantUnit = accounts.tenant.unitId;
  const tenantProperty = await first(query, 'select property_id from units where id = $1', [tenantUnit]);
  const tenantTicket = await first(
    query,
    'select id from tickets where tenant_id = $1 order by id desc limit 1',
    [accounts.tenant.id],
  );
  const contractorProperty = await first(
    query,
    'select property_id from contractor_properties where user_id = $1 order by property_id limit 1',
    [accounts.contractor.id],
  );
  const contractorUnit = await first(
    query,
    'select id from units where property_id = $1 order by id limit 1',
    [contractorProperty],
  );
  const contractorTicket = await first(
    query,
    'select ticket_id from ticket_recipients where user_id = $1 order by ticket_id desc limit 1',
    [accounts.contractor.id],
  );
  const contractorTenant = await first(
    query,
    'select tu.user_id from tenant_units tu where tu.unit_id = $1 order by tu.user_id limit 1',
    [contractorUnit],
  );
  return {
    superAdmin: { ...shared, user: accounts.superAdmin.id },
    manager: { ...shared, user: accounts.manager.id },
    tenant: {
      ...shared,
      landlord: accounts.manager.landlordId,
      property: tenantProperty,
      unit: tenantUnit,
      ticket: tenantTicket,
      tenant: accounts.tenant.id,
      user: accounts.tenant.id,
    },
    contractor: {
      ...shared,
      property: contractorProperty,
      unit: contractorUnit,
      ticket: contractorTicket,
      tenant: contractorTenant,
      contractor: accounts.contractor.id,
      user: accounts.contractor.id,
    },
  };
}

export function fillPath(template: string, params: Record<string, ParamKind>, ids: ViewerIds): string | null {
  let path = template;
  for (const [name, kind] of Object.entries(params)) {
    const id = ids[kind];
    if (id === undefined) return null;
    path = path.replace(`:${name}`, String(id));
  }
  return path;
}

const query = (params: Record<string, string | number>) =>
  `?${new URLSearchParams(Object.entries(params).map(([key, value]): [string, string] => [key, String(value)])).toString()}`;

/**
 * The calls of one endpoint for one viewer, before probing: a record or form read once; a list as its screen
 * loads it (page 1 in the default order), its last page, a search for a word of its first row and for a word
 * nothing has, every sort key both ways, every filter.
 * `firstPage` is the answer to the screen's first load, which gives the last page and the search word.
 */
export function listVariants(
  endpoint: CatalogueEndpoint,
  path: string,
  ids: ViewerIds,
  firstPage: { data: Record<string, unknown>[]; meta: { total: number } },
): Array<{ variant: string; path: string }> {
  const list = endpoint.list!;
  const base = { page: 1, per_page: PAGE_SIZE };
  const calls: Array<{ variant: string; path: string }> = [{ variant: 'page 1', path: path + query(base) }];
  const lastPage = Math.ceil(firstPage.meta.total / PAGE_SIZE);
  if (lastPage > 1)
    calls.push({ variant: `page ${lastPage} (last)`, path: path + query({ ...base, page: lastPage }) });
  const word = searchWordOf(firstPage.data[0]);
  if (word) calls.push({ variant: `search "${word}"`, path: path + query({ ...base, search: word }) });
  calls.push({ variant: 'search "qzxj" (no match)', path: path + query({ ...base, search: 'qzxj' }) });
  for (const sort of LIST_SORTS[list]) {
    for (const order of ['asc', 'desc'] as const) {
      calls.push({ variant: `sort ${sort} ${order}`, path: path + query({ ...base, sort, order }) });
    }
  }
  for (const filter of endpoint.filters ?? []) {
    for (const value of listFilterValues(filter, list, ids))
      calls.push({ variant: `filter ${filter}=${value}`, path: path + query({ ...base, [filter]: value }) });
  }
  return calls;
}

/**
 * A thread read a page at a time (a ticket's comments): the newest page is the read as the screen opens it (no
 * query), and "Show earlier comments" asks for the page before its oldest comment, when there is one.
 */
function earlierPage(path: string, body: unknown): Array<{ variant: string; path: string }> {
  const page = body as { data?: { id: number }[]; has_earlier?: boolean };
  const oldest = page.data?.[0];
  if (page.has_earlier !== true || !oldest) return [];
  return [{ variant: 'earlier page', path: path + query({ before: oldest.id }) }];
}

/**
 * The calendar's reads (GET visits): the week it opens on (no span given) and the month view's span, which asks for
 * its weeks around the month (CALENDAR_MAX_DAYS); each also with every value of its filters (the viewer's landlord).
 * The super admin's calendar always names a landlord (its picker has no "every landlord": the portfolio's week is
 * thousands of visits), so its calls are those only; the API still answers a read without one (the portfolio's first
 * visits), which no screen asks for.
 */
function calendarCalls(
  endpoint: CatalogueEndpoint,
  path: string,
  who: Viewer,
  ids: ViewerIds,
): Array<{ variant: string; path: string }> {
  const from = Math.floor(Date.now() / 1000) - 14 * 86_400;
  const month = { from, to: from + CALENDAR_MAX_DAYS * 86_400 };
  const filters = (endpoint.filters ?? []).flatMap((filter) =>
    listFilterValues(filter, 'visits', ids).map((value) => ({
      label: `filter ${filter}=${value}`,
      params: { [filter]: value },
    })),
  );
  const narrowings = who === 'superAdmin' ? filters : [{ label: '', params: {} }, ...filters];
  return narrowings.flatMap(({ label, params }) => [
    { variant: label || 'read', path: label ? path + query(params) : path },
    { variant: label ? `month, ${label}` : 'month', path: path + query({ ...month, ...params }) },
  ]);
}

/** A word a user would type to find a row: the first word of 3+ letters of its title, name or subject. */
function searchWordOf(row: Record<string, unknown> | undefined): string | null {
  if (!row) return null;
  for (const field of ['title', 'name', 'subject', 'last_name', 'recipient', 'email']) {
    const value = row[field];
    if (typeof value !== 'string') continue;
    const word = value.split(/[^\p{L}\p{N}]+/u).find((part) => part.length >= 3);
    if (word) return word.toLowerCase();
  }
  return null;
}

/**
 * Every call of the surface: `get` answers a path as a viewer (status and JSON body). One probe per endpoint
 * and viewer decides whether it is that viewer's screen; the list variants come from the probe's answer.
 */
export async function surfaceCalls(
  ids: Record<Viewer, ViewerIds>,
  get: (who: Viewer, path: string) => Promise<{ status: number; body: unknown }>,
  log: (line: string) => void,
): Promise<SurfaceCall[]> {
  const calls: SurfaceCall[] = [];
  const refused: string[] = [];
  for (const endpoint of measuredEndpoints()) {
    for (const who of VIEWERS) {
      const path = fillPath(endpoint.path, endpoint.params, ids[who]);
      if (path === null) {
        refused.push(`${endpoint.path} @${who} (no record)`);
        continue;
      }
      const dashboard = endpoint.path === '/api/dashboard';
      const probePath = dashboard ? `${path}?time_zone=America/Edmonton` : path;
      const probe = await get(who, probePath);
      if (probe.status !== 200) {
        refused.push(`${endpoint.path} @${who} (${probe.status})`);
        continue;
      }
      const entries = endpoint.list
        ? listVariants(endpoint, path, ids[who], probe.body as never)
        : endpoint.path === '/api/visits'
          ? calendarCalls(endpoint, path, who, ids[who])
          : [{ variant: 'read', path: probePath }, ...earlierPage(path, probe.body)];
      for (const entry of entries) {
        calls.push({
          name: `${entry.path.replace(/^\/api\//, '')} @${who}`,
          who,
          route: endpoint.path,
          path: entry.path,
          variant: entry.variant,
          dashboard,
        });
      }
    }
  }
  log(
    `Surface: ${calls.length} calls of ${measuredEndpoints().length} GET endpoints over ${VIEWERS.length} roles.`,
  );
  log(`Not a screen of that role (refused on the probe), not measured: ${refused.join('; ')}`);
  return calls;
}
