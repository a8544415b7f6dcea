/**
 * Every endpoint of the API, for the tests that go over all of them (hostile input, authorization): the
 * method, the path template, what each `:param` names (so a test can fill it with an id of its choice),
 * the form fields the endpoint reads (to aim hostile values at them) and what it answers.
 *
 * `apiRoutesOf(app)` reads the routes the built app really registered, so a test can check that this list
 * is complete: a new route that is not added here fails that test.
 */
import { randomBytes } from 'node:crypto';
import {
  DUE_FILTERS,
  type ListName,
  SCHEDULE_STATES,
  TARGET_FIELDS,
  TICKET_STATUSES,
  temporaryEmailFor,
  UNASSIGNED_FILTER,
  USER_TYPES,
} from '@mend/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { Db } from '../../src/db/client';
import {
  notifications,
  OUTBOX_CHANNELS,
  OUTBOX_STATUSES,
  outboxMessages,
  properties,
  ticketAssignments,
  ticketRecipients,
  ticketVisits,
  units,
  users,
  webhookDeliveries,
} from '../../src/db/schema';
import { queueWebhookEvent } from '../../src/modules/webhooks/events';
import type { TestApp } from './app';
import { createUser } from './factories';
import {
  clientFor,
  createWorld,
  file,
  insertTicket,
  type LandlordWorld,
  pngImage,
  ticketForm,
  type World,
} from './ticket-factories';

/**
 * The values a screen offers for each list filter, as a viewer with these records can use them (every status, every
 * channel): what the bench measures and the list totals test counts.
 */
