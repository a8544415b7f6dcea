/**
 * A landlord's money settings (issue 26 section 3): its currency, the estimate total above which its owner approves,
 * and its owner contacts, set on the landlord form by the super admin or the landlord's manager and shown on its
 * record. Absent fields keep what was stored; bad values are refused with nothing written; the database's defaults
 * and allowed currencies are the shared constants.
 */
import {
  APPROVAL_LIMIT_DEFAULT_CENTS,
  CURRENCIES,
  DEFAULT_CURRENCY,
  DEFAULT_LANGUAGE,
  LANDLORD_OWNERS_MAX,
} from '@mend/shared';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { landlordOwners, landlords } from '../src/db/schema';
import { createTestApp, type TestApp, type TestClient } from './helpers/app';
import { type TicketActor, ticketActors } from './helpers/ticket-actors';
import { createWorld, type World } from './helpers/ticket-factories';

let t: TestApp;
let w: World;
let clients: Record<TicketActor, TestClient>;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
  ({ clients } = await ticketActors(t, w));
});
afterAll(() => t.close());

const path = () => `/api/landlords/${w.north.landlord.id}`;
const base = { name: 'North Landlord', description: 'Residential rentals' };
const stored = async () => ({
  landlord: (await t.db.select().from(landlords).where(eq(landlords.id, w.north.landlord.id)))[0],
  owners: await t.db
    .select()
    .from(landlordOwners)
    .where(eq(landlordOwners.landlordId, w.north.landlord.id))
    .orderBy(asc(landlordOwners.position)),
});

