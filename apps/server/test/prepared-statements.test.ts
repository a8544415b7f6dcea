/**
 * Statements named by a hash of their text are prepared once per PostgreSQL connection (docs/performance.md):
 * which ones qualify, the bound per connection, and, on PostgreSQL, that they are really prepared and give
 * the same answers.
 */
import { ROLE } from '@mend/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_PREPARED_PER_CONNECTION,
  PLAN_PER_CALL_MARK,
  sentPrepared,
  shouldPrepare,
  statementName,
  withStatementName,
} from '../src/db/prepared-statements';
import { users } from '../src/db/schema';
import { NARROW_SCOPE_LIMIT } from '../src/modules/dashboard/queries';
import { getDashboard } from '../src/modules/dashboard/service';
import { createUser } from './helpers/factories';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from './helpers/test-db';

describe('which statements are named', () => {
  it('parameterised statements get a stable name from their text', () => {
    const prepared = new Set<string>();
    const config = { text: 'select * from users where id = $1' };
    const named = withStatementName(config, [1], prepared) as { name: string; text: string };
    expect(named.name).toBe(statementName(config.text));
    expect(named.text).toBe(config.text);
    expect(withStatementName({ ...config }, [2], prepared)).toEqual(named);
    expect(statementName('select 2')).not.toBe(named.name);
    expect(prepared.size).toBe(1);
  });

  it('leaves alone statements without parameters, text searches, very long texts and named ones', () => {
    const prepared = new Set<string>();
    expect(shouldPrepare('begin', [])).toBe(false);
    expect(shouldPrepare('select 1', undefined)).toBe(false);
    expect(shouldPrepare('select id from tickets where title ILIKE $1', ['%a%'])).toBe(false);
    expect(shouldPrepare('select id from tickets where search_text like lower($1)', ['%a%'])).toBe(false);
    expect(shouldPrepare(`select ${'1,'.repeat(5_000)}$1`, [1])).toBe(false);
    expect(shouldPrepare(`select id from tickets where unit_id = $1 ${PLAN_PER_CALL_MARK}`, [1])).toBe(false);
    const named = { text: 'select $1', name: 'mine' };
    expect(withStatementName(named, [1], prepared)).toBe(named);
    expect(withStatementName('select $1', [1], prepared)).toBe('select $1');
    expect(prepared.size).toBe(0);
  });

  it('tells which queries reach PostgreSQL named (an empty name is none)', () => {
    expect(sentPrepared({ text: 'select $1', name: 'mine' }, [1])).toBe(true);
    expect(sentPrepared({ text: 'select $1', name: '' }, [1])).toBe(false);
    expect(sentPrepared({ text: 'select $1' }, [1])).toBe(true);
    expect(sentPrepared('select $1', [1])).toBe(true);
    expect(sentPrepared({ text: 'select id from tickets where title ILIKE $1' }, ['%a%'])).toBe(false);
    expect(sentPrepared({ text: 'begin' }, [])).toBe(false);
  });

  it('prepare at most MAX_PREPARED_PER_CONNECTION statements on one connection', () => {
    const prepared = new Set<string>();
    for (let i = 0; i < MAX_PREPARED_PER_CONNECTION + 5; i++) {
      withStatementName({ text: `select $1 + ${i}` }, [1], prepared);
    }
    expect(prepared.size).toBe(MAX_PREPARED_PER_CONNECTION);
    // Past the bound a new statement runs unnamed; one already prepared keeps its name.
    expect(withStatementName({ text: 'select $1 + -1' }, [1], prepared)).not.toHaveProperty('name');
    expect(withStatementName({ text: 'select $1 + 0' }, [1], prepared)).toHaveProperty('name');
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

    it('a repeated query is prepared on its connection and answers the same', async () => {
      const { db } = database;
      const user = await createUser(db, { email: 'prepared@example.test' });
      // One transaction = one connection, so its prepared statements are visible to it.
      const seen = await db.transaction(async (tx) => {
        const answers = [];
        for (let i = 0; i < 7; i++) {
          answers.push(await tx.select({ email: users.email }).from(users).where(eq(users.id, user.id)));
        }
        const statements = await tx.execute<{ name: string; statement: string }>(
          sql`select name, statement from pg_prepared_statements where name like 'mend_%'`,
        );
        return { answers, statements: statements.rows };
      });
      expect(seen.answers.every((rows) => rows[0]?.email === 'prepared@example.test')).toBe(true);
      const mine = seen.statements.filter((row) => row.statement.includes('"users"."id" = $1'));
      expect(mine.map((row) => row.name)).toEqual([statementName(mine[0]?.statement ?? '')]);
    });

    /** The statements a manager's dashboard left prepared on one connection after seven loads. */
    async function preparedByDashboard(narrowScopeLimit: number): Promise<string[]> {
      const manager = { id: 1, role: ROLE.manager, landlordId: 1 };
      return database.db.transaction(async (tx) => {
        await tx.execute(sql`deallocate all`);
        // Past the sixth use, when PostgreSQL may switch a prepared statement to its generic plan.
        for (let i = 0; i < 7; i++) {
          await getDashboard(
            tx as unknown as typeof database.db,
            manager,
            'UTC',
            new Date(),
            narrowScopeLimit,
          );
        }
        const statements = await tx.execute<{ statement: string }>(
          sql`select statement from pg_prepared_statements where name like 'mend_%'`,
        );
        return statements.rows.map((row) => row.statement);
      });
    }

    it('a dashboard too large for one pass plans its reads of tickets per call, prepares its reads of ticket_counts', async () => {
      // A limit below zero: no scope is narrow enough, the figures are read one statement each.
      // Its one-pass statement, tried first and given up on, is prepared like any other.
      const prepared = (await preparedByDashboard(-1)).filter(
        (text) => !text.includes('scope as materialized'),
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
