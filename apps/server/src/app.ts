/** Builds the Fastify app: plugins, conventions (sessions, CSRF, bodies, idempotency, errors) and routes. */

import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/client';
import { DueWorker } from './lib/due-work';
import { registerErrorHandler } from './lib/error-handler';
import { assertBodyDepth, readMultipart, type UploadedFile } from './lib/form-body';
import { registerIdempotency } from './lib/idempotency';
import { openFileStorage } from './lib/open-storage';
import { registerApiReference } from './lib/openapi';
import { OrphanFileSweeper } from './lib/orphan-files';
import { setUpMessaging } from './lib/outbox/setup';
import { RateLimits } from './lib/rate-limits';
import { useContractSchemas } from './lib/routes';
import { securityHeaders } from './lib/security-headers';
import { registerSessions } from './lib/session';
import type { FileStorage } from './lib/storage';
import { accountRoutes } from './modules/accounts/routes';
import { apiTokenRoutes } from './modules/api-tokens/routes';
import { unansweredAssignmentsJob } from './modules/assignments/alerts';
import { assignmentRoutes } from './modules/assignments/routes';
import { authRoutes } from './modules/auth/routes';
import { categoryRoutes } from './modules/categories/routes';
import { setUpInboundMail } from './modules/comments/inbound-mail';
import { commentRoutes } from './modules/comments/routes';
import { contactRoutes } from './modules/contact/routes';
import { ownerRemindersJob } from './modules/costs/reminders';
import { costRoutes } from './modules/costs/routes';
import { forgetKeptDashboards } from './modules/dashboard/kept';
import { dashboardRoutes } from './modules/dashboard/routes';
import { exportRoutes } from './modules/exports/routes';
import { landlordRoutes } from './modules/landlords/routes';
import { LiveHub } from './modules/live/hub';
import { liveRoutes } from './modules/live/routes';
import { notificationRoutes } from './modules/notifications/routes';
import { outboxRoutes } from './modules/outbox/routes';
import { profileRoutes } from './modules/profile/routes';
import { propertyRoutes } from './modules/properties/routes';
import { scheduleOccurrencesJob } from './modules/schedules/occurrences';
import { scheduleRoutes } from './modules/schedules/routes';
import { signoffRoutes } from './modules/signoffs/routes';
import { breachesJob } from './modules/tickets/breaches';
import { ticketRoutes } from './modules/tickets/routes';
import { unitRoutes } from './modules/units/routes';
import { uploadRoutes } from './modules/uploads/routes';
import { userRoutes } from './modules/users/routes';
import { visitRemindersJob } from './modules/visits/reminders';
import { calendarFeedRoute, visitRoutes } from './modules/visits/routes';
import { registerWebApp } from './modules/web/routes';
import { webhookRoutes } from './modules/webhooks/routes';
import { WebhookTransport } from './modules/webhooks/transport';
import { workOrderRoutes } from './modules/work-orders/routes';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    storage: FileStorage;
    /** Deletes stored files no row names (lib/orphan-files.ts); main.ts starts it. */
    orphanFiles: OrphanFileSweeper;
    /** Sign-in, reset and verification limits, counted in the database (lib/rate-limits.ts). */
    rateLimits: RateLimits;
    /** Time-based work (lib/due-work.ts): main.ts starts it when DUE_WORK_WORKER is on; tests run it by hand. */
    dueWork: DueWorker;
  }
  interface FastifyRequest {
    /** Files of a multipart body (empty for JSON bodies). */
    uploads: UploadedFile[];
  }
}

export interface BuildAppOptions {
  config: Config;
  db: Db;
  /** pino options; tests pass `false` to keep output quiet. */
  logger?: boolean | Record<string, unknown>;
  /**
   * Where uploads go; defaults to the configured S3 bucket, else the `uploads` folder inside the data folder
   * (lib/open-storage.ts). A storage passed here stays the caller's: the app does not close it.
   */
  storage?: FileStorage;
  /**
   * The clock of the rate limits, of comments' edit window, of reply addresses' expiry, of assignments and of the
   * due-work worker (tests move it).
   */
  now?: () => Date;
}

