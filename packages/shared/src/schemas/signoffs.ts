/**
 * The tenant's answer to a completed ticket (issue 25), in the app or from the signed link of its email or SMS: the
 * repair is done, rated RATING_MIN to RATING_MAX stars with an optional comment; or it is not, and the ticket reopens
 * with the reason.
 */
import { z } from 'zod';
import { RATING_MAX, RATING_MIN, SIGNOFF_TEXT_MAX_LENGTH } from '../constants';
import { en, format } from '../messages';
import { form, remark, wholeNumber } from './common';

const v = en.validation;
const tooLong = format(v.signoffText, { max: SIGNOFF_TEXT_MAX_LENGTH });
const ratingMessage = format(v.rating, { min: RATING_MIN, max: RATING_MAX });

/** POST tickets/{id}/signoff/confirm (and the signed link's). */
export const signoffConfirmSchema = form({
  rating: z.preprocess(
    wholeNumber,
    z
      .number({ error: ratingMessage })
      .int()
      .min(RATING_MIN, { error: ratingMessage })
      .max(RATING_MAX, { error: ratingMessage }),
  ),
  comment: remark({ max: SIGNOFF_TEXT_MAX_LENGTH, tooLong }),
});
export type SignoffConfirmValues = z.output<typeof signoffConfirmSchema>;

/** POST tickets/{id}/signoff/reopen (and the signed link's): what still needs fixing. */
export const signoffReopenSchema = form({
  reason: remark({ max: SIGNOFF_TEXT_MAX_LENGTH, tooLong, required: v.reopenReason }),
});
export type SignoffReopenValues = z.output<typeof signoffReopenSchema>;
