/**
 * The SQL statements the app sends while a piece of work runs, captured from the database driver (PGlite's
 * `query`, pg's pool `query`): for tests that check what an endpoint asks the database, not only what it answers.
 */
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