export function listFilterValues(
  filter: string,
  list: string,
  ids: Partial<Record<'landlord' | 'property' | 'contractor', number>>,
): string[] {
  switch (filter) {
    case 'landlord_id':
      return ids.landlord === undefined ? [] : [String(ids.landlord)];
    case 'property_id':
      return ids.property === undefined ? [] : [String(ids.property)];
    case 'role':
      return ['0', '1', '2', '3'];
    case 'status':
      return list === 'outbox' ? [...OUTBOX_STATUSES] : TICKET_STATUSES.map((_, index) => String(index));
    case 'channel':
      return [...OUTBOX_CHANNELS];
    case 'assigned_to':
      return ids.contractor === undefined ? [UNASSIGNED_FILTER] : [String(ids.contractor), UNASSIGNED_FILTER];
    case 'due':
      return [...DUE_FILTERS];
    case 'state':
      return [...SCHEDULE_STATES];
    default:
      return [];
  }
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a path parameter names. `user` is any user (the profile tabs, /users/{id}); the others are records. */
export type ParamKind =
  | 'landlord'
  | 'property'
  | 'unit'
  | 'category'
  | 'ticket'
  | 'ticketImage'
  | 'ticketComment'
  | 'ticketCommentFile'
  | 'user'
  | 'tenant'
  | 'contractor'
  | 'contact'
  | 'outbox'
  | 'username'
  | 'verifyToken'
  | 'unsubscribeToken'
  | 'ticketLinkToken'
  | 'ticketVisit'
  | 'schedule'
  | 'ticketCost'
  | 'approvalToken'
  | 'apiToken'
  | 'webhook'
  | 'webhookDelivery'
  | 'uploadKey';

export interface Endpoint {
  method: Method;
  /** Fastify path template: `/api/units/:id`, `/api/tickets/:id/images/:imageId`. */
  path: string;
  /** What each `:param` of the path names. */
  params: Record<string, ParamKind>;
  /** false: answers signed-out visitors too. */
  auth: boolean;
  /** A list (its sort keys are LIST_SORTS[list]): reads page, per_page, search, sort, order (and the
   * `filters`) from the query string. */
  list?: ListName;
  /** Query-string filters a list reads besides the list query (for a `pdf`, the query it reads). */
  filters?: string[];
  /** The form fields the endpoint reads (nested fields as `a[b]`, lists as `a[]`). */
  fields?: string[];
  /**
   * What a success answers: JSON (default), a redirect, a file's bytes, a list's CSV export, a ticket's work order as
   * a PDF (issue 27), or live events (issue 28), a stream that lasts until the client goes: a test reads its start
   * (`payloadAsStream`) and ends it.
   */
  answers?: 'json' | 'redirect' | 'file' | 'csv' | 'pdf' | 'stream';
  /** Signs the caller in or out: tests give it a throw-away session. */
  session?: 'signsIn' | 'signsOut';
  /** Takes `tickets[]` ids of many records at once. */
  batch?: boolean;
}

const LIST_FILTERS = { landlord: ['landlord_id'], unit: ['property_id', 'landlord_id'] };
const PERSON = [
  'first_name',
  'last_name',
  'company_name',
  'phone_number',
  'address_1',
  'address_2',
  'country',
  'province',
  'city',
  'postal',
];
const USER_FORM = [
  'email',
  ...PERSON,
  'landlord_id',
  'role',
  'password',
  'password_confirmation',
  'unit_id',
  'property_ids[]',
  'category_ids[]',
  'avatar',
];
const LANDLORD_FORM = [
  'name',
  'description',
  'users[]',
  'assignment_response_hours',
  ...TARGET_FIELDS.flatMap((fields) => [fields.response, fields.resolution]),
  'currency',
  'approval_limit_cents',
  'owners',
  'owners[0][name]',
  'owners[0][email]',
  'owners[0][language]',
  'avatar',
];
const TICKET_FILTERS = ['status', 'property_id', 'assigned_to', 'due'];
const PROPERTY_FORM = [
  'name',
  'description',
  'gmaps_url',
  'country',
  'province',
  'city',
  'postal_code',
  'address',
  'time_zone',
  'landlord_id',
  'avatar',
];
const UNIT_FORM = ['name', 'description', 'gmaps_url', 'postal_code', 'address', 'property_id', 'avatar'];
const CATEGORY_FORM = [
  'title',
  'description',
  'attributes[]',
  'attributes[0][label]',
  'attributes[0][value]',
];
const COMMENT_FORM = ['body', 'visibility', 'attachments[]'];
const TICKET_FORM = [
  'contact_details[first_name]',
  'contact_details[last_name]',
  'contact_details[email]',
  'contact_details[phone_number]',
  'unit_id',
  'property_id',
  'title',
  'description',
  'category_id',
  'priority',
  'status',
  'availability[0][start]',
  'availability[0][end]',
  'availability',
  'images[]',
  'remove_images[]',
  'meta',
];

const SCHEDULE_FORM = [
  'property_id',
  'unit_id',
  'title',
  'description',
  'category_id',
  'priority',
  'frequency',
  'interval',
  'weekday',
  'month_day',
  'month',
  'starts_on',
  'ends_on',
  'lead_days',
];

const COST_FORM = [
  'currency',
  'lines',
  'lines[0][kind]',
  'lines[0][description]',
  'lines[0][amount_cents]',
  'tax_cents',
  'total_cents',
  'note',
  'attachment',
];

const WEBHOOK_FORM = ['url', 'description', 'events[]', 'events'];

const get = (path: string, params: Record<string, ParamKind> = {}, extra: Partial<Endpoint> = {}) =>
  ({ method: 'GET', path, params, auth: true, ...extra }) satisfies Endpoint;
const write = (
  method: Exclude<Method, 'GET'>,
  path: string,
  params: Record<string, ParamKind>,
  fields: string[],
  extra: Partial<Endpoint> = {},
) => ({ method, path, params, auth: true, fields, ...extra }) satisfies Endpoint;

const userTypeEndpoints = USER_TYPES.flatMap((type): Endpoint[] => {
  const kind: ParamKind = type === 'users' ? 'user' : type === 'tenants' ? 'tenant' : 'contractor';
  return [
    get(`/api/${type}`, {}, { list: 'users', filters: ['landlord_id', 'role'] }),
    get(`/api/${type}/create`, {}, { filters: ['landlord_id'] }),
    write('POST', `/api/${type}`, {}, USER_FORM),
    get(`/api/${type}/:id`, { id: kind }),
    get(`/api/${type}/:id/edit`, { id: kind }, { filters: ['landlord_id'] }),
    write('PATCH', `/api/${type}/:id`, { id: kind }, USER_FORM),
    write('DELETE', `/api/${type}/:id`, { id: kind }, []),
  ];
});

/** The CSV export of each list (issue 27): `{list}/export.csv`, with the list's own query and filters. */
const EXPORTS: Endpoint[] = [
  get('/api/tickets/export.csv', {}, { list: 'tickets', filters: TICKET_FILTERS, answers: 'csv' }),
  get(
    '/api/landlords/:id/tickets/export.csv',
    { id: 'landlord' },
    { list: 'tickets', filters: TICKET_FILTERS, answers: 'csv' },
  ),
  get(
    '/api/users/:id/tickets/export.csv',
    { id: 'user' },
    { list: 'tickets', filters: TICKET_FILTERS, answers: 'csv' },
  ),
  get(
    '/api/properties/export.csv',
    {},
    { list: 'properties', filters: LIST_FILTERS.landlord, answers: 'csv' },
  ),
  get('/api/units/export.csv', {}, { list: 'units', filters: LIST_FILTERS.unit, answers: 'csv' }),
  ...USER_TYPES.map((type) =>
    get(`/api/${type}/export.csv`, {}, { list: 'users', filters: ['landlord_id', 'role'], answers: 'csv' }),
  ),
  get('/api/contact/export.csv', {}, { list: 'contact', answers: 'csv' }),
];

export const ENDPOINTS: Endpoint[] = [
  // Sign-in and sign-out.
  write('POST', '/api/login', {}, ['email', 'password', 'login_redirect'], {
    auth: false,
    session: 'signsIn',
  }),
  write('POST', '/api/logout', {}, [], { auth: false, session: 'signsOut' }),

  // Accounts (signed out, except resending the verification email).
  write('POST', '/api/password/email', {}, ['email'], { auth: false }),
  write('POST', '/api/password/reset', {}, ['token', 'email', 'password', 'password_confirmation'], {
    auth: false,
  }),
  get('/api/user-activation/:username', { username: 'username' }, { auth: false }),
  ...(['POST', 'PATCH'] as const).map((method) =>
    write(
      method,
      '/api/user-activation',
      {},
      [
        'username',
        'email',
        'email_confirmation',
        'old_password',
        'password',
        'password_confirmation',
        'login_redirect',
      ],
      { auth: false },
    ),
  ),
  get('/api/email/resend'),
  get('/api/email/verify/:token', { token: 'verifyToken' }, { auth: false, answers: 'redirect' }),
  write('POST', '/api/unsubscribe/:token', { token: 'unsubscribeToken' }, [], { auth: false }),

  // The API's own description (OpenAPI 3.1), public.
  get('/api/openapi.json', {}, { auth: false }),

  // Users, tenants, contractors; the current user; avatars; the batch import.
  get('/api/users/current'),
  ...userTypeEndpoints,
  write('PATCH', '/api/users/:id/avatar', { id: 'user' }, ['avatar']),
  write('POST', '/api/users/batch/tenants', {}, ['users']),

  // Profile tabs and the notification bell.
  get('/api/users/:id/profile', { id: 'user' }),
  write('PATCH', '/api/users/:id/info', { id: 'user' }, PERSON),
  write('PATCH', '/api/users/:id/email', { id: 'user' }, ['old_email', 'email', 'email_confirmation']),
  write('PATCH', '/api/users/:id/password', { id: 'user' }, [
    'old_password',
    'password',
    'password_confirmation',
  ]),
  write('PATCH', '/api/users/:id/notifications', { id: 'user' }, [
    'notification_options[mail][tickets]',
    'notification_options[sms][phone_number]',
    'notification_options[sms][tickets]',
    'notification_options[phone][phone_number]',
    'notification_options[phone][tickets]',
    'notification_options',
  ]),
  get('/api/users/:id/notification-history', { id: 'user' }),
  get('/api/live', {}, { answers: 'stream' }),
  // Personal API tokens (issue 27): the user's own, from a browser session.
  get('/api/users/:id/api-tokens', { id: 'user' }),
  write('POST', '/api/users/:id/api-tokens', { id: 'user' }, ['name', 'lifetime']),
  write('DELETE', '/api/users/:id/api-tokens/:tokenId', { id: 'user', tokenId: 'apiToken' }, []),
  write('PATCH', '/api/users/:id/notification-history', { id: 'user' }, ['notifications_to_set[]']),
  write('PATCH', '/api/users/:id/language', { id: 'user' }, ['language']),

  // Landlords.
  get('/api/landlords/current'),
  get('/api/landlords', {}, { list: 'landlords' }),
  get('/api/landlords/create'),
  write('POST', '/api/landlords', {}, LANDLORD_FORM),
  get('/api/landlords/:id', { id: 'landlord' }),
  get('/api/landlords/:id/edit', { id: 'landlord' }),
  get('/api/landlords/:id/logo', { id: 'landlord' }, { auth: false }),
  write('PATCH', '/api/landlords/:id', { id: 'landlord' }, LANDLORD_FORM),
  write('DELETE', '/api/landlords/:id', { id: 'landlord' }, []),

  // A landlord's webhooks (issue 27).
  get('/api/landlords/:id/webhooks', { id: 'landlord' }),
  write('POST', '/api/landlords/:id/webhooks', { id: 'landlord' }, WEBHOOK_FORM),
  write(
    'PATCH',
    '/api/landlords/:id/webhooks/:webhookId',
    { id: 'landlord', webhookId: 'webhook' },
    WEBHOOK_FORM,
  ),
  write(
    'POST',
    '/api/landlords/:id/webhooks/:webhookId/enable',
    { id: 'landlord', webhookId: 'webhook' },
    [],
  ),
  write(
    'POST',
    '/api/landlords/:id/webhooks/:webhookId/disable',
    { id: 'landlord', webhookId: 'webhook' },
    [],
  ),
  write('DELETE', '/api/landlords/:id/webhooks/:webhookId', { id: 'landlord', webhookId: 'webhook' }, []),
  get(
    '/api/landlords/:id/webhooks/:webhookId/deliveries',
    { id: 'landlord', webhookId: 'webhook' },
    { filters: ['before'] },
  ),
  write(
    'POST',
    '/api/landlords/:id/webhooks/:webhookId/deliveries/:deliveryId/redeliver',
    { id: 'landlord', webhookId: 'webhook', deliveryId: 'webhookDelivery' },
    [],
  ),

  // Properties.
  get('/api/properties', {}, { list: 'properties', filters: LIST_FILTERS.landlord }),
  get('/api/properties/create'),
  write('POST', '/api/properties', {}, PROPERTY_FORM),
  get('/api/properties/:id', { id: 'property' }),
  get('/api/properties/:id/edit', { id: 'property' }),
  write('PATCH', '/api/properties/:id', { id: 'property' }, PROPERTY_FORM),
  write('DELETE', '/api/properties/:id', { id: 'property' }, []),

  // Units.
  get('/api/units', {}, { list: 'units', filters: LIST_FILTERS.unit }),
  get('/api/units/create', {}, { filters: ['landlord_id'] }),
  write('POST', '/api/units', {}, UNIT_FORM),
  get('/api/units/:id', { id: 'unit' }),
  get('/api/units/:id/edit', { id: 'unit' }, { filters: ['landlord_id'] }),
  get('/api/units/:id/categories', { id: 'unit' }),
  write('PATCH', '/api/units/:id', { id: 'unit' }, UNIT_FORM),
  write('DELETE', '/api/units/:id', { id: 'unit' }, []),

  // Categories.
  get('/api/categories', {}, { list: 'categories' }),
  write('POST', '/api/categories', {}, CATEGORY_FORM),
  get('/api/categories/:id', { id: 'category' }),
  get('/api/categories/:id/edit', { id: 'category' }),
  write('PATCH', '/api/categories/:id', { id: 'category' }, CATEGORY_FORM),
  write('DELETE', '/api/categories/:id', { id: 'category' }, []),

  // Tickets.
  get('/api/tickets/statuses'),
  get('/api/tickets/priorities'),
  get('/api/tickets', {}, { list: 'tickets', filters: TICKET_FILTERS }),
  write('POST', '/api/tickets', {}, TICKET_FORM),
  write('DELETE', '/api/tickets/batch', {}, ['tickets[]'], { batch: true }),
  write('PATCH', '/api/tickets/batch/status', {}, ['tickets[]', 'status'], { batch: true }),
  get('/api/tickets/:id', { id: 'ticket' }),
  write('PATCH', '/api/tickets/:id', { id: 'ticket' }, TICKET_FORM),
  write('DELETE', '/api/tickets/:id', { id: 'ticket' }, []),
  get('/api/tickets/:id/images/:imageId', { id: 'ticket', imageId: 'ticketImage' }, { answers: 'file' }),
  get(
    '/api/tickets/:id/images/:imageId/thumbnail',
    { id: 'ticket', imageId: 'ticketImage' },
    { answers: 'file' },
  ),
  // A ticket's conversation (issue 25).
  // A ticket's printable work order (issue 27): a PDF, for whoever reads the ticket's details.
  get('/api/tickets/:id/work-order.pdf', { id: 'ticket' }, { answers: 'pdf', filters: ['paper'] }),
  get('/api/tickets/:id/comments', { id: 'ticket' }),
  write('POST', '/api/tickets/:id/comments', { id: 'ticket' }, COMMENT_FORM),
  write('PATCH', '/api/tickets/:id/comments/:commentId', { id: 'ticket', commentId: 'ticketComment' }, [
    'body',
  ]),
  write('DELETE', '/api/tickets/:id/comments/:commentId', { id: 'ticket', commentId: 'ticketComment' }, []),
  get(
    '/api/tickets/:id/comments/:commentId/attachments/:attachmentId',
    { id: 'ticket', commentId: 'ticketComment', attachmentId: 'ticketCommentFile' },
    { answers: 'file' },
  ),
  get(
    '/api/tickets/:id/comments/:commentId/attachments/:attachmentId/thumbnail',
    { id: 'ticket', commentId: 'ticketComment', attachmentId: 'ticketCommentFile' },
    { answers: 'file' },
  ),
  get('/api/landlords/:id/tickets', { id: 'landlord' }, { list: 'tickets', filters: TICKET_FILTERS }),
  get('/api/users/:id/tickets', { id: 'user' }, { list: 'tickets', filters: TICKET_FILTERS }),
  // One assigned contractor per ticket (issue 25); its answer by a signed link, signed out.
  get('/api/tickets/:id/assignable-contractors', { id: 'ticket' }),
  write('PUT', '/api/tickets/:id/assignment', { id: 'ticket' }, ['contractor_id']),
  write('DELETE', '/api/tickets/:id/assignment', { id: 'ticket' }, []),
  write('POST', '/api/tickets/:id/assignment/accept', { id: 'ticket' }, []),
  write('POST', '/api/tickets/:id/assignment/decline', { id: 'ticket' }, ['reason']),
  get('/api/assignment-links/:token', { token: 'ticketLinkToken' }, { auth: false }),
  write('POST', '/api/assignment-links/:token/accept', { token: 'ticketLinkToken' }, [], { auth: false }),
  write('POST', '/api/assignment-links/:token/decline', { token: 'ticketLinkToken' }, ['reason'], {
    auth: false,
  }),
  // The tenant's sign-off of a completed ticket (issue 25); its answer by a signed link, signed out.
  write('POST', '/api/tickets/:id/signoff/confirm', { id: 'ticket' }, ['rating', 'comment']),
  write('POST', '/api/tickets/:id/signoff/reopen', { id: 'ticket' }, ['reason']),
  get('/api/signoff-links/:token', { token: 'ticketLinkToken' }, { auth: false }),
  write('POST', '/api/signoff-links/:token/confirm', { token: 'ticketLinkToken' }, ['rating', 'comment'], {
    auth: false,
  }),
  write('POST', '/api/signoff-links/:token/reopen', { token: 'ticketLinkToken' }, ['reason'], {
    auth: false,
  }),
  // A ticket's due times (issue 26).
  write('PATCH', '/api/tickets/:id/due', { id: 'ticket' }, [
    'respond_by',
    'respond_by[date]',
    'respond_by[time]',
    'resolve_by',
    'resolve_by[date]',
    'resolve_by[time]',
  ]),
  // Visits and the calendar (issue 25).
  write('POST', '/api/tickets/:id/visits', { id: 'ticket' }, [
    'visit',
    'visit[start_date]',
    'visit[start_time]',
    'visit[end_date]',
    'visit[end_time]',
  ]),
  write('POST', '/api/tickets/:id/visits/:visitId/confirm', { id: 'ticket', visitId: 'ticketVisit' }, []),
  write('POST', '/api/tickets/:id/visits/:visitId/refuse', { id: 'ticket', visitId: 'ticketVisit' }, [
    'reason',
  ]),
  write('POST', '/api/tickets/:id/visits/:visitId/cancel', { id: 'ticket', visitId: 'ticketVisit' }, [
    'reason',
  ]),
  get('/api/visits', {}, { filters: ['from', 'to', 'landlord_id'] }),
  get('/api/users/:id/calendar-feed', { id: 'user' }),
  write('POST', '/api/users/:id/calendar-feed/reset', { id: 'user' }, []),

  // Contact form, outbox, dashboard.
  write('POST', '/api/contact', {}, [
    'meta[first_name]',
    'meta[last_name]',
    'meta[company_name]',
    'meta[email]',
    'meta[phone_number]',
    'meta',
    'subject',
    'message',
  ]),
  get('/api/contact', {}, { list: 'contact' }),
  get('/api/contact/:id', { id: 'contact' }),
  get('/api/outbox', {}, { list: 'outbox', filters: ['status', 'channel'] }),
  write('POST', '/api/outbox/:id/retry', { id: 'outbox' }, []),
  get('/api/dashboard'),

  // Estimates, invoices and the owner's approval (issue 26).
  write('POST', '/api/tickets/:id/estimates', { id: 'ticket' }, COST_FORM),
  write('POST', '/api/tickets/:id/invoices', { id: 'ticket' }, COST_FORM),
  write('POST', '/api/tickets/:id/costs/:costId/approve', { id: 'ticket', costId: 'ticketCost' }, []),
  write('POST', '/api/tickets/:id/costs/:costId/decline', { id: 'ticket', costId: 'ticketCost' }, ['reason']),
  write('POST', '/api/tickets/:id/costs/:costId/paid', { id: 'ticket', costId: 'ticketCost' }, ['paid_on']),
  get(
    '/api/tickets/:id/costs/:costId/attachment',
    { id: 'ticket', costId: 'ticketCost' },
    { answers: 'file' },
  ),
  get('/api/approval-links/:token', { token: 'approvalToken' }, { auth: false }),
  write('POST', '/api/approval-links/:token/approve', { token: 'approvalToken' }, [], { auth: false }),
  write('POST', '/api/approval-links/:token/decline', { token: 'approvalToken' }, ['reason'], {
    auth: false,
  }),

  // Schedules of recurring work (issue 26).
  get('/api/schedules', {}, { list: 'schedules', filters: ['property_id', 'state'] }),
  write('POST', '/api/schedules', {}, SCHEDULE_FORM),
  get('/api/schedules/:id', { id: 'schedule' }),
  write('PATCH', '/api/schedules/:id', { id: 'schedule' }, SCHEDULE_FORM),
  write('DELETE', '/api/schedules/:id', { id: 'schedule' }, []),
  write('POST', '/api/schedules/:id/pause', { id: 'schedule' }, []),
  write('POST', '/api/schedules/:id/resume', { id: 'schedule' }, []),

  // CSV exports of the lists (issue 27): each takes its list's query and answers every row as a file (`csv`: the
  // list suites send them their own checks, and the bench's surface leaves them out, as it does files).
  ...EXPORTS,
];

/** Stored files outside /api: logos are public, avatars need a signed-in user of the record's landlord. */
export const FILE_ENDPOINT = get('/uploads/*', { '*': 'uploadKey' }, { answers: 'file' });

/** The endpoints whose path names at least one record. */
export const ID_ENDPOINTS = ENDPOINTS.filter((endpoint) => Object.keys(endpoint.params).length > 0);

/** `METHOD path` (for test names and lookups). */
export const label = (endpoint: Pick<Endpoint, 'method' | 'path'>) => `${endpoint.method} ${endpoint.path}`;

/**
 * The URL of an endpoint with its parameters filled: `fill(kind, param)` answers the value of each
 * (an id, a username, a token...), which is URL-encoded here.
 */
export function fillPath(
  endpoint: Pick<Endpoint, 'path' | 'params'>,
  fill: (kind: ParamKind, param: string) => string | number,
): string {
  return endpoint.path.replace(/:([A-Za-z]+)|\*$/g, (_whole, name: string | undefined) => {
    const param = name ?? '*';
    const kind = endpoint.params[param];
    if (!kind) throw new Error(`no kind for ${param} in ${endpoint.path}`);
    const value = String(fill(kind, param));
    return param === '*' ? value.split('/').map(encodeURIComponent).join('/') : encodeURIComponent(value);
  });
}

/**
 * The API routes the app registered, as `METHOD /api/path` (HEAD left out; the POST that Fastify
 * registers for the `_method` override is listed as POST). Read from Fastify's route tree.
 */
export function apiRoutesOf(app: FastifyInstance): string[] {
  const tree = app.printRoutes({ commonPrefix: false });
  const stack: string[] = [];
  const found: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([\s│]*)[├└]── (\S+) \(([A-Z, ]+)\)$/.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    const parent = depth === 0 ? '' : stack[depth - 1];
    const full = depth === 0 ? match[2] : `${parent === '/' ? '/' : parent}${match[2]}`;
    stack[depth] = full;
    stack.length = depth + 1;
    // The reference page's own files (@fastify/swagger-ui) are a page, not the API; test/openapi.test.ts serves it.
    if (!full.startsWith('/api/') || full.startsWith('/api/docs')) continue;
    for (const method of match[3].split(', ')) if (method !== 'HEAD') found.push(`${method} ${full}`);
  }
  return found.sort();
}

