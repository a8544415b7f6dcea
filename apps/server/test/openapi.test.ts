/**
 * The API reference (lib/openapi.ts) and the route contracts behind it (lib/routes.ts): the document lists every
 * endpoint of the endpoint list (itself checked against the routes the app registers), each with its summary,
 * its parameters and its answers' schemas; the reference page is served; an answer that breaks its contract is
 * caught in tests.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineRoutes, route } from '../src/lib/routes';
import { createTestApp, type TestApp } from './helpers/app';
import { ENDPOINTS, type Endpoint } from './helpers/endpoints';

let t: TestApp;
let document: {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
};

interface Operation {
  summary?: string;
  tags?: string[];
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
}

/** `/api/units/:id` as OpenAPI writes it: `/api/units/{id}`. */
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');
const isReference = (endpoint: Endpoint) =>
  endpoint.path === '/api/openapi.json' || endpoint.path.startsWith('/api/docs');
const operationOf = (endpoint: Endpoint) =>
  document.paths[openApiPath(endpoint.path)]?.[endpoint.method.toLowerCase()];

beforeAll(async () => {
  t = await createTestApp({
    // A route whose answer breaks its contract, to show the check catches it.
    extend: async (app) => {
      await app.register(
        async (api) =>
          defineRoutes(api, 'Test', [
            route({
              method: 'GET',
              url: '/contract-breaker',
              summary: 'Answers a number where its contract says a string',
              auth: false,
              answers: { 200: z.object({ name: z.string() }) },
              handler: async () => ({ name: 5 }) as unknown as { name: string },
            }),
          ]),
        { prefix: '/test' },
      );
    },
  });
  const response = await t.app.inject('/api/openapi.json');
  expect(response.statusCode).toBe(200);
  document = response.json();
});

afterAll(() => t.close());

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 and lists every endpoint, and nothing else', () => {
    expect(document.openapi).toBe('3.1.0');
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const endpoints = ENDPOINTS.filter((endpoint) => !isReference(endpoint)).map(
      (endpoint) => `${endpoint.method} ${openApiPath(endpoint.path)}`,
    );
    expect(documented.sort()).toEqual(endpoints.sort());
  });

  it.each(
    ENDPOINTS.filter((endpoint) => !isReference(endpoint)).map((endpoint) => ({
      endpoint,
      name: `${endpoint.method} ${endpoint.path}`,
    })),
  )('describes $name: summary, params, success and error answers', ({ endpoint }) => {
    const operation = operationOf(endpoint);
    expect(operation?.summary).toMatch(/\w/);
    expect(operation?.tags).toHaveLength(1);
    const pathParams = (operation?.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
    expect(pathParams.sort()).toEqual(Object.keys(endpoint.params).sort());
    const success = Object.keys(operation?.responses ?? {}).filter((status) => /^[23]/.test(status));
    expect(success).toHaveLength(1);
    if ((endpoint.answers ?? 'json') === 'json') {
      expect(operation?.responses[success[0]].content?.['application/json']?.schema).toBeTruthy();
    }
    // A list's CSV export (issue 27) is documented as the file it is.
    // So is a ticket's work order (issue 27).
    if (endpoint.answers === 'pdf') {
      expect(Object.keys(operation?.responses[success[0]].content ?? {})).toEqual(['application/pdf']);
    }
    if (endpoint.answers === 'csv') {
      expect(Object.keys(operation?.responses[success[0]].content ?? {})).toEqual(['text/csv']);
      expect(operation?.responses[success[0]].content?.['text/csv']?.schema).toMatchObject({
        type: 'string',
      });
    }
    if (endpoint.auth) expect(Object.keys(operation?.responses ?? {})).toContain('401');
    if (Object.keys(endpoint.params).length > 0)
      expect(Object.keys(operation?.responses ?? {})).toContain('404');
    if (endpoint.fields?.length) expect(operation?.requestBody).toBeTruthy();
  });

  it('names the shared shapes once, as components', () => {
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining(['ApiTicket', 'ApiUnit', 'ApiUserRecord', 'ErrorResponse', 'ListMeta']),
    );
    const ticket = operationOf({ method: 'GET', path: '/api/tickets/:id' } as Endpoint);
    expect(ticket?.responses['200'].content?.['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/ApiTicket',
    });
  });
});

describe('the reference page', () => {
  it('is served at /api/docs with its scripts', async () => {
    const page = await t.app.inject('/api/docs/');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map(([, src]) => src);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      const script = await t.app.inject(new URL(src, 'http://x/api/docs/').pathname);
      expect(script.statusCode, src).toBe(200);
    }
  });
});

describe('answers are checked against their contract in tests', () => {
  it('answers 500 naming the route when an answer breaks its contract', async () => {
    const response = await t.app.inject('/test/contract-breaker');
    expect(response.statusCode).toBe(500);
    expect(response.json().message).toMatch(/GET \/contract-breaker answered 200 against its contract/);
  });
});
