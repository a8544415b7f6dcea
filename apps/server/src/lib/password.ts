/** Password hashing (argon2id) and generated passwords for temporary accounts. */
import { randomBytes } from 'node:crypto';
import { type Algorithm, hash, verify } from '@node-rs/argon2';

/**
 * `Algorithm` is an ambient const enum in @node-rs/argon2's typings, which `isolatedModules` cannot
 * inline, so its value is written out: Algorithm.Argon2id === 2.
 */
const ARGON2ID = 2 as Algorithm;

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane (about 20-40 ms per hash). */
const HASH_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password into an argon2id PHC string ($argon2id$v=19$m=...). */
export function hashPassword(plain: string): Promise<string> {
  return hash(plain, HASH_OPTIONS);
}

/** True when `plain` matches `passwordHash`. A malformed or empty hash gives false, never an exception. */
export async function verifyPassword(passwordHash: string, plain: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, plain);
  } catch {
    return false;
  }
}

/** A random password for temporary accounts: 16 url-safe characters (96 bits). */
export function generatePassword(): string {
  return randomBytes(12).toString('base64url');
}
