/** Reading list answers (SPEC.md sections 7 and 8): rows and total, or the message that replaces the empty text. */
import type { ApiResponse } from '../../lib/api';

export interface ListResult<T> {
  rows: T[];
  total: number;
  /** The server stopped counting at `total` (LIST_COUNT_CAP): there are more rows than that. */
  capped: boolean;
  /** A list answered `{ error: true, message }`: the message becomes the table's empty text. */
  message: string | null;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The rows of a list answer, or null when the call failed without a list error (the table then shows
 * the generic fetch-failure text). A `{ error: true, message }` body, whatever its status, is the
 * list's own message.
 */
export function readListResponse<T>(result: ApiResponse<unknown>): ListResult<T> | null {
  const body = result.data;
  if (isObject(body) && body.error === true) {
    const message = typeof body.message === 'string' && body.message ? body.message : null;
    return message ? { rows: [], total: 0, capped: false, message } : null;
  }
  if (!result.ok || !isObject(body) || !Array.isArray(body.data)) return null;
  const rows = body.data as T[];
  const meta = isObject(body.meta) ? body.meta : null;
  const total = typeof meta?.total === 'number' ? meta.total : rows.length;
  return { rows, total, capped: meta?.total_capped === true, message: null };
}
