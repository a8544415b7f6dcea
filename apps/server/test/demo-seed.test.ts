/** The demo data: every role, every status, working demo passwords, deterministic rows. */
import {
  APPROVAL_LIMIT_DEFAULT_CENTS,
  categorySchema,
  commentVisibilitiesFor,
  en,
  FIRST_CLOSED_STATUS,
  fieldErrors,
  isTemporaryEmail,
  landlordSchema,
  notificationOptionsSchema,
  OWNER_REMINDER_HOURS,
  profileInfoSchema,
  propertySchema,
  ROLES,
  TEMPORARY_EMAIL_DOMAIN,
  TICKET_STATUSES,
  unitSchema,
  userFormSchema,
  userTypeForRole,
} from '@mend/shared';
import { asc, eq, or, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { type Db, isDatabaseEmpty } from '../src/db/client';
import { DEMO_PASSWORD, type DemoAccount, seedDemo } from '../src/db/demo-seed';
import {
  categories,
  categoryAttributes,
  contractorCategories,
  contractorProperties,
  landlords,
  notifications,
  properties,
  tenantUnits,
  ticketAvailability,
  ticketCategories,
  ticketComments,
  ticketLog,
  ticketRecipients,
  tickets,
  unitCategories,
  units,
  users,
} from '../src/db/schema';
import { verifyPassword } from '../src/lib/password';
import { createTestDatabase, type TestDatabase } from './helpers/test-db';

const NOW = new Date('2025-03-14T18:30:00Z');
const DAY = 24 * 60 * 60 * 1000;

let database: TestDatabase;
let db: Db;
let accounts: DemoAccount[];
let seedMs = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  expect(await isDatabaseEmpty(db)).toBe(true);
  const started = performance.now();
  accounts = await seedDemo(db, { now: NOW });
  seedMs = performance.now() - started;
  console.log(`[demo-seed] seedDemo took ${Math.round(seedMs)} ms on ${database.kind}`);
});

afterAll(async () => {
  await database?.close();
});

async function count(table: PgTable): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table);
  return row.n;
}

