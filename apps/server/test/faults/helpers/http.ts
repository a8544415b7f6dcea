/** A browser stand-in over real HTTP: keeps the session cookie and sends the CSRF header, on any base URL. */
import { CSRF_HEADER, SESSION_COOKIE } from '@mend/shared';

export interface HttpAnswer {
  status: number;
  body: unknown;
  text: string;
  headers: Headers;
  /** Milliseconds from sending to the whole answer. */
  ms: number;
}

export class HttpClient {
  session = '';
  csrfToken = '';
  /** Sent as X-Forwarded-For: the client's address, to a server started with TRUST_PROXY on. */
  forwardedFor = '';

  /** `baseUrl` may be changed to talk to another process with the same session. */
  constructor(public baseUrl: string) {}

  async refreshCsrf(): Promise<string> {
    const answer = await this.request('GET', '/refresh-csrf');
    if (answer.status !== 200) throw new Error(`GET /refresh-csrf answered ${answer.status}: ${answer.text}`);
    this.csrfToken = (answer.body as { token: string }).token;
    return this.csrfToken;
  }

  async login(email: string, password: string): Promise<void> {
    await this.refreshCsrf();
    const answer = await this.request('POST', '/api/login', { email, password });
    if (answer.status !== 200) throw new Error(`login answered ${answer.status}: ${answer.text}`);
    await this.refreshCsrf();
  }

  get(url: string, timeoutMs?: number) {
    return this.request('GET', url, undefined, timeoutMs);
  }

  post(url: string, body: Record<string, unknown> | FormData, timeoutMs?: number) {
    return this.request('POST', url, body, timeoutMs);
  }

  async request(
    method: string,
    url: string,
    body?: Record<string, unknown> | FormData,
    timeoutMs = 30_000,
  ): Promise<HttpAnswer> {
    const headers: Record<string, string> = {};
    if (this.session) headers.cookie = `${SESSION_COOKIE}=${this.session}`;
    if (method !== 'GET' && this.csrfToken) headers[CSRF_HEADER] = this.csrfToken;
    if (this.forwardedFor) headers['x-forwarded-for'] = this.forwardedFor;
    let payload: string | FormData | undefined;
    if (body instanceof FormData) payload = body;
    else if (body) {
      payload = JSON.stringify(body);
      headers['content-type'] = 'application/json';
    }
    const t0 = Date.now();
    const response = await fetch(`${this.baseUrl}${url}`, {
      method,
      headers,
      body: payload,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, value] = pair.split('=');
      if (name.trim() !== SESSION_COOKIE) continue;
      const expired = /expires=Thu, 01 Jan 1970/i.test(cookie) || /max-age=0/i.test(cookie);
      this.session = expired ? '' : value;
    }
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
    return { status: response.status, body: parsed, text, headers: response.headers, ms: Date.now() - t0 };
  }
}
