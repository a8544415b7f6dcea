/**
 * Every API route is declared with `route()` and registered by `defineRoutes`: its contract (summary, params,
 * query, body and answers as zod schemas) and its handler. The contract gives three things at once:
 * - the handler's typed input: `params` and `query` parsed by their schemas, and who is signed in, never null;
 * - the OpenAPI document (lib/openapi.ts) that @fastify/swagger builds from the same schemas;
 * - in tests (`checkAnswers`), every answer checked against the schema declared for its status.
 * Order of checks (ADR 0027): who is signed in (401), then the URL's params (404: an unreadable id is a record
 * that does not exist), then the handler, whose service checks the permission (403) before it parses the body
 * with the declared schema (422 with SPEC.md's field errors, uploads merged) — so a body is never judged for
 * someone who may not send it. Queries never fail: their schemas read anything unreadable as "not given".
 *
 * Two conventions of the whole API live here too:
 * - `_method` override (SPEC.md section 7): a POST carrying `_method=PATCH|PUT|DELETE` runs the route
 *   declared for that method on the same URL. Real PATCH/PUT/DELETE requests work too. Fastify chooses a
 *   route before the body is read, so each URL with an unsafe method gets one POST route that dispatches on
 *   `_method` once the body has been parsed.
 * - authentication: routes need a signed-in user unless they say `auth: false`.
 */

import { en } from '@mend/shared';
import { errorResponseSchema } from '@mend/shared/responses/common';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { z } from 'zod';
import type { UserRow } from '../db/schema';
import type { Actor } from './actor';
import { AppError, notFound, unauthenticated } from './errors';
import { confirmKeptSession, loadSession } from './session';

export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A route's answers by status code. */
export type Answers = Partial<Record<number, z.ZodType>>;

/** No params or no query declared: an empty object. */
const nothing = z.object({});
type Nothing = typeof nothing;

/** What a handler is given beside the request and reply: the parsed params and query. */
export interface RouteInput<P extends z.ZodType, Q extends z.ZodType> {
  params: z.output<P>;
  query: z.output<Q>;
}

/** Who a signed-in route answers: the user, and the actor the rules and scopes see. */
export interface SignedIn {
  user: UserRow;
  actor: Actor;
}

/** A handler answers one of its declared answers, or the reply it has sent itself (a file, a redirect). */
type Answer<A extends Answers> = { [S in keyof A]: z.input<NonNullable<A[S]>> }[keyof A] | FastifyReply;

interface Contract<P extends z.ZodType, Q extends z.ZodType, A extends Answers> {
  method: RouteMethod;
  url: string;
  /** One line for the API reference. */
  summary: string;
  params?: P;
  query?: Q;
  /** The body the service parses (after its permission check); sent as multipart or JSON. */
  body?: z.ZodType;
  /** Successful answers by status; the usual error answers are added for every route (see `errorAnswers`). */
  answers: A;
  /** Error answers this route gives beyond the usual ones (a 429 of a rate limit, a 403 with more fields). */
  errors?: Answers;
  /** Skip `_nonce` idempotency (sign-in and sign-out change the session the nonce is scoped to). */
  idempotent?: boolean;
}

/** A route for signed-in users (the default): 401 for a visitor before its handler runs. */
interface SignedInRoute<P extends z.ZodType, Q extends z.ZodType, A extends Answers>
  extends Contract<P, Q, A> {
  auth?: true;
  sessionInQuery?: false;
  /**
   * A GET that may start from the session this process kept, proved by the statement of its answer (ADR 0045,
   * lib/session-reuse.ts): its handler only reads, and answers by returning its answer (never by sending it itself).
   */
  reusesSession?: boolean;
  handler: (
    request: FastifyRequest,
    reply: FastifyReply,
    input: RouteInput<P, Q> & SignedIn,
  ) => Promise<Answer<A>>;
}

/** A route anyone may call. */
interface OpenRoute<P extends z.ZodType, Q extends z.ZodType, A extends Answers> extends Contract<P, Q, A> {
  auth: false;
  sessionInQuery?: false;
  handler: (request: FastifyRequest, reply: FastifyReply, input: RouteInput<P, Q>) => Promise<Answer<A>>;
}

