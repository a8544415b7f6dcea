/**
 * Ticket data for the screens: the status and priority lists, one ticket, the form's unit, whole-property and
 * category options, and the status change of SPEC.md section 4 (applied optimistically in the TanStack Query
 * cache, confirmed, restored on cancel or failure) used by both "Mark As..." and the detail footer.
 */
import {
  type ApiCategory,
  type ApiCategorySummary,
  type ApiProperty,
  type ApiTicket,
  type ApiTicketBatchDeleteResponse,
  type ApiTicketBatchStatusResponse,
  type ApiTicketSummary,
  type ApiUnit,
  type ListResponse,
  MAX_PAGE_SIZE,
} from '@mend/shared';
import { type QueryClient, type QueryKey, useQuery } from '@tanstack/react-query';
import { confirmAction, toastError, toastInfo, toastSuccess } from '../../components/feedback';
import type { ListResult } from '../../components/table/list-data';
import { apiSend } from '../../lib/api';
import { invalidateAfterWrite } from '../../lib/invalidation';
import { fetchJson, usePickerSearch } from '../../lib/records';
import { format, t } from '../../lib/translations';
import {
  fetchStringList,
  namesInPageLanguage,
  propertyFilterQuery,
  STRING_LIST_OPTIONS,
  statusesQuery,
  TICKET_LIST,
} from './ticket-list';
import { withStatus } from './ticket-status';

export const TICKETS = TICKET_LIST.resource;
const S = t.ticketScreens;

/** Keys: lists and details under 'tickets' (DataTable and useRecord); the option lists apart. */
export const ticketListKey = [TICKETS, 'list'] as const;
export const ticketDetailKey = (id: number) => [TICKETS, 'detail', `tickets/${id}`] as const;

const statusNames = (names: string[]) => namesInPageLanguage(names, t.tickets.statusNames);
const priorityNames = (names: string[]) => namesInPageLanguage(names, t.tickets.priorityNames);

/** "Open", "Scheduled", ... in the page's language: the index is the value. Failure: "Unable to fetch statuses." */
export function useStatuses() {
  return useQuery({ ...statusesQuery(), select: statusNames });
}

/** "Normal", "High" in the page's language. Failure: "Unable to fetch priorities." */
export function usePriorities() {
  return useQuery({ ...prioritiesQuery(), select: priorityNames });
}

/** The priorities' query (see usePriorities). */
export function prioritiesQuery() {
  return {
    queryKey: ['ticket-lists', 'priorities'],
    queryFn: () => fetchStringList('tickets/priorities', t.errors.prioritiesFetch),
    ...STRING_LIST_OPTIONS,
  } as const;
}

/** GET tickets/{id} (which also marks the viewer's notifications about it as viewed). */
export function ticketQuery(id: number) {
  return {
    queryKey: ticketDetailKey(id),
    queryFn: () => fetchJson<ApiTicket>(`tickets/${id}`),
    retry: false,
  } as const;
}

/** The ticket of the details panel (see ticketQuery). */
export function useTicket(id: number | null) {
  return useQuery({ ...ticketQuery(id ?? 0), enabled: id !== null });
}

/** The Property filter: every property the viewer sees, by name. */
export function usePropertyOptions(enabled: boolean) {
  return useQuery({ ...propertyFilterQuery(), enabled });
}

/** The unit picker (roles 0 and 1): units matching the typed text, by name. */
export function useUnitOptions(search: string, enabled: boolean) {
  return usePickerSearch<ApiUnit>('units', search, MAX_PAGE_SIZE, enabled);
}

/** The whole-property choices of the unit picker (staff, issue 26): properties matching the typed text, by name. */
export function useWholePropertyOptions(search: string, enabled: boolean) {
  return usePickerSearch<ApiProperty>('properties', search, MAX_PAGE_SIZE, enabled);
}

/** A tenant's own unit (the units it sees are its own), as GET units answers it (see useOwnUnit). */
export function ownUnitQuery() {
  return {
    queryKey: ['units', 'own'],
    queryFn: () => fetchJson<ListResponse<ApiUnit>>('units', { per_page: 1 }),
  } as const;
}