/**
 * The routes an endpoint list accounts for, in the form of `apiRoutesOf`: each endpoint, plus the POST
 * that dispatches `_method` on every path with a PATCH or DELETE.
 */
export function routesOf(endpoints: Endpoint[]): string[] {
  const routes = new Set(endpoints.map(label));
  for (const endpoint of endpoints)
    if (endpoint.method === 'PUT' || endpoint.method === 'PATCH' || endpoint.method === 'DELETE')
      routes.add(`POST ${endpoint.path}`);
  return [...routes].sort();
}

// ---------------------------------------------------------------------------------------------------------
// A world to fill the paths with: two landlords (north = A, south = B) with people of every role
// (helpers/ticket-factories), and per landlord a ticket with an image and a comment with a file, a contact
// message, notifications, outbox messages, pictures and a temporary account.

export interface EndpointSide extends LandlordWorld {
  /** Made through the API by the side's tenant, with one image: routed to its plumber and manager. */
  ticket: number;
  image: number;
  /** A comment on `ticket` by the side's tenant, visible to everyone, with one image (`commentFile`). */
  comment: number;
  commentFile: number;
  /** A second ticket (on unit2). */
  ticket2: number;
  /** A visit on `ticket`, booked by the side's plumber (assigned, accepted) inside the tenant's window. */
  visit: number;
  /** Sent by the side's tenant. */
  contact: number;
  /** A monthly schedule of the side's manager on its property's roof (the whole property). */
  schedule: number;
  /** An estimate of `ticket` by the side's plumber (who accepted the job), waiting for a manager. */
  cost: number;
  /** An outbox message to the side's manager (about `ticket`). */
  outbox: number;
  /** A notification of the side's manager (about `ticket`). */
  notification: number;
  /** A temporary account of the side (username). */
  tempUsername: string;
  /** The id (as the list names it) of a personal API token of the side's tenant. */
  apiToken: string;
  /** A webhook endpoint of the side's landlord, added by its manager, and one delivery of it (about `ticket`). */
  webhook: number;
  webhookDelivery: number;
  /** Storage keys of the tenant's avatar, the unit's and the property's picture. */
  avatars: { user: string; unit: string; property: string };
}

