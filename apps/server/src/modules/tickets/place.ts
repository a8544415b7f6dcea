/**
 * Where a ticket's work is, for the statements that join its unit with a left join: a ticket of the whole property
 * (issue 26) has no unit, so no unit name (null: each reader's message or page names it, `unitNameOrWhole`), and is at
 * the property's address.
 */
import { sql } from 'drizzle-orm';
import { properties, units } from '../../db/schema';

export const unitNameColumn = sql<string | null>`${units.name}`;
export const ticketAddress = sql<string>`coalesce(${units.address}, ${properties.address})`;
