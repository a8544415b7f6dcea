/**
 * A ticket's due times changed by its managers (issue 26): by when someone must act on it (`respond_by`) and by when it
 * must be resolved (`resolve_by`), each a wall-clock date and time at the ticket's property (`{ date, time }`, an
 * object or its JSON text), as visits are entered. The response cannot be due after the resolution; either may be in
 * the past (a manager correcting the record).
 */
import { z } from 'zod';
import { en } from '../messages';
import { zonedSeconds } from '../time-zones';
import { form, parseJson } from './common';

const v = en.validation;

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** One due time, in seconds since the epoch, read in the property's `timeZone`. */
function dueTime(timeZone: string) {
  return z.unknown().transform((raw, ctx): number => {
    const value = parseJson(raw);
    const moment =
      typeof value === 'object' && value !== null
        ? zonedSeconds(
            text((value as Record<string, unknown>).date),
            text((value as Record<string, unknown>).time),
            timeZone,
          )
        : null;
    if (moment === null) {
      ctx.issues.push({ code: 'custom', message: v.dueTime, input: raw });
      return z.NEVER;
    }
    return moment;
  });
}

/** PATCH tickets/{id}/due, read in the time zone of the ticket's property. */
export function ticketDueSchema(timeZone: string) {
  return form({
    respond_by: dueTime(timeZone),
    resolve_by: dueTime(timeZone),
  }).refine((values) => values.respond_by <= values.resolve_by, {
    error: v.dueOrder,
    path: ['respond_by'],
  });
}
export type TicketDueValues = z.output<ReturnType<typeof ticketDueSchema>>;