export interface EndpointWorld extends Omit<World, 'north' | 'south'> {
  a: EndpointSide;
  b: EndpointSide;
}

async function webp(): Promise<Buffer> {
  return sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 9, g: 9, b: 9 } } })
    .webp()
    .toBuffer();
}

/** A picture stored straight into storage and set on a unit or a property. */
async function storePicture(t: TestApp, folder: string): Promise<string> {
  const key = `${folder}/${randomBytes(16).toString('hex')}.webp`;
  await t.app.storage.put(key, await webp());
  return key;
}

async function completeSide(t: TestApp, world: World, side: LandlordWorld, prefix: string) {
  const tenant = await clientFor(t, side.tenant);
  const created = await tenant.post(
    '/api/tickets',
    ticketForm({
      title: `${prefix} leaking tap`,
      category_id: world.plumbing.id,
      images: [file(await pngImage(), `${prefix.toLowerCase()}-leak.png`, 'image/png')],
    }),
  );
  if (created.statusCode !== 201) throw new Error(`ticket of ${prefix}: ${created.body}`);
  const ticket = created.json() as { id: number; images: string[] };
  const image = Number(ticket.images[0].split('/images/')[1].split('/')[0]);
  const commented = await tenant.post(`/api/tickets/${ticket.id}/comments`, {
    body: `${prefix} the tap still drips`,
    visibility: 'everyone',
    attachments: [file(await pngImage(), `${prefix.toLowerCase()}-drip.png`, 'image/png')],
  });
  if (commented.statusCode !== 201) throw new Error(`comment of ${prefix}: ${commented.body}`);
  const comment = commented.json().data as { id: number; attachments: { id: number }[] };
  const visit = await bookedVisit(t.db, ticket.id, side.property.id, side.plumber.id, side.manager.id);
  const ticket2 = await insertTicket(t.db, {
    unit: side.unit2,
    tenant: side.tenant2,
    title: `${prefix} broken window`,
    category: world.electrical,
    recipients: [side.manager],
  });
  const contact = await tenant.post('/api/contact', {
    meta: {
      first_name: side.tenant.firstName,
      last_name: side.tenant.lastName,
      company_name: `${prefix} Co`,
      email: side.tenant.email,
      phone_number: '780 555 0111',
    },
    subject: `${prefix} question`,
    message: `${prefix} message`,
  });
  if (contact.statusCode !== 201) throw new Error(`contact of ${prefix}: ${contact.body}`);
  const [outbox] = await t.db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(eq(outboxMessages.userId, side.manager.id))
    .orderBy(asc(outboxMessages.id))
    .limit(1);
  const [notification] = await t.db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.userId, side.manager.id), eq(notifications.ticketId, ticket.id)))
    .limit(1);
  if (!outbox || !notification) throw new Error(`no outbox message or notification for ${prefix}`);

  const manager = await clientFor(t, side.manager);
  const scheduled = await manager.post('/api/schedules', {
    property_id: side.property.id,
    unit_id: '',
    title: `${prefix} gutter cleaning`,
    category_id: world.roofing.id,
    priority: 0,
    frequency: 'monthly',
    interval: 1,
    month_day: 1,
    starts_on: '2027-01-01',
  });
  if (scheduled.statusCode !== 201) throw new Error(`schedule of ${prefix}: ${scheduled.body}`);

  const tempUsername = `${prefix.toLowerCase()}temp`;
  await createUser(t.db, {
    role: 2,
    landlordId: side.landlord.id,
    username: tempUsername,
    email: temporaryEmailFor(tempUsername),
  });

  const avatars = {
    user: await storePicture(t, `avatars/users/${side.tenant.id}`),
    unit: await storePicture(t, `avatars/units/${side.unit.id}`),
    property: await storePicture(t, `avatars/properties/${side.property.id}`),
  };
  await t.db.update(users).set({ avatar: avatars.user }).where(eq(users.id, side.tenant.id));
  await t.db.update(units).set({ avatar: avatars.unit }).where(eq(units.id, side.unit.id));
  await t.db.update(properties).set({ avatar: avatars.property }).where(eq(properties.id, side.property.id));

  const apiToken = await tenant.post(`/api/users/${side.tenant.id}/api-tokens`, {
    name: `${prefix} sync`,
    lifetime: 'never',
  });
  if (apiToken.statusCode !== 201) throw new Error(`API token of ${prefix}: ${apiToken.body}`);
  const { webhook, webhookDelivery } = await webhookOf(t, side, ticket.id, prefix);

  return {
    ...side,
    apiToken: (apiToken.json() as { data: { id: string } }).data.id,
    webhook,
    webhookDelivery,
    ticket: ticket.id,
    image,
    comment: comment.id,
    commentFile: comment.attachments[0].id,
    ticket2: ticket2.id,
    visit,
    contact: (contact.json() as { data: { id: number } }).data.id,
    schedule: (scheduled.json() as { id: number }).id,
    cost: await estimateOf(t, side, ticket.id),
    outbox: outbox.id,
    notification: notification.id,
    tempUsername,
    avatars,
  } satisfies EndpointSide;
}

