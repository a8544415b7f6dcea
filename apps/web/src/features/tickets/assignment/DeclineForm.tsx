/**
 * Declining a job with its reason (issue 25): the required text, checked with the shared
 * assignmentDeclineSchema, sent through the one submit hook (ReasonForm.tsx: a fresh `_nonce`, the server's field error on the
 * reason, its refusal, 409 already answered or 403 not yours, in the summary). The ticket's details (DeclineForm, in
 * a dialog) and the signed link's page (in place, no sign-in: SignedLinkAnswer.tsx) both ask it so, each with its own
 * address.
 */
import { ASSIGNMENT_DECLINE_REASON_MAX_LENGTH, assignmentDeclineSchema } from '@mend/shared';
import { t } from '../../../lib/translations';
import { ReasonForm, type ReasonSettings } from '../ReasonForm';

const A = t.ticketScreens.assignment;

/** Declining a job: its reason's form and check, POSTed to `url` (the ticket's, or the signed link's). */
export const assignmentDeclineReason = (url: string): ReasonSettings => ({
  url,
  schema: assignmentDeclineSchema,
  label: A.declineTitle,
  reasonLabel: A.reason,
  description: A.declineHint,
  required: true,
  maxLength: ASSIGNMENT_DECLINE_REASON_MAX_LENGTH,
  submitLabel: A.decline,
});

export function DeclineForm<Answer>({
  url,
  onDeclined,
  onCancel,
  onRefused,
  toast,
}: {
  /** POST tickets/{id}/assignment/decline. */
  url: string;
  /** With the server's answer, once the caches it names are fresh. */
  onDeclined: (answer: Answer) => void;
  onCancel: () => void;
  /**
   * A refusal that no reason can fix (409 answered meanwhile, 403 no longer assigned), with its message; left
   * out, it shows in the form's summary as any refusal does.
   */
  onRefused?: (message: string) => void;
  /** The success toast's title (its text is the answer's message); none when left out. */
  toast?: string;
}) {
  return (
    <ReasonForm<Answer>
      {...assignmentDeclineReason(url)}
      // The caller refreshes what the answer changes (the details may be gone: see assignment-data.ts).
      writes={null}
      toast={toast}
      onDone={onDeclined}
      onCancel={onCancel}
      onRefused={onRefused}
    />
  );
}
