/** Builds the real app on a fresh migrated database, and a cookie-keeping client that talks to it. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CSRF_HEADER } from '@mend/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import type { Db } from '../../src/db/client';
import { createTestDatabase } from './test-db';

export interface TestApp {
  app: FastifyInstance;
  /** The folder uploads are stored in (inside a throw-away data folder). */
  uploadsDir: string;
  db: Db;
  client(): Promise<TestClient>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Extra routes to register before the app is ready (to exercise shared conventions). */
  extend?: (app: FastifyInstance) => Promise<void> | void;
  /** The clock of the rate limits. */
  now?: () => Date;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  // Uploads of this app go to a throw-away folder.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mend-test-data-'));
  const config = loadConfig({
    MEND_DATA_DIR: dataDir,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    MEND_WEB_DIST: '/nonexistent-mend-web-dist',
    LOGIN_RATE_LIMIT: '1000',
    ...options.env,
  });
  const app = await buildApp({ config, db: database.db, logger: false, now: options.now });
  await options.extend?.(app);
  await app.ready();
  return {
    app,
    uploadsDir: path.join(dataDir, 'uploads'),
    db: database.db,
    client: () => new TestClient(app).start(),
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type Body = Record<string, unknown> | FormData;

export interface SendOptions {
  headers?: Record<string, string>;
  /** Send a JSON body instead of multipart. */
  json?: boolean;
  /** Override the anti-forgery token sent (null: send none). */
  csrf?: string | null;
}

/** A browser stand-in: keeps cookies, sends the CSRF header, and builds multipart bodies like the web client. */
export class TestClient {
  private cookies = new Map<string, string>();
  csrfToken = '';

  constructor(readonly app: FastifyInstance) {}

  async start(): Promise<this> {
    await this.refreshCsrf();
    return this;
  }

  async refreshCsrf(): Promise<string> {
    const response = await this.get('/refresh-csrf');
    this.csrfToken = response.json().token;
    return this.csrfToken;
  }

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  private absorb(response: LightMyRequestResponse): LightMyRequestResponse {
    for (const cookie of response.cookies as Array<{ name: string; value: string; expires?: Date }>) {
      const expired = cookie.expires !== undefined && cookie.expires.getTime() <= Date.now();
      if (expired || cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  async get(url: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    return this.absorb(
      await this.app.inject({ method: 'GET', url, headers: { cookie: this.cookieHeader, ...headers } }),
    );
  }

  async send(
    method: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    body: Body = {},
    options: SendOptions = {},
  ): Promise<LightMyRequestResponse> {
    const csrf = options.csrf === undefined ? this.csrfToken : options.csrf;
    const headers: Record<string, string> = { cookie: this.cookieHeader, ...options.headers };
    if (csrf !== null) headers[CSRF_HEADER] = csrf;
    const payload = options.json ? JSON.stringify(body) : body instanceof FormData ? body : toFormData(body);
    if (options.json) headers['content-type'] = 'application/json';
    return this.absorb(await this.app.inject({ method, url, headers, payload }));
  }

  post(url: string, body?: Body, options?: SendOptions) {
    return this.send('POST', url, body, options);
  }

  async login(email: string, password: string): Promise<LightMyRequestResponse> {
    return this.post('/api/login', { email, password });
  }
}

/** Builds multipart form data the way the web client does: `name[]` arrays and `name[key]` objects. */
export function toFormData(body: Record<string, unknown>): FormData {
  const form = new FormData();
  const append = (name: string, value: unknown) => {
    if (value === undefined || value === null) return;
    if (value instanceof Blob) form.append(name, value, value instanceof File ? value.name : 'blob');
    else if (Array.isArray(value)) for (const item of value) append(`${name}[]`, item);
    else if (typeof value === 'object')
      for (const [key, inner] of Object.entries(value)) append(`${name}[${key}]`, inner);
    else if (typeof value === 'boolean') form.append(name, value ? '1' : '0');
    else form.append(name, String(value));
  };
  for (const [name, value] of Object.entries(body)) append(name, value);
  return form;
}