/** A webhook of the side's landlord, added by its manager through the API, and a delivery of an event about its ticket. */
async function webhookOf(t: TestApp, side: LandlordWorld, ticketId: number, prefix: string) {
  const manager = await clientFor(t, side.manager);
  const added = await manager.post(`/api/landlords/${side.landlord.id}/webhooks`, {
    url: `https://hooks.example.com/${prefix.toLowerCase()}`,
    description: `${prefix} accounting`,
    events: ['ticket.updated'],
  });
  if (added.statusCode !== 201) throw new Error(`webhook of ${prefix}: ${added.body}`);
  await t.db.transaction((tx) =>
    queueWebhookEvent(tx, t.app.config.appUrl, 'ticket.updated', ticketId, { fields: ['title'] }),
  );
  const [delivery] = await t.db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.ticketId, ticketId));
  if (!delivery) throw new Error(`no webhook delivery for ${prefix}`);
  return { webhook: (added.json() as { data: { id: number } }).data.id, webhookDelivery: delivery.id };
}

/** An estimate of the side's plumber on its ticket (the job is accepted by then), through the API. */
async function estimateOf(t: TestApp, side: LandlordWorld, ticketId: number): Promise<number> {
  const plumber = await clientFor(t, side.plumber);
  const sent = await plumber.post(`/api/tickets/${ticketId}/estimates`, {
    currency: 'CAD',
    lines: JSON.stringify([{ kind: 'labour', description: 'Replace the cartridge', amount_cents: 12_000 }]),
    tax_cents: 600,
  });
  if (sent.statusCode !== 201) throw new Error(`estimate: ${sent.body}`);
  const costs = (sent.json() as { data: { costs: { items: { id: number }[] } } }).data.costs.items;
  return costs[0].id;
}