export async function buildApp({
  config,
  db,
  logger,
  storage,
  now,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    // Record paths end in a slash (`/api/units/5/`, SPEC.md): every route answers with and without one.
    routerOptions: { ignoreTrailingSlash: true },
    // Requests get an id that is logged with every line and answered in x-request-id.
    requestIdHeader: false,
    genReqId: () => crypto.randomUUID(),
  });
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('storage', storage ?? (await openFileStorage(config)));
  // Like the outbox worker: built here, started by main.ts (tests never start it), stopped on close.
  const orphanFiles = new OrphanFileSweeper(db, app.storage, app.log);
  app.decorate('orphanFiles', orphanFiles);
  app.decorate('rateLimits', new RateLimits(db, config, now));
  app.addHook('onClose', async () => {
    await orphanFiles.stop();
    if (!storage) app.storage.close?.();
  });
  app.decorateRequest('uploads', null as unknown as UploadedFile[]);
  // Links in messages (app URL, signing secret) and the outbox worker; main.ts starts the worker.
  setUpMessaging(app, config, now, (messaging) => ({
    webhook: new WebhookTransport({ db, messaging, allowPrivate: config.webhooksAllowPrivate, now }),
  }));
  // Replies by email, when configured: the inbound SMTP listener; main.ts starts it too.
  setUpInboundMail(app, config, now);
  const dueWork = new DueWorker({
    jobs: [
      unansweredAssignmentsJob(db, app.messaging),
      visitRemindersJob(db, app.messaging),
      breachesJob(db, app.messaging),
      scheduleOccurrencesJob(db, app.messaging),
      ownerRemindersJob(db, app.messaging),
    ],
    pollMs: config.dueWorkPollMs,
    now,
    log: app.log,
    afterWork: () => forgetKeptDashboards(db),
  });
  app.decorate('dueWork', dueWork);
  app.addHook('onClose', () => dueWork.stop());
  const live = new LiveHub({ db, log: app.log });
  app.decorate('live', live);
  // Before the server stops taking connections and waits for those open: a stream would never end by itself.
  app.addHook('preClose', () => live.close());

  // Bodies are multipart (SPEC.md section 7) or JSON; Fastify's plain-text parser would hand a handler a
  // string to read as a form, so any other type of body is refused with 415.
  app.removeContentTypeParser('text/plain');
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: 8 * 1024 * 1024 } });

  const headers = securityHeaders();
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(headers);
    reply.header('x-request-id', request.id);
    request.uploads = [];
  });
  registerSessions(app);
  app.addHook('preValidation', async (request) => {
    if (request.isMultipart()) {
      const { body, files } = await readMultipart(request);
      request.body = body;
      request.uploads = files;
    }
    assertBodyDepth(request.body);
  });
  registerIdempotency(app);
  // A change this process made shows on the kept dashboards at once (modules/dashboard/kept.ts); sent before
  // the answer, so the client's next read comes after it.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400)
      forgetKeptDashboards(db);
    return payload;
  });
  registerErrorHandler(app);
  useContractSchemas(app);
  await registerApiReference(app);

  app.get('/healthz', async () => {
    await db.execute('select 1');
    return { status: 'ok' };
  });

  await app.register(
    async (api) => {
      authRoutes(api);
      userRoutes(api);
      landlordRoutes(api);
      propertyRoutes(api);
      unitRoutes(api);
      categoryRoutes(api);
      ticketRoutes(api, now);
      workOrderRoutes(api, now);
      commentRoutes(api, now);
      assignmentRoutes(api, now);
      visitRoutes(api, now);
      signoffRoutes(api, now);
      accountRoutes(api);
      profileRoutes(api);
      apiTokenRoutes(api);
      notificationRoutes(api);
      liveRoutes(api);
      contactRoutes(api);
      exportRoutes(api, now);
      outboxRoutes(api);
      dashboardRoutes(api, now);
      scheduleRoutes(api, now);
      costRoutes(api, now);
      webhookRoutes(api, { allowPrivate: config.webhooksAllowPrivate });
    },
    { prefix: '/api' },
  );
  uploadRoutes(app);
  calendarFeedRoute(app, now);
  await registerWebApp(app, now);
  return app;
}
