import { CSRF_HEADER, isNonce } from '@mend/shared';
import { describe, expect, it, vi } from 'vitest';
import {
  buildFormData,
  buildQuery,
  CSRF_PLACEHOLDER,
  createApiClient,
  fieldErrors,
  isCsrfFailure,
  resolveUrl,
} from './api';

function entries(form: FormData): [string, FormDataEntryValue][] {
  return [...form.entries()];
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('buildFormData', () => {
  it('writes nested objects as name[key] entries at any depth', () => {
    const form = buildFormData(
      {
        contact_details: { first_name: 'Ann', last_name: 'Lee' },
        notification_options: {
          mail: { tickets: true, reminders: false },
          sms: { phone_number: '+1 780 555 0101' },
        },
      },
      'POST',
    );
    expect(form.get('contact_details[first_name]')).toBe('Ann');
    expect(form.get('contact_details[last_name]')).toBe('Lee');
    expect(form.get('notification_options[mail][tickets]')).toBe('1');
    expect(form.get('notification_options[mail][reminders]')).toBe('0');
    expect(form.get('notification_options[sms][phone_number]')).toBe('+1 780 555 0101');
  });

  it('writes arrays as repeated name[] entries and arrays of objects with indexes', () => {
    const form = buildFormData(
      {
        tickets: [3, 5, 8],
        availability: [
          { start_date: '2025-01-02', start_time: '08:00' },
          { start_date: '2025-01-03', start_time: '09:15' },
        ],
      },
      'POST',
    );
    expect(form.getAll('tickets[]')).toEqual(['3', '5', '8']);
    expect(form.has('tickets')).toBe(false);
    expect(form.get('availability[0][start_date]')).toBe('2025-01-02');
    expect(form.get('availability[1][start_time]')).toBe('09:15');
  });

  it('keeps files as file entries, single and in arrays', () => {
    const avatar = new File(['png-bytes'], 'me.png', { type: 'image/png' });
    const first = new File(['a'], 'a.jpg', { type: 'image/jpeg' });
    const second = new File(['b'], 'b.jpg', { type: 'image/jpeg' });
    const form = buildFormData({ avatar, images: [first, second] }, 'POST');
    const sent = form.get('avatar');
    expect(sent).toBeInstanceOf(File);
    expect((sent as File).name).toBe('me.png');
    const images = form.getAll('images[]') as File[];
    expect(images.map((file) => file.name)).toEqual(['a.jpg', 'b.jpg']);
  });

  it('writes booleans as 1/0, numbers as text, null as empty and skips undefined', () => {
    const form = buildFormData(
      { priority: 1, active: true, closed: false, note: null, skipped: undefined },
      'POST',
    );
    expect(form.get('priority')).toBe('1');
    expect(form.get('active')).toBe('1');
    expect(form.get('closed')).toBe('0');
    expect(form.get('note')).toBe('');
    expect(form.has('skipped')).toBe(false);
  });

  it('adds _method for PATCH, PUT and DELETE but not for POST', () => {
    expect(buildFormData({}, 'PATCH').get('_method')).toBe('PATCH');
    expect(buildFormData({}, 'PUT').get('_method')).toBe('PUT');
    expect(buildFormData({}, 'DELETE').get('_method')).toBe('DELETE');
    expect(buildFormData({}, 'POST').has('_method')).toBe(false);
  });

  it('adds a 10-character alphanumeric _nonce unless one is given', () => {
    const made = buildFormData({ title: 'Leak' }, 'POST').get('_nonce');
    expect(isNonce(made)).toBe(true);
    expect(buildFormData({ _nonce: 'abcDEF1234' }, 'POST').getAll('_nonce')).toEqual(['abcDEF1234']);
  });

  it('completes a FormData the caller built', () => {
    const given = new FormData();
    given.append('status', '2');
    const form = buildFormData(given, 'PATCH', () => 'NONCE12345');
    expect(entries(form)).toEqual([
      ['status', '2'],
      ['_method', 'PATCH'],
      ['_nonce', 'NONCE12345'],
    ]);
  });
});

describe('urls and queries', () => {
  it('prefixes relative paths with /api/ and keeps absolute ones', () => {
    expect(resolveUrl('users/current')).toBe('/api/users/current');
    expect(resolveUrl('/api/users/7/notification-history')).toBe('/api/users/7/notification-history');
    expect(resolveUrl('/refresh-csrf')).toBe('/refresh-csrf');
  });

  it('builds query strings with name[] arrays', () => {
    expect(buildQuery({ page: 2, search: 'leak', ids: [1, 2], skip: undefined })).toBe(
      '?page=2&search=leak&ids%5B%5D=1&ids%5B%5D=2',
    );
    expect(buildQuery({})).toBe('');
  });

  it('joins multi-value field errors with commas', () => {
    expect(
      fieldErrors({ errors: { email: ['Invalid Email', 'Taken'], password: ['Invalid Password'] } }),
    ).toEqual({
      email: 'Invalid Email, Taken',
      password: 'Invalid Password',
    });
  });
});

describe('CSRF handling', () => {
  function setup(responses: Response[], initialToken: string | null = 'old-token') {
    let token = initialToken;
    const fetch = vi.fn<typeof globalThis.fetch>();
    for (const response of responses) fetch.mockResolvedValueOnce(response);
    const setToken = vi.fn((value: string) => {
      token = value;
    });
    const client = createApiClient({ fetch, getToken: () => token, setToken, nonce: () => 'N0NCE00001' });
    const headerOf = (call: number) => {
      const headers = (fetch.mock.calls[call][1]?.headers ?? {}) as Record<string, string>;
      return headers[CSRF_HEADER];
    };
    const bodyOf = (call: number) => fetch.mock.calls[call][1]?.body as FormData;
    return { client, fetch, setToken, headerOf, bodyOf };
  }

  it('sends the token header, same-origin credentials and POST with _method', async () => {
    const { client, fetch, headerOf, bodyOf } = setup([json(200, { ok: 1 })]);
    const result = await client.send('PATCH', 'tickets/4', { status: 2 });
    expect(result).toEqual({ ok: true, status: 200, data: { ok: 1 } });
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/api/tickets/4');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('same-origin');
    expect(headerOf(0)).toBe('old-token');
    const body = bodyOf(0);
    expect(body.get('_method')).toBe('PATCH');
    expect(body.get('status')).toBe('2');
    expect(body.get('_nonce')).toBe('N0NCE00001');
  });

  it('on 419 refreshes the token and retries once with it', async () => {
    const { client, fetch, setToken, headerOf, bodyOf } = setup([
      json(419, { message: 'CSRF token mismatch.' }),
      json(200, { token: 'new-token' }),
      json(201, { id: 9 }),
    ]);
    const result = await client.send('POST', 'tickets', { title: 'Leak' });
    expect(result).toEqual({ ok: true, status: 201, data: { id: 9 } });
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(fetch.mock.calls[1][0]).toBe('/refresh-csrf');
    expect(fetch.mock.calls[1][1]?.method).toBe('GET');
    expect(setToken).toHaveBeenCalledWith('new-token');
    expect(headerOf(0)).toBe('old-token');
    expect(headerOf(2)).toBe('new-token');
    // The retry is the same submission: same nonce.
    expect(bodyOf(2).get('_nonce')).toBe('N0NCE00001');
  });

  it('retries when the answer carries the code csrf_mismatch whatever the status', async () => {
    const { client, fetch } = setup([
      json(403, { code: 'csrf_mismatch', message: 'The token has expired.' }),
      json(200, { token: 'fresh' }),
      json(200, { done: true }),
    ]);
    const result = await client.send('DELETE', '/api/units/3/');
    expect(result.ok).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('does not read the message: a refusal that mentions CSRF is not an anti-forgery failure', async () => {
    const { client, fetch } = setup([json(403, { code: 'forbidden', message: 'Invalid CSRF token' })]);
    const result = await client.send('DELETE', '/api/units/3/');
    expect(result.ok).toBe(false);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('retries only once and returns the second failure as the response', async () => {
    const { client, fetch } = setup([
      json(419, { message: 'CSRF token mismatch.' }),
      json(200, { token: 'fresh' }),
      json(419, { message: 'CSRF token mismatch again.' }),
    ]);
    const result = await client.send('POST', 'logout');
    expect(result).toEqual({ ok: false, status: 419, data: { message: 'CSRF token mismatch again.' } });
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('returns the original failure when the token refresh fails', async () => {
    const { client, fetch } = setup([json(419, { message: 'CSRF token mismatch.' }), json(500, {})]);
    const result = await client.send('POST', 'logout');
    expect(result).toEqual({ ok: false, status: 419, data: { message: 'CSRF token mismatch.' } });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('passes other failures to the caller without retrying', async () => {
    const errors = { message: 'The given data was invalid.', errors: { email: ['Invalid Email'] } };
    const { client, fetch } = setup([json(422, errors)]);
    const result = await client.send('POST', 'login', { email: '', password: '' });
    expect(result).toEqual({ ok: false, status: 422, data: errors });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('fetches a token first when the page has none (Vite dev mode)', async () => {
    const { client, fetch, headerOf } = setup([json(200, { token: 'dev-token' }), json(200, {})], null);
    await client.send('POST', 'login', { email: 'a@b.co', password: 'x' });
    expect(fetch.mock.calls[0][0]).toBe('/refresh-csrf');
    expect(headerOf(1)).toBe('dev-token');
  });

  it('sends GET without a body or token header and with the query string', async () => {
    const { client, fetch, headerOf } = setup([json(200, { data: [] })]);
    const result = await client.get('tickets', { page: 1 });
    expect(result).toEqual({ ok: true, status: 200, data: { data: [] } });
    expect(fetch.mock.calls[0][0]).toBe('/api/tickets?page=1');
    expect(fetch.mock.calls[0][1]?.method).toBe('GET');
    expect(fetch.mock.calls[0][1]?.body).toBeUndefined();
    expect(headerOf(0)).toBeUndefined();
  });

  it('answers status 0 with the generic message when the network fails', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>().mockRejectedValue(new TypeError('Failed to fetch'));
    const client = createApiClient({ fetch, getToken: () => 'tok', setToken: () => {} });
    const result = await client.get('users/current');
    expect(result.ok).toBe(false);
    expect(result.status).toBe(0);
    expect(result.data).toHaveProperty('message');
  });

  it('recognises CSRF failures by status or code, never by message', () => {
    expect(isCsrfFailure(419, {})).toBe(true);
    expect(isCsrfFailure(500, { code: 'csrf_mismatch', message: 'Expired.' })).toBe(true);
    expect(isCsrfFailure(500, { code: 'server_error', message: 'CSRF token mismatch.' })).toBe(false);
    expect(isCsrfFailure(401, { code: 'unauthenticated', message: 'Unauthenticated.' })).toBe(false);
    expect(isCsrfFailure(422, null)).toBe(false);
    expect(CSRF_PLACEHOLDER).toBe('__MEND_CSRF__');
  });
});