/** A tenant's own unit: the unit its tickets are raised on. */
export function useOwnUnit(enabled: boolean) {
  return useQuery({ ...ownUnitQuery(), enabled, select: (list) => list.data[0] ?? null });
}

/** GET units/{id}/categories, as it answers (see useUnitCategories). */
export function unitCategoriesQuery(unitId: string) {
  return {
    queryKey: ['units', 'categories', unitId],
    queryFn: () => fetchJson<{ data: ApiCategorySummary[] }>(`units/${unitId}/categories`),
  } as const;
}

/** The categories offered on a unit. */
export function useUnitCategories(unitId: string) {
  return useQuery({
    ...unitCategoriesQuery(unitId),
    enabled: /^\d+$/.test(unitId),
    select: (answer) => answer.data,
  });
}

/** The most pages of categories read for a whole property's choices (MAX_PAGE_SIZE each). */
const CATEGORY_PAGES = 20;

/** Every category, by title, page after page (GET categories). */
async function fetchAllCategories(): Promise<ApiCategorySummary[]> {
  const all: ApiCategorySummary[] = [];
  for (let page = 1; page <= CATEGORY_PAGES; page++) {
    const list = await fetchJson<ListResponse<ApiCategory>>('categories', {
      page,
      per_page: MAX_PAGE_SIZE,
      sort: 'title',
      order: 'asc',
    });
    for (const { id, title, description } of list.data) all.push({ id, title, description });
    const counted = list.meta && !list.meta.total_capped ? list.meta.total : Number.POSITIVE_INFINITY;
    if (list.data.length < MAX_PAGE_SIZE || all.length >= counted) break;
  }
  return all;
}

/** The categories of a ticket on a whole property (issue 26): every one (a unit may narrow them, a property not). */
export function useAllCategories(enabled: boolean) {
  return useQuery({
    queryKey: ['categories', 'ticket-form', 'all'],
    queryFn: fetchAllCategories,
    enabled,
    staleTime: 60_000,
  });
}

/** A summary of a ticket from any cached list or record (for the question's title). */
export function cachedTicket(queryClient: QueryClient, id: number): ApiTicketSummary | undefined {
  const detail = queryClient.getQueryData<ApiTicket>(ticketDetailKey(id));
  if (detail) return detail;
  for (const [, list] of queryClient.getQueriesData<ListResult<ApiTicketSummary>>({
    queryKey: ticketListKey,
  })) {
    const found = list?.rows.find((row) => row.id === id);
    if (found) return found;
  }
  return undefined;
}

type Snapshot = [QueryKey, unknown][];

/** Shows `status` on the tickets `ids` in every cached list and record; answers what to restore. */
async function applyOptimistically(
  queryClient: QueryClient,
  ids: readonly number[],
  status: number,
): Promise<Snapshot> {
  await queryClient.cancelQueries({ queryKey: [TICKETS] });
  const snapshot: Snapshot = queryClient.getQueriesData({ queryKey: [TICKETS] });
  queryClient.setQueriesData<ListResult<ApiTicketSummary>>({ queryKey: ticketListKey }, (list) =>
    list?.rows
      ? {
          ...list,
          rows: list.rows.map((row) => (ids.includes(row.id) ? withStatus(row, status) : row)),
        }
      : list,
  );
  for (const id of ids) {
    queryClient.setQueryData<ApiTicket>(ticketDetailKey(id), (ticket) =>
      ticket ? withStatus(ticket, status) : ticket,
    );
  }
  return snapshot;
}

function restore(queryClient: QueryClient, snapshot: Snapshot): void {
  for (const [key, data] of snapshot) queryClient.setQueryData(key, data);
}

export interface StatusChange {
  ids: readonly number[];
  status: number;
  /** The status list (the text of `status` is shown and asked about). */
  statuses: readonly string[];
  /** "Mark As..." (PATCH tickets/batch/status, "Statuses Updated") rather than the detail footer. */
  bulk?: boolean;
  /** Called once the change is confirmed, while the request runs ("Updating Status..."). */
  onSending?: () => void;
}