describe('a landlord’s money', () => {
  it('starts in the default currency and limit, with no owners', async () => {
    const created = await clients.admin.post('/api/landlords', {
      name: 'Fresh Landlord',
      description: 'New',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      currency: DEFAULT_CURRENCY,
      approval_limit_cents: APPROVAL_LIMIT_DEFAULT_CENTS,
      owners: [],
    });
  });

  it('is set by its manager, owners kept by id, and absent fields keep what was stored', async () => {
    const saved = await clients.manager.send('PATCH', path(), {
      ...base,
      currency: 'USD',
      approval_limit_cents: '75000',
      owners: JSON.stringify([
        { name: 'Helen Ortiz', email: 'helen@owners.test', phone_number: '780 555 0199', language: 'fr' },
        { name: 'Raj Patel', email: 'raj@owners.test' },
      ]),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const record = saved.json();
    expect(record).toMatchObject({ currency: 'USD', approval_limit_cents: 75_000 });
    expect(
      record.owners.map((owner: { name: string; language: string }) => [owner.name, owner.language]),
    ).toEqual([
      ['Helen Ortiz', 'fr'],
      ['Raj Patel', DEFAULT_LANGUAGE],
    ]);
    const [helen] = record.owners;

    // Helen renamed (same row, her language not sent: kept), Raj removed, Sam added; currency and limit not sent: kept.
    const again = await clients.manager.send('PATCH', path(), {
      ...base,
      owners: JSON.stringify([
        { id: helen.id, name: 'Helen Ortiz-Lee', email: 'helen@owners.test' },
        { name: 'Sam Wu', email: 'sam@owners.test' },
      ]),
    });
    expect(again.statusCode, again.body).toBe(200);
    const { landlord, owners } = await stored();
    expect(landlord).toMatchObject({ currency: 'USD', approvalLimitCents: 75_000 });
    expect(owners.map((owner) => [owner.id === helen.id, owner.name, owner.language])).toEqual([
      [true, 'Helen Ortiz-Lee', 'fr'],
      [false, 'Sam Wu', DEFAULT_LANGUAGE],
    ]);
    // Not sent at all: the owners stay; an empty list removes them.
    await clients.manager.send('PATCH', path(), base);
    expect((await stored()).owners).toHaveLength(2);
    await clients.manager.send('PATCH', path(), { ...base, owners: '[]' });
    expect((await stored()).owners).toHaveLength(0);
  });

  it('keeps another landlord’s owner ids out', async () => {
    await clients.otherManager.send('PATCH', `/api/landlords/${w.south.landlord.id}`, {
      ...base,
      name: 'South Landlord',
      owners: JSON.stringify([{ name: 'South Owner', email: 'south@owners.test' }]),
    });
    const [southOwner] = await t.db
      .select()
      .from(landlordOwners)
      .where(eq(landlordOwners.landlordId, w.south.landlord.id));
    const response = await clients.manager.send('PATCH', path(), {
      ...base,
      owners: JSON.stringify([{ id: southOwner.id, name: 'Taken Over', email: 'x@owners.test' }]),
    });
    expect(response.statusCode).toBe(200);
    const [south] = await t.db.select().from(landlordOwners).where(eq(landlordOwners.id, southOwner.id));
    expect(south.name).toBe('South Owner');
  });

  it.each([
    ['an unknown currency', { currency: 'XYZ' }, 'currency', 'Please choose a currency'],
    [
      'a negative limit',
      { approval_limit_cents: -1 },
      'approval_limit_cents',
      'Please enter an amount from 0 to 1000000',
    ],
    [
      'an absurd limit',
      { approval_limit_cents: 100_000_001 },
      'approval_limit_cents',
      'Please enter an amount from 0 to 1000000',
    ],
    [
      'a limit in dollars',
      { approval_limit_cents: '12.50' },
      'approval_limit_cents',
      'Please enter an amount from 0 to 1000000',
    ],
    [
      'too many owners',
      {
        owners: Array.from({ length: LANDLORD_OWNERS_MAX + 1 }, (_, i) => ({
          name: `O${i}`,
          email: `o${i}@x.test`,
        })),
      },
      'owners',
      `Please list at most ${LANDLORD_OWNERS_MAX} owners`,
    ],
    [
      'an owner without a name',
      { owners: JSON.stringify([{ name: '', email: 'a@x.test' }]) },
      'owners.0.name',
      'Please enter the name of each owner',
    ],
    [
      'an owner without an email',
      { owners: [{ name: 'A', email: 'nope' }] },
      'owners.0.email',
      'Please enter a valid email',
    ],
    [
      'an owner in a language Mend does not have',
      { owners: JSON.stringify([{ name: 'A', email: 'a@x.test', language: 'de' }]) },
      'owners.0.language',
      'Please choose a language',
    ],
  ])('refuses %s (422) and keeps what was stored', async (_name, sent, field, message) => {
    const before = await stored();
    const response = await clients.manager.send('PATCH', path(), { ...base, ...sent });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors[field]).toEqual([message]);
    expect(await stored()).toEqual(before);
  });

  it('has the shared constants as the database’s defaults and allowed currencies', async () => {
    const defaults = await t.db.execute<{ column_name: string; column_default: string }>(
      sql`select column_name, column_default from information_schema.columns where table_name = 'landlords' and column_name in ('currency', 'approval_limit_cents')`,
    );
    const byName = Object.fromEntries(defaults.rows.map((row) => [row.column_name, row.column_default]));
    expect(byName.currency).toBe(`'${DEFAULT_CURRENCY}'::text`);
    expect(Number(byName.approval_limit_cents)).toBe(APPROVAL_LIMIT_DEFAULT_CENTS);
    const check = await t.db.execute<{ definition: string }>(
      sql`select pg_get_constraintdef(oid) as definition from pg_constraint where conname = 'landlords_money_check'`,
    );
    const listed = [...check.rows[0].definition.matchAll(/'([A-Z]{3})'/g)].map((match) => match[1]);
    expect(listed).toEqual([...CURRENCIES]);
    const language = await t.db.execute<{ column_default: string }>(
      sql`select column_default from information_schema.columns where table_name = 'landlord_owners' and column_name = 'language'`,
    );
    expect(language.rows[0].column_default).toBe(`'${DEFAULT_LANGUAGE}'::text`);
  });
});
