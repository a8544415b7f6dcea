/**
 * Schedules (issue 26) through TanStack Query and the API: one schedule, the Property filter's options, the form's
 * choices searched on the server (the properties the viewer sees, the units of one property, the categories), and
 * Pause and Resume, the writes that are neither a form nor a delete.
 *
 * Keys start with 'schedules' (the list's, DataTable; a record's, lib/records.ts useRecord): a schedule's writes
 * refresh them as every record screen's do (lib/invalidation.ts, WRITE_EFFECTS.schedules).
 */
import { type ApiProperty, type ApiSchedule, type ListResponse, MAX_PAGE_SIZE } from '@mend/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toastError, toastSuccess } from '../../components/feedback';
import { savedRecord } from '../../components/forms/payload';
import { recordUrl } from '../../components/records/record-kind';
import { type ApiResponse, apiSend, type QueryParams } from '../../lib/api';
import { invalidateAfterWrite } from '../../lib/invalidation';
import { fetchJson, useRecord } from '../../lib/records';
import { format, t } from '../../lib/translations';
import { scheduleKind } from './kind';

/** GET schedules/{id}: the details (with its occurrences) and the edit form start from it. */
export function useSchedule(id: number | null) {
  return useRecord<ApiSchedule>(scheduleKind.resource, recordUrl(scheduleKind, id ?? 0), id);
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
      `${recordUrl(scheduleKind, schedule.id)}/${action}`,
    );
    setSending(null);
    if (!result.ok) {
      toastError(t.errors.yikes, result.data.message || t.errors.generic);
      await invalidateAfterWrite(queryClient, scheduleKind.resource);
      return false;
    }
    const answer = answerOf(result.data);
    if (answer.schedule)
      queryClient.setQueryData<ApiSchedule>(
        [scheduleKind.resource, 'detail', recordUrl(scheduleKind, schedule.id)],
        (shown) =>
          // The answer may leave out the occurrences (only GET schedules/{id} lists them).
          shown && answer.schedule ? { ...answer.schedule, occurrences: shown.occurrences } : undefined,
      );
    const fallback = format(action === 'pause' ? t.schedules.paused : t.schedules.resumed, {
      title: schedule.title,
    });
    toastSuccess(t.toasts.updated, answer.message ?? fallback);
    await invalidateAfterWrite(queryClient, scheduleKind.resource);
    return true;
  }

  return { send, sending };
}
