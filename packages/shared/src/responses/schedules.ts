/**
 * JSON shapes of the schedules API (issue 26): recurring work on a property or one of its units, and the tickets it
 * created. Types in ../api-schedules.ts are derived from them.
 */
import { z } from 'zod';
import { SCHEDULE_FREQUENCIES, SCHEDULE_STATES } from '../constants';

export const apiScheduleOccurrenceSchema = z
  .object({
    /** "2027-01-31": the date it was for, at the property. */
    occurs_on: z.string(),
    occurs_on_text: z.string(),
    /** The ticket it created; null once that ticket was deleted. */
    ticket_id: z.number().int().nullable(),
    visible_id: z.string().nullable(),
    /** `/api/tickets/{id}/`, or null. */
    ticket_path: z.string().nullable(),
  })
  .meta({ id: 'ApiScheduleOccurrence' });

export const apiScheduleSchema = z
  .object({
    id: z.number().int(),
    property_id: z.number().int(),
    property_name: z.string(),
    landlord_id: z.number().int().nullable(),
    /** Null for work on the whole property (roof, boiler, common areas). */
    unit_id: z.number().int().nullable(),
    /** The unit's name, or "Whole property". */
    unit_name: z.string(),
    title: z.string(),
    description: z.string(),
    category_id: z.number().int(),
    category_title: z.string(),
    priority: z.number().int(),
    priority_text: z.string(),
    frequency: z.enum(SCHEDULE_FREQUENCIES),
    interval: z.number().int(),
    /** Weekly: 0 Monday … 6 Sunday; null otherwise. */
    weekday: z.number().int().nullable(),
    /** Monthly and yearly: 1 … 28, or -1 for the month's last day; null otherwise. */
    month_day: z.number().int().nullable(),
    /** Yearly: 1 … 12; null otherwise. */
    month: z.number().int().nullable(),
    /** "Every 2 weeks on Monday". */
    rule_text: z.string(),
    /** The recurrence as RFC 5545 text (DTSTART and RRULE). */
    rrule: z.string(),
    starts_on: z.string(),
    ends_on: z.string().nullable(),
    lead_days: z.number().int(),
    state: z.enum(SCHEDULE_STATES),
    paused_at_timestamp: z.number().nullable(),
    /** The next date a ticket will be created for; null once the schedule has ended. */
    next_on: z.string().nullable(),
    /** "Mon, Feb 1, 2027", or "Ended". */
    next_on_text: z.string(),
    /** The next dates it falls on (SCHEDULE_UPCOMING_COUNT), from `next_on`; empty in lists (GET schedules). */
    upcoming: z.array(z.string()),
    /** The last tickets it created (SCHEDULE_OCCURRENCES_SHOWN), newest first; only on GET schedules/{id}. */
    occurrences: z.array(apiScheduleOccurrenceSchema),
    created_at: z.string(),
    created_at_timestamp: z.number(),
    /** `/api/schedules/{id}/` */
    path: z.string(),
    can: z.object({ update: z.boolean(), delete: z.boolean() }),
  })
  .meta({ id: 'ApiSchedule' });
