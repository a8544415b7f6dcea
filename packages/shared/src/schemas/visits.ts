/**
 * The visit forms of a ticket (issue 25): the assigned contractor books (or proposes) a start and an end, entered as
 * wall-clock dates and times at the ticket's property (WallClockRange, like the tenant's availability); a reason
 * comes with a refusal or a cancellation, optionally. Whether the time falls inside one of the tenant's windows is the
 * server's decision (booked or proposed), not a form error.
 */
import { z } from 'zod';
import { ASSIGNMENT_DECLINE_REASON_MAX_LENGTH, TIME_STEP_SECONDS, VISIT_MAX_HOURS } from '../constants';
import { en, format } from '../messages';
import { zonedSeconds } from '../time-zones';
import { form, parseJson, remark } from './common';

const v = en.validation;

/** A visit in seconds since the epoch. */
export interface VisitTimes {
  start: number;
  end: number;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * POST tickets/{id}/visits: `visit` as a WallClockRange (an object or its JSON text) read in the property's `timeZone`.
 * One message per problem, in this order: not a time, end not after start, start not in the future (on `now`), longer
 * than VISIT_MAX_HOURS, not on the 15-minute step.
 */
export function visitSchema(now: Date, timeZone: string) {
  return form({
    visit: z.unknown().transform((raw, ctx): VisitTimes => {
      const fail = (message: string) => {
        ctx.issues.push({ code: 'custom', message, input: raw });
        return z.NEVER;
      };
      const value = parseJson(raw);
      if (typeof value !== 'object' || value === null) return fail(v.visitTime);
      const range = value as Record<string, unknown>;
      const start = zonedSeconds(text(range.start_date), text(range.start_time), timeZone);
      const end = zonedSeconds(text(range.end_date), text(range.end_time), timeZone);
      if (start === null || end === null) return fail(v.visitTime);
      if (end <= start) return fail(v.visitEndBeforeStart);
      if (start * 1000 <= now.getTime()) return fail(v.visitInPast);
      if (end - start > VISIT_MAX_HOURS * 3600)
        return fail(format(v.visitTooLong, { hours: VISIT_MAX_HOURS }));
      if (start % TIME_STEP_SECONDS !== 0 || end % TIME_STEP_SECONDS !== 0) return fail(v.availabilityStep);
      return { start, end };
    }),
  });
}
export type VisitValues = z.output<ReturnType<typeof visitSchema>>;

/** POST …/visits/{visitId}/refuse and …/cancel: why, optional, trimmed. */
export const visitReasonSchema = form({
  reason: remark({
    max: ASSIGNMENT_DECLINE_REASON_MAX_LENGTH,
    tooLong: format(v.visitReason, { max: ASSIGNMENT_DECLINE_REASON_MAX_LENGTH }),
  }),
});
export type VisitReasonValues = z.output<typeof visitReasonSchema>;
