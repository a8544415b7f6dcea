/**
 * Two app processes on one database enforce ONE set of limits (lib/rate-limits.ts): failed sign-ins per
 * account and per address, and reset emails per address, counted in the database whichever process a
 * request reaches. Requests alternate between the processes; each "client" has its own address
 * (X-Forwarded-For, read with TRUST_PROXY on).
 */
import { en } from '@mend/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './helpers/http';
import type { ServerProcess } from './helpers/server';
import { ADMIN, binDir, createWorld, skipReason, type World } from './helpers/world';

if (!binDir) console.warn(skipReason);

const ACCOUNT_LIMIT = 3;
const ADDRESS_LIMIT = 10;
const MAIL_LIMIT = 2;
const LIMITS = {
  LOGIN_RATE_LIMIT: String(ACCOUNT_LIMIT),
  LOGIN_ADDRESS_RATE_LIMIT: String(ADDRESS_LIMIT),
  MAIL_RATE_LIMIT: String(MAIL_LIMIT),
  TRUST_PROXY: 'on',
};

describe.skipIf(!binDir)('rate limits shared by two app processes', () => {
  let w: World;
  let servers: ServerProcess[];
  let address = 0;

  beforeAll(async () => {
    w = await createWorld();
    // One first, so that it alone creates the demo data; then the second.
    servers = [await w.start('a', { env: LIMITS })];
    servers.push(await w.start('b', { env: LIMITS }));
  });
  afterAll(() => w?.close());

  /** A visitor at an address of its own, with a session and token on both processes. */
  async function visitor(): Promise<HttpClient> {
    const client = new HttpClient(servers[0].baseUrl);
    client.forwardedFor = `198.51.100.${++address}`;
    await client.refreshCsrf();
    return client;
  }

  /** Sends request i to process i % 2 and answers the statuses. */
  async function alternate(
    client: HttpClient,
    count: number,
    send: (i: number) => Promise<{ status: number }>,
  ) {
    const statuses: number[] = [];
    for (let i = 0; i < count; i++) {
      client.baseUrl = servers[i % 2].baseUrl;
      statuses.push((await send(i)).status);
    }
    return statuses;
  }

  const login = (client: HttpClient, email: string, password: string) =>
    client.request('POST', '/api/login', { email, password });

  it('count failed sign-ins of an account across both processes; then even the right password waits', async () => {
    const client = await visitor();
    const statuses = await alternate(client, ACCOUNT_LIMIT + 2, () => login(client, ADMIN.email, 'wrong'));
    expect(statuses).toEqual([...Array(ACCOUNT_LIMIT).fill(422), 429, 429]);
    const locked = await login(client, ADMIN.email, ADMIN.password);
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ code: 'too_many_requests', message: en.auth.tooManyAttempts });
    // Another account from the same address is not locked.
    expect((await login(client, 'manager@northwind.test', 'password')).status).toBe(200);
  });

  it('clear an account’s failures on a successful sign-in, on either process', async () => {
    const client = await visitor();
    const account = { email: 'tenant@northwind.test', password: 'password' };
    const first = await alternate(client, ACCOUNT_LIMIT - 1, () => login(client, account.email, 'wrong'));
    expect(first).toEqual(Array(ACCOUNT_LIMIT - 1).fill(422));
    client.baseUrl = servers[1].baseUrl;
    expect((await login(client, account.email, account.password)).status).toBe(200);
    const again = await alternate(client, ACCOUNT_LIMIT + 1, () => login(client, account.email, 'wrong'));
    expect(again).toEqual([...Array(ACCOUNT_LIMIT).fill(422), 429]);
  });

  it('let an office sign in as often as it needs: successes do not count against its address', async () => {
    const client = await visitor();
    const statuses = await alternate(client, ADDRESS_LIMIT * 3, () =>
      login(client, 'manager@mapleleaf.test', 'password'),
    );
    expect(statuses).toEqual(Array(ADDRESS_LIMIT * 3).fill(200));
  });

  it('count failures of one address over many accounts, up to the higher address ceiling', async () => {
    const client = await visitor();
    const statuses = await alternate(client, ADDRESS_LIMIT + 1, (i) =>
      login(client, `nobody-${i}@faults.test`, 'wrong'),
    );
    expect(statuses).toEqual([...Array(ADDRESS_LIMIT).fill(422), 429]);
    // Another address is not held back.
    const other = await visitor();
    expect((await login(other, 'nobody-else@faults.test', 'wrong')).status).toBe(422);
  });

  it('count reset emails of an address across both processes', async () => {
    const client = await visitor();
    const statuses = await alternate(client, MAIL_LIMIT + 2, () =>
      client.request('POST', '/api/password/email', { email: 'tenant@mapleleaf.test' }),
    );
    expect(statuses).toEqual([...Array(MAIL_LIMIT).fill(200), 429, 429]);
    expect(
      await w.scalar("select count(*) from rate_limits where key like 'mail-address:%'"),
    ).toBeGreaterThan(0);
  });
});
