/**
 * Server-side prepared statements for node-postgres, chosen automatically.
 *
 * Drizzle sends every query unnamed, so PostgreSQL parses and plans it on every call. With ~80 indexes
 * (trigram GIN included) planning a ticket detail costs more than executing it (ADR 0007).
 * Naming a statement by a hash of its text lets each pooled connection parse it once and, after a few
 * calls, reuse a cached plan. pg keeps track of which names a connection has already parsed. Kept for the
 * statements drizzle builds per call, the dashboard's above all (ADR 0028).
 */
import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type pg from 'pg';

/** Distinct statements prepared per connection; past it, new ones run unnamed (bounded server memory). */
export const MAX_PREPARED_PER_CONNECTION = 300;
/** Longer texts (long IN lists) are rarely repeated: not worth a slot. */
const MAX_PREPARED_TEXT_LENGTH = 8_000;

interface QueryConfigLike {
  text?: unknown;
  name?: unknown;
  values?: unknown;
  submit?: unknown;
}

/** The comment that keeps a statement unnamed (see `planPerCall`). */
export const PLAN_PER_CALL_MARK = '/* plan per call */';

/**
 * A condition marked to be planned on every call with its own values, never prepared: for statements whose cached
 * generic plan is far worse for some values (a large landlord, a busy user) than the plan made for them. After
 * its sixth use on a connection PostgreSQL may switch a prepared statement to that generic plan, many times slower
 * for the manager's dashboard (ADR 0020). `bench:http --surface --sweep` shows such a statement (first call fast,
 * later ones slow).
 */
export function planPerCall(condition: SQL): SQL {
  return sql`${condition} ${sql.raw(PLAN_PER_CALL_MARK)}`;
}

/**
 * Whether a statement is worth preparing. Only parameterised ones: those are the app's repeated queries
 * (migrations, `begin` and `commit` carry no parameters). Text searches (`like`, `ilike`) stay unnamed: their best
 * plan depends on the pattern (a rare word uses the trigram index, a common one does not), and a cached
 * generic plan cannot see the pattern. Nor does a statement marked `planPerCall`.
 */
export function shouldPrepare(text: string, values: unknown): boolean {
  return (
    Array.isArray(values) &&
    values.length > 0 &&
    text.length <= MAX_PREPARED_TEXT_LENGTH &&
    !isPlannedPerCall(text)
  );
}

/** A text search, or a statement marked `planPerCall`: planned with its own values on every call. */
export function isPlannedPerCall(text: string): boolean {
  return /\bi?like\b/i.test(text) || text.includes(PLAN_PER_CALL_MARK);
}

export function statementName(text: string): string {
  return `mend_${createHash('sha1').update(text).digest('base64url').slice(0, 22)}`;
}

/**
 * Names already worked out, by statement text ('' for a text never prepared): the app sends the same few hundred
 * texts over and over, and hashing and scanning each one again cost a few per cent of a request's CPU. Bounded:
 * texts that vary (long IN lists) would otherwise fill it.
 */
const namesByText = new Map<string, string>();
const MAX_REMEMBERED_NAMES = 4_000;

function preparedNameOf(text: string, values: unknown): string {
  if (!Array.isArray(values) || values.length === 0) return '';
  let name = namesByText.get(text);
  if (name === undefined) {
    name = shouldPrepare(text, values) ? statementName(text) : '';
    if (namesByText.size >= MAX_REMEMBERED_NAMES) namesByText.clear();
    namesByText.set(text, name);
  }
  return name;
}

/** The config with a statement name added when it should be prepared on this connection. */
export function withStatementName(config: unknown, values: unknown, prepared: Set<string>): unknown {
  if (config === null || typeof config !== 'object') return config;
  const query = config as QueryConfigLike;
  if (typeof query.text !== 'string' || query.name !== undefined || typeof query.submit === 'function') {
    return config;
  }
  const name = preparedNameOf(query.text, values ?? query.values);
  if (name === '') return config;
  if (!prepared.has(name)) {
    if (prepared.size >= MAX_PREPARED_PER_CONNECTION) return config;
    prepared.add(name);
  }
  // A copy with the name set (not `{ ...query, name }`: Node 20's V8 is slow to add a property after a spread).
  return Object.assign({}, query, { name });
}

/**
 * Whether a query reaches PostgreSQL as a named (prepared) statement once it has gone through the pool: named by
 * its caller (a non-empty name: drizzle's `.prepare('')` of a statement planned per call sends it unnamed), or by
 * `withStatementName`. The bench's SQL replay sends each statement as the app does.
 */
export function sentPrepared(config: string | { text: string; name?: unknown }, values: unknown): boolean {
  if (typeof config === 'string') return shouldPrepare(config, values);
  return config.name === undefined ? shouldPrepare(config.text, values) : config.name !== '';
}

/** Makes every query of this pooled client go through `withStatementName`. Call once per new client. */
export function prepareStatementsOn(client: pg.PoolClient): void {
  const prepared = new Set<string>();
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (config: unknown, values?: unknown, callback?: unknown) =>
    query(withStatementName(config, values, prepared), values, callback);
}
