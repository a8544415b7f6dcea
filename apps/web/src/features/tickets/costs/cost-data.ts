/**
 * A ticket's estimates and invoices through the API: every write (send, approve, decline, mark paid) answers with the
 * ticket as the viewer now sees it, put in its details at once; then what costs show on is refreshed as the
 * assignment's writes refresh it (the ticket, the lists' flag and cost column, the bell, the outbox) with the
 * dashboard's spend (lib/invalidation.ts).
 */
import type { ApiTicketAssignmentResponse } from '@mend/shared';
import type { QueryClient } from '@tanstack/react-query';
import { toastError, toastSuccess } from '../../../components/feedback';
import { apiSend } from '../../../lib/api';
import { isInvalidatedBy } from '../../../lib/invalidation';
import { t } from '../../../lib/translations';
import { ticketDetailKey } from '../ticket-data';
import { decidePath } from './cost-rules';

/** After a cost's write was answered: the ticket in its details, then everything costs show on refreshed. */
export async function applyCostAnswer(
  queryClient: QueryClient,
  ticketId: number,
  answer: ApiTicketAssignmentResponse | null | undefined,
): Promise<void> {
  if (answer?.data && answer.data.id === ticketId)
    queryClient.setQueryData(ticketDetailKey(ticketId), answer.data);
  await queryClient.invalidateQueries({
    predicate: ({ queryKey }) => isInvalidatedBy('assignments', queryKey) || isInvalidatedBy('due', queryKey),
  });
}

/**
 * Approve, the write that is no form: the answer's message as a toast; a refusal's (409 decided meanwhile, 403) as
 * "Yikes!", the ticket refreshed to show how it stands. Answers whether it was done.
 */
export async function approveCost(
  queryClient: QueryClient,
  ticketId: number,
  costId: number,
): Promise<boolean> {
  const result = await apiSend<ApiTicketAssignmentResponse>('POST', decidePath(ticketId, costId, 'approve'));
  if (!result.ok) {
    toastError(t.errors.yikes, result.data.message || t.errors.generic);
    if (result.status === 409 || result.status === 403) await applyCostAnswer(queryClient, ticketId, null);
    return false;
  }
  toastSuccess(t.toasts.ticketUpdated, result.data?.message);
  await applyCostAnswer(queryClient, ticketId, result.data);
  return true;
}
