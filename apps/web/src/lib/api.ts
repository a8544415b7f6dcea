/**
 * The API client (SPEC.md section 7, server contract in the web brief).
 *
 * - Every call goes under /api/ (a relative path such as `users/current` is prefixed; a path starting
 *   with `/`, such as a record's own `path`, is used as is) with `credentials: 'same-origin'`.
 * - Bodies are multipart FormData built from plain objects: arrays as repeated `name[]` entries
 *   (arrays of objects as `name[0][key]`), nested objects as `name[key]`, files as file entries,
 *   booleans as '1'/'0', null as ''. PATCH, PUT and DELETE are sent as POST with a `_method` field.
 *   Every submission carries a `_nonce` (kept when the caller supplies one).
 * - Every non-GET sends the anti-forgery token in the `x-csrf-token` header. A failed answer with
 *   status 419 or the code `csrf_mismatch` fetches a fresh token (GET /refresh-csrf) and retries the
 *   request exactly once. Other failures come back to the caller as `{ ok: false, status, data }`.
 *
 * The client is built by `createApiClient` with an injected fetch and token getter/setter, so it is
 * testable without a DOM; `apiGet`/`apiSend` use the default instance bound to the page's meta tag.
 */
import {
  CSRF_HEADER,
  CSRF_META_NAME,
  CSRF_STATUS,
  DEFAULT_LANGUAGE,
  ERROR_CODE,
  type ErrorCode,
  generateNonce,
} from '@mend/shared';
import { inPageLanguage, language, t } from './translations';

export type SendMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type HttpMethod = 'GET' | SendMethod;

/** What a failed call answers: a form error, a list error or a plain message. */
export interface ApiErrorBody {
  /** What went wrong, for the program (@mend/shared ERROR_CODE); absent when no answer came. */
  code?: ErrorCode;
  message?: string;
  errors?: Record<string, string[]>;
  error?: boolean;
}

export type ApiResponse<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number; data: ApiErrorBody };

export type RequestBody = Record<string, unknown> | FormData;
export type QueryParams = Record<
  string,
  string | number | boolean | null | undefined | readonly (string | number)[]
>;

export interface ApiClientOptions {
  /** Defaults to the global fetch, looked up at call time. */
  fetch?: typeof fetch;
  /** The current anti-forgery token, or null when none is known yet (dev mode). */
  getToken: () => string | null;
  /** Stores a fresh token (in memory and in the page's meta tag). */
  setToken: (token: string) => void;
  /** Prefix of relative paths. Default '/api/'. */
  baseUrl?: string;
  /** Where a fresh token comes from. Default '/refresh-csrf'. */
  refreshUrl?: string;
  /** Makes the `_nonce` of a submission that has none. */
  nonce?: () => string;
}

/** What index.html holds before the server puts a real token in the meta tag. */
export const CSRF_PLACEHOLDER = '__MEND_CSRF__';
export const METHOD_FIELD = '_method';
export const NONCE_FIELD = '_nonce';