/**
 * SPEC.md section 4: shows the new status at once, asks 'Are you sure you want to update the status of
 * "{title}" to "{status}"?' ("Yes, update it!" / "No"), then saves it. Cancel restores the old status
 * ("Cancelled"); a failure restores it too ("Yikes!"). The detail footer saves through PATCH {ticket
 * path} ("Ticket Updated"), "Mark As..." through PATCH tickets/batch/status ("Statuses Updated", with the
 * server's count). Answers whether the status was saved.
 */
export async function changeStatus(
  queryClient: QueryClient,
  { ids, status, statuses, bulk = false, onSending }: StatusChange,
): Promise<boolean> {
  if (ids.length === 0) return false;
  const text = statuses[status] ?? '';
  const single = ids.length === 1 ? cachedTicket(queryClient, ids[0]) : undefined;
  const title = single ? single.title : format(S.selectedTickets, { count: ids.length });
  const snapshot = await applyOptimistically(queryClient, ids, status);

  const confirmed = await confirmAction({
    title: t.confirm.titles.updateStatus,
    message: format(t.confirm.updateStatus, { title, status: text }),
    confirmLabel: t.confirm.yesUpdate,
    cancelLabel: t.confirm.no,
  });
  if (!confirmed) {
    restore(queryClient, snapshot);
    toastInfo(t.toasts.cancelledTitle, t.toasts.statusNotUpdated);
    return false;
  }

  onSending?.();
  const result = bulk
    ? await apiSend<ApiTicketBatchStatusResponse>('PATCH', 'tickets/batch/status', {
        tickets: [...ids],
        status,
      })
    : await apiSend<ApiTicket>('PATCH', single?.path || `tickets/${ids[0]}`, { status });
  if (!result.ok) {
    restore(queryClient, snapshot);
    toastError(t.errors.yikes, t.errors.statusUpdateFailed);
    return false;
  }
  if (!bulk) {
    const ticket = result.data as ApiTicket;
    if (ticket && typeof ticket.id === 'number') queryClient.setQueryData(ticketDetailKey(ticket.id), ticket);
    toastSuccess(t.toasts.ticketUpdated);
  } else {
    toastSuccess(t.toasts.statusesUpdated, (result.data as ApiTicketBatchStatusResponse).message);
  }
  await invalidateAfterWrite(queryClient, 'tickets');
  return true;
}

/**
 * Bulk delete: "Yes, delete it!" / "No, keep it", then DELETE tickets/batch. Success: "Tickets Deleted";
 * failure: "Oops..." / "We were unable to delete the selected tickets." Answers the ids deleted.
 */
export async function deleteTickets(queryClient: QueryClient, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const single = ids.length === 1 ? cachedTicket(queryClient, ids[0]) : undefined;
  const confirmed = await confirmAction({
    title: format(t.confirm.titles.delete, { entity: single ? S.entity.word : S.entity.words }),
    message: single
      ? format(t.confirm.deleteRecord, { entity: S.entity.word, record_name: single.title })
      : format(S.confirmBatchDelete, { count: ids.length }),
    confirmLabel: t.confirm.yesDelete,
    cancelLabel: t.confirm.noKeep,
    danger: true,
  });
  if (!confirmed) return [];
  const result = await apiSend<ApiTicketBatchDeleteResponse>('DELETE', 'tickets/batch', {
    tickets: [...ids],
  });
  if (!result.ok) {
    toastError(t.errors.oops, t.errors.batchDeleteFailed);
    return [];
  }
  const deleted = Array.isArray(result.data?.data) ? result.data.data : [...ids];
  for (const id of deleted) queryClient.removeQueries({ queryKey: ticketDetailKey(id) });
  toastSuccess(t.toasts.ticketsDeleted, result.data?.message);
  await invalidateAfterWrite(queryClient, 'tickets');
  return deleted;
}
