/**
 * JSON shapes of the schedules API (issue 26), derived from the zod schemas in ./responses/schedules.ts; importing the
 * types only keeps zod out of the web bundle.
 */
import type { z } from 'zod';
import type { apiScheduleOccurrenceSchema, apiScheduleSchema } from './responses/schedules';

export type ApiSchedule = z.infer<typeof apiScheduleSchema>;
export type ApiScheduleOccurrence = z.infer<typeof apiScheduleOccurrenceSchema>;
