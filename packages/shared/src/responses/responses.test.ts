import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import type { ApiUser, CurrentUserResponse, ErrorResponse, ListResponse } from '../api';
import type { ApiDashboard } from '../api-dashboard';
import type { ApiUnit } from '../api-records';
import type { ApiTicket, ApiTicketCommentList } from '../api-tickets';
import type { ApiCreatedUser } from '../api-users';
import { ERROR_CODE, type ErrorCode } from '../error-codes';
import { ROLES, type Role, type UserType } from '../roles';
import * as accounts from './accounts';
import * as common from './common';
import * as dashboard from './dashboard';
import * as records from './records';
import * as tickets from './tickets';
import * as users from './users';

const modules = { common, accounts, dashboard, records, tickets, users };

/** Every exported schema, by "module.exportName". */
const schemas = Object.entries(modules).flatMap(([moduleName, exports]) =>
  Object.entries(exports)
    .filter((entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType)
    .map(([name, schema]) => ({ name: `${moduleName}.${name}`, exportName: name, schema })),
);

const user = {
  id: 7,
  username: 'jane',
  name: 'Jane Doe',
  first_name: 'Jane',
  last_name: 'Doe',
  company_name: '',
  email: 'jane@example.com',
  phone_number: '+17805550100',
  address_1: '1 Main St',
  address_2: '',
  country: 'CA',
  province: 'AB',
  city: 'Edmonton',
  postal: 'T5J 0N3',
  avatar: null,
  role: 2,
  role_name: 'Tenant',
  is_super_admin: false,
  is_temporary: false,
  email_verified_at: '2024-05-01T10:00:00.000Z',
  landlord_id: 3,
  notification_options: {
    mail: { tickets: true, reminders: true, support: false },
    sms: { phone_number: '+17805550100', tickets: false, reminders: false, support: false },
    phone: { phone_number: '', tickets: false },
  },
  language: null,
  created_at_timestamp: 1714557600,
  path: '/api/users/7/',
} satisfies ApiUser;

const currentUser = {
  user,
  role: 2,
  path: '/api/users/7/',
  landlord: {
    id: 3,
    name: 'Acme Rentals',
    description: '',
    avatar: '/api/landlords/3/logo',
    path: '/api/landlords/3/',
  },
  notifications: [
    {
      id: 11,
      viewed: false,
      ticket_id: 42,
      contact_id: null,
      link: '/tickets/42',
      title: 'Ticket 042',
      subtitle: 'Status changed',
      description: 'Now In Progress',
      image: null,
      timestamp: 1714560000,
    },
  ],
} satisfies CurrentUserResponse;

const unit = {
  id: 5,
  name: 'Unit 101',
  description: '',
  gmaps_url: '',
  postal_code: 'T5J 0N3',
  address: '1 Main St',
  avatar: null,
  property_id: 2,
  property: { id: 2, name: 'Main St Lofts', landlord_id: 3 },
  time_zone: 'America/Edmonton',
  tenant: null,
  users: [],
  tickets: [{ id: 42, title: 'Leaking tap', status: 1, status_text: 'In Progress' }],
  category_ids: [4],
  categories: [{ id: 4, title: 'Plumbing', description: 'Pipes and taps' }],
  path: '/api/units/5/',
  created_at_timestamp: 1714557600,
} satisfies ApiUnit;

const ticket = {
  id: 42,
  visible_id: '042',
  title: 'Leaking tap',
  description: 'The kitchen tap drips.',
  priority: 1,
  priority_text: 'Normal',
  status: 1,
  status_text: 'In Progress',
  status_slug: 'in-progress',
  unit_id: 5,
  property_id: 2,
  unit: {
    id: 5,
    name: 'Unit 101',
    address: '1 Main St',
    postal_code: 'T5J 0N3',
    city: 'Edmonton',
    province: 'AB',
    country: 'CA',
    gmaps_url: '',
  },
  category_ids: [4],
  categories: [{ id: 4, title: 'Plumbing' }],
  tenant: { id: 7, name: 'Jane Doe', company_name: '', avatar: null },
  tenant_name: 'Jane Doe',
  property_name: 'Main St Lofts',
  meta: { entry: 'Key under the mat' },
  contact_details: { first_name: 'Jane', last_name: 'Doe', email: 'jane@example.com', phone_number: '' },
  created_at: '2024-05-01T10:00:00.000Z',
  created_at_timestamp: 1714557600,
  updated_at: '2024-05-01T11:00:00.000Z',
  closed_at: null,
  path: '/api/tickets/42/',
  highlighted: false,
  can: {
    update: true,
    delete: false,
    change_status: false,
    assign: false,
    answer_assignment: false,
    book_visit: false,
    answer_visit: false,
    cancel_visit: false,
    sign_off: false,
    change_due: false,
  },
  assignee: { id: 9, name: 'Pat Pipes', state: 'accepted', state_text: 'Accepted' },
  due: {
    respond_by_timestamp: 1714644000,
    resolve_by_timestamp: 1715162400,
    responded_at_timestamp: 1714561200,
    next: 'resolution',
    next_timestamp: 1715162400,
    state: 'later',
    respond_by_text: 'Thu, May 2, 4:00 AM',
    resolve_by_text: 'Wed, May 8, 4:00 AM',
    respond_by: { date: '2024-05-02', time: '04:00' },
    resolve_by: { date: '2024-05-08', time: '04:00' },
    time_zone: 'America/Edmonton',
  },
  images: ['/api/tickets/42/images/1', '/api/tickets/42/images/2'],
  thumbnails: ['/api/tickets/42/images/1/thumbnail', null],
  image_files: [
    {
      id: 1,
      url: '/api/tickets/42/images/1',
      thumbnail_url: '/api/tickets/42/images/1/thumbnail',
      mime_type: 'image/jpeg',
      name: 'tap.jpg',
      size: 123456,
      is_image: true,
    },
    {
      id: 2,
      url: '/api/tickets/42/images/2',
      thumbnail_url: null,
      mime_type: 'application/pdf',
      name: 'quote.pdf',
      size: 2048,
      is_image: false,
    },
  ],
  availability: [{ start: 1714640400, end: 1714644000 }],
  availability_ranges: [
    { start_date: '2024-05-02', start_time: '03:00', end_date: '2024-05-02', end_time: '04:00' },
  ],
  availability_strings: ['Thu, May 2, 3:00 AM – 4:00 AM'],
  availability_time_zone: 'America/Edmonton',
  log: [
    {
      id: 1,
      action: 'created',
      description: 'Ticket created',
      user: { id: 7, name: 'Jane Doe' },
      timestamp: 1,
    },
    { id: 2, action: 'routed', description: 'Sent to contractors', user: null, timestamp: 2 },
  ],
  log_length: 2,
  assignment: {
    id: 9,
    name: 'Pat Pipes',
    state: 'accepted',
    state_text: 'Accepted',
    company_name: 'Pipes Inc.',
    avatar: null,
    assigned_at_timestamp: 1714557700,
    respond_by_timestamp: 1714730500,
    answered_at_timestamp: 1714560000,
    decline_reason: '',
  },
  visit: null,
  visits: [],
  signoff: {
    id: 5,
    state: 'confirmed',
    state_text: 'Confirmed',
    asked_at_timestamp: 1714560000,
    answered_at_timestamp: 1714570000,
    tenant: { id: 7, name: 'Jane Doe' },
    contractor: { id: 9, name: 'Pat Pipes' },
    rating: 5,
    comment: 'Quick and tidy.',
    reopen_reason: '',
  },
  signoffs: [],
  awaiting_owner: false,
  cost_totals: { currency: 'CAD', estimate_cents: 45_000, invoice_cents: null },
  costs: {
    currency: 'CAD',
    approval_limit_cents: 50_000,
    items: [
      {
        id: 3,
        kind: 'estimate',
        kind_text: 'Estimate',
        state: 'approved',
        state_text: 'Approved',
        contractor: { id: 9, name: 'Pat Pipes' },
        currency: 'CAD',
        lines: [{ kind: 'labour', kind_text: 'Labour', description: 'Two hours', amount_cents: 40_000 }],
        subtotal_cents: 40_000,
        tax_cents: 5_000,
        total_cents: 45_000,
        total_text: 'CA$450.00',
        note: '',
        attachment: null,
        decided_by: 'Olivia Manager',
        decided_at_timestamp: 1714570000,
        decline_reason: '',
        paid_on: null,
        created_at_timestamp: 1714560000,
        can: { approve: false, decline: false, mark_paid: false },
      },
    ],
    can_submit: false,
  },
} satisfies ApiTicket;

const comments = {
  data: [
    {
      id: 3,
      ticket_id: 42,
      body: 'The plumber comes on Tuesday.\nPlease leave the key.',
      visibility: 'everyone',
      author: { id: 2, name: 'Olivia Manager', avatar: null, role_name: 'Manager' },
      attachments: [
        {
          id: 1,
          url: '/api/tickets/42/comments/3/attachments/1',
          thumbnail_url: '/api/tickets/42/comments/3/attachments/1/thumbnail',
          mime_type: 'image/jpeg',
          original_name: 'tap.jpg',
        },
      ],
      created_at_timestamp: 1714557600,
      edited_at_timestamp: null,
      editable_until_timestamp: 1714558500,
      can_edit: false,
      can_delete: true,
    },
    {
      id: 4,
      ticket_id: 42,
      body: 'Staff only',
      visibility: 'staff',
      author: null,
      attachments: [],
      created_at_timestamp: 1714557700,
      edited_at_timestamp: 1714557800,
      editable_until_timestamp: 1714558600,
      can_edit: false,
      can_delete: true,
    },
  ],
  has_earlier: false,
  visibilities: ['everyone', 'contractor', 'staff'],
} satisfies ApiTicketCommentList;

const dashboardAnswer = {
  totals: { open: 3, closed: 1, all: 4 },
  open_by_status: [{ status: 0, status_text: 'New', count: 3 }],
  open_by_property: [{ property_id: 2, property_name: 'Main St Lofts', count: 3 }],
  weekly: [{ week_start: '2024-04-29', opened: 4, closed: 1 }],
  time_to_close: { mean_hours: 12.5, median_hours: 10, count: 1 },
  oldest_open: [
    {
      id: 42,
      visible_id: '042',
      title: 'Leaking tap',
      status: 0,
      status_text: 'New',
      property_name: 'Main St Lofts',
      created_at_timestamp: 1714557600,
      path: '/api/tickets/42/',
    },
  ],
  ratings: { count: 3, average: 4.33 },
  due: { overdue: 2, due_soon: 1, months: [{ month: '2024-05', resolved: 4, in_target: 3 }] },
  money: {
    open_approvals: 2,
    awaiting_owner: 1,
    spend: [
      {
        property_id: 3,
        property_name: 'Riverside Commons',
        currency: 'CAD',
        months: [{ month: '2027-03', cents: 31_500 }],
        total_cents: 31_500,
      },
    ],
  },
} satisfies ApiDashboard;

describe('response schemas', () => {
  it('parse realistic answers unchanged', () => {
    expect(common.apiUserSchema.parse(user)).toEqual(user);
    expect(common.currentUserResponseSchema.parse(currentUser)).toEqual(currentUser);
    expect(records.apiUnitSchema.parse(unit)).toEqual(unit);
    expect(tickets.apiTicketSchema.parse(ticket)).toEqual(ticket);
    expect(tickets.apiTicketCommentListSchema.parse(comments)).toEqual(comments);
    const posted = { message: 'Comment posted', data: comments.data[0] };
    expect(tickets.apiTicketCommentResponseSchema.parse(posted)).toEqual(posted);
    expect(dashboard.apiDashboardSchema.parse(dashboardAnswer)).toEqual(dashboardAnswer);

    const page = { data: [unit], meta: { total: 1, page: 1, per_page: 25 } } satisfies ListResponse<ApiUnit>;
    expect(common.listResponseSchema(records.apiUnitSchema).parse(page)).toEqual(page);
    const capped = { data: [], meta: { total: 10000, page: 1, per_page: 25, total_capped: true as const } };
    expect(common.listResponseSchema(records.apiUnitSchema).parse(capped)).toEqual(capped);
    expect(common.listResponseSchema(records.apiUnitSchema).parse({ data: [] })).toEqual({ data: [] });

    const error = {
      code: 'validation_failed',
      message: 'Check the form',
      errors: { email: ['Taken'] },
    } satisfies ErrorResponse;
    expect(common.errorResponseSchema.parse(error)).toEqual(error);
    expect(common.formErrorResponseSchema.parse(error)).toEqual(error);

    const created = {
      ...user,
      type: 'tenants',
      landlord: { id: 3, name: 'Acme Rentals' },
      unit_id: 5,
      units: [{ id: 5, name: 'Unit 101' }],
      property_ids: [],
      properties: [],
      category_ids: [],
      categories: [],
      can: { update: true, delete: true },
      rating: null,
      generated_password: 'correct-horse',
    } satisfies ApiCreatedUser;
    expect(users.apiCreatedUserSchema.parse(created)).toEqual(created);
    const { generated_password: _, ...record } = created;
    expect(users.apiUserRecordSchema.parse(record)).toEqual(record);
  });

  it('refuse answers of the wrong shape', () => {
    expect(common.apiUserSchema.safeParse({ ...user, role: 5 }).success).toBe(false);
    expect(common.apiUserSchema.safeParse({ ...user, id: '7' }).success).toBe(false);
    expect(common.apiUserSchema.safeParse({ ...user, id: 7.5 }).success).toBe(false);
    expect(common.apiUserSchema.safeParse({ ...user, landlord_id: undefined }).success).toBe(false);
    const { path: _, ...withoutPath } = user;
    expect(common.apiUserSchema.safeParse(withoutPath).success).toBe(false);
    expect(tickets.apiTicketSchema.safeParse({ ...ticket, thumbnails: [1] }).success).toBe(false);
    expect(tickets.apiTicketSchema.safeParse({ ...ticket, closed_at: undefined }).success).toBe(false);
    expect(common.errorResponseSchema.safeParse({ code: 'oops', message: 'x' }).success).toBe(false);
    // A form error always has its field errors; a plain error answer may not.
    expect(common.errorResponseSchema.safeParse({ code: 'not_found', message: 'x' }).success).toBe(true);
    expect(common.formErrorResponseSchema.safeParse({ code: 'not_found', message: 'x' }).success).toBe(false);
    const page = { data: [unit], meta: { total: 1, page: 1, per_page: 25, total_capped: false } };
    expect(common.listResponseSchema(records.apiUnitSchema).safeParse(page).success).toBe(false);
    expect(common.listErrorResponseSchema.safeParse({ error: false, message: 'x' }).success).toBe(false);
    expect(accounts.apiOutboxChannelSchema.safeParse('fax').success).toBe(false);
    const comment = comments.data[0];
    expect(tickets.apiTicketCommentSchema.safeParse({ ...comment, visibility: 'tenants' }).success).toBe(
      false,
    );
    expect(tickets.apiTicketCommentSchema.safeParse({ ...comment, author: undefined }).success).toBe(false);
  });

  it('take roles, user types and error codes from their runtime constants', () => {
    expect(common.roleSchema.options).toEqual([...ROLES]);
    expect(common.errorCodeSchema.options).toEqual(Object.values(ERROR_CODE));
    expectTypeOf<z.output<typeof common.roleSchema>>().toEqualTypeOf<Role>();
    expectTypeOf<z.output<typeof common.userTypeSchema>>().toEqualTypeOf<UserType>();
    expectTypeOf<z.output<typeof common.errorCodeSchema>>().toEqualTypeOf<ErrorCode>();
  });

  it('give every exported schema a unique id that matches its name', () => {
    const ids = new Map<string, string>();
    for (const { name, exportName, schema } of schemas) {
      const id = z.globalRegistry.get(schema)?.id;
      expect(id, `${name} has no meta id`).toBeTypeOf('string');
      expect(ids.get(id as string), `${name} repeats the id ${id}`).toBeUndefined();
      ids.set(id as string, name);
      expect(exportName).toBe(`${(id as string).charAt(0).toLowerCase()}${(id as string).slice(1)}Schema`);
    }
    expect(ids.size).toBeGreaterThan(80);
  });

  it('convert every exported schema to JSON Schema, sharing shapes by id', () => {
    for (const { name, schema } of schemas) {
      expect(() => z.toJSONSchema(schema), name).not.toThrow();
    }
    const list = z.toJSONSchema(common.listResponseSchema(records.apiUnitSchema));
    expect(list.properties?.data).toEqual({ type: 'array', items: { $ref: '#/$defs/ApiUnit' } });
    expect(Object.keys(list.$defs ?? {})).toEqual(
      expect.arrayContaining(['ApiUnit', 'ApiUnitProperty', 'ApiUnitTenant', 'ListMeta']),
    );
    const ticketDocument = z.toJSONSchema(tickets.apiTicketSchema);
    expect(ticketDocument.$ref).toBe('#/$defs/ApiTicket');
    expect(Object.keys(ticketDocument.$defs ?? {})).toEqual(
      expect.arrayContaining(['ApiTicket', 'ApiTicketUnit', 'WallClockRange', 'ApiTicketLogEntry']),
    );
  });
});
