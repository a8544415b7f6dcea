/**
 * Where a ticket's work is, for the statements that join its unit with a left join: a ticket of the whole property
 * (issue 26) has no unit, and is then named "Whole property" at the property's address.
 */
import { en } from '@mend/shared';
import { sql } from 'drizzle-orm';
import { properties, units } from '../../db/schema';

export const ticketUnitName = sql<string>`coalesce(${units.name}, ${en.schedules.wholeProperty})`;
export const ticketAddress = sql<string>`coalesce(${units.address}, ${properties.address})`;
