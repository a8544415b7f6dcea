/**
 * Checks shared by the routes that read their session in the statement of their answer (`sessionInQuery`,
 * ADR 0012 and 0013): how many statements a request sends, and that such a route treats the session as the
 * onRequest hook does (its use noted, an expired one refused).
 */
import { en } from '@mend/shared';
import { eq } from 'drizzle-orm';
import { expect, vi } from 'vitest';
import { sessions, type UserRow } from '../../src/db/schema';
import type { TestApp } from './app';
import { freshClientFor } from './ticket-factories';

/** The statements sent to the database while `run` runs. */
export async function statementsDuring(t: TestApp, run: () => Promise<void>): Promise<number> {
  const driver = (t.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const sent = vi.spyOn(driver, 'query');
  try {
    await run();
    return sent.mock.calls.length;
  } finally {
    sent.mockRestore();
  }
}

/**
 * On a new session of `user`: a GET of `url` (answering `status`) notes the use of a session last seen an hour
 * ago, and once the session has expired the same GET answers 401.
 */
export async function expectSessionNotedThenExpired(
  t: TestApp,
  user: UserRow,
  url: string,
  status: number,
): Promise<void> {
  const client = await freshClientFor(t, user);
  const [session] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
  const longAgo = new Date(Date.now() - 3600_000);
  await t.db.update(sessions).set({ lastSeenAt: longAgo }).where(eq(sessions.id, session.id));
  expect((await client.get(url)).statusCode).toBe(status);
  const [touched] = await t.db.select().from(sessions).where(eq(sessions.id, session.id));
  expect(touched.lastSeenAt.getTime()).toBeGreaterThan(longAgo.getTime());

  await t.db.update(sessions).set({ expiresAt: longAgo }).where(eq(sessions.id, session.id));
  const response = await client.get(url);
  expect(response.statusCode).toBe(401);
  expect(response.json()).toEqual({ code: 'unauthenticated', message: en.auth.unauthenticated });
}
