/**
 * The API reference: an OpenAPI 3.1 document at /api/openapi.json, built by @fastify/swagger from the routes'
 * contracts (lib/routes.ts; zod → JSON Schema by fastify-type-provider-zod, shared shapes as components), and
 * a page to read it at /api/docs (@fastify/swagger-ui). Only the API is listed: pages and stored files are not.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_TOKEN_PREFIX, CSRF_HEADER, SESSION_COOKIE } from '@mend/shared';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

export const OPENAPI_PATH = '/api/openapi.json';
export const API_DOCS_PATH = '/api/docs';

/** Calls with a personal API token, for the reference's readers to copy. */
const CURL_EXAMPLE = [
  '```sh',
  'curl -H "Authorization: Bearer $MEND_TOKEN" "https://mend.example.com/api/tickets?per_page=50"',
  'curl -X PATCH -H "Authorization: Bearer $MEND_TOKEN" -H "Content-Type: application/json" \\',
  '  -d \'{"status": 2}\' https://mend.example.com/api/tickets/42',
  '```',
].join('\n');

const DESCRIPTION = [
  [
    'The API behind Mend. Every call but sign-in, the account links and the login logo needs the session cookie',
    'that `POST /api/login` sets; every call that changes something also sends the session’s anti-forgery token',
    `in the \`${CSRF_HEADER}\` header.`,
    'Forms are sent as `multipart/form-data` (files) or JSON; a form may send',
    '`_method=PATCH|PUT|DELETE` in a POST. Every error answers `{ code, message }`, a rejected form also',
    '`errors: { field: [messages] }`.',
  ].join(' '),
  [
    '**Personal API tokens.** A script or another system calls the API as a user with one of that user’s API tokens',
    '(made in the profile’s Security tab) in the `Authorization` header instead of the cookie. It needs no',
    'anti-forgery token, and sees and does what that user may. A token that is unknown, revoked or expired answers',
    '401; tokens are listed, made and revoked from a browser session only.',
  ].join(' '),
  CURL_EXAMPLE,
].join('\n\n');

/** Registers the document and its page; call before any route is declared (the document collects them). */
export async function registerApiReference(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Mend API', version: '1', description: DESCRIPTION },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
          apiToken: {
            type: 'http',
            scheme: 'bearer',
            description: `A personal API token (\`${API_TOKEN_PREFIX}…\`) from the profile's Security tab.`,
          },
        },
      },
    },
    transform: (document) => {
      if (!document.url.startsWith('/api/')) return { schema: { hide: true }, url: document.url };
      return jsonSchemaTransform(document);
    },
    transformObject: jsonSchemaTransformObject,
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
  await app.register(swaggerUi, { routePrefix: API_DOCS_PATH });
}