export function resolveUrl(url: string, baseUrl = '/api/'): string {
  if (/^(https?:)?\/\//.test(url) || url.startsWith('/')) return url;
  return `${baseUrl.replace(/\/+$/, '')}/${url.replace(/^\.?\/+/, '')}`;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function isNested(value: unknown): boolean {
  return Array.isArray(value) || isPlainObject(value);
}

/** Appends one value under `name`, following the wire conventions above. */
export function appendValue(form: FormData, name: string, value: unknown): void {
  if (value === undefined) return;
  if (value === null) form.append(name, '');
  else if (typeof value === 'boolean') form.append(name, value ? '1' : '0');
  else if (typeof value === 'string') form.append(name, value);
  else if (typeof value === 'number' || typeof value === 'bigint') form.append(name, String(value));
  else if (value instanceof Date) form.append(name, value.toISOString());
  else if (value instanceof Blob) form.append(name, value);
  else if (Array.isArray(value)) {
    const indexed = value.some(isNested);
    value.forEach((item, index) => {
      appendValue(form, indexed ? `${name}[${index}]` : `${name}[]`, item);
    });
  } else if (isPlainObject(value)) {
    for (const [key, item] of Object.entries(value)) appendValue(form, `${name}[${key}]`, item);
  } else form.append(name, String(value));
}

/** Adds the method override and the nonce to a FormData (in place) and returns it. */
export function withOverrides(
  form: FormData,
  method: SendMethod,
  nonce: () => string = generateNonce,
): FormData {
  if (method !== 'POST') form.set(METHOD_FIELD, method);
  if (!form.has(NONCE_FIELD)) form.append(NONCE_FIELD, nonce());
  return form;
}

/** Builds the multipart body of a submission from a plain object (or completes a FormData). */
export function buildFormData(body: RequestBody, method: SendMethod, nonce?: () => string): FormData {
  if (body instanceof FormData) return withOverrides(body, method, nonce);
  const form = new FormData();
  for (const [key, value] of Object.entries(body)) appendValue(form, key, value);
  return withOverrides(form, method, nonce);
}

export function buildQuery(params: QueryParams = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) search.append(`${key}[]`, String(item));
    else if (typeof value === 'boolean') search.append(key, value ? '1' : '0');
    else search.append(key, String(value));
  }
  const query = search.toString();
  return query ? `?${query}` : '';
}

/** Whether a failed answer is an anti-forgery failure: status 419, or its code says so whatever the status. */
export function isCsrfFailure(status: number, data: unknown): boolean {
  return status === CSRF_STATUS || (isPlainObject(data) && data.code === ERROR_CODE.csrfMismatch);
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return response.ok ? text : { message: t.errors.server };
  }
}

/**
 * An answer's texts for people in the page's language: the server writes its `message` and a refusal's field
 * `errors` in English, the API's language (ADR 0048). Other texts of the answer are data, left as they are, and so
 * is the `message` of a record answered as itself (it has an `id`): a contact submission's message is its sender's.
 */
function inPageLanguageAnswer(body: unknown, ok: boolean): unknown {
  if (language === DEFAULT_LANGUAGE || !isPlainObject(body)) return body;
  const translated = { ...body };
  if (typeof body.message === 'string' && (!ok || !('id' in body)))
    translated.message = inPageLanguage(body.message);
  if (isPlainObject(body.errors)) {
    const texts = (messages: unknown) => (typeof messages === 'string' ? inPageLanguage(messages) : messages);
    translated.errors = Object.fromEntries(
      Object.entries(body.errors).map(([field, messages]) => [
        field,
        Array.isArray(messages) ? messages.map(texts) : texts(messages),
      ]),
    );
  }
  return translated;
}

function toResult<T>(status: number, ok: boolean, answer: unknown): ApiResponse<T> {
  const body = inPageLanguageAnswer(answer, ok);
  if (ok) return { ok: true, status, data: body as T };
  const data: ApiErrorBody = isPlainObject(body) ? (body as ApiErrorBody) : {};
  return { ok: false, status, data };
}

export interface ApiClient {
  get<T>(url: string, params?: QueryParams): Promise<ApiResponse<T>>;
  send<T>(method: SendMethod, url: string, body?: RequestBody): Promise<ApiResponse<T>>;
  /** Fetches a fresh anti-forgery token and stores it; null when that fails. */
  refreshCsrf(): Promise<string | null>;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseUrl = options.baseUrl ?? '/api/';
  const refreshUrl = options.refreshUrl ?? '/refresh-csrf';
  const doFetch: typeof fetch = (input, init) => (options.fetch ?? globalThis.fetch)(input, init);

  async function refreshCsrf(): Promise<string | null> {
    try {
      const response = await doFetch(refreshUrl, {
        method: 'GET',
        credentials: 'same-origin',
        headers: { Accept: 'application/json' },
      });
      if (!response.ok) return null;
      const body = (await response.json()) as { token?: unknown };
      if (typeof body?.token !== 'string' || !body.token) return null;
      options.setToken(body.token);
      return body.token;
    } catch {
      return null;
    }
  }

