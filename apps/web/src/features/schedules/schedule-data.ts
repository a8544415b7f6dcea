/**
 * Schedules (issue 26) through TanStack Query and the API: one schedule, the Property filter's options, the form's
 * choices searched on the server (the properties the viewer sees, the units of one property, the categories), and
 * the writes that are no form (pause, resume, delete).
 *
 * Keys start with 'schedules' (the list's, DataTable; a record's, lib/records.ts useRecord), so refreshing that
 * prefix refreshes the screen. lib/invalidation.ts has no 'schedules' entry yet: a schedule's writes refresh it
 * here (`refreshAfterScheduleWrite`). Nothing else shows a schedule, and its writes create no ticket themselves
 * (the server's due-work worker does).
 */
import { type ApiProperty, type ApiSchedule, format, type ListResponse, MAX_PAGE_SIZE } from '@mend/shared';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { confirmDelete, toastError, toastSuccess } from '../../components/feedback';
import { savedRecord } from '../../components/forms/payload';
import { type ApiResponse, apiSend, type QueryParams } from '../../lib/api';
import { fetchJson, useRecord } from '../../lib/records';
import { t } from '../../lib/translations';

const S = t.schedules.screens;

/** The API collection, the cache's first key part and the screen's address (/schedules). */
export const SCHEDULES = 'schedules';
export const SCHEDULES_BASE = `/${SCHEDULES}`;

/** A schedule's API path: schedules/5. */
export const schedulePath = (id: number) => `${SCHEDULES}/${id}`;

/** GET schedules/{id}: the details (with its occurrences) and the edit form start from it. */
export function useSchedule(id: number | null) {
  return useRecord<ApiSchedule>(SCHEDULES, schedulePath(id ?? 0), id);
}

/** After a schedule's write: every schedule query (lists, records); those on screen refetch at once. */
export function refreshAfterScheduleWrite(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: [SCHEDULES] });
}

/** The Property filter's options: every property the viewer sees, by name (under 'properties': their writes refresh it). */
export function usePropertyFilterOptions() {
  return useQuery({
    queryKey: ['properties', 'schedule-filter'],
    queryFn: () =>
      fetchJson<ListResponse<ApiProperty>>('properties', {
        per_page: MAX_PAGE_SIZE,
        sort: 'name',
        order: 'asc',
      }),
    staleTime: 60_000,
    select: (list) => list.data,
  });
}

/** A list the form picks from, searched on the server: what it lists, how it sorts, its fixed filters. */
export interface ChoiceSource {
  /** The cache's first key part ('properties'): that resource's writes refresh the choices. */
  resource: string;
  /** The API list ('units'). */
  url: string;
  /** Its sort key ('name', 'title'). */
  sort: string;
  /** Fixed filters (`{ property_id: 7 }`). */
  params?: QueryParams;
}

/**
 * The first MAX_PAGE_SIZE records of `source` that match `search` (all of them when it is empty). The previous
 * answer stays shown while the next search loads, but not the choices of other fixed filters (another property's
 * units).
 */
export function useChoiceSearch<T>(source: ChoiceSource, search: string, enabled: boolean) {
  const paramsKey = JSON.stringify(source.params ?? {});
  return useQuery({
    queryKey: [source.resource, 'schedule-choices', source.url, paramsKey, search],
    queryFn: () =>
      fetchJson<ListResponse<T>>(source.url, {
        ...source.params,
        per_page: MAX_PAGE_SIZE,
        sort: source.sort,
        order: 'asc',
        search: search || undefined,
      }),
    enabled,
    staleTime: 30_000,
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[3] === paramsKey ? previous : undefined,
  });
}

/** The schedule an answer carries (`{ message, data }` or the schedule itself), and its message. */
function answerOf(data: unknown): { schedule: ApiSchedule | null; message: string | null } {
  const saved = savedRecord(data);
  return { schedule: saved.id === null ? null : (saved.data as ApiSchedule), message: saved.message };
}

/**
 * Pause or Resume (POST schedules/{id}/pause, /resume): the answer's schedule shows in the details at once, its
 * message as the toast (else the dictionary's), then the schedules refresh. A refusal's message shows as "Yikes!"
 * and the schedule is refreshed to show how it stands.
 */
export function useScheduleAction() {
  const queryClient = useQueryClient();
  const [sending, setSending] = useState<'pause' | 'resume' | null>(null);

  async function send(schedule: ApiSchedule, action: 'pause' | 'resume'): Promise<boolean> {
    if (sending) return false;
    setSending(action);
    const result: ApiResponse<unknown> = await apiSend<unknown>(
      'POST',
      `${schedulePath(schedule.id)}/${action}`,
    );
    setSending(null);
    if (!result.ok) {
      toastError(t.errors.yikes, result.data.message || t.errors.generic);
      await refreshAfterScheduleWrite(queryClient);
      return false;
    }
    const answer = answerOf(result.data);
    if (answer.schedule)
      queryClient.setQueryData<ApiSchedule>([SCHEDULES, 'detail', schedulePath(schedule.id)], (shown) =>
        // The answer may leave out the occurrences (only GET schedules/{id} lists them).
        shown && answer.schedule ? { ...answer.schedule, occurrences: shown.occurrences } : undefined,
      );
    const fallback = format(action === 'pause' ? t.schedules.paused : t.schedules.resumed, {
      title: schedule.title,
    });
    toastSuccess(t.toasts.updated, answer.message ?? fallback);
    await refreshAfterScheduleWrite(queryClient);
    return true;
  }

  return { send, sending };
}

/**
 * Delete (SPEC.md sections 4 and 8, as useDeleteRecord): asks first, DELETEs the schedule, then goes back to the
 * list with the answer's message; a refusal says "Yikes!" with the server's 409 message or the generic text.
 */
export function useDeleteSchedule() {
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState(false);

  async function remove(schedule: ApiSchedule, onDeleted: () => void): Promise<void> {
    const entity = S.entity.word;
    if (deleting || !(await confirmDelete(entity, schedule.title))) return;
    setDeleting(true);
    const result = await apiSend<{ message?: string } | null>('DELETE', schedulePath(schedule.id));
    setDeleting(false);
    if (result.ok) {
      onDeleted();
      // The details stay shown while the panel slides out: the deleted schedule's record is not asked for again (it
      // would answer 404); left unused, it leaves the cache by itself.
      await queryClient.invalidateQueries({
        queryKey: [SCHEDULES],
        predicate: ({ queryKey }) => queryKey[1] !== 'detail',
      });
      toastSuccess(
        t.toasts.deleted,
        result.data?.message ?? format(t.schedules.deleted, { title: schedule.title }),
      );
      return;
    }
    const refused = result.status === 409 && result.data.message;
    toastError(
      t.errors.yikes,
      refused
        ? (result.data.message as string)
        : format(t.errors.deleteFailed, { entity, record_name: schedule.title }),
    );
  }

  return { remove, deleting };
}
