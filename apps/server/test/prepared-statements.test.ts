/**
 * Which statements reach PostgreSQL prepared (docs/performance.md): the ones drizzle prepares by name (`reusable`,
 * `shaped`: db/reusable.ts), never a text search or a statement marked `planPerCall`, and nothing else (the pool adds
 * no names). On PostgreSQL: the dashboard's statements are sent by name, but its reads of tickets of a scope too
 * large for one pass, planned per call (ADR 0020, 0028).
 */
import { ROLE } from '@mend/shared';
import { eq, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../src/db/client';
import { isPlannedPerCall, planPerCall, statementName } from '../src/db/reusable';
import { users } from '../src/db/schema';
import type { Actor } from '../src/lib/actor';
import { NARROW_SCOPE_LIMIT } from '../src/modules/dashboard/queries';
import { getDashboard } from '../src/modules/dashboard/service';
import { createUser } from './helpers/factories';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from './helpers/test-db';

describe('which statements are planned per call', () => {
  it('a text search, or a condition marked planPerCall', () => {
    expect(isPlannedPerCall('select id from tickets where title ILIKE $1')).toBe(true);
    expect(isPlannedPerCall('select id from tickets where search_text like lower($1)')).toBe(true);
    const marked = sql`select 1 where ${planPerCall(sql`true`)}`;
    expect(isPlannedPerCall(new PgDialect().sqlToQuery(marked).sql)).toBe(true);
    expect(isPlannedPerCall('select id from tickets where unit_id = $1')).toBe(false);
    // "likes" is not a search.
    expect(isPlannedPerCall('select likes from posts where id = $1')).toBe(false);
  });

  it('a statement is named by its text', () => {
    expect(statementName('select $1')).toBe(statementName('select $1'));
    expect(statementName('select $1')).toMatch(/^mend_/);
    expect(statementName('select 2')).not.toBe(statementName('select $1'));
  });
});

if (testDatabaseKind() === 'postgres') {
  describe('on PostgreSQL', () => {
    let database: TestDatabase;

    beforeAll(async () => {
      database = await createTestDatabase();
    });

    afterAll(async () => {
      await database?.close();
    });

    it('a query drizzle builds on each call is sent unnamed: the pool names nothing', async () => {
      const { db } = database;
      const user = await createUser(db, { email: 'prepared@example.test' });
      // One transaction = one connection, so its prepared statements are visible to it.
      const seen = await db.transaction(async (tx) => {
        const answers = [];
        for (let i = 0; i < 7; i++) {
          answers.push(await tx.select({ email: users.email }).from(users).where(eq(users.id, user.id)));
        }
        const statements = await tx.execute<{ statement: string }>(
          sql`select statement from pg_prepared_statements`,
        );
        return { answers, statements: statements.rows };
      });
      expect(seen.answers.every((rows) => rows[0]?.email === 'prepared@example.test')).toBe(true);
      expect(seen.statements.filter((row) => row.statement.includes('"users"."id" = $1'))).toEqual([]);
    });

    /** The name of every statement `work` sends through the pool ('' unnamed), with its text. */
    async function namesSentBy(work: () => Promise<unknown>): Promise<{ name: string; text: string }[]> {
      type Query = (config: unknown, ...rest: unknown[]) => Promise<unknown>;
      const pool = (database.db as unknown as { $client: { query: Query } }).$client;
      const query = pool.query;
      const sent: { name: string; text: string }[] = [];
      pool.query = (config, ...rest) => {
        const given = config as { text: string; name?: string };
        sent.push({ name: given.name ?? '', text: given.text });
        return query.call(pool, config, ...rest);
      };
      try {
        await work();
      } finally {
        pool.query = query;
      }
      return sent;
    }

    const superAdmin: Actor = { id: 1, role: ROLE.superAdmin, landlordId: null };
    const manager: Actor = { id: 1, role: ROLE.manager, landlordId: 1 };

    it.each([
      ['the super admin, whole hours', superAdmin, 'UTC'],
      ['the super admin, a zone with minutes', superAdmin, 'Asia/Kolkata'],
      ['a manager', manager, 'UTC'],
      ['a tenant', { id: 1, role: ROLE.tenant, landlordId: null }, 'UTC'],
      ['a contractor', { id: 1, role: ROLE.contractor, landlordId: null }, 'UTC'],
    ] as [string, Actor, string][])(
      "%s's dashboard sends every statement by name",
      async (_name, actor, zone) => {
        const sent = await namesSentBy(() => getDashboard(database.db, actor, zone));
        expect(sent.length).toBeGreaterThan(0);
        expect(sent.filter((statement) => statement.name === '')).toEqual([]);
      },
    );

    it('a scope too large for one pass sends its reads of tickets unnamed, of ticket_counts by name', async () => {
      const sent = await namesSentBy(() => getDashboard(database.db, manager, 'UTC', new Date(), -1));
      const figures = sent.filter((statement) => !statement.text.includes('scope as materialized'));
      const unnamed = figures.filter((statement) => statement.name === '');
      expect(unnamed.length).toBeGreaterThan(0);
      expect(unnamed.every((statement) => /"tickets"/.test(statement.text))).toBe(true);
      expect(
        figures.filter((statement) => statement.text.includes('"ticket_counts"')).map((s) => s.name),
      ).toEqual([expect.stringMatching(/^mend_/), expect.stringMatching(/^mend_/)]);
    });

    /**
     * The statements a manager's dashboard left prepared on one connection after seven loads. A connection of its own
     * (a new handle: nothing prepared on it, nor remembered by the driver), so that no earlier test's statement counts.
     */
    async function preparedByDashboard(narrowScopeLimit: number): Promise<string[]> {
      const own = await openDatabase({ databaseUrl: database.url, poolSize: 1 });
      try {
        return await own.db.transaction(async (tx) => {
          // Past the sixth use, when PostgreSQL may switch a prepared statement to its generic plan.
          for (let i = 0; i < 7; i++) {
            await getDashboard(tx as unknown as Db, manager, 'UTC', new Date(), narrowScopeLimit);
          }
          const statements = await tx.execute<{ statement: string }>(
            sql`select statement from pg_prepared_statements where name like 'mend_%'`,
          );
          return statements.rows.map((row) => row.statement);
        });
      } finally {
        await own.close();
      }
    }

    it('a dashboard too large for one pass plans its reads of tickets per call, prepares its reads of ticket_counts', async () => {
      // A limit below zero: no scope is narrow enough, the figures are read one statement each.
      // Its one-pass statement, tried first and given up on, is prepared like any other.
      // The money's read (issue 26) walks the landlord's properties and tickets by their keys into the costs' index by
      // ticket: the same plan fits every landlord, so it is prepared like the others.
      const prepared = (await preparedByDashboard(-1)).filter(
        (text) => !text.includes('scope as materialized') && !/"ticket_costs"/.test(text),
      );
      const counts = prepared.filter((text) => text.includes('"ticket_counts"'));
      // "tickets" is also ticket_counts' column: the reads of the tickets table are the other statements.
      expect(
        prepared.filter((text) => !counts.includes(text) && /closed_recently|"tickets"/.test(text)),
      ).toEqual([]);
      // A landlord's counts are read by property under any plan: prepared, planned once.
      expect(counts).toHaveLength(2);
    });

    it("a narrow dashboard is one prepared statement over the scope's tickets, read once", async () => {
      const prepared = await preparedByDashboard(NARROW_SCOPE_LIMIT);
      const dashboard = prepared.filter((text) => /closed_recently|"ticket_counts"/.test(text));
      expect(dashboard).toHaveLength(1);
      expect(dashboard[0]).toContain('scope as materialized');
    });
  });
}