/** The ticket assigned to its plumber, who accepted it and booked a visit the day after tomorrow (rows only). */
async function bookedVisit(
  db: Db,
  ticketId: number,
  propertyId: number,
  plumberId: number,
  managerId: number,
): Promise<number> {
  const now = Date.now();
  await db.insert(ticketAssignments).values({
    ticketId,
    contractorId: plumberId,
    state: 'accepted',
    assignedBy: managerId,
    assignedAt: new Date(now),
    respondBy: new Date(now + 48 * 3600_000),
    answeredAt: new Date(now),
  });
  await db
    .update(ticketRecipients)
    .set({ assigned: true })
    .where(and(eq(ticketRecipients.ticketId, ticketId), eq(ticketRecipients.userId, plumberId)));
  const startsAt = new Date(Math.ceil(now / 3600_000) * 3600_000 + 48 * 3600_000);
  const [visit] = await db
    .insert(ticketVisits)
    .values({
      ticketId,
      contractorId: plumberId,
      propertyId,
      state: 'booked',
      startsAt,
      endsAt: new Date(startsAt.getTime() + 3600_000),
      inWindow: true,
    })
    .returning({ id: ticketVisits.id });
  return visit.id;
}

/** Builds the world (about a second on PGlite). */
export async function createEndpointWorld(t: TestApp): Promise<EndpointWorld> {
  const { north, south, ...rest } = await createWorld(t.db);
  const a = await completeSide(t, { north, south, ...rest }, north, 'North');
  const b = await completeSide(t, { north, south, ...rest }, south, 'South');
  return { ...rest, a, b };
}

