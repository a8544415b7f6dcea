/**
 * The calendar (GET visits) is one prepared statement per viewer shape, and after a few calls PostgreSQL runs it by
 * its generic plan, made without the call's values. That plan must still read a partial index of the active visits
 * (by start, by property, by contractor): with the states sent as values it could not, and PostgreSQL planned every
 * call anew (a manager's empty week spent most of its time planning, bench:http --surface). A test's few rows plan
 * well either way, so the statement each viewer's read runs is captured, prepared and explained as a generic plan,
 * with sequential scans priced out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketVisits } from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers/app';
import { type CapturedStatement, statementRecorder } from './helpers/statements';
import { clientFor, createWorld, insertTicket, type World } from './helpers/ticket-factories';

const START = new Date('2026-03-02T15:00:00Z');
const HOUR = 3600_000;
let t: TestApp;
let w: World;
let recorder: ReturnType<typeof statementRecorder>;

beforeAll(async () => {
  t = await createTestApp({ now: () => START });
  w = await createWorld(t.db);
  for (const side of [w.north, w.south]) {
    const ticket = await insertTicket(t.db, {
      unit: side.unit,
      tenant: side.tenant,
      recipients: [side.plumber, side.manager],
    });
    await t.db.insert(ticketVisits).values({
      ticketId: ticket.id,
      contractorId: side.plumber.id,
      propertyId: side.unit.propertyId,
      state: 'booked',
      startsAt: new Date(START.getTime() + 26 * HOUR),
      endsAt: new Date(START.getTime() + 28 * HOUR),
      inWindow: true,
    });
  }
  recorder = statementRecorder(t.db);
});
afterAll(() => t?.close());

/** The calendar's own statement of one read. */
async function calendarStatement(user: World['admin'], query: string): Promise<CapturedStatement> {
  const client = await clientFor(t, user);
  const statements = await recorder.during(async () => {
    const response = await client.get(`/api/visits?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).not.toHaveLength(0);
  });
  const [statement] = statements.filter((each) => each.text.includes('"ticket_visits"'));
  return statement;
}

const literal = (value: unknown) =>
  value === null
    ? 'null'
    : typeof value === 'number'
      ? String(value)
      : `'${(value instanceof Date ? value.toISOString() : String(value)).replaceAll("'", "''")}'`;

/** The generic plan of a captured statement: prepared, then explained without its values planned in. */
async function genericPlanOf(statement: CapturedStatement): Promise<string> {
  type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;
  type Connection = { query: Query; release(): void };
  const driver = (t.db as unknown as { $client: { query: Query; connect?: () => Promise<Connection> } })
    .$client;
  const connection = driver.connect ? await driver.connect() : null;
  const on = connection ?? driver;
  try {
    await on.query('set enable_seqscan = off');
    await on.query('set plan_cache_mode = force_generic_plan');
    await on.query(`prepare calendar_plan as ${statement.text}`);
    const { rows } = await on.query(
      `explain execute calendar_plan(${statement.values.map(literal).join(', ')})`,
    );
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  } finally {
    await on.query('deallocate calendar_plan');
    await on.query('reset enable_seqscan');
    await on.query('reset plan_cache_mode');
    connection?.release();
  }
}

describe("the calendar's generic plan", () => {
  const span = `from=${START.getTime() / 1000}&to=${START.getTime() / 1000 + 7 * 86_400}`;

  it.each([
    ['the super admin', () => w.admin, () => span],
    ['the super admin, one landlord', () => w.admin, () => `${span}&landlord_id=${w.north.landlord.id}`],
    ['a manager', () => w.north.manager, () => span],
    ['a contractor', () => w.north.plumber, () => span],
  ])('reads an index of the active visits for %s', async (_who, user, query) => {
    const statement = await calendarStatement(user(), query());
    const plan = await genericPlanOf(statement);
    expect(plan).toMatch(/Index (Only )?Scan using ticket_visits_(active|property|contractor)_starts_at_idx/);
  });
});
