/** The schema and its migrations, on PGlite (default) or PostgreSQL (MEND_TEST_DB=postgres). */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALL_TABLES,
  type Db,
  isDatabaseEmpty,
  isRowInUseError,
  isUniqueViolation,
  migrateDatabase,
  pgErrorCode,
} from '../src/db/client';
import {
  categories,
  landlords,
  properties,
  tenantUnits,
  ticketCategories,
  ticketLog,
  tickets,
  units,
  users,
} from '../src/db/schema';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from './helpers/test-db';

let database: TestDatabase;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});

afterAll(async () => {
  await database?.close();
});

/** Awaits a query that must fail, and returns the error. */
async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the query to fail');
}

/** A DELETE refused by ON DELETE RESTRICT: 23001 on PostgreSQL 17+ and PGlite, 23503 on older servers. */
async function refusedAsInUse(promise: Promise<unknown>): Promise<boolean> {
  return isRowInUseError(await failure(promise));
}

async function sqlState(promise: Promise<unknown>): Promise<string | undefined> {
  return pgErrorCode(await failure(promise));
}

async function rows<T extends Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await db.execute<T>(query);
  return result.rows as T[];
}

let counter = 0;
async function createUnit() {
  counter++;
  const [landlord] = await db
    .insert(landlords)
    .values({ name: `Landlord ${counter}` })
    .returning();
  const [property] = await db
    .insert(properties)
    .values({ landlordId: landlord.id, name: `Property ${counter}` })
    .returning();
  const [unit] = await db
    .insert(units)
    .values({ propertyId: property.id, name: `Unit ${counter}` })
    .returning();
  return { landlord, property, unit };
}

async function createTenant(landlordId: number | null = null) {
  counter++;
  const [user] = await db
    .insert(users)
    .values({ email: `tenant${counter}@example.test`, passwordHash: 'x', role: 2, landlordId })
    .returning();
  return user;
}

