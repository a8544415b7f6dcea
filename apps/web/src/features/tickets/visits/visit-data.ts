/**
 * A ticket's visit through TanStack Query and the API: every write's answer (`{ message, data: ticket }`) shows in
 * the ticket's details at once, then everything a visit shows on refreshes (lib/invalidation.ts, 'visits': the
 * details, the lists, the calendar, the bell). The tenant's Confirm is no form: sent here, its refusal (409 the
 * visit was answered or replaced meanwhile, 403) as "Yikes!", the details then showing how things stand.
 */
import type { ApiTicket } from '@mend/shared';
import type { QueryClient } from '@tanstack/react-query';
import { toastError, toastSuccess } from '../../../components/feedback';
import { apiSend } from '../../../lib/api';
import { invalidateAfterWrite } from '../../../lib/invalidation';
import { t } from '../../../lib/translations';
import { ticketDetailKey } from '../ticket-data';
import { visitActionPath } from './visit-rules';

/** What every visit write answers: its message, and the ticket as the viewer now sees it. */
export interface VisitAnswer {
  message: string;
  data: ApiTicket | null;
}

/** The answered ticket in its details (a form that writes 'visits' has refreshed the rest already). */
export function showVisitAnswer(
  queryClient: QueryClient,
  ticketId: number,
  answer: VisitAnswer | null | undefined,
): void {
  if (answer?.data && answer.data.id === ticketId)
    queryClient.setQueryData(ticketDetailKey(ticketId), answer.data);
}

/** The answered ticket in its details at once, then what a visit shows on refreshed. */
export async function applyVisitAnswer(
  queryClient: QueryClient,
  ticketId: number,
  answer: VisitAnswer | null | undefined,
): Promise<void> {
  showVisitAnswer(queryClient, ticketId, answer);
  await invalidateAfterWrite(queryClient, 'visits');
}

/** After a refusal no retry can fix (409, 403): the message, and the details refreshed to show how it stands. */
export async function visitRefused(queryClient: QueryClient, message: string | undefined): Promise<void> {
  toastError(t.errors.yikes, message || t.errors.generic);
  await invalidateAfterWrite(queryClient, 'visits');
}

/** The tenant confirms the proposed time (POST …/confirm). Answers whether it was done. */
export async function confirmVisit(
  queryClient: QueryClient,
  ticketId: number,
  visitId: number,
): Promise<boolean> {
  const result = await apiSend<VisitAnswer>('POST', visitActionPath(ticketId, visitId, 'confirm'));
  if (!result.ok) {
    if (result.status === 409 || result.status === 403) await visitRefused(queryClient, result.data.message);
    else toastError(t.errors.yikes, result.data.message || t.errors.generic);
    return false;
  }
  toastSuccess(t.toasts.ticketUpdated, result.data?.message);
  await applyVisitAnswer(queryClient, ticketId, result.data);
  return true;
}
