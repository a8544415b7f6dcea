/**
 * JSON shapes of the schedules API (issue 26), derived from the zod schemas in ./responses/schedules.ts; importing the
 * types only keeps zod out of the web bundle.
 */
import type { z } from 'zod';
import type { apiScheduleOccurrenceSchema, apiScheduleSchema } from './responses/schedules';

/**
 * A schedule. In a list (GET schedules) `upcoming` and `occurrences` are empty: the list screen shows neither, and
 * only the record (GET schedules/{id}, and the answers of its writes) works them out.
 */
export type ApiSchedule = z.infer<typeof apiScheduleSchema>;
export type ApiScheduleOccurrence = z.infer<typeof apiScheduleOccurrenceSchema>;