describe('seedDemo', () => {
  it('fills the database', async () => {
    expect(await isDatabaseEmpty(db)).toBe(false);
    expect(await count(landlords)).toBe(2);
    expect(await count(properties)).toBeGreaterThanOrEqual(4);
    expect(await count(units)).toBeGreaterThanOrEqual(12);
    expect(await count(categories)).toBe(6);
    expect(await count(categoryAttributes)).toBeGreaterThanOrEqual(12);
    expect(await count(tickets)).toBeGreaterThanOrEqual(20);
    expect(await count(notifications)).toBeGreaterThan(0);
    expect(await count(contractorProperties)).toBeGreaterThan(0);
    expect(await count(contractorCategories)).toBeGreaterThan(0);
  });

  it('creates users in every role', async () => {
    const roles = await db.selectDistinct({ role: users.role }).from(users).orderBy(asc(users.role));
    expect(roles.map((r) => r.role)).toEqual([...ROLES]);
    const [admin] = await db.select().from(users).where(eq(users.username, 'admin'));
    expect(admin.email).toBe('admin@mend.test');
    expect(admin.role).toBe(0);
    expect(admin.landlordId).toBeNull();
  });

  it('gives every non-admin demo user a landlord and a verified email, except the temporary account', async () => {
    const all = await db.select().from(users);
    for (const user of all) {
      if (user.role !== 0) expect(user.landlordId, user.email).not.toBeNull();
      if (user.email.endsWith(`@${TEMPORARY_EMAIL_DOMAIN}`)) {
        expect(user.username).toBe('newtenant');
        expect(user.emailVerifiedAt).toBeNull();
      } else {
        expect(user.emailVerifiedAt, user.email).not.toBeNull();
      }
      expect(user.email).toBe(user.email.toLowerCase());
    }
  });

  it('gives every unit its categories and every tenant a unit', async () => {
    const unitsWithout = await db
      .select({ id: units.id })
      .from(units)
      .leftJoin(unitCategories, eq(unitCategories.unitId, units.id))
      .where(sql`${unitCategories.unitId} is null`);
    expect(unitsWithout).toHaveLength(0);
    const tenantsWithout = await db
      .select({ id: users.id })
      .from(users)
      .leftJoin(tenantUnits, eq(tenantUnits.userId, users.id))
      .where(sql`${users.role} = 2 and ${tenantUnits.userId} is null`);
    expect(tenantsWithout).toHaveLength(0);
  });

  it('creates tickets in every status and both priorities, closed exactly when status >= 3', async () => {
    const all = await db.select().from(tickets);
    expect(new Set(all.map((t) => t.status))).toEqual(new Set(TICKET_STATUSES.map((_, i) => i)));
    expect(new Set(all.map((t) => t.priority))).toEqual(new Set([0, 1]));
    for (const t of all) {
      expect(t.closedAt !== null, t.title).toBe(t.status >= FIRST_CLOSED_STATUS);
      expect(t.createdAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
      expect(t.createdAt.getTime()).toBeGreaterThan(NOW.getTime() - 11 * 7 * DAY);
      expect(t.updatedAt.getTime()).toBeGreaterThanOrEqual(t.createdAt.getTime());
      expect(t.updatedAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
      expect(t.contactEmail).not.toBe('');
    }
    // Spread over roughly ten weeks.
    const ages = all.map((t) => (NOW.getTime() - t.createdAt.getTime()) / DAY);
    expect(Math.max(...ages)).toBeGreaterThan(50);
    expect(Math.min(...ages)).toBeLessThan(1);
  });

  it('links every ticket to a category, recipients, availability and a log that ends in its status', async () => {
    const all = await db.query.tickets.findMany({
      with: { categories: true, recipients: true, availability: true, log: true, property: true },
    });
    for (const t of all) {
      expect(t.categories, t.title).toHaveLength(1);
      expect(t.recipients.length, t.title).toBeGreaterThanOrEqual(1);
      expect(t.availability.length, t.title).toBeGreaterThanOrEqual(1);
      for (const range of t.availability)
        expect(range.endsAt.getTime()).toBeGreaterThan(range.startsAt.getTime());
      const log = [...t.log].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id);
      expect(log[0].action).toBe('created');
      expect(log[0].description).toBe(en.tickets.log.created);
      const changes = log.filter((entry) => entry.action === 'status_changed');
      if (t.status === 0) expect(changes).toHaveLength(0);
      else {
        const last = changes[changes.length - 1];
        expect(last.description).toContain(`to ${TICKET_STATUSES[t.status]}`);
        expect(last.data).toMatchObject({ to: t.status });
        if (t.closedAt) expect(t.closedAt.getTime()).toBe(last.createdAt.getTime());
      }
    }
    expect(
      (
        await db
          .select()
          .from(ticketLog)
          .where(eq(ticketLog.description, 'Status changed from Open to Scheduled'))
      ).length,
    ).toBeGreaterThan(0);
  });

  it('assigns tickets to their contractor, who holds them in its list (issue 25)', async () => {
    const rows = await db.execute<{ state: string; assigned: boolean | null; status: number }>(
      sql`select a.state, r.assigned, t.status from ticket_assignments a join tickets t on t.id = a.ticket_id
          left join ticket_recipients r on r.ticket_id = a.ticket_id and r.user_id = a.contractor_id`,
    );
    expect(rows.rows.length).toBeGreaterThan(5);
    expect(new Set(rows.rows.map((row) => row.state))).toEqual(new Set(['pending', 'accepted']));
    for (const row of rows.rows) {
      expect(row.assigned).toBe(true);
      if (row.status > 0) expect(row.state).toBe('accepted');
    }
  });

  it("routes tickets to the property's matching contractors and the landlord's managers", async () => {
    const all = await db.query.tickets.findMany({
      with: {
        categories: true,
        recipients: { with: { user: { with: { contractorCategories: true, contractorProperties: true } } } },
        property: true,
      },
    });
    for (const t of all) {
      const categoryId = t.categories[0].categoryId;
      const roles = t.recipients.map((r) => r.user.role);
      expect(roles, t.title).toContain(1);
      for (const { user } of t.recipients) {
        expect(user.landlordId).toBe(t.property.landlordId);
        if (user.role === 3) {
          expect(user.contractorCategories.map((c) => c.categoryId)).toContain(categoryId);
          expect(user.contractorProperties.map((p) => p.propertyId)).toContain(t.propertyId);
        }
      }
    }
    expect(await count(ticketRecipients)).toBeGreaterThan(all.length);
    expect(await count(ticketCategories)).toBe(all.length);
    expect(await count(ticketAvailability)).toBeGreaterThanOrEqual(all.length);
  });

  it('starts conversations on a few tickets, by the people on them, for everyone, contractors and staff', async () => {
    const all = await db.query.tickets.findMany({ with: { recipients: true, comments: true } });
    const commented = all.filter((t) => t.comments.length > 0);
    expect(commented.length).toBeGreaterThanOrEqual(3);
    expect(await count(ticketComments)).toBeGreaterThanOrEqual(10);
    const roleOf = new Map((await db.select().from(users)).map((u) => [u.id, u.role]));
    const visibilities = new Set<string>();
    for (const t of commented) {
      const participants = [t.tenantId, t.createdBy, ...t.recipients.map((r) => r.userId)];
      for (const comment of t.comments) {
        visibilities.add(comment.visibility);
        expect(participants, `${t.title}: ${comment.body}`).toContain(comment.userId);
        // Each author may post with the comment's visibility (a tenant writes to everyone only).
        const role = roleOf.get(comment.userId ?? 0);
        expect(role).toBeDefined();
        expect(commentVisibilitiesFor(role ?? 2)).toContain(comment.visibility);
        expect(comment.createdAt.getTime()).toBeGreaterThan(t.createdAt.getTime());
        expect(comment.createdAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
        expect(comment.body.trim()).not.toBe('');
      }
    }
    expect(visibilities).toEqual(new Set(['everyone', 'contractor', 'staff']));
    // The demo tenant of Riverside 101 has a conversation to read on its own ticket.
    const [tenant] = await db.select().from(users).where(eq(users.email, 'tenant@northwind.test'));
    const own = commented.filter((t) => t.tenantId === tenant.id);
    expect(
      own.flatMap((t) => t.comments).some((c) => c.visibility === 'everyone' && c.userId !== tenant.id),
    ).toBe(true);
  });

  it('gives each landlord owners, and its accepted jobs estimates and invoices in every state (issue 26)', async () => {
    const owners = await db.execute<{ landlord_id: number; n: number }>(
      sql`select landlord_id, count(*)::int as n from landlord_owners group by landlord_id`,
    );
    expect(owners.rows).toHaveLength(await count(landlords));
    const costs = await db.execute<{
      kind: string;
      state: string;
      total_cents: number;
      subtotal_cents: number;
      lines_cents: number;
      contractor_id: number;
      holder: number | null;
      status: number;
      logged: number;
      owner_asked_at: string | null;
      owner_reminders: number;
    }>(
      sql`select c.kind, c.state, c.total_cents, c.subtotal_cents, c.contractor_id, c.owner_asked_at,
            c.owner_reminders, t.status,
            (select sum(amount_cents)::int from ticket_cost_lines l where l.cost_id = c.id) as lines_cents,
            (select a.contractor_id from ticket_assignments a where a.ticket_id = c.ticket_id
              and a.state = 'accepted') as holder,
            (select count(*)::int from ticket_log l where l.ticket_id = c.ticket_id
              and (l.data->>'cost_id')::int = c.id) as logged
          from ticket_costs c join tickets t on t.id = c.ticket_id`,
    );
    const states = new Set(costs.rows.map((cost) => `${cost.kind} ${cost.state}`));
    expect(states).toEqual(
      new Set([
        'estimate approved',
        'estimate pending',
        'estimate awaiting_owner',
        'invoice paid',
        'invoice unpaid',
      ]),
    );
    for (const cost of costs.rows) {
      // Sent by the contractor holding the job, its lines summing to its subtotal, logged when sent and decided.
      expect(cost.contractor_id).toBe(cost.holder);
      expect(cost.lines_cents).toBe(cost.subtotal_cents);
      expect(cost.logged).toBe(cost.state === 'pending' || cost.state === 'unpaid' ? 1 : 2);
      if (cost.kind === 'invoice') expect(cost.status).toBe(3);
      if (cost.state === 'awaiting_owner') {
        expect(cost.total_cents).toBeGreaterThan(APPROVAL_LIMIT_DEFAULT_CENTS);
        // Its reminders already due count as sent, so the worker's first look sends none of them again.
        const due = OWNER_REMINDER_HOURS.filter(
          (hours) => new Date(cost.owner_asked_at as string).getTime() + hours * 3_600_000 <= NOW.getTime(),
        );
        expect(cost.owner_reminders).toBe(due.length);
      } else expect(cost.total_cents).toBeLessThanOrEqual(APPROVAL_LIMIT_DEFAULT_CENTS);
    }
  });

  it('returns accounts for every role that sign in with the demo password', async () => {
    expect(new Set(accounts.map((a) => a.role))).toEqual(new Set(ROLES));
    expect(accounts.map((a) => a.login)).toEqual(
      expect.arrayContaining([
        'admin@mend.test',
        'manager@northwind.test',
        'manager@mapleleaf.test',
        'tenant@northwind.test',
        'plumber@northwind.test',
        'electrician@northwind.test',
        'hvac@mapleleaf.test',
        'newtenant',
      ]),
    );
    for (const account of accounts) {
      expect(account.password).toBe(DEMO_PASSWORD);
      expect(account.roleName).not.toBe('');
      const [user] = await db
        .select()
        .from(users)
        .where(or(eq(users.email, account.login), eq(users.username, account.login)));
      expect(user, account.login).toBeDefined();
      expect(user.role).toBe(account.role);
      expect(await verifyPassword(user.passwordHash, account.password)).toBe(true);
      expect(await verifyPassword(user.passwordHash, 'wrong password')).toBe(false);
    }
    // The demo password was hashed once and shared.
    const hashes = await db.selectDistinct({ h: users.passwordHash }).from(users);
    expect(hashes).toHaveLength(1);
  });

  it('is deterministic: reseeding with the same clock gives the same rows', async () => {
    const snapshot = async () =>
      db
        .select({
          id: tickets.id,
          title: tickets.title,
          status: tickets.status,
          unitId: tickets.unitId,
          tenantId: tickets.tenantId,
          createdAt: tickets.createdAt,
          closedAt: tickets.closedAt,
        })
        .from(tickets)
        .orderBy(asc(tickets.id));
    const before = await snapshot();
    const logBefore = await count(ticketLog);
    const again = await seedDemo(db, { now: NOW, truncateFirst: true });
    expect(again).toEqual(accounts);
    expect(await snapshot()).toEqual(before);
    expect(await count(ticketLog)).toBe(logBefore);
    expect(await count(landlords)).toBe(2);
  });

  it('refuses to seed twice without truncating (and changes nothing)', async () => {
    const ticketsBefore = await count(tickets);
    await expect(seedDemo(db, { now: NOW })).rejects.toThrow();
    expect(await count(tickets)).toBe(ticketsBefore);
    expect(await count(landlords)).toBe(2);
  });

  it('gives every user, landlord, property, unit and category what its form requires', async () => {
    // What each record's edit form (and a user's profile tabs) would load, checked with the shared schemas the
    // forms use: a demo user whose stored profile breaks a rule could not save any change to it.
    const problems: Record<string, Record<string, string[]>> = {};
    const check = (name: string, schema: z.ZodType, values: unknown, ignore: string[] = []) => {
      const parsed = schema.safeParse(values);
      if (parsed.success) return;
      const errors = fieldErrors(parsed.error);
      for (const field of ignore) delete errors[field];
      if (Object.keys(errors).length > 0) problems[name] = errors;
    };
    const [tenantRows, contractorPropertyRows, contractorCategoryRows] = await Promise.all([
      db.select().from(tenantUnits),
      db.select().from(contractorProperties),
      db.select().from(contractorCategories),
    ]);
    const ids = (rows: { userId: number }[], id: number, pick: (row: never) => number) =>
      rows.filter((row) => row.userId === id).map((row) => pick(row as never));
    for (const user of await db.select().from(users)) {
      const person = {
        first_name: user.firstName,
        last_name: user.lastName,
        company_name: user.companyName,
        phone_number: user.phoneNumber,
        address_1: user.address1,
        address_2: user.address2,
        country: user.country,
        province: user.province,
        city: user.city,
        postal: user.postal,
      };
      const name = user.username ?? user.email;
      check(`profile of ${name}`, profileInfoSchema, person);
      check(`notifications of ${name}`, notificationOptionsSchema, user.notificationOptions);
      const type = userTypeForRole(user.role);
      check(
        `${type} form of ${name}`,
        userFormSchema(type, 'update', { role: user.role }),
        {
          ...person,
          email: user.email,
          landlord_id: user.landlordId ?? '',
          unit_id: ids(tenantRows, user.id, (row: { unitId: number }) => row.unitId)[0] ?? '',
          property_ids: ids(contractorPropertyRows, user.id, (row: { propertyId: number }) => row.propertyId),
          category_ids: ids(contractorCategoryRows, user.id, (row: { categoryId: number }) => row.categoryId),
        },
        // A temporary account has no email until it is activated (the activation form asks for one).
        isTemporaryEmail(user.email) ? ['email'] : [],
      );
    }
    for (const landlord of await db.select().from(landlords))
      check(`landlord ${landlord.name}`, landlordSchema, {
        name: landlord.name,
        description: landlord.description,
        users: [],
      });
    for (const property of await db.select().from(properties))
      check(`property ${property.name}`, propertySchema, {
        name: property.name,
        description: property.description,
        gmaps_url: property.gmapsUrl,
        country: property.country,
        province: property.province,
        city: property.city,
        postal_code: property.postalCode,
        address: property.address,
        landlord_id: property.landlordId,
      });
    for (const unit of await db.select().from(units))
      check(`unit ${unit.name} of property ${unit.propertyId}`, unitSchema, {
        name: unit.name,
        description: unit.description,
        gmaps_url: unit.gmapsUrl,
        postal_code: unit.postalCode,
        address: unit.address,
        property_id: unit.propertyId,
      });
    const attributes = await db.select().from(categoryAttributes);
    for (const category of await db.select().from(categories))
      check(`category ${category.title}`, categorySchema, {
        title: category.title,
        description: category.description,
        attributes: attributes
          .filter((attribute) => attribute.categoryId === category.id)
          .map(({ label, format, value }) => ({ label, format, value })),
      });
    expect(problems).toEqual({});
  });

  it('runs in reasonable time', () => {
    expect(seedMs).toBeLessThan(20_000);
  });
});
