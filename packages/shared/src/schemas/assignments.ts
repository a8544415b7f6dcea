/**
 * The assignment forms of a ticket (issue 25): staff assign one contractor of the ticket's landlord; the contractor
 * accepts, or declines with a reason (in the app or from the signed link of its email or SMS). Whether the contractor
 * belongs to the landlord is the server's check (a field error on `contractor_id`).
 */
import type { z } from 'zod';
import { ASSIGNMENT_DECLINE_REASON_MAX_LENGTH } from '../constants';
import { en, format } from '../messages';
import { form, id, remark } from './common';

const v = en.validation;

/** PUT tickets/{id}/assignment: who is assigned (assigning another contractor reassigns the ticket). */
export const assignmentSchema = form({
  contractor_id: id(v.assignContractor),
});
export type AssignmentValues = z.infer<typeof assignmentSchema>;

/** POST tickets/{id}/assignment/decline (and the signed link's): why, trimmed, line breaks kept as \n. */
export const assignmentDeclineSchema = form({
  reason: remark({
    max: ASSIGNMENT_DECLINE_REASON_MAX_LENGTH,
    tooLong: format(v.declineReasonTooLong, { max: ASSIGNMENT_DECLINE_REASON_MAX_LENGTH }),
    required: v.declineReason,
  }),
});
export type AssignmentDeclineValues = z.infer<typeof assignmentDeclineSchema>;