/**
 * Fills every kind of parameter with a record of one side: `user` and `tenant` are the side's tenant,
 * `contractor` its plumber, `category` the shared plumbing category. Tokens are well-formed but unknown.
 */
export function sideFill(world: EndpointWorld, side: EndpointSide) {
  return (kind: ParamKind): string | number => {
    switch (kind) {
      case 'landlord':
        return side.landlord.id;
      case 'property':
        return side.property.id;
      case 'unit':
        return side.unit.id;
      case 'category':
        return world.plumbing.id;
      case 'ticket':
        return side.ticket;
      case 'ticketImage':
        return side.image;
      case 'ticketComment':
        return side.comment;
      case 'ticketCommentFile':
        return side.commentFile;
      case 'user':
      case 'tenant':
        return side.tenant.id;
      case 'contractor':
        return side.plumber.id;
      case 'contact':
        return side.contact;
      case 'outbox':
        return side.outbox;
      case 'username':
        return side.tempUsername;
      case 'verifyToken':
        return randomBytes(32).toString('base64url');
      case 'unsubscribeToken':
        return `${side.tenant.id}.mail.tickets.${randomBytes(32).toString('base64url')}`;
      case 'ticketVisit':
        return side.visit;
      case 'schedule':
        return side.schedule;
      case 'ticketCost':
        return side.cost;
      case 'approvalToken':
        return `${side.cost.toString(36)}.1.lz1a2b3c.${(2 ** 31).toString(36)}.${randomBytes(32).toString('base64url')}`;
      case 'ticketLinkToken':
        return `${side.ticket.toString(36)}.${side.plumber.id.toString(36)}.lz1a2b3c.${(2 ** 31).toString(36)}.${randomBytes(32).toString('base64url')}`;
      case 'apiToken':
        return side.apiToken;
      case 'webhook':
        return side.webhook;
      case 'webhookDelivery':
        return side.webhookDelivery;
      case 'uploadKey':
        return side.avatars.user;
    }
  };
}

