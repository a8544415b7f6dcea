/**
 * Helpers shared by the four records modules (landlords, properties, units, categories): form parsing with the
 * avatar, storing a picture so that it never outlives a failed write,
 * "still in use" answers, and the person columns their serializers read. (Kept here rather than in lib/,
 * which belongs to the core; landlords are the root the other three hang from.)
 */
import { en, fieldErrors, format, type Role } from '@mend/shared';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { isRowInUseError } from '../db/client';
import { users } from '../db/schema';
import type { ServiceContext } from './context';
import { AppError, type FieldErrors, validationFailed } from './errors';
import type { UploadedFile } from './form-body';
import { newStorageKey, type ProcessedImage, processAvatarUpload } from './uploads';

/** Builds subqueries for scope conditions without a database handle. */
export const qb = new QueryBuilder();

/** Condition that matches every row / no row (scopes of the super admin / of an actor with no access). */
export const everyRow = (): SQL => sql`true`;
export const noRow = (): SQL => sql`false`;

/** Case-insensitive sort key for a text column. */
export const textSort = (column: AnyColumn): SQL => sql`lower(${column})`;

/** Whether a form sent a field at all (sets like `users[]` are replaced only when sent). */
export function hasField(body: unknown, name: string): boolean {
  return typeof body === 'object' && body !== null && (body as Record<string, unknown>)[name] !== undefined;
}

/**
 * Parses a form and its optional avatar/logo file together, so one answer lists every field problem
 * (the text fields' messages and the file's "File too big" / "Too many files" / file-type message).
 * Nothing is stored here.
 */
export async function parseForm<S extends z.ZodType>(
  schema: S,
  body: unknown,
  files: UploadedFile[],
  fileField: string | null = 'avatar',
): Promise<{ values: z.output<S>; image: ProcessedImage | null }> {
  const parsed = schema.safeParse(withoutNul(body ?? {}));
  const errors: FieldErrors = parsed.success ? {} : fieldErrors(parsed.error);
  let image: ProcessedImage | null = null;
  if (fileField) {
    try {
      image = await processAvatarUpload(files, fileField);
    } catch (error) {
      if (!(error instanceof AppError && error.errors)) throw error;
      Object.assign(errors, error.errors);
    }
  }
  if (!parsed.success || Object.keys(errors).length > 0) throw validationFailed(errors);
  return { values: parsed.data, image };
}

/**
 * PostgreSQL text cannot hold NUL characters (a query carrying one fails), so they are dropped from
 * form values and search terms before they reach SQL: a stray NUL is never a 500.
 */
export function withoutNul(value: unknown): unknown {
  if (typeof value === 'string') return value.includes('\0') ? value.replaceAll('\0', '') : value;
  if (Array.isArray(value)) return value.map(withoutNul);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withoutNul(item)]));
  }
  return value;
}

/** Puts the processed picture under `folder` and answers its key (null when the form sent none). */
export type StoreImage = (folder: string) => Promise<string | null>;

/**
 * Runs a write that may store a picture. `write` calls `store(folder)` once every check has passed
 * (inside its transaction, once the record id is known); if the write then fails, the stored file is
 * removed again, so a refused or rolled-back form never leaves a file behind.
 */
export async function withStoredImage<T>(
  context: ServiceContext,
  image: ProcessedImage | null,
  write: (store: StoreImage) => Promise<T>,
): Promise<T> {
  let stored: string | null = null;
  const store: StoreImage = async (folder) => {
    if (!image) return null;
    const key = newStorageKey(folder, image.extension);
    stored = key;
    await context.storage.put(key, image.data);
    return key;
  };
  try {
    return await write(store);
  } catch (error) {
    if (stored) await discardFile(context, stored);
    throw error;
  }
}

/**
 * Removes a stored file that no row points at any more (after the commit that let go of it). A file that
 * cannot be removed is logged, not answered as a failure: the write it follows has already succeeded.
 */
export async function discardFile(context: ServiceContext, key: string | null | undefined): Promise<void> {
  if (!key) return;
  try {
    await context.storage.delete(key);
  } catch (error) {
    context.log.warn({ err: error, key }, 'could not remove a stored file');
  }
}

type EntityKey = keyof typeof en.records.entities;
type DependentKey = keyof typeof en.records.dependents;

/** "3 properties" / "1 property". */
export function dependents(count: number, kind: Exclude<DependentKey, 'linkedRecords'>): string {
  return format(en.records.dependents[kind], { count });
}

/** 409: the record still has dependents (SPEC: never a 500, never orphaned rows). */
export function inUse(entity: EntityKey, recordName: string, what: string): AppError {
  return new AppError(
    409,
    format(en.records.inUse, {
      entity: en.records.entities[entity],
      record_name: recordName,
      dependents: what,
    }),
  );
}

/**
 * Runs a delete whose dependents were counted first; a dependent that appeared in between trips the
 * RESTRICT foreign key, which is answered as the same 409 instead of a 500.
 */
export async function deleteGuarded<T>(
  entity: EntityKey,
  recordName: string,
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isRowInUseError(error)) throw inUse(entity, recordName, en.records.dependents.linkedRecords);
    throw error;
  }
}

export function deletedMessage(entity: EntityKey, recordName: string): { message: string } {
  return {
    message: format(en.records.deleted, { entity: en.records.entities[entity], record_name: recordName }),
  };
}

/** The user columns the records' serializers show (never the password hash or notification settings). */
export const personColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  companyName: users.companyName,
  email: users.email,
  phoneNumber: users.phoneNumber,
  avatar: users.avatar,
  role: users.role,
  landlordId: users.landlordId,
};
export type Person = {
  id: number;
  firstName: string;
  lastName: string;
  companyName: string;
  email: string;
  phoneNumber: string;
  avatar: string | null;
  role: Role;
  landlordId: number | null;
};

/** Sort people by shown name (first and last name, else company, else email). */
export const personSort = sql`lower(coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), nullif(${users.companyName}, ''), ${users.email}))`;

/** Groups rows by a key, keeping their order. */
export function groupBy<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = groups.get(k);
    if (list) list.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}
