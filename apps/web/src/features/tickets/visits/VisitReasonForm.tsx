/**
 * Refusing a proposed visit (the tenant) or cancelling one (its contractor, staff), with an optional reason:
 * checked with the shared visitReasonSchema, sent through the one submit hook (ReasonForm.tsx: a fresh `_nonce`, the
 * server's field error on the reason, its refusal in the summary). A success refreshes what a visit shows on (writes
 * 'visits') and the answer shows in the details; a refusal no reason can fix (409 answered, replaced or cancelled
 * meanwhile, 403) closes the dialog with its message.
 */
import { ASSIGNMENT_DECLINE_REASON_MAX_LENGTH, visitReasonSchema } from '@mend/shared';
import { useQueryClient } from '@tanstack/react-query';
import { t } from '../../../lib/translations';
import { ReasonForm } from '../ReasonForm';
import { showVisitAnswer, type VisitAnswer, visitRefused } from './visit-data';

const V = t.ticketScreens.visit;

export function VisitReasonForm({
  ticketId,
  url,
  label,
  question,
  submitLabel,
  cancelLabel,
  onClose,
}: {
  ticketId: number;
  /** POST tickets/{id}/visits/{visitId}/refuse or …/cancel. */
  url: string;
  /** The form's name (the dialog's title). */
  label: string;
  /** A line above the reason ("Cancel the visit on …?"). */
  question?: string;
  submitLabel: string;
  cancelLabel: string;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  return (
    <ReasonForm<VisitAnswer>
      url={url}
      schema={visitReasonSchema}
      label={label}
      reasonLabel={V.reason}
      question={question}
      maxLength={ASSIGNMENT_DECLINE_REASON_MAX_LENGTH}
      minRows={2}
      submitLabel={submitLabel}
      cancelLabel={cancelLabel}
      writes="visits"
      toast={t.toasts.ticketUpdated}
      onDone={(answer) => {
        showVisitAnswer(queryClient, ticketId, answer);
        onClose();
      }}
      onCancel={onClose}
      onRefused={(message) => {
        onClose();
        void visitRefused(queryClient, message);
      }}
    />
  );
}
