/**
 * Rate limits that every app process shares (docs/decisions/0016): counters in the database (`rate_limits`),
 * one fixed window per limit and key, each count one atomic upsert, so two processes behind a load balancer
 * enforce one limit and a restart forgets nothing.
 *
 * Two kinds:
 * - **Failure limits** guard a credential check (sign-in, activation, a password-reset link): failed attempts
 *   per account and per client address, the address with a higher ceiling, so an office behind one address
 *   is not locked out by its own sign-ins. An attempt is counted before the check (so concurrent guesses
 *   cannot slip past the limit together); a success clears the account's failures and takes its attempt back
 *   from the address.
 * - **Request limits** count every request (password-reset and verification emails).
 */
import { en } from '@mend/shared';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';
import { AppError } from './errors';

export interface Limit {
  /** Prefix of its keys in `rate_limits`. */
  name: string;
  max: number;
  windowMs: number;
  /** The 429 answer's message. */
  message: string;
}

const MINUTE_MS = 60_000;
/** Expired counters are deleted at most this often per process. */
const SWEEP_INTERVAL_MS = 10 * MINUTE_MS;
/** A key is cut to this length (an identifier is at most an email's length; longer is never an account). */
const MAX_KEY_LENGTH = 320;

/** The limits of this configuration (README "Configuration"). */
export function limitsOf(config: Pick<Config, 'loginRateLimit' | 'loginAddressRateLimit' | 'mailRateLimit'>) {
  const minute = (name: string, max: number, message: string): Limit => ({
    name,
    max,
    windowMs: MINUTE_MS,
    message,
  });
  return {
    /** Failed sign-ins (and activations) of one account. */
    account: minute('login-account', config.loginRateLimit, en.auth.tooManyAttempts),
    /** Failed sign-ins, activations and password resets from one client address. */
    address: minute('login-address', config.loginAddressRateLimit, en.auth.tooManyAttempts),
    /** Password-reset emails asked for from one client address. */
    resetEmails: minute('mail-address', config.mailRateLimit, en.accounts.tooManyEmails),
    /** Verification emails asked for by one signed-in user. */
    verificationEmails: minute('mail-user', config.mailRateLimit, en.accounts.tooManyEmails),
  };
}
export type Limits = ReturnType<typeof limitsOf>;

/** A counter: which limit, for whom. */
export type Counter = readonly [Limit, string];

const tooMany = (limit: Limit) => new AppError(429, limit.message);
const keyOf = ([limit, key]: Counter) => `${limit.name}:${key.trim().toLowerCase().slice(0, MAX_KEY_LENGTH)}`;

/** A credential check counted against failure limits (`RateLimits.attempt`). */
export interface Attempt {
  /** The credentials were right: the account's failures are cleared and the address's attempt taken back. */
  succeeded(): Promise<void>;
}

export class RateLimits {
  readonly limits: Limits;
  private lastSweep = 0;

  constructor(
    private readonly db: Db,
    config: Parameters<typeof limitsOf>[0],
    /** The clock (tests move it past a window). */
    private readonly now: () => Date = () => new Date(),
  ) {
    this.limits = limitsOf(config);
  }

  /** Counts one request against each counter; 429 with the limit's message once any is past its maximum. */
  async take(...counters: Counter[]): Promise<void> {
    const counts = await this.count(counters);
    const over = counters.find((counter) => (counts.get(keyOf(counter)) ?? 0) > counter[0].max);
    if (over) throw tooMany(over[0]);
  }

  /**
   * Counts a credential check as a failure before it runs (429 when past a limit, and the check must not
   * run). Unless `succeeded()` is called, the failure stays counted.
   * `account` counts against the account limit, `address` against the address limit.
   */
  async attempt({ account, address }: { account?: string; address: string }): Promise<Attempt> {
    const counters: Counter[] = [[this.limits.address, address]];
    if (account !== undefined) counters.push([this.limits.account, account]);
    await this.take(...counters);
    return {
      succeeded: async () => {
        const now = this.now();
        await this.db.transaction(async (tx) => {
          if (account !== undefined) {
            await tx.delete(rateLimits).where(eq(rateLimits.key, keyOf([this.limits.account, account])));
          }
          await tx
            .update(rateLimits)
            .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
            .where(
              and(eq(rateLimits.key, keyOf([this.limits.address, address])), gt(rateLimits.resetAt, now)),
            );
        });
      },
    };
  }

  /** One more for each counter (a new window when its last one has ended); answers the counts by key. */
  private async count(counters: Counter[]): Promise<Map<string, number>> {
    const now = this.now();
    // One row per key, in key order: two requests that count the same keys lock them in the same order.
    const rows = new Map(counters.map((counter) => [keyOf(counter), counter[0]]));
    const values = [...rows]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, limit]) => ({ key, count: 1, resetAt: new Date(now.getTime() + limit.windowMs) }));
    const expired = sql`${rateLimits.resetAt} <= ${now}`;
    const counted = await this.db
      .insert(rateLimits)
      .values(values)
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
          resetAt: sql`case when ${expired} then excluded.reset_at else ${rateLimits.resetAt} end`,
        },
      })
      .returning({ key: rateLimits.key, count: rateLimits.count });
    await this.sweep(now);
    return new Map(counted.map((row) => [row.key, row.count]));
  }

  /** Deletes counters whose window has ended (a lost race between processes only sweeps twice). */
  private async sweep(now: Date): Promise<void> {
    if (now.getTime() - this.lastSweep < SWEEP_INTERVAL_MS) return;
    this.lastSweep = now.getTime();
    await this.db.delete(rateLimits).where(lt(rateLimits.resetAt, now));
  }
}
