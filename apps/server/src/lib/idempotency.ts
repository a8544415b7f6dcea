/**
 * `_nonce` idempotency (DESIGN.md): every form sends a fresh 10-character nonce; the server remembers
 * (scope, nonce) and answers a repeated submission with the first answer instead of acting twice.
 * The scope is the sender and the endpoint (method and path): the same nonce sent to another endpoint
 * acts there instead of replaying an answer that belongs elsewhere.
 * A key is claimed before the handler runs, so two concurrent copies cannot both act: the second waits
 * for the first to finish and gets its answer. Failed answers (4xx/5xx) release the key so the
 * user can fix the form and send again.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { idempotencyKeys } from '../db/schema';
import { duplicateSubmission } from './errors';

/** status_code while the first request is still being handled. */
const PENDING = 0;
const WAIT_STEP_MS = 100;
const WAIT_LIMIT_MS = 10_000;
/** A claim older than this is taken to be from a request that died, and may be claimed again. */
const STALE_CLAIM_MS = 2 * 60 * 1000;
/**
 * Remembered answers are kept this long: enough for any retry, and short-lived because an answer may
 * hold something shown once (a generated password).
 */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/** Forgets remembered answers older than the time-to-live; safe to run from several processes at once. */
export async function pruneIdempotencyKeys(db: FastifyInstance['db'], now = Date.now()): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(now - IDEMPOTENCY_TTL_MS)));
}

interface Claim {
  scope: string;
  nonce: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyClaim: Claim | null;
  }
}

function nonceOf(request: FastifyRequest): string | null {
  const body = request.body as Record<string, unknown> | undefined;
  const nonce = body && typeof body === 'object' ? body._nonce : undefined;
  // Printable ASCII only (forms send 10 letters and digits); anything else is ignored, never stored.
  return typeof nonce === 'string' && /^[\x21-\x7e]{1,100}$/.test(nonce) ? nonce : null;
}

function scopeOf(request: FastifyRequest): string | null {
  const sender = request.user
    ? `user:${request.user.id}`
    : request.session
      ? `session:${request.session.id}`
      : null;
  if (!sender) return null;
  const path = request.url.split('?')[0];
  return `${sender} ${request.method} ${path}`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function registerIdempotency(app: FastifyInstance): void {
  app.decorateRequest('idempotencyClaim', null);

  let pruner: NodeJS.Timeout | null = null;
  const prune = () =>
    pruneIdempotencyKeys(app.db).catch((error: unknown) =>
      app.log.warn({ err: error }, 'pruning idempotency keys failed'),
    );
  app.addHook('onReady', async () => {
    void prune();
    pruner = setInterval(prune, PRUNE_EVERY_MS);
    pruner.unref();
  });
  app.addHook('onClose', async () => {
    if (pruner) clearInterval(pruner);
  });

  app.addHook('preHandler', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD') return;
    if (request.routeOptions.config?.idempotent === false) return;
    const nonce = nonceOf(request);
    const scope = scopeOf(request);
    if (!nonce || !scope) return;
    const db = app.db;
    const key = and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.nonce, nonce));
    const started = Date.now();
    for (;;) {
      const claimed = await db
        .insert(idempotencyKeys)
        .values({ scope, nonce, method: request.method, path: request.url, statusCode: PENDING })
        .onConflictDoNothing()
        .returning({ nonce: idempotencyKeys.nonce });
      if (claimed.length > 0) {
        request.idempotencyClaim = { scope, nonce };
        return;
      }
      const [first] = await db.select().from(idempotencyKeys).where(key).limit(1);
      if (first && first.statusCode !== PENDING) {
        reply.header('idempotent-replay', 'true');
        return reply.code(first.statusCode).send(first.response);
      }
      if (first) {
        // Aged on the database's clock, which wrote `created_at`: a process whose own clock ran minutes ahead
        // (another machine) would take a claim still being handled for a dead one, and act a second time.
        const freed = await db
          .delete(idempotencyKeys)
          .where(
            and(
              key,
              eq(idempotencyKeys.statusCode, PENDING),
              lt(idempotencyKeys.createdAt, sql`now() - make_interval(secs => ${STALE_CLAIM_MS / 1000})`),
            ),
          )
          .returning({ nonce: idempotencyKeys.nonce });
        if (freed.length > 0) continue;
      }
      if (Date.now() - started > WAIT_LIMIT_MS) throw duplicateSubmission();
      await sleep(WAIT_STEP_MS);
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = null;
    const key = and(eq(idempotencyKeys.scope, claim.scope), eq(idempotencyKeys.nonce, claim.nonce));
    if (reply.statusCode >= 400) {
      await app.db.delete(idempotencyKeys).where(key);
      return payload;
    }
    let response: unknown = null;
    if (typeof payload === 'string') {
      try {
        response = JSON.parse(payload);
      } catch {
        response = payload;
      }
    }
    await app.db.update(idempotencyKeys).set({ statusCode: reply.statusCode, response }).where(key);
    return payload;
  });
}
