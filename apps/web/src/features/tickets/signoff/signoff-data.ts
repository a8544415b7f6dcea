/**
 * The tenant's sign-off through TanStack Query and the API: an answer in the app (`{ message, data: ticket }`) shows in
 * the ticket's details at once, everything a sign-off shows on refreshing (lib/invalidation.ts, 'signoffs': the
 * details, the lists, the contractor's record, the dashboard, the bell); a refusal no retry can fix (409 nothing is
 * asked anymore, 403) says so and refreshes the details to show how things stand.
 */
import type { ApiTicketAssignmentResponse } from '@mend/shared';
import type { QueryClient } from '@tanstack/react-query';
import { toastError } from '../../../components/feedback';
import { invalidateAfterWrite } from '../../../lib/invalidation';
import { t } from '../../../lib/translations';
import { ticketDetailKey } from '../ticket-data';

/** What the app's answers give back: their message, and the ticket as the tenant now sees it. */
export type SignoffAnswer = ApiTicketAssignmentResponse;

/** The answered ticket in its details (a form that writes 'signoffs' has refreshed the rest already). */
export function showSignoffAnswer(
  queryClient: QueryClient,
  ticketId: number,
  answer: SignoffAnswer | null | undefined,
): void {
  if (answer?.data && answer.data.id === ticketId)
    queryClient.setQueryData(ticketDetailKey(ticketId), answer.data);
}

/** The answered ticket in its details at once, then what a sign-off shows on refreshed. */
export async function applySignoffAnswer(
  queryClient: QueryClient,
  ticketId: number,
  answer: SignoffAnswer | null | undefined,
): Promise<void> {
  showSignoffAnswer(queryClient, ticketId, answer);
  await invalidateAfterWrite(queryClient, 'signoffs');
}

/** After a refusal no retry can fix (409, 403): the message, and the details refreshed to show how it stands. */
export async function signoffRefused(queryClient: QueryClient, message: string | undefined): Promise<void> {
  toastError(t.errors.yikes, message || t.errors.generic);
  await invalidateAfterWrite(queryClient, 'signoffs');
}
