/**
 * Every API route is declared through `defineRoutes`, which gives the whole API two conventions at once:
 * - `_method` override (SPEC.md section 7): a POST carrying `_method=PATCH|PUT|DELETE` runs the route
 *   declared for that method on the same URL. Real PATCH/PUT/DELETE requests work too.
 * - authentication: routes need a signed-in user unless they say `auth: false`.
 * Fastify chooses a route before the body is read, so each URL with an unsafe method gets one POST
 * route that dispatches on `_method` once the body has been parsed.
 */

import { en } from '@mend/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, unauthenticated } from './errors';

export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type RouteHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

export interface RouteDefinition {
  method: RouteMethod;
  url: string;
  /** Defaults to true: the route answers 401 to a visitor who is not signed in. */
  auth?: boolean;
  /** Skip `_nonce` idempotency (sign-in and sign-out change the session the nonce is scoped to). */
  idempotent?: boolean;
  /**
   * GET only: the handler loads the session itself, in the statement that reads its answer
   * (`loadSessionWith` in lib/session.ts), instead of the onRequest hook in a statement of its own.
   */
  sessionInQuery?: boolean;
  handler: RouteHandler;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    idempotent?: boolean;
    sessionInQuery?: boolean;
  }
}

const OVERRIDABLE = new Set<RouteMethod>(['PUT', 'PATCH', 'DELETE']);

export function overrideMethod(body: unknown): RouteMethod | null {
  if (typeof body !== 'object' || body === null) return null;
  const value = (body as Record<string, unknown>)._method;
  if (typeof value !== 'string') return null;
  const method = value.toUpperCase() as RouteMethod;
  return OVERRIDABLE.has(method) ? method : null;
}

function guarded(definition: RouteDefinition): RouteHandler {
  const needsAuth = definition.auth !== false;
  if (definition.sessionInQuery) {
    if (definition.method !== 'GET') throw new Error(`sessionInQuery is for GET routes: ${definition.url}`);
    // The handler loads the session and checks it first; this check only stops an answer reaching a visitor
    // should a handler forget to.
    return async (request, reply) => {
      const answer = await definition.handler(request, reply);
      if (needsAuth && !request.user) throw unauthenticated();
      return answer;
    };
  }
  return async (request, reply) => {
    if (needsAuth && !request.user) throw unauthenticated();
    return definition.handler(request, reply);
  };
}

/** Registers routes on a Fastify instance (call once per plugin scope with all of that scope's routes). */
export function defineRoutes(app: FastifyInstance, definitions: RouteDefinition[]): void {
  const byUrl = new Map<string, Map<RouteMethod, RouteDefinition>>();
  for (const definition of definitions) {
    const table = byUrl.get(definition.url) ?? new Map<RouteMethod, RouteDefinition>();
    if (table.has(definition.method))
      throw new Error(`Route declared twice: ${definition.method} ${definition.url}`);
    table.set(definition.method, definition);
    byUrl.set(definition.url, table);
  }

  for (const [url, table] of byUrl) {
    for (const definition of table.values()) {
      if (definition.method === 'POST') continue;
      app.route({
        method: definition.method,
        url,
        config: {
          idempotent: definition.idempotent,
          sessionInQuery: definition.sessionInQuery,
        },
        handler: guarded(definition),
      });
    }
    const post = table.get('POST');
    const overridable = [...table.keys()].some((method) => OVERRIDABLE.has(method));
    if (!post && !overridable) continue;
    app.route({
      method: 'POST',
      url,
      config: { idempotent: post?.idempotent },
      handler: async (request, reply) => {
        const method = overrideMethod(request.body) ?? 'POST';
        const target = table.get(method);
        if (!target) throw new AppError(405, en.errors.methodNotAllowed);
        return guarded(target)(request, reply);
      },
    });
  }
}