describe('migrations', () => {
  it(`ran on a fresh ${testDatabaseKind()} database`, () => {
    expect(database.kind).toBe(testDatabaseKind());
  });

  it('are recorded, and applying them again is a no-op', async () => {
    const before = await rows<{ n: number }>(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(before[0].n).toBeGreaterThanOrEqual(2);
    await migrateDatabase(database);
    const after = await rows<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect(after[0].n).toBe(before[0].n);
  });

  it('enable pg_trgm', async () => {
    const found = await rows<{ extname: string }>(
      sql`select extname from pg_extension where extname = 'pg_trgm'`,
    );
    expect(found).toHaveLength(1);
    const similarity = await rows<{ s: number }>(sql`select similarity('plumbing', 'plumbin') as s`);
    expect(Number(similarity[0].s)).toBeGreaterThan(0.5);
  });

  it('create every table of the schema', async () => {
    const found = await rows<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    expect(found.map((r) => r.table_name).sort()).toEqual(ALL_TABLES);
    expect(ALL_TABLES).toEqual(
      expect.arrayContaining([
        'landlords',
        'users',
        'properties',
        'units',
        'tenant_units',
        'contractor_properties',
        'contractor_categories',
        'categories',
        'category_attributes',
        'unit_categories',
        'tickets',
        'ticket_categories',
        'ticket_recipients',
        'ticket_images',
        'ticket_availability',
        'ticket_log',
        'notifications',
        'contact_submissions',
        'sessions',
        'idempotency_keys',
        'outbox_messages',
        'one_time_tokens',
      ]),
    );
  });

  it('leave the database empty (no users)', async () => {
    expect(await isDatabaseEmpty(db)).toBe(true);
  });
});

describe('indexes', () => {
  it('include trigram GIN indexes for text search', async () => {
    const found = await rows<{ tablename: string; indexname: string; indexdef: string }>(
      sql`select tablename, indexname, indexdef from pg_indexes where schemaname = 'public' and indexdef like '%gin_trgm_ops%'`,
    );
    const byName = new Map(found.map((r) => [r.indexname, r]));
    // Ticket search reads one maintained column (ADR 0009).
    const searchText = byName.get('tickets_search_text_trgm_idx');
    expect(searchText?.tablename).toBe('tickets');
    expect(searchText?.indexdef).toMatch(/USING gin \(search_text gin_trgm_ops\)/);
    expect(byName.has('tickets_title_trgm_idx')).toBe(false);
    // The people, unit and property searches read their own maintained columns too (migrations 0008, 0009): the
    // trigram indexes of the columns they used to match one by one are gone.
    for (const name of [
      'users_search_text_trgm_idx',
      'units_search_text_trgm_idx',
      'properties_search_text_trgm_idx',
      'contact_submissions_search_text_trgm_idx',
      'outbox_messages_search_text_trgm_idx',
      'categories_title_trgm_idx',
      'landlords_name_trgm_idx',
    ]) {
      expect(byName.has(name), name).toBe(true);
    }
    for (const name of ['users_first_name_trgm_idx', 'users_email_trgm_idx', 'units_name_trgm_idx']) {
      expect(byName.has(name), name).toBe(false);
    }
  });

  it('let a LIKE search on tickets.search_text use the trigram index', async () => {
    const { unit } = await createUnit();
    const plan = await db.transaction(async (tx) => {
      // On an empty table the planner's guesses make any index look as cheap as another: give it a few hundred
      // analysed rows (rolled back with the transaction), and forbid the sequential scan a small table gets.
      await tx.execute(
        sql`insert into tickets (unit_id, property_id, title) select ${unit.id}, ${unit.propertyId}, 'Ticket ' || g from generate_series(1, 500) g`,
      );
      // New rows wait in the GIN index's pending list, which the planner prices as read on every search.
      await tx.execute(sql`select gin_clean_pending_list('tickets_search_text_trgm_idx')`);
      await tx.execute(sql`analyze tickets`);
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute<{ 'QUERY PLAN': string }>(
        sql`explain select id from tickets where search_text like '%leak%'`,
      );
      return result.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan, plan).toContain('tickets_search_text_trgm_idx');
  });

  it('serve newest-first sorts (DESC NULLS FIRST, as ORDER BY x DESC asks)', async () => {
    const found = await rows<{ indexdef: string }>(
      sql`select indexdef from pg_indexes where indexname = 'tickets_property_id_created_at_idx'`,
    );
    // With the search text, the sort keys and `held` included: a manager's search, sorts and "Assigned to: Nobody"
    // read them from the index alone.
    expect(found[0].indexdef).toMatch(
      /\(property_id, created_at DESC, id DESC\) INCLUDE \(search_text, status, title, tenant_sort, property_sort, held, due_at\)/,
    );
  });
});

describe('constraints and ON DELETE rules', () => {
  it('refuse to delete a property that has units', async () => {
    const { property } = await createUnit();
    expect(await refusedAsInUse(db.delete(properties).where(eq(properties.id, property.id)))).toBe(true);
  });

  it('refuse to delete a landlord that has properties, and detach its users when it has none', async () => {
    const { landlord } = await createUnit();
    expect(await refusedAsInUse(db.delete(landlords).where(eq(landlords.id, landlord.id)))).toBe(true);

    const [empty] = await db.insert(landlords).values({ name: 'Empty landlord' }).returning();
    const manager = await createTenant(empty.id);
    await db.delete(landlords).where(eq(landlords.id, empty.id));
    const [after] = await db.select().from(users).where(eq(users.id, manager.id));
    expect(after.landlordId).toBeNull();
  });

  it('refuse to delete a unit that has tickets', async () => {
    const { unit, property } = await createUnit();
    await db.insert(tickets).values({ unitId: unit.id, propertyId: property.id, title: 'Leak' });
    expect(await refusedAsInUse(db.delete(units).where(eq(units.id, unit.id)))).toBe(true);
  });

  it("cascade a ticket's deletion to its log and categories", async () => {
    const { unit, property } = await createUnit();
    const [ticket] = await db
      .insert(tickets)
      .values({ unitId: unit.id, propertyId: property.id, title: 'Broken heater' })
      .returning();
    const [category] = await db.insert(categories).values({ title: 'HVAC' }).returning();
    await db.insert(ticketCategories).values({ ticketId: ticket.id, categoryId: category.id });
    await db.insert(ticketLog).values([
      { ticketId: ticket.id, action: 'created', description: 'Ticket created' },
      { ticketId: ticket.id, action: 'status_changed', description: 'Status changed from Open to Scheduled' },
    ]);

    await db.delete(tickets).where(eq(tickets.id, ticket.id));
    expect(await db.select().from(ticketLog).where(eq(ticketLog.ticketId, ticket.id))).toHaveLength(0);
    expect(
      await db.select().from(ticketCategories).where(eq(ticketCategories.ticketId, ticket.id)),
    ).toHaveLength(0);
    // A category still used by a ticket cannot be deleted; once the ticket is gone it can.
    await db.delete(categories).where(eq(categories.id, category.id));
  });

  it('refuse to delete a category used by a ticket', async () => {
    const { unit, property } = await createUnit();
    const [ticket] = await db
      .insert(tickets)
      .values({ unitId: unit.id, propertyId: property.id, title: 'Sparks' })
      .returning();
    const [category] = await db.insert(categories).values({ title: 'Electrical' }).returning();
    await db.insert(ticketCategories).values({ ticketId: ticket.id, categoryId: category.id });
    expect(await refusedAsInUse(db.delete(categories).where(eq(categories.id, category.id)))).toBe(true);
  });

  it("keep a deleted tenant's tickets (tenant set to NULL) and drop its unit link", async () => {
    const { unit, property } = await createUnit();
    const tenant = await createTenant();
    await db.insert(tenantUnits).values({ userId: tenant.id, unitId: unit.id });
    const [ticket] = await db
      .insert(tickets)
      .values({
        unitId: unit.id,
        propertyId: property.id,
        title: 'Drafty window',
        tenantId: tenant.id,
        createdBy: tenant.id,
      })
      .returning();
    await db.delete(users).where(eq(users.id, tenant.id));
    const [after] = await db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(after.tenantId).toBeNull();
    expect(after.createdBy).toBeNull();
    expect(await db.select().from(tenantUnits).where(eq(tenantUnits.userId, tenant.id))).toHaveLength(0);
  });

  it('check roles, statuses and lower-case emails', async () => {
    expect(
      await sqlState(
        db.insert(users).values({ email: 'bad-role@example.test', passwordHash: 'x', role: 7 as 0 }),
      ),
    ).toBe('23514');
    expect(
      await sqlState(db.insert(users).values({ email: 'Upper@Example.test', passwordHash: 'x', role: 2 })),
    ).toBe('23514');
    const { unit, property } = await createUnit();
    expect(
      await sqlState(
        db.insert(tickets).values({ unitId: unit.id, propertyId: property.id, title: 'x', status: 9 }),
      ),
    ).toBe('23514');
  });

  it('keep emails and usernames unique', async () => {
    await db
      .insert(users)
      .values({ email: 'same@example.test', username: 'same', passwordHash: 'x', role: 2 });
    const sameEmail = await failure(
      db.insert(users).values({ email: 'same@example.test', passwordHash: 'x', role: 2 }),
    );
    expect(isUniqueViolation(sameEmail)).toBe(true);
    const sameUsername = await failure(
      db.insert(users).values({ email: 'other@example.test', username: 'same', passwordHash: 'x', role: 2 }),
    );
    expect(isUniqueViolation(sameUsername)).toBe(true);
  });

  it('give new users all-off notification options and timestamps', async () => {
    const user = await createTenant();
    expect(user.notificationOptions).toEqual({
      mail: { tickets: false, reminders: false, support: false },
      sms: { phone_number: '', tickets: false, reminders: false, support: false },
      phone: { phone_number: '', tickets: false },
    });
    expect(user.createdAt).toBeInstanceOf(Date);
    expect(user.firstName).toBe('');
  });
});

describe('transactions and relations', () => {
  it('roll back on error', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(landlords).values({ name: 'Rolled back' });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await db.select().from(landlords).where(eq(landlords.name, 'Rolled back'))).toHaveLength(0);
  });

  it('support relational queries', async () => {
    const { unit, property, landlord } = await createUnit();
    await db.insert(tickets).values({ unitId: unit.id, propertyId: property.id, title: 'Relational' });
    const found = await db.query.tickets.findFirst({
      where: eq(tickets.title, 'Relational'),
      with: { unit: true, property: { with: { landlord: true } }, log: true, categories: true, tenant: true },
    });
    expect(found?.unit?.id).toBe(unit.id);
    expect(found?.property.landlord.id).toBe(landlord.id);
    expect(found?.tenant).toBeNull();
    expect(found?.log).toEqual([]);
  });
});

describe.skipIf(testDatabaseKind() !== 'postgres')('a PostgreSQL connection lost', () => {
  // A server restart ends every backend. A client checked out between two statements (a transaction's) then
  // emits 'error' with no listener of the pool's on it, which used to crash the process.
  it('in the middle of a transaction fails that transaction, not the process, and the pool goes on', async () => {
    const crashes: unknown[] = [];
    const onUncaught = (error: unknown) => crashes.push(error);
    process.prependListener('uncaughtException', onUncaught);
    try {
      const failed = await failure(
        db.transaction(async (tx) => {
          const [{ pid }] = (await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`)).rows;
          // From another pooled connection, as a restart would.
          await db.execute(sql`select pg_terminate_backend(${pid})`);
          await new Promise((resolve) => setTimeout(resolve, 200));
          await tx.execute(sql`select 1`);
        }),
      );
      expect(failed).toBeInstanceOf(Error);
      expect(crashes).toEqual([]);
      expect(await rows(sql`select 1 as one`)).toEqual([{ one: 1 }]);
    } finally {
      process.removeListener('uncaughtException', onUncaught);
    }
  });
});