/**
 * A GET whose handler loads the session itself, in the statement that reads its answer (`loadSessionWith` in
 * lib/session.ts), instead of the onRequest hook in a statement of its own; it checks `request.actor` first.
 * One round trip instead of two, for the hottest reads (ADR 0012, 0013, 0028).
 */
interface SessionInQueryRoute<P extends z.ZodType, Q extends z.ZodType, A extends Answers>
  extends Contract<P, Q, A> {
  method: 'GET';
  auth?: true;
  sessionInQuery: true;
  handler: (request: FastifyRequest, reply: FastifyReply, input: RouteInput<P, Q>) => Promise<Answer<A>>;
}

type AnyHandler = (request: FastifyRequest, reply: FastifyReply, input: never) => Promise<unknown>;

/** A declared route, its types erased: what `defineRoutes` takes. */
export interface RouteDefinition extends Contract<z.ZodType, z.ZodType, Answers> {
  auth?: boolean;
  sessionInQuery?: boolean;
  reusesSession?: boolean;
  handler: AnyHandler;
}

/** Declares a route: its contract types its handler's input and answers. */
export function route<
  P extends z.ZodType = Nothing,
  Q extends z.ZodType = Nothing,
  A extends Answers = Answers,
>(definition: SignedInRoute<P, Q, A> | OpenRoute<P, Q, A> | SessionInQueryRoute<P, Q, A>): RouteDefinition {
  return definition as unknown as RouteDefinition;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    idempotent?: boolean;
    sessionInQuery?: boolean;
    reusesSession?: boolean;
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

/** An answer that breaks its route's contract (only looked for when `config.checkAnswers` is on: tests). */
export class AnswerContractError extends Error {
  constructor(definition: RouteDefinition, status: number, issues: z.core.$ZodIssue[]) {
    super(
      `${definition.method} ${definition.url} answered ${status} against its contract: ${JSON.stringify(issues)}`,
    );
  }
}

function checkAnswer(definition: RouteDefinition, reply: FastifyReply, answer: unknown): void {
  if (reply.sent) return;
  const status = reply.statusCode;
  const schema = definition.answers[status];
  if (!schema) throw new AnswerContractError(definition, status, []);
  // Through JSON first: the answer is checked as the client receives it (dates as strings, no undefined).
  const parsed = schema.safeParse(JSON.parse(JSON.stringify(answer) ?? 'null'));
  if (!parsed.success) throw new AnswerContractError(definition, status, parsed.error.issues);
}

/** The params of a request, or a record that does not exist. */
function paramsOf(definition: RouteDefinition, request: FastifyRequest): unknown {
  if (!definition.params) return {};
  const parsed = definition.params.safeParse(request.params);
  if (!parsed.success) throw notFound();
  return parsed.data;
}

function queryOf(definition: RouteDefinition, request: FastifyRequest): unknown {
  return definition.query ? definition.query.parse(request.query ?? {}) : {};
}

type Guarded = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/**
 * The answer of a `reusesSession` route, or its refusal, once its session is proved (lib/session-reuse.ts): when no
 * statement proved the kept session, it is read the usual way, and the request is answered again if the viewer is
 * no longer the one it started with. Nothing read for a viewer the database no longer has leaves.
 */
async function provedAnswer(request: FastifyRequest, answer: () => Promise<unknown>): Promise<unknown> {
  let answered: unknown;
  try {
    answered = await answer();
  } catch (error) {
    if (await confirmKeptSession(request)) throw error;
    return answer();
  }
  return (await confirmKeptSession(request)) ? answered : answer();
}

function guarded(definition: RouteDefinition, checkAnswers: boolean): Guarded {
  const handler = definition.handler as (
    request: FastifyRequest,
    reply: FastifyReply,
    input: unknown,
  ) => Promise<unknown>;
  const run = async (request: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
    if (definition.sessionInQuery) {
      let params: unknown;
      try {
        params = paramsOf(definition, request);
      } catch (error) {
        // A visitor learns nothing about the URL: their 401 comes first, read the usual way.
        await loadSession(request);
        throw request.user ? error : unauthenticated();
      }
      const answer = await handler(request, reply, { params, query: queryOf(definition, request) });
      // The handler loads the session and checks it first; this check only stops an answer reaching a
      // visitor should a handler forget to.
      if (!request.user) throw unauthenticated();
      return answer;
    }
    if (definition.auth === false) {
      return handler(request, reply, {
        params: paramsOf(definition, request),
        query: queryOf(definition, request),
      });
    }
    if (definition.reusesSession) return provedAnswer(request, () => signedIn(request, reply));
    return signedIn(request, reply);
  };
  const signedIn = (request: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
    const { user, actor } = request;
    if (!user || !actor) throw unauthenticated();
    const params = paramsOf(definition, request);
    return handler(request, reply, { user, actor, params, query: queryOf(definition, request) });
  };
  if (!checkAnswers) return run;
  return async (request, reply) => {
    const answer = await run(request, reply);
    checkAnswer(definition, reply, answer);
    return answer;
  };
}

/** The error answers a route may give, for the reference: each is `{ code, message }` (+ `errors`). */
function errorAnswers(definition: RouteDefinition): Answers {
  const errors: Answers = {};
  if (definition.auth !== false) errors[401] = errorResponseSchema;
  if (definition.auth !== false) errors[403] = errorResponseSchema;
  if (definition.params) errors[404] = errorResponseSchema;
  if (definition.method !== 'GET') errors[419] = errorResponseSchema;
  if (definition.body) errors[422] = errorResponseSchema;
  return { ...errors, ...definition.errors };
}

/** Fastify's schema of a route: the zod schemas @fastify/swagger turns into the OpenAPI document. */
function schemaOf(definition: RouteDefinition, tag: string): FastifySchema {
  return {
    summary: definition.summary,
    tags: [tag],
    ...(definition.params && { params: definition.params }),
    ...(definition.query && { querystring: definition.query }),
    ...(definition.body && { body: definition.body, consumes: ['multipart/form-data', 'application/json'] }),
    response: { ...definition.answers, ...errorAnswers(definition) },
    // Either credential: the session cookie, or a personal API token (lib/session.ts).
    ...(definition.auth !== false && { security: [{ session: [] }, { apiToken: [] }] }),
  } as FastifySchema;
}

/**
 * Registers a feature's routes on a Fastify instance (call once per plugin scope with all of that scope's
 * routes); `tag` groups them in the API reference.
 */
export function defineRoutes(app: FastifyInstance, tag: string, definitions: RouteDefinition[]): void {
  const checkAnswers = app.config.checkAnswers === true;
  const byUrl = new Map<string, Map<RouteMethod, RouteDefinition>>();
  for (const definition of definitions) {
    const table = byUrl.get(definition.url) ?? new Map<RouteMethod, RouteDefinition>();
    if (table.has(definition.method))
      throw new Error(`Route declared twice: ${definition.method} ${definition.url}`);
    if (definition.reusesSession && definition.method !== 'GET')
      throw new Error(`Only a GET reuses a kept session: ${definition.method} ${definition.url}`);
    table.set(definition.method, definition);
    byUrl.set(definition.url, table);
  }

  for (const [url, table] of byUrl) {
    for (const definition of table.values()) {
      if (definition.method === 'POST') continue;
      app.route({
        method: definition.method,
        url,
        schema: schemaOf(definition, tag),
        config: {
          idempotent: definition.idempotent,
          sessionInQuery: definition.sessionInQuery,
          reusesSession: definition.reusesSession,
        },
        handler: guarded(definition, checkAnswers),
      });
    }
    const post = table.get('POST');
    const overridable = [...table.keys()].some((method) => OVERRIDABLE.has(method));
    if (!post && !overridable) continue;
    const targets = new Map(
      [...table].map(([method, definition]) => [method, guarded(definition, checkAnswers)] as const),
    );
    app.route({
      method: 'POST',
      url,
      // The reference lists the POST declared here; `_method` is a form's way to send the others.
      schema: post ? schemaOf(post, tag) : { hide: true },
      config: { idempotent: post?.idempotent },
      handler: async (request, reply) => {
        const method = overrideMethod(request.body) ?? 'POST';
        const target = targets.get(method);
        if (!target) throw new AppError(405, en.errors.methodNotAllowed);
        return target(request, reply);
      },
    });
  }
}

/**
 * Schemas on routes are contracts read by the handlers (above) and the reference, never run by Fastify: it
 * would judge a body before the permission and answer its own error shape. Answers are sent as JSON as is.
 */
export function useContractSchemas(app: FastifyInstance): void {
  app.setValidatorCompiler(() => (value) => ({ value }));
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
}
