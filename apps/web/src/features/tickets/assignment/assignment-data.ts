/**
 * A ticket's assignment through TanStack Query and the API: the staff's choices of contractors, the contractors
 * of the lists' "Assigned to" filter, and the writes that are no form (unassign, accept), whose answers update
 * the ticket's details at once and refresh what the assignment shows on (lib/invalidation.ts).
 */
import {
  type ApiAssignableContractorList,
  type ApiTicketAssignmentResponse,
  type ApiUserRecord,
  MAX_PAGE_SIZE,
} from '@mend/shared';
import { type QueryClient, type QueryKey, useQuery } from '@tanstack/react-query';
import { toastError, toastSuccess } from '../../../components/feedback';
import { apiSend } from '../../../lib/api';
import { invalidateAfterWrite, isInvalidatedBy } from '../../../lib/invalidation';
import { fetchJson, usePickerSearch } from '../../../lib/records';
import { t } from '../../../lib/translations';
import { commentsKey } from '../conversation/comment-rules';
import { ticketDetailKey } from '../ticket-data';
import {
  answerPath,
  assignableContractorsKey,
  assignableContractorsPath,
  assignmentPath,
} from './assignment-rules';

/** GET tickets/{id}/assignable-contractors (staff): matched by the routing first, then the landlord's others. */
export function useAssignableContractors(ticketId: number, enabled: boolean) {
  return useQuery({
    queryKey: assignableContractorsKey(ticketId),
    queryFn: () => fetchJson<ApiAssignableContractorList>(assignableContractorsPath(ticketId)),
    enabled,
    select: (answer) => answer.data,
  });
}

/** The "Assigned to" filter's contractors: the first ones by name that match `search` (GET contractors). */
export function useContractorChoices(search: string, enabled: boolean) {
  return usePickerSearch<ApiUserRecord>('contractors', search, MAX_PAGE_SIZE, enabled);
}

/** One contractor (GET contractors/{id}), to name the one a filter read from the address chose. */
export function useContractor(id: number | null) {
  const url = `contractors/${id ?? 0}`;
  return useQuery({
    // The record's own key (lib/records.ts useRecord): the contractor's details share it.
    queryKey: ['contractors', 'detail', url],
    queryFn: () => fetchJson<ApiUserRecord>(url),
    enabled: id !== null,
    staleTime: 60_000,
    retry: false,
  });
}

/** Whether `key` is one of ticket `ticketId`'s own queries: its details, its conversation, staff's choices. */
export function isTicketsOwnKey(key: QueryKey, ticketId: number): boolean {
  return [ticketDetailKey(ticketId), commentsKey(ticketId), assignableContractorsKey(ticketId)].some(
    (own) => own.length === key.length && own.every((part, index) => key[index] === part),
  );
}

/**
 * After an assignment's write was answered: the ticket as the viewer now sees it in its details at once, then
 * everything the assignment shows on refreshed (lib/invalidation.ts). When the viewer no longer sees the ticket
 * (`data: null`: a contractor that declined a job it saw only as its assignee), `onGone` closes its details
 * and the ticket's own queries are only marked stale, not asked for again: the details, still on screen until
 * the panel closes, would be refused and report it.
 */
export async function applyAssignmentAnswer(
  queryClient: QueryClient,
  ticketId: number,
  answer: ApiTicketAssignmentResponse | null | undefined,
  onGone: () => void,
): Promise<void> {
  if (answer && answer.data === null) {
    onGone();
    await Promise.all([
      queryClient.invalidateQueries({
        predicate: ({ queryKey }) =>
          isInvalidatedBy('assignments', queryKey) && !isTicketsOwnKey(queryKey, ticketId),
      }),
      queryClient.invalidateQueries({
        predicate: ({ queryKey }) => isTicketsOwnKey(queryKey, ticketId),
        refetchType: 'none',
      }),
    ]);
    return;
  }
  if (answer?.data && answer.data.id === ticketId)
    queryClient.setQueryData(ticketDetailKey(ticketId), answer.data);
  await invalidateAfterWrite(queryClient, 'assignments');
}

/**
 * A write that is no form (DELETE the assignment, POST accept): the answer's message as a toast; a refusal's
 * (409 already answered or already unassigned, 403 not yours) as "Yikes!", the ticket refreshed to show how
 * things now stand. Answers whether it was done.
 */
export async function sendAssignment(
  queryClient: QueryClient,
  ticketId: number,
  action: 'unassign' | 'accept',
  onGone: () => void,
): Promise<boolean> {
  const result =
    action === 'unassign'
      ? await apiSend<ApiTicketAssignmentResponse>('DELETE', assignmentPath(ticketId))
      : await apiSend<ApiTicketAssignmentResponse>('POST', answerPath(ticketId, 'accept'));
  if (!result.ok) {
    toastError(t.errors.yikes, result.data.message || t.errors.generic);
    if (result.status === 409 || result.status === 403)
      await invalidateAfterWrite(queryClient, 'assignments');
    return false;
  }
  toastSuccess(t.toasts.ticketUpdated, result.data?.message);
  await applyAssignmentAnswer(queryClient, ticketId, result.data, onGone);
  return true;
}