// ---------------------------------------------------------------------------------------------------------
// Snapshots: what "nothing changed" means.

/** Tables whose rows change on every visit (sign-ins, remembered `_nonce` answers): left out of snapshots. */
const VOLATILE_TABLES = new Set(['sessions', 'idempotency_keys']);

/** The tables of the app's schema, sorted. */
export async function tableNames(db: Db): Promise<string[]> {
  const result = await db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return result.rows.map((row) => row.name);
}

/**
 * Every table's row count and a hash of all its rows (every column, updated_at included), volatile tables
 * left out: two equal snapshots mean no row was added, removed or changed in between.
 */
export async function snapshot(db: Db): Promise<Record<string, { rows: number; hash: string }>> {
  const found: Record<string, { rows: number; hash: string }> = {};
  for (const name of await tableNames(db)) {
    if (VOLATILE_TABLES.has(name) || !/^[a-z_]+$/.test(name)) continue;
    const result = await db.execute<{ rows: number; hash: string }>(
      sql.raw(
        `select count(*)::int as rows, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as hash from "${name}" t`,
      ),
    );
    found[name] = result.rows[0];
  }
  return found;
}

/**
 * Every row that belongs to one side (its landlord, properties, units, people, tickets and what hangs from
 * them, its contact messages, notifications, outbox messages), as text: equal before and after means none
 * of them was changed, added or removed.
 */
export async function sideRows(db: Db, side: EndpointSide): Promise<Record<string, string[]>> {
  const landlord = side.landlord.id;
  const queries: Record<string, string> = {
    landlords: `select t::text from landlords t where id = ${landlord}`,
    properties: `select t::text from properties t where landlord_id = ${landlord}`,
    units: `select t::text from units t where property_id in (select id from properties where landlord_id = ${landlord})`,
    users: `select t::text from users t where landlord_id = ${landlord}`,
    tickets: `select t::text from tickets t where property_id in (select id from properties where landlord_id = ${landlord})`,
    ticket_images: `select t::text from ticket_images t where ticket_id in (${side.ticket}, ${side.ticket2})`,
    ticket_log: `select t::text from ticket_log t where ticket_id in (${side.ticket}, ${side.ticket2})`,
    ticket_categories: `select t::text from ticket_categories t where ticket_id in (${side.ticket}, ${side.ticket2})`,
    ticket_recipients: `select t::text from ticket_recipients t where ticket_id in (${side.ticket}, ${side.ticket2})`,
    ticket_assignments: `select t::text from ticket_assignments t where ticket_id in (${side.ticket}, ${side.ticket2})`,
    ticket_visits: `select t::text from ticket_visits t where ticket_id in (${side.ticket}, ${side.ticket2})`,
    ticket_signoffs: `select t::text from ticket_signoffs t where ticket_id in (${side.ticket}, ${side.ticket2})`,
    ticket_comments: `select t::text from ticket_comments t where ticket_id in (${side.ticket}, ${side.ticket2})`,
    ticket_comment_files: `select t::text from ticket_comment_files t where comment_id in (select id from ticket_comments where ticket_id in (${side.ticket}, ${side.ticket2}))`,
    tenant_units: `select t::text from tenant_units t where user_id in (select id from users where landlord_id = ${landlord})`,
    contractor_properties: `select t::text from contractor_properties t where user_id in (select id from users where landlord_id = ${landlord})`,
    contact_submissions: `select t::text from contact_submissions t where user_id in (select id from users where landlord_id = ${landlord})`,
    notifications: `select t::text from notifications t where user_id in (select id from users where landlord_id = ${landlord})`,
    outbox_messages: `select t::text from outbox_messages t where user_id in (select id from users where landlord_id = ${landlord})`,
    webhook_endpoints: `select t::text from webhook_endpoints t where landlord_id = ${landlord}`,
    webhook_deliveries: `select t::text from webhook_deliveries t where endpoint_id in (select id from webhook_endpoints where landlord_id = ${landlord})`,
  };
  const found: Record<string, string[]> = {};
  for (const [name, query] of Object.entries(queries)) {
    const result = await db.execute<{ t: string }>(sql.raw(`${query} order by 1`));
    found[name] = result.rows.map((row) => row.t);
  }
  return found;
}
