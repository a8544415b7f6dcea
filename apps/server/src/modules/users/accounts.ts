/**
 * Account details shared by the user form and batch create: generated usernames of temporary
 * accounts, password hashing, and telling which unique constraint a failed insert hit.
 */
import { type Algorithm, hash } from '@node-rs/argon2';
import { and, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { generatePassword, hashPassword } from '../../lib/password';

/**
 * Generated passwords are 96 random bits: no amount of hashing work changes how guessable they are,
 * so they get argon2id at its cheapest settings. That keeps a large import quick (a chosen password's full
 * cost, per row, would hold it for minutes), while `verifyPassword` still checks them like any other hash (the
 * settings live in the PHC string). A password a person chose always gets the full cost (lib/password.ts),
 * and activating a temporary account replaces the generated password with a chosen one.
 */
const GENERATED_HASH_OPTIONS = {
  algorithm: 2 as Algorithm, // Algorithm.Argon2id (an ambient const enum; see lib/password.ts)
  memoryCost: 1024,
  timeCost: 1,
  parallelism: 1,
} as const;

export interface NewPassword {
  hash: string;
  /** The password, when the server made it up: answered once so the account can be activated. */
  generated?: string;
}

/** Hashes the given password, or makes one up when none was given (''). */
export async function passwordFor(given: string): Promise<NewPassword> {
  if (given !== '') return { hash: await hashPassword(given) };
  const generated = generatePassword();
  return { hash: await hash(generated, GENERATED_HASH_OPTIONS), generated };
}

/**
 * Hashes many passwords: each distinct chosen password once (full cost, a few at a time so the
 * libuv thread pool stays busy without a thousand queued jobs), generated ones at the cheap setting.
 */
export async function passwordsFor(given: string[]): Promise<NewPassword[]> {
  const distinct = [...new Set(given.filter((password) => password !== ''))];
  const hashes = new Map<string, string>();
  const PARALLEL = 8;
  for (let i = 0; i < distinct.length; i += PARALLEL) {
    const slice = distinct.slice(i, i + PARALLEL);
    const done = await Promise.all(slice.map((password) => hashPassword(password)));
    for (const [j, password] of slice.entries()) hashes.set(password, done[j]);
  }
  const results: NewPassword[] = [];
  for (let i = 0; i < given.length; i += 64) {
    const slice = given.slice(i, i + 64);
    results.push(
      ...(await Promise.all(
        slice.map((password) =>
          password === '' ? passwordFor('') : Promise.resolve({ hash: hashes.get(password)! }),
        ),
      )),
    );
  }
  return results;
}

/** The letters and digits of a name, lower-case ASCII: "Zoë O'Neil" → "zoeoneil"; "user" when nothing is left. */
export function usernameBase(firstName: string, lastName: string): string {
  const letters = `${firstName}${lastName}`
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 24)
    // Numbers are added to make a name unique, so a base never ends in digits itself.
    .replace(/\d+$/, '');
  return letters.length >= 2 ? letters : 'user';
}

/**
 * Unique usernames for names, one per entry: the base, else the base followed by 2, 3, ...
 * One query reads every taken username that has one of the bases (with or without a number).
 */
export async function uniqueUsernames(db: Db, names: Array<{ firstName: string; lastName: string }>) {
  const bases = names.map((name) => usernameBase(name.firstName, name.lastName));
  if (bases.length === 0) return [];
  const distinct = [...new Set(bases)];
  const stripped = sql<string>`regexp_replace(lower(${users.username}), '[0-9]+$', '')`;
  const rows = await db
    .select({ username: sql<string>`lower(${users.username})` })
    .from(users)
    .where(and(isNotNull(users.username), inArray(stripped, distinct)));
  const taken = new Set(rows.map((row) => row.username));
  return bases.map((base) => {
    let candidate = base;
    for (let n = 2; taken.has(candidate); n++) candidate = `${base}${n}`;
    taken.add(candidate);
    return candidate;
  });
}

/** The name of the unique constraint a database error reports (drizzle wraps the driver's error). */
export function violatedConstraint(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    if ('constraint' in current && typeof current.constraint === 'string') return current.constraint;
    current = 'cause' in current ? current.cause : undefined;
  }
  return undefined;
}
