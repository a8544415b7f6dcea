/** Form values to a request body (see lib/api.ts for the multipart conventions). */

/**
 * Values as sent: an empty list is sent as one empty `name[]` entry so the server sees "none" rather
 * than "not sent" (clearing a landlord's users or a unit's categories); absent files are left out.
 */
export function formPayload(values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === null || value === undefined) continue;
    out[key] = Array.isArray(value) && value.length === 0 ? [''] : value;
  }
  return out;
}

/** The saved record of a create/update answer: `{ message, data: record }` or the record itself. */
export function savedRecord(body: unknown): { id: number | null; message: string | null; data: unknown } {
  if (typeof body !== 'object' || body === null) return { id: null, message: null, data: null };
  const object = body as Record<string, unknown>;
  const nested = object.data;
  const record =
    typeof nested === 'object' && nested !== null && typeof (nested as { id?: unknown }).id === 'number'
      ? (nested as Record<string, unknown>)
      : object;
  return {
    id: typeof record.id === 'number' ? record.id : null,
    message: typeof object.message === 'string' ? object.message : null,
    data: record,
  };
}