  async function request<T>(method: HttpMethod, url: string, body?: FormData): Promise<ApiResponse<T>> {
    const attempt = async (): Promise<ApiResponse<T>> => {
      const headers: Record<string, string> = {
        Accept: 'application/json',
        'X-Requested-With': 'XMLHttpRequest',
      };
      if (method !== 'GET') {
        const token = options.getToken();
        if (token) headers[CSRF_HEADER] = token;
      }
      try {
        const response = await doFetch(url, {
          method: method === 'GET' ? 'GET' : 'POST',
          credentials: 'same-origin',
          headers,
          body,
        });
        return toResult<T>(response.status, response.ok, await readBody(response));
      } catch {
        // The network failed (offline, server down): status 0 with the generic message.
        return { ok: false, status: 0, data: { message: t.errors.generic } };
      }
    };

    const first = await attempt();
    if (first.ok || !isCsrfFailure(first.status, first.data)) return first;
    const fresh = await refreshCsrf();
    if (!fresh) return first;
    return attempt();
  }

  return {
    refreshCsrf,
    get<T>(url: string, params?: QueryParams) {
      return request<T>('GET', `${resolveUrl(url, baseUrl)}${buildQuery(params)}`);
    },
    async send<T>(method: SendMethod, url: string, body: RequestBody = {}) {
      // In Vite dev mode the page has no token yet: fetch one before the first submission.
      if (!options.getToken()) await refreshCsrf();
      return request<T>(method, resolveUrl(url, baseUrl), buildFormData(body, method, options.nonce));
    },
  };
}

/* ---------- The default client, bound to the page's meta tag ---------- */

let memoryToken: string | null = null;

function metaTag(): HTMLMetaElement | null {
  if (typeof document === 'undefined') return null;
  return document.querySelector<HTMLMetaElement>(`meta[name="${CSRF_META_NAME}"]`);
}

export function readPageToken(): string | null {
  if (memoryToken) return memoryToken;
  const content = metaTag()?.content ?? '';
  return content && content !== CSRF_PLACEHOLDER ? content : null;
}

export function writePageToken(token: string): void {
  memoryToken = token;
  if (typeof document === 'undefined') return;
  let tag = metaTag();
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = CSRF_META_NAME;
    document.head.appendChild(tag);
  }
  tag.content = token;
}

/** Where the default client's requests go instead of the global fetch (set by the server-side render). */
let transport: typeof fetch | null = null;

/** Sends the default client's requests through `fetchImpl` (null: the global fetch again). */
export function setApiTransport(fetchImpl: typeof fetch | null): void {
  transport = fetchImpl;
}

export const api: ApiClient = createApiClient({
  fetch: (input, init) => (transport ?? globalThis.fetch)(input, init),
  getToken: readPageToken,
  setToken: writePageToken,
});

export function apiGet<T>(url: string, params?: QueryParams): Promise<ApiResponse<T>> {
  return api.get<T>(url, params);
}

export function apiSend<T>(method: SendMethod, url: string, body?: RequestBody): Promise<ApiResponse<T>> {
  return api.send<T>(method, url, body);
}

/** An error carrying the HTTP status, thrown by query functions so TanStack Query sees failures. */
export class ApiError extends Error {
  readonly status: number;
  readonly data: ApiErrorBody;

  constructor(status: number, data: ApiErrorBody) {
    super(data.message || t.errors.generic);
    this.name = 'ApiError';
    this.status = status;
    this.data = data;
  }
}

/** For query functions: the data of a successful answer, or a thrown ApiError. */
export async function unwrap<T>(pending: Promise<ApiResponse<T>>): Promise<T> {
  const result = await pending;
  if (!result.ok) throw new ApiError(result.status, result.data);
  return result.data;
}

/** Field errors of a 422 answer joined for display (multi-value entries joined by commas). */
export function fieldErrors(data: ApiErrorBody): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(data.errors ?? {})) {
    out[field] = Array.isArray(messages) ? messages.join(', ') : String(messages);
  }
  return out;
}
