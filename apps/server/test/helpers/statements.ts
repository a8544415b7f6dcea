/**
 * The SQL statements the app sends while a piece of work runs, captured from the database driver (PGlite's
 * `query`, pg's pool `query`): for tests that check what an endpoint asks the database, not only what it answers.
 */
import type { SQLWrapper } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { expect } from 'vitest';
import type { Db } from '../../src/db/client';

export interface CapturedStatement {
  text: string;
  values: unknown[];
}

type Query = (config: unknown, values?: unknown[], ...rest: unknown[]) => Promise<unknown>;

/** Wraps the driver of `db` once; `during(work)` answers the statements `work` sent. */
export function statementRecorder(db: Db) {
  const driver = (db as unknown as { $client: { query: Query } }).$client;
  const query = driver.query.bind(driver);
  let captured: CapturedStatement[] | null = null;
  driver.query = (config, values, ...rest) => {
    // PGlite is given the text; pg a config object too (named when prepared).
    const given = config as string | { text: string; values?: unknown[] };
    captured?.push(
      typeof given === 'string'
        ? { text: given, values: values ?? [] }
        : { text: given.text, values: values ?? given.values ?? [] },
    );
    return query(config, values, ...rest);
  };
  return {
    async during(work: () => Promise<unknown>): Promise<CapturedStatement[]> {
      captured = [];
      try {
        await work();
        return captured;
      } finally {
        captured = null;
      }
    },
  };
}

/** What a client answers a GET with (the test app's `TestClient`). */
interface Getter {
  get(path: string): Promise<{ statusCode: number; body: string; json(): unknown }>;
}

/**
 * GETs each of `paths` as `client` and expects a page with rows, read in one statement besides the session's (its
 * lookup and its touch): a list page is one statement (ADR 0022). Answers each page's rows.
 */
export async function expectOnePageStatement(db: Db, client: Getter, paths: string[]): Promise<unknown[][]> {
  const recorder = statementRecorder(db);
  const pages: unknown[][] = [];
  for (const path of paths) {
    const statements = await recorder.during(async () => {
      const response = await client.get(path);
      expect(response.statusCode, response.body).toBe(200);
      pages.push((response.json() as { data: unknown[] }).data);
    });
    expect(pages.at(-1)?.length, path).toBeGreaterThan(0);
    expect(
      statements.filter((statement) => !statement.text.includes('"sessions"')),
      path,
    ).toHaveLength(1);
  }
  return pages;
}

/** PostgreSQL's plan types a plan test may price out (its `enable_*` settings). */
export type PlanType = 'seqscan' | 'indexscan' | 'bitmapscan' | 'sort' | 'incremental_sort';

type Rows = { rows: Record<string, unknown>[] };
/** A query on the plan's own connection. */
export type PlanQuery = (text: string, values?: unknown[]) => Promise<Rows>;
type Connection = { query: PlanQuery; release?(): void };

/**
 * The EXPLAIN of a statement (drizzle SQL, or one captured from the driver) with the plan types `off` priced out,
 * after `before` has run (say, dropping an index). One connection (PGlite has only one; pg's pool lends one) in a
 * transaction rolled back, so nothing it sets or drops outlives it. A test's few rows make any plan cheap: what the
 * switches leave is the plan PostgreSQL keeps for the full data.
 */
export async function explain(
  db: Db,
  statement: SQLWrapper | CapturedStatement,
  off: readonly PlanType[],
  before?: (query: PlanQuery) => Promise<void>,
): Promise<string> {
  const { text, values } =
    'text' in statement
      ? statement
      : (({ sql, params }) => ({ text: sql, values: params }))(
          new PgDialect().sqlToQuery(statement.getSQL()),
        );
  const driver = (db as unknown as { $client: Connection & { connect?(): Promise<Connection> } }).$client;
  const connection = driver.connect ? await driver.connect() : driver;
  const query: PlanQuery = (sql, given) => connection.query(sql, given);
  try {
    await query('begin');
    try {
      await before?.(query);
      for (const type of off) await query(`set local enable_${type} = off`);
      const { rows } = await query(`explain ${text}`, values);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    } finally {
      await query('rollback');
    }
  } finally {
    if (connection !== driver) connection.release?.();
  }
}
