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
import type { UserRow } from '../db/schema';
import type { Actor } from './actor';
import { AppError, unauthenticated } from './errors';

export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** A route anyone may call (`auth: false`), or one that loads its own session (`sessionInQuery`). */
export type RouteHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** Who a signed-in route answers: the user, and the actor the rules and scopes see. */
export interface SignedIn {
  user: UserRow;
  actor: Actor;
}

/** A route for signed-in users (the default): it is given who is signed in, never null. */
export type SignedInHandler = (
  request: FastifyRequest,
  reply: FastifyReply,
  signedIn: SignedIn,
) => Promise<unknown>;

interface RouteBase {
  url: string;
  /** Skip `_nonce` idempotency (sign-in and sign-out change the session the nonce is scoped to). */
  idempotent?: boolean;
}

/** A route for signed-in users: 401 for a visitor before its handler runs. */
interface SignedInRoute extends RouteBase {
  method: RouteMethod;
  auth?: true;
  sessionInQuery?: false;
  handler: SignedInHandler;
}

/** A route anyone may call. */
interface OpenRoute extends RouteBase {
  method: RouteMethod;
  auth: false;
  sessionInQuery?: false;
  handler: RouteHandler;
}

/**
 * A GET whose handler loads the session itself, in the statement that reads its answer (`loadSessionWith` in
 * lib/session.ts), instead of the onRequest hook in a statement of its own; it checks `request.actor` first.
 */
interface SessionInQueryRoute extends RouteBase {
  method: 'GET';
  auth?: true;
  sessionInQuery: true;
  handler: RouteHandler;
}

export type RouteDefinition = SignedInRoute | OpenRoute | SessionInQueryRoute;

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
  if (definition.sessionInQuery) {
    const { handler } = definition;
    // The handler loads the session and checks it first; this check only stops an answer reaching a visitor
    // should a handler forget to.
    return async (request, reply) => {
      const answer = await handler(request, reply);
      if (!request.user) throw unauthenticated();
      return answer;
    };
  }
  if (definition.auth === false) return definition.handler;
  const { handler } = definition;
  return async (request, reply) => {
    const { user, actor } = request;
    if (!user || !actor) throw unauthenticated();
    return handler(request, reply, { user, actor });
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
