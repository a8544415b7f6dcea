/**
 * The pieces routes' contracts share (lib/routes.ts): the one reader of a record id in a URL, id filters of a
 * query string, and list queries with their filters.
 */
import { z } from 'zod';
import { listQuerySchema } from './list-query';

/** Ids in a URL or a filter: 1 to 9 digits, so never past PostgreSQL's `integer`. */
const ID_TEXT = /^\d{1,9}$/;

/** A record's id in a URL: a positive whole number; anything else is a record that does not exist (404). */
export const recordIdParam = z
  .string()
  .regex(ID_TEXT)
  .transform(Number)
  .pipe(z.number().int().min(1))
  .meta({ description: 'A record id', example: '5' });

/** `/things/:id`. */
export const idParams = z.object({ id: recordIdParam });

/** An optional id in a query string (`?landlord_id=3`): anything unreadable (`abc`, `-1`, `1e3`, a list) is none. */
export const optionalIdFilter = z
  .string()
  .trim()
  .regex(ID_TEXT)
  .transform(Number)
  .pipe(z.number().int().min(1))
  .optional()
  .catch(undefined);

/**
 * `?landlord_id=` of the form-data calls (users, tenants, contractors, units): the landlord a super admin
 * is picking, whose units or properties the form offers. An unreadable one is none chosen.
 */
export const requestedLandlordQuery = z.object({ landlord_id: optionalIdFilter });

/** A list's page, size, search and sort (lib/list-query.ts) with its id filters. */
export function listQueryWith<F extends z.ZodRawShape>(filters: F) {
  return listQuerySchema.extend(filters);
}
